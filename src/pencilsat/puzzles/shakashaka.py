"""Shakashaka (シャカシャカ): grid model, corpus text formats and an independent rule checker.

Rules: some cells are black, a black cell may hold a number; every other (white) cell is
left empty or holds a black triangle filling the half of the cell at one of its corners
(``nw``, ``ne``, ``sw``, ``se``: the right angle at that corner). A number counts the
triangles in the (up to four) cells orthogonally next to it. Every white area (the white
cells and white halves that share an edge or a half-diagonal) is a rectangle, upright or
turned by 45 degrees.

The checker measures each white area and compares it with its bounding box, upright and at
45 degrees: a connected union of quarter cells is a rectangle exactly when it fills one of
the two boxes. (The encoding states the same rule around each grid point instead; the brute
force tests hold the two against each other.) pzprjs also refuses a grid with no triangle at
all; that is no rule of the genre, so an all-white answer is valid here.

The puzzle text is ``shakashaka W H`` then H rows of W tokens: ``.`` white, ``#`` black,
``0``-``4`` black with a number. The solution ``shakashaka-solution W H`` copies the black
cells and writes ``.`` for an empty white cell and ``nw``/``ne``/``sw``/``se`` for a
triangle.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.textgrid import expect_row_count, read_header, row_tokens

WHITE = -1
BLACK = -2
"""Puzzle cell values: WHITE, BLACK (no number) or a number 0..4 (black with a number)."""

EMPTY, NW, NE, SW, SE = 0, 1, 2, 3, 4
"""Answer cell values: no triangle, or the corner of the cell the black triangle fills."""

TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3
"""The four quarters of a cell, cut by both diagonals, in clockwise order."""

BLACK_QUARTERS = {EMPTY: (), NW: (TOP, LEFT), NE: (TOP, RIGHT), SW: (BOTTOM, LEFT),
                  SE: (BOTTOM, RIGHT)}
"""The quarters a triangle blackens: the two that meet at its corner."""

TRIANGLE_TOKENS = {EMPTY: ".", NW: "nw", NE: "ne", SW: "sw", SE: "se"}
_TOKEN_TRIANGLE = {token: value for value, token in TRIANGLE_TOKENS.items()}
_PUZZLE_TOKENS = {".": WHITE, "#": BLACK, **{str(k): k for k in range(5)}}
_CELL_TOKEN = {value: token for token, value in _PUZZLE_TOKENS.items()}
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))

DRAWN = {EMPTY: "..", NW: "#/", NE: "\\#", SW: "#\\", SE: "/#"}
"""A white cell in the text drawing: the diagonal with ``#`` on the black side."""
_DRAWN_TRIANGLE = {drawn: value for value, drawn in DRAWN.items()}


