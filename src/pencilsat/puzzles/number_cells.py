"""A grid of clue numbers as the corpus text formats write it (Shikaku; Kurodoko's and
Nurikabe's cells read the same): one token per cell, ``.`` no number, ``N`` a number
1, 2, ... and ``?`` a numbered cell whose number is not given (pzprjs' ``-2``)."""

from __future__ import annotations

import re

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.puzzles.textgrid import expect_row_count, number_rows, read_header

EMPTY = 0
UNKNOWN = -2
"""Cell values beside the numbers: no number, and a number not given (``?``)."""

_FAST = re.compile(r"(?:\.|[1-9]\d{0,6})(?: (?:\.|[1-9]\d{0,6}))*", re.ASCII)
_MAX_DIGITS = 7


def read_number_cells(text: str, tag: str, hint: str) -> np.ndarray:
    """The grid of ``<tag> W H`` and H rows of W tokens (``.``, a number or ``?``) as
    numbers, :data:`EMPTY` and :data:`UNKNOWN`; a bad token is an :class:`InputError` at its
    line and column with ``hint`` (what a cell of the genre is)."""

    def value_of(token: str, line: int, column: int) -> int:
        if token == ".":
            return EMPTY
        if token == "?":
            return UNKNOWN
        if token.isascii() and token.isdigit() and len(token) <= _MAX_DIGITS \
                and int(token) >= 1:
            return int(token)
        raise InputError(f"unknown cell {token!r}", line=line, column=column, hint=hint)

    width, height, rows, first_line, _ = read_header(text, tag)
    expect_row_count(rows, height, first_line)
    grid = number_rows(rows, width, value_of, _FAST)
    grid[grid == -1] = EMPTY  # the fast path reads '.' as -1
    return grid


def cell_token(value: int) -> str:
    """A cell as the text format writes it: ``.``, the number or ``?``."""
    return "." if value == EMPTY else "?" if value == UNKNOWN else str(value)


def number_cells_text(tag: str, numbers: np.ndarray) -> str:
    """The text :func:`read_number_cells` reads."""
    height, width = numbers.shape
    rows = [" ".join(cell_token(v) for v in row) for row in numbers.tolist()]
    return f"{tag} {width} {height}\n" + "\n".join(rows) + "\n"
