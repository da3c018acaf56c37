"""The pieces every genre's SVG panel is drawn with: cell size, colours, grid, frame, text.

A genre's drawing (``formats/svg/<genre>.py``) has one function, ``draw_panel(puzzle,
solution, differences) -> list[str]``: SVG elements in a coordinate system of ``CELL``
units per cell, origin at the grid's top-left corner.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape  # not xml.sax.saxutils: that pulls in urllib.request, ~30 ms a CLI run

from pencilsat.core.values import Cell

CELL = 36
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
LOOP_COLOUR = "#1d4ed8"
DIFF_COLOUR = "#f87171"
LIT_COLOUR = "#fef3a0"
BULB_COLOUR = "#f59e0b"
FILLED_COLOUR = "#1d4ed8"
INK = "#111827"


def centre(cell: Cell) -> tuple[float, float]:
    return cell[1] * CELL + CELL / 2, cell[0] * CELL + CELL / 2


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


def frame(width: int, height: int) -> str:
    return (f'<rect class="frame" x="0" y="0" width="{width * CELL}" height="{height * CELL}" '
            'fill="none" stroke="#111827" stroke-width="2.5"/>')


def text(cell: Cell, value: str, size: float, colour: str, cls: str, bold: bool = False) -> str:
    x, y = centre(cell)
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text class="{cls}" x="{x}" y="{y + size * 0.36:.1f}" text-anchor="middle" '
            f'font-size="{size:.1f}" fill="{colour}"{weight}>{escape(value)}</text>')
