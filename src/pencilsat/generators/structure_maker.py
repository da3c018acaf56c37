"""The generator loop's maker for the genres whose clues are their structure: Star Battle,
Norinori and LITS (regions), Spiral Galaxies (centres), Numberlink (pairs of ends).

These genres have no clue tools (docs/desk.md): no clue can be left out while the answer
stays, so "clues until unique, then remove" does not apply. A :class:`StructureGenre` gives
instead a ``search``: it draws an answer with its structure and changes the structure
(moves a border cell, splits a galaxy, cuts a path) against each second answer found,
until the answer is the only one, within a budget of uniqueness trials; the search proves
it with the genre's default strategy. The loop sees every piece of the structure (region,
galaxy, pair) as a clue that is part of the puzzle (Nonogram's ``all_given``): a puzzle
counts as unique only with all of them, so the loop keeps the puzzle the search made, and
a layout the search gave up on is one candidate spent.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.result import Verdict
from pencilsat.core.values import Cell
from pencilsat.generators.clue_maker import NO_GRADER, no_scale, refuse_size
from pencilsat.generators.loop import ClueTrials, Grading
from pencilsat.generators.symmetry import symmetry_made_for


@dataclass(frozen=True)
class Made:
    """A puzzle the search proved unique, its answer, and a cell per piece (the clues)."""

    puzzle: Any
    solution: Any
    pieces: list[Cell]


@dataclass(frozen=True)
class StructureGenre:
    """A genre for :class:`StructureMaker` (module docstring)."""

    genre: str
    search: Callable[[random.Random, int, int], Made | None]
    """A unique puzzle of the size drawn from the stream, or ``None``: given up."""
    refuse: Callable[[int, int], str | None]
    """Why a size cannot be made (``None``: it can)."""
    no_symmetry: str
    """Why ``--symmetry`` is refused: the structure is drawn at random."""
    symmetric: Callable[[random.Random, int, int, str], Made | None] | None = None
    """``search`` with a symmetry (``rot2``, ``mirror``), where the genre makes one."""
    size_hint: str = "e.g. 10x10"
    counted: str = "regions"
    """What a piece is, in the plural, as ``generate`` says the count ("10 regions")."""


def prove(puzzle: Any) -> tuple[bool, Any, Any]:
    """``(unique, answer, other)`` by the genre's default strategy (``other``: a second
    answer when not unique); an ``InputError`` when the puzzle has no answer at all (a
    search bug: the drawn answer fits its own structure)."""
    from pencilsat.strategies.front import solve

    result = solve(puzzle)
    if result.verdict == Verdict.UNIQUE:
        return True, result.solution, None
    check_clock(None, "generation")  # the generation's time limit, when it has passed
    if result.verdict != Verdict.MULTIPLE:
        raise InputError(f"a generator trial ended {result.verdict.value}: "
                         f"{result.message or 'no reason given'}",
                         hint="try another --seed or a smaller size")
    return False, result.solution, result.second_solution


class _Proven:
    """:class:`~pencilsat.generators.loop.ClueTrials` of a proven puzzle: unique with every
    piece, never with one missing."""

    def __init__(self) -> None:
        self.complete = False

    def set_kept(self, kept: np.ndarray) -> None:
        self.complete = bool(kept.all())

    def still_unique(self) -> bool:
        return self.complete

    def broken(self) -> list[int]:
        return []

    def close(self) -> None:
        pass


class StructureMaker:
    """:class:`~pencilsat.generators.loop.Maker` for a :class:`StructureGenre`."""

    scale = NO_GRADER
    levels = (0, 0)
    always_rated = False
    cheap_score = True
    score_ceiling: float | None = None
    start_full = True

    def __init__(self, spec: StructureGenre, width: int, height: int, *,
                 steers: bool = False, symmetry: str | None = None) -> None:
        entry = REGISTRY[spec.genre]
        self.spec, self.genre, self.title = spec, spec.genre, entry.title
        if steers:
            raise no_scale(entry.title, "leave --level and --score out")
        refuse_size(entry.title, width, height, spec.refuse(width, height), spec.size_hint)
        if symmetry is not None and spec.symmetric is None:
            raise InputError(f"--symmetry is not made for {entry.title}",
                             source="--symmetry",
                             hint=f"{spec.no_symmetry}; {symmetry_made_for()}")
        self.rules = entry.rules()
        self.width, self.height, self.symmetry = width, height, symmetry
        self.symmetric_structure = symmetry is not None  # the search draws it symmetric

    def draw_answer(self, rng: random.Random) -> Made | None:
        if self.symmetry is not None and self.spec.symmetric is not None:
            made = self.spec.symmetric(rng, self.width, self.height, self.symmetry)
        else:
            made = self.spec.search(rng, self.width, self.height)
        if made is None:
            return None
        broken = self.rules.check(made.puzzle, made.solution)
        if broken:  # a generator bug, never an editor's mistake: stop loudly
            raise RuntimeError(f"a drawn {self.title} answer breaks its rules: {broken[0]}")
        return made

    def candidates(self, answer: Made) -> list[Cell]:
        return list(answer.pieces)

    def trials(self, answer: Made) -> ClueTrials:
        return _Proven()

    def puzzle(self, answer: Made, kept: np.ndarray) -> Any:
        return answer.puzzle

    def solution(self, answer: Made) -> Any:
        return answer.solution

    def grade(self, puzzle: Any, score: bool, cap: int | None = None) -> Grading:
        return Grading(None)
