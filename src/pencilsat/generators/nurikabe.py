"""Nurikabe made to order: a random answer, reshaped until its numbers pin it, kept when its
study measure is in the band asked for.

Every island carries exactly one number, so the shared loop's "clues until unique, then
remove clues while the grade allows" has nothing to remove; this maker runs its own search
on the same terms (a seed gives the same puzzle; budgets count candidates, never seconds):

1. **An answer** (:func:`~pencilsat.generators.nurikabe_answer.draw_islands`): islands
   grown at random in an all-wall grid to sizes drawn from ``SIZES``, then new islands on
   2x2 wall blocks until none is left, the wall kept connected and islands apart.
2. **Numbers**: ``LAYOUTS`` layouts drawn (each island's size on a random cell of it); the
   one the rules leave least open goes first; an answer whose first layout is more open
   than ``FIRST_OPEN_CAP`` for the level is given up at once.
3. **Unique?** One incremental solver per drawn answer
   (:class:`~pencilsat.generators.nurikabe_trials.LayoutTrials`: the numbers are
   assumptions, so a moved number costs no rebuild) finds another answer or proves there
   is none. Against a second answer: one number moved within its island so that every
   second answer met so far on this answer no longer fits (:func:`rule_out`, read off each
   answer's islands, :class:`OtherAnswer`; ours stays as it is); when no single move does,
   the answer is reshaped where the two differ
   (:func:`~pencilsat.generators.nurikabe_answer.reshape`: a new island of one cell there,
   or a differing cell flipped, never back) and the numbers follow the islands. Up to
   ``RESHAPES`` tries, then the answer is given up.
4. **The band.** A unique puzzle is measured (``rules_open``, the share of cells without a
   number that the project's Nurikabe rules leave unsettled; docs/generate.md). Off the
   band, numbers are moved one at a time within their islands (``MOVES`` tries); a move is
   kept when the measure comes nearer the band and the puzzle stays unique (the measure
   first, the proof only then). In step 3 the measure waits until a layout is unique.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from time import perf_counter

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.result import Verdict
from pencilsat.core.values import Cell
from pencilsat.generators.loop import Generated, Grading, Target, past_deadline
from pencilsat.generators.nurikabe_answer import WALL, draw_islands, reshape
from pencilsat.generators.nurikabe_trials import LayoutTrials
from pencilsat.generators.seeded import seeded_random
from pencilsat.generators.study_measure import StudyMeasure
from pencilsat.puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from pencilsat.puzzles.shading import regions

SIZES: dict[int | None, tuple[int, ...]] = {
    1: (1, 2, 2, 3, 3, 4),
    2: (1, 2, 3, 4, 5),
    3: (1, 2, 3, 4, 5),
    None: (1, 2, 3, 4, 5),
}
"""The island sizes an answer draws from (each new island draws one), by level: smaller
islands leave the rules less open (10x10, seeds 1-6: level 1 in 6 answers per puzzle kept
with these, in 16 with 1-5), larger ones more, but then fewer answers end unique. Level 3
with 1-5 (seeds 41-80, CPU): a median 0.32 s per puzzle kept, mean 0.47 s, against 0.47
and 0.94 s with 1-6 (seeds 1-40: means 0.77 and 0.41 against 0.74 and 0.62)."""
LAYOUTS = 10
"""Number layouts drawn on a new answer; the one the rules leave least open is tried first
(more of it settled: fewer second answers to fight; at 10x10, twice the unique answers)."""
RESHAPES = 12
"""Second answers fought on one answer (a cell flipped each time) before it is given up."""
MOVES = 30
"""Numbers moved toward the band on a unique answer whose measure is off it."""
FIRST_OPEN_CAP: dict[int | None, float] = {1: 1.0, 2: 0.7, 3: 0.78, None: 1.0}
"""An answer whose first layout (the least open of ``LAYOUTS``) leaves more than this share
of its cells open is given up before any trial, by level: such answers (few, large islands)
meet second answers the reshaping does not settle. 10x10, level 3 (sizes 1-6), seeds 1-20: 1 of 37
answers over 0.78 gave a puzzle (they took 7.9 of the 22.7 s of CPU), 19 of 98 under;
level 2, seeds 1-10: none of 12 over 0.7, 10 of 19 under."""
DEFAULT_BUDGET = 200
"""Answers drawn before ``make`` gives up with an ``InputError``."""
DRAWS_PER_ANSWER = 4
"""Draws allowed per answer of the budget: a draw fails when a 2x2 wall block is left that
no cell of it may break (at 10x10 about half the draws, 30 ms each with the machine busy)."""


class NurikabeMaker:
    """Nurikabe's generator (module docstring), steered by a study measure's bands."""

    genre = "nurikabe"

    def __init__(self, width: int, height: int, measure: StudyMeasure,
                 level: int | None = None) -> None:
        if width < 2 or height < 2:
            raise InputError(f"cannot generate a {width}x{height} Nurikabe",
                             hint="width and height must be at least 2")
        self.width, self.height = width, height
        self.measure = measure
        self.scale = measure.scale
        self.levels = (1, len(measure.bands))
        self.sizes = SIZES.get(level, SIZES[None])
        self.max_size = max(self.sizes)
        self.first_cap = FIRST_OPEN_CAP.get(level, FIRST_OPEN_CAP[None])

    def make(self, target: Target, seed: int, budget: int = DEFAULT_BUDGET,
             deadline: float | None = None) -> Generated:
        """A unique puzzle whose measure fits ``target`` (a score band, or none), from
        ``seed`` alone; ``InputError`` after ``budget`` answers without one,
        ``TimeLimitReached`` once ``deadline`` (``time.perf_counter``) passes."""
        start = perf_counter()
        rng = seeded_random(seed)
        measured = 0
        tried = 0
        for _ in range(DRAWS_PER_ANSWER * budget):
            past_deadline(deadline)
            labels = draw_islands(self.width, self.height, rng, self.sizes)
            if labels is None:
                continue
            tried += 1
            if tried > budget:
                break
            found = self._steer(labels, target, rng)
            measured += found[2]
            if found[0] is not None:
                puzzle, grading = found[0], found[1]
                assert grading is not None
                return Generated(puzzle, solution_of(found[3]), grading,
                                 len(puzzle.numbered_cells()), seed, tried, measured,
                                 perf_counter() - start)
        raise InputError(f"no {self.width}x{self.height} nurikabe at {target.describe()} "
                         f"found in {budget} candidates (seed {seed})",
                         hint="try another --seed, another level, or a size nearer 10x10")

    def _climb(self, labels: np.ndarray, numbers: dict[int, Cell], grading: Grading,
               target: Target, rng: random.Random, trials: LayoutTrials
               ) -> tuple[tuple[NurikabePuzzle | None, Grading | None], int]:
        """Step 4 (module docstring): numbers moved one at a time toward the band, a move
        kept when the measure comes nearer the band (or into it) and the puzzle stays
        unique; the puzzle once in the band, and the measures taken."""
        assert grading.score is not None and target.score is not None
        low, high = target.score
        cells_of: dict[int, list[Cell]] = {}
        for r, c in np.argwhere(labels != WALL).tolist():
            cells_of.setdefault(int(labels[r, c]), []).append((r, c))
        movable = [island for island, cells in cells_of.items() if len(cells) > 1]
        score = grading.score
        for count in range(1, MOVES + 1):
            if not movable:
                break
            island = rng.choice(movable)
            moved = dict(numbers)
            moved[island] = rng.choice([c for c in cells_of[island] if c != numbers[island]])
            puzzle = puzzle_of(labels, moved)
            tried = self.measure.grade(puzzle)
            assert tried.score is not None
            if abs(_off(tried.score, low, high)) >= abs(_off(score, low, high)):
                continue
            if tried.score != 0 and trials.second(moved, sizes_of(labels)) is not None:
                continue
            numbers, score = moved, tried.score
            if target.fits(tried):
                return (puzzle, tried), count
        return (None, None), MOVES

    def _steer(self, labels: np.ndarray, target: Target, rng: random.Random
               ) -> tuple[NurikabePuzzle | None, Grading | None, int, np.ndarray]:
        """Steps 2-4 of the module docstring on one drawn answer: the puzzle kept (or
        ``None``), its grade, the measures taken, and the answer's labels at the end."""
        layouts = [place_numbers(labels, {}, rng) for _ in range(LAYOUTS)]
        scores = [self.measure.function(puzzle_of(labels, n)) for n in layouts]
        measured = LAYOUTS
        if min(scores) > self.first_cap:
            return None, None, measured, labels
        numbers = layouts[scores.index(min(scores))]
        with LayoutTrials(self.width, self.height) as trials:
            trials.set_answer(labels, WALL)
            return self._fight(labels, numbers, target, rng, trials, measured)

    def _fight(self, labels: np.ndarray, numbers: dict[int, Cell], target: Target,
               rng: random.Random, trials: LayoutTrials, measured: int
               ) -> tuple[NurikabePuzzle | None, Grading | None, int, np.ndarray]:
        """Steps 3-4 of the module docstring from the first layout ``numbers``."""
        seen: list[OtherAnswer] = []
        frozen: set[Cell] = set()
        for _ in range(RESHAPES):
            other = trials.second(numbers, sizes_of(labels))
            if other is not None:
                seen.append(OtherAnswer(other))
                moved = rule_out(labels, numbers, seen, rng)
                if moved is not None:
                    numbers = moved
                    continue
                changed = reshape(labels, solution_of(labels).differing_cells(other), rng,
                                  self.max_size, frozen)
                if changed is None:
                    return None, None, measured, labels
                labels = changed[0]
                trials.set_answer(labels, WALL)
                frozen.add(changed[1])
                numbers = place_numbers(labels, numbers, rng)
                continue
            puzzle = puzzle_of(labels, numbers)
            grading = self.measure.grade(puzzle)
            measured += 1
            if target.fits(grading):
                return puzzle, grading, measured, labels
            found, count = self._climb(labels, numbers, grading, target, rng, trials)
            return found[0], found[1], measured + count, labels
        return None, None, measured, labels