@dataclass(frozen=True, eq=False)
class ShakashakaPuzzle(ArrayValue):
    """An immutable Shakashaka grid; ``cells[r, c]`` is WHITE, BLACK or a number 0..4."""

    ARRAYS = ("cells",)

    cells: np.ndarray
    name: str = field(default="", compare=False)

    genre = "shakashaka"

    def __post_init__(self) -> None:
        arr = np.array(self.cells, dtype=np.int8)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError("a Shakashaka grid is a non-empty 2-D array")
        if arr.min(initial=0) < BLACK or arr.max(initial=0) > 4:
            raise ValueError("cell values are WHITE (-1), BLACK (-2) or numbers 0..4")
        arr.setflags(write=False)
        object.__setattr__(self, "cells", arr)

    @property
    def white(self) -> np.ndarray:
        """The boolean grid of the white cells."""
        return self.cells == WHITE

    def numbers(self) -> Iterator[tuple[Cell, int]]:
        """The numbered black cells, row-major, with their numbers."""
        for r, c in zip(*np.nonzero(self.cells >= 0), strict=True):
            yield (int(r), int(c)), int(self.cells[r, c])

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The orthogonal neighbours inside the grid."""
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in _STEPS
                if 0 <= r + dr < self.height and 0 <= c + dc < self.width]


@dataclass(frozen=True, eq=False)
class ShakashakaSolution(ArrayValue):
    """A Shakashaka answer: ``triangles[r, c]`` is EMPTY or the corner NW/NE/SW/SE of the
    triangle in the cell. ``cells`` is the grid a solution file shows (its black cells and
    numbers, WHITE elsewhere), so the checker can refuse a solution drawn on another
    puzzle; ``None`` when not read from text."""

    ARRAYS = ("triangles",)

    triangles: np.ndarray
    cells: np.ndarray | None = field(default=None, compare=False)

    genre = "shakashaka"

    def __post_init__(self) -> None:
        arr = np.array(self.triangles, dtype=np.int8)
        if arr.ndim != 2:
            raise ValueError("a Shakashaka answer is a 2-D array")
        if arr.min(initial=0) < EMPTY or arr.max(initial=0) > SE:
            raise ValueError("triangle values are EMPTY (0) or NW, NE, SW, SE (1..4)")
        arr.setflags(write=False)
        object.__setattr__(self, "triangles", arr)

    def differing_cells(self, other: ShakashakaSolution) -> list[Cell]:
        """Cells, row-major, whose triangle (or its absence) differs."""
        return [(int(r), int(c))
                for r, c in zip(*np.nonzero(self.triangles != other.triangles), strict=True)]


# ------------------------------------------------------------------ text formats


def _token_rows(text: str, tag: str, read: dict[str, int], what: str) -> np.ndarray:
    """``<tag> W H`` and H rows of W tokens, each a key of ``read``, as a grid of values:
    at numpy's speed when every row is whole and every token known (a 1000x1000 grid in a
    fraction of a second), else token by token to point at the first bad one."""
    header = read_header(text, tag)
    expect_row_count(header.rows, header.height, header.first_line)
    tokens = np.array(" ".join(row for _, row in header.rows).split())
    if tokens.size == header.width * header.height:
        known, where = np.unique(tokens, return_inverse=True)
        if all(token in read for token in known.tolist()):
            values = np.array([read[token] for token in known.tolist()], dtype=np.int8)
            return values[where].reshape(header.height, header.width)
    grid = np.zeros((header.height, header.width), dtype=np.int8)
    for r, (number, row) in enumerate(header.rows):
        for c, token in enumerate(row_tokens(row, number, header.width)):
            if token.group() not in read:
                raise InputError(f"unknown cell {token.group()!r}", line=number,
                                 column=token.start() + 1, hint=f"allowed: {what}")
            grid[r, c] = read[token.group()]
    return grid


def parse_puzzle(text: str, name: str = "") -> ShakashakaPuzzle:
    """Corpus format: ``shakashaka W H`` then rows of tokens ``.`` white, ``#`` black,
    ``0``-``4`` a numbered black cell."""
    cells = _token_rows(text, "shakashaka", _PUZZLE_TOKENS,
                        "'.' white, '#' black, '0'-'4' black with a number")
    return ShakashakaPuzzle(cells, name=name)


def format_puzzle(puzzle: ShakashakaPuzzle) -> str:
    rows = [" ".join(_CELL_TOKEN[v] for v in row) for row in puzzle.cells.tolist()]
    return f"shakashaka {puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"


_SOLUTION_TOKENS = {**{t: ("cell", v) for t, v in _PUZZLE_TOKENS.items() if v != WHITE},
                    **{t: ("triangle", v) for t, v in _TOKEN_TRIANGLE.items()}}


def parse_solution(text: str, puzzle: ShakashakaPuzzle | None = None) -> ShakashakaSolution:
    """Corpus solution format, also the rows ``solve --json`` writes under the same header:
    ``shakashaka-solution W H`` then rows of tokens: the black cells as in the puzzle, ``.``
    an empty white cell, ``nw``/``ne``/``sw``/``se`` a triangle."""
    header = read_header(text, "shakashaka-solution")
    expect_row_count(header.rows, header.height, header.first_line)
    return solution_from_rows([row for _, row in header.rows], header.rows)


def solution_from_rows(rows: list[str],
                       numbered: list[tuple[int, str]] | None = None) -> ShakashakaSolution:
    """Rows of solution tokens to a solution (the black cells kept for the checker);
    ``numbered``: the same rows with their line numbers, for positioned errors."""
    if not rows:
        raise InputError("no rows given")
    numbered = numbered or list(enumerate(rows, start=1))
    width = len(rows[0].split())
    triangles = np.zeros((len(rows), width), dtype=np.int8)
    cells = np.full((len(rows), width), WHITE, dtype=np.int8)
    for r, (number, row) in enumerate(numbered):
        for c, token in enumerate(row_tokens(row, number, width)):
            kind, value = _SOLUTION_TOKENS.get(token.group(), ("", 0))
            if not kind:
                raise InputError(f"unknown cell {token.group()!r}", line=number,
                                 column=token.start() + 1,
                                 hint="an answer cell is '.', 'nw', 'ne', 'sw', 'se', or "
                                      "the puzzle's '#' or number")
            (cells if kind == "cell" else triangles)[r, c] = value
    return ShakashakaSolution(triangles, cells=cells)


def solution_rows(puzzle: ShakashakaPuzzle, solution: ShakashakaSolution) -> list[str]:
    """The solution grid: the puzzle's black cells and the solution's white cells."""
    return [" ".join(_CELL_TOKEN[v] if v != WHITE else TRIANGLE_TOKENS[t]
                     for v, t in zip(cells, triangles, strict=True))
            for cells, triangles in zip(puzzle.cells.tolist(), solution.triangles.tolist(),
                                        strict=True)]


def backbone_rows(puzzle: ShakashakaPuzzle, solution: ShakashakaSolution,
                  undecided: list[Cell]) -> list[str]:
    """The solution rows with ``?`` for each ``undecided`` cell (the backbone as text)."""
    grid = [row.split(" ") for row in solution_rows(puzzle, solution)]
    for r, c in undecided:
        grid[r][c] = "?"
    return [" ".join(row) for row in grid]


def format_solution(puzzle: ShakashakaPuzzle, solution: ShakashakaSolution) -> str:
    return (f"shakashaka-solution {puzzle.width} {puzzle.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


def draw_text(puzzle: ShakashakaPuzzle, solution: ShakashakaSolution | None = None) -> str:
    """Two characters a cell, separated by spaces: ``##`` black, ``#3`` black with 3,
    ``..`` an empty white cell, and a triangle as its diagonal with ``#`` on the black side:
    ``#/`` nw, ``\\#`` ne, ``#\\`` sw, ``/#`` se (a white diamond reads ``#/ \\#`` over
    ``#\\ /#``)."""
    triangles = (solution.triangles if solution is not None
                 and solution.triangles.shape == puzzle.cells.shape
                 else np.zeros(puzzle.cells.shape, dtype=np.int8))
    rows, kinds = [], triangles.tolist()
    assert isinstance(kinds, list)
    for cells, row in zip(puzzle.cells.tolist(), kinds, strict=True):
        rows.append(" ".join(DRAWN[t] if v == WHITE else "##" if v == BLACK else f"#{v}"
                             for v, t in zip(cells, row, strict=True)))
    return "\n".join(rows) + "\n"


