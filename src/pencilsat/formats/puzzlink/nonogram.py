"""puzz.link ``nonogram``: the clues outside the grid as pzprjs' ``decodeNumber16ExCell``.

pzprjs (``src/variety/nonogram.js``) keeps ``(H + 1) // 2`` clue cells above each column
and ``(W + 1) // 2`` left of each row. The body lists them in one run-length part: every
column's cells (nearest the grid first, going up), left to right, then every row's (nearest
the grid first, going left), top to bottom; a hex digit or ``-xx`` is a run length,
``g``-``z`` skip 1..20 clue cells without one. Read far to near, a line's numbers are its
clue in order, so the nearest cell holds the last run; pzprjs writes each line's numbers
packed next to the grid (``encodeNumber16ExCellFlushed``), and so does :func:`encode`, but
a gap between numbers reads as pzprjs' checker reads it (skipped). A ``?`` (``.``) clue
cell, which pzprjs' Nonogram cannot enter, and a 0, which no line's runs can equal, are
refused. pzprjs writes no flags. The file form (``pzprv3/nonogram/R/C/...``) is the grid
with its clue area, ``(H + 1) // 2 + H`` lines of ``(W + 1) // 2 + W`` tokens: a clue cell
``N`` or ``cN`` (pzprjs' "done" mark) or ``.``, a grid cell ``#``, ``+`` or ``.`` (a
player's marks, not read).
"""

from __future__ import annotations

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import (
    body_parts,
    encode_number16,
    read_number16,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.nonogram import Clue, LineClue, NonogramPuzzle


def clue_cells(width: int, height: int) -> tuple[int, int]:
    """How many clue cells pzprjs keeps per column and per row."""
    return (height + 1) // 2, (width + 1) // 2


def decode(body: str, width: int, height: int, column: int, flags: str) -> NonogramPuzzle:
    refuse_flags(flags, width, height, column, "Nonogram", "nonogram")
    per_column, per_row = clue_cells(width, height)
    columns: dict[int, int] = {}
    with body_parts(body, column) as parts:
        values = read_number16(parts, width * per_column + height * per_row, "clues",
                               item="run length", unit="clue cell",
                               unknown="a '?' clue cannot be checked: pzprjs' Nonogram has "
                                       "none", columns=columns)
    for index, value in enumerate(values):
        if value is not None and value == 0:
            raise url_error("a run length of 0 in a clue: no line's runs can match it",
                            column=columns[index], hint="clear the clue cell instead")
        longest = height if index < width * per_column else width
        if value is not None and value > longest:
            raise url_error(f"a run of {value} is longer than its line of {longest} cells",
                            column=columns[index], hint="check the clue or the grid size")
    cut = width * per_column
    return NonogramPuzzle(
        tuple(_clue(values[cut + r * per_row:cut + (r + 1) * per_row]) for r in range(height)),
        tuple(_clue(values[c * per_column:(c + 1) * per_column]) for c in range(width)))


def _clue(near_first: list[int | None]) -> Clue:
    """A line's clue from its clue cells listed nearest the grid first."""
    return tuple(v for v in reversed(near_first) if v is not None)


def _cells(clue: LineClue, count: int, length: int) -> list[int | None]:
    """A line's clue cells, nearest the grid first, packed there (pzprjs' flushed form); a
    line whose clue is not given has no form (pzprjs reads no clue as an empty line), nor
    one whose runs do not fit the line (the reader refuses a run longer than the line, and
    the clue cells hold the runs of a line that fits)."""
    if clue is None:
        raise InputError("a line whose clue is not given ('?') has no puzz.link form: "
                         "pzprjs reads a line without numbers as an empty line",
                         hint="convert --to text, or give every line's clue")
    if len(clue) > count or max(clue, default=0) > length:
        raise InputError(f"the clue {' '.join(map(str, clue))} does not fit a line of {length} "
                         "cells: pzprjs has no form for it (the puzzle has no answer)",
                         hint="convert --to text, or check the clue")
    return [*reversed(clue), *[None] * (count - len(clue))]


def encode(puzzle: NonogramPuzzle) -> str:
    per_column, per_row = clue_cells(puzzle.width, puzzle.height)
    flat = [v for clue in puzzle.columns for v in _cells(clue, per_column, puzzle.height)]
    flat += [v for clue in puzzle.rows for v in _cells(clue, per_row, puzzle.width)]
    return encode_number16(flat)


def decode_file(lines: list[str], width: int, height: int) -> NonogramPuzzle:
    """pzprjs' file form (``decodeCellExCell``): see the module docstring."""
    per_column, per_row = clue_cells(width, height)
    rows = [line.split() for line in lines[:per_column + height]]
    if len(rows) < per_column + height or any(len(row) < per_row + width for row in rows):
        raise url_error(f"the pzprv3 Nonogram data needs {per_column + height} lines of "
                        f"{per_row + width} items (the clue area and the cells)",
                        hint="copy the whole URL")
    column_cells: list[list[int | None]] = [[] for _ in range(width)]
    for row in reversed(rows[:per_column]):  # nearest the grid first
        for c, token in enumerate(row[per_row:per_row + width]):
            column_cells[c].append(_file_clue(token, height))
    row_clues = []
    for row in rows[per_column:]:
        row_clues.append(_clue([_file_clue(token, width) for token in reversed(row[:per_row])]))
        for token in row[per_row:per_row + width]:
            if token not in ("#", "+", "."):
                raise url_error(f"bad Nonogram cell {token!r} in the pzprv3 data",
                                hint="cells are '#', '+' and '.'")
    return NonogramPuzzle(tuple(row_clues), tuple(_clue(cells) for cells in column_cells))


def _file_clue(token: str, longest: int) -> int | None:
    """A clue cell of the file form: ``.`` none, ``N`` or ``cN`` (pzprjs' "done" mark)."""
    if token == ".":
        return None
    digits = token[1:] if token.startswith("c") else token
    if not (digits.isascii() and digits.isdigit()) or not 1 <= int(digits) <= longest:
        raise url_error(f"bad Nonogram clue {token!r} in the pzprv3 data",
                        hint=f"a clue cell is '.' or a run length 1..{longest}")
    return int(digits)
