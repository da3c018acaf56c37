"""Symmetric clue layouts (``--symmetry rot2|mirror``): clues go and stay in orbits.

An orbit is the set of clue cells a symmetry maps onto each other: a cell and its half-turn
image (``rot2``), or a cell and its left-right mirror image (``mirror``). The loop adds and
removes whole orbits, so every puzzle of its chain is symmetric. A clue whose image cell has
no clue in the answer cannot be part of a symmetric layout and is left out.
"""

from __future__ import annotations

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell

SYMMETRIES = ("rot2", "mirror")


def image(cell: Cell, width: int, height: int, symmetry: str) -> Cell:
    """Where ``symmetry`` sends ``cell``."""
    r, c = cell
    if symmetry == "rot2":
        return height - 1 - r, width - 1 - c
    if symmetry == "mirror":
        return r, width - 1 - c
    raise InputError(f"unknown symmetry {symmetry!r}", hint="rot2 or mirror")


def orbits_of(cells: list[Cell], width: int, height: int,
              symmetry: str | None) -> list[list[int]]:
    """The clues (indices into ``cells``) grouped in orbits, in order of their first clue;
    without a symmetry every clue is its own orbit. A cell may hold several clues (they then
    share an orbit)."""
    by_cell: dict[Cell, list[int]] = {}
    for i, cell in enumerate(cells):
        by_cell.setdefault(cell, []).append(i)
    if symmetry is None:
        return [[i] for i in range(len(cells))]
    orbits: list[list[int]] = []
    seen: set[Cell] = set()
    for cell in by_cell:
        if cell in seen:
            continue
        twin = image(cell, width, height, symmetry)
        seen.update((cell, twin))
        if twin not in by_cell:
            continue
        orbit = by_cell[cell] + (by_cell[twin] if twin != cell else [])
        orbits.append(sorted(orbit))
    return orbits


def symmetry_made_for() -> str:
    """The refusals' pointer to the genres that take ``--symmetry`` (the registry's)."""
    from pencilsat.core.registry import generated

    return "symmetry is made for " + ", ".join(generated(symmetry=True))
