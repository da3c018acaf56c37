"""Technique 6, pair digits and locked pairs: ``PAIRSUSYO`` and ``PLTUNAGISYO`` (paper §2.3,
Props. 5-10; digest §3.7-3.8).

A *pair system* (Def. 8) says digit s lies in exactly one of two peer cells (a conjugate pair
or any strong link whose ends are peers). A *lock* is a locked pair or locked triple: cells
known to hold exactly a set of digits (naked/hidden pair, box-line triple). The routine
rebuilds both lists from scratch on every call, round by round (digest §8.3-7):

1. build pair systems by Prop. 6 in every unit (round 1 with exclusion (1) only; later rounds
   also with exclusion (2) and with the unit's locks pencilled in = (3) and the reduced unit),
   then (rounds >= 2) Prop. 8 chaining over the pairs of earlier rounds and Prop. 9 pairs from
   bivalue cells; pairs with identical cells become locked pairs; 3-cell remainders that form
   one segment become locked triples (Prop. 7);
2. Principle 2(1): a pair system and a lock of other digits sharing a cell;
3. Principle 2(2): dependent pair systems of one digit;
4. Principle 2(3): singles in each reduced unit;
and repeats while step 1 found a new pair system. Then Prop. 10 (``PLTUNAGISYO``) tries a
forcing chain from each cell in three or more pair systems. The first placement ends the call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.catalogue import single
from pencilsat.grading.sudoku.pair_chains import chaining, proposition10
from pencilsat.grading.sudoku.pair_systems import PairLists, PairSystem
from pencilsat.grading.sudoku.state import (
    ALL_DIGITS,
    CELL_UNITS,
    DIGITS,
    PEERS,
    SudokuState,
    cell_name,
    digits_of,
    unit_name,
    units_containing,
)


@dataclass
class PairProcessingResult:
    """The placement found (or ``None``) and the final lists, which feed the candidates of
    contradiction processing (digest §4)."""

    step: Step | None
    pairs: list[PairSystem] = field(default_factory=list)
    bivalues: list[tuple[int, int]] = field(default_factory=list)  # (cell, digit mask)


def _place(cell: int, digit: int, text: str, technique: str = "PAIRSUSYO single") -> Step:
    return single(technique, cell, digit, text)

def _build_pairs_in_units(
    state: SudokuState, lists: PairLists, later_round: bool
) -> Step | None:
    """Prop. 6 over every incomplete unit: a digit left with 1 possible cell is placed, with 2
    it becomes a pair system. Rounds >= 2 pencil in the unit's locks (Prop. 6 (3), the reduced
    unit) and use exclusion (2) from every pair known so far, including those found earlier in
    this round (``ZEROCASE`` scans the whole current list)."""
    excluded = lists.excluded_digits() if later_round else [0] * 81
    allowed = [0] * 81
    for c in range(81):
        if not state.grid[c]:
            allowed[c] = ALL_DIGITS & ~state.seen(c) & ~excluded[c]
    for unit in range(27):
        if state.empty[unit] == 0:
            continue
        pencil_cells, pencil_digits = lists.pencil(state, unit) if later_round else (0, 0)
        empties = [c for c in state.empties(unit) if not pencil_cells >> c & 1]
        missing = state.missing(unit) & ~pencil_digits
        if not empties:
            continue
        if later_round and len(empties) == 1:
            cell = empties[0]
            if missing and not missing & (missing - 1) and missing & ~state.seen(cell):
                d = missing.bit_length() - 1
                return _place(cell, d, f"with its locked cells filled in, {unit_name(unit)} "
                                       f"has one empty cell left: {cell_name(cell)} = {d}")
            continue
        for d in DIGITS:
            if not missing >> d & 1:
                continue
            free = [c for c in empties if allowed[c] >> d & 1]
            if len(free) == 1:
                return _place(free[0], d, f"in {unit_name(unit)} every cell but "
                                          f"{cell_name(free[0])} excludes {d} (Prop. 6)")
            if len(free) == 2 and lists.add_pair(d, free[0], free[1]) and later_round:
                others, bit = lists.pairs[-1].others, ~(1 << d)
                while others:
                    low = others & -others
                    allowed[low.bit_length() - 1] &= bit
                    others ^= low
    return None

def _bivalue_cells(state: SudokuState, lists: PairLists) -> list[tuple[int, int]]:
    """Def. 14: empty cells with exactly 7 digits excluded by (1) and (2)."""
    excluded = lists.excluded_digits()
    out = []
    for c in range(81):
        if state.grid[c]:
            continue
        free = ALL_DIGITS & ~state.seen(c) & ~excluded[c]
        if free and bin(free).count("1") == 2:
            out.append((c, free))
    return out


def _bivalue_pairs(bivalues: list[tuple[int, int]], lists: PairLists) -> None:
    """Prop. 9: (1) two peer bivalue cells {s,t} (naked pair) give pair systems for s and t;
    (2) three bivalue cells of one unit {s,t}, {t,u}, {u,s} give one pair system per digit."""
    for i, (x, mx) in enumerate(bivalues):
        for y, my in bivalues[i + 1:]:
            if mx == my and y in PEERS[x]:
                for d in digits_of(mx):
                    lists.add_pair(d, x, y)
    in_unit: dict[int, list[tuple[int, int]]] = {}
    for cell, mask in bivalues:
        for u in CELL_UNITS[cell]:
            in_unit.setdefault(u, []).append((cell, mask))
    for unit in range(27):
        cells = in_unit.get(unit, [])
        for i in range(len(cells)):
            for j in range(i + 1, len(cells)):
                for k in range(j + 1, len(cells)):
                    trio = (cells[i], cells[j], cells[k])
                    masks = {m for _, m in trio}
                    union = cells[i][1] | cells[j][1] | cells[k][1]
                    if len(masks) != 3 or bin(union).count("1") != 3:
                        continue
                    for d in digits_of(union):
                        holders = [c for c, m in trio if m >> d & 1]
                        lists.add_pair(d, holders[0], holders[1])


def _make_locks(state: SudokuState, lists: PairLists, later_round: bool) -> None:
    """Prop. 7: two pair systems with the same cells make a locked pair; a unit whose empty
    cells, after its locks are pencilled in, are 3 cells of one segment makes a locked triple."""
    first_digit: dict[tuple[int, int], int] = {}
    for p in lists.pairs:
        key = (p.a, p.b)
        if key not in first_digit:
            first_digit[key] = p.digit
        elif first_digit[key] != p.digit:
            lists.add_lock(key, (1 << first_digit[key]) | (1 << p.digit))
    for unit in range(27):
        if state.empty[unit] < 3:
            continue
        pencil_cells, pencil_digits = lists.pencil(state, unit) if later_round else (0, 0)
        empties = tuple(c for c in state.empties(unit) if not pencil_cells >> c & 1)
        if len(empties) != 3 or len(units_containing(empties)) < 2:
            continue
        digits = state.missing(unit) & ~pencil_digits
        if bin(digits).count("1") == 3:
            lists.add_lock(empties, digits)


def _pair_and_lock(lists: PairLists, pair_start: int, lock_start: int) -> Step | None:
    """Principle 2(1), Prop. 5(3): a pair system whose one cell is a lock cell of other digits
    has its digit in the other cell (hidden/naked pair leaves a conjugate pair's other cell)."""
    for i, p in enumerate(lists.pairs):
        for j, lock in enumerate(lists.locks):
            if i < pair_start and j < lock_start:
                continue
            if lock.digits >> p.digit & 1:
                continue
            in_a, in_b = lock.mask >> p.a & 1, lock.mask >> p.b & 1
            if in_a == in_b:
                continue
            target = p.b if in_a else p.a
            held = digits_of(lock.digits)
            return _place(target, p.digit,
                          f"pair system {p.describe()} meets the locked cells "
                          f"{', '.join(cell_name(c) for c in lock.cells)} = {held}: "
                          f"{cell_name(target)} = {p.digit} (Prop. 5(3))",
                          "PAIRSUSYO pair+lock")
    return None


def _dependent_pairs(lists: PairLists, pair_start: int) -> Step | None:
    """Principle 2(2), Prop. 5(4): pair system W of digit s with a cell in the pair unit of
    another pair system V of s (not a V cell) has s in its other cell."""
    by_digit: dict[int, list[tuple[int, PairSystem]]] = {}
    for i, p in enumerate(lists.pairs):
        by_digit.setdefault(p.digit, []).append((i, p))
    for i, v in enumerate(lists.pairs):
        for j, w in by_digit[v.digit]:
            if i == j or (i < pair_start and j < pair_start):
                continue
            out_a, out_b = v.others >> w.a & 1, v.others >> w.b & 1
            if out_a == out_b:
                continue
            target = w.b if out_a else w.a
            return _place(target, w.digit,
                          f"{v.describe()} rules out {cell_name(w.other(target))}, so pair "
                          f"system {w.describe()} puts {w.digit} at {cell_name(target)} "
                          f"(Prop. 5(4))", "PAIRSUSYO dependent pairs")
    return None


def _reduced_unit_singles(state: SudokuState, lists: PairLists) -> Step | None:
    """Principle 2(3): pencil a unit's locks in and apply singles to the >= 3 cells left."""
    for unit in range(27):
        if state.empty[unit] == 0:
            continue
        pencil_cells, pencil_digits = lists.pencil(state, unit)
        empties = [c for c in state.empties(unit) if not pencil_cells >> c & 1]
        if len(empties) < 3:
            continue
        missing = state.missing(unit) & ~pencil_digits
        seen = [state.seen(c) | pencil_digits for c in empties]
        for d in DIGITS:
            if not missing >> d & 1:
                continue
            free = [c for c, s in zip(empties, seen, strict=True) if not s >> d & 1]
            if len(free) == 1:
                return _place(free[0], d, f"{unit_name(unit)} without its locked cells: only "
                                          f"{cell_name(free[0])} can take {d}",
                              "PAIRSUSYO reduced unit hidden")
        for c, s in zip(empties, seen, strict=True):
            free_digits = ALL_DIGITS & ~s
            if free_digits and not free_digits & (free_digits - 1):
                d = free_digits.bit_length() - 1
                return _place(c, d, f"{unit_name(unit)} without its locked cells: "
                                    f"{cell_name(c)} sees all digits but {d}",
                              "PAIRSUSYO reduced unit naked")
    return None

def pair_processing(state: SudokuState) -> PairProcessingResult:
    """Technique 6, ``PAIRSUSYO`` + ``PLTUNAGISYO`` (see the module docstring for the rounds).

    Modern coverage (digest §8.2): conjugate pairs, locked candidates, hidden/naked pairs,
    cyclic naked triples, box/line triples, X-wing and other single-digit chains with peer
    ends, and a conjugate-pair forcing chain. Choice: the bivalue list handed to contradiction
    processing is rebuilt at the end of every call (the listing can leave a stale one from an
    earlier call, digest §8.4).
    """
    lists = PairLists()
    round_no = 1
    while True:
        later = round_no >= 2
        pair_start, lock_start = len(lists.pairs), len(lists.locks)
        step = _build_pairs_in_units(state, lists, later)
        if step is None and later:
            step = chaining(state, lists, pair_start)
            if step is None:
                _bivalue_pairs(_bivalue_cells(state, lists), lists)
        if step is None:
            _make_locks(state, lists, later)
            step = (_pair_and_lock(lists, pair_start, lock_start)
                    or _dependent_pairs(lists, pair_start)
                    or _reduced_unit_singles(state, lists))
        if step is not None:
            return PairProcessingResult(step)
        if len(lists.pairs) == pair_start:
            break
        round_no += 1
    step = proposition10(state, lists.pairs)
    return PairProcessingResult(step, lists.pairs, _bivalue_cells(state, lists))

