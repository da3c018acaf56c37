"""Jigsaw Sudoku in SVG: the irregular boxes outlined thick, givens bold, filled digits
blue."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.digit_houses import boxes_and_digits
from pencilsat.formats.svg.parts import frame
from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle, JigsawSudokuSolution


def draw_panel(puzzle: JigsawSudokuPuzzle, solution: JigsawSudokuSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    return boxes_and_digits(puzzle.boxes, puzzle.givens, solution, diffs,
                            puzzle.diagonal) + [
        frame(puzzle.size, puzzle.size)]
