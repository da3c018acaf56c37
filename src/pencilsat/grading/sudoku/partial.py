"""Sudoku from a partly filled grid: the next step of Sato's grader (a hint), the wrong
digits of a partial grid, and the grid the first steps of a grade have filled.

A partial grid is written as a puzzle is (81 characters or 9 rows, ``.`` for an empty cell);
its digits are taken as given. The next step is what the grader does first from there:
``FIRSTCLUE``, then the techniques of level 1, 2 and 3, then contradiction processing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.grading.clock import check_deadline
from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.bands import first_clue
from pencilsat.grading.sudoku.contradiction import contradiction_processing
from pencilsat.grading.sudoku.engine import validated_clues
from pencilsat.grading.sudoku.finder import PairMemory, find_step
from pencilsat.grading.sudoku.state import SudokuState
from pencilsat.puzzles.sudoku import SudokuPuzzle, SudokuSolution


def next_step(puzzle: SudokuPuzzle, partial: SudokuSolution, *,
              deadline: float | None = None) -> Step | None:
    """The first step Sato's grader takes from ``partial`` (``None``: stuck, or full)."""
    clues = validated_clues(dataclasses.replace(
        puzzle, clues=np.where(puzzle.clues > 0, puzzle.clues, partial.grid)))
    state = SudokuState.from_clues(clues)
    if state.complete():
        return None
    steps = first_clue(state.copy())
    if steps:
        return steps[0]
    memory = PairMemory()
    for level in (1, 2, 3):
        check_deadline(deadline)
        step = find_step(state, level, False, memory)
        if step is not None:
            return step
    check_deadline(deadline)
    return contradiction_processing(state, memory)


def mistakes(puzzle: SudokuPuzzle, partial: SudokuSolution,
             solution: SudokuSolution) -> list[Cell]:
    """The cells whose digit in ``partial`` is not the solution's."""
    wrong = (partial.grid > 0) & (partial.grid != solution.grid)
    return [(int(r), int(c)) for r, c in zip(*np.nonzero(wrong), strict=True)]


def shown_after(puzzle: SudokuPuzzle, steps: Iterable[Step],
                partial: SudokuSolution | None = None) -> SudokuSolution:
    """The digits placed after ``steps`` (on ``partial``, or on the bare puzzle)."""
    grid = np.array(partial.grid if partial is not None else puzzle.clues, dtype=np.int16)
    for step in steps:
        for r, c, d in step.placements:
            grid[r, c] = d
    return SudokuSolution(grid)


def cells_of(step: Step) -> list[Cell]:
    """The cells ``step`` places a digit in or rules one out of."""
    return sorted({(r, c) for r, c, _ in (*step.placements, *step.eliminations)})


FACTS_IN_JSON = ("placements", "eliminations")
"""The fact lists a Sudoku step always carries in its JSON."""


def agrees(step: Step, solution: SudokuSolution) -> bool:
    """Whether ``solution`` has every digit ``step`` places and none it rules out."""
    grid = solution.grid
    return (all(int(grid[r, c]) == d for r, c, d in step.placements)
            and all(int(grid[r, c]) != d for r, c, d in step.eliminations))
