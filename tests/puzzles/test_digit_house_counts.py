"""The checkers' whole-array path (digit_houses.breaks_nothing) agrees with their cell-by-cell
listing on stored answers and on answers broken in each way a solver could break them."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.puzzles import killersudoku as K
from pencilsat.puzzles.digit_houses import breaks_nothing, house_indices, named_houses


def broken(grid: np.ndarray, rng: np.random.Generator) -> list[np.ndarray]:
    """A digit changed, two cells swapped, two digits exchanged everywhere (every house
    still holds each digit once), a cell emptied, a row repeated."""
    n = grid.shape[0]
    out = []
    for _ in range(3):
        r, c, r2, c2 = rng.integers(0, n, 4)
        changed = grid.copy()
        changed[r, c] = grid[r, c] % n + 1
        swapped = grid.copy()
        swapped[r, c], swapped[r2, c2] = grid[r2, c2], grid[r, c]
        a, b = rng.choice(np.arange(1, n + 1), 2, replace=False)
        exchanged = np.where(grid == a, b, np.where(grid == b, a, grid))
        emptied = grid.copy()
        emptied[r, c] = 0
        repeated = grid.copy()
        repeated[r] = grid[(r + 1) % n]
        out += [changed, swapped, exchanged, emptied, repeated]
    return out


def counts(puzzle, grid: np.ndarray) -> bool:
    cages = getattr(puzzle, "cages", None)
    return breaks_nothing(puzzle.givens, grid, puzzle.boxes, cages,
                          None if cages is None else puzzle.sums)


@pytest.mark.parametrize("module, folder", [(K, "killersudoku"), (J, "jigsawsudoku")])
def test_counts_agree_with_the_listing(module, folder):
    files = sorted((CORPUS / folder).rglob("*.txt"))[::97][:10]
    rng = np.random.default_rng(7)
    agreed = broke = 0
    for path in files:
        puzzle = module.parse_puzzle(path.read_text(), path.stem)
        answer = module.FORMAT.parse_solution(path.with_suffix(".sol").read_text(), puzzle)
        for grid in [answer.grid, *broken(answer.grid, rng)]:
            solution = type(answer)(grid)
            listed = module.violations(puzzle, solution)
            assert counts(puzzle, grid) == (not listed), path
            assert module.check(puzzle, solution) == listed, path
            agreed += 1
            broke += bool(listed)
    assert agreed == 16 * len(files) and broke >= 13 * len(files)


@pytest.mark.parametrize("module, folder", [(K, "killersudoku"), (J, "jigsawsudoku")])
def test_house_indices_are_the_named_houses_row_major(module, folder):
    """The solver's houses (``house_indices``) are the checker's (``named_houses``), in the
    same order, each cell as its row-major index."""
    files = sorted((CORPUS / folder).rglob("*.txt"))[::97][:10]
    assert files
    for path in files:
        puzzle = module.parse_puzzle(path.read_text(), path.stem)
        n = puzzle.size
        named = [[r * n + c for r, c in cells] for _, cells in named_houses(n, puzzle.boxes)]
        assert house_indices(n, puzzle.boxes) == named, path
