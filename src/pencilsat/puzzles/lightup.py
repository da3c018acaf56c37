"""Light Up (Akari, 美術館): grid model, corpus text formats and an independent rule checker.

Rules: place bulbs on white cells so that every white cell is lit (a bulb lights its row and
column up to the next wall), no bulb lights another, and a numbered wall has exactly that many
bulbs on its four orthogonal neighbours.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.textgrid import read_grid

WHITE = -1
WALL = -2
"""Cell values: WHITE, WALL (unnumbered) or 0..4 for a numbered wall."""

_CHAR_TO_CELL = {".": WHITE, "#": WALL, **{str(k): k for k in range(5)}}
_CELL_TO_CHAR = {v: k for k, v in _CHAR_TO_CELL.items()}
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True, eq=False)
class LightUpPuzzle(ArrayValue):
    """An immutable Light Up grid; ``cells[r, c]`` is WHITE, WALL or a clue 0..4."""

    ARRAYS = ("cells",)

    cells: np.ndarray
    name: str = field(default="", compare=False)

    genre = "lightup"

    def __post_init__(self) -> None:
        arr = np.array(self.cells, dtype=np.int8)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError("a Light Up grid is a non-empty 2-D array")
        if arr.min(initial=0) < WALL or arr.max(initial=0) > 4:
            raise ValueError("cell values are WHITE (-1), WALL (-2) or clues 0..4")
        arr.setflags(write=False)
        object.__setattr__(self, "cells", arr)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def is_white(self, cell: Cell) -> bool:
        return self.inside(cell) and int(self.cells[cell]) == WHITE

    def white_cells(self) -> list[Cell]:
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.cells == WHITE), strict=True)]

    def clues(self) -> Iterator[tuple[Cell, int]]:
        for r, c in zip(*np.nonzero(self.cells >= 0), strict=True):
            yield (int(r), int(c)), int(self.cells[r, c])

    def neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in _STEPS if self.inside((r + dr, c + dc))]

    def sees(self, cell: Cell) -> list[Cell]:
        """White cells a bulb on ``cell`` lights, ``cell`` excluded (rays stop at walls)."""
        out = []
        for dr, dc in _STEPS:
            r, c = cell[0] + dr, cell[1] + dc
            while self.is_white((r, c)):
                out.append((r, c))
                r, c = r + dr, c + dc
        return out

    def segments(self) -> list[list[Cell]]:
        """Maximal runs of white cells in rows, then in columns (length >= 1)."""
        runs: list[list[Cell]] = []
        for transpose in (False, True):
            outer, inner = (self.width, self.height) if transpose else (self.height, self.width)
            for i in range(outer):
                run: list[Cell] = []
                for j in range(inner):
                    cell = (j, i) if transpose else (i, j)
                    if self.is_white(cell):
                        run.append(cell)
                    elif run:
                        runs.append(run)
                        run = []
                if run:
                    runs.append(run)
        return runs


@dataclass(frozen=True)
class LightUpSolution:
    """A Light Up answer: the set of bulb cells."""

    bulbs: frozenset[Cell]
    width: int
    height: int
    walls: tuple[str, ...] | None = field(default=None, compare=False)
    """The walls and clues a solution file shows (its rows with ``*`` read as ``.``), so the
    checker can refuse a solution drawn on another puzzle; ``None`` when not read from text."""

    genre = "lightup"

    @classmethod
    def from_bulbs(cls, bulbs: Iterable[Cell], width: int, height: int) -> LightUpSolution:
        return cls(frozenset((int(r), int(c)) for r, c in bulbs), width, height)

    def differing_cells(self, other: LightUpSolution) -> list[Cell]:
        return sorted(self.bulbs ^ other.bulbs)


def parse_puzzle(text: str, name: str = "") -> LightUpPuzzle:
    """Corpus format: ``lightup W H`` then rows of ``.`` white, ``#`` wall, ``0``-``4`` clue."""
    rows = read_grid(text, "lightup", ".#01234", "'.' white cell, '#' wall, '0'-'4' numbered wall")
    return LightUpPuzzle(np.array([[_CHAR_TO_CELL[ch] for ch in row] for row in rows]), name=name)


def puzzle_rows(puzzle: LightUpPuzzle, bulbs: frozenset[Cell] = frozenset()) -> list[str]:
    return [
        "".join("*" if (r, c) in bulbs else _CELL_TO_CHAR[int(puzzle.cells[r, c])]
                for c in range(puzzle.width))
        for r in range(puzzle.height)
    ]


