"""Masyu for the generator loop: a pinned random loop, a clue per pearl it allows.

The answer is ``masyu.pinned_loop(masyu.random_loop(...))``: a loop that every pearl it
allows pins, so the loop starts from every pearl (``start_full``). The trials are
``masyu.PearlTrials``: the lazy loop search on one incremental solver, each pearl's clauses
behind a selector. Levels are Sato's (2007) 1-3. Without a target the loop strips to a
minimal pearl set, as ``generate_masyu`` does (which keeps its own removal order: black
pearls later, and reproduces the examples).
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.masyu_rules import masyu_solution
from pencilsat.generators.grading import grade_for_loop
from pencilsat.generators.loop import Grading
from pencilsat.generators.masyu import (
    SAT_SOLVER,
    PearlTrials,
    pearls_for_loop,
    pinned_loop,
    random_loop,
    refuse_size,
)
from pencilsat.grading.masyu.engine import (
    DEFAULT_MAX_TRIALS,
    TEDIUM_REPEATS,
    TEDIUM_THRESHOLD,
    LevelRun,
)
from pencilsat.grading.masyu.state import Geometry
from pencilsat.puzzles.masyu import EMPTY, MasyuPuzzle, MasyuSolution, check


class MasyuTrials:
    """``PearlTrials`` as the loop's ``ClueTrials`` (clue ``i``: pearl ``i`` of the full
    puzzle's ``pearl_cells``)."""

    def __init__(self, loop: MasyuSolution) -> None:
        from pysat.solvers import Solver

        self.full = pearls_for_loop(loop)
        self.solver = Solver(name=SAT_SOLVER)
        self.grid = GridEdges(loop.width, loop.height)
        self.pearls = PearlTrials(self.solver, self.grid, self.full, loop)

    def set_kept(self, kept: np.ndarray) -> None:
        self.pearls.marks.set_kept(kept.copy())

    def still_unique(self) -> bool:
        return self.pearls.still_unique()

    def broken(self) -> list[int]:
        """The pearls the other loop of the last trial breaks."""
        witness = self.pearls.witness
        if witness is None:
            return []
        other = masyu_solution(self.grid, witness)
        where = {v.cell for v in check(self.full, other) if v.cell is not None}
        return [i for i, cell in enumerate(self.full.pearl_cells()) if cell in where]

    def close(self) -> None:
        self.solver.delete()


class MasyuMaker:
    genre = "masyu"
    scale = "Sato 2007 scale 1-3"
    start_full = True
    levels = (1, 3)
    always_rated = True
    cheap_score = True
    score_ceiling: float | None = None

    def __init__(self, width: int, height: int) -> None:
        refuse_size(width, height)
        self.width, self.height = width, height

    def draw_answer(self, rng: random.Random) -> MasyuSolution | None:
        return pinned_loop(random_loop(self.width, self.height, rng), rng)

    def candidates(self, answer: MasyuSolution) -> list[Cell]:
        return pearls_for_loop(answer).pearl_cells()

    def trials(self, answer: MasyuSolution) -> MasyuTrials:
        return MasyuTrials(answer)

    def puzzle(self, answer: MasyuSolution, kept: np.ndarray) -> MasyuPuzzle:
        full = pearls_for_loop(answer)
        pearls = np.full(full.pearls.shape, EMPTY, dtype=np.uint8)
        for keep, cell in zip(kept.tolist(), full.pearl_cells(), strict=True):
            if keep:
                pearls[cell] = full.pearls[cell]
        return MasyuPuzzle(pearls)

    def solution(self, answer: MasyuSolution) -> MasyuSolution:
        return answer

    def grade(self, puzzle: MasyuPuzzle, score: bool, cap: int | None = None) -> Grading:
        if cap is not None and cap < self.levels[1]:
            return capped_grading(puzzle, cap)
        return grade_for_loop(puzzle, score)


def capped_grading(puzzle: MasyuPuzzle, cap: int) -> Grading:
    """Sato's level when it is at most ``cap``, else unrated, without the solves above
    ``cap``: ``grade_masyu`` solves at level 1, then 2, then 3 and stops at the first that
    succeeds, raising the level by one for tedium (engine module docstring), so a level
    above ``cap`` is known once the solves up to ``cap`` fail. The level 3 solve, with its
    contradiction trials, is most of the grader's time on a hard puzzle; the loop asks "at
    most the target?" far more often than it needs the level of a hard puzzle. The score is
    left out (the loop grades the puzzle it keeps in full)."""
    geometry = Geometry(puzzle)
    for level in range(1, cap + 1):
        run = LevelRun(geometry, level, DEFAULT_MAX_TRIALS, None)
        run.solve()
        if run.solved:
            threshold = TEDIUM_THRESHOLD.get(level)
            raised = threshold is not None and run.tedium_events >= TEDIUM_REPEATS
            final = min(3, level + int(raised))
            return Grading(final if final <= cap else None)
    return Grading(None)
