"""A pencil-mark grid for the score's forcing probe (:mod:`forcing`); not one of Sato's techniques.

Sato's grader keeps no candidate grid (state.py), so it cannot see the steps the Sudoku
Explainer scale turns on (fish, wings, chains). The probe needs one: ``candidates`` are the
digits a cell does not see, ``singles`` places naked and hidden singles in rounds (every
single open in a round is placed at once) and ``basic_closure`` adds the eliminations of the
classic basic techniques, locked candidates, naked and hidden subsets of 2-4 cells and fish of
2-4 lines, until nothing changes. Every elimination is sound, so on a puzzle with a unique
solution the grid never loses the solution's digit. A grid is ``(grid, cand)``: the digit of
each cell (0 empty) and, for empty cells, a bitmask of candidates (bit ``d`` for digit ``d``).
"""

from __future__ import annotations

from itertools import combinations

from pencilsat.grading.sudoku.state import ALL_DIGITS, CELL_UNITS, PEERS, UNIT_MASK, UNITS

PEER_LIST: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(p)) for p in PEERS)


def candidates(grid: list[int]) -> list[int]:
    """The candidate masks of ``grid``: the digits each empty cell does not see."""
    cand = [0] * 81
    for c in range(81):
        if not grid[c]:
            seen = 0
            for p in PEER_LIST[c]:
                seen |= 1 << grid[p]
            cand[c] = ALL_DIGITS & ~seen
    return cand


def _place(grid: list[int], cand: list[int], cell: int, digit: int) -> None:
    grid[cell], cand[cell] = digit, 0
    keep = ~(1 << digit)
    for p in PEER_LIST[cell]:
        cand[p] &= keep


def _open_singles(grid: list[int], cand: list[int]) -> dict[int, int] | None:
    """Every single open now, ``{cell: digit bit}``; ``None`` on a contradiction (a cell with
    no candidate, a unit missing a digit nowhere possible, two singles that clash)."""
    todo: dict[int, int] = {}
    for c in range(81):
        f = cand[c]
        if not grid[c]:
            if not f:
                return None
            if not f & (f - 1):
                todo[c] = f
    for members in UNITS:
        once = twice = have = 0
        for c in members:
            if grid[c]:
                have |= 1 << grid[c]
            else:
                twice |= once & cand[c]
                once |= cand[c]
        if once | have != ALL_DIGITS:
            return None
        lone = once & ~twice
        for c in members if lone else ():
            bit = cand[c] & lone
            if bit and not grid[c]:
                if bit & (bit - 1) or todo.get(c, bit) != bit:
                    return None
                todo[c] = bit
    return todo


def singles(grid: list[int], cand: list[int]) -> tuple[bool, int]:
    """Place singles round by round in place; returns (contradiction found, rounds placed)."""
    rounds = 0
    while True:
        todo = _open_singles(grid, cand)
        if todo is None:
            return True, rounds
        if not todo:
            return False, rounds
        rounds += 1
        for c, bit in todo.items():
            d = bit.bit_length() - 1
            if any(grid[p] == d for p in PEER_LIST[c]):
                return True, rounds
            _place(grid, cand, c, d)


def digit_positions(cand: list[int]) -> list[int]:
    """For each digit, the 81-bit mask of the cells that have it as a candidate."""
    pos = [0] * 10
    for c in range(81):
        m = cand[c]
        while m:
            low = m & -m
            m ^= low
            pos[low.bit_length() - 1] |= 1 << c
    return pos


def _remove(cand: list[int], cells: int, mask: int) -> bool:
    """Clear ``mask`` from the candidates of ``cells`` (an 81-bit mask); whether any went."""
    hit = False
    keep = ~mask
    while cells:
        low = cells & -cells
        cells ^= low
        c = low.bit_length() - 1
        if cand[c] & mask:
            cand[c] &= keep
            hit = True
    return hit


def _locked(cand: list[int]) -> bool:
    """Pointing and claiming: a digit confined to one line in a box (or one box in a line)."""
    pos = digit_positions(cand)
    for unit, inside in enumerate(UNIT_MASK):
        for d in range(1, 10):
            cells = pos[d] & inside
            if not cells & (cells - 1):   # fewer than two cells
                continue
            first = (cells & -cells).bit_length() - 1
            for other in CELL_UNITS[first]:   # the units holding every cell, ascending
                members = UNIT_MASK[other]
                if other != unit and not cells & ~members:
                    hit = pos[d] & members & ~inside
                    if hit:
                        return _remove(cand, hit, 1 << d)
    return False


def _subsets(cand: list[int]) -> bool:
    """Naked and hidden subsets of 2-4 cells in a unit."""
    for n in (2, 3, 4):
        for unit in UNITS:
            empty = [c for c in unit if cand[c]]
            if len(empty) <= n:
                continue
            small = [c for c in empty if cand[c].bit_count() <= n]
            for combo in combinations(small, n):
                mask = 0
                for c in combo:
                    mask |= cand[c]
                if mask.bit_count() == n:
                    rest = 0
                    for c in empty:
                        if c not in combo:
                            rest |= 1 << c
                    if _remove(cand, rest, mask):
                        return True
            where = [0] * 10          # per digit, the empty cells (as 81-bit masks) holding it
            present = 0
            for c in empty:
                m = cand[c]
                present |= m
                while m:
                    low = m & -m
                    m ^= low
                    where[low.bit_length() - 1] |= 1 << c
            for digits in combinations([d for d in range(1, 10) if present >> d & 1], n):
                cells = 0
                for d in digits:
                    cells |= where[d]
                if cells.bit_count() == n and _remove(
                        cand, cells, ALL_DIGITS & ~sum(1 << d for d in digits)):
                    return True
    return False


def _fish(cand: list[int]) -> bool:
    """X-wing, swordfish and jellyfish on rows (then columns) for each digit."""
    pos = digit_positions(cand)
    for n in (2, 3, 4):
        for base, cover in ((range(9), range(9, 18)), (range(9, 18), range(9))):
            for d in range(1, 10):
                where = pos[d]
                lines = []
                for line in base:
                    spots = 0
                    for i, c in enumerate(UNITS[line]):
                        if where >> c & 1:
                            spots |= 1 << i
                    if 2 <= spots.bit_count() <= n:
                        lines.append((UNIT_MASK[line], spots))
                for combo in combinations(lines, n):
                    covered = inside = 0
                    for cells, spots in combo:
                        covered |= spots
                        inside |= cells
                    if covered.bit_count() == n:
                        hit = 0
                        for i in range(9):
                            if covered >> i & 1:
                                hit |= UNIT_MASK[cover[i]]
                        hit &= where & ~inside
                        if hit:
                            return _remove(cand, hit, 1 << d)
    return False


def basic_closure(grid: list[int], cand: list[int]) -> None:
    """Singles and the basic eliminations, in place, until nothing changes (module doc)."""
    while True:
        singles(grid, cand)
        if 0 not in grid or not (_locked(cand) or _subsets(cand) or _fish(cand)):
            return
