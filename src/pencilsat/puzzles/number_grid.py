"""A grid of numbered cells, the model Hitori, Kurodoko and Nurikabe share: each cell holds a
number >= 1, nothing (:data:`EMPTY`, ``.`` in the text) or a number not given (the genre's
``UNKNOWN``, ``?``).

A genre subclasses :class:`NumberGrid` (naming its ``genre``, ``TITLE`` and ``UNKNOWN``) and
adds its own methods; its text format is the header ``<genre> W H`` and H rows of W tokens,
read by :func:`read_number_grid` and written by :func:`format_number_grid`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar, Self

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.textgrid import expect_row_count, number_rows, read_header

EMPTY = 0
"""A cell without a number."""
MAX_DIGITS = 7
"""The longest number a cell may hold, in digits."""
_PLAIN_ROW = re.compile(r"(?:\.|[1-9]\d{0,6})(?: (?:\.|[1-9]\d{0,6}))*", re.ASCII)
"""Rows of only ``.`` and numbers, which numpy reads at once."""


@dataclass(frozen=True, eq=False)
class NumberGrid(ArrayValue):
    """An immutable grid; ``numbers[r, c]`` is a number >= 1, :data:`EMPTY` or ``UNKNOWN``."""

    ARRAYS = ("numbers",)
    TITLE: ClassVar[str] = "number"
    """The genre's name in messages (``Hitori``)."""
    UNKNOWN: ClassVar[int] = -1
    """The value of a ``?`` cell (pzprjs' own: -1 for Hitori and Nurikabe, -2 Kurodoko)."""
    HINT: ClassVar[str] = "a cell is '.' (no number), a number 1, 2, ... or '?'"
    """What a cell may hold, for the error of a bad token."""
    genre: ClassVar[str] = ""

    numbers: np.ndarray
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        arr = np.array(self.numbers, dtype=np.int32)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError(f"a {self.TITLE} grid is a non-empty 2-D array")
        if ((arr < EMPTY) & (arr != self.UNKNOWN)).any():
            raise ValueError(f"cell values are numbers >= 1, EMPTY ({EMPTY}) or UNKNOWN "
                             f"({self.UNKNOWN})")
        arr.setflags(write=False)
        object.__setattr__(self, "numbers", arr)

    @classmethod
    def read(cls, text: str, name: str = "") -> Self:
        """The puzzle of a text ``<genre> W H`` then H rows of W tokens
        (:func:`read_number_grid`)."""
        return cls(read_number_grid(text, cls.genre, cls.UNKNOWN, cls.HINT), name=name)

    def text(self) -> str:
        """The puzzle text :meth:`read` reads."""
        return format_number_grid(self.genre, self)

    def with_cell(self, cell: Cell, value: int) -> Self:
        """A copy with ``value`` in ``cell`` (what a clue tool changes)."""
        numbers = np.array(self.numbers)
        numbers[cell] = value
        return type(self)(numbers, name=self.name)


def number_token(value: int, unknown: int) -> str:
    """A cell as the text format writes it: ``.``, ``?`` (``unknown``) or the number."""
    return "." if value == EMPTY else "?" if value == unknown else str(value)


def format_number_grid(tag: str, grid: NumberGrid) -> str:
    """The puzzle text: ``<tag> W H`` then a row of tokens per grid row."""
    rows = [" ".join(number_token(v, grid.UNKNOWN) for v in row)
            for row in grid.numbers.tolist()]
    return f"{tag} {grid.width} {grid.height}\n" + "\n".join(rows) + "\n"


def read_number_grid(text: str, tag: str, unknown: int, hint: str) -> np.ndarray:
    """The cells of a puzzle text ``<tag> W H`` then H rows of W tokens: ``.`` (EMPTY),
    ``?`` (``unknown``) or a number of at most :data:`MAX_DIGITS` digits; a bad token is an
    :class:`InputError` at its line and column, ``hint`` saying what a cell may hold."""
    width, height, rows, first_line, _ = read_header(text, tag)
    expect_row_count(rows, height, first_line)

    def value_of(token: str, line: int, column: int) -> int:
        if token == ".":
            return EMPTY
        if token == "?":
            return unknown
        if token.isascii() and token.isdigit() and len(token) <= MAX_DIGITS \
                and int(token) >= 1:
            return int(token)
        raise InputError(f"unknown cell {token!r}", line=line, column=column, hint=hint)

    return number_rows(rows, width, value_of, _PLAIN_ROW, dot=EMPTY)


def marked_cells(lines: list[str], grid: NumberGrid, hint: str,
                 whole_token: bool = False) -> np.ndarray:
    """The shading read back from a text drawing of one token per cell (the grid genres'
    ``draw_text``), a cell shaded when its token starts with ``#`` (Hitori's ``#3``), or
    with ``whole_token`` when it is ``#`` (Nurikabe's); an :class:`InputError` for a
    drawing of the wrong size, ``hint`` saying what a token is."""
    if len(lines) != grid.height:
        raise InputError(f"the drawing has {len(lines)} rows, the puzzle {grid.height}",
                         hint="give the drawing solve prints for this puzzle, whole")
    shaded = np.zeros((grid.height, grid.width), dtype=bool)
    for r, line in enumerate(lines):
        tokens = line.split()
        if len(tokens) != grid.width:
            raise InputError(f"drawing row has {len(tokens)} cells, expected {grid.width}",
                             line=r + 1, hint=hint)
        shaded[r] = [token == "#" if whole_token else token.startswith("#")
                     for token in tokens]
    return shaded
