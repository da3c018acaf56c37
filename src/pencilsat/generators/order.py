"""An editor's order: genre, size, target and symmetry; the makers by genre; a made puzzle
as the ``generate --json`` object."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from pencilsat.core.clock import deadline_scope
from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import generated, making, rules_of
from pencilsat.core.result import TimeLimitReached
from pencilsat.generators.clue_genres import CLUE_GENRES
from pencilsat.generators.clue_maker import ClueMaker
from pencilsat.generators.lightup import LightUpMaker
from pencilsat.generators.loop import (
    DEFAULT_BUDGET,
    Generated,
    Maker,
    Target,
    generate,
    past_deadline,
)
from pencilsat.generators.masyu_levels import MasyuMaker
from pencilsat.generators.numberlink import with_variant
from pencilsat.generators.nurikabe import NurikabeMaker
from pencilsat.generators.slitherlink import SlitherlinkMaker
from pencilsat.generators.starbattle import with_stars
from pencilsat.generators.structure_genres import STRUCTURE_GENRES
from pencilsat.generators.structure_maker import StructureMaker
from pencilsat.generators.study_measure import BANDS, Measure, StudyMeasure
from pencilsat.generators.sudoku import SudokuMaker
from pencilsat.generators.symmetry import SYMMETRIES, symmetry_made_for

OWN_COUNTED = {"masyu": "pearls"}
"""What a clue is for the genres with a maker of their own, where it is not "clues"."""
MAX_CELLS = 10_000
"""The largest grid any genre is generated at (Masyu's own limit, ``generators.masyu``)."""


def _titles(genres: tuple[str, ...]) -> str:
    return " and ".join(REGISTRY[g].title for g in genres)


def size_refused(shown: str, genre: str) -> InputError:
    """The error for a grid past ``MAX_CELLS`` (``shown``: the size as the user wrote it)."""
    from pencilsat.generators.masyu import too_big

    if genre == "masyu":
        return too_big(shown)
    title = REGISTRY[genre].title if genre in REGISTRY else genre
    return InputError(f"cannot generate a {shown} {title}: at most {MAX_CELLS:,} cells",
                      hint="e.g. 10x10")


@dataclass(frozen=True)
class Order:
    """What to make; ``seed`` is the first puzzle's seed (puzzle ``i`` of a count: ``seed +
    i``)."""

    genre: str
    width: int
    height: int
    target: Target = Target()
    symmetry: str | None = None
    budget: int = DEFAULT_BUDGET
    measure: Measure | None = None
    """The study measure of a genre without a grader (``generators.study_measure``), handed
    in by the caller from the study's layer."""
    certify: str | None = None
    """A folder: each puzzle's certificate goes into a folder of its own under it
    (``generators.certified``)."""
    stars: int | None = None
    """Star Battle's stars a row and a column (``None``: the size's default)."""
    variant: str | None = None
    """A variant of the genre's text header (Numberlink's ``full``); ``None``: the plain."""

    def maker(self) -> Maker | NurikabeMaker:
        """The genre's maker, after checking the order (an ``InputError`` naming the option
        otherwise); Nurikabe's runs its own search (``generators.nurikabe``)."""
        if self.genre not in generated():
            raise InputError(f"cannot generate {self.genre!r} puzzles",
                             hint="generate makes " + ", ".join(generated()))
        if self.width * self.height > MAX_CELLS:  # before any work, for every genre
            raise size_refused(f"{self.width}x{self.height}", self.genre)
        if self.symmetry is not None and self.symmetry not in SYMMETRIES:
            raise InputError(f"unknown symmetry {self.symmetry!r}", hint="rot2 or mirror")
        maker: Maker | NurikabeMaker
        made = making(self.genre)
        if self.stars is not None and not made.stars:
            raise InputError(f"--stars is not an option of {self.genre}: it is "
                             f"{_titles(generated(stars=True))}'s stars a row",
                             source="--stars", hint="leave --stars out")
        if self.variant is not None and not made.variants:
            takes = tuple(g for g in generated() if making(g).variants)
            variants = ", ".join(v for g in takes for v in making(g).variants)
            raise InputError(f"--variant is not an option of {self.genre}: it is "
                             f"{_titles(takes)}'s ({variants})",
                             source="--variant", hint="leave --variant out")
        if self.genre == "masyu" and self.symmetry is not None:
            raise InputError("--symmetry is not made for Masyu yet",
                             hint="pearls follow the loop, so a symmetric layout needs a "
                             "symmetric loop; " + symmetry_made_for())
        if self.genre == "nurikabe" and self.symmetry is not None:
            raise InputError("--symmetry is not made for Nurikabe yet",
                             hint="each island carries one number on a cell drawn at random; "
                             + symmetry_made_for())
        if self.genre in BANDS and self.measure is None and (
                self.target.steers or self.genre not in CLUE_GENRES):
            raise ValueError(f"an order for {self.genre} needs its study measure")
        if self.genre in CLUE_GENRES:
            measure = (None if self.measure is None
                       else StudyMeasure(self.genre, self.measure))
            maker = ClueMaker(CLUE_GENRES[self.genre], self.width, self.height,
                              steers=self.target.steers, symmetry=self.symmetry,
                              measure=measure)
        elif self.genre in STRUCTURE_GENRES:
            spec = STRUCTURE_GENRES[self.genre]
            if self.stars is not None:
                spec = with_stars(spec, self.stars)
            if self.variant is not None:
                spec = with_variant(spec, self.variant)
            maker = StructureMaker(spec, self.width, self.height,
                                   steers=self.target.steers, symmetry=self.symmetry)
        elif self.genre == "masyu":
            maker = MasyuMaker(self.width, self.height)
        elif self.genre == "sudoku":
            maker = SudokuMaker(self.width, self.height, self.target.steers)
        elif self.genre == "nurikabe":
            assert self.measure is not None
            maker = NurikabeMaker(self.width, self.height,
                                  StudyMeasure(self.genre, self.measure), self.target.level)
        elif self.genre in BANDS:
            assert self.measure is not None
            maker = SlitherlinkMaker(self.width, self.height,
                                     StudyMeasure(self.genre, self.measure))
        else:
            maker = LightUpMaker(self.width, self.height, self.symmetry, self.target.level)
        low, high = maker.levels
        level = self.target.level
        if level is not None and not low <= level <= high:
            raise InputError(f"--level {level} is not on the {maker.scale}",
                             hint=f"a level from {low} to {high}")
        return maker

    def make(self, seed: int, deadline: float | None = None) -> Generated:
        """The puzzle of ``seed``; ``TimeLimitReached`` once ``deadline``
        (``time.perf_counter``) passes: looked at before each candidate answer and, as the
        ambient deadline (``core.clock.deadline_scope``), by every solve of the trials, the
        grades and the answers' draws. A puzzle finished after it is not returned: a trial
        cut short may have been taken for a proof."""
        maker = self.maker()
        # every solve of the trials and every grade stops by it too
        with deadline_scope(deadline), grading_time_out_as_limit():
            if isinstance(maker, NurikabeMaker):
                made = maker.make(self.steering_target(), seed, self.budget, deadline)
            else:
                made = generate(maker, self.width, self.height, self.steering_target(), seed,
                                symmetry=self.symmetry, budget=self.budget, deadline=deadline)
        past_deadline(deadline)  # a time-out some trial took for an answer: not proved
        if self.certify is not None:
            from pencilsat.generators.certified import certificate_folder, certify_made

            certify_made(made, certificate_folder(self.certify, self.genre, self.width,
                                                  self.height, self.target.describe(), seed))
        return made

    def steering_target(self) -> Target:
        """The target the loop steers by: a study measure's ``--level L`` is its band."""
        if self.genre in BANDS and self.target.level is not None:
            return replace(self.target, level=None,
                           score=BANDS[self.genre][self.target.level - 1])
        return self.target

    def command(self, seed: int) -> str:
        """The command line that makes the puzzle of ``seed`` again."""
        words = [f"pencilsat generate {self.genre} {self.width}x{self.height}"]
        if self.stars is not None:
            words.append(f"--stars {self.stars}")
        if self.variant is not None:
            words.append(f"--variant {self.variant}")
        if self.target.level is not None:
            words.append(f"--level {self.target.level}")
        if self.target.score is not None:
            words.append(f"--score {self.target.score[0]:g}..{self.target.score[1]:g}")
        if self.symmetry:
            words.append(f"--symmetry {self.symmetry}")
        words.append(f"--seed {seed}")
        return " ".join(words)


def counted(genre: str) -> str:
    """What a genre's ``clues`` count, in the plural ("sums", "regions"), from its spec."""
    if genre in CLUE_GENRES:
        return CLUE_GENRES[genre].counted
    if genre in STRUCTURE_GENRES:
        return STRUCTURE_GENRES[genre].counted
    return OWN_COUNTED.get(genre, "clues")


def counted_phrase(count: int, genre: str) -> str:
    """``"32 sums"``, ``"1 sum"``: the count with the genre's word."""
    word = counted(genre)
    return f"{count} {word[:-1] if count == 1 else word}"


@contextmanager
def grading_time_out_as_limit() -> Iterator[None]:
    """A grade stopped by the ambient deadline is the generation's ``TimeLimitReached``."""
    from pencilsat.grading.clock import GradingTimeOut

    try:
        yield
    except GradingTimeOut:
        raise TimeLimitReached("grading") from None


def puzzle_url(puzzle: Any) -> str | None:
    """The puzz.link URL, or ``None`` for a genre without one."""
    from pencilsat.formats.puzzlink import to_url

    try:
        return to_url(puzzle)
    except InputError:
        return None


def generated_dict(made: Generated) -> dict[str, Any]:
    """The ``generate --json`` object of one puzzle; ``counted`` says what ``clues`` counts
    (:func:`counted`)."""
    rules = rules_of(made.puzzle)
    return {
        "puzzle": rules.format_puzzle(made.puzzle),
        "url": puzzle_url(made.puzzle),
        "verdict": "unique",
        "level": made.grading.level,
        "score": None if made.grading.score is None else round(made.grading.score, 3),
        "clues": made.clues,
        "counted": counted(made.puzzle.genre),
        "seed": made.seed,
        "seconds": round(made.seconds, 3),
        "candidates": made.candidates,
        "grades": made.grades,
        **({} if made.certified is None else {
            "certified": made.certified, "certificate": made.certificate,
            **({} if made.certified else {"certificate_note": made.certificate_note})}),
    }
