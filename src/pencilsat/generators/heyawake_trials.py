"""Heyawake's answers and clue trials on incremental PySAT solvers with lazy connectivity.

The rules without numbers (``encodings.heyawake.build`` of the open puzzle: no two shaded
cells side by side, no unshaded run across two room borders) go into one solver; each room's
number is its count of shaded cells (``direct_exactly_clauses``: clauses of its own) behind
a selector literal, so a number counts exactly while its selector is assumed; the unshaded
cells' connectivity is cut lazily (``strategies.connected_search``). A cut says "one of these
cells is unshaded" around a region that a model walls off, whatever the numbers, so the cuts
stay for every later trial, as the learnt clauses do. A trial is the one uniqueness
procedure from the known answer (``selector_trials.GuardedTrials``, shared with the clause
genres' trials).

The answer is drawn the same way, on a solver of its own: the rules without numbers under
random phases, connectivity cut lazily. The complete clause list (connectivity as
reachability layers, quadratic in the cells) took 0.55 s to build per answer at 15x15 and
most of a 20x20's time; the trials by full solves rebuilt the encoding per trial.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import clause_adder, load_until
from pencilsat.core.rules import ClueRules
from pencilsat.encodings.cardinality import direct_exactly_clauses
from pencilsat.encodings.connectivity import ConnectivityCuts, ShadingEncoding
from pencilsat.generators.clue_answer import DrawnAnswer
from pencilsat.generators.selector_trials import GuardedTrials, add_guarded
from pencilsat.puzzles.heyawake import HeyawakePuzzle, HeyawakeSolution
from pencilsat.strategies.connected_runs import GROWN_CUTS
from pencilsat.strategies.connected_search import ConnectedSearch

SAT_SOLVER = "minisat22"
"""MiniSat 2.2 (the default strategy's solver after MiniCard): it follows the phases it is
given, so the same seed draws the same answer."""


def _rules(open_puzzle: HeyawakePuzzle, solver: Any) -> tuple[ShadingEncoding[Any],
                                                               ConnectedSearch]:
    """The rules without numbers loaded into ``solver``, and the lazy search over them."""
    from pencilsat.encodings.heyawake import build

    encoding = build(open_puzzle)
    load_until(solver, encoding.clauses, None)  # the ambient deadline
    cuts = ConnectivityCuts(encoding.graph, list(encoding.requirements), grow=GROWN_CUTS,
                            model_cuts=encoding.model_cuts)
    return encoding, ConnectedSearch(solver, cuts, list(encoding.answer), None)


def _shading(encoding: ShadingEncoding[Any], answer: tuple[bool, ...],
             open_puzzle: HeyawakePuzzle) -> np.ndarray:
    """The cells' shading of an answer of the search (its literals' truth)."""
    shaded = np.zeros(open_puzzle.width * open_puzzle.height, dtype=bool)
    lits = np.asarray(encoding.answer, dtype=np.int64)
    shaded[np.abs(lits) - 1] = np.asarray(answer, dtype=bool) == (lits > 0)
    return shaded.reshape(open_puzzle.height, open_puzzle.width)


def draw_answer(open_puzzle: HeyawakePuzzle, rng: random.Random) -> HeyawakeSolution | None:
    """A random answer of the rooms (module docstring)."""
    from pysat.solvers import Solver

    solver = Solver(name=SAT_SOLVER)
    try:
        encoding, search = _rules(open_puzzle, solver)
        solver.set_phases([v if rng.random() < 0.5 else -v
                           for v in range(1, encoding.num_vars + 1)])
        answer = search.next_answer()
    finally:
        solver.delete()
    if answer is None:
        return None
    return HeyawakeSolution(_shading(encoding, answer, open_puzzle))


DRAWS_PER_CANDIDATE = 10
"""Rooms and answers drawn per candidate of the loop's budget until every number pins one:
the numbers pin fewer answers as the grid grows (20x20, seeds 1-26, one draw a candidate:
2-141 draws per puzzle, and seed 27 none in 200), and a draw they do not pin costs one
trial (about 30 ms at 20x20)."""


def drawn(rng: random.Random, width: int, height: int
          ) -> tuple[HeyawakePuzzle, HeyawakeSolution] | None:
    """Rooms and an answer that every room's number pins, the first of at most
    :data:`DRAWS_PER_CANDIDATE` draws (``ClueGenre.drawn``); else the last one drawn (the
    trials then find it out at once)."""
    from pencilsat.core.registry import rules_of
    from pencilsat.generators.heyawake import open_puzzle

    made = None
    for _ in range(DRAWS_PER_CANDIDATE):
        rooms = open_puzzle(rng, width, height)
        answer = draw_answer(rooms, rng)
        if answer is None:
            continue
        made = rooms, answer
        clues = rules_of(rooms).clues
        assert clues is not None
        trials = RoomTrials(clues, DrawnAnswer(rooms, answer,
                                               list(clues.offered(rooms, answer))))
        try:
            trials.set_kept(np.ones(len(trials.rooms), dtype=bool))
            if trials.still_unique():
                return made
        finally:
            trials.close()
    return made


class RoomTrials(GuardedTrials):
    """:class:`~pencilsat.generators.loop.ClueTrials` of one Heyawake answer (module
    docstring): each room's number behind its selector (``selector_trials``)."""

    def __init__(self, rules: ClueRules, answer: DrawnAnswer) -> None:
        from pysat.solvers import Solver

        puzzle: HeyawakePuzzle = answer.open_puzzle
        self.puzzle = puzzle
        solver = Solver(name=SAT_SOLVER)
        self.encoding, search = _rules(puzzle, solver)
        shaded = np.asarray(answer.solution.shaded, dtype=bool)
        width = puzzle.width
        top = self.encoding.num_vars
        add = clause_adder(solver)
        self.rooms: list[np.ndarray] = []
        self.counts: list[int] = []
        selectors = []
        room_cells = puzzle.room_cells()
        for clue in answer.clues:
            cells = room_cells[int(puzzle.rooms[clue.cell])]
            flat = np.array([r * width + c for r, c in cells], dtype=np.int64)
            count = int(shaded.ravel()[flat].sum())
            clauses, top = direct_exactly_clauses([((flat + 1).tolist(), count)], top)
            top += 1
            add_guarded(add, top, clauses)
            selectors.append(top)
            self.rooms.append(flat)
            self.counts.append(count)
        lits = np.asarray(self.encoding.answer, dtype=np.int64)
        known = tuple((shaded.ravel()[np.abs(lits) - 1] == (lits > 0)).tolist())
        super().__init__(solver, search, np.array(selectors, dtype=np.int64), known)

        self.pinned: bool | None = None
        """Whether every number together pins the answer (``None``: not asked yet)."""

    def still_unique(self) -> bool:
        """The trial; the first asks with every number first, and an answer they do not pin
        is given up at once (no other answer breaks a number then: ``broken`` is empty)
        rather than after a number added per trial until none is left to add."""
        if self.pinned is None:
            kept = self.search.assumptions
            self.search.assumptions = self.selectors.tolist()
            self.pinned = super().still_unique()
            self.search.assumptions = kept
        if not self.pinned:
            self.witness = None
            return False
        return super().still_unique()

    def broken(self) -> list[int]:
        """The numbers the other answer of the last trial breaks."""
        if self.witness is None:
            return []
        other = _shading(self.encoding, self.witness, self.puzzle).ravel()
        return [i for i, (room, count) in enumerate(zip(self.rooms, self.counts, strict=True))
                if int(other[room].sum()) != count]


def room_trials(rules: ClueRules, answer: DrawnAnswer) -> RoomTrials:
    """The trials of ``answer`` (``ClueGenre.trials``)."""
    return RoomTrials(rules, answer)
