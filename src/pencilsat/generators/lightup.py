"""Light Up for the generator loop: random walls, a random bulb layout, a number per wall.

The answer is drawn as Tatham's ``lightup.c`` draws one: walls at random (about
``WALL_SHARE`` of the cells; with ``--symmetry`` the wall layout is symmetric too), then
bulbs one at a time on a random cell still dark, lighting its row and column runs, until
every white cell is lit. Clue ``i`` is the number on wall ``i`` (how many bulbs touch it);
walls without their number stay walls. Levels are Kashima's (2010) 1-7, by the grader with
its contradiction trials (``pencilsat grade``'s default).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell
from pencilsat.encodings.lightup import build_clauses, clue_clauses
from pencilsat.generators.grading import grade_for_loop
from pencilsat.generators.loop import Grading
from pencilsat.generators.selector_trials import SelectorTrials
from pencilsat.generators.symmetry import image
from pencilsat.puzzles.lightup import WALL, WHITE, LightUpPuzzle, LightUpSolution

WALL_SHARE = 0.2
"""Walls per cell drawn (Tatham's generator uses 20% black squares by default)."""
WALL_SHARE_BY_LEVEL = {1: 0.4, 2: 0.3, 3: 0.3, 4: 0.25}
"""Easier levels draw more walls: every number at once must already be easy enough, and a
grid with more walls is (10x10, seeds 0-5: level 1 took 24 candidates at 20% walls, 13 at
25%, 9 at 30%, 2 at 40%)."""
PIN_STEPS = 20
"""Walls added to pin an answer (``pin``) before the draw is given up."""


@dataclass(frozen=True)
class LightUpAnswer:
    """The walls (an unnumbered puzzle) and the bulbs that light it."""

    walls: LightUpPuzzle
    solution: LightUpSolution


class LightUpMaker:
    genre = "lightup"
    scale = "Kashima 2010 scale 1-7"
    start_full = False
    levels = (1, 7)
    always_rated = False
    cheap_score = False
    score_ceiling: float | None = None

    def __init__(self, width: int, height: int, symmetry: str | None = None,
                 level: int | None = None) -> None:
        if width < 2 or height < 2:
            raise InputError(f"cannot generate a {width}x{height} Light Up",
                             hint="width and height must be at least 2")
        self.width, self.height, self.symmetry = width, height, symmetry
        self.wall_share = WALL_SHARE_BY_LEVEL.get(level or 0, WALL_SHARE)

    def draw_answer(self, rng: random.Random) -> LightUpAnswer | None:
        cells = np.full((self.height, self.width), WHITE, dtype=np.int8)
        for r in range(self.height):
            for c in range(self.width):
                if rng.random() < self.wall_share:
                    cells[r, c] = WALL
                    if self.symmetry is not None:
                        cells[image((r, c), self.width, self.height, self.symmetry)] = WALL
        walls = LightUpPuzzle(cells)
        if not walls.white_cells() or not (cells == WALL).any():
            return None
        return self.pin(LightUpAnswer(walls, LightUpSolution.from_bulbs(
            random_bulbs(walls, rng), self.width, self.height)), rng)

    def pin(self, answer: LightUpAnswer, rng: random.Random) -> LightUpAnswer | None:
        """An answer that every wall's number together pins, reached from ``answer``: while
        another bulb layout keeps every number, a cell where the two differ and the answer
        has no bulb becomes a wall (with its symmetric image), the answer's bulbs stay
        where they still may, and dark cells get new bulbs. ``None`` after ``PIN_STEPS``."""
        for _ in range(PIN_STEPS):
            trials = self.trials(answer)
            try:
                trials.set_kept(np.ones(len(trials.clue_clauses), dtype=bool))
                if trials.still_unique():
                    return answer
                model = trials.search.model
                assert model is not None
                white = answer.walls.white_cells()
                other = {cell for cell, lit in zip(white, model, strict=False) if lit > 0}
            finally:
                trials.close()
            bulbs = answer.solution.bulbs
            spots = sorted((other ^ bulbs) - bulbs)
            if not spots:
                return None
            cells = np.array(answer.walls.cells)
            spot = rng.choice(spots)
            for cell in {spot} | ({image(spot, self.width, self.height, self.symmetry)}
                                  if self.symmetry else set()):
                cells[cell] = WALL
            walls = LightUpPuzzle(cells)
            kept = [cell for cell in sorted(bulbs) if walls.is_white(cell)]
            answer = LightUpAnswer(walls, LightUpSolution.from_bulbs(
                random_bulbs(walls, rng, kept), self.width, self.height))
        return None

    def candidates(self, answer: LightUpAnswer) -> list[Cell]:
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(answer.walls.cells == WALL),
                                                  strict=True)]

    def numbers(self, answer: LightUpAnswer) -> list[int]:
        bulbs = answer.solution.bulbs
        return [sum(nb in bulbs for nb in answer.walls.neighbours(cell))
                for cell in self.candidates(answer)]

    def trials(self, answer: LightUpAnswer) -> SelectorTrials:
        rules = build_clauses(answer.walls)
        white = answer.walls.cells == WHITE
        var = np.zeros(white.shape, dtype=np.int64)
        var[white] = np.arange(1, int(white.sum()) + 1)
        walls = answer.walls
        per_clue = [clue_clauses([int(var[nb]) for nb in walls.neighbours(cell) if white[nb]],
                                 number)
                    for cell, number in zip(self.candidates(answer), self.numbers(answer),
                                            strict=True)]
        bulbs = answer.solution.bulbs
        atoms = [v if (r, c) in bulbs else -v for (r, c), v in
                 ((cell, int(var[cell])) for cell in walls.white_cells())]
        return SelectorTrials(rules.num_vars, rules.clauses, per_clue, atoms)

    def puzzle(self, answer: LightUpAnswer, kept: np.ndarray) -> LightUpPuzzle:
        cells = np.array(answer.walls.cells)
        for keep, cell, number in zip(kept.tolist(), self.candidates(answer),
                                      self.numbers(answer), strict=True):
            if keep:
                cells[cell] = number
        return LightUpPuzzle(cells)

    def solution(self, answer: LightUpAnswer) -> LightUpSolution:
        return answer.solution

    def grade(self, puzzle: LightUpPuzzle, score: bool,
              cap: int | None = None) -> Grading:
        return grade_for_loop(puzzle, score)


def random_bulbs(walls: LightUpPuzzle, rng: random.Random,
                 bulbs: list[Cell] | None = None) -> list[Cell]:
    """``bulbs`` (none by default; they must not see each other) and more bulbs on random
    dark cells until every white cell is lit (a dark cell sees no bulb, so a bulb there
    lights no other)."""
    dark = set(walls.white_cells())
    bulbs = list(bulbs or [])
    for cell in bulbs:
        dark.discard(cell)
        dark.difference_update(walls.sees(cell))
    while dark:
        cell = rng.choice(sorted(dark))
        bulbs.append(cell)
        dark.discard(cell)
        dark.difference_update(walls.sees(cell))
    return bulbs
