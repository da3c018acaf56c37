"""Drawings for the editor's desk, for every genre: a puzzle or its solutions, the backbone,
marked clues, a grade step, with the rows and columns numbered from 1 along the edges.

Each is one genre panel (``draw_panel``, found through the registry) with layers over it, so
a genre gets them without drawing code of its own:

- the backbone: a solution drawn, and each cell where solutions differ tinted
  (``<g class="undecided">``) and edged with a dashed line; in those cells the solution is
  hidden and the bare puzzle drawn again on the tint, so clues (numbers, pearls) stay in
  sight: what shows is the puzzle and what every solution shares;
- marked cells (``<rect class="mark {kind}">``): redundant clues, the cells a step fixes;
- two solutions side by side, the cells where they differ highlighted (as
  :func:`pencilsat.formats.svg.draw_svg` does);
- axis labels (``<text class="axis">``): rows and columns counted from 1, as the page names
  cells (``r3c5``). ``axes=False`` leaves them out (the command line's ``--svg`` backbone,
  whose text output counts from 0).

Cells carry ``data-row`` / ``data-col`` (0-based, as in the JSON) like the differences of
:mod:`pencilsat.formats.svg`.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from pencilsat.core.registry import genre_of, load
from pencilsat.core.values import Cell
from pencilsat.formats.svg import GAP, MARGIN, TITLE_HEIGHT, clue_space
from pencilsat.formats.svg.parts import CELL, FONT

UNDECIDED_FILL = "#e5e7eb"
UNDECIDED_EDGE = "#6b7280"
AXIS_COLOUR = "#6b7280"
OUTSET = 4
"""How far a tint reaches past the grid's outer edge."""
AXIS_SPACE = 22
"""Room for the axis labels above and left of the grid."""
MARK_COLOURS = {"redundant": "#16a34a", "step": "#f59e0b", "mistake": "#dc2626",
                "added": "#7c3aed"}


def draw_backbone(puzzle: Any, solution: Any, undecided: Iterable[Cell], *,
                  complete: bool = True, title: str | None = None, axes: bool = False) -> str:
    """``solution`` with every ``undecided`` cell tinted and its solution hidden, the
    puzzle's clues kept: the part all solutions share."""
    cells = sorted(set(undecided))
    if title is None:
        total = puzzle.width * puzzle.height
        title = (f"Not unique: {len(cells)} of {total} cells differ between solutions "
                 "(dashed)" + ("" if complete else " (search cut short: maybe more)"))
    return draw_desk(puzzle, [solution], title=title, undecided=cells, axes=axes)


def draw_marked(puzzle: Any, solution: Any, marks: Mapping[str, Iterable[Cell]], *,
                title: str | None = None, axes: bool = True) -> str:
    """One panel of ``puzzle`` (and ``solution``), per kind of mark (``redundant``,
    ``step``, ``mistake``, ``added``) its cells outlined."""
    return draw_desk(puzzle, [solution], title=title, marks=marks, axes=axes)