def solution_from_drawing(lines: list[str], puzzle: ShakashakaPuzzle) -> ShakashakaSolution:
    """The triangles of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints)."""
    rows = [line.split() for line in lines]
    if len(rows) != puzzle.height or any(len(row) != puzzle.width for row in rows):
        raise InputError(f"a {puzzle.width}x{puzzle.height} Shakashaka drawing has "
                         f"{puzzle.height} rows of {puzzle.width} cells",
                         hint="give the drawing exactly as pencilsat solve prints it")
    triangles = np.zeros(puzzle.cells.shape, dtype=np.int8)
    cells = np.full(puzzle.cells.shape, WHITE, dtype=np.int8)
    for r, row in enumerate(rows):
        for c, drawn in enumerate(row):
            if drawn in _DRAWN_TRIANGLE:
                triangles[r, c] = _DRAWN_TRIANGLE[drawn]
            elif drawn == "##":
                cells[r, c] = BLACK
            elif len(drawn) == 2 and drawn[0] == "#" and drawn[1] in "01234":
                cells[r, c] = int(drawn[1])
            else:
                raise InputError(f"unknown cell {drawn!r} in row {r + 1}, column {c + 1}",
                                 hint="cells are '..', '#/', '\\#', '#\\', '/#', '##' and "
                                      "'#0'-'#4'")
    return ShakashakaSolution(triangles, cells=cells)


# ------------------------------------------------------------------ the rule checker


def white_areas(triangles: np.ndarray, white: np.ndarray) -> list[list[tuple[int, int, int]]]:
    """The white areas as lists of quarters ``(r, c, quarter)``: the white quarters of the
    white cells, joined when they share an edge (inside a cell: two quarters side by side;
    across a cell edge: the two quarters on it), each area ordered by discovery from its
    first quarter in row-major order."""
    lit = {(r, c, q)
           for r, (whites, kinds) in enumerate(zip(white.tolist(), triangles.tolist(),
                                                  strict=True))
           for c, (is_white, kind) in enumerate(zip(whites, kinds, strict=True)) if is_white
           for q in range(4) if q not in BLACK_QUARTERS[kind]}
    seen: set[tuple[int, int, int]] = set()
    areas = []
    for start in sorted(lit):
        if start in seen:
            continue
        seen.add(start)
        stack, area = [start], []
        while stack:
            r, c, q = stack.pop()
            area.append((r, c, q))
            dr, dc, facing = _ACROSS[q]
            for n in ((r, c, (q + 1) % 4), (r, c, (q + 3) % 4), (r + dr, c + dc, facing)):
                if n in lit and n not in seen:
                    seen.add(n)
                    stack.append(n)
        areas.append(area)
    return areas


_ACROSS = {TOP: (-1, 0, BOTTOM), BOTTOM: (1, 0, TOP), LEFT: (0, -1, RIGHT),
           RIGHT: (0, 1, LEFT)}
