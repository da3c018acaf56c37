"""Values every genre shares: a cell, a rule violation, and what a puzzle and a solution offer.

Every genre's puzzle model and solution satisfy :class:`Puzzle` and :class:`Solution`; the
rest of a genre's operations (reading, writing, checking, drawing) are its
:class:`~pencilsat.core.rules.GenreRules`, found through the registry by ``puzzle.genre``.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol, runtime_checkable

Cell = tuple[int, int]
"""(row, column), 0-based, row 0 at the top."""


def grid_neighbours(cell: Cell, height: int, width: int) -> list[Cell]:
    """The cells beside ``cell`` inside a ``height`` x ``width`` grid: up, down, left,
    right (an order the generators' random draws depend on)."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width]


@runtime_checkable
class Puzzle(Protocol):
    """A puzzle model: an immutable grid of one genre."""

    @property
    def genre(self) -> str:
        """The registry name of the puzzle's genre (``masyu``, ``sudoku``, ...)."""
        ...

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def name(self) -> str:
        """A display name (a file's stem), empty when unknown."""
        ...


@runtime_checkable
class Solution(Protocol):
    """An answer of one genre; two answers of the same puzzle can say where they differ."""

    def differing_cells(self, other: Any) -> list[Cell]:
        """Cells (row-major) where this answer and ``other`` differ."""
        ...


class Violation(NamedTuple):
    """One broken rule, named, at one cell (``None`` when the rule is global)."""

    rule: str
    cell: Cell | None
    message: str

    def __str__(self) -> str:
        where = f" at row {self.cell[0]}, column {self.cell[1]}" if self.cell else ""
        return f"{self.rule}{where}: {self.message}"
