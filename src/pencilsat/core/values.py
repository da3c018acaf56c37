"""Values every genre shares: a cell, a rule violation."""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]
"""(row, column), 0-based, row 0 at the top."""


@dataclass(frozen=True)
class Violation:
    """One broken rule, named, at one cell (``None`` when the rule is global)."""

    rule: str
    cell: Cell | None
    message: str

    def __str__(self) -> str:
        where = f" at row {self.cell[0]}, column {self.cell[1]}" if self.cell else ""
        return f"{self.rule}{where}: {self.message}"
