"""The faster paths of the big orders: Heyawake's incremental room trials and lazy answers,
Yajilin's mends, each puzzle still proved unique by another strategy and minimal."""

from __future__ import annotations

import random

import numpy as np
import pytest

import pencilsat
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.heyawake import open_puzzle
from pencilsat.generators.heyawake_trials import draw_answer
from pencilsat.generators.yajilin import _count, _shading
from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle
from pencilsat.puzzles.yajilin import STEP
from pencilsat.strategies.front import solve


@pytest.mark.parametrize(("size", "seed"), [(7, 1), (9, 2), (12, 3), (15, 4)])
def test_heyawake_puzzles_are_unique_and_minimal(size, seed):
    made = pencilsat.generate("heyawake", size, size, seed=seed)
    puzzle = made.puzzle
    assert not rules_of(puzzle).check(puzzle, made.solution)
    proof = solve(puzzle, encoding="lazy-cpsat", backend="cpsat")
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    for r, c in zip(*np.nonzero(puzzle.clues != NO_CLUE), strict=True):
        clues = np.array(puzzle.clues)
        clues[r, c] = NO_CLUE
        fewer = HeyawakePuzzle(puzzle.rooms, clues)
        assert solve(fewer).verdict == Verdict.MULTIPLE, f"the number at {(r, c)} is spare"


def test_a_drawn_heyawake_answer_keeps_the_rules_and_follows_the_seed():
    rooms = open_puzzle(random.Random(5), 12, 12)
    first = draw_answer(rooms, random.Random(7))
    again = draw_answer(rooms, random.Random(7))
    assert first is not None and again is not None
    assert np.array_equal(first.shaded, again.shaded)
    assert not rules_of(rooms).check(rooms, first)


def test_yajilin_counts_are_the_shaded_cells_an_arrow_sees():
    made = pencilsat.generate("yajilin", 9, 9, seed=3)
    grid, shaded = made.puzzle, _shading(made.solution)
    for r in range(grid.height):
        for c in range(grid.width):
            for way in STEP:
                seen = sum(cell in made.solution.shaded for cell in grid.looking_at((r, c), way))
                assert _count(shaded, (r, c), way) == seen
