"""Every URL form pzprjs reads gives the same puzzle as the plain form; a flag or variant
pencilsat does not support is an error naming it, never dropped."""

from __future__ import annotations

import pytest
from conftest import CORPUS, pzprjs_example

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import looks_like_url, parse_url, to_url

# pzprjs's own Masyu example, read from the corpus: its URL body and its grid
BODY = pzprjs_example("masyu").split("/", 1)[1]  # "6/6/..." after the type name
PLAIN = f"https://puzz.link/p?mashu/{BODY}"
GRID = (CORPUS / "masyu" / "pzprjs" / "mashu_example.txt").read_text().split()[3:]
ROWS = [" ".join({"W": "1", "B": "2"}.get(ch, ".") for ch in row) for row in GRID]
FILE = "https://puzz.link/p?pzprv3/mashu/6/6/" + "/".join(
    row.replace(" ", "%20") + "%20" for row in ROWS) + "/"


@pytest.mark.parametrize("url", [
    f"https://puzz.link/p?type=editor&mashu/{BODY}",
    f"https://puzz.link/p?type=player&mashu/{BODY}",
    f"https://puzz.link/p?mashu_edit/{BODY}",
    f"https://puzz.link/p?mashu_play/{BODY}",
    f"https://puzz.link/p?v:/mashu/{BODY}",
    f"http://pzv.jp/p.html?mashu/v:/{BODY}",
    f"https://puzz.link/p?mashu/{BODY}&x=1",
    f"https://puzz.link/p?type=editor&mashu/{BODY}&lang=en&x=1",
    f"https://puzz.link/p?mashu/{BODY}&x",  # a key without '=': an empty value
    f"https://puzz.link/p?mashu/{BODY}&x=",
    f"https://puzz.link/p?mashu/{BODY}&x&lang=en&y",
    f"https://puzz.link/p?mashu/{BODY}/&x#top",
    FILE + "&x",
    FILE,
    FILE + ".%20.%20.%20/",  # answer lines after the cells are not read
])
def test_every_form_reads_as_the_plain_url(url):
    assert parse_url(url) == parse_url(PLAIN)


def test_the_file_form_of_a_loop_full_masyu_keeps_the_flag():
    puzzle = parse_url(FILE.replace("6/6/", "6/6/f/", 1))
    assert puzzle.loop_full
    assert to_url(puzzle) == PLAIN.replace("mashu/", "mashu/f/")


def test_light_up_and_sudoku_file_forms():
    light = parse_url("https://puzz.link/p?pzprv3/lightup/2/3/-%201%20./.%20%23%20+/")
    assert light.cells.tolist() == [[-2, 1, -1], [-1, -1, -1]]  # wall, clue 1, whites
    assert parse_url(to_url(light)) == light
    line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    rows = [" ".join(line[r * 9:(r + 1) * 9]) for r in range(9)]
    sudoku = parse_url("https://puzz.link/p?pzprv3/sudoku/9/" + "/".join(rows) + "/")
    assert "".join(str(int(v)) if v else "." for v in sudoku.clues.ravel()) == line


def test_the_masyu_flag_f_is_loop_full_both_ways():
    puzzle = parse_url(PLAIN.replace("mashu/", "mashu/f/"))
    assert puzzle.loop_full and not parse_url(PLAIN).loop_full
    assert to_url(puzzle) == PLAIN.replace("mashu/", "mashu/f/")


@pytest.mark.parametrize(("url", "message"), [
    (PLAIN.replace("mashu/", "mashu/x/"), "unknown mashu flag 'x'"),
    ("https://puzz.link/p?akari/f/3/3/i", "unknown akari flag 'f'"),
    (PLAIN.replace("mashu/", "v:ura/mashu/"), "the variant 'ura' is not supported"),
    (PLAIN.replace("mashu/", "mashu/v:ura/"), "the variant 'ura' is not supported"),
    ("https://puzz.link/p?pzprv3/mashu/6/6/./", "has 1 of 36 cells"),
    ("https://puzz.link/p?v:", "names a variant but no puzzle type"),
    ("v:", "names a variant but no puzzle type"),
    ("https://puzz.link/p?pzprv3/mashu/6/6/" + "/".join(["3 " * 6] * 6), "bad Masyu cell '3'"),
])
def test_an_unsupported_flag_or_variant_is_named(url, message):
    with pytest.raises(InputError, match=message):
        parse_url(url)


@pytest.mark.parametrize("alias, plain", [
    # made-up boards; pzprjs's variety.js names these types by their Kanpen names too
    # (``kanpen``/``kanpen2``) and its toPID reads them in any URL, not only Kanpen's
    ("numberlink/3/3/1h1g2h2", "numlin/3/3/1h1g2h2"),
    ("hakyukoka/3/2/c81i2g", "ripple/3/2/c81i2g"),
    ("fillomino01/3/2/1g3i", "fillomino/3/2/1g3i"),
])
def test_a_kanpen_type_name_in_a_puzzlink_url_reads_as_pzprjs_type(alias, plain):
    for host in ("https://puzz.link/p?", "http://pzv.jp/p.html?", ""):
        assert parse_url(host + alias) == parse_url(host + plain)
    assert to_url(parse_url(alias)) == f"https://puzz.link/p?{plain}"
    assert looks_like_url(alias)  # a bare query, as the CLI's input detection sees it
