"""One generator-loop maker for every genre whose clue tools say what a clue is.

A genre is a :class:`ClueGenre`: its registry name and its *open puzzle*, the structure with
no clue at all (an empty grid of the size; a genre with regions, cages or trees draws them
there). Everything else comes from the registry:

- **the answer**: the genre's complete clause list (``Genre.complete_cnf``) of the open
  puzzle on a PySAT solver whose phases are drawn from the loop's random stream, so the same
  seed gives the same answer; a genre whose complete list does not fit (Fillomino's block
  rule over every connected set) gives its own ``draw``, and a genre whose structure comes
  from its answer draws both (``drawn``). Every answer passes the genre's rule checker, with
  every clue, before it is used;
- **the candidates**: ``ClueRules.offered(open puzzle, answer)``, every clue the answer
  allows, or the genre's ``given`` (values drawn: Hitori's numbers); the puzzle is the open
  puzzle ``with_`` the kept clues;
- **the trials** (``generators/clue_trials.py``): the one uniqueness procedure of the
  genre's default strategy on the kept puzzle, unless the genre gives incremental ones;
- **the grade**: none (``Grading(None)``): these genres have no grader, so the loop strips
  to a minimal clue set and a ``--level`` or ``--score`` is refused by name; or, for a genre
  with bands of a study measure (Slant), the measure's band, as Slitherlink's.

``all_given`` (Nonogram, Hitori, Hashiwokakero, Yajilin, Kakuro): every clue is part of the
puzzle; an answer the full clue set does not pin is drawn again, and no clue goes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from pencilsat.backends import pysat_calls
from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import generated, load
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell
from pencilsat.generators.clue_answer import DrawnAnswer, with_clues
from pencilsat.generators.clue_trials import AllGivenTrials, FrontTrials
from pencilsat.generators.loop import ClueTrials, Grading
from pencilsat.generators.study_measure import SCORE_CEILING, StudyMeasure
from pencilsat.generators.symmetry import symmetry_made_for

if TYPE_CHECKING:
    from pencilsat.encodings.encoding import ClauseEncoding

SAT_SOLVER = "minisat22"
"""The solver that draws answers: it decides by the phases it is given and is deterministic
(CaDiCaL's "lucky" all-false and all-true tries come first and ignore them: 95% of a 10x10
Slant drawn by it was one diagonal, against 59% by MiniSat)."""
NO_GRADER = "no grader: a minimal clue set"


@dataclass(frozen=True)
class ClueGenre:
    """A genre for :class:`ClueMaker` (module docstring)."""

    genre: str
    """The registry name."""
    open_puzzle: Callable[[random.Random, int, int], Any | None]
    """The puzzle of the size with no clue at all (``None``: this draw failed, draw again)."""
    refuse: Callable[[int, int], str | None] = lambda width, height: None
    """Why a size cannot be made (``None``: it can); said with the genre's name."""
    draw: Callable[[Any, random.Random], Any | None] | None = None
    """A random answer of the open puzzle (``None``: failed); default :func:`random_answer`."""
    trials: Callable[[ClueRules, DrawnAnswer], ClueTrials] | None = None
    """Incremental trials ``(rules, answer)``; default the default strategy's full solves."""
    frame: Callable[[int, int], tuple[int, int]] | None = None
    """The lattice the clues stand on, as ``(width, height)``, for ``--symmetry``'s images
    (Slant's vertices: one more each way); default the grid."""
    start_full: bool = False
    """Start the trials from every clue and remove (Fillomino: its solver is slow on a
    grid with few numbers, seconds per trial at 10x10, and fast near full); default: from
    no clue, adding those the other answer breaks."""
    size_hint: str = "e.g. 10x10"
    no_symmetry: str | None = None
    """Why ``--symmetry`` is refused (``None``: symmetric clue layouts are made): clues that
    stand where the drawn structure puts them (a cage's sum at its first cell) find no
    image unless the structure is symmetric too."""
    drawn: Callable[[random.Random, int, int], tuple[Any, Any] | None] | None = None
    """The open puzzle and an answer drawn together, in place of ``open_puzzle`` and
    ``draw`` (Shikaku: rectangles, a ``?`` in each; ``None``: failed, draw again)."""
    given: Callable[[Any, Any, random.Random], list[Clue]] | None = None
    """The clues an answer gets (default ``ClueRules.offered``, one per open place): a
    genre whose clue values are drawn (Hitori: a Latin square and repeats)."""

    @property
    def all_given(self) -> bool:
        """Every clue is part of the puzzle (Nonogram's lines): none is removed (the
        registry's ``Making.all_given``)."""
        making = REGISTRY[self.genre].generate
        return making is not None and making.all_given
    counted: str = "clues"
    """What a clue is, in the plural, as ``generate`` says the count ("32 sums")."""


def random_answer(open_puzzle: Any, rng: random.Random) -> Any | None:
    """A model of the open puzzle's complete clause list under random phases, decoded."""
    cnf = REGISTRY[open_puzzle.genre].complete_cnf
    if cnf is None:
        raise ValueError(f"{open_puzzle.genre} has no complete clause list: give a draw")
    return random_model(load(cnf)(open_puzzle), rng)


