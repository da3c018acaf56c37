"""Empty-cell processing: Sato's techniques 2, 3 and 5 and proposition 4 (paper §2.2, §3),
the routines ``AKIMASUSYUHO``, ``BIGAKIMASUSYUHO``, ``SPEAKIMSSYO`` and ``SPEAKIMSLV2``.

All of these are singles in modern terms; the paper grades them by how many empty cells the
unit has and by the special layouts that make the exclusions easy to see (Prop. 3). Every
function returns the first placement found in the paper's scan order (rows, columns, blocks;
digits ascending; digest §5.3), or ``None``; the driver writes it.
"""

from __future__ import annotations

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.catalogue import single
from pencilsat.grading.sudoku.state import (
    ALL_DIGITS,
    CELL_UNITS,
    DIGITS,
    UNITS,
    SudokuState,
    cell_name,
    unit_name,
)


def _technique(n: int, kind: str) -> str:
    if n <= 2:
        return f"AKIMASUSYUHO n={n}"
    routine = "AKIMASUSYUHO" if n <= 4 else "BIGAKIMASUSYUHO"
    return f"{routine} n={n} {kind}"


def hidden_single_in_unit(
    state: SudokuState, unit: int, empties: list[int], technique: str
) -> Step | None:
    """Principle 1-1) on one unit: a missing digit seen by all but one empty cell goes there.

    A digit seen by every empty cell (a contradiction, only possible inside a trial) is
    skipped, as in the listing (digest §3.3).
    """
    n = len(empties)
    if n < 2:
        return None
    used = state.used
    once = twice = 0
    free = []                         # per empty cell, the digits it does not see
    for c in empties:
        r, k, b = CELL_UNITS[c]
        f = ~(used[r] | used[k] | used[b])
        twice |= once & f
        once |= f
        free.append(f)
    lone = once & ~twice & state.missing(unit)   # missing digits only one cell can take
    if not lone:
        return None
    d = (lone & -lone).bit_length() - 1
    cell = next(c for c, f in zip(empties, free, strict=True) if f >> d & 1)
    return single(technique, cell, d,
                  f"{unit_name(unit)} has {n} empty cells; {d} is seen by all but "
                  f"{cell_name(cell)}, so {cell_name(cell)} = {d}")


def naked_single_in_unit(
    state: SudokuState, unit: int, empties: list[int], technique: str
) -> Step | None:
    """Principle 1-2): an empty cell that sees eight digits takes the ninth."""
    for c in empties:
        free = ALL_DIGITS & ~state.seen(c)
        if free and not free & (free - 1):
            d = free.bit_length() - 1
            return single(technique, c, d,
                          f"{cell_name(c)} in {unit_name(unit)} ({len(empties)} empty cells) "
                          f"sees all digits but {d}, so {cell_name(c)} = {d}")
    return None


def n_empty_cell(state: SudokuState, n: int, naked: bool) -> Step | None:
    """Techniques 2 and 3, ``AKIMASUSYUHO`` / ``BIGAKIMASUSYUHO`` (paper §3, digest §3.3).

    Modern: full house (n = 1), hidden single, naked single. Only units with **exactly** n
    empty cells are looked at (digest §8.3-2); for n = 1 the missing digit is written without
    checking that the cell does not see it, so a contradiction inside a trial shows up as a
    duplicate. Part (b), the naked single, runs only when ``naked`` (the listing's
    ``JYOGTY = 2``) and only after part (a) failed on that unit. For n = 2 the driver runs the
    hidden test only: there the two tests find the same cells (digest §3.1, §5.2 state quirk).
    """
    empty = state.empty
    if n not in empty:                # most calls: no unit has exactly n empty cells
        return None
    for unit in range(27):
        if empty[unit] != n:
            continue
        empties = state.empties(unit)
        if n == 1:
            d = state.missing(unit).bit_length() - 1
            if d < 1:
                continue
            return single(_technique(1, ""), empties[0], d,
                          f"{cell_name(empties[0])} is the last empty cell of "
                          f"{unit_name(unit)}, so it is {d}")
        step = hidden_single_in_unit(state, unit, empties, _technique(n, "hidden"))
        if step is None and naked:
            step = naked_single_in_unit(state, unit, empties, _technique(n, "naked"))
        if step is not None:
            return step
    return None