def _off(score: float, low: float, high: float) -> float:
    """How far ``score`` is from the band ``low..high`` (0 inside)."""
    return low - score if score < low else score - high if score > high else 0.0


def place_numbers(labels: np.ndarray, kept: dict[int, tuple[int, int]],
                  rng: random.Random) -> dict[int, tuple[int, int]]:
    """A number cell per island: a cell of ``kept`` (earlier number cells, by any key)
    that lies in the island, the first in row-major order, else a random cell of it."""
    cells_of: dict[int, list[tuple[int, int]]] = {}
    for r, c in np.argwhere(labels != WALL).tolist():
        cells_of.setdefault(int(labels[r, c]), []).append((r, c))
    earlier = sorted(kept.values())
    out = {}
    for island, cells in sorted(cells_of.items()):
        inside = [cell for cell in earlier if labels[cell] == island]
        out[island] = inside[0] if inside else rng.choice(cells)
    return out


def sizes_of(labels: np.ndarray) -> dict[int, int]:
    """Each island's size."""
    found, counts = np.unique(labels[labels != WALL], return_counts=True)
    return dict(zip(found.tolist(), counts.tolist(), strict=True))


def puzzle_of(labels: np.ndarray, numbers: dict[int, tuple[int, int]]) -> NurikabePuzzle:
    """The puzzle: each island's size on its number cell."""
    grid = np.zeros(labels.shape, dtype=np.int32)
    for island, cell in numbers.items():
        grid[cell] = int((labels == island).sum())
    return NurikabePuzzle(grid)


