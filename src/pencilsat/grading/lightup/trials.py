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

from collections.abc import Set
from dataclasses import dataclass, replace

from pencilsat.grading.lightup.finder import Finder, KeyStamps
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
    free = [i for i, code in enumerate(state) if code == UNKNOWN]
    nbrs, number = geo.nbrs, geo.number
    beside_clue = {j for c in geo.clues for j in nbrs[c] if state[j] == UNKNOWN
                   and sum(1 for k in nbrs[c] if state[k] == LIGHT) < number[c]}
    pair_cells: set[int] = set()
    seg_unknown, hseg, vseg = board.seg_unknown, geo.hseg, geo.vseg
    for i in free:  # cells that only two free cells (i among them) can light
        across, down = seg_unknown[hseg[i]], seg_unknown[vseg[i]]
        # the two segments share only i, which is in both
        if len(across) + len(down) == 3:
            pair_cells |= across | down
    for i in (i for i, code in enumerate(state) if code == NO_LIGHT):
        across, down = seg_unknown[hseg[i]], seg_unknown[vseg[i]]
        if len(across) + len(down) == 2:
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
    when it stalls or reaches the limit first. A trial of the grade's own finder that
    stalled is remembered and, while :func:`_stalls_again` holds, not rerun."""
    if limit == 0:  # only the assumption itself can be refuted: no finder needed
        return _refute_at_once(board, cell, light)
    stamps = finder.stamps if inner == 0 else None
    if stamps is not None:
        stalled = _stalls_again(board, stamps, cell, light)
        if stalled is not None:  # the same run, the same work counted
            if budget is not None:
                budget[0] -= board.n * (stalled + 1 if limit is None
                                            else min(stalled + 1, limit))
            return None
    trial = board.copy()
    keys: set[int] | None = None if stamps is None else set()
    branch = finder.branch(trial, keys)
    touched: set[int] = set()
    depth = 0
    work = board.n  # a deduction's weight in the budget
    try:
        changed = branch.apply(Marks(lights=frozenset({cell})) if light
                               else Marks(no_light=frozenset({cell})))
        while True:
            if keys is not None:
                touched |= changed
            broken = trial.contradiction_near(changed)
            if broken is not None:
                return True, depth, broken
            if limit is not None and depth >= limit:
                return None
            if budget is not None:
                budget[0] -= work
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
    if stamps is not None and keys is not None:
        stamps.memo[cell, light] = StalledTrial(stamps.step, touched, depth,
                                                board.unlit - trial.unlit, keys,
                                                branch.watched_keys(), trial.virtual)
    return None


class StalledTrial:
    """A trial of the grade's own finder that stalled (see :func:`_stalls_again`): the main
    ``step`` it ran after, the keys it changed (``touched``), its ``depth`` and the cells it
    ``lit``. What it read (:meth:`keys`) is put together only when asked, from the anchors
    it settled without a call (``settled``), the keys its branch still watched
    (``watched``) and the virtual clues it ended with."""

    __slots__ = ("step", "touched", "depth", "lit", "settled", "watched", "virtual", "read")

    def __init__(self, step: int, touched: set[int], depth: int, lit: int, settled: set[int],
                 watched: tuple[tuple[int, ...], list[tuple[int, Set[int], Marks | None]]],
                 virtual: dict[int, tuple[frozenset[int], ...]]) -> None:
        self.step, self.touched, self.depth, self.lit = step, touched, depth, lit
        self.settled, self.watched, self.virtual = settled, watched, virtual
        self.read: set[int] | None = None

    def keys(self, board: Board) -> set[int]:
        """What its evaluations read (the keys the branch still watched, the anchors it
        settled without a call) and its checks read, besides the keys it changed, on
        ``board`` (the main board, whose ``touched`` keys have not changed since: what
        :func:`_isolated_reads` reads of it is as it was)."""
        if self.read is None:
            registered, unregistered = self.watched
            read = set(registered)
            read.update(self.settled, *[reads for _, reads, _ in unregistered])
            read |= board.checked_keys(self.touched, self.virtual)
            read |= _isolated_reads(board, self.touched)
            read -= self.touched
            self.read = read
        return self.read


def _isolated_reads(board: Board, touched: set[int]) -> set[int]:
    """What T3 (isolated cell, kept without read records: :class:`Finder`) would have read
    on a trial that changed ``touched``: the cells of every changed segment, and the
    segments of those still unknown on ``board`` (no other can fire there)."""
    geo, n, first_virtual = board.geo, board.n, board.first_virtual
    seg_unknown, seg_cells, hseg, vseg = board.seg_unknown, geo.seg_cells, geo.hseg, geo.vseg
    reads: set[int] = set()
    for key in touched:
        if n <= key < first_virtual:
            reads.update(seg_cells[key - n])
            for cell in seg_unknown[key - n]:
                reads.add(n + hseg[cell])
                reads.add(n + vseg[cell])
    return reads


def _refute_at_once(board: Board, cell: int, light: bool) -> tuple[bool, int, str] | None:
    """:func:`_follow` with ``limit`` 0: ``(True, 0, why)`` when writing the assumption
    meets a contradiction, else ``None`` (no work counted)."""
    trial = board.copy()
    changed: set[int] = set()
    try:
        if light:
            trial.place_light(cell, changed)
        else:
            trial.forbid(cell, changed)
    except ContradictionError as err:
        return True, 0, str(err)
    broken = trial.contradiction_near(changed)
    return None if broken is None else (True, 0, broken)


def _stalls_again(board: Board, stamps: KeyStamps, cell: int, light: bool) -> int | None:
    """The deductions of a remembered trial of ``cell`` that stalled, if the same
    assumption on ``board`` is sure to make the same deductions and stall again; else
    ``None``.

    It is when nothing the trial read or changed (its ``keys`` and ``touched``, the checks'
    reads included) has changed since (so every evaluation it made gives the same, and no
    new virtual clue is on a cell the contradiction checks looked at: a new one counts as
    a change of its cells), no evaluation since read a key the trial changed (every anchor
    it did not re-evaluate finds nothing again: the board is stalled and the anchor reads
    nothing the trial changes) and the trial does not light the last unlit cells. The
    finder equals a full rescan, so the same evaluations give the same deductions in the
    same order."""
    remembered = stamps.memo.get((cell, light))
    if remembered is None:
        return None
    step, touched = remembered.step, remembered.touched
    changed = stamps.changed.__getitem__
    if (board.unlit == remembered.lit or max(map(changed, touched)) > step
            or max(map(stamps.read.__getitem__, touched)) > step
            or max(map(changed, remembered.keys(board)), default=0) > step):
        del stamps.memo[cell, light]
        return None
    return int(remembered.depth)
