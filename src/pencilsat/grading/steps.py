"""The step and the grade every grader returns, whatever the genre.

A :class:`Step` is one logged deduction of any technique of any genre: the paper's technique
name, its level or its cost as the genre defines them, what it fixes in the solution's own
terms (Masyu borders, Sudoku digits, Light Up bulbs) and a sentence saying why. The facts are
in solution coordinates, so every step can be checked against a known solution
(:meth:`Step.agrees_with`).

A :class:`Grade` is the paper's level, whether the techniques finished the puzzle, how often
each technique was used, the steps, the genre's own figures (``extras``: Masyu's tedium,
Sudoku's level-up counters, Light Up's cost) and a ``score`` beside the level. Its JSON form is
``to_dict()`` and its text form ``describe(steps)``, as ``pencilsat grade --json`` and
``--steps`` print them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, Self, TypeVar

from pencilsat.core.registry import genre, load
from pencilsat.core.values import Cell


class Border(NamedTuple):
    """The border between adjacent cells ``a`` and ``b`` (``a`` above or left of ``b``), and
    whether the loop uses it."""

    a: Cell
    b: Cell
    used: bool


class Digit(NamedTuple):
    """A digit in a cell, 0-based ``(row, col, digit)``."""

    row: int
    col: int
    digit: int


class Trial(NamedTuple):
    """The contradiction trial behind a step: ``attempts`` assumptions were tried in that
    search (the deciding one included), the deciding one made ``depth`` deductions before it
    was refuted (or filled the grid) and used trials nested ``nesting - 1`` deep. Where the
    genre surveys every candidate at that point (Sudoku), ``candidates`` is how many there
    were, ``deciding`` how many of them decide a cell and ``shortest`` the fewest deductions
    any of them needs: how easy the easiest way on was."""

    attempts: int
    depth: int
    nesting: int = 1
    candidates: int | None = None
    deciding: int | None = None
    shortest: int | None = None


A = TypeVar("A")
"""The answer type of the step's genre (``MasyuSolution``, ...)."""


def _facts_of(genre_name: str) -> Any:
    """The genre's ``partial`` module (the registry's): ``FACTS_IN_JSON``, the fact lists
    its step always carries in its JSON, empty or not (the other lists, such as a Light Up
    restriction's ``exactly_one_bulb``, appear only when the step has them), and
    ``agrees(step, solution)``."""
    module = genre(genre_name).partial
    if module is None:
        raise ValueError(f"{genre_name} has no grading steps (no partial module)")
    return load(module)


@dataclass(frozen=True)
class Step(Generic[A]):
    """One deduction of one technique: what it fixes in the solution, and why in words.

    ``level`` is the technique's level (Masyu, Sudoku), ``cost`` what this use was charged
    (Light Up, after habituation); ``origin`` is the cell the technique was anchored on where
    the genre has one (Light Up). The facts, 0-based: Masyu ``edges`` (borders decided used or
    unused), Sudoku ``placements`` and ``eliminations`` (digits written in or ruled out of a
    cell), Light Up ``bulbs`` and ``no_bulb`` (cells with and without a light) and
    ``exactly_one_bulb`` (cells holding exactly one light between them). ``trial`` marks a
    step proven by a contradiction trial; ``options`` is how many deductions were open at that
    point, by the genre's measure (its ``score`` module says which; ``None`` where it is not
    counted): few options mean a bottleneck, which Pelánek found to make puzzles harder.
    """

    genre: str
    technique: str
    text: str
    level: int | None = None
    cost: float | None = None
    origin: Cell | None = None
    edges: tuple[Border, ...] = ()
    placements: tuple[Digit, ...] = ()
    eliminations: tuple[Digit, ...] = ()
    bulbs: tuple[Cell, ...] = ()
    no_bulb: tuple[Cell, ...] = ()
    exactly_one_bulb: tuple[Cell, ...] = ()
    trial: Trial | None = None
    options: int | None = None

    def to_dict(self) -> dict[str, object]:
        """The step's JSON object: technique, level or cost, and its facts."""
        data: dict[str, object] = {"technique": self.technique}
        if self.level is not None:
            data["level"] = self.level
        if self.cost is not None:
            data["cost"] = json_number(self.cost)
        always = _facts_of(self.genre).FACTS_IN_JSON
        if self.edges or "edges" in always:
            data["edges"] = [{"cells": [list(a), list(b)], "used": used}
                             for a, b, used in self.edges]
        facts: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...] = (
            ("placements", self.placements), ("eliminations", self.eliminations),
            ("bulbs", self.bulbs), ("no_bulb", self.no_bulb),
            ("exactly_one_bulb", self.exactly_one_bulb))
        for key, values in facts:
            if values or key in always:
                data[key] = [list(v) for v in values]
        if self.trial is not None:
            data["trial"] = self.trial._asdict()
        if self.options is not None:
            data["options"] = self.options
        return data

    to_json = to_dict

    @classmethod
    def from_dict(cls, genre: str, data: dict[str, Any]) -> Step[Any]:
        """The step :meth:`to_dict` wrote (its facts; ``text`` when the record has one), for
        replaying a grade's steps from its JSON. A malformed record raises ``ValueError``."""
        try:
            edges = tuple(Border(_cell(e["cells"][0]), _cell(e["cells"][1]), bool(e["used"]))
                          for e in data.get("edges", ()))
            facts = {key: tuple(_numbers(v, 3) for v in data.get(key, ()))
                     for key in ("placements", "eliminations")}
            cells = {key: tuple(_cell(v) for v in data.get(key, ()))
                     for key in ("bulbs", "no_bulb", "exactly_one_bulb")}
            return cls(genre, str(data["technique"]), str(data.get("text", "")),
                       edges=edges,
                       placements=tuple(Digit(*v) for v in facts["placements"]),
                       eliminations=tuple(Digit(*v) for v in facts["eliminations"]),
                       bulbs=cells["bulbs"], no_bulb=cells["no_bulb"],
                       exactly_one_bulb=cells["exactly_one_bulb"])
        except (KeyError, IndexError, TypeError) as err:
            raise ValueError(f"not a step record: {err}") from None

    def agrees_with(self, solution: A) -> bool:
        """Whether every fact of this step holds in ``solution``, an answer of its genre (the
        genre's ``partial.agrees``)."""
        if getattr(solution, "genre", None) != self.genre:
            raise ValueError(f"a {self.genre} step cannot be checked against a "
                             f"{getattr(solution, 'genre', type(solution).__name__)} solution")
        agrees: bool = _facts_of(self.genre).agrees(self, solution)
        return agrees


