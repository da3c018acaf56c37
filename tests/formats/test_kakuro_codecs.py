"""Kakuro's puzz.link codec: every corpus puzzle writes a URL that reads back as itself;
pzprjs' own test puzzle (its URL and its pzprv3 file form, from robx/pzprjs
test/script/kakuro.js) reads as one puzzle and writes back to pzprjs' URL; what pzprjs
cannot hold is a clear error."""

from __future__ import annotations

import pytest
from conftest import corpus_pairs

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.puzzles import kakuro as K

PZPRJS_URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
PZPRJS_FILE = ("pzprv3/kakuro/5/5/0 0 12 4 0 0 /0 8,4 . . 0,10 0,0 /10 . . . . 0,10 /"
               "3 . . 3,17 . . /0 21,0 . . . . /0 0,0 12,0 . . 0,0 /. 5 3 . . /3 4 1 2 . /"
               "1 2 . 1 2 /. 1 9 3 8 /. . 8 4 . /")


def test_every_corpus_puzzle_round_trips_through_its_url():
    pairs = corpus_pairs("kakuro/janko")
    assert len(pairs) >= 800
    for txt, _ in pairs:
        puzzle = K.parse_puzzle(txt.read_text(), txt.stem)
        url = to_url(puzzle)
        assert parse_url(url) == puzzle, txt
        width, height = url.split("?")[1].split("/")[1:3]
        assert (int(width), int(height)) == (puzzle.width - 1, puzzle.height - 1)


def test_pzprjs_test_puzzle_reads_the_same_from_url_and_file_and_writes_back():
    puzzle = parse_url(PZPRJS_URL)
    assert parse_url(PZPRJS_FILE) == puzzle
    assert to_url(puzzle) == PZPRJS_URL
    assert K.format_puzzle(puzzle).splitlines()[1:4] == [
        "# # 12\\ 4\\ # #", "# 4\\8 . . 10\\ #", "\\10 . . . . 10\\"]


def test_a_white_cell_on_the_edge_has_no_url():
    puzzle = K.parse_puzzle("kakuro 3 2\n# 3\\ 4\\\n\\7 . .\n")
    assert to_url(puzzle) == "https://puzz.link/p?kakuro/2/1/l347"
    edge = K.parse_puzzle("kakuro 3 2\n. 3\\ 4\\\n\\7 . .\n")
    with pytest.raises(InputError, match="top row or left column"):
        to_url(edge)


@pytest.mark.parametrize(("url", "message"), [
    ("kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a", "truncated edge sums"),
    ("kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3a", "extra data"),
    ("kakuro/5/5/4!la0.na0lh3l0Bn.0cl.c4a3", "bad character '!'"),
    ("kakuro/x/5/5/48la0.na0lh3l0Bn.0cl.c4a3", "flag"),
    ("kakuro/2/1/4", "truncated board"),
])
def test_bad_urls_are_positioned_errors(url, message):
    with pytest.raises(InputError, match=message) as err:
        parse_url(url)
    assert err.value.column is not None or "flag" in message
