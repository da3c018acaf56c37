"""Contradiction trials for Light Up, beyond the thesis: what the grader does when the 25
techniques stall, so that every unique puzzle gets a level and a score.

Kashima (2010) stops there and leaves the puzzle unrated (``faithful=True`` keeps that). A
solver who is stuck assumes something and follows it up: a trial assumes a light, or no
light, on one free cell, propagates on a copy of the board with the same 25 techniques in the
same order, and when that runs into a contradiction (a technique meets an impossible state, a
clue can no longer get its number, a white cell can no longer be lit, a restriction fails)
the opposite is certain. A trial that lights the whole board proves its assumption (the
front grades only puzzles proven unique). Only the conclusion is logged, one cell, with its
``trial`` record: the assumptions tried and the deductions the deciding one made.

The grader takes the shortest trial, the one that decides its cell in the fewest deductions,
as a solver looking for the easiest contradiction would; among equally short ones, the first
in the order a solver would look: free cells beside a clue that still needs lights, then the
two free cells that alone can light some cell, then the rest, each group in row-major order,
a light before no light. When no single assumption decides anything, trials nest: the
assumption's propagation may itself use trials one level shallower, up to ``MAX_DEPTH``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pencilsat.grading.lightup.finder import Finder
from pencilsat.grading.lightup.state import (
    LIGHT,
    NO_LIGHT,
    UNKNOWN,
    Board,
    ContradictionError,
    Marks,
)

MAX_DEPTH = 3
"""Deepest nesting tried; a 10x10 of the corpus never needs more than 2."""


@dataclass(frozen=True)
class TrialResult:
    """A decided cell: ``marks`` to apply (the opposite of a ``refuted`` assumption, or a
    proven one), the ``assumption`` in words, ``why`` it was decided, the ``attempts`` made in
    this search, the ``depth`` (deductions inside the deciding trial) and its ``nesting``."""

    marks: Marks
    assumption: str
    refuted: bool
    why: str
    attempts: int
    depth: int
    nesting: int


def candidate_cells(board: Board) -> list[int]:
    """Free cells in the order a solver tries them (see the module docstring)."""
    geo, state = board.geo, board.state
    free = [i for i in range(geo.n) if state[i] == UNKNOWN]
    beside_clue = {j for c in geo.clues for j in geo.nbrs[c] if state[j] == UNKNOWN
                   and sum(1 for k in geo.nbrs[c] if state[k] == LIGHT) < geo.number[c]}
    pair_cells: set[int] = set()
    seg_unknown, hseg, vseg = board.seg_unknown, geo.hseg, geo.vseg
    for i in range(geo.n):
        code = state[i]
        if code == UNKNOWN or code == NO_LIGHT:
            across, down = seg_unknown[hseg[i]], seg_unknown[vseg[i]]
            # the two segments share only i, which is in both when unknown
            if len(across) + len(down) - (code == UNKNOWN) == 2:
                pair_cells |= across | down
    order = {i: (0 if i in beside_clue else 1 if i in pair_cells else 2) for i in free}
    return sorted(free, key=lambda i: (order[i], i))


def find_trial(board: Board, finder: Finder, nesting: int = 1,
               budget: list[int] | None = None) -> TrialResult | None:
    """The shortest trial that decides a cell, with trials nested at most ``nesting``
    deep inside it; deeper nesting is tried only when no shallower trial decides anything.
    ``board`` must be stalled under ``finder``. ``budget`` (a one-item list) counts down the
    work inside trials, each deduction weighing the grid's cells (see :func:`_search`);
    ``None`` when nothing is decided."""
    for depth in range(1, nesting + 1):
        result = _search(board, finder, depth, budget)
        if result is not None:
            return result
    return None


def _search(board: Board, finder: Finder, nesting: int,
            budget: list[int] | None) -> TrialResult | None:
    """The shortest deciding trial: every candidate is followed, each only as far as the
    best one found so far (ties go to the earlier candidate). Once ``budget`` (work inside
    trials, shared by the whole grade) is spent: the best found so far, else the first
    later candidate that decides, however long its trial."""
    best: TrialResult | None = None
    attempts = 0
    name = board.geo.cell
    for cell, light in ((cell, light) for cell in candidate_cells(board)
                        for light in (True, False)):
        spent = budget is not None and budget[0] <= 0
        if spent and best is not None:
            break
        attempts += 1
        limit = None if best is None else best.depth - 1
        outcome = _follow(board, finder, cell, light, nesting - 1, budget, limit)
        if outcome is None:
            continue
        refuted, depth, why = outcome
        r, c = name(cell)
        said = f"a light on ({r},{c})" if light else f"no light on ({r},{c})"
        if refuted == light:
            marks = Marks(no_light=frozenset({cell}))
        else:
            marks = Marks(lights=frozenset({cell}))
        best = TrialResult(marks, said, refuted, why, attempts, depth, nesting)
        if depth == 0 or spent:
            return best
    if best is not None:
        best = replace(best, attempts=attempts)
    return best


def _follow(board: Board, finder: Finder, cell: int, light: bool, inner: int,
            budget: list[int] | None, limit: int | None = None
            ) -> tuple[bool, int, str] | None:
    """Propagate one assumption on a copy, at most ``limit`` deductions: ``(True, depth,
    why)`` when it is refuted, ``(False, depth, why)`` when it lights the board, ``None``
    when it stalls or reaches the limit first."""
    trial = board.copy()
    branch = finder.branch(trial)
    depth = 0
    try:
        changed = branch.apply(Marks(lights=frozenset({cell})) if light
                               else Marks(no_light=frozenset({cell})))
        while True:
            broken = trial.contradiction_near(changed)
            if broken is not None:
                return True, depth, broken
            if limit is not None and depth >= limit:
                return None
            if budget is not None:
                budget[0] -= board.geo.n
            hit = branch.next_application()
            if hit is not None:
                marks = hit.marks
            elif inner > 0 and not trial.solved():
                nested = find_trial(trial, branch, inner, budget)
                if nested is None:
                    break
                marks = nested.marks
            else:
                break
            changed = branch.apply(marks)
            depth += 1
    except ContradictionError as err:
        return True, depth, str(err)
    if trial.solved():
        return False, depth, "it lights every cell with every clue met"
    return None
