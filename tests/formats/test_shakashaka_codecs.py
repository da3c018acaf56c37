"""Shakashaka's codecs: puzz.link URLs and pzprjs' file form (pzprjs' example, corpus round
trips, refused input) and the SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import shakashaka as S

JANKO = CORPUS / "shakashaka" / "janko"

# pzprjs' own example (test/script/shakashaka.js): its URL and its file form's puzzle part.
PZPRJS_URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
PZPRJS_FILE = ("pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . "
               "/. . . . . . /. . . 1 . . /")


def test_the_pzprjs_example_reads_as_its_file_form():
    puzzle = parse_url(PZPRJS_URL)
    assert parse_url(PZPRJS_FILE) == puzzle
    assert list(puzzle.numbers()) == [((0, 0), 2), ((0, 4), 1), ((1, 3), 3), ((2, 2), 4),
                                      ((3, 0), 3), ((5, 3), 1)]
    assert to_url(puzzle) == PZPRJS_URL


def test_a_black_cell_without_a_number_is_a_dot_and_a_5_in_the_file_form():
    puzzle = S.parse_puzzle("shakashaka 3 1\n# . 0\n")
    # pzprjs: a number with no cell after it is written as if two plain cells followed
    assert to_url(puzzle) == "https://puzz.link/p?shakashaka/3/1/.ga"
    assert parse_url(to_url(puzzle)) == puzzle
    assert parse_url("pzprv3/shakashaka/1/3/5 . 0 /") == puzzle


def test_corpus_puzzles_round_trip_through_urls():
    for path in sorted(JANKO.glob("*.txt"))[::5]:
        puzzle = S.parse_puzzle(path.read_text())
        assert parse_url(to_url(puzzle)) == puzzle, path.stem


@pytest.mark.parametrize(("url", "words"), [
    ("shakashaka/6/6/cgbhdhegdr", "truncated"),
    ("shakashaka/6/6/cgbhdhegdrb0", "extra data"),
    ("shakashaka/6/6/cgbhdhegdrZ", "bad character"),
    ("shakashaka/b/6/6/cgbhdhegdrb", "flags"),
    ("pzprv3/shakashaka/1/3/5 . 7 /", "bad Shakashaka cell"),
])
def test_bad_urls_are_input_errors_naming_the_problem(url, words):
    with pytest.raises(InputError, match=words):
        parse_url(url)


def test_the_svg_draws_black_cells_numbers_and_every_triangle():
    path = sorted(JANKO.glob("*.txt"))[0]
    puzzle = S.parse_puzzle(path.read_text())
    answer = S.parse_solution(path.with_suffix(".sol").read_text(), puzzle)
    root = ET.fromstring(draw_svg(puzzle, answer))
    classes = [el.get("class") for el in root.iter()]
    assert classes.count("triangle") == int(np.count_nonzero(answer.triangles))
    assert classes.count("shaded") == int((~puzzle.white).sum())
    assert classes.count("clue") == len(list(puzzle.numbers()))
    nw = next(el for el in root.iter() if el.get("class") == "triangle"
              and answer.triangles[int(el.get("data-row")), int(el.get("data-col"))] == S.NW)
    r, c = int(nw.get("data-row")), int(nw.get("data-col"))
    assert nw.get("points").split()[0] == f"{c * 36},{r * 36}"  # its corner at the top left
