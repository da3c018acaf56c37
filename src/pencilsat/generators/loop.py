"""The one generator loop every genre shares: an answer, clues until unique, then steered
to the asked difficulty.

A genre supplies a :class:`Maker`: it draws an answer, lists every clue that answer allows
(``candidates``, each at a cell) and gives :class:`ClueTrials`, the uniqueness trials on one
incremental solver where each clue counts only while it is kept. The loop then, for each
candidate answer:

1. **Clues until unique.** From the maker's start set (none, or all for a genre whose answer
   is drawn already pinned), it asks the trials for another answer and adds a clue that the
   other answer breaks (at random among them), until the answer is the only one.
2. **A chain of puzzles.** The clues the start did not need are removed in random order,
   then each kept clue in random order when the answer stays the only one: a chain of
   unique puzzles from every clue down to a minimal set, each with one clue fewer.
3. **Steering** (Tatham's rule, "remove a clue only while the grade stays at most the
   target"): the chain gets harder as clues go, so the last puzzle of the chain still no
   harder than the target is found by bisection, a handful of grades instead of one per
   clue. It is kept when its grade is the target; else the chain is redrawn (new order, the
   same answer and solver), and after ``ORDERS_PER_ANSWER`` chains the answer is given up.
   A chain whose first puzzle (every clue) is already too hard is given up at once: redundant
   clues are how a puzzle gets easier, and it has them all.

Every puzzle kept is graded once more, with its score, by the genre's grader; the level
printed is that grade. Budgets count candidates, never seconds, so a seed gives the same
puzzle on any machine and under any load.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any, Protocol

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.result import TimeLimitReached
from pencilsat.core.values import Cell
from pencilsat.generators.seeded import seeded_random
from pencilsat.generators.symmetry import orbits_of

ORDERS_PER_ANSWER = 3
"""Chains (random removal orders) tried on one answer before a new answer is drawn: a new
order reuses the answer's solver and its learnt clauses."""
POLISH_GRADES = 12
"""Grades ``_polish`` spends on one chain before the chain is given up."""
DEFAULT_BUDGET = 200
"""Candidate chains tried before ``generate`` gives up with an ``InputError``."""


@dataclass(frozen=True)
class Grading:
    """A puzzle's grade as the loop steers by it: the level (``None``: unrated, which counts
    as harder than any level) and the score (``None`` when not asked for)."""

    level: int | None
    score: float | None = None


@dataclass(frozen=True)
class Target:
    """What the editor asked for: a ``level`` on the grader's scale, a ``score`` band
    ``(low, high)``, or neither (the loop then strips to a minimal clue set)."""

    level: int | None = None
    score: tuple[float, float] | None = None

    @property
    def needs_score(self) -> bool:
        return self.score is not None

    @property
    def steers(self) -> bool:
        return self.level is not None or self.score is not None

    def too_hard(self, grading: Grading) -> bool:
        """Harder than the target: no more clues may go."""
        if not self.steers:
            return False
        if grading.level is None:
            return True
        if self.level is not None:
            return grading.level > self.level
        assert self.score is not None
        return grading.score is None or grading.score > self.score[1]

    def fits(self, grading: Grading) -> bool:
        """The grade is the one asked for."""
        if not self.steers:
            return True
        if grading.level is None:
            return False
        if self.level is not None:
            return grading.level == self.level
        assert self.score is not None
        return grading.score is not None and self.score[0] <= grading.score <= self.score[1]

    def describe(self) -> str:
        if self.level is not None:
            return f"level {self.level}"
        if self.score is not None:
            return f"score {self.score[0]:g}..{self.score[1]:g}"
        return "any grade"


class ClueTrials(Protocol):
    """Uniqueness trials of one answer on one incremental solver: the clues counted are those
    of ``set_kept``; ``still_unique`` runs the one uniqueness procedure from the known answer
    (``strategies.uniqueness.prove(search, known=answer)``), and ``broken`` lists the clues
    the other answer it found breaks (indices into the maker's candidates)."""

    def set_kept(self, kept: np.ndarray) -> None: ...

    def still_unique(self) -> bool: ...

    def broken(self) -> list[int]: ...

    def close(self) -> None: ...


