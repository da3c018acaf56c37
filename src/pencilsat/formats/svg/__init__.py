"""Standalone SVG drawings: a puzzle, its solution, or two solutions side by side.

Each genre draws its own panel (``formats/svg/<genre>.py``, found through the registry);
this module lays the panels out, titles them and writes the file.

A verifier that answers "multiple solutions" must show where: with ``second`` the two solutions
are drawn next to each other and every cell where they differ is highlighted in both panels
(``<rect class="difference" data-row=R data-col=C>``, so tests and tools can find them).
The SVG is plain text with no scripts or external fonts; it opens in any browser. PNG output
goes through cairosvg when it is installed (an optional dependency, loaded only when asked).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape  # not xml.sax.saxutils: that pulls in urllib.request, ~30 ms a CLI run
from pathlib import Path
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.registry import genre_of, load
from pencilsat.core.values import Cell
from pencilsat.formats.svg.parts import CELL, FONT

MARGIN = 16
GAP = 32
TITLE_HEIGHT = 30


def draw_svg(
    puzzle: Any,
    solution: Any = None,
    second: Any = None,
    differences: Iterable[Cell] = (),
    *,
    title: str | None = None,
) -> str:
    """The SVG text of ``puzzle`` (and ``solution``); with ``second`` both solutions side by
    side, ``differences`` (default: the solutions' own ``differing_cells``) highlighted."""
    if second is not None and solution is None:
        raise ValueError("a second solution needs a first one")
    diffs = sorted(set(differences))
    if second is not None and not diffs:
        diffs = solution.differing_cells(second)
    panels = [solution] if second is None else [solution, second]
    if title is None and second is not None:
        title = f"Two solutions: they differ in {len(diffs)} cells (highlighted)"
    space_left, space_top = clue_space(puzzle)
    panel_w = puzzle.width * CELL + 2 * MARGIN + space_left
    panel_h = puzzle.height * CELL + 2 * MARGIN + space_top
    label_h = TITLE_HEIGHT if second is not None else 0
    top = TITLE_HEIGHT if title else 0
    panels_w = len(panels) * panel_w + (len(panels) - 1) * GAP
    width = max(panels_w, int(len(title) * 8.5) + 2 * MARGIN if title else 0)
    left = (width - panels_w) // 2
    height = top + label_h + panel_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    if title:
        out.append(f'<text class="title" x="{width / 2}" y="{TITLE_HEIGHT * 0.7}" '
                   f'text-anchor="middle" font-size="16">{escape(title)}</text>')
    draw_panel = load(genre_of(puzzle).svg).draw_panel
    for k, sol in enumerate(panels):
        x0 = left + k * (panel_w + GAP)
        out.append(f'<g class="panel" id="panel-{k + 1}" transform="translate({x0},{top})">')
        if second is not None:
            out.append(f'<text class="label" x="{panel_w / 2}" y="{TITLE_HEIGHT * 0.7}" '
                       f'text-anchor="middle" font-size="14">Solution {k + 1}</text>')
        out.append(f'<g transform="translate({MARGIN + space_left},'
                   f'{MARGIN + label_h + space_top})">')
        out.extend(draw_panel(puzzle, sol, diffs if second is not None else differences))
        out.append("</g></g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def clue_space(puzzle: Any) -> tuple[int, int]:
    """The room left of and above the grid that a genre's clues outside it take (its
    drawing's ``clue_space(puzzle)``: Nonogram's line clues), ``(0, 0)`` for the others,
    whose panel is the grid and the margin."""
    space = getattr(load(genre_of(puzzle).svg), "clue_space", None)
    return (0, 0) if space is None else space(puzzle)


def drawing_format(path: str | Path) -> str:
    """``"svg"`` or ``"png"`` from the file name; an :class:`InputError` for any other name,
    or for PNG without cairosvg (checked without importing it, so before any solving)."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        return "svg"
    if suffix == ".png":
        from importlib.util import find_spec

        if find_spec("cairosvg") is None:
            raise InputError("PNG output needs the cairosvg package, which is not installed",
                             source=str(target), hint="pip install cairosvg, or save as .svg")
        return "png"
    raise InputError(f"unknown drawing format {target.suffix!r}", source=str(target),
                     hint="name the file .svg (or .png with cairosvg installed)")


def save_drawing(svg: str, path: str | Path) -> Path:
    """Write ``svg`` to ``path``: ``.svg`` as is, ``.png`` through cairosvg if installed."""
    target = Path(path)
    if drawing_format(target) == "svg":
        target.write_text(svg, encoding="utf-8")
        return target
    import cairosvg  # optional dependency, loaded only for PNG output

    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(target))
    return target
