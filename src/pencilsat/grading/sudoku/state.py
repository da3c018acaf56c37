"""Grid state and 9x9 geometry for the Sato (2010) Sudoku grader.

The paper's program keeps no pencil-mark grid (digest §0, §8.3-1): every exclusion is "the cell
*sees* the digit". So the state is only the grid plus, per unit, a bitmask of the digits written
there (bit ``d`` for digit ``d``) and its count of empty cells. ``sees`` is then three ORs.

Cells are numbered 0..80 row-major. Units are numbered in the paper's scan order: rows 0-8,
columns 9-17, blocks 18-26 (blocks row-major, their cells in reading order), digest §5.3.

The engine is 9x9 only: techniques 1, 4, 5 and propositions 2 and 4 are defined on 3x3 block
geometry (bands of three lines, three-cell segments, block corners and edges).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SIDE = 9
BOX = 3
ALL_DIGITS = 0b1111111110  # bits 1..9
DIGITS = range(1, 10)


def row_of(cell: int) -> int:
    return cell // SIDE


def col_of(cell: int) -> int:
    return cell % SIDE


def box_of(cell: int) -> int:
    return (cell // 27) * 3 + (cell % 9) // 3


UNITS: tuple[tuple[int, ...], ...] = tuple(
    [tuple(r * 9 + c for c in range(9)) for r in range(9)]
    + [tuple(r * 9 + c for r in range(9)) for c in range(9)]
    + [
        tuple((br * 3 + i) * 9 + bc * 3 + j for i in range(3) for j in range(3))
        for br in range(3)
        for bc in range(3)
    ]
)
"""The 27 units: rows (0-8), columns (9-17), blocks (18-26)."""

CELL_UNITS: tuple[tuple[int, int, int], ...] = tuple(
    (row_of(c), 9 + col_of(c), 18 + box_of(c)) for c in range(81)
)
"""For each cell: its row, column and block unit numbers."""

PEERS: tuple[frozenset[int], ...] = tuple(
    frozenset(x for u in CELL_UNITS[c] for x in UNITS[u]) - {c} for c in range(81)
)
"""The 20 peers of each cell (Def. 11: co-unit cells), without the cell itself."""

UNIT_MASK: tuple[int, ...] = tuple(sum(1 << c for c in unit) for unit in UNITS)
"""Each unit as an 81-bit cell mask."""

PEER_MASK: tuple[int, ...] = tuple(sum(1 << p for p in PEERS[c]) for c in range(81))


def units_containing(cells: tuple[int, ...]) -> tuple[int, ...]:
    """The units holding every one of ``cells`` (a pair unit or triple unit, Def. 8 and 13)."""
    common = set(CELL_UNITS[cells[0]])
    for c in cells[1:]:
        common &= set(CELL_UNITS[c])
    return tuple(sorted(common))


def cell_name(cell: int) -> str:
    """``r5c8``, 1-based as in the paper and the digest."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def unit_name(unit: int) -> str:
    kind, index = divmod(unit, 9)
    return ("row", "column", "block")[kind] + f" {index + 1}"


def digits_of(mask: int) -> list[int]:
    return [d for d in DIGITS if mask >> d & 1]


@dataclass
class SudokuState:
    """A 9x9 grid being filled, with per-unit digit masks and empty counts.

    ``duplicate`` turns true as soon as a digit is written twice in a unit: the only kind of
    contradiction the paper's trial mode detects (digest §4).
    """

    grid: list[int]
    used: list[int] = field(default_factory=lambda: [0] * 27)
    empty: list[int] = field(default_factory=lambda: [9] * 27)
    duplicate: bool = False

    @classmethod
    def from_clues(cls, clues: list[int]) -> SudokuState:
        state = cls([0] * 81)
        for cell, digit in enumerate(clues):
            if digit:
                state.place(cell, digit)
        return state

    def place(self, cell: int, digit: int) -> None:
        self.grid[cell] = digit
        bit = 1 << digit
        for u in CELL_UNITS[cell]:
            if self.used[u] & bit:
                self.duplicate = True
            self.used[u] |= bit
            self.empty[u] -= 1

    def seen(self, cell: int) -> int:
        """Digits the cell sees (its belonging digit set, Def. 3) as a bitmask."""
        r, c, b = CELL_UNITS[cell]
        return self.used[r] | self.used[c] | self.used[b]

    def sees(self, cell: int, digit: int) -> bool:
        return bool(self.seen(cell) >> digit & 1)

    def blocked(self, cell: int, digit: int) -> bool:
        """The blocked-cell test of techniques 1 and 4: filled, or sees the digit (§3.2)."""
        return bool(self.grid[cell]) or bool(self.seen(cell) >> digit & 1)

    def empties(self, unit: int) -> list[int]:
        grid = self.grid
        return [c for c in UNITS[unit] if not grid[c]]

    def missing(self, unit: int) -> int:
        return ALL_DIGITS & ~self.used[unit]

    def complete(self) -> bool:
        return 0 not in self.grid

    def copy(self) -> SudokuState:
        return SudokuState(self.grid[:], self.used[:], self.empty[:], self.duplicate)
