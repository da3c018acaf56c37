"""The pieces every genre's SVG panel is drawn with: cell size, colours, grid, frame, text.

A genre's drawing (``formats/svg/<genre>.py``) has one function, ``draw_panel(puzzle,
solution, differences) -> list[str]``: SVG elements in a coordinate system of ``CELL``
units per cell, origin at the grid's top-left corner.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape  # not xml.sax.saxutils: that pulls in urllib.request, ~30 ms a CLI run

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.puzzles.regions import Regions

CELL = 36
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
LOOP_COLOUR = "#1d4ed8"
DIFF_COLOUR = "#f87171"
LIT_COLOUR = "#fef3a0"
BULB_COLOUR = "#f59e0b"
FILLED_COLOUR = "#1d4ed8"
INK = "#111827"
SHADE_COLOUR = "#374151"
REGION_BORDER_WIDTH = 2.5


def centre(cell: Cell) -> tuple[float, float]:
    return cell[1] * CELL + CELL / 2, cell[0] * CELL + CELL / 2


def centre_lines(edges: Iterable[tuple[Cell, Cell]], cls: str) -> str:
    """One path of straight strokes between the centres of joined cells (a loop's or
    Numberlink's lines)."""
    path = []
    for a, b in sorted(edges):
        (x1, y1), (x2, y2) = centre(a), centre(b)
        path.append(f"M{x1} {y1}L{x2} {y2}")
    return (f'<path class="{cls}" d="{"".join(path)}" fill="none" stroke="{LOOP_COLOUR}" '
            f'stroke-width="{CELL * 0.14:.1f}" stroke-linecap="round"/>')


def highlights(cells: Iterable[Cell]) -> list[str]:
    return [
        f'<rect class="difference" data-row="{r}" data-col="{c}" x="{c * CELL}" y="{r * CELL}" '
        f'width="{CELL}" height="{CELL}" fill="{DIFF_COLOUR}" fill-opacity="0.45"/>'
        for r, c in cells
    ]


def grid_lines(width: int, height: int, colour: str = "#9ca3af") -> list[str]:
    out = [f'<g class="grid" stroke="{colour}" stroke-width="1">']
    for c in range(1, width):
        out.append(f'<line x1="{c * CELL}" y1="0" x2="{c * CELL}" y2="{height * CELL}"/>')
    for r in range(1, height):
        out.append(f'<line x1="0" y1="{r * CELL}" x2="{width * CELL}" y2="{r * CELL}"/>')
    out.append("</g>")
    return out


def diagonal_lines(n: int) -> list[str]:
    """The two main diagonals of an ``n x n`` grid, dashed grey: the diagonal variants
    (Skyscrapers ``D``, the Sudokus' X) mark the lines that are houses."""
    return [f'<line class="diagonal" x1="0" y1="{a}" x2="{n * CELL}" y2="{b}" '
            'stroke="#9ca3af" stroke-dasharray="4 3"/>'
            for a, b in ((0, n * CELL), (n * CELL, 0))]


def frame(width: int, height: int) -> str:
    return (f'<rect class="frame" x="0" y="0" width="{width * CELL}" height="{height * CELL}" '
            'fill="none" stroke="#111827" stroke-width="2.5"/>')


def text(cell: Cell, value: str, size: float, colour: str, cls: str, bold: bool = False) -> str:
    x, y = centre(cell)
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text class="{cls}" x="{x}" y="{y + size * 0.36:.1f}" text-anchor="middle" '
            f'font-size="{size:.1f}" fill="{colour}"{weight}>{escape(value)}</text>')


def shaded_cells(shaded: np.ndarray, colour: str = SHADE_COLOUR, cls: str = "shaded"
                 ) -> list[str]:
    """A dark square (``class="shaded"``, or ``cls``: Skyscrapers' and Sudoku's ``gap``) on
    every True cell of ``shaded``; drawn first, under the difference highlights and the
    grid."""
    return [f'<rect class="{cls}" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
            f'height="{CELL}" fill="{colour}"/>'
            for r, c in zip(*np.nonzero(shaded), strict=True)]


def region_outline(regions: Regions) -> list[str]:
    """The regions outlined as puzzle books draw them: one thick line per cell side between
    two regions, in one group (``class="rooms"``); drawn over the grid, under the frame."""
    right, below = regions.border_masks()
    out = [f'<g class="rooms" stroke="{INK}" stroke-width="{REGION_BORDER_WIDTH}" '
           'stroke-linecap="square">']
    for r, c in zip(*right.nonzero(), strict=True):
        x = (c + 1) * CELL
        out.append(f'<line x1="{x}" y1="{r * CELL}" x2="{x}" y2="{(r + 1) * CELL}"/>')
    for r, c in zip(*below.nonzero(), strict=True):
        y = (r + 1) * CELL
        out.append(f'<line x1="{c * CELL}" y1="{y}" x2="{(c + 1) * CELL}" y2="{y}"/>')
    out.append("</g>")
    return out


def digits(givens: np.ndarray, shown: np.ndarray | None, size: float,
           given_class: str = "given") -> list[str]:
    """A digit per cell: a given (non-zero in ``givens``) bold in ink, else the answer's
    digit (non-zero in ``shown``, when there is an answer) in the filled colour."""
    out = []
    for r, c in zip(*np.nonzero((givens != 0) | (shown != 0 if shown is not None else False)),
                    strict=True):
        cell = (int(r), int(c))
        given = int(givens[cell])
        if given:
            out.append(text(cell, str(given), size, INK, given_class, bold=True))
        else:
            assert shown is not None
            out.append(text(cell, str(int(shown[cell])), size, FILLED_COLOUR, "filled"))
    return out
