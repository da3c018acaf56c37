"""Hashiwokakero's puzz.link file form (pzprjs' ``decodeCellQnum``), on made-up puzzles."""

from __future__ import annotations

import pytest

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_puzzle
from pencilsat.formats.puzzlink import parse_url
from pencilsat.puzzles.hashi import UNKNOWN

MADE_UP_FILE = ("pzprv3\nhashikake\n3\n4\n1 . . 3 \n. . - . \n2 . . 1 \n0 0 0 \n0 0 0 \n"
                "0 0 0 \n0 0 0 0 \n0 0 0 0 \n")
"""Made up, with a ``?`` island, then the bridges (not read); pzprjs opens it as
``hashi/4/3/1h3h.g2h1`` (checked with node)."""


def test_pzprjs_file_form_reads_the_puzzle_of_its_url():
    puzzle = read_puzzle(MADE_UP_FILE)
    assert puzzle == parse_url("https://puzz.link/p?hashi/4/3/1h3h.g2h1")
    assert puzzle.numbers[1, 2] == UNKNOWN


@pytest.mark.parametrize("url, words", [
    ("pzprv3/hashikake/1/3/1 1 . /", "side by side"),
    ("pzprv3/hashikake/1/3/9 . 1 /", "bad Hashiwokakero cell '9'"),
    ("pzprv3/hashikake/2/3/1 . 1 /", "has 3 of 6 cells"),
])
def test_bad_file_forms_are_refused_by_name(url, words):
    with pytest.raises(InputError, match=words):
        parse_url(url)
