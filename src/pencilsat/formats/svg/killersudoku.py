"""Killer Sudoku in SVG: the boxes outlined thick, the cages dashed along their borders,
each cage's sum small in its cell's top left, givens bold, filled digits blue."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.digit_houses import boxes_and_digits
from pencilsat.formats.svg.parts import CELL, INK, frame
from pencilsat.puzzles.killersudoku import KillerSudokuPuzzle, KillerSudokuSolution

_INSET = 4


def draw_panel(puzzle: KillerSudokuPuzzle, solution: KillerSudokuSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    out = boxes_and_digits(puzzle.boxes, puzzle.givens, solution, diffs,
                           puzzle.diagonal)
    out.append(f'<g class="cages" stroke="{INK}" stroke-width="1" stroke-dasharray="3 2">')
    for (r, c), (r2, _) in puzzle.cages.borders():
        if r == r2:  # side by side: a vertical border
            x = (c + 1) * CELL
            out.append(f'<line x1="{x - _INSET}" y1="{r * CELL}" x2="{x - _INSET}" '
                       f'y2="{(r + 1) * CELL}"/>')
        else:
            y = (r + 1) * CELL
            out.append(f'<line x1="{c * CELL}" y1="{y - _INSET}" x2="{(c + 1) * CELL}" '
                       f'y2="{y - _INSET}"/>')
    out.append("</g>")
    for r, c in zip(*puzzle.sums.nonzero(), strict=True):
        out.append(f'<text class="cage-sum" x="{c * CELL + 3}" y="{r * CELL + 11}" '
                   f'font-size="{CELL * 0.28:.1f}" fill="{INK}">{int(puzzle.sums[r, c])}</text>')
    out.append(frame(puzzle.size, puzzle.size))
    return out
