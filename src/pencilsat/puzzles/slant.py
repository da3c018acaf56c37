"""Slant (Gokigen Naname, ごきげんななめ; Tatham's Slant): grid model, corpus text formats and
an independent rule checker.

Rules: draw one diagonal in every cell, ``/`` or ``\\``; a number on a grid vertex says how
many diagonals touch that vertex; the diagonals form no closed loop.

The puzzle text is ``gokigen W H`` then H+1 rows of W+1 characters, one per grid vertex:
``.`` no number, ``0``-``4`` the number, and ``?`` a number not given (pzprjs writes it; the
rules never see it). The solution is ``gokigen-solution W H`` then H rows of W characters,
``/`` or ``\\``.

Clue tools (``RULES.clues``): a clue is a vertex's number, placed at the vertex (row, column
of the vertex lattice, 0..H and 0..W); taking one away leaves the vertex without a number,
so every answer stays an answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.textgrid import check_rows, read_grid, read_header

NO_CLUE = -1
UNKNOWN = -2
"""Vertex values: a number 0..4, NO_CLUE (``.``) or UNKNOWN (``?``: a number not given)."""
LARGEST_CLUE = 4
TAG = "gokigen"
SOLUTION_TAG = "gokigen-solution"
_VERTEX_CHARS = ".?01234"
BACKSLASH, SLASH = "\\", "/"


@dataclass(frozen=True, eq=False)
class SlantPuzzle(ArrayValue):
    """An immutable Slant puzzle: ``clues[r, c]`` is vertex (r, c)'s number 0..4, NO_CLUE or
    UNKNOWN; the grid has ``clues.shape[0] - 1`` rows of ``clues.shape[1] - 1`` cells."""

    ARRAYS = ("clues",)

    clues: np.ndarray
    name: str = field(default="", compare=False)

    genre = "slant"

    def __post_init__(self) -> None:
        arr = np.array(self.clues, dtype=np.int8)
        if arr.ndim != 2 or min(arr.shape) < 2:
            raise ValueError("a Slant vertex grid is 2-D with at least 2 rows and columns")
        if arr.min() < UNKNOWN or arr.max() > LARGEST_CLUE:
            raise ValueError("vertex values are 0..4, NO_CLUE (-1) or UNKNOWN (-2)")
        arr.setflags(write=False)
        object.__setattr__(self, "clues", arr)

    @property
    def height(self) -> int:
        return int(self.clues.shape[0]) - 1

    @property
    def width(self) -> int:
        return int(self.clues.shape[1]) - 1


@dataclass(frozen=True, eq=False)
class SlantSolution(ArrayValue):
    """A Slant answer: ``backslash[r, c]`` is True where cell (r, c) holds ``\\`` (joining its
    top-left and bottom-right corners), False for ``/``."""

    ARRAYS: ClassVar[tuple[str, ...]] = ("backslash",)

    backslash: np.ndarray

    genre: ClassVar[str] = "slant"

    def __post_init__(self) -> None:
        arr = np.array(self.backslash, dtype=bool)
        if arr.ndim != 2:
            raise ValueError("a SlantSolution is a 2-D array")
        arr.setflags(write=False)
        object.__setattr__(self, "backslash", arr)

    def differing_cells(self, other: SlantSolution) -> list[Cell]:
        """Cells, row-major, whose diagonals differ."""
        return [(int(r), int(c))
                for r, c in zip(*np.nonzero(self.backslash != other.backslash), strict=True)]


# ------------------------------------------------------------------ text formats


def vertex_token(value: int) -> str:
    """A vertex as the text format writes it: the number, ``.`` or ``?``."""
    return "." if value == NO_CLUE else "?" if value == UNKNOWN else str(value)


def parse_puzzle(text: str, name: str = "") -> SlantPuzzle:
    """Corpus format: ``gokigen W H`` then H+1 rows of W+1 vertex characters."""
    width, height, rows, first_line, _ = read_header(text, TAG)
    grid = check_rows(rows, width + 1, height + 1, _VERTEX_CHARS,
                      "'.' no number, '?' a number not given, 0-4 the number of diagonals "
                      "touching the vertex (a W x H puzzle has H+1 rows of W+1 vertices)",
                      first_line=first_line)
    values = {".": NO_CLUE, "?": UNKNOWN}
    clues = [[values[ch] if ch in values else int(ch) for ch in row] for row in grid]
    return SlantPuzzle(np.array(clues, dtype=np.int8), name=name)


def format_puzzle(puzzle: SlantPuzzle) -> str:
    rows = ["".join(vertex_token(v) for v in row) for row in puzzle.clues.tolist()]
    return f"{TAG} {puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"


def parse_solution(text: str, puzzle: object = None) -> SlantSolution:
    """``gokigen-solution W H`` then H rows of ``/`` and ``\\``."""
    return solution_from_rows(read_grid(text, SOLUTION_TAG, SLASH + BACKSLASH,
                                        "'/' or '\\' in every cell"))


def solution_from_rows(rows: list[str]) -> SlantSolution:
    if not rows:
        raise InputError("no rows given", hint="one row of '/' and '\\' per grid row")
    return SlantSolution(np.array([[ch == BACKSLASH for ch in row] for row in rows],
                                  dtype=bool))


def solution_rows(puzzle: object, solution: SlantSolution) -> list[str]:
    return ["".join(BACKSLASH if v else SLASH for v in row)
            for row in solution.backslash.tolist()]


def format_solution(puzzle: object, solution: SlantSolution) -> str:
    return (f"{SOLUTION_TAG} {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


def draw_text(puzzle: SlantPuzzle, solution: SlantSolution | None = None) -> str:
    """The vertex lattice, 2H+1 lines of 2W+1 characters: vertex rows hold each vertex's
    number (``+`` none, ``?``), cell rows each cell's diagonal (blank before an answer)."""
    lines = []
    for r in range(puzzle.height + 1):
        lines.append(" ".join("+" if v == NO_CLUE else vertex_token(v)
                              for v in puzzle.clues[r].tolist()))
        if r < puzzle.height:
            if solution is not None and solution.backslash.shape == (puzzle.height,
                                                                      puzzle.width):
                marks = [BACKSLASH if v else SLASH for v in solution.backslash[r].tolist()]
            else:
                marks = [" "] * puzzle.width
            lines.append((" " + " ".join(marks)).rstrip())
    return "\n".join(lines) + "\n"


