"""Fillomino's codecs: puzz.link (pzprjs' own example, the URL forms, round trips of every
corpus puzzle, refused variants, cut bodies), Tatham's Filling IDs (every corpus Tatham
puzzle written and read back, errors), and the SVG drawing."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from conftest import corpus_pairs

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import fillomino as F

# pzprjs' example (test/script/fillomino.js) and the grid its file form gives.
PZPRJS_URL = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"
PZPRJS_GRID = ("fillomino 6 6\n. . 4 . . .\n. 5 3 . 2 .\n. . . . 5 2\n3 3 . . . .\n"
               ". 2 . 1 4 .\n. . . 3 . .\n")
JANKO = corpus_pairs("fillomino/janko")
TATHAM = corpus_pairs("fillomino/tatham")


def test_the_pzprjs_example_reads_as_its_file_form_says():
    puzzle = parse_url(PZPRJS_URL)
    assert puzzle == F.parse_puzzle(PZPRJS_GRID)
    assert to_url(puzzle) == PZPRJS_URL


@pytest.mark.parametrize("form", [
    "fillomino/6/6/h4j53g2k5233k2g14j3h",
    "https://puzz.link/p?v:/fillomino/6/6/h4j53g2k5233k2g14j3h",
    "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h000000000000",
])
def test_every_url_form_reads_the_same_puzzle(form):
    assert parse_url(form) == F.parse_puzzle(PZPRJS_GRID)


def test_every_corpus_puzzle_round_trips_through_its_url():
    for txt, _ in JANKO + TATHAM:
        puzzle = F.parse_puzzle(txt.read_text())
        assert parse_url(to_url(puzzle)) == puzzle, txt


PZPRJS_FILE = ("pzprv3/fillomino/6/6/. . 4 . . . /. 5 3 . 2 . /. . . . 5 2 /3 3 . . . . /"
               ". 2 . 1 4 . /. . . 3 . . /. . . . . . /. . . . . . /. . . . . . /. . . . 5 . /"
               ". . . . . . /. . . . . . /0 0 0 0 0 /0 0 0 0 0 /0 0 0 1 1 /0 0 0 1 1 /"
               "0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 1 0 /0 0 0 0 0 0 /0 0 0 0 1 0 /"
               "0 0 0 0 0 0 /")
"""pzprjs' first failing check of its example (an answer in progress, not read)."""
TRI_FILE = ("pzprv3/fillomino/3/3/t/1 2 . /. 2 . /. . . /. . . /. . . /. . . /0 0 /0 0 /0 0 /"
            "0 0 0 /0 0 0 /")
"""pzprjs' example of the flag 't' (its check "bkSizeGt3")."""


def test_the_file_form_and_the_flag_t_read_and_write_back():
    assert parse_url(PZPRJS_FILE) == F.parse_puzzle(PZPRJS_GRID)
    tri = parse_url(TRI_FILE)
    assert tri.largest == 3
    assert F.format_puzzle(tri) == "fillomino 3 3 3\n1 2 .\n. 2 .\n. . .\n"
    assert to_url(tri) == "https://puzz.link/p?fillomino/t/3/3/12h2j"
    assert parse_url(to_url(tri)) == tri
    assert parse_url("fillomino/3/3/12h2j") == F.FillominoPuzzle(tri.numbers) != tri
    with pytest.raises(InputError, match="no largest block 4"):
        to_url(F.FillominoPuzzle(tri.numbers, largest=4))
    with pytest.raises(InputError, match="Filling has no largest block"):
        to_game_id(tri)


def test_a_question_mark_round_trips():
    puzzle = F.parse_puzzle("fillomino 2 2\n? .\n. 3\n")
    assert to_url(puzzle).endswith("/2/2/.h3")
    assert parse_url(to_url(puzzle)) == puzzle


@pytest.mark.parametrize(("url", "words"), [
    ("https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3", "truncated"),
    ("https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h00000000000", "truncated"),
    ("https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h000000000001", "borders drawn"),
    ("https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h0000000000000", "extra data"),
    ("https://puzz.link/p?fillomino/t/6/6/h4j53g2k5233k2g14j3h", "number 4 in r1c3 is past "
                                                                  "the largest block 3"),
    ("pzprv3/fillomino/1/2/1 x /", "bad Fillomino cell 'x'"),
    ("pzprv3/fillomino/1/2/1 . /. . /X /", "borders drawn by the setter"),
    ("pzprv3/fillomino/2/2/t/1 4 /. . /", "past the largest block 3"),
])
def test_cut_or_variant_urls_are_refused(url, words):
    with pytest.raises(InputError, match=words):
        parse_url(url)


def test_every_tatham_puzzle_round_trips_through_its_game_id():
    assert len(TATHAM) > 20
    for txt, _ in TATHAM:
        puzzle = F.parse_puzzle(txt.read_text())
        game_id = to_game_id(puzzle)
        assert parse_game_id("filling:" + game_id) == puzzle, txt
        assert parse_game_id(game_id, "filling") == puzzle, txt


def test_tatham_reads_zero_as_an_empty_cell_and_refuses_bad_ids():
    assert parse_game_id("filling:3x1:0a3") == F.parse_puzzle("fillomino 3 1\n. . 3\n")
    for bad, words in [("filling:3x1:a4a", "bad character"), ("filling:3x1:ac", "too much"),
                       ("filling:3x1:a", "not enough")]:
        with pytest.raises(InputError, match=words):
            parse_game_id(bad)
    with pytest.raises(InputError, match="no Filling form"):
        to_game_id(F.parse_puzzle("fillomino 2 1\n? .\n"))


def test_the_svg_draws_the_givens_and_the_answer():
    txt, sol = TATHAM[0]
    puzzle = F.parse_puzzle(txt.read_text())
    solution = F.parse_solution(sol.read_text())
    svg = draw_svg(puzzle, solution)
    root = ET.fromstring(svg)
    texts = [t for t in root.iter() if t.tag.endswith("text")]
    assert len(texts) >= puzzle.width * puzzle.height