def format_puzzle(puzzle: LightUpPuzzle) -> str:
    return f"lightup {puzzle.width} {puzzle.height}\n" + "\n".join(puzzle_rows(puzzle)) + "\n"


def parse_solution(text: str) -> LightUpSolution:
    """Corpus solution format: the puzzle grid with ``*`` for each bulb."""
    rows = read_grid(text, "lightup-solution", ".#01234*",
                     "the puzzle's characters and '*' for a bulb")
    bulbs = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"]
    walls = tuple(row.replace("*", ".") for row in rows)
    return LightUpSolution(frozenset(bulbs), len(rows[0]), len(rows), walls)


def solution_rows(puzzle: LightUpPuzzle, solution: LightUpSolution) -> list[str]:
    return puzzle_rows(puzzle, solution.bulbs)


def format_solution(puzzle: LightUpPuzzle, solution: LightUpSolution) -> str:
    return (f"lightup-solution {puzzle.width} {puzzle.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


def draw_text(puzzle: LightUpPuzzle, solution: LightUpSolution | None = None) -> str:
    """Plain drawing: ``*`` bulb, ``+`` lit cell, ``.`` unlit white, ``#``/digits walls."""
    bulbs = solution.bulbs if solution else frozenset()
    lit = {c for b in bulbs for c in puzzle.sees(b)}
    rows = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            v = int(puzzle.cells[r, c])
            if v != WHITE:
                row.append(_CELL_TO_CHAR[v])
            elif (r, c) in bulbs:
                row.append("*")
            else:
                row.append("+" if (r, c) in lit else ".")
        rows.append(" ".join(row))
    return "\n".join(rows) + "\n"


def solution_from_drawing(lines: list[str], puzzle: LightUpPuzzle) -> LightUpSolution:
    """The bulbs of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints)."""
    rows = ["".join(line.split()) for line in lines]
    if len(rows) != puzzle.height or any(len(row) != puzzle.width for row in rows):
        raise InputError(f"a {puzzle.width}x{puzzle.height} Light Up drawing has "
                         f"{puzzle.height} rows of {puzzle.width} cells",
                         hint="give the drawing exactly as pencilsat solve prints it")
    return solution_from_rows(rows)


def solution_from_rows(rows: list[str]) -> LightUpSolution:
    """Rows of the solution grid (``*`` = bulb) to a solution."""
    bulbs = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"]
    if not rows:
        raise InputError("no rows given")
    return LightUpSolution.from_bulbs(bulbs, len(rows[0]), len(rows))


def check(puzzle: LightUpPuzzle, solution: LightUpSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid. A
    vectorised pass settles a valid answer (a 100x100 in about a millisecond); the cell by
    cell pass below names what is wrong."""
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        return [Violation("size", None, "solution and puzzle sizes differ")]
    if solution.walls is None and _valid(puzzle.cells, solution.bulbs):
        return []
    out: list[Violation] = []
    if solution.walls is not None:
        for r, (given, shown) in enumerate(zip(puzzle_rows(puzzle), solution.walls,
                                               strict=True)):
            for c, (a, b) in enumerate(zip(given, shown, strict=True)):
                if a != b:
                    out.append(Violation("grid-differs", (r, c),
                                         f"the puzzle has {a!r} here, the solution {b!r}"))
    bulbs = set(solution.bulbs)
    for bulb in sorted(bulbs):
        if not puzzle.is_white(bulb):
            out.append(Violation("bulb-on-wall", bulb, "a bulb must stand on a white cell"))
    bulbs = {bulb for bulb in bulbs if puzzle.is_white(bulb)}
    lit: set[Cell] = set(bulbs)
    for bulb in sorted(bulbs):
        seen = puzzle.sees(bulb)
        lit.update(seen)
        for other in seen:
            if other in bulbs and bulb < other:
                out.append(Violation("bulbs-see-each-other", bulb,
                                     f"this bulb lights the bulb at {other}"))
    for cell in puzzle.white_cells():
        if cell not in lit:
            out.append(Violation("unlit-cell", cell, "no bulb lights this white cell"))
    for cell, clue in puzzle.clues():
        n = sum(1 for nb in puzzle.neighbours(cell) if nb in bulbs)
        if n != clue:
            out.append(Violation("wrong-count", cell,
                                 f"the wall says {clue}, it has {n} bulbs beside it"))
    return out


def _valid(cells: np.ndarray, bulbs: frozenset[Cell]) -> bool:
    """Whether bulbs on ``cells`` break no rule, by whole-grid arrays: bulbs on white cells
    only, at most one bulb in each run of white cells of a row or a column, every white cell
    in a run with a bulb, and each number equal to the bulbs beside it."""
    height, width = cells.shape
    lamp = np.zeros((height, width), dtype=bool)
    if bulbs:
        rows, cols = np.fromiter(chain.from_iterable(bulbs), dtype=np.int64,
                                 count=2 * len(bulbs)).reshape(-1, 2).T
        if rows.min() < 0 or cols.min() < 0 or rows.max() >= height or cols.max() >= width:
            return False
        lamp[rows, cols] = True
    white = cells == WHITE
    if (lamp & ~white).any():
        return False
    lit = np.zeros((height, width), dtype=bool)
    for grid, on, into in ((white, lamp, lit), (white.T, lamp.T, lit.T)):
        run = np.cumsum(~grid, axis=1) + np.arange(grid.shape[0])[:, None] * (grid.shape[1] + 1)
        count = np.bincount(run[on], minlength=int(run.max()) + 1)
        if count.max(initial=0) > 1:
            return False  # two bulbs in one run see each other
        into |= count[run] > 0
    if (white & ~lit).any():
        return False
    padded = np.zeros((height + 2, width + 2), dtype=np.int8)
    padded[1:-1, 1:-1] = lamp
    beside = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    numbered = cells >= 0
    return bool((beside[numbered] == cells[numbered]).all())


def given_numbers(puzzle: LightUpPuzzle) -> list[Clue]:
    """The numbered walls, row-major (a wall without a number is the grid, not a clue)."""
    return [Clue(cell, str(number), number) for cell, number in puzzle.clues()]


def with_number(puzzle: LightUpPuzzle, clue: Clue) -> LightUpPuzzle:
    """A copy of ``puzzle`` whose cell ``clue.cell`` is a wall numbered ``clue.value``
    (``WALL``: a plain wall)."""
    cells = np.array(puzzle.cells)
    cells[clue.cell] = clue.value
    return LightUpPuzzle(cells, name=puzzle.name)


def without_number(puzzle: LightUpPuzzle, clue: Clue) -> LightUpPuzzle:
    return with_number(puzzle, Clue(clue.cell, "#", WALL))


def numbers_offered(puzzle: LightUpPuzzle, solution: LightUpSolution) -> list[Clue]:
    """A number on each plain wall (the bulbs ``solution`` puts beside it), then a numbered
    wall on each white cell without a bulb where ``solution`` stays valid (its light does
    not need to pass there)."""
    bulbs = solution.bulbs
    walls = [Clue((int(r), int(c)), "", WALL)
             for r, c in zip(*np.nonzero(puzzle.cells == WALL), strict=True)]
    out = []
    for wall in walls:
        number = sum(n in bulbs for n in puzzle.neighbours(wall.cell))
        out.append(Clue(wall.cell, str(number), number))
    for cell in puzzle.white_cells():
        if cell not in bulbs and _still_lit_without(puzzle, bulbs, cell):
            number = sum(n in bulbs for n in puzzle.neighbours(cell))
            out.append(Clue(cell, str(number), number))
    return out


def _still_lit_without(puzzle: LightUpPuzzle, bulbs: frozenset[Cell], wall: Cell) -> bool:
    """Whether every white cell in ``wall``'s row and column stays lit by ``bulbs`` once
    ``wall`` (a white cell without a bulb) becomes a wall: each part of a cut run without a
    bulb must be lit across."""
    for dr, dc in _STEPS:
        part = []
        r, c = wall[0] + dr, wall[1] + dc
        while puzzle.is_white((r, c)):
            part.append((r, c))
            r, c = r + dr, c + dc
        if any(cell in bulbs for cell in part):
            continue
        across = [(dc, dr), (-dc, -dr)]
        for cell in part:
            if not any(_bulb_along(puzzle, bulbs, cell, step) for step in across):
                return False
    return True


def _bulb_along(puzzle: LightUpPuzzle, bulbs: frozenset[Cell], cell: Cell,
                step: tuple[int, int]) -> bool:
    r, c = cell[0] + step[0], cell[1] + step[1]
    while puzzle.is_white((r, c)):
        if (r, c) in bulbs:
            return True
        r, c = r + step[0], c + step[1]
    return False


RULES = GenreRules(
    puzzle_type=LightUpPuzzle, solution_type=LightUpSolution,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered,
                    removal="its wall left without a number"),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=lambda text, puzzle: parse_solution(text),
    solution_rows=solution_rows, format_solution=format_solution,
    check=check, draw_text=draw_text, parse_drawing=solution_from_drawing,
)