def parse_drawing(lines: list[str], puzzle: SlantPuzzle) -> SlantSolution:
    """The diagonals of :func:`draw_text`'s drawing (what ``solve`` prints)."""
    if len(lines) != 2 * puzzle.height + 1:
        raise InputError(f"the drawing has {len(lines)} lines, a {puzzle.width}x"
                         f"{puzzle.height} Slant drawing {2 * puzzle.height + 1}",
                         hint="give the drawing solve prints for this puzzle, whole")
    rows = []
    for r in range(puzzle.height):
        line = lines[2 * r + 1].ljust(2 * puzzle.width + 1)
        marks = line[1:2 * puzzle.width:2]
        bad = next((i for i, ch in enumerate(marks) if ch not in (SLASH, BACKSLASH)), None)
        if bad is not None:
            raise InputError(f"cell {bad + 1} of row {r + 1} has no diagonal",
                             line=2 * r + 2, column=2 * bad + 2,
                             hint="every cell row gives '/' or '\\' at each odd column")
        rows.append(marks)
    return solution_from_rows(rows)


# ------------------------------------------------------------------ the rule checker


def diagonals_touching(backslash: np.ndarray) -> np.ndarray:
    """For every vertex, how many cells' diagonals end at it."""
    height, width = backslash.shape
    count = np.zeros((height + 1, width + 1), dtype=np.int64)
    b = backslash.astype(np.int64)
    count[:-1, :-1] += b       # "\" : top-left corner
    count[1:, 1:] += b         # "\" : bottom-right corner
    count[:-1, 1:] += 1 - b    # "/" : top-right corner
    count[1:, :-1] += 1 - b    # "/" : bottom-left corner
    return count


