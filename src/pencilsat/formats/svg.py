"""Standalone SVG drawings: a puzzle, its solution, or two solutions side by side.

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

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell
from pencilsat.puzzles import lightup, masyu, sudoku

CELL = 36
MARGIN = 16
GAP = 32
TITLE_HEIGHT = 30
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
LOOP_COLOUR = "#1d4ed8"
DIFF_COLOUR = "#f87171"
LIT_COLOUR = "#fef3a0"
BULB_COLOUR = "#f59e0b"
FILLED_COLOUR = "#1d4ed8"

Puzzle = masyu.MasyuPuzzle | lightup.LightUpPuzzle | sudoku.SudokuPuzzle
Solution = masyu.MasyuSolution | lightup.LightUpSolution | sudoku.SudokuSolution


def draw_svg(
    puzzle: Puzzle,
    solution: Solution | None = None,
    second: Solution | None = None,
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
    panel_w = puzzle.width * CELL + 2 * MARGIN
    panel_h = puzzle.height * CELL + 2 * MARGIN
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
    for k, sol in enumerate(panels):
        x0 = left + k * (panel_w + GAP)
        out.append(f'<g class="panel" id="panel-{k + 1}" transform="translate({x0},{top})">')
        if second is not None:
            out.append(f'<text class="label" x="{panel_w / 2}" y="{TITLE_HEIGHT * 0.7}" '
                       f'text-anchor="middle" font-size="14">Solution {k + 1}</text>')
        out.append(f'<g transform="translate({MARGIN},{MARGIN + label_h})">')
        out.extend(_draw_panel(puzzle, sol, diffs if second is not None else differences))
        out.append("</g></g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


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


# ---------------------------------------------------------------- shared pieces

def _centre(cell: Cell) -> tuple[float, float]:
    return cell[1] * CELL + CELL / 2, cell[0] * CELL + CELL / 2


def _highlights(cells: Iterable[Cell]) -> list[str]:
    return [
        f'<rect class="difference" data-row="{r}" data-col="{c}" x="{c * CELL}" y="{r * CELL}" '
        f'width="{CELL}" height="{CELL}" fill="{DIFF_COLOUR}" fill-opacity="0.45"/>'
        for r, c in cells
    ]


def _grid_lines(width: int, height: int, colour: str = "#9ca3af") -> list[str]:
    out = [f'<g class="grid" stroke="{colour}" stroke-width="1">']
    for c in range(1, width):
        out.append(f'<line x1="{c * CELL}" y1="0" x2="{c * CELL}" y2="{height * CELL}"/>')
    for r in range(1, height):
        out.append(f'<line x1="0" y1="{r * CELL}" x2="{width * CELL}" y2="{r * CELL}"/>')
    out.append("</g>")
    return out


def _frame(width: int, height: int) -> str:
    return (f'<rect class="frame" x="0" y="0" width="{width * CELL}" height="{height * CELL}" '
            'fill="none" stroke="#111827" stroke-width="2.5"/>')


def _text(cell: Cell, value: str, size: float, colour: str, cls: str, bold: bool = False) -> str:
    x, y = _centre(cell)
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text class="{cls}" x="{x}" y="{y + size * 0.36:.1f}" text-anchor="middle" '
            f'font-size="{size:.1f}" fill="{colour}"{weight}>{escape(value)}</text>')


def _draw_panel(puzzle: Puzzle, solution: Solution | None, diffs: Iterable[Cell]) -> list[str]:
    if isinstance(puzzle, masyu.MasyuPuzzle):
        return _draw_masyu(puzzle, solution, diffs)
    if isinstance(puzzle, lightup.LightUpPuzzle):
        return _draw_lightup(puzzle, solution, diffs)
    if isinstance(puzzle, sudoku.SudokuPuzzle):
        return _draw_sudoku(puzzle, solution, diffs)
    raise TypeError(f"no drawing for {type(puzzle).__name__}")


# ---------------------------------------------------------------- genres

def _draw_masyu(puzzle: masyu.MasyuPuzzle, solution: masyu.MasyuSolution | None,
                diffs: Iterable[Cell]) -> list[str]:
    """Grid, the loop through cell centres, then the pearls on top of it."""
    out = _highlights(diffs) + _grid_lines(puzzle.width, puzzle.height, "#d1d5db")
    if solution is not None and solution.edges:
        path = []
        for a, b in sorted(solution.edges):
            (x1, y1), (x2, y2) = _centre(a), _centre(b)
            path.append(f"M{x1} {y1}L{x2} {y2}")
        out.append(f'<path class="loop" d="{"".join(path)}" fill="none" stroke="{LOOP_COLOUR}" '
                   f'stroke-width="{CELL * 0.14:.1f}" stroke-linecap="round"/>')
    radius = CELL * 0.32
    for cell in puzzle.pearl_cells():
        x, y = _centre(cell)
        black = int(puzzle.pearls[cell]) == masyu.BLACK
        kind, fill = ("black", "#111827") if black else ("white", "white")
        out.append(f'<circle class="pearl {kind}" cx="{x}" cy="{y}" r="{radius:.1f}" '
                   f'fill="{fill}" stroke="#111827" stroke-width="2"/>')
    out.append(_frame(puzzle.width, puzzle.height))
    return out


def _draw_lightup(puzzle: lightup.LightUpPuzzle, solution: lightup.LightUpSolution | None,
                  diffs: Iterable[Cell]) -> list[str]:
    """Lit cells shaded, walls black with white numbers, bulbs as amber discs."""
    bulbs = solution.bulbs if solution is not None else frozenset()
    lit = {cell for bulb in bulbs for cell in puzzle.sees(bulb)} | set(bulbs)
    out = []
    for cell in sorted(lit):
        if puzzle.is_white(cell):
            out.append(f'<rect class="lit" x="{cell[1] * CELL}" y="{cell[0] * CELL}" '
                       f'width="{CELL}" height="{CELL}" fill="{LIT_COLOUR}"/>')
    out += _highlights(diffs) + _grid_lines(puzzle.width, puzzle.height)
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            value = int(puzzle.cells[r, c])
            if value == lightup.WHITE:
                continue
            out.append(f'<rect class="wall" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
                       f'height="{CELL}" fill="#111827"/>')
            if value >= 0:
                out.append(_text((r, c), str(value), CELL * 0.55, "white", "clue", bold=True))
    for cell in sorted(bulbs):
        x, y = _centre(cell)
        out.append(f'<circle class="bulb" cx="{x}" cy="{y}" r="{CELL * 0.3:.1f}" '
                   f'fill="{BULB_COLOUR}" stroke="#78350f" stroke-width="1.5"/>')
    out.append(_frame(puzzle.width, puzzle.height))
    return out


def _draw_sudoku(puzzle: sudoku.SudokuPuzzle, solution: sudoku.SudokuSolution | None,
                 diffs: Iterable[Cell]) -> list[str]:
    """Thin cell lines, thick box lines; clues bold black, filled digits blue."""
    n, box = puzzle.size, puzzle.box
    out = _highlights(diffs) + _grid_lines(n, n, "#9ca3af")
    out.append('<g class="boxes" stroke="#111827" stroke-width="2.5">')
    for k in range(box, n, box):
        out.append(f'<line x1="{k * CELL}" y1="0" x2="{k * CELL}" y2="{n * CELL}"/>')
        out.append(f'<line x1="0" y1="{k * CELL}" x2="{n * CELL}" y2="{k * CELL}"/>')
    out.append("</g>")
    size = CELL * (0.6 if n <= 9 else 0.45)
    for r in range(n):
        for c in range(n):
            clue = int(puzzle.clues[r, c])
            if clue:
                out.append(_text((r, c), str(clue), size, "#111827", "clue", bold=True))
            elif solution is not None and int(solution.grid[r, c]):
                out.append(_text((r, c), str(int(solution.grid[r, c])), size, FILLED_COLOUR,
                                 "filled"))
    out.append(_frame(n, n))
    return out