class Maker(Protocol):
    """A genre's side of the loop (one per genre in ``generators/``). A maker whose clues
    stand on another lattice than the cells (Slant's vertices) sets ``clue_frame``, that
    lattice's ``(width, height)``, for the symmetry's images; one that draws its structure
    symmetric and keeps every clue (Numberlink's) sets ``symmetric_structure``: no orbits."""

    genre: str
    scale: str
    """The grader's scale, in words, for the report (``Sato 2007 scale 1-3``)."""
    start_full: bool
    """The answer is drawn pinned (every clue together is unique): start from every clue."""
    levels: tuple[int, int]
    """The lowest and highest level of the grader's scale."""
    always_rated: bool
    """The grader gives every unique puzzle a level (the top one when its techniques stall):
    a target of the top level then needs no grade along the chain."""
    cheap_score: bool
    """The score costs the grader next to nothing: the chain's grades carry it and the one
    kept is not graded again."""
    score_ceiling: float | None
    """The highest score the grader gives, if it has one."""

    def draw_answer(self, rng: random.Random) -> Any | None:
        """A random answer, or ``None`` when this draw failed (the loop draws again)."""
        ...

    def candidates(self, answer: Any) -> list[Cell]:
        """The cell of each clue the answer allows (their order numbers the clues)."""
        ...

    def trials(self, answer: Any) -> ClueTrials: ...

    def puzzle(self, answer: Any, kept: np.ndarray) -> Any:
        """The puzzle with the kept clues."""
        ...

    def solution(self, answer: Any) -> Any:
        """The answer as the genre's solution value."""
        ...

    def grade(self, puzzle: Any, score: bool, cap: int | None = None) -> Grading:
        """The puzzle's grade; with ``cap``, a maker may stop as soon as it knows the level
        is above ``cap`` and say so with an unrated grade (level ``None``)."""
        ...


@dataclass
class Generated:
    """One puzzle made to order, with what the loop knows of it."""

    puzzle: Any
    solution: Any
    grading: Grading
    clues: int
    seed: int
    candidates: int
    """Chains tried for this puzzle, the one kept included (acceptance: 1 / candidates)."""
    grades: int
    """Grader calls, the final one included."""
    seconds: float = 0.0
    certificate: str | None = None
    """The folder of its certificate (``generate --certify``), when one was written."""
    certified: bool | None = None
    """Whether every part of the certificate holds (``None``: not certified)."""
    certificate_note: str = ""


@dataclass
class _Chain:
    """The removal chain of one answer: ``order[:k]`` removed from every clue is the k-th
    puzzle (all unique); grades are remembered by ``k``."""

    order: list[int]
    orbits: list[list[int]]
    count: int
    grades: dict[int, Grading] = field(default_factory=dict)

    def kept(self, k: int) -> np.ndarray:
        kept = np.zeros(self.count, dtype=bool)
        for orbit in self.orbits:
            kept[orbit] = True
        for o in self.order[:k]:
            kept[self.orbits[o]] = False
        return kept


def generate(maker: Maker, width: int, height: int, target: Target, seed: int, *,
             symmetry: str | None = None, budget: int = DEFAULT_BUDGET,
             deadline: float | None = None) -> Generated:
    """A unique puzzle whose grade fits ``target``, made from ``seed`` alone (the same seed,
    size, target and symmetry give the same puzzle). ``InputError`` after ``budget``
    candidate chains without one; ``TimeLimitReached`` when ``deadline`` (a
    ``time.perf_counter`` value, looked at before each answer drawn) passes first."""
    start = perf_counter()
    rng = seeded_random(seed)
    tried = graded = 0
    while tried < budget:
        past_deadline(deadline)
        answer = maker.draw_answer(rng)
        if answer is None:
            tried += 1
            continue
        cells = maker.candidates(answer)
        frame: tuple[int, int] = getattr(maker, "clue_frame", (width, height))
        whole = getattr(maker, "symmetric_structure", False)  # no orbits: kept whole
        orbits = orbits_of(cells, frame[0], frame[1], None if whole else symmetry)
        if not orbits:
            tried += 1
            continue
        trials = maker.trials(answer)
        try:
            for _ in range(ORDERS_PER_ANSWER):
                past_deadline(deadline)
                tried += 1
                chain = _chain(trials, orbits, len(cells), maker.start_full, rng)
                if chain is None:  # no clue set pins this answer: draw another
                    break
                grade = _grader(maker, answer, chain, target.needs_score or maker.cheap_score,
                                target.level)
                k, too_hard_at_start = _steer(chain, _skip_top(maker, target), grade)
                graded = graded + len(chain.grades)
                if too_hard_at_start:
                    break
                if k is None:
                    continue
                kept, found = chain.kept(k), chain.grades.get(k)
                if found is not None and not target.fits(found):  # too easy: polish it
                    polished = _polish(maker, answer, trials, chain, k, target)
                    graded += polished.grades
                    if polished.kept is None:
                        continue
                    kept, found = polished.kept, polished.grading
                puzzle = maker.puzzle(answer, kept)
                final = found
                if final is None or (final.score is None and final.level is not None):
                    final = maker.grade(puzzle, True)
                    graded += 1
                if not target.fits(final):
                    continue
                return Generated(puzzle, maker.solution(answer), final, int(kept.sum()), seed,
                                 tried, graded, perf_counter() - start)
        finally:
            trials.close()
    raise InputError(f"no {width}x{height} {maker.genre} at {target.describe()} found in "
                     f"{budget} candidates (seed {seed})",
                     hint="try another --seed, another level, or a size nearer 10x10")