def _numbers(value: Any, count: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != count or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise TypeError(f"expected {count} whole numbers, got {value!r}")
    return tuple(value)


def _cell(value: Any) -> Cell:
    row, col = _numbers(value, 2)
    return row, col


def technique_counts(steps: Iterable[Step]) -> dict[str, int]:
    """Uses per technique, in the order the techniques first appear."""
    counts: dict[str, int] = {}
    for step in steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
    return counts


def json_number(x: float) -> float | int:
    """A cost for JSON: an integer when it is one, else rounded to 6 decimals."""
    return int(x) if float(x).is_integer() else round(x, 6)


def score_text(score: float | None) -> str:
    """The text report's ``, score 1.23`` after the level; nothing for a grade without one
    (unrated, or graded with ``score=False``)."""
    return "" if score is None else f", score {score:.2f}"


class GradeExtras(Protocol):
    """What a genre adds to a grade: its own figures, where they go in the JSON, and the text
    report."""

    def json_head(self) -> dict[str, object]:
        """Keys placed right after ``level`` (Masyu's tedium, Light Up's cost, ...)."""
        ...

    def json_tail(self, grade: Grade[Self]) -> dict[str, object]:
        """Keys placed after ``steps`` (Light Up's progress when unfinished)."""
        ...

    def report(self, grade: Grade[Self], steps: bool) -> str:
        """The text ``pencilsat grade`` prints; ``steps`` adds the step log."""
        ...


E = TypeVar("E", bound=GradeExtras, covariant=True)


@dataclass(frozen=True)
class Grade(Generic[E]):
    """The grade of one puzzle: the paper's ``level`` (``None`` when the genre leaves an
    unfinished puzzle unrated), whether the techniques ``finished`` it, the use count of each
    technique, the ordered steps, the genre's ``extras`` and its ``score``, a continuous
    difficulty read from the step log (the genre's ``score`` module; ``None`` when unrated
    or graded with ``score=False``)."""

    level: int | None
    finished: bool
    techniques: dict[str, int]
    steps: list[Step]
    extras: E
    score: float | None = None

    def to_dict(self) -> dict[str, object]:
        """The ``grade --json`` object (without the uniqueness verdict the front adds)."""
        data: dict[str, object] = {"level": self.level}
        data["score"] = None if self.score is None else round(self.score, 3)
        data.update(self.extras.json_head())
        data.update(finished=self.finished, techniques=dict(self.techniques),
                    steps=[step.to_dict() for step in self.steps])
        data.update(self.extras.json_tail(self))
        return data

    to_json = to_dict

    def describe(self, steps: bool = False) -> str:
        """The readable report; ``steps`` adds every step in words."""
        return self.extras.report(self, steps)
