"""The lazy single-loop search every loop genre shares: solve, split the model into its loops,
return the one that is an answer, cut the others away, solve again on the same solver.

The CNF holds only local rules (degree and clues), so a model is a set of disjoint closed
loops. Two ways to say which loop is an answer:

- **marked points** (Masyu's pearls): a loop through every marked point is an answer by
  itself; the model's other loops are dropped, since the local rules only look along the
  loop. A marked point may carry a *guard* literal: it counts only while the guard is
  assumed (the generator's trials, which drop pearls one at a time on one solver).
- **strict** (Slitherlink, Yajilin): the model must be exactly one loop; every clue counts
  all edges, so no loop can be dropped.

Cuts, for every loop of a non-answer model at once (``LoopCuts``):

- exact: *not all of this loop's edges*. Sound when the loop misses a marked point (or, in
  strict mode, when another loop's edge is used: a clause ``not all of L, or not e``), since an
  answer containing all edges of a closed loop would be that loop.
- region: *some edge crosses the border of the area the loop encloses* (its points and all
  points inside), when the answer has points on both sides: a marked point inside and one
  outside, or (strict) one of the loop's edges and another loop's edge outside the area.
- grown region: the same area grown by a few points through points no loop of the model
  touches, which ends the stalemates where a loop is shifted by one point per call.

Masyu's measurements of each cut are in ``docs/experiments/masyu-lazy.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import clause_adder
from pencilsat.backends.pysat_calls import solve_until
from pencilsat.core.record import FrozenRecord
from pencilsat.core.result import TimeLimitReached
from pencilsat.encodings.clause_arrays import Clause
from pencilsat.encodings.loops.components import (
    NUMPY_MIN_EDGES,
    crossing_edges,
    enclosed_area,
    forbid_loop,
    grown_area,
    label_loops,
    off_loop_cells,
    used_edges,
    walk_loops,
)
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.loops.swap_cuts import swap_cuts

CUTS = ("region", "loop", "boundary", "both")


class LoopCuts(FrozenRecord):
    """How a loop search cuts a model's wrong loops.

    ``cut``: ``loop`` (exact cuts only), ``region`` (exact cuts, and region cuts for loops of
    at least ``region_min`` points other than the model's largest), ``boundary`` (some edge
    leaves the loop's own points, instead of the exact cut) or ``both``. ``grow_after``:
    grown region cuts (by ``grown_steps`` points, for loops of at least ``grown_min``
    points) from the call after this many calls; ``None``: never. ``cut_largest``: an exact
    cut for the model's largest loop too (the others' cuts already forbid the model).
    ``swap_after``: marked mode, the proof adds the swap cuts of
    :mod:`~pencilsat.encodings.loops.swap_cuts` after this many calls without a second
    answer; ``None``: never.
    """

    __slots__ = ("cut", "region_min", "grown_min", "grown_steps", "grow_after", "cut_largest",
                 "swap_after")
    cut: str
    region_min: int
    grown_min: int
    grown_steps: int
    grow_after: int | None
    cut_largest: bool
    swap_after: int | None

    def __init__(self, cut: str = "loop", region_min: int = 16, grown_min: int = 64,
                 grown_steps: int = 2, grow_after: int | None = None, cut_largest: bool = True,
                 swap_after: int | None = None) -> None:
        if cut not in CUTS:
            from pencilsat.core.errors import InputError

            raise InputError(f"unknown cut {cut!r}", source="cut",
                             hint="choose one of: " + ", ".join(CUTS))
        for name, value in (("cut", cut), ("region_min", region_min), ("grown_min", grown_min),
                            ("grown_steps", grown_steps), ("grow_after", grow_after),
                            ("cut_largest", cut_largest), ("swap_after", swap_after)):
            object.__setattr__(self, name, value)


EXACT_CUTS = LoopCuts()
"""The default: exact cuts only."""


class Marks:
    """The points every answer visits, and optionally a guard literal and a rank per point.

    ``ids`` are point ids; ``guards[k]`` (0: none) is assumed while point ``ids[k]`` counts;
    ``kept[k]`` says whether it counts now. A cut that relies on a point carries its guard
    negated, so it lapses with the point; ``rank`` orders the points as guards (the highest
    that fits is used: a cut guarded by a point dropped later dies sooner).
    """

    def __init__(self, ids: Sequence[int], points: int, guards: Sequence[int] | None = None):
        self.ids = np.asarray(ids, dtype=np.int64)
        self.guards = None if guards is None else np.asarray(guards, dtype=np.int64)
        self.kept = np.ones(len(self.ids), dtype=bool)
        self.rank = np.zeros(len(self.ids), dtype=np.int64)
        self.points = points
        self._refresh()

    def _refresh(self) -> None:
        self.mask = np.zeros(self.points, dtype=bool)
        self.mask[self.ids[self.kept]] = True
        self.total = int(self.kept.sum())

    def set_kept(self, kept: np.ndarray) -> None:
        self.kept = kept
        self._refresh()

    def assumptions(self) -> list[int]:
        return [] if self.guards is None else self.guards[self.kept].tolist()


class LoopSearch:
    """Answers of a loop genre from one incremental PySAT solver (see the module docstring).

    An answer is the list of its edge variables; ``forbid`` blocks one (*not all of these
    edges*: a model with all of them contains that loop, which is the same answer).
    ``marks=None`` is strict mode."""

    def __init__(self, solver: Any, grid: GridEdges, deadline: float | None,
                 cuts: LoopCuts = EXACT_CUTS, marks: Marks | None = None) -> None:
        self.solver = solver
        self._add_clause = clause_adder(solver)
        self.grid = grid
        self.deadline = deadline
        self.cuts = cuts
        self.marks = marks
        self.grow_after = cuts.grow_after if cuts.cut == "region" else None
        self.calls = 0
        self.cut_count = 0
        self.regions = 0
        self.grown_cuts = 0
        self.swap_cuts = 0
        self.added = 0
        self._model: list[int] = []
        self._used: np.ndarray | None = None
        self._free: np.ndarray | None = None
        self._swap_answer: list[int] | None = None
        self._swap_at = 0
        self._forbidden: set[tuple[int, ...]] = set()
        self._demands: list[tuple[np.ndarray, np.ndarray]] = []
        self._top = 0

    # ------------------------------------------------------------ the AnswerSearch contract

    def next_answer(self) -> list[int] | None:
        """Edge variables of the next loop that is an answer; ``None`` when none is left."""
        return self._next_answer([])

    def _next_answer(self, extra: list[int]) -> list[int] | None:
        while True:
            if self._swap_answer is not None and self.calls >= self._swap_at:
                assert self.marks is not None
                for clause in swap_cuts(self.grid, self._swap_answer, self.marks.mask):
                    self.add(clause)
                    self.swap_cuts += 1
                self._swap_answer = None
            self.calls += 1
            if not self._solve(extra):
                return None
            loops, counts = self._loops(self.solver.get_model())
            found = self._answer_index(loops, counts)
            if found is not None:
                answer = self._edges_of(loops, found)
                if self._meets_demands(answer):
                    return answer
                self._cut_others(loops, counts, found)
                continue
            self._free = None
            if self.marks is None:
                self._cut_strict(loops)
            else:
                self._cut_marked(loops, counts)

    # ------------------------------------------------------------ answer atoms (the desk)

    def atom_values(self, answer: list[int]) -> np.ndarray:
        """Per edge variable (position ``v - 1``), whether ``answer`` uses it."""
        values = np.zeros(len(self.grid), dtype=bool)
        values[np.asarray(answer, dtype=np.int64) - 1] = True
        return values

    def forbid_agreeing(self, positions: Sequence[int], values: Sequence[bool]) -> None:
        """Some edge at ``positions`` takes another value than ``values`` says. A model may
        meet the clause with a loop that is then dropped (marked mode), so the demand is
        kept and checked on the answer loop too (:meth:`_meets_demands`)."""
        where = np.asarray(positions, dtype=np.int64)
        wanted = np.asarray(values, dtype=bool)
        self._demands.append((where, wanted))
        self.add(np.where(wanted, -(where + 1), where + 1).tolist())

    def next_answer_differing(self, position: int, value: bool) -> list[int] | None:
        """An answer whose edge at ``position`` is not ``value``, for this call only (a
        fresh guard literal, assumed now and retired after)."""
        self._top = max(self._top, self.solver.nof_vars()) + 1
        guard = self._top
        literal = -(position + 1) if value else position + 1
        self.add([-guard, literal])
        self._demands.append((np.array([position]), np.array([value])))
        try:
            return self._next_answer([guard])
        finally:
            self._demands.pop()
            self.add([-guard])

    def _meets_demands(self, answer: list[int]) -> bool:
        """Whether ``answer`` differs from every forbidden combination of atom values."""
        if not self._demands:
            return True
        values = self.atom_values(answer)
        return all(bool((values[where] != wanted).any()) for where, wanted in self._demands)

    def _cut_others(self, loops: Any, counts: list[int], found: int) -> None:
        """The model's answer loop is forbidden by a demand that its other loops met: cut
        those loops (none has a marked point, so none is part of an answer)."""
        for i in range(len(loops)):
            if i != found:
                self.cut_count += 1
                self.add(forbid_loop(loops[i][0]))

    def forbid(self, answer: list[int]) -> None:
        """Block ``answer`` (once: forbidding it again adds nothing, as the generator's
        trials start every proof from the same known answer)."""
        key = tuple(sorted(answer))
        if key in self._forbidden:
            return
        self._forbidden.add(key)
        if self.marks is not None and self.cuts.swap_after is not None:
            self._swap_answer = answer
            self._swap_at = self.calls + self.cuts.swap_after
        self.add(forbid_loop(answer))

    # ------------------------------------------------------------ pieces

    def add(self, clause: Clause) -> None:
        self._add_clause(clause)
        self.added += 1

    def _solve(self, extra: list[int]) -> bool:
        """One SAT call, in conflict-budget slices when a deadline is set."""
        assumptions = self.marks.assumptions() if self.marks is not None else []
        answer = solve_until(self.solver, self.deadline, assumptions + extra)
        if answer is None:
            raise TimeLimitReached()
        return answer

    def _loops(self, model: list[int]) -> tuple[Any, list[int]]:
        """The model's loops and the marked points on each. Small grids walk them in Python;
        from ``NUMPY_MIN_EDGES`` edges they stay numpy arrays (labelled, counted and cut
        without Python lists)."""
        marks = self.marks
        if len(self.grid) < NUMPY_MIN_EDGES:
            loops = walk_loops(self.grid, model)
            self._model, self._used = model, None
            if marks is None:
                return loops, []
            mask = marks.mask
            return loops, [int(mask[points].sum()) for _, points in loops]
        self._used = used_edges(self.grid, model)
        labels = label_loops(self.grid, self._used)
        if marks is None:
            return labels, []
        return labels, labels.marked_counts(marks.mask).tolist()

    def _answer_index(self, loops: Any, counts: list[int]) -> int | None:
        """The model's loop that is an answer, or ``None``."""
        if self.marks is None:
            if len(loops) == 0:
                raise ValueError("a strict loop search needs a clause that some edge is used")
            return 0 if len(loops) == 1 else None
        total = self.marks.total
        return next((i for i, count in enumerate(counts) if count == total), None)

    @staticmethod
    def _edges_of(loops: Any, i: int) -> list[int]:
        edge_vars = loops[i][0]
        return edge_vars.tolist() if isinstance(edge_vars, np.ndarray) else list(edge_vars)

    def _cut_marked(self, loops: Any, counts: list[int]) -> None:
        marks = self.marks
        assert marks is not None
        sizes = [len(points) for _, points in loops]
        largest = max(range(len(loops)), key=sizes.__getitem__)
        guarded = marks.guards is not None
        loop_of = self._loop_of(loops, sizes) if guarded else None
        for i, ((edge_vars, points), count) in enumerate(zip(loops, counts, strict=True)):
            self.cut_count += 1
            has_mark = count > 0
            exact = i != largest or self.cuts.cut_largest or len(loops) == 1
            if exact and (self.cuts.cut != "boundary" or not has_mark):
                guard = [-self._guard_off(loop_of, i)] if guarded else []
                self.add([*forbid_loop(edge_vars), *guard])
            if not has_mark:
                continue
            if self.cuts.cut in ("boundary", "both"):
                self.add(crossing_edges(self.grid, points))
            elif (self.cuts.cut == "region" and i != largest
                  and len(points) >= self.cuts.region_min):
                area = enclosed_area(self.grid, edge_vars, points)
                if marks.mask[area].sum() >= marks.total:
                    continue  # every marked point is inside: the answer may not cross
                guard = self._guards_across(loop_of, i, area) if guarded else []
                self._region_cut(area, len(points), guard)

    def _cut_strict(self, loops: Any) -> None:
        """Each loop is cut with a witness: an edge of another loop (outside its area, for a
        region cut), which cannot be used together with all of this loop in one answer."""
        sizes = [len(points) for _, points in loops]
        order = sorted(range(len(loops)), key=lambda i: -sizes[i])
        largest, runner_up = order[0], order[1]
        first_edge = [int(edge_vars[0]) for edge_vars, _ in loops]
        for i, (edge_vars, points) in enumerate(loops):
            self.cut_count += 1
            other = runner_up if i == largest else largest
            if i != largest or self.cuts.cut_largest:
                self.add([*forbid_loop(edge_vars), -first_edge[other]])
            if (self.cuts.cut != "region" or i == largest
                    or len(points) < self.cuts.region_min):
                continue
            area = enclosed_area(self.grid, edge_vars, points)
            inside = np.zeros(self.grid.width * self.grid.height, dtype=bool)
            inside[area] = True
            outside = next((j for j in order if j != i and not inside[loops[j][1][0]]), None)
            if outside is not None:
                self._region_cut(area, len(points), [-first_edge[i], -first_edge[outside]])

    def _region_cut(self, area: np.ndarray, loop_points: int, guard: list[int]) -> None:
        self.add([*crossing_edges(self.grid, area), *guard])
        self.regions += 1
        if self._growing() and loop_points >= self.cuts.grown_min:
            grown = grown_area(self.grid, area, self._free_points(), self.cuts.grown_steps)
            if len(grown) > len(area):
                self.add([*crossing_edges(self.grid, grown), *guard])
                self.grown_cuts += 1

    def _loop_of(self, loops: Any, sizes: list[int]) -> np.ndarray:
        """Per point id, the loop it lies on (-1: none)."""
        loop_of = np.full(self.grid.width * self.grid.height, -1, dtype=np.int64)
        for i, (_, points) in enumerate(loops):
            loop_of[np.asarray(points, dtype=np.int64)] = i
        return loop_of

    def _ranked_kept(self) -> np.ndarray:
        """Positions (in ``marks.ids``) of the kept points, best guard first."""
        marks = self.marks
        assert marks is not None
        kept = np.flatnonzero(marks.kept)
        return kept[np.argsort(-marks.rank[kept], kind="stable")]

    def _guard_off(self, loop_of: np.ndarray | None, i: int) -> int:
        """The guard of the best kept point that is not on loop ``i``."""
        marks = self.marks
        assert marks is not None and marks.guards is not None and loop_of is not None
        ranked = self._ranked_kept()
        on = loop_of[marks.ids[ranked]]
        return int(marks.guards[ranked[int(np.argmax(on != i))]])

    def _guards_across(self, loop_of: np.ndarray | None, i: int,
                       area: np.ndarray) -> list[int]:
        """Negated guards of the best kept point on loop ``i`` and the best kept point
        outside ``area``: the region cut holds while both count."""
        marks = self.marks
        assert marks is not None and marks.guards is not None and loop_of is not None
        inside = np.zeros(len(marks.mask), dtype=bool)
        inside[area] = True
        ranked = self._ranked_kept()
        ids = marks.ids[ranked]
        on = ranked[int(np.argmax(loop_of[ids] == i))]
        out = ranked[int(np.argmax(~inside[ids]))]
        return [-int(marks.guards[on]), -int(marks.guards[out])]

    def _growing(self) -> bool:
        return self.grow_after is not None and self.calls > self.grow_after

    def _free_points(self) -> np.ndarray:
        """The points no loop of the current model touches, found once per model and only
        when a grown cut needs them."""
        if self._free is None:
            used = self._used
            if used is None:
                used = used_edges(self.grid, self._model)
            self._free = off_loop_cells(self.grid, used)
        return self._free
