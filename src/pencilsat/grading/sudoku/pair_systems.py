"""Pair systems and locks of Sato's technique 6 (paper §2.3, Defs. 8-13; digest §3.7), and
the per-call lists ``PAIRSUSYO`` keeps of them (rebuilt from scratch on every call)."""

from __future__ import annotations

from dataclasses import dataclass

from pencilsat.grading.sudoku.state import (
    DIGITS,
    UNIT_MASK,
    SudokuState,
    cell_name,
    units_containing,
)


@dataclass(frozen=True)
class PairSystem:
    """Digit ``digit`` is in exactly one of cells ``a`` <= ``b`` (Def. 8).

    ``others`` is the 81-bit mask of the cells of its pair unit(s) other than ``a`` and ``b``:
    the cells Prop. 5(2) / Prop. 6 (2) exclude the digit from. A degenerate pair (a == b)
    never arises: a chain returning to its start is a placement (see ``_chain``).
    """

    digit: int
    a: int
    b: int
    units: tuple[int, ...]
    others: int

    @classmethod
    def make(cls, digit: int, x: int, y: int) -> PairSystem:
        a, b = min(x, y), max(x, y)
        units = units_containing((a, b))
        mask = 0
        for u in units:
            mask |= UNIT_MASK[u]
        return cls(digit, a, b, units, mask & ~(1 << a) & ~(1 << b))

    def other(self, cell: int) -> int:
        return self.b if cell == self.a else self.a

    def describe(self) -> str:
        return f"{self.digit} in {{{cell_name(self.a)}, {cell_name(self.b)}}}"


@dataclass(frozen=True)
class Lock:
    """Cells known to hold exactly ``digits`` (locked pair, Def. 8; locked triple, Def. 13)."""

    cells: tuple[int, ...]
    digits: int  # bitmask
    mask: int  # 81-bit cell mask

    @classmethod
    def make(cls, cells: tuple[int, ...], digits: int) -> Lock:
        return cls(cells, digits, sum(1 << c for c in cells))

class PairLists:
    """The pair and lock lists of one ``PAIRSUSYO`` call, with duplicate removal."""

    def __init__(self) -> None:
        self.pairs: list[PairSystem] = []
        self.pair_keys: set[tuple[int, int, int]] = set()
        self.locks: list[Lock] = []
        self.lock_cells: set[tuple[int, ...]] = set()

    def add_pair(self, digit: int, x: int, y: int) -> bool:
        """Append a pair system unless it is a duplicate (same digit and cells); True if new."""
        key = (digit, min(x, y), max(x, y))
        if key in self.pair_keys:
            return False
        self.pair_keys.add(key)
        self.pairs.append(PairSystem.make(digit, x, y))
        return True

    def add_lock(self, cells: tuple[int, ...], digits: int) -> None:
        if cells not in self.lock_cells:
            self.lock_cells.add(cells)
            self.locks.append(Lock.make(cells, digits))

    def excluded_digits(self) -> list[int]:
        """Per cell, the digits Prop. 6 (2) excludes: cell in a pair unit, not a pair cell."""
        by_digit = [0] * 10
        for p in self.pairs:
            by_digit[p.digit] |= p.others
        out = [0] * 81
        for d in DIGITS:
            mask = by_digit[d]
            while mask:
                low = mask & -mask
                out[low.bit_length() - 1] |= 1 << d
                mask ^= low
        return out

    def pencil(self, state: SudokuState, unit: int) -> tuple[int, int]:
        """The unit's locks written in (digest §3.8): (cell mask, digit mask) they fill.

        Only locks lying wholly inside the unit, and consistent with it, are pencilled.
        """
        cells = digits = 0
        unit_mask = UNIT_MASK[unit]
        for lock in self.locks:
            if lock.mask & ~unit_mask or lock.mask & cells or lock.digits & digits:
                continue
            if lock.digits & state.used[unit]:
                continue
            cells |= lock.mask
            digits |= lock.digits
        return cells, digits