"""The neighbouring cell's step and quarter across each quarter's cell edge."""
_EXTENTS = {TOP: (0, 2, 0, 1, 0, 2, 0, 2), RIGHT: (1, 2, 0, 2, 2, 4, 0, 2),
            BOTTOM: (0, 2, 1, 2, 2, 4, -2, 0), LEFT: (0, 1, 0, 2, 0, 2, -2, 0)}
"""A quarter's extent in doubled coordinates from its cell's corner (``x = 2c``,
``y = 2r``): lowest and highest ``x``, ``y``, ``u = x + y`` and ``v = x - y``."""


def is_rectangle(area: list[tuple[int, int, int]]) -> bool:
    """Whether the quarters fill their bounding box, upright or turned by 45 degrees. In
    doubled coordinates a quarter has area 1, an upright box its sides' product, and a box
    in ``u = x + y``, ``v = x - y`` half its sides' product."""
    low = [1 << 30] * 4
    high = [-(1 << 30)] * 4
    for r, c, q in area:
        x0, x1, y0, y1, u0, u1, v0, v1 = _EXTENTS[q]
        base = (2 * c, 2 * r, 2 * (c + r), 2 * (c - r))
        for k, (a, b) in enumerate(((x0, x1), (y0, y1), (u0, u1), (v0, v1))):
            low[k] = min(low[k], base[k] + a)
            high[k] = max(high[k], base[k] + b)
    upright = (high[0] - low[0]) * (high[1] - low[1])
    turned = (high[2] - low[2]) * (high[3] - low[3]) // 2
    return len(area) in (upright, turned)


def check(puzzle: ShakashakaPuzzle, solution: ShakashakaSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    if solution.triangles.shape != puzzle.cells.shape:
        return [Violation("size", None, f"the solution is {solution.width}x{solution.height}, "
                                        f"the puzzle {puzzle.width}x{puzzle.height}")]
    out: list[Violation] = []
    if solution.cells is not None:
        for r, c in zip(*np.nonzero(solution.cells != puzzle.cells), strict=True):
            given, shown = (_CELL_TOKEN[int(g[r, c])] for g in (puzzle.cells, solution.cells))
            out.append(Violation("grid-differs", (int(r), int(c)),
                                 f"the puzzle has {given!r} here, the solution {shown!r}"))
    triangles = solution.triangles
    for r, c in zip(*np.nonzero((triangles != EMPTY) & ~puzzle.white), strict=True):
        out.append(Violation("triangle-on-black", (int(r), int(c)),
                             "a triangle must be in a white cell"))
    for cell, number in puzzle.numbers():
        found = sum(1 for n in puzzle.neighbours(cell)
                    if puzzle.white[n] and triangles[n] != EMPTY)
        if found != number:
            out.append(Violation("wrong-count", cell,
                                 f"the number says {number}, {found} triangles are next to it"))
    for area in white_areas(triangles, puzzle.white):
        if not is_rectangle(area):
            r, c, _ = min(area)
            out.append(Violation("white-not-rectangle", (r, c),
                                 f"the white area of {len(area) / 4:g} cells from here is no "
                                 "rectangle, upright or at 45 degrees"))
    return out


# ------------------------------------------------------------------ clues, for the clue tools


def given_numbers(puzzle: ShakashakaPuzzle) -> list[Clue]:
    """The numbered black cells, row-major (a black cell without a number is the grid)."""
    return [Clue(cell, str(number), number) for cell, number in puzzle.numbers()]


def with_number(puzzle: ShakashakaPuzzle, clue: Clue) -> ShakashakaPuzzle:
    """A copy of ``puzzle`` whose cell ``clue.cell`` is black with the number ``clue.value``
    (``BLACK``: without a number)."""
    cells = np.array(puzzle.cells)
    cells[clue.cell] = clue.value
    return ShakashakaPuzzle(cells, name=puzzle.name)


def without_number(puzzle: ShakashakaPuzzle, clue: Clue) -> ShakashakaPuzzle:
    return with_number(puzzle, Clue(clue.cell, "#", BLACK))


def numbers_offered(puzzle: ShakashakaPuzzle, solution: ShakashakaSolution) -> list[Clue]:
    """A number on each black cell without one: the triangles ``solution`` puts beside it.
    (A white cell is never offered: blackening it changes the white areas.)"""
    out = []
    for r, c in zip(*np.nonzero(puzzle.cells == BLACK), strict=True):
        cell = (int(r), int(c))
        number = sum(1 for n in puzzle.neighbours(cell)
                     if puzzle.white[n] and solution.triangles[n] != EMPTY)
        out.append(Clue(cell, str(number), number))
    return out


RULES = GenreRules(
    puzzle_type=ShakashakaPuzzle, solution_type=ShakashakaSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    parse_drawing=solution_from_drawing, backbone_rows=backbone_rows,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered,
                    removal="its black cell left without a number"),
)