def random_model(encoding: ClauseEncoding, rng: random.Random) -> Any | None:
    """A model of ``encoding`` under random phases, decoded (``None``: it has none); a
    genre's ``draw`` calls it with a complete clause list the registry does not name."""
    from pysat.solvers import Solver

    from pencilsat.backends.bulk_load import load_until

    solver = Solver(name=SAT_SOLVER)
    try:
        load_until(solver, encoding.clauses, None)  # the ambient deadline
        solver.set_phases([v if rng.random() < 0.5 else -v
                           for v in range(1, encoding.num_vars + 1)])
        if not pysat_calls.solve_whole(solver):
            return None
        model = solver.get_model()
    finally:
        solver.delete()
    return encoding.decode({lit for lit in model if lit > 0})


def no_scale(title: str, instead: str) -> InputError:
    """The error for ``--level``/``--score`` on a genre with no scale to aim at."""
    return InputError(f"{title} has no grader, so --level and --score have no scale to aim "
                      "at", source="generate",
                      hint=f"{instead}; levels are made for {', '.join(generated(levels=True))}")


def refuse_size(title: str, width: int, height: int, reason: str | None, hint: str) -> None:
    """Raise the error for a size the genre cannot be made at (``reason``; ``None``: it
    can)."""
    if reason is not None:
        raise InputError(f"cannot generate a {width}x{height} {title}: {reason}", hint=hint)


class ClueMaker:
    """:class:`~pencilsat.generators.loop.Maker` for a :class:`ClueGenre`."""

    scale = NO_GRADER
    levels = (0, 0)
    always_rated = False
    cheap_score = True
    score_ceiling: float | None = None

    def __init__(self, spec: ClueGenre, width: int, height: int, *, steers: bool = False,
                 symmetry: str | None = None, measure: StudyMeasure | None = None) -> None:
        entry = REGISTRY[spec.genre]
        self.spec, self.genre = spec, spec.genre
        self.title = entry.title
        self.measure = measure
        if measure is not None:  # bands of a study measure (``generators/study_measure.py``)
            self.scale = measure.scale
            self.levels = (1, len(measure.bands))
            self.score_ceiling = SCORE_CEILING
        elif steers:
            raise no_scale(entry.title, "leave --level and --score out for a minimal clue set")
        refuse_size(entry.title, width, height, spec.refuse(width, height), spec.size_hint)
        if symmetry is not None and spec.all_given:
            raise InputError(f"--symmetry has no meaning for {entry.title}",
                             source="--symmetry",
                             hint="every clue of its puzzles is given, so no layout to choose")
        if symmetry is not None and spec.no_symmetry is not None:
            raise InputError(f"--symmetry is not made for {entry.title} yet",
                             source="--symmetry",
                             hint=f"{spec.no_symmetry}; {symmetry_made_for()}")
        rules: GenreRules = entry.rules()
        if rules.clues is None:
            raise ValueError(f"{entry.title} has no clue rules")
        self.rules = rules
        self.clue_rules: ClueRules = rules.clues
        self.width, self.height = width, height
        self.start_full = spec.all_given or spec.start_full
        if spec.frame is not None:
            self.clue_frame = spec.frame(width, height)

    def draw_answer(self, rng: random.Random) -> DrawnAnswer | None:
        made = self._open_and_answer(rng)
        if made is None:
            return None
        open_puzzle, solution = made
        clues = (self.spec.given(open_puzzle, solution, rng) if self.spec.given is not None
                 else list(self.clue_rules.offered(open_puzzle, solution)))
        broken = self.rules.check(with_clues(self.clue_rules, DrawnAnswer(
            open_puzzle, solution, clues), np.ones(len(clues), dtype=bool)), solution)
        if broken:  # a generator bug, never an editor's mistake: stop loudly
            raise RuntimeError(f"a drawn {self.title} answer breaks its rules: {broken[0]}")
        return DrawnAnswer(open_puzzle, solution, clues)

    def _open_and_answer(self, rng: random.Random) -> tuple[Any, Any] | None:
        if self.spec.drawn is not None:
            return self.spec.drawn(rng, self.width, self.height)
        open_puzzle = self.spec.open_puzzle(rng, self.width, self.height)
        if open_puzzle is None:
            return None
        solution = (self.spec.draw or random_answer)(open_puzzle, rng)
        return None if solution is None else (open_puzzle, solution)

    def candidates(self, answer: DrawnAnswer) -> list[Cell]:
        return [clue.cell for clue in answer.clues]

    def trials(self, answer: DrawnAnswer) -> ClueTrials:
        made = (self.spec.trials(self.clue_rules, answer) if self.spec.trials is not None
                else FrontTrials(self.clue_rules, answer))
        return AllGivenTrials(made) if self.spec.all_given else made

    def puzzle(self, answer: DrawnAnswer, kept: np.ndarray) -> Any:
        return with_clues(self.clue_rules, answer, kept)

    def solution(self, answer: DrawnAnswer) -> Any:
        return answer.solution

    def grade(self, puzzle: Any, score: bool, cap: int | None = None) -> Grading:
        return Grading(None) if self.measure is None else self.measure.grade(puzzle)
