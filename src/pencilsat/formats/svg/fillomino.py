"""Fillomino in SVG: the given numbers in ink over a light grid; the answer's numbers in
the other cells in a lighter colour, its blocks outlined by thick borders."""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    frame,
    grid_lines,
    highlights,
    region_outline,
    text,
)
from pencilsat.puzzles.fillomino import FillominoPuzzle, FillominoSolution, cell_token
from pencilsat.puzzles.number_grid import EMPTY

ANSWER_INK = "#2563eb"
"""The colour of a number the answer writes."""


def _size(label: str) -> float:
    return CELL * (0.55 if len(label) <= 2 else 0.4)


def draw_panel(puzzle: FillominoPuzzle, solution: FillominoSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    """The difference highlights, the grid, the blocks, the numbers, the frame."""
    out = highlights(diffs) + grid_lines(puzzle.width, puzzle.height, colour="#d1d5db")
    solved = solution is not None and solution.numbers.shape == puzzle.numbers.shape
    if solution is not None and solved:
        out += region_outline(solution.regions)
    for r, row in enumerate(puzzle.numbers.tolist()):
        for c, value in enumerate(row):
            if value != EMPTY:
                label = cell_token(value)
                if solution is not None and solved and value < 0:
                    label = str(int(solution.numbers[r, c]))
                out.append(text((r, c), label, _size(label), INK, "clue", bold=True))
            elif solution is not None and solved:
                label = str(int(solution.numbers[r, c]))
                out.append(text((r, c), label, _size(label), ANSWER_INK, "answer"))
    out.append(frame(puzzle.width, puzzle.height))
    return out
