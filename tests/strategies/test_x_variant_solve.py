"""The X (diagonal) variant of Sudoku, Killer and Jigsaw Sudoku against brute force: on small
random grids (4x4 Sudoku X, 4x4 Killer X, 4x4 jigsaws with random boxes) every strategy's
verdict, count and backbone are those of the plain answers whose two diagonals hold 1..4,
filtered here by the test itself (not by the checker under test)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import jigsawsudoku as jigsaw_oracle
from oracles import killersudoku as killer_oracle
from oracles.digit_grids import fills, random_boxes
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.puzzles import killersudoku as K
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells

SQUARE = K.rectangular_boxes(4, 2, 2).ids


def diagonals_full(grid: np.ndarray) -> bool:
    """Both main diagonals hold every digit once, read off the grid here."""
    n = grid.shape[0]
    return (sorted(int(grid[i, i]) for i in range(n)) == list(range(1, n + 1))
            and sorted(int(grid[i, n - 1 - i]) for i in range(n)) == list(range(1, n + 1)))


def sudoku_answers(clues: np.ndarray) -> list[S.SudokuSolution]:
    """Every plain 4x4 answer keeping ``clues`` with both diagonals full."""
    return [S.SudokuSolution(grid) for grid in fills(4, SQUARE, clues) if diagonals_full(grid)]


def x_answer(rng: random.Random, box_ids: np.ndarray) -> np.ndarray | None:
    """A random fill of ``box_ids`` with both diagonals full (``None``: the layout has none)."""
    found = [grid for grid in fills(4, box_ids, np.zeros((4, 4), dtype=np.int16))
             if diagonals_full(grid)]
    return rng.choice(found) if found else None


def expect(result, truth) -> Verdict:
    """The result's verdict, count (when asked) and backbone are those of ``truth``;
    returns the verdict."""
    verdict = verdict_of(truth)
    assert result.verdict == verdict
    if result.count is not None:
        assert result.count.complete
        assert set(result.count.solutions) == set(truth)
    assert result.backbone is not None and result.backbone.complete
    want = [] if len(truth) < 2 else undecided_cells(truth[0], truth[1:])
    assert result.backbone.undecided == want
    return verdict


def explore(puzzle, encoding, backend, truth, count=True):
    return solve(puzzle, encoding=encoding, backend=backend,
                 explore=Exploration(count=len(truth) + 1 if count else None, backbone=True))


def test_the_4x4_sudoku_x_grids_are_the_plain_ones_with_full_diagonals():
    """Of the 288 4x4 Sudoku grids, those with both diagonals full are the empty X puzzle's
    answers, on every strategy and backend (CP-SAT's count of a dozen answers, a solve each,
    is left to the CNF strategies: the same search procedure)."""
    empty = np.zeros((4, 4), dtype=np.int16)
    truth = sudoku_answers(empty)
    assert 0 < len(truth) < len(fills(4, SQUARE, empty))
    for encoding, backend in (("direct", "cnf"), ("extended", "cnf"), ("minimal", "cnf"),
                              ("extended", "cpsat")):
        result = explore(S.SudokuPuzzle(empty, diagonal=True), encoding, backend, truth,
                         count=backend == "cnf")
        expect(result, truth)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_sudoku_x_verdict_count_and_backbone_match_brute_force(seed):
    rng = random.Random(seed)
    answer = x_answer(rng, SQUARE)
    assert answer is not None
    keep = rng.uniform(0.05, 0.45)
    clues = np.where(np.array([[rng.random() < keep for _ in range(4)] for _ in range(4)]),
                     answer, 0)
    puzzle = S.SudokuPuzzle(clues, diagonal=True)
    truth = sudoku_answers(clues)
    for encoding, backend in (("direct", "cnf"), ("extended", "cpsat")):
        expect(explore(puzzle, encoding, backend, truth, count=backend == "cnf"), truth)
        plain = solve(puzzle, encoding=encoding, backend=backend)
        assert plain.verdict == (Verdict.UNIQUE if len(truth) == 1 else Verdict.MULTIPLE)
        if plain.solution is not None:
            assert diagonals_full(plain.solution.grid)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_jigsaw_x_verdict_count_and_backbone_match_brute_force(seed):
    rng = random.Random(seed)
    while True:
        boxes = random_boxes(rng, 4)
        answer = x_answer(rng, boxes.ids)
        if answer is not None:
            break
    keep = rng.uniform(0.0, 0.45)
    givens = np.where(np.array([[rng.random() < keep for _ in range(4)] for _ in range(4)]),
                      answer, 0)
    plain = J.JigsawSudokuPuzzle(givens, boxes)
    truth = [s for s in jigsaw_oracle.solutions(plain) if diagonals_full(s.grid)]
    puzzle = J.JigsawSudokuPuzzle(givens, boxes, diagonal=True)
    for backend in ("cnf", "cpsat"):
        expect(explore(puzzle, None, backend, truth, count=backend == "cnf"), truth)
        decided = solve(puzzle, backend=backend)
        assert decided.verdict == (Verdict.UNIQUE if len(truth) == 1 else Verdict.MULTIPLE)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_killer_x_verdict_count_and_backbone_match_brute_force(seed):
    rng = random.Random(seed)
    answer = x_answer(rng, SQUARE)
    assert answer is not None
    cages = killer_oracle.random_cages(rng, 4, answer)
    sums = np.zeros((4, 4), dtype=np.int32)
    keep = rng.uniform(0.1, 0.7)
    for cells in cages.cells():
        if rng.random() < keep:
            sums[cells[0]] = sum(int(answer[cell]) for cell in cells)
    plain = K.KillerSudokuPuzzle(sums, cages, 2, 2)
    truth = [s for s in killer_oracle.solutions(plain) if diagonals_full(s.grid)]
    puzzle = K.KillerSudokuPuzzle(sums, cages, 2, 2, diagonal=True)
    for backend in ("cnf", "cpsat"):
        expect(explore(puzzle, None, backend, truth, count=backend == "cnf"), truth)
        decided = solve(puzzle, backend=backend)
        assert decided.verdict == (Verdict.UNIQUE if len(truth) == 1 else Verdict.MULTIPLE)


@pytest.mark.parametrize("make", [
    lambda g: S.SudokuPuzzle(g, diagonal=True),
    lambda g: J.JigsawSudokuPuzzle(g, J.JigsawSudokuPuzzle(g, K.rectangular_boxes(4, 2, 2)).boxes,
                                   diagonal=True),
])
def test_givens_that_repeat_on_a_diagonal_have_no_answer(make):
    """Two 1s on the main diagonal, in different rows, columns and boxes: no X answer."""
    givens = np.zeros((4, 4), dtype=np.int16)
    givens[0, 0] = givens[3, 3] = 1
    assert solve(make(givens)).verdict == Verdict.NONE
