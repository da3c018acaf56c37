"""Every measure of one puzzle, by name, each the same on every run and in any order.

Families (the first word of a name): ``size`` (baselines: cells, givens, their density),
``default`` (the genre's default strategy: its uniqueness verdict and solver counters, and
numeric extras such as Masyu ``lazy``'s SAT calls), ``cdcl`` (:mod:`.effort`, on the genre's
complete clause list), ``gup`` (:mod:`.hierarchy`), ``cpsat`` (the genre's CP-SAT strategy,
one worker, its branches and conflicts) and ``grade`` (the genre's human-technique grader:
level, score when the grader gives one, steps per technique and per level, trials) and
``finding`` (:mod:`.finding`: Sudoku's measures of finding a step). A genre the
registry gives no clause list or grader simply lacks those families; nothing is timed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pencilsat.core.errors import NotGradable
from pencilsat.core.registry import Genre, genre_of, load
from pencilsat.core.result import Verdict
from pencilsat.study.effort import cdcl_effort
from pencilsat.study.finding import finding_family
from pencilsat.study.hierarchy import hierarchy
from pencilsat.study.propagation import BudgetExhausted

VERSION = 6
"""Stored in every record: records of another version are measured again on a rerun. 2 (26
Nov): the graders' score (``grade.score``) and Light Up's re-fitted grade came with main. 3
(28 Nov): Sudoku's ``finding`` family and ``grade.score_time`` (:mod:`.finding`). 4 (29
Nov): ``finding.person.digits.sq``, ``finding.candidates`` and the refitted
``grade.score_time``. 5 (29 Nov): the ``default`` counters of Light Up, Heyawake, Yajilin
(MiniCard) and Hitori (deductions before clauses) and Light Up's big grades changed. 6 (30
Nov): Sudoku's ``grade.score`` refitted (Radcliffe weighted twice) and ``score_time`` with
it."""
TRIAL = "MUJYUNSYORI"
"""Sato's contradiction processing: the trials of the Masyu and Sudoku graders."""


@dataclass(frozen=True)
class MeasureSettings:
    """What is measured, and the work budgets that replace time limits (so that a measure
    never depends on the machine): ``shuffles`` orderings per CDCL solver, a conflict budget
    per run, the highest level of the hierarchy tried and its propagation budget."""

    shuffles: int = 5
    conflict_budget: int = 1_000_000
    max_level: int = 2
    propagation_budget: int = 500_000
    cpsat: bool = True
    grader: bool = True

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass
class PuzzleMeasures:
    """One puzzle's measures, notes on what could not be measured, and the reason a puzzle
    has no measures at all (not unique)."""

    measures: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    reason: str | None = None
    genre: str = ""
    size: str = ""


def measure(puzzle: Any, settings: MeasureSettings) -> PuzzleMeasures:
    """Every measure of ``puzzle`` (a model of any registered genre)."""
    from pencilsat.strategies.front import solve

    genre = genre_of(puzzle)
    out = PuzzleMeasures(genre=genre.name, size=f"{puzzle.width}x{puzzle.height}")
    result = solve(puzzle, max_memory=None)
    if result.verdict != Verdict.UNIQUE:
        out.reason = _not_unique(result)
        return out
    out.measures.update(baselines(puzzle))
    out.measures.update(_counters("default", result.stats.to_dict()))
    _effort(puzzle, genre, settings, out)
    if settings.cpsat and any("cpsat" in s.backends for s in genre.strategies):
        cpsat = solve(puzzle, backend="cpsat", max_memory=None)
        if cpsat.verdict == Verdict.UNIQUE:
            stats = cpsat.stats
            out.measures.update({"cpsat.branches": float(stats.decisions or 0),
                                 "cpsat.conflicts": float(stats.conflicts or 0),
                                 "cpsat.propagations": float(stats.propagations or 0)})
        else:
            out.notes.append(f"cpsat: verdict {cpsat.verdict.value}")
    if settings.grader and genre.grader is not None:
        _grade(puzzle, genre, out)
    return out