def draw_desk(puzzle: Any, solutions: Sequence[Any] = (None,), *,
              differences: Iterable[Cell] = (),
              marks: Mapping[str, Iterable[Cell]] | None = None,
              undecided: Iterable[Cell] = (), title: str | None = None,
              axes: bool = True) -> str:
    """Panels of ``puzzle``, one per entry of ``solutions`` (``None``: the bare puzzle), side
    by side; with two, each is labelled and ``differences`` highlighted in both. ``marks`` and
    ``undecided`` go over every panel (see the module's text)."""
    diffs = sorted(set(differences))
    covered = sorted(set(undecided))
    two = len(solutions) > 1
    lead = AXIS_SPACE if axes else MARGIN
    space_left, space_top = clue_space(puzzle)
    grid_w, grid_h = puzzle.width * CELL, puzzle.height * CELL
    panel_w = lead + space_left + grid_w + MARGIN
    panel_h = lead + space_top + grid_h + MARGIN
    label_h = TITLE_HEIGHT if two else 0
    top = TITLE_HEIGHT if title else 0
    panels_w = len(solutions) * panel_w + (len(solutions) - 1) * GAP
    width = max(panels_w, int(len(title) * 8.5) + 2 * MARGIN if title else 0)
    height = top + label_h + panel_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    if title:
        out.append(f'<text class="title" x="{width / 2}" y="{TITLE_HEIGHT * 0.7}" '
                   f'text-anchor="middle" font-size="16">{escape(title)}</text>')
    clip = f"undecided-{zlib.crc32(repr((puzzle.width, puzzle.height, covered)).encode()):08x}"
    if covered:
        out.append(f'<defs><clipPath id="{clip}">')
        out.extend(_cell_rect(cell, "", (puzzle.width, puzzle.height)) for cell in covered)
        out.append("</clipPath></defs>")
    draw_panel = load(genre_of(puzzle).svg).draw_panel
    left = (width - panels_w) // 2
    for k, solution in enumerate(solutions):
        x0 = left + k * (panel_w + GAP)
        out.append(f'<g class="panel" id="panel-{k + 1}" transform="translate({x0},{top})">')
        if two:
            out.append(f'<text class="label" x="{panel_w / 2}" y="{TITLE_HEIGHT * 0.7}" '
                       f'text-anchor="middle" font-size="14">Solution {k + 1}</text>')
        out.append(f'<g transform="translate({lead + space_left},'
                   f'{lead + label_h + space_top})">')
        out.extend(draw_panel(puzzle, solution, diffs if two else ()))
        if covered:
            out.extend(_undecided(puzzle, covered, clip, draw_panel))
        for kind, cells in (marks or {}).items():
            colour = MARK_COLOURS.get(kind, "#7c3aed")
            out.extend(_outline(cell, kind, colour) for cell in sorted(set(cells)))
        if axes:
            out.extend(_axes(puzzle.width, puzzle.height, space_left, space_top))
        out.append("</g></g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cell_rect(cell: Cell, attributes: str, grid: tuple[int, int] | None = None) -> str:
    """The cell's square; with ``grid`` (width, height), grown by ``OUTSET`` past the grid's
    outer edge, so a line drawn on that edge (a Slitherlink loop) is covered too."""
    r, c = cell
    x0, y0, x1, y1 = c * CELL, r * CELL, (c + 1) * CELL, (r + 1) * CELL
    if grid is not None:
        x0 -= OUTSET if c == 0 else 0
        y0 -= OUTSET if r == 0 else 0
        x1 += OUTSET if c == grid[0] - 1 else 0
        y1 += OUTSET if r == grid[1] - 1 else 0
    return f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}"{attributes}/>'


def _undecided(puzzle: Any, cells: list[Cell], clip: str, draw_panel: Any) -> list[str]:
    """Tints over the undecided cells, the bare puzzle again on them (clipped to them), and
    a dashed edge round each."""
    grid = (puzzle.width, puzzle.height)
    out = [f'<g class="undecided" data-row="{r}" data-col="{c}">'
           + _cell_rect((r, c), f' fill="{UNDECIDED_FILL}"', grid) + "</g>" for r, c in cells]
    out.append(f'<g class="undecided-puzzle" clip-path="url(#{clip})">')
    out.extend(draw_panel(puzzle, None, ()))
    out.append("</g>")
    out.extend(_cell_rect((r, c), f' class="undecided-edge" data-row="{r}" data-col="{c}" '
                          f'fill="none" stroke="{UNDECIDED_EDGE}" stroke-width="1.5" '
                          'stroke-dasharray="4 3"') for r, c in cells)
    return out


def _outline(cell: Cell, kind: str, colour: str) -> str:
    r, c = cell
    inset = 2
    return (f'<rect class="mark {kind}" data-row="{r}" data-col="{c}" x="{c * CELL + inset}" '
            f'y="{r * CELL + inset}" width="{CELL - 2 * inset}" height="{CELL - 2 * inset}" '
            f'fill="{colour}" fill-opacity="0.18" stroke="{colour}" stroke-width="3"/>')


def _axes(width: int, height: int, left: int = 0, top: int = 0) -> list[str]:
    """Column numbers above the grid and row numbers left of it, from 1, outside the
    clues that take ``left`` and ``top`` units there."""
    out = [f'<g class="axes" font-size="11" fill="{AXIS_COLOUR}">']
    out.extend(f'<text class="axis col" data-col="{c}" x="{c * CELL + CELL / 2}" y="{-7 - top}" '
               f'text-anchor="middle">{c + 1}</text>' for c in range(width))
    out.extend(f'<text class="axis row" data-row="{r}" x="{-6 - left}" '
               f'y="{r * CELL + CELL / 2 + 4}" text-anchor="end">{r + 1}</text>'
               for r in range(height))
    out.append("</g>")
    return out
