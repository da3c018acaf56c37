"""Drawings for the editor's desk, for every genre: the backbone, marked clues, a grade step.

Each is one genre panel (``draw_panel``, found through the registry) with marks laid over
it, so a genre gets them without drawing code of its own:

- the backbone: a solution drawn, and each cell where solutions differ covered by a grey
  ``<rect class="undecided">`` with a ``?``: what shows is the same in every solution;
- marked cells (``<rect class="mark {kind}">``): redundant clues, the cells a step fixes.

Cells carry ``data-row`` / ``data-col`` like the differences of :mod:`pencilsat.formats.svg`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from pencilsat.core.registry import genre_of, load
from pencilsat.core.values import Cell
from pencilsat.formats.svg import MARGIN, TITLE_HEIGHT
from pencilsat.formats.svg.parts import CELL, FONT, centre

UNDECIDED_FILL = "#d1d5db"
MARK_COLOURS = {"redundant": "#16a34a", "step": "#f59e0b", "mistake": "#dc2626"}


def draw_backbone(puzzle: Any, solution: Any, undecided: Iterable[Cell], *,
                  complete: bool = True, title: str | None = None) -> str:
    """``solution`` with every ``undecided`` cell covered: the part all solutions share."""
    cells = sorted(set(undecided))
    if title is None:
        total = puzzle.width * puzzle.height
        title = (f"Not unique: {len(cells)} of {total} cells differ between solutions"
                 + ("" if complete else " (search cut short: maybe more)"))
    return draw_marked(puzzle, solution, {}, title=title, covered=cells)


def draw_marked(puzzle: Any, solution: Any, marks: Mapping[str, Iterable[Cell]], *,
                title: str | None = None, covered: Iterable[Cell] = ()) -> str:
    """One panel of ``puzzle`` (and ``solution``), ``covered`` cells hidden under a ``?``,
    and per kind of mark (``redundant``, ``step``, ``mistake``) its cells outlined."""
    panel_w = puzzle.width * CELL + 2 * MARGIN
    panel_h = puzzle.height * CELL + 2 * MARGIN
    top = TITLE_HEIGHT if title else 0
    width = max(panel_w, int(len(title) * 8.5) + 2 * MARGIN if title else 0)
    height = top + panel_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    if title:
        out.append(f'<text class="title" x="{width / 2}" y="{TITLE_HEIGHT * 0.7}" '
                   f'text-anchor="middle" font-size="16">{escape(title)}</text>')
    left = (width - panel_w) // 2 + MARGIN
    out.append(f'<g class="panel" id="panel-1" transform="translate({left},{top + MARGIN})">')
    out.extend(load(genre_of(puzzle).svg).draw_panel(puzzle, solution, ()))
    out.extend(_cover(cell) for cell in sorted(set(covered)))
    for kind, cells in marks.items():
        colour = MARK_COLOURS.get(kind, "#7c3aed")
        out.extend(_outline(cell, kind, colour) for cell in sorted(set(cells)))
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def _cover(cell: Cell) -> str:
    r, c = cell
    x, y = centre(cell)
    return (f'<g class="undecided" data-row="{r}" data-col="{c}">'
            f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
            f'fill="{UNDECIDED_FILL}" stroke="#9ca3af" stroke-width="0.5"/>'
            f'<text x="{x}" y="{y + CELL * 0.16:.1f}" text-anchor="middle" '
            f'font-size="{CELL * 0.45:.1f}" fill="#4b5563">?</text></g>')


def _outline(cell: Cell, kind: str, colour: str) -> str:
    r, c = cell
    inset = 2
    return (f'<rect class="mark {kind}" data-row="{r}" data-col="{c}" x="{c * CELL + inset}" '
            f'y="{r * CELL + inset}" width="{CELL - 2 * inset}" height="{CELL - 2 * inset}" '
            f'fill="{colour}" fill-opacity="0.18" stroke="{colour}" stroke-width="3"/>')
