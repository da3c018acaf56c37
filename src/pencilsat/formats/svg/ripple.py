"""Ripple Effect in SVG: cut-out cells dark (as pzprjs draws them), the rooms outlined thick
over a light grid, givens bold, the answer's numbers blue."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import (
    CELL,
    INK,
    digits,
    frame,
    grid_lines,
    highlights,
    region_outline,
    text,
)
from pencilsat.puzzles.ripple import UNKNOWN, RipplePuzzle, RippleSolution


def draw_panel(puzzle: RipplePuzzle, solution: RippleSolution | None,
               diffs: Iterable[Cell]) -> list[str]:
    h, w = puzzle.height, puzzle.width
    out = [f'<rect class="cut-out" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
           f'height="{CELL}" fill="{INK}"/>'
           for r, c in zip(*np.nonzero(puzzle.cut_out()), strict=True)]
    out += highlights(diffs) + grid_lines(w, h, "#d1d5db") + region_outline(puzzle.rooms)
    size = CELL * 0.55
    shown = (solution.grid if solution is not None and solution.grid.shape == (h, w)
             else None)
    out += digits(puzzle.givens, shown, size, "given")
    if shown is None:  # a '?' given; with an answer, its number is drawn as found
        out += [text((int(r), int(c)), UNKNOWN, size, INK, "given", bold=True)
                for r, c in zip(*np.nonzero(puzzle.unknown), strict=True)]
    out.append(frame(w, h))
    return out
