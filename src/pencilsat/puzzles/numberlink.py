"""Numberlink (janko's Arukone, puzz.link ``numlin``): grid model, corpus text formats and an
independent rule checker.

Rules: join each pair of equal numbers by a line through cell centres, from one number to
the other, moving between side-by-side cells; lines never cross, branch or share a cell; a
numbered cell is the end of exactly one line; no other line (no loop) is drawn. janko's rules
allow cells left unused (490 of the 495 janko answers in the corpus fill every cell anyway);
the *filled* variant (pzprjs' ``arukone`` without its flag ``e``, Flow Free) uses every cell.

The puzzle text is ``numberlink W H`` (``numberlink W H full``: filled) then H rows of W
tokens: ``.`` an empty cell, a number N >= 1 an endpoint (each number twice). The solution
is ``numberlink-solution W H`` then H rows of W characters: the pipe letters of
:mod:`~pencilsat.puzzles.pipes` (``-`` ``|`` ``L`` ``J`` ``7`` ``F``) for a cell a line
passes, ``^`` ``v`` ``<`` ``>`` for an endpoint (the way its line leaves), ``.`` an unused
cell.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.pipes import (
    DOWN,
    LEFT,
    LOOP_PIPES,
    RIGHT,
    UP,
    Step,
    Unmatched,
    pipe_edges,
    unmatched_violations,
)
from pencilsat.puzzles.textgrid import (
    expect_row_count,
    header_variants,
    number_rows,
    read_grid,
    read_header,
)

EMPTY = 0
UNKNOWN = -1
"""A ``?`` end: joined to another ``?`` end (pzprjs' ``numlin`` checker compares its ``?``,
qnum -2, like a number)."""
TAG = "numberlink"
SOLUTION_TAG = "numberlink-solution"
Edge = tuple[Cell, Cell]
FILLED = "full"
VARIANTS = {FILLED: "every cell is on a line (pzprjs' arukone without its flag 'e')"}
"""The variants a Numberlink text header may name after ``numberlink W H``."""

END_PIPES: dict[str, frozenset[Step]] = {
    "^": frozenset({UP}), "v": frozenset({DOWN}), "<": frozenset({LEFT}), ">": frozenset({RIGHT}),
}
"""An endpoint's letter: the one step its line leaves in."""
PIPES = {**LOOP_PIPES, **END_PIPES}
_LETTER_OF = {steps: letter for letter, steps in PIPES.items()}
_PLAIN_ROW = re.compile(r"(?:[1-9]\d{0,5}|\.)(?: (?:[1-9]\d{0,5}|\.))*", re.ASCII)


