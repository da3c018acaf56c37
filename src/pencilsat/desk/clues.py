"""Clue tools: the redundant clues of a unique puzzle, and clues that make an ambiguous one
unique, for every genre whose rules say what a clue is (``GenreRules.clues``).

- unique: each clue removed in turn and the puzzle solved again; the ones whose removal
  keeps it unique are *redundant*, and the clue set is *minimal* when there is none. With
  ``grade``, each redundant clue's removal is graded too (does the puzzle get harder?).
- several solutions: keep the first solution ``S``; while a second one ``T`` exists, add a
  clue ``S`` obeys and ``T`` breaks (by the genre's rule checker), preferring one on a cell
  where they differ; then drop every added clue the puzzle can do without.

Every verdict comes from the solving front, so one time limit covers the whole run: a
check it cuts short is ``unknown`` and the report ``complete`` is False.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.registry import genre_of
from pencilsat.core.result import Verdict
from pencilsat.core.rules import Clue, ClueRules
from pencilsat.strategies.front import check_time_limit, solve
from pencilsat.strategies.solution_space import Exploration

KEPT = 8
"""Solutions tried in turn as the one to keep, when no clue tells one from the others."""


@dataclass
class ClueReport:
    """What ``pencilsat clues`` found. ``redundant`` / ``needed`` / ``minimal`` for a unique
    puzzle, ``added`` for one with several solutions (the clues that make it unique,
    ``puzzle_after`` the puzzle with them); ``undecided`` lists clues whose check the time
    limit cut short. ``grades`` (with ``grade``): the level of the puzzle and, per redundant
    clue, of the puzzle without it."""

    verdict: Verdict
    kind: str
    clues: list[Clue]
    redundant: list[Clue] = field(default_factory=list)
    needed: list[Clue] = field(default_factory=list)
    undecided: list[Clue] = field(default_factory=list)
    added: list[Clue] = field(default_factory=list)
    puzzle_after: Any = None
    level: int | None = None
    levels_without: dict[Clue, int | None] | None = None
    message: str = ""
    removal: str = ""
    """What removing a clue does to its cell, when more than taking it away."""

    @property
    def complete(self) -> bool:
        return not self.undecided and not self.message.startswith("time limit")

    @property
    def minimal(self) -> bool | None:
        """Whether no clue can go (``None``: not unique, or not every clue was checked)."""
        if self.verdict != Verdict.UNIQUE or self.undecided:
            return None
        return not self.redundant

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "verdict": self.verdict.value, "clue_kind": self.kind,
            "clues": len(self.clues), "minimal": self.minimal, "complete": self.complete,
            "redundant": [c.to_dict() for c in self.redundant],
            "needed": [c.to_dict() for c in self.needed],
            "undecided": [c.to_dict() for c in self.undecided],
            "added": [c.to_dict() for c in self.added],
            "removal": self.removal or None,
        }
        if self.levels_without is not None:
            data["level"] = self.level
            data["grade_without"] = [
                {**c.to_dict(), "level": level, "changes_grade": level != self.level}
                for c, level in self.levels_without.items()]
        data["message"] = self.message or None
        return data


def clue_rules(puzzle: Any) -> ClueRules:
    """The genre's clue rules, or an InputError for a genre without them."""
    genre = genre_of(puzzle)
    rules = genre.rules().clues
    if rules is None:
        raise InputError(f"{genre.title} has no clue tools yet", source="clues",
                         hint="the clue tools cover the genres whose rules list their clues")
    return rules


def check_clues(puzzle: Any, *, grade: bool = False,
                time_limit: float | None = None) -> ClueReport:
    """The clue report of ``puzzle`` (see the module docstring); ``time_limit`` in seconds
    bounds the whole run."""
    rules = clue_rules(puzzle)
    genre = genre_of(puzzle)
    if grade and genre.grader is None:
        raise InputError(f"{genre.title} has no grader, so --grade cannot compare levels",
                         source="grade", hint="leave --grade out for the clue report")
    limit = check_time_limit(time_limit)
    deadline = None if limit is None else perf_counter() + limit
    first = solve(puzzle, time_limit=_left(deadline))
    report = ClueReport(first.verdict, rules.kind, rules.given(puzzle), removal=rules.removal)
    if first.verdict == Verdict.UNIQUE:
        _redundant(puzzle, rules, report, deadline)
        if grade:
            _grades(puzzle, rules, report, deadline)
    elif first.verdict == Verdict.MULTIPLE:
        # no clue the first solution obeys may tell it from the second (a Masyu loop that
        # the second only widens): then another solution is kept
        listed = solve(puzzle, time_limit=_left(deadline), explore=Exploration(count=KEPT))
        solutions = listed.count.solutions if listed.count is not None else []
        for kept in solutions or [first.solution]:
            other = next(s for s in [*solutions, first.solution, first.second_solution]
                         if s != kept)
            report.added, report.message = [], ""
            if _make_unique(puzzle, rules, report, kept, other, deadline):
                break
    elif first.verdict == Verdict.NONE:
        report.message = "the puzzle has no solution: no clue added can make it unique"
    else:
        report.message = "time limit reached before uniqueness was decided"
    return report


