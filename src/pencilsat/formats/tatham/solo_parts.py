"""The parts of Tatham's Solo descriptions that its jigsaw and killer variants add
(sgt-puzzles ``solo.c``): a description is comma-separated parts, each a grid of numbers or
a block structure.

* A **grid** is row-major: ``a``-``z`` runs of 1-26 empty cells, decimal numbers, ``_``
  between two numbers that would otherwise run together.
* A **block structure** (jigsaw boxes, killer cages) lists the dividing lines: first the
  ``N*(N-1)`` lines between side-by-side cells in reading order, then the ``N*(N-1)``
  between cells one above the other, column by column; each character counts the
  non-lines before the next line (``_`` none, ``a``-``y`` 1-25) and ``z`` is 26 non-lines
  with no line after them, as Tatham's reader has it (its writer counts ``z`` as 25, so a
  run of 26 or more reads back one longer there; no generated ID in the corpus has one).
  A last virtual line closes the list.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.runs import describe_char
from pencilsat.formats.tatham.cells import id_error, read_number_runs


def split_parts(desc: str, column: int, names: list[str]) -> list[tuple[str, int]]:
    """The description's comma-separated parts with the column each starts at; exactly
    one per name in ``names`` (what the parts are, for the error)."""
    parts = desc.split(",")
    if len(parts) != len(names):
        raise id_error(f"this Solo description has {len(parts)} comma-separated part(s), the "
                       f"variant has {len(names)}: {', '.join(names)}", column=column,
                       hint="copy the whole game ID")
    out, at = [], column
    for part in parts:
        out.append((part, at))
        at += len(part) + 1
    return out


def grid_cells(part: str) -> int:
    """How many cells a grid part covers (to tell ``NxNj`` from ``Nj``)."""
    count, i = 0, 0
    while i < len(part):
        ch = part[i]
        if "a" <= ch <= "z":
            count += ord(ch) - ord("a") + 1
        elif "0" <= ch <= "9":
            count += 1
            while i + 1 < len(part) and "0" <= part[i + 1] <= "9":
                i += 1
        i += 1
    return count


def read_grid(part: str, column: int, cells: int, largest: int, what: str) -> list[int]:
    """A grid part: ``cells`` numbers, 0 for an empty cell, each 1..``largest``."""
    return read_number_runs(
        part, column, cells, largest,
        lambda text: (f"{what} {text} is not a number 1..{largest}",
                      "check the number or the grid size"),
        (f"in the Solo {what}s", "a Solo grid uses a-z, '_' and numbers"))


def write_grid(values: list[int]) -> str:
    """The grid part of ``values`` (0: empty), as Tatham writes it."""
    out: list[str] = []
    run = 0
    for value in values:
        if not value:
            run += 1
            continue
        if run:
            out.append(_run(run))
        elif out:
            out.append("_")
        out.append(str(value))
        run = 0
    if run:
        out.append(_run(run))
    return "".join(out)


def _run(run: int) -> str:
    return "z" * ((run - 1) // 26) + chr(ord("a") - 1 + (run - 1) % 26 + 1)


def _lines(side: int) -> list[tuple[int, int]]:
    """The internal lines in the description's order, each as its two cells' indices."""
    out = [(y * side + x, y * side + x + 1) for y in range(side) for x in range(side - 1)]
    out += [(y * side + x, (y + 1) * side + x) for x in range(side) for y in range(side - 1)]
    return out


def read_blocks(part: str, column: int, side: int, what: str) -> np.ndarray:
    """A block structure part as a label per cell (the index of a cell of its block)."""
    lines = _lines(side)
    parent = list(range(side * side))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    pos = 0
    for i, ch in enumerate(part):
        if ch == "_":
            count = 0
        elif "a" <= ch <= "z":
            count = ord(ch) - ord("a") + 1
        else:
            raise id_error(f"bad character {describe_char(ch)} in the Solo {what}",
                           column=column + i, hint="a block structure uses a-z and '_'")
        if pos + count > len(lines):
            raise id_error(f"too much data in the {what}", column=column + i,
                           hint="check the grid size or the description")
        for a, b in lines[pos:pos + count]:
            parent[find(a)] = find(b)
        pos += count + (count != 26)
    if pos != len(lines) + 1:
        raise id_error(f"not enough data in the {what}", column=column + len(part),
                       hint="copy the whole game ID")
    return np.array([find(a) for a in range(side * side)]).reshape(side, side)


def write_blocks(ids: np.ndarray) -> str:
    """The block structure part of a region grid, as Tatham's reader reads it."""
    side = ids.shape[0]
    flat = ids.ravel()
    out: list[str] = []
    run = 0
    for a, b in [*_lines(side), (-1, -1)]:
        if a >= 0 and flat[a] == flat[b]:
            run += 1
            continue
        while run >= 26:
            out.append("z")
            run -= 26
        out.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    return "".join(out)