def edge(a: Cell, b: Cell) -> Edge:
    """An edge between two side-by-side cells, the smaller cell first."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, eq=False)
class NumberlinkPuzzle(ArrayValue):
    """An immutable Numberlink grid: ``numbers[r, c]`` is an endpoint's number, UNKNOWN (a
    ``?`` end) or EMPTY; ``filled``: the variant in which every cell is on a line."""

    ARRAYS = ("numbers",)

    numbers: np.ndarray
    name: str = field(default="", compare=False)
    filled: bool = False

    genre = "numberlink"

    def __post_init__(self) -> None:
        arr = np.array(self.numbers, dtype=np.int32)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError("a Numberlink grid is a non-empty 2-D array")
        if arr.min() < UNKNOWN:
            raise ValueError("cell values are numbers >= 1, UNKNOWN (-1) or EMPTY (0)")
        arr.setflags(write=False)
        object.__setattr__(self, "numbers", arr)

    def __eq__(self, other: object) -> bool:
        return (super().__eq__(other) and isinstance(other, NumberlinkPuzzle)
                and self.filled == other.filled)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.filled))

    def endpoints(self) -> dict[int, list[Cell]]:
        """Each number's cells (UNKNOWN's: the ``?`` ends), row-major."""
        out: dict[int, list[Cell]] = {}
        for r, c in zip(*np.nonzero(self.numbers), strict=True):
            out.setdefault(int(self.numbers[r, c]), []).append((int(r), int(c)))
        return out


@dataclass(frozen=True)
class NumberlinkSolution:
    """A Numberlink answer: the line steps between side-by-side cells, and, for an answer
    read from pipe letters, the steps only one of their two cells draws (``unmatched``)."""

    edges: frozenset[Edge]
    width: int
    height: int
    unmatched: Unmatched = frozenset()

    genre = "numberlink"

    @classmethod
    def of(cls, edges: Iterable[Edge], width: int, height: int) -> NumberlinkSolution:
        return cls(frozenset(edge(a, b) for a, b in edges), width, height)

    def degree(self) -> dict[Cell, int]:
        """Line steps per cell (cells without one are left out)."""
        out: dict[Cell, int] = {}
        for a, b in self.edges:
            out[a] = out.get(a, 0) + 1
            out[b] = out.get(b, 0) + 1
        return out

    def joins(self, cell: Cell) -> frozenset[Step]:
        """The steps from ``cell`` along its line."""
        r, c = cell
        return frozenset(step for step in (UP, DOWN, LEFT, RIGHT)
                         if edge(cell, (r + step[0], c + step[1])) in self.edges)

    def differing_cells(self, other: NumberlinkSolution) -> list[Cell]:
        """Cells, row-major, whose line steps differ."""
        cells = {cell for e in self.edges ^ other.edges for cell in e}
        return sorted(cell for cell in cells
                      if 0 <= cell[0] < self.height and 0 <= cell[1] < self.width)


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> NumberlinkPuzzle:
    """Corpus format: ``numberlink W H`` then H rows of W tokens (a number, ``?`` or ``.``);
    the header may end with the variant ``full`` (every cell is on a line)."""
    text, variants = header_variants(text, TAG, VARIANTS)
    width, height, rows, first_line, _ = read_header(text, TAG)
    expect_row_count(rows, height, first_line)
    return NumberlinkPuzzle(number_rows(rows, width, _cell_value, _PLAIN_ROW, dot=EMPTY),
                            name=name, filled=FILLED in variants)


def _cell_value(token: str, line: int, column: int) -> int:
    if token == ".":
        return EMPTY
    if token == "?":
        return UNKNOWN
    if token.isascii() and token.isdigit() and len(token) <= 6 and int(token) >= 1:
        return int(token)
    if token.isascii() and token.isdigit() and int(token) >= 1:
        raise InputError(f"number {token} is too large", line=line, column=column,
                         hint="a Numberlink number is 1..999999 (renumber the pairs)")
    raise InputError(f"unknown cell {token!r}", line=line, column=column,
                     hint="a Numberlink cell is '.' (empty), a number 1, 2, ... or '?' "
                          "(an end joined to another '?')")


def cell_token(value: int) -> str:
    return {EMPTY: ".", UNKNOWN: "?"}.get(value) or str(value)


def format_puzzle(puzzle: NumberlinkPuzzle) -> str:
    rows = [" ".join(cell_token(v) for v in row) for row in puzzle.numbers.tolist()]
    variant = f" {FILLED}" if puzzle.filled else ""
    return f"{TAG} {puzzle.width} {puzzle.height}{variant}\n" + "\n".join(rows) + "\n"


def parse_solution(text: str, puzzle: object = None) -> NumberlinkSolution:
    """``numberlink-solution W H`` then rows of pipe letters, endpoint arrows and ``.``."""
    rows = read_grid(text, SOLUTION_TAG, "".join(PIPES) + ".",
                     "pipe letters - | L J 7 F, endpoints ^ v < >, '.' unused")
    return solution_from_rows(rows)


def solution_from_rows(rows: list[str]) -> NumberlinkSolution:
    """The steps every letter draws and those only one of their two cells draws."""
    if not rows:
        raise InputError("no rows given", hint="one row of letters per grid row")
    edges, unmatched = pipe_edges(rows, PIPES)
    return NumberlinkSolution(frozenset(edges), len(rows[0]), len(rows), unmatched)


def solution_rows(puzzle: object, solution: NumberlinkSolution) -> list[str]:
    """A letter per cell; a cell with steps no letter draws (three, or two the wrong way for
    an endpoint) is written ``?``."""
    return ["".join(_LETTER_OF.get(solution.joins((r, c)), "?") if solution.joins((r, c))
                    else "." for c in range(solution.width))
            for r in range(solution.height)]


def format_solution(puzzle: object, solution: NumberlinkSolution) -> str:
    return (f"{SOLUTION_TAG} {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


FILLED_NOTE = "(filled: every cell is on a line)"


def draw_text(puzzle: NumberlinkPuzzle, solution: NumberlinkSolution | None = None) -> str:
    """One line per row and one between rows, each cell ``size`` characters wide: the
    numbers, the lines as ``-`` and ``|`` through the cell centres (``+`` where a line
    turns or runs on), ``.`` an empty cell off every line; the filled variant says so on a
    first line :data:`FILLED_NOTE`."""
    size = max(len(cell_token(v)) for v in puzzle.numbers.ravel().tolist())
    edges = solution.edges if solution is not None else frozenset()
    lines = [FILLED_NOTE] if puzzle.filled else []
    for r in range(puzzle.height):
        row, below = [], []
        for c in range(puzzle.width):
            value = int(puzzle.numbers[r, c])
            steps = solution.joins((r, c)) if solution is not None else frozenset()
            mark = cell_token(value) if value else ("+" if steps else ".")
            row.append(mark.rjust(size))
            if c < puzzle.width - 1:
                row.append("-" if edge((r, c), (r, c + 1)) in edges else " ")
            below.append(("|" if edge((r, c), (r + 1, c)) in edges else " ").rjust(size))
            if c < puzzle.width - 1:
                below.append(" ")
        lines.append("".join(row).rstrip())
        if r < puzzle.height - 1:
            lines.append("".join(below).rstrip())
    return "\n".join(lines) + "\n"


def parse_drawing(lines: list[str], puzzle: NumberlinkPuzzle) -> NumberlinkSolution:
    """The answer of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints): a ``-``
    between two cells of a row, a ``|`` under a cell's last column between two rows; a
    line starting ``(`` (:data:`FILLED_NOTE`) is not part of the grid."""
    lines = [line for line in lines if not line.startswith("(")]
    expected = 2 * puzzle.height - 1
    if len(lines) != expected:
        raise InputError(f"a {puzzle.width}x{puzzle.height} Numberlink drawing has {expected} "
                         f"lines, this one has {len(lines)}",
                         hint="give the drawing exactly as pencilsat solve prints it")
    size = max(len(cell_token(v)) for v in puzzle.numbers.ravel().tolist())
    span = (size + 1) * puzzle.width
    edges = []
    for r in range(puzzle.height):
        row = lines[2 * r].ljust(span)
        below = lines[2 * r + 1].ljust(span) if r + 1 < puzzle.height else ""
        for c in range(puzzle.width):
            start = c * (size + 1)
            if c + 1 < puzzle.width and row[start + size] == "-":
                edges.append(((r, c), (r, c + 1)))
            if below and below[start + size - 1] == "|":
                edges.append(((r, c), (r + 1, c)))
    return NumberlinkSolution.of(edges, puzzle.width, puzzle.height)


# ------------------------------------------------------------------ the rule checker


def check(puzzle: NumberlinkPuzzle, solution: NumberlinkSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        return [Violation("wrong-size", None,
                          f"the answer is {solution.width}x{solution.height}, the puzzle "
                          f"{puzzle.width}x{puzzle.height}")]
    out = unmatched_violations(solution.unmatched)
    inside = [e for e in solution.edges
              if all(0 <= x[0] < puzzle.height and 0 <= x[1] < puzzle.width for x in e)]
    for a, b in sorted(set(solution.edges) - set(inside)):
        cell = a if 0 <= a[0] < puzzle.height and 0 <= a[1] < puzzle.width else b
        out.append(Violation("off-grid", cell, "a line leaves the grid here"))
    degree = NumberlinkSolution.of(inside, puzzle.width, puzzle.height).degree()
    numbers = puzzle.numbers
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            d, value = degree.get((r, c), 0), int(numbers[r, c])
            if value and d != 1:
                out.append(Violation("endpoint-degree", (r, c),
                                     f"the number {value} ends {d} lines, not one"))
            elif not value and d not in (0, 2):
                what = "a line ends on an empty cell" if d == 1 else f"{d} lines meet"
                out.append(Violation("branch-or-dead-end", (r, c), what))
    out += _path_violations(puzzle, inside)
    if puzzle.filled:
        out += [Violation("unused-cell", cell, "every cell must be on a line (filled)")
                for cell in _unused_cells(puzzle, degree)]
    return out


def _unused_cells(puzzle: NumberlinkPuzzle, degree: dict[Cell, int]) -> list[Cell]:
    """The unnumbered cells, row-major, no line passes (an unused number is refused as
    ``endpoint-degree`` already)."""
    return [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)
            if (r, c) not in degree and not puzzle.numbers[r, c]]


def _path_violations(puzzle: NumberlinkPuzzle, edges: list[Edge]) -> list[Violation]:
    """Each line joins two equal numbers; no loop; every number is joined."""
    neighbours: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    seen: set[Cell] = set()
    joined: set[int] = set()
    out = []
    for start in sorted(neighbours):
        if start in seen:
            continue
        part, stack = [start], [start]
        seen.add(start)
        while stack:
            for n in neighbours[stack.pop()]:
                if n not in seen:
                    seen.add(n)
                    part.append(n)
                    stack.append(n)
        ends = sorted(cell for cell in part if puzzle.numbers[cell])
        values = {int(puzzle.numbers[cell]) for cell in ends}
        if not ends:
            out.append(Violation("loop", min(part), "a line joins no number (a loop)"))
        elif len(values) > 1:
            out.append(Violation("different-numbers", ends[0],
                                 "one line joins the numbers "
                                 + ", ".join(cell_token(v) for v in sorted(values))))
        elif len(ends) == 2:
            joined |= values
    for value, cells in sorted(puzzle.endpoints().items()):
        if value not in joined:
            out.append(Violation("not-joined", cells[0],
                                 f"the {len(cells)} cells numbered {cell_token(value)} are "
                                 "not joined by one line"))
    return out


def odd_ends(puzzle: NumberlinkPuzzle) -> str | None:
    """Why no answer when a value has an odd count of ends: a line joins two ends of one
    value (a ``?`` only another ``?``), so one end is left without a line."""
    for value, cells in sorted(puzzle.endpoints().items()):
        if len(cells) % 2:
            r, c = cells[0]
            if len(cells) == 1:
                return (f"the {cell_token(value)} at row {r + 1}, column {c + 1} is the only "
                        "one: a line joins two equal ends")
            return (f"{len(cells)} ends are {cell_token(value)} (the first at row {r + 1}, "
                    f"column {c + 1}): a line joins two, so one is left over")
    return None


RULES = GenreRules(
    puzzle_type=NumberlinkPuzzle, solution_type=NumberlinkSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    parse_drawing=parse_drawing, why_none=odd_ends,
)
"""No clue tools: a number is one end of a pair, and taking one end away leaves a puzzle the
rules do not define (a number once). Taking the pair away does not widen the puzzle either:
every answer draws the pair's line, and without the pair that line joins no numbers, which
the rules forbid, so no answer survives and "unique without it" would be about other
answers. pzprjs' ``?`` endpoint is no way out: its checker pairs a ``?`` only with another
``?``, so it is a number of its own (:data:`UNKNOWN`), not a number not told
(docs/desk.md)."""