def _left(deadline: float | None) -> float | None:
    """Seconds left before ``deadline`` (a tiny positive figure once past: the next solve
    answers ``unknown`` at once)."""
    return None if deadline is None else max(deadline - perf_counter(), 1e-3)


def _redundant(puzzle: Any, rules: ClueRules, report: ClueReport,
               deadline: float | None) -> None:
    for clue in report.clues:
        verdict = solve(rules.without(puzzle, clue), time_limit=_left(deadline)).verdict
        if verdict == Verdict.UNIQUE:
            report.redundant.append(clue)
        elif verdict == Verdict.MULTIPLE:
            report.needed.append(clue)
        else:
            report.undecided.append(clue)


def _grades(puzzle: Any, rules: ClueRules, report: ClueReport,
            deadline: float | None) -> None:
    from pencilsat.grading.front import grade

    # the level only: the score's extra work (Sudoku's forcing probe) would be thrown away
    report.level = _level(grade(puzzle, time_limit=_left(deadline), score=False))
    report.levels_without = {}
    for clue in report.redundant:
        result = grade(rules.without(puzzle, clue), time_limit=_left(deadline), score=False)
        report.levels_without[clue] = _level(result)
    if deadline is not None and perf_counter() > deadline:
        report.message = "time limit reached while grading: some levels are missing"


def _level(result: Any) -> int | None:
    return None if result.grade is None else result.grade.level


def _make_unique(puzzle: Any, rules: ClueRules, report: ClueReport, kept: Any, other: Any,
                 deadline: float | None) -> bool:
    """Add clues ``kept`` obeys until ``kept`` is the only solution, then drop the added
    clues the puzzle can do without; False when no clue tells ``kept`` from another."""
    current = puzzle
    while other is not None:
        clue = _telling_apart(current, rules, kept, other)
        if clue is None:
            report.message = (f"no {rules.kind} that a solution obeys tells it from another; "
                              "the puzzle needs another kind of change")
            report.added = []
            return False
        current = rules.with_(current, clue)
        report.added.append(clue)
        result = solve(current, time_limit=_left(deadline))
        if result.verdict == Verdict.UNKNOWN:
            report.message = "time limit reached while adding clues"
            return True
        other = _other_than(result, kept)
    for clue in list(report.added[:-1]):
        fewer = with_clues(puzzle, rules, [c for c in report.added if c != clue])
        verdict = solve(fewer, time_limit=_left(deadline)).verdict
        if verdict == Verdict.UNIQUE:
            current = fewer
            report.added.remove(clue)
        elif verdict == Verdict.UNKNOWN:
            break  # the clues stay: fewer would do, but there is no time to show it
    report.puzzle_after = current
    return True


def with_clues(puzzle: Any, rules: ClueRules, clues: list[Clue]) -> Any:
    """``puzzle`` with each of ``clues`` added (an added Light Up wall on a white cell is
    undone by leaving it out here, not by removing its number)."""
    for clue in clues:
        puzzle = rules.with_(puzzle, clue)
    return puzzle


def _other_than(result: Any, kept: Any) -> Any:
    """A solution of ``result`` other than ``kept``, or ``None`` when ``kept`` is the only
    one."""
    if result.verdict == Verdict.UNIQUE:
        return None
    return result.second_solution if result.solution == kept else result.solution


def _telling_apart(puzzle: Any, rules: ClueRules, kept: Any, other: Any) -> Clue | None:
    """A clue ``kept`` obeys and ``other`` breaks, on a cell where they differ if one is."""
    check = genre_of(puzzle).rules().check
    differ = set(kept.differing_cells(other))
    offered = rules.offered(puzzle, kept)
    offered.sort(key=lambda clue: clue.cell not in differ)
    for clue in offered:
        if check(rules.with_(puzzle, clue), other):
            return clue
    return None
