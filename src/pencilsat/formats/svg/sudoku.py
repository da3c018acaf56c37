"""Sudoku in SVG: thin cell lines, thick box lines (the X variant's diagonals dashed), clues
bold, filled digits blue, gaps (cells without a digit) dark, as Skyscrapers draws them."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    FILLED_COLOUR,
    INK,
    diagonal_lines,
    frame,
    grid_lines,
    highlights,
    shaded_cells,
    text,
)
from pencilsat.puzzles.sudoku import SudokuPuzzle, SudokuSolution


def draw_panel(puzzle: SudokuPuzzle, solution: SudokuSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """Thin cell lines, thick box lines (square or rectangular boxes); clues bold black,
    filled digits blue."""
    n, (box_width, box_height) = puzzle.size, puzzle.box_dims
    out = shaded_cells(puzzle.gap_grid, INK, "gap") + highlights(diffs)
    out += grid_lines(n, n, "#9ca3af")
    if puzzle.diagonal:
        out += diagonal_lines(n)
    out.append('<g class="boxes" stroke="#111827" stroke-width="2.5">')
    for k in range(1, max(n // box_width, n // box_height)):
        if k * box_width < n:
            x = k * box_width * CELL
            out.append(f'<line x1="{x}" y1="0" x2="{x}" y2="{n * CELL}"/>')
        if k * box_height < n:
            y = k * box_height * CELL
            out.append(f'<line x1="0" y1="{y}" x2="{n * CELL}" y2="{y}"/>')
    out.append("</g>")
    size = CELL * (0.6 if n <= 9 else 0.45)
    for r in range(n):
        for c in range(n):
            clue = int(puzzle.clues[r, c])
            if clue:
                out.append(text((r, c), str(clue), size, "#111827", "clue", bold=True))
            elif solution is not None and int(solution.grid[r, c]):
                out.append(text((r, c), str(int(solution.grid[r, c])), size, FILLED_COLOUR,
                                 "filled"))
    out.append(frame(n, n))
    return out