def _segment_gate(state: SudokuState, unit: int, empties: list[int], k: int) -> bool:
    """The gate of technique 5 (digest §3.5): exclusions come from one segment.

    Line unit: the first block holding exactly ``k`` of the line's empty cells must contain a
    missing digit of the line. Block unit: some row or column crossing the block through
    exactly ``k`` of its empty cells must contain a missing digit of the block.
    """
    missing = state.missing(unit)
    if unit < 18:
        counts: dict[int, int] = {}
        for c in empties:
            b = CELL_UNITS[c][2]
            counts[b] = counts.get(b, 0) + 1
        for b, count in counts.items():  # insertion order = order along the line
            if count == k:
                return bool(state.used[b] & missing)
        return False
    lines: dict[int, int] = {}
    for kind in (0, 1):  # all rows first, then all columns (the listing's order)
        for c in empties:
            line = CELL_UNITS[c][kind]
            lines[line] = lines.get(line, 0) + 1
    return any(count == k and state.used[line] & missing for line, count in lines.items())


def modified_n_empty_cell(state: SudokuState, n: int) -> Step | None:
    """Technique 5, modified n-empty-cell technique: ``SPEAKIMSSYO`` (n = 3) and the first half
    of ``SPEAKIMSLV2`` (n = 5) (paper Prop. 3, digest §3.5). Modern: hidden single.

    Ambiguity (digest §3.5, §8.3-4), resolved as in the listing: the segment layout is a *gate*
    on the unit (k = n-1 excluded cells in one segment for n = 3, k = 3 for n = 5); once the
    gate passes, the ordinary hidden-single search runs over **all** the unit's missing digits,
    so the digit placed need not be the one that opened the gate.
    """
    k = n - 1 if n <= 4 else 3
    technique = "SPEAKIMSSYO n=3" if n == 3 else f"SPEAKIMSLV2 n={n}"
    for unit in range(27):
        if state.empty[unit] != n:
            continue
        empties = state.empties(unit)
        if not _segment_gate(state, unit, empties, k):
            continue
        step = hidden_single_in_unit(state, unit, empties, technique)
        if step is not None:
            return step
    return None


_CORNERS = ((0, 0), (0, 2), (2, 0), (2, 2))


def filled_corner_block(state: SudokuState) -> Step | None:
    """Proposition 4, second half of ``SPEAKIMSLV2`` (digest §3.6). Modern: hidden single in a
    block.

    A block with three filled corners and one empty corner ``a``: a digit missing from the
    block that is written in both the block's middle row and middle column (outside the
    block) can only go in ``a``. Corners are tested top-left, top-right, bottom-left,
    bottom-right; digits ascending. As in the listing, ``a`` is not checked against the digit:
    inside a trial a wrong placement shows up as a duplicate.
    """
    grid = state.grid
    for b in range(9):
        top, left = (b // 3) * 3, (b % 3) * 3
        corners = [(top + i) * 9 + left + j for i, j in _CORNERS]
        empty = [c for c in corners if not grid[c]]
        if len(empty) != 1:
            continue
        a = empty[0]
        middle_row, middle_col = top + 1, 9 + left + 1
        candidates = state.missing(18 + b) & state.used[middle_row] & state.used[middle_col]
        for d in DIGITS:
            if candidates >> d & 1:
                return single("SPEAKIMSLV2 prop4", a, d,
                              f"block {b + 1} has three filled corners; {d} is in its middle "
                              f"row and middle column, so the empty corner {cell_name(a)} = {d}")
    return None



def single_options(state: SudokuState) -> int:
    """How many empty cells a single could fill now: a naked single (the cell sees eight
    digits) or a hidden single in a unit of any size, exclusion being only "sees" as
    everywhere in the paper. The grader logs it as each step's ``options`` (the bottleneck
    measure of the score); the techniques themselves never read it."""
    grid = state.grid
    free = [0 if grid[c] else ALL_DIGITS & ~state.seen(c) for c in range(81)]
    cells = 0
    for c in range(81):
        f = free[c]
        if f and not f & (f - 1):
            cells |= 1 << c
    for unit, members in enumerate(UNITS):
        once = twice = 0
        for c in members:
            f = free[c]
            twice |= once & f
            once |= f
        lone = once & ~twice & state.missing(unit)
        if not lone:
            continue
        for c in members:
            if free[c] & lone:
                cells |= 1 << c
    return cells.bit_count()
