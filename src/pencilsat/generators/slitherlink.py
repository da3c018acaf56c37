"""Slitherlink for the generator loop: a random loop on the dots, a number per cell.

The answer is a random simple loop on the ``(W + 1) x (H + 1)`` lattice of dots, grown as
Masyu's generator grows its loops (``masyu.random_loop``: the boundary of a region of faces,
which here are the puzzle's cells). Clue ``i`` is cell ``i``'s number (row-major): how many
of its four sides the loop uses. The loop starts from no number and adds numbers the other
answer breaks until the loop is the only answer, then removes them along the chain.

The trials are the ``lazy`` strategy's search on one incremental solver: degree clauses,
"some line is used", and each number's clauses behind a selector literal. The one-loop
rule is left to the strict loop search (``strategies.loop_search``): its cuts ("not all of
this loop, or not that other loop's line") hold whatever the numbers, so every cut stays
valid while numbers come and go, and only the selectors are assumed per trial.

The grade is a study measure, not a grader's level (Slitherlink has no human-technique
grader here): see :mod:`pencilsat.generators.study_measure`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell
from pencilsat.encodings.loops.degree import degree_clauses
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.slitherlink import clue_clauses, side_variables
from pencilsat.generators.loop import Grading
from pencilsat.generators.masyu import random_loop
from pencilsat.generators.study_measure import SCORE_CEILING, StudyMeasure
from pencilsat.generators.time_limit import unique_in_time
from pencilsat.puzzles.slitherlink import NO_CLUE, SlitherlinkPuzzle, SlitherlinkSolution
from pencilsat.strategies.loop_search import LoopSearch
from pencilsat.strategies.uniqueness import prove

SAT_SOLVER = "minisat22"
"""The ``lazy`` strategy's solver (its docstring: fastest on janko)."""
CLAUSES_PER_NUMBER = np.array([4, 7, 8, 7], dtype=np.int64)
"""Clauses of a number 0..3 in ``encodings.slitherlink.clue_clauses`` (its docstring)."""


class _SelectorLoopSearch(LoopSearch):
    """The strict loop search with the kept numbers' selectors (``assumptions``) assumed on
    every call."""

    def __init__(self, solver: Any, grid: GridEdges) -> None:
        super().__init__(solver, grid, None)
        self.assumptions: list[int] = []

    def _solve(self, extra: list[int]) -> bool:
        return super()._solve(self.assumptions + extra)


class SlitherlinkTrials:
    """:class:`~pencilsat.generators.loop.ClueTrials` for Slitherlink (module docstring);
    clue ``i``: the number of cell ``i`` (row-major) in ``full``."""

    def __init__(self, full: SlitherlinkPuzzle, answer: SlitherlinkSolution) -> None:
        from pysat.solvers import Solver

        self.solver = Solver(name=SAT_SOLVER)
        self.grid = GridEdges(full.width + 1, full.height + 1)
        grid = self.grid
        load_clauses(self.solver, degree_clauses(grid))
        load_clauses(self.solver, [list(range(1, len(grid) + 1))])
        cells = full.width * full.height
        self.selectors = np.arange(len(grid) + 1, len(grid) + 1 + cells, dtype=np.int64)
        every = clue_clauses(full, grid)  # cell by cell, row-major
        ends = np.cumsum(CLAUSES_PER_NUMBER[full.clues.ravel()])
        guarded = [[-selector, *clause] for selector, start, end in
                   zip(self.selectors.tolist(), (ends - CLAUSES_PER_NUMBER[
                       full.clues.ravel()]).tolist(), ends.tolist(), strict=True)
                   for clause in every[start:end]]
        load_clauses(self.solver, guarded)
        self.sides = side_variables(grid)
        self.numbers = full.clues.ravel().astype(np.int64)
        self.search = _SelectorLoopSearch(self.solver, grid)
        self.answer = sorted(grid.var[e] for e in answer.edges)
        self.witness: list[int] | None = None

    def set_kept(self, kept: np.ndarray) -> None:
        self.search.assumptions = self.selectors[kept].tolist()

    def still_unique(self) -> bool:
        proof = prove(self.search, known=self.answer)
        self.witness = proof.second
        return unique_in_time(proof)

    def broken(self) -> list[int]:
        """The numbers the other loop of the last trial breaks."""
        if self.witness is None:
            return []
        used = np.zeros(len(self.grid) + 1, dtype=np.int64)
        used[np.asarray(self.witness, dtype=np.int64)] = 1
        counts = used[self.sides].sum(axis=1)
        return np.flatnonzero(counts != self.numbers).tolist()

    def close(self) -> None:
        self.solver.delete()


class SlitherlinkMaker:
    genre = "slitherlink"
    start_full = True
    always_rated = False
    cheap_score = True
    score_ceiling: float | None = SCORE_CEILING

    def __init__(self, width: int, height: int, measure: StudyMeasure) -> None:
        if width < 2 or height < 2:
            raise InputError(f"cannot generate a {width}x{height} Slitherlink",
                             hint="width and height must be at least 2")
        self.width, self.height = width, height
        self.measure = measure
        self.scale = measure.scale
        self.levels = (1, len(measure.bands))

    def draw_answer(self, rng: random.Random) -> SlitherlinkSolution | None:
        """A random loop; ``None`` for a loop around one cell (a 4, which no Slitherlink
        writes: only on the smallest grids)."""
        loop = random_loop(self.width + 1, self.height + 1, rng)
        if len(loop.edges) <= 4:
            return None
        return SlitherlinkSolution(loop.edges, self.width, self.height)

    def candidates(self, answer: SlitherlinkSolution) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def full(self, answer: SlitherlinkSolution) -> SlitherlinkPuzzle:
        """Every cell's number."""
        grid = GridEdges(self.width + 1, self.height + 1)
        used = np.zeros(len(grid) + 1, dtype=np.int64)
        used[[grid.var[e] for e in answer.edges]] = 1
        counts = used[side_variables(grid)].sum(axis=1)
        return SlitherlinkPuzzle(counts.reshape(self.height, self.width))

    def trials(self, answer: SlitherlinkSolution) -> SlitherlinkTrials:
        return SlitherlinkTrials(self.full(answer), answer)

    def puzzle(self, answer: SlitherlinkSolution, kept: np.ndarray) -> SlitherlinkPuzzle:
        clues = np.array(self.full(answer).clues).ravel()
        clues[~kept] = NO_CLUE
        return SlitherlinkPuzzle(clues.reshape(self.height, self.width))

    def solution(self, answer: SlitherlinkSolution) -> SlitherlinkSolution:
        return answer

    def grade(self, puzzle: Any, score: bool, cap: int | None = None) -> Grading:
        return self.measure.grade(puzzle)