def solution_of(labels: np.ndarray) -> NurikabeSolution:
    return NurikabeSolution(labels == WALL)


class OtherAnswer:
    """A second answer met, kept as its islands (a label per cell, ``WALL`` on its wall)
    and their sizes, so that whether it fits a layout is read without the rule checker:
    its wall keeps the rules whatever the numbers, so it fits a layout exactly when every
    number stands on an island of its size and every island holds one number."""

    def __init__(self, answer: NurikabeSolution) -> None:
        self.answer = answer
        self.island = np.full(answer.shaded.shape, WALL, dtype=np.int32)
        found = regions(~answer.shaded)
        for i, cells in enumerate(found):
            self.island[tuple(np.array(cells).T)] = i
        self.sizes = [len(cells) for cells in found]

    def fits(self, placed: dict[Cell, int]) -> bool:
        """Whether the rule checker accepts it under the numbers ``placed`` (cell -> size)."""
        held = [0] * len(self.sizes)
        for cell, size in placed.items():
            island = int(self.island[cell])
            if island == WALL or self.sizes[island] != size or held[island]:
                return False
            held[island] = 1
        return all(held)


def rule_out(labels: np.ndarray, numbers: dict[int, Cell], others: list[OtherAnswer],
             rng: random.Random) -> dict[int, Cell] | None:
    """The layout with one number moved within its island under which the rule checker
    refuses every answer of ``others`` (the second answers met so far on this answer), or
    ``None`` when no single move does. Moves onto a cell the last of them walls come first
    (that one is then out for sure), each kind in random order. The answer stays as it
    is."""
    cells_of: dict[int, list[Cell]] = {}
    for r, c in np.argwhere(labels != WALL).tolist():
        cells_of.setdefault(int(labels[r, c]), []).append((r, c))
    size_of = {island: len(cells) for island, cells in cells_of.items()}
    walled = others[-1].answer.shaded
    moves = [(island, cell) for island in sorted(cells_of) for cell in cells_of[island]
             if cell != numbers[island]]
    rng.shuffle(moves)
    moves.sort(key=lambda move: not walled[move[1]])  # onto the last one's wall first
    placed = {cell: size_of[island] for island, cell in numbers.items()}
    for island, cell in moves:
        del placed[numbers[island]]
        placed[cell] = size_of[island]
        if not any(other.fits(placed) for other in others):
            return {**numbers, island: cell}
        del placed[cell]
        placed[numbers[island]] = size_of[island]
    return None


def second_answer(puzzle: NurikabePuzzle, labels: np.ndarray) -> NurikabeSolution | None:
    """Another answer of ``puzzle`` than ours, or ``None`` when ours is the only one (the
    ``lazy`` strategy's solve and proof)."""
    from pencilsat.strategies.nurikabe import run_cnf

    result = run_cnf(puzzle)
    if result.verdict == Verdict.UNIQUE:
        return None
    ours = solution_of(labels)
    others: Sequence[NurikabeSolution] = [s for s in (result.solution, result.second_solution)
                                         if s is not None and s != ours]
    if result.verdict != Verdict.MULTIPLE or not others:
        raise RuntimeError(f"the lazy strategy says {result.verdict} of a puzzle made from "
                           "a valid answer")
    return others[0]
