"""A one-line 9x9 Sudoku handed to ``pencilsat.read_puzzle`` or ``solve`` takes a fast path
(81 characters of ``.0123456789``: one array read, no format detection); every line of 81
characters, on that path or off it, reads as the general text reader reads it: the same
grid and name, or the same error at the same place."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pencilsat.api import read_puzzle
from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_puzzle as read_text
from pencilsat.puzzles.sudoku import SudokuPuzzle, char_digit, nine_line

DIGITS = ".0123456789"


def outcome(read, text):
    """What reading ``text`` gives: the grid and name, or the error's every field."""
    try:
        puzzle = read(text)
    except InputError as err:
        return ("error", err.message, err.line, err.column, err.hint, str(err))
    assert isinstance(puzzle, SudokuPuzzle)
    return ("puzzle", puzzle.clues.dtype, puzzle.clues.tobytes(), puzzle.name,
            puzzle.clues.flags.writeable)


def general(text: str) -> tuple:
    """The general reader's outcome: the line detected as text."""
    return outcome(lambda line: read_text(line, "<argument>"), text.strip())


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=DIGITS, min_size=81, max_size=81))
def test_a_line_of_digits_and_dots_reads_as_digit_by_digit(line):
    expected = np.array([char_digit(ch) for ch in line], dtype=np.int16).reshape(9, 9)
    assert np.array_equal(nine_line(line).clues, expected)
    assert outcome(read_puzzle, line) == general(line)
    assert outcome(read_puzzle, line)[0] == "puzzle"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*DIGITS * 8, "A", "a", "x", "-", "\u00b2", "\u0661"]),
                min_size=81, max_size=81).map("".join),
       st.sampled_from(["", " ", "\t", "\n"]), st.sampled_from(["", " ", "\n", "\r\n"]))
def test_any_line_of_81_characters_reads_as_the_general_reader_reads_it(line, before, after):
    """On the fast path or off it (a letter, a non-ASCII digit, blanks around the line):
    the same outcome as the general reader, error fields included."""
    assert outcome(read_puzzle, before + line + after) == general(line)
