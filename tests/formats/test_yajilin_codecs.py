"""Yajilin in puzz.link URLs and SVG: pzprjs' own example and its accepted answer, round
trips over the corpus, the shared arrow-number codec, variants and flags refused by name,
drawings with arrows, shading, loop and differences."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_puzzle
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.puzzlink.arrow_numbers import (
    PLUS,
    UNKNOWN_NUMBER,
    decode_arrow_number16,
    encode_arrow_number16,
)
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import yajilin as Y
from pencilsat.strategies.front import solve

# pzprjs' own example (test/script/yajilin.js): a 2< at row 3, column 4 and a 0^ in the
# corner; its accepted answer shades (2, 0), (2, 2) and (4, 3).
PZPRJS_URL = "https://puzz.link/p?yajilin/5/5/m32j10"
PZPRJS_TEXT = "yajilin 5 5\n. . . . .\n. . . . .\n. . . 2< .\n. . . . .\n. . . . 0^\n"
PZPRJS_SHADED = {(2, 0), (2, 2), (4, 3)}


def test_pzprjs_example_reads_to_its_grid_writes_back_and_solves_to_its_answer():
    puzzle = parse_url(PZPRJS_URL)
    assert puzzle == Y.parse_puzzle(PZPRJS_TEXT)
    assert to_url(puzzle) == PZPRJS_URL
    result = solve(puzzle)
    assert result.verdict == "unique" and result.solution.shaded == PZPRJS_SHADED


def test_every_corpus_puzzle_round_trips_through_a_url():
    paths = sorted((CORPUS / "yajilin" / "janko").glob("*.txt"))
    assert len(paths) > 500
    for path in paths[::3]:
        puzzle = Y.parse_puzzle(path.read_text())
        url = to_url(puzzle)
        assert url.startswith(f"https://puzz.link/p?yajilin/{puzzle.width}/{puzzle.height}/")
        assert parse_url(url) == puzzle


def test_given_black_cells_and_the_other_type_name_and_the_display_flag_are_read():
    puzzle = parse_url("yajirin/b/3/1/a0.a")
    assert puzzle.numbers.tolist() == [[Y.EMPTY, Y.BLOCK, Y.EMPTY]]
    assert to_url(puzzle) == "https://puzz.link/p?yajilin/3/1/a0.a"


@pytest.mark.parametrize("cells", [
    [None, (1, 0), (2, 15), None, None],
    [(3, 16), (4, 255), (1, 256), (2, 4095), None],
    [(0, UNKNOWN_NUMBER), (0, PLUS), (4, UNKNOWN_NUMBER), None, (0, 7)],
    [None] * 30 + [(1, 1)],
])
def test_the_arrow_number_codec_round_trips(cells):
    body = encode_arrow_number16(cells)
    assert decode_arrow_number16(body, len(cells), 1, "test") == cells


def test_the_arrow_number_codec_writes_pzprjs_tokens():
    assert encode_arrow_number16([(1, 16), (2, 300), None, None, (0, UNKNOWN_NUMBER)]) == \
        "610-212cb0."
    assert encode_arrow_number16([None] * 27) == "za"


@pytest.mark.parametrize(("url", "column", "words"), [
    ("yajilin/o/5/5/m32j10", 9, "yajilin_out"),
    ("yajilin/x/5/5/m32j10", 9, "unknown yajilin flag"),
    ("yajilin/5/5/m3", 14, "hex digit"),
    ("yajilin/5/5/m32j10a", 19, "extra data"),
    ("yajilin/5/5/m32j", 17, "truncated"),
    ("yajilin/5/5/m32z", 16, "past the end"),
    ("yajilin/5/5/m02j10", 14, "without an arrow"),
    ("yajilin/5/5/m+j10", 14, "a '[+]' cell"),
    ("yajilin/5/5/m32j!", 17, "bad character"),
])
def test_bad_urls_are_refused_with_their_column(url, column, words):
    with pytest.raises(InputError, match=words) as caught:
        parse_url(url)
    assert caught.value.column == column


def test_a_count_too_large_for_a_url_is_refused():
    puzzle = Y.parse_puzzle("yajilin 2 1\n4096> .\n")
    with pytest.raises(InputError, match="too large"):
        to_url(puzzle)


def test_the_svg_draws_arrows_shading_loop_and_differences():
    puzzle = Y.parse_puzzle("yajilin 3 3\n. . .\n. . .\n. . #\n")
    result = solve(Y.parse_puzzle("yajilin 3 3\n. . .\n. . .\n. . .\n"))
    svg = draw_svg(parse_url(PZPRJS_URL), solve(parse_url(PZPRJS_URL)).solution)
    root = ET.fromstring(svg)
    classes = [el.get("class") for el in root.iter()]
    assert classes.count("shaded") == 3 and classes.count("loop") == 1
    assert sorted(el.get("data-direction") for el in root.iter()
                  if el.get("class") == "arrow") == ["left", "up"]
    assert classes.count("clue") == 2
    many = ET.fromstring(draw_svg(result.puzzle, result.solution, result.second_solution,
                                  result.differences))
    assert [el.get("class") for el in many.iter()].count("difference") >= 2 * len(
        result.differences)
    given = ET.fromstring(draw_svg(puzzle))
    assert [el.get("class") for el in given.iter()].count("given") == 1


# ------------------------------------------------------------------ pzprjs' file form

MADE_UP_FILE = "pzprv3\nyajilin\n3\n4\n2,1 . . 0,- \n4,0 . . . \n. 3,- . 1,2 \n# . + . \n"
"""Made up (``direction,count`` per clue; then the answer, not read); pzprjs opens it as
``yajilin/4/3/21b0.40d3.a12`` (checked with node)."""


def test_pzprjs_file_form_reads_the_puzzle_of_its_url():
    puzzle = read_puzzle(MADE_UP_FILE)
    assert puzzle == parse_url("https://puzz.link/p?yajilin/4/3/21b0.40d3.a12")
    assert puzzle.numbers[0, 3] == Y.BLOCK and puzzle.arrows[2, 1] == Y.LEFT


@pytest.mark.parametrize("url, words", [
    ("pzprv3/yajilin/1/2/o/. . /", "yajilin_out"),
    ("pzprv3/yajilin/1/2/%23 . /", "which Yajilin does not have"),
    ("pzprv3/yajilin/1/2/0,3 . /", "without an arrow"),
    ("pzprv3/yajilin/1/2/5,1 . /", "bad Yajilin cell '5,1'"),
])
def test_what_the_file_form_cannot_hold_is_refused_by_name(url, words):
    with pytest.raises(InputError, match=words):
        parse_url(url)