def past_deadline(deadline: float | None) -> None:
    """``TimeLimitReached`` once ``deadline`` (``time.perf_counter``) has passed: a time limit
    decides only whether a search goes on, never which puzzle a seed gives."""
    if deadline is not None and perf_counter() > deadline:
        raise TimeLimitReached("generation")


def _chain(trials: ClueTrials, orbits: list[list[int]], count: int, start_full: bool,
           rng: random.Random) -> _Chain | None:
    """Clues until unique, then the removal chain (module docstring, steps 1-2); ``None``
    when even every clue leaves another answer."""
    n = len(orbits)
    in_orbit = np.full(count, -1, dtype=np.int64)
    for o, orbit in enumerate(orbits):
        in_orbit[orbit] = o
    kept = np.full(n, start_full, dtype=bool)

    def clue_mask() -> np.ndarray:
        mask = np.zeros(count, dtype=bool)
        for o in np.nonzero(kept)[0].tolist():
            mask[orbits[o]] = True
        return mask

    trials.set_kept(clue_mask())
    while not trials.still_unique():
        options = sorted({int(in_orbit[i]) for i in trials.broken()
                          if in_orbit[i] >= 0 and not kept[in_orbit[i]]})
        if not options:
            return None
        kept[rng.choice(options)] = True
        trials.set_kept(clue_mask())
    spare = [o for o in range(n) if not kept[o]]
    rng.shuffle(spare)
    needed = [o for o in range(n) if kept[o]]
    rng.shuffle(needed)
    order = list(spare)
    for o in needed:
        kept[o] = False
        trials.set_kept(clue_mask())
        if trials.still_unique():
            order.append(o)
        else:
            kept[o] = True
    trials.set_kept(clue_mask())
    return _Chain(order, orbits, count)


def _grader(maker: Maker, answer: Any, chain: _Chain, score: bool,
            cap: int | None) -> Callable[[int], Grading]:
    def grade(k: int) -> Grading:
        found = chain.grades.get(k)
        if found is None:
            found = chain.grades[k] = maker.grade(maker.puzzle(answer, chain.kept(k)), score,
                                                  cap)
        return found

    return grade


@dataclass
class _Polished:
    kept: np.ndarray | None
    grading: Grading | None
    grades: int


def _polish(maker: Maker, answer: Any, trials: ClueTrials, chain: _Chain, k: int,
            target: Target) -> _Polished:
    """Tatham's rule past the chain's last puzzle that is not too hard, when that puzzle is
    too easy: the chain's next clue made it too hard, so each later clue of the chain is tried
    instead, in the chain's order; a removal stays when the puzzle stays unique and not too
    hard, and the first puzzle at the target is kept. At most ``POLISH_GRADES`` grades."""
    kept = chain.kept(k)
    grades = 0
    for o in chain.order[k + 1:]:
        if grades >= POLISH_GRADES:
            break
        fewer = kept.copy()
        fewer[chain.orbits[o]] = False
        trials.set_kept(fewer)
        if not trials.still_unique():
            continue
        grading = maker.grade(maker.puzzle(answer, fewer), target.needs_score or
                              maker.cheap_score, target.level)
        grades += 1
        if target.too_hard(grading):
            continue
        kept = fewer
        if target.fits(grading):
            return _Polished(kept, grading, grades)
    return _Polished(None, None, grades)


def _skip_top(maker: Maker, target: Target) -> Target:
    """The target the chain steers by: none for the top level of a grader that rates every
    puzzle, or a score band up to the grader's highest score (no puzzle is harder, so the
    chain runs to its minimal end ungraded)."""
    if maker.always_rated and target.level == maker.levels[1]:
        return Target()
    ceiling = maker.score_ceiling
    if target.score is not None and ceiling is not None and target.score[1] >= ceiling:
        return Target()
    return target


def _steer(chain: _Chain, target: Target,
           grade: Callable[[int], Grading]) -> tuple[int | None, bool]:
    """The last puzzle of the chain not harder than the target, by bisection (the chain gets
    harder as clues go; the minimal end is graded only when the bisection reaches it, as it
    is too hard for most targets); ``(None, True)`` when the first is too hard already."""
    last = len(chain.order)
    if not target.steers:
        return last, False
    if target.too_hard(grade(0)):
        return None, True
    easy, hard = 0, last + 1  # as if one step past the minimal end were too hard
    while hard - easy > 1:
        mid = (easy + hard) // 2
        if target.too_hard(grade(mid)):
            hard = mid
        else:
            easy = mid
    return easy, False