def baselines(puzzle: Any) -> dict[str, float]:
    """Grid size, givens (the non-empty cells of the puzzle's text form) and their density."""
    text = genre_of(puzzle).rules().format_puzzle(puzzle)
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and lines[0].split()[:1] == [genre_of(puzzle).headers[0]]:
        lines = lines[1:]
    tokens = [tok for line in lines for tok in (line.split() if " " in line else line)]
    cells = puzzle.width * puzzle.height
    givens = sum(1 for tok in tokens if tok != ".")
    return {"size.cells": float(cells), "size.givens": float(givens),
            "size.density": givens / cells if cells else 0.0}


def _not_unique(result: Any) -> str:
    if result.verdict == Verdict.MULTIPLE:
        return (f"multiple: a second solution differs in {len(result.differences)} cells; "
                "a difficulty measure needs exactly one answer")
    if result.verdict == Verdict.NONE:
        return "none: the puzzle has no solution" + (f" ({result.message})"
                                                     if result.message else "")
    return f"unknown: {result.message or 'no verdict'}"


def _counters(family: str, stats: dict[str, Any]) -> dict[str, float]:
    """The numeric counters of a solve's statistics (not its times, sizes or names)."""
    skip = {"variables", "clauses", "encode_s", "solve_s", "uniqueness_s", "memory_estimate",
            "max_memory", "settled_edges", "grown_after"}
    out = {}
    for key, value in stats.items():
        if key in skip or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        out[f"{family}.{key}"] = float(value)
    return out


def _effort(puzzle: Any, genre: Genre, settings: MeasureSettings, out: PuzzleMeasures) -> None:
    """The ``cdcl`` and ``gup`` families, from the genre's clause lists."""
    if genre.complete_cnf is None:
        out.notes.append(f"cdcl: {genre.title} has no complete clause list in the registry")
    else:
        complete = load(genre.complete_cnf)(puzzle)
        means, notes = cdcl_effort(complete, shuffles=settings.shuffles,
                                   budget=settings.conflict_budget)
        out.measures.update(means)
        out.notes.extend(f"cdcl {note}" for note in notes)
    rules = genre.rule_cnf or genre.complete_cnf
    if rules is None:
        out.notes.append(f"gup: {genre.title} has no clause list in the registry")
        return
    try:
        found = hierarchy(load(rules)(puzzle), settings.max_level, settings.propagation_budget)
    except BudgetExhausted:
        out.notes.append(f"gup: over {settings.propagation_budget:,} propagation calls")
        return
    depths = found.depths
    level = found.level if found.level is not None else settings.max_level + 1
    out.measures.update({
        "gup.level": float(level),
        "gup.up_share": found.shares[0],
        "gup.up_rounds": float(found.up_rounds),
        "gup.steps": float(len(depths) + sum(found.waves)),
        "gup.depth.max": float(max(depths, default=0)),
        "gup.depth.sum": float(sum(depths)),
        "gup.depth.mean": sum(depths) / len(depths) if depths else 0.0,
        "gup.failed": float(found.failed),
    })
    for k, share in enumerate(found.shares[1:], start=1):
        out.measures[f"gup.share.level{k}"] = share
    for k, waves in enumerate(found.waves, start=2):
        out.measures[f"gup.waves.level{k}"] = float(waves)


def _grade(puzzle: Any, genre: Genre, out: PuzzleMeasures) -> None:
    """The ``grade`` family: the grader's numeric keys, technique counts, steps per level."""
    grader = load(genre.grader) if genre.grader else None
    if grader is None:
        return
    try:
        grade = grader(puzzle, deadline=None)
    except NotGradable as err:
        out.notes.append(f"grade: {err.message}")
        return
    data = grade.to_dict()
    for key, value in data.items():
        if key == "techniques":
            for name, count in dict(value).items():
                out.measures[f"grade.technique.{name}"] = float(count)
        elif isinstance(value, (int, float)):
            out.measures[f"grade.{key}"] = float(value)
    out.measures["grade.steps"] = float(len(grade.steps))
    for step in grade.steps:
        if step.level is not None:
            key = f"grade.steps.level{step.level}"
            out.measures[key] = out.measures.get(key, 0.0) + 1.0
        if step.technique.startswith(TRIAL):
            out.measures["grade.trials"] = out.measures.get("grade.trials", 0.0) + 1.0
    out.measures.update(finding_family(puzzle, grade))
