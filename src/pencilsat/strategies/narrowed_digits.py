"""The ``direct`` run of Killer Sudoku: narrow the candidates by the houses, the cage sums and
the rule of 45, then branch on them in Python; a grid past the branch budget, or a run asked
for a count or a backbone, takes the complete clause list over the narrowed candidates on one
PySAT solver. (Jigsaw Sudoku's houses alone take the same path on bits,
:mod:`~pencilsat.strategies.latin_search`, which shares :func:`searched` and the budget.)

The branching search: narrow (:class:`~pencilsat.encodings.cage_sums.Narrowing`); a
contradiction ends the branch, a grid of single digits is an answer (the narrowing's rules
at their fixpoint are the genre's rules), else branch on an open cell with the fewest digits
left, one branch per digit, depth first, narrowing again from the groups of that cell.
Branches take different digits at a cell, so their answers differ and none is found twice:
forbidding an answer asks nothing of the search. A grid the first narrowing settles
(most janko puzzles of both genres) is proved with no branch at all. The effort figures
are this search's (``decisions``: branches tried, ``conflicts``: dead ends,
``propagations``: groups narrowed), a function of the puzzle alone, as its answers are.
Loading a 9x9 Killer Sudoku's 9,000 clauses into CaDiCaL alone cost 11 ms CPU; with the rule
of 45, 119 of 144 janko 9x9s settle with no branch, and the median whole solve through the
front is about a tenth of puzzlekit's (benchmarks/killersudoku_floor.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.encodings.cage_sums import Group, Narrowing, house_sum_groups, set_masks
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.latin import mask_rows
from pencilsat.puzzles.digit_houses import house_indices
from pencilsat.strategies.csp_solve import solve_clauses
from pencilsat.strategies.solution_space import asked
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

MAX_BRANCHES = 64
"""Branches tried before the search hands the grid to CDCL (the clause path). A grid that
needs more is one where CDCL's learning pays. CPU per puzzle, median (max) for budgets 4096,
256, 64 and 0: Tatham's 9x9 unreasonable Jigsaws 24.6 (295), 22.4 (51), 16.5 (25) and 6.9
(11) ms. The janko Jigsaws the singles leave open (52 of 204) 1.04, 1.05, 1.05 and 2.63 ms.
The janko Killers left open (17 of 182) 4.2, 4.4, 4.5 ms.
"""

CLOCK_EVERY = 64
"""Branches between two looks at the clock."""


class GaveUp(Exception):
    """The search passed :data:`MAX_BRANCHES`: the grid goes to the clause path."""


class BranchSearch:
    """Depth-first answers of ``narrowing`` from the root candidates ``masks`` (already
    narrowed, ``sets`` the groups' digit sets left), each a list of one-digit masks."""

    def __init__(self, narrowing: Narrowing, masks: list[int] | None,
                 sets: list[Sequence[int] | None], deadline: float | None,
                 max_branches: int) -> None:
        self.narrowing = narrowing
        self.stack: list[tuple[list[int], list[Sequence[int] | None], int]] = (
            [] if masks is None else [(masks, sets, -1)])
        self.deadline = deadline
        self.max_branches = max_branches
        self.decisions = 0
        self.conflicts = 0 if masks is not None else 1

    def next_answer(self) -> list[int] | None:
        run = self.narrowing.run
        groups_of = self.narrowing.groups_of
        stack = self.stack
        while stack:
            masks, sets, cell = stack.pop()
            if cell >= 0:
                self.decisions += 1
                if self.decisions > self.max_branches:
                    raise GaveUp
                if self.decisions % CLOCK_EVERY == 0:
                    check_clock(self.deadline, "search")
                if not run(masks, sets, groups_of[cell]):
                    self.conflicts += 1
                    continue
            best, fewest = -1, 1 << 30
            for i, mask in enumerate(masks):
                if mask & (mask - 1):
                    count = mask.bit_count()
                    if count < fewest:
                        best, fewest = i, count
                        if count == 2:
                            break
            if best < 0:
                return masks
            digits = masks[best]
            while digits:
                digit = digits & -digits
                digits ^= digit
                child = list(masks)
                child[best] = digit
                stack.append((child, list(sets), best))
        return None

    def forbid(self, answer: list[int]) -> None:
        """Nothing to do: no later branch holds ``answer``."""


def digit_groups(n: int, house_cells: Sequence[Sequence[int]],
                 cages: Sequence[tuple[Sequence[int], int | None]]) -> list[Group]:
    """The cages (their digit sets; distinct only without a sum), with cages the rule of
    45's innies and outies (over the rows, columns and boxes, the first ``3n`` houses; the
    X variant's diagonals after them hold 1..n too but take no part in it), then the houses
    (each holds 1..n), on row-major cell indices.
    In that order the first narrowing visits 8% fewer groups on a janko 9x9 Killer: the
    small groups settle cells before the houses are read."""
    full = (1 << (n + 1)) - 2
    digits = tuple(range(1, n + 1))
    groups: list[Group] = [
        (cells, None if total is None else set_masks(len(cells), total, digits))
        for cells, total in cages]
    if cages:
        groups += house_sum_groups(n, house_cells[:3 * n], cages)
    return groups + [(cells, (full,)) for cells in house_cells]


_KEPT: dict[Hashable, Any] = {}
"""Per box layout, the houses' cell indices: a function of the layout alone, read by every
later puzzle of that layout."""


def keep(key: Hashable, value: Any) -> None:
    """Store ``value`` in :data:`_KEPT`, emptied first past 256 layouts."""
    if len(_KEPT) >= 256:
        _KEPT.clear()
    _KEPT[key] = value


def run_narrowed(puzzle: Any, cages: Sequence[tuple[Sequence[int], int | None]],
                 decode: Callable[[Any], Any],
                 clauses: Callable[[float | None, Any], ClauseEncoding],
                 sat_solver: str | None, time_limit: float | None, layout: Hashable,
                 max_branches: int | None = None) -> SolveResult:
    """``puzzle`` (with ``givens``, ``boxes``, ``diagonal`` and ``size``) narrowed by its
    houses (the X variant's diagonals among them) and
    ``cages`` (row-major cell indices and sum) and searched by branching; ``layout``: a key
    of the houses (the boxes); ``decode`` makes a solution of a grid of digits,
    ``clauses(deadline, candidates)`` the complete clause list over the candidates left
    (the path of a count, a backbone, or a grid past ``max_branches``, ``None``:
    :data:`MAX_BRANCHES`)."""
    start = perf_counter()
    deadline = deadline_of(time_limit)
    n = puzzle.size
    full = (1 << (n + 1)) - 2
    root = [1 << v if v else full for v in puzzle.givens.ravel().tolist()]
    diagonal = bool(puzzle.diagonal)
    house_cells = _KEPT.get((n, layout, diagonal, "houses"))
    if house_cells is None:
        house_cells = house_indices(n, puzzle.boxes, diagonal)
        keep((n, layout, diagonal, "houses"), house_cells)
    groups = []
    for cells, options in digit_groups(n, house_cells, cages):
        if len(cells) == 1 and options is not None:  # a cell's digits, narrowed once here
            root[cells[0]] &= sum(options)
        else:
            groups.append((cells, options))
    narrowing = Narrowing(n * n, groups)
    sets = list(narrowing.first_sets)
    masks: list[int] | None = root
    try:
        check_clock(deadline)
        if not narrowing.run(root, sets, narrowing.start(root)):
            masks = None
    except TimeLimitReached:
        return stopped(puzzle, SolveStats(backend="cnf", encoding="direct"))
    if asked() is not None:
        can = (mask_rows(masks, n) if masks is not None
               else [[False] * n for _ in range(n * n)])
        return solve_clauses(puzzle, lambda: clauses(deadline, can), sat_solver=sat_solver,
                             time_limit=time_limit)
    search = BranchSearch(narrowing, masks, sets, deadline,
                          MAX_BRANCHES if max_branches is None else max_branches)

    def grid(answer: list[int]) -> Any:
        return decode(np.array([mask.bit_length() - 1 for mask in answer],
                               dtype=np.int16).reshape(n, n))

    return searched(puzzle, search, grid, lambda: mask_rows(masks or [], n), clauses,
                    start, deadline, sat_solver, time_limit, lambda: narrowing.visits)


def searched(puzzle: Any, search: Any, grid: Callable[[Any], Any],
             candidates: Callable[[], list[list[bool]]],
             clauses: Callable[[float | None, Any], ClauseEncoding], start: float,
             deadline: float | None, sat_solver: str | None, time_limit: float | None,
             propagations: Callable[[], int]) -> SolveResult:
    """``search`` (with ``decisions`` and ``conflicts``, raising :class:`GaveUp` past its
    budget) through the uniqueness procedure, ``grid`` making a solution of an answer; past
    the budget, the clause path over ``candidates()`` (the root's, as
    :func:`~pencilsat.encodings.latin.mask_rows` lists them). The figures are the search's,
    ``propagations()`` its measure of propagation; ``start``: when the run began."""
    stats = SolveStats(backend="cnf", encoding="direct", variables=0, clauses=0)
    stats.encode_s = perf_counter() - start
    try:
        result = solve_and_prove(puzzle, search, grid, stats)
    except GaveUp:
        can = candidates()
        return solve_clauses(puzzle, lambda: clauses(deadline, can), sat_solver=sat_solver,
                             time_limit=time_limit)
    stats.decisions, stats.conflicts = search.decisions, search.conflicts
    stats.propagations = propagations()
    stats.extra["settled_by"] = "narrowing" if not search.decisions else "branching"
    return result