def loop_cells(backslash: np.ndarray) -> list[Cell]:
    """The cells of one closed loop of diagonals, or none: a union-find over the vertices,
    the first diagonal that joins two vertices already joined closes a loop, which a
    search back along the diagonals names cell by cell."""
    height, width = backslash.shape
    columns = width + 1
    parent = list(range((height + 1) * columns))

    def root(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    ends: dict[int, list[tuple[int, Cell]]] = {}
    for r in range(height):
        for c in range(width):
            if backslash[r, c]:
                a, b = r * columns + c, (r + 1) * columns + c + 1
            else:
                a, b = r * columns + c + 1, (r + 1) * columns + c
            ra, rb = root(a), root(b)
            if ra == rb:
                return [*_path(ends, a, b), (r, c)]
            parent[ra] = rb
            ends.setdefault(a, []).append((b, (r, c)))
            ends.setdefault(b, []).append((a, (r, c)))
    return []


def _path(ends: dict[int, list[tuple[int, Cell]]], start: int, goal: int) -> list[Cell]:
    """The cells of the path from ``start`` to ``goal`` in a forest of diagonals."""
    came: dict[int, tuple[int, Cell] | None] = {start: None}
    stack = [start]
    while stack:
        v = stack.pop()
        if v == goal:
            break
        for n, cell in ends.get(v, []):
            if n not in came:
                came[n] = (v, cell)
                stack.append(n)
    out = []
    step = came.get(goal)
    while step is not None:
        v, cell = step
        out.append(cell)
        step = came[v]
    return out


def check(puzzle: SlantPuzzle, solution: SlantSolution) -> list[Violation]:
    """Every broken rule, named with its cell (a vertex's row and column for a number); an
    empty list means the answer is valid."""
    shape = (puzzle.height, puzzle.width)
    if solution.backslash.shape != shape:
        return [Violation("wrong-size", None,
                          f"the answer is {solution.width}x{solution.height}, the puzzle "
                          f"{puzzle.width}x{puzzle.height}")]
    out = []
    touching = diagonals_touching(solution.backslash)
    for r, c in zip(*np.nonzero((puzzle.clues >= 0) & (puzzle.clues != touching)), strict=True):
        out.append(Violation("vertex-count", (int(r), int(c)),
                             f"the vertex's number is {int(puzzle.clues[r, c])}, "
                             f"{int(touching[r, c])} diagonals touch it"))
    loop = loop_cells(solution.backslash)
    if loop:
        first = min(loop)
        out.append(Violation("diagonal-loop", first,
                             f"the diagonals of {len(loop)} cells form a closed loop"))
    return out


# ------------------------------------------------------------------ clues, for the clue tools


def given_numbers(puzzle: SlantPuzzle) -> list[Clue]:
    """The vertex numbers, row-major over the vertices."""
    return [Clue((int(r), int(c)), str(int(puzzle.clues[r, c])), int(puzzle.clues[r, c]))
            for r, c in zip(*np.nonzero(puzzle.clues >= 0), strict=True)]


def with_number(puzzle: SlantPuzzle, clue: Clue) -> SlantPuzzle:
    """A copy of ``puzzle`` with ``clue.value`` on vertex ``clue.cell`` (NO_CLUE: none)."""
    clues = np.array(puzzle.clues)
    clues[clue.cell] = clue.value
    return SlantPuzzle(clues, name=puzzle.name)


def without_number(puzzle: SlantPuzzle, clue: Clue) -> SlantPuzzle:
    return with_number(puzzle, Clue(clue.cell, ".", NO_CLUE))


def numbers_offered(puzzle: SlantPuzzle, solution: SlantSolution) -> list[Clue]:
    """For every vertex without a number (or ``?``), the number ``solution`` gives it."""
    touching = diagonals_touching(solution.backslash)
    return [Clue((int(r), int(c)), str(int(touching[r, c])), int(touching[r, c]))
            for r, c in zip(*np.nonzero(puzzle.clues < 0), strict=True)]


RULES = GenreRules(
    puzzle_type=SlantPuzzle, solution_type=SlantSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    parse_drawing=parse_drawing,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered,
                    removal="the vertex left without a number"),
)
