"""Nurikabe's puzz.link file form (pzprjs' ``decodeCellQnumAns``), on made-up puzzles."""

from __future__ import annotations

import pytest

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_puzzle
from pencilsat.formats.puzzlink import parse_url
from pencilsat.puzzles.nurikabe import UNKNOWN

MADE_UP_FILE = "pzprv3\nnurikabe\n3\n4\n1 - . 3 \n. # 2 + \n. . . . \n"
"""Made up, with a ``?`` number and answer marks; pzprjs opens it as
``nurikabe/4/3/1.g3h2k`` (checked with node)."""


def test_pzprjs_file_form_reads_the_puzzle_of_its_url():
    puzzle = read_puzzle(MADE_UP_FILE)
    assert puzzle == parse_url("https://puzz.link/p?nurikabe/4/3/1.g3h2k")
    assert puzzle.numbers[0, 1] == UNKNOWN and puzzle.numbers[1, 2] == 2
    in_a_url = MADE_UP_FILE.strip().replace("\n", "/").replace(" ", "%20").replace("#", "%23")
    assert parse_url("https://puzz.link/p?" + in_a_url) == puzzle


@pytest.mark.parametrize("url, words", [
    ("pzprv3/nurikabe/1/2/1 x /", "bad Nurikabe cell 'x'"),
    ("pzprv3/nurikabe/1/2/1 3 /", "bad Nurikabe cell '3'"),  # more than the grid's cells
    ("pzprv3/nurikabe/2/2/1 . /", "has 2 of 4 cells"),
])
def test_bad_file_forms_are_refused_by_name(url, words):
    with pytest.raises(InputError, match=words):
        parse_url(url)
