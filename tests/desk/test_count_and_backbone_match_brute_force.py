"""``solve --count`` and ``--backbone`` agree with every solution enumerated by brute force,
on small random puzzles of every genre, through every strategy."""

from __future__ import annotations

import pytest
from brute_force import all_solutions, random_puzzles
from oracles.verdicts import verdict_of

from pencilsat.core.registry import GENRES
from pencilsat.core.result import Verdict
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells

GENRE_NAMES = list(GENRES)
"""Every genre of the registry: a genre added there is tested here (and needs a brute-force
oracle in ``brute_force.py``)."""
CASES = [(genre, strategy.name, backend) for genre in GENRE_NAMES
         for strategy in GENRES[genre].strategies for backend in strategy.backends]


def rows_of(puzzle, solutions) -> set[tuple[str, ...]]:
    rules = GENRES[puzzle.genre].rules()
    return {tuple(rules.solution_rows(puzzle, s)) for s in solutions}


def expected_undecided(solutions):
    return [] if len(solutions) < 2 else undecided_cells(solutions[0], solutions[1:])


@pytest.mark.parametrize("genre, encoding, backend", CASES)
def test_count_lists_every_solution_and_backbone_marks_where_they_differ(genre, encoding,
                                                                        backend):
    default = encoding == GENRES[genre].default_on.get(backend, GENRES[genre].default_strategy)
    puzzles = random_puzzles(genre, 12 if default else 4, seed=len(genre) + len(encoding))
    for puzzle in puzzles:
        truth = all_solutions(puzzle)
        if len(truth) > (100 if backend == "cnf" and default else 15):
            continue  # CP-SAT solves again from scratch for every answer
        task = Exploration(count=len(truth) + 1, backbone=True)
        result = solve(puzzle, encoding=encoding, backend=backend, explore=task)
        assert result.count is not None and result.count.complete
        assert rows_of(puzzle, result.count.solutions) == rows_of(puzzle, truth)
        assert len(result.count.solutions) == len(truth)
        assert result.verdict == verdict_of(truth)
        if truth:
            assert result.backbone is not None and result.backbone.complete
            assert result.backbone.undecided == expected_undecided(truth)


@pytest.mark.parametrize("genre", GENRE_NAMES)
@pytest.mark.parametrize("method", ["blocking", "assumptions"])
def test_backbone_alone_by_either_method_matches_brute_force(genre, method):
    for puzzle in random_puzzles(genre, 15, seed=7):
        truth = all_solutions(puzzle)
        result = solve(puzzle, explore=Exploration(backbone=True, method=method))
        if not truth:
            assert result.verdict == Verdict.NONE and result.backbone is None
            continue
        assert result.backbone is not None and result.backbone.complete
        assert result.backbone.undecided == expected_undecided(truth)


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_count_below_the_number_of_solutions_says_there_are_more(genre):
    for puzzle in random_puzzles(genre, 10, seed=11):
        truth = all_solutions(puzzle)
        if len(truth) < 3:
            continue
        result = solve(puzzle, explore=Exploration(count=2))
        assert result.count is not None and not result.count.complete
        assert len(result.count.solutions) == 2
        assert rows_of(puzzle, result.count.solutions) <= rows_of(puzzle, truth)


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_auto_method_takes_assumptions_on_cnf_and_blocking_on_cpsat(genre):
    puzzle = next(p for p in random_puzzles(genre, 20, seed=3) if len(all_solutions(p)) > 1)
    truth = all_solutions(puzzle)
    for backend, method in (("cnf", "assumptions"), ("cpsat", "blocking")):
        result = solve(puzzle, backend=backend, explore=Exploration(backbone=True))
        assert result.backbone is not None and result.backbone.method == method
        assert result.backbone.undecided == expected_undecided(truth)
