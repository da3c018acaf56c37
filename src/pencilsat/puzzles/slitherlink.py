"""Slitherlink (スリザーリンク, Loopy): grid model, text formats, drawing and a rule checker.

Rules (Nikoli): draw one closed loop along the grid lines, between the lattice dots at the
cells' corners; no branches or crossings; a number counts how many of its cell's four sides
the loop uses. The loop lives on the ``(W + 1) x (H + 1)`` lattice of dots: a dot is
``(row, col)`` with ``0 <= row <= H`` and ``0 <= col <= W``, and cell ``(r, c)`` has the dots
``(r, c)`` and ``(r + 1, c + 1)`` at its top-left and bottom-right corners.

The checker uses no SAT: it is the referee every solver answer is tested against, and it
names each broken rule with its cell or dot.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import NO_MARKS, ArrayValue
from pencilsat.puzzles.pieces import line_pieces
from pencilsat.puzzles.textgrid import expect_row_count, read_grid, read_header

NO_CLUE = -1
"""``clues[r, c]`` of a cell without a number; numbered cells hold 0..3."""
LARGEST_CLUE = 3
"""A 4 would close a one-cell loop, the whole answer: no Slitherlink writes it."""
UNKNOWN = "?"
"""The text of a ``?`` cell: a number not given (pzprjs writes it). It asks nothing of the
loop, so every rule and strategy reads it as a cell without a number; the puzzle keeps it
in ``unknown`` only to write it back as it was given."""

Dot = tuple[int, int]
"""A lattice dot ``(row, col)``, ``0..H`` by ``0..W``."""
Edge = tuple[Dot, Dot]
"""The grid line between two orthogonally adjacent dots, smaller dot first."""


def edge(a: Dot, b: Dot) -> Edge:
    """The normalised edge between adjacent dots ``a`` and ``b``."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"dots {a} and {b} are not adjacent")
    return (a, b) if a < b else (b, a)


def cell_sides(cell: Cell) -> tuple[Edge, Edge, Edge, Edge]:
    """The top, left, right and bottom sides of ``cell``."""
    r, c = cell
    return (((r, c), (r, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1)),
            ((r + 1, c), (r + 1, c + 1)))


def cells_beside(line: Edge, width: int, height: int) -> list[Cell]:
    """The one or two cells of a ``width x height`` grid that have ``line`` as a side."""
    (r, c), (r2, _) = line
    candidates = [(r - 1, c), (r, c)] if r == r2 else [(r, c - 1), (r, c)]
    return [(i, j) for i, j in candidates if 0 <= i < height and 0 <= j < width]


@dataclass(frozen=True, eq=False)
class SlitherlinkPuzzle(ArrayValue):
    """An immutable Slitherlink grid: ``clues[r, c]`` is NO_CLUE or a number 0..3;
    ``unknown[r, c]`` marks a ``?`` cell (NO_CLUE in ``clues``: it asks nothing)."""

    ARRAYS = ("clues", "unknown")

    clues: np.ndarray
    name: str = field(default="", compare=False)
    unknown: np.ndarray = field(default_factory=lambda: NO_MARKS)

    genre = "slitherlink"

    def __post_init__(self) -> None:
        arr = np.array(self.clues, dtype=np.int8)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError("a Slitherlink grid is a non-empty 2-D array")
        if arr.min() < NO_CLUE or arr.max() > LARGEST_CLUE:
            raise ValueError("clues are NO_CLUE (-1) or numbers 0..3")
        unknown = (np.zeros(arr.shape, dtype=bool) if self.unknown is NO_MARKS
                   else np.array(self.unknown, dtype=bool))
        if unknown.shape != arr.shape or (unknown & (arr != NO_CLUE)).any():
            raise ValueError("the '?' cells are cells without a number, in a grid of the "
                             "clues' shape")
        arr.setflags(write=False)
        unknown.setflags(write=False)
        object.__setattr__(self, "clues", arr)
        object.__setattr__(self, "unknown", unknown)

    def numbered(self) -> Iterator[tuple[Cell, int]]:
        """Every numbered cell with its number, row-major."""
        for r, c in zip(*np.nonzero(self.clues >= 0), strict=True):
            yield (int(r), int(c)), int(self.clues[r, c])


@dataclass(frozen=True)
class SlitherlinkSolution:
    """A Slitherlink answer: the set of grid lines the loop uses."""

    edges: frozenset[Edge]
    width: int
    height: int

    genre = "slitherlink"

    @classmethod
    def from_edges(cls, edges: Iterable[Edge], width: int, height: int) -> SlitherlinkSolution:
        return cls(frozenset(edge(a, b) for a, b in edges), width, height)

    def degree(self) -> dict[Dot, int]:
        """Loop edges per dot (dots without one are left out)."""
        out: dict[Dot, int] = {}
        for a, b in self.edges:
            out[a] = out.get(a, 0) + 1
            out[b] = out.get(b, 0) + 1
        return out

    def differing_cells(self, other: SlitherlinkSolution) -> list[Cell]:
        """The cells beside a line that one answer uses and the other does not, row-major."""
        return sorted({cell for line in self.edges ^ other.edges
                       for cell in cells_beside(line, self.width, self.height)})


# ---------------------------------------------------------------- puzzle text

def parse_puzzle(text: str, name: str = "") -> SlitherlinkPuzzle:
    """Corpus format: ``slitherlink W H`` then rows of ``.`` no clue, ``0``-``3`` a number,
    ``?`` a number not given."""
    rows = read_grid(text, "slitherlink", ".0123?",
                     "'.' no clue, '0'-'3' a number, '?' a number not given")
    grid = [[NO_CLUE if ch in ".?" else int(ch) for ch in row] for row in rows]
    unknown = [[ch == UNKNOWN for ch in row] for row in rows]
    return SlitherlinkPuzzle(np.array(grid, dtype=np.int8), name=name,
                             unknown=np.array(unknown, dtype=bool))


def clue_text(puzzle: SlitherlinkPuzzle, cell: Cell) -> str:
    """A cell's clue as written: its number, ``?`` or ``.``."""
    value = int(puzzle.clues[cell])
    return str(value) if value != NO_CLUE else UNKNOWN if puzzle.unknown[cell] else "."


def puzzle_rows(puzzle: SlitherlinkPuzzle) -> list[str]:
    return ["".join(clue_text(puzzle, (r, c)) for c in range(puzzle.width))
            for r in range(puzzle.height)]


def format_puzzle(puzzle: SlitherlinkPuzzle) -> str:
    return (f"slitherlink {puzzle.width} {puzzle.height}\n" + "\n".join(puzzle_rows(puzzle))
            + "\n")


# ---------------------------------------------------------------- solution text

_WHAT = {
    (0, 0): ("+", "a dot is always '+'"),
    (0, 1): ("-.", "a horizontal line is '-' on the loop, '.' off it"),
    (1, 0): ("|.", "a vertical line is '|' on the loop, '.' off it"),
    (1, 1): (" ", "a cell centre is always a space"),
}
"""Per (row parity, column parity) of the lattice text: the characters allowed, and the hint."""


def parse_solution(text: str) -> SlitherlinkSolution:
    """Corpus solution format: ``slitherlink-solution W H`` then 2H+1 lattice rows of 2W+1
    characters (``+`` dots, ``-``/``|`` loop lines, ``.`` unused lines, spaces in cells)."""
    tag = "slitherlink-solution"
    width, height, rows, first_line, _ = read_header(text, tag)
    expect_row_count(rows, 2 * height + 1, first_line,
                     f"expected {2 * height + 1} lattice rows, found {len(rows)}",
                     hint="a solution of H rows of cells has 2H+1 lines: dot rows and cell "
                          "rows alternating")
    edges = []
    for i, (line, row) in enumerate(rows):
        if len(row) != 2 * width + 1:
            raise InputError(f"lattice row has {len(row)} characters, expected "
                             f"{2 * width + 1}", line=line,
                             column=min(len(row), 2 * width + 1) + 1,
                             hint="a grid W cells wide has 2W+1 characters per line")
        for j, ch in enumerate(row):
            allowed, hint = _WHAT[i % 2, j % 2]
            if ch not in allowed:
                raise InputError(f"unexpected character {ch!r}", line=line, column=j + 1,
                                 hint=hint)
            if ch == "-":
                edges.append(((i // 2, j // 2), (i // 2, j // 2 + 1)))
            elif ch == "|":
                edges.append(((i // 2, j // 2), (i // 2 + 1, j // 2)))
    return SlitherlinkSolution(frozenset(edges), width, height)


def solution_rows(solution: SlitherlinkSolution) -> list[str]:
    """The 2H+1 lattice rows of the corpus solution format."""
    rows = []
    for i in range(2 * solution.height + 1):
        row = []
        for j in range(2 * solution.width + 1):
            r, c = i // 2, j // 2
            if i % 2 == 0:
                row.append("+" if j % 2 == 0 else
                           "-" if ((r, c), (r, c + 1)) in solution.edges else ".")
            else:
                row.append(" " if j % 2 else
                           "|" if ((r, c), (r + 1, c)) in solution.edges else ".")
        rows.append("".join(row))
    return rows


def format_solution(solution: SlitherlinkSolution) -> str:
    return (f"slitherlink-solution {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(solution)) + "\n")


def draw_text(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution | None = None) -> str:
    """The lattice: ``+`` dots, ``---`` and ``|`` loop lines, the numbers in their cells."""
    used = solution.edges if solution is not None else frozenset()
    out = []
    for r in range(puzzle.height + 1):
        out.append("+" + "+".join("---" if ((r, c), (r, c + 1)) in used else "   "
                                  for c in range(puzzle.width)) + "+")
        if r == puzzle.height:
            break
        line = ""
        for c in range(puzzle.width + 1):
            line += "|" if ((r, c), (r + 1, c)) in used else " "
            if c < puzzle.width:
                clue = clue_text(puzzle, (r, c))
                line += f" {clue} " if clue != "." else "   "
        out.append(line)
    return "\n".join(line.rstrip() for line in out) + "\n"


def solution_from_drawing(lines: list[str], puzzle: SlitherlinkPuzzle) -> SlitherlinkSolution:
    """The loop of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints)."""
    expected = 2 * puzzle.height + 1
    if len(lines) != expected:
        raise InputError(f"a {puzzle.width}x{puzzle.height} Slitherlink drawing has "
                         f"{expected} lines, this one has {len(lines)}",
                         hint="give the drawing exactly as pencilsat solve prints it")
    edges = set()
    for r, line in enumerate(lines):
        for c in range(puzzle.width + 1):
            if r % 2 == 0 and c < puzzle.width and line[4 * c + 1:4 * c + 4] == "---":
                edges.add(edge((r // 2, c), (r // 2, c + 1)))
            if r % 2 == 1 and line[4 * c:4 * c + 1] == "|":
                edges.add(edge((r // 2, c), (r // 2 + 1, c)))
    return SlitherlinkSolution(frozenset(edges), puzzle.width, puzzle.height)


# ---------------------------------------------------------------- rule checker

def check(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution) -> list[Violation]:
    """Every broken rule, each named with its cell or dot; an empty list means the answer is
    valid. Rules: ``size``, ``off-grid`` (a line that is no grid line), ``dead-end`` (a dot
    with one loop line), ``branch`` (three or four), ``no-loop``, ``several-loops`` (one
    violation per loop beyond the longest, at its first dot) and ``clue``."""
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        return [Violation("size", None, f"the solution is {solution.width}x{solution.height}, "
                          f"the puzzle {puzzle.width}x{puzzle.height}")]
    out: list[Violation] = []
    for a, b in sorted(solution.edges):
        if not (_on_lattice(a, puzzle) and _on_lattice(b, puzzle)) \
                or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            out.append(Violation("off-grid", None,
                                 f"{a}-{b} is not a line between adjacent dots of the grid"))
    if out:
        return out
    for dot, count in sorted(solution.degree().items()):
        if count == 1:
            out.append(Violation("dead-end", dot, "the loop ends at this dot"))
        elif count > 2:
            out.append(Violation("branch", dot, f"{count} loop lines meet at this dot"))
    if not solution.edges:
        out.append(Violation("no-loop", None, "no loop is drawn"))
    for part in line_pieces(solution.edges)[1:]:
        out.append(Violation("several-loops", min(part),
                             f"a separate line through {len(part)} dots starts at this dot"))
    for cell, clue in puzzle.numbered():
        used = sum(side in solution.edges for side in cell_sides(cell))
        if used != clue:
            out.append(Violation("clue", cell, f"the number is {clue}, the loop uses {used} "
                                 "of the cell's sides"))
    return out


def _on_lattice(dot: Dot, puzzle: SlitherlinkPuzzle) -> bool:
    return 0 <= dot[0] <= puzzle.height and 0 <= dot[1] <= puzzle.width


# ---------------------------------------------------------------- clue tools

def given_numbers(puzzle: SlitherlinkPuzzle) -> list[Clue]:
    """The numbered cells, row-major: the clues ``pencilsat clues`` weighs."""
    return [Clue(cell, str(number), number) for cell, number in puzzle.numbered()]


def with_number(puzzle: SlitherlinkPuzzle, clue: Clue) -> SlitherlinkPuzzle:
    """A copy of ``puzzle`` with ``clue.value`` in ``clue.cell`` (``NO_CLUE``: none; a
    ``?`` there goes)."""
    clues, unknown = np.array(puzzle.clues), np.array(puzzle.unknown)
    clues[clue.cell] = clue.value
    unknown[clue.cell] = False
    return SlitherlinkPuzzle(clues, name=puzzle.name, unknown=unknown)


def without_number(puzzle: SlitherlinkPuzzle, clue: Clue) -> SlitherlinkPuzzle:
    return with_number(puzzle, Clue(clue.cell, ".", NO_CLUE))


def numbers_offered(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution) -> list[Clue]:
    """On each cell without a number, the number of its sides ``solution``'s loop uses."""
    out = []
    for r, c in zip(*np.nonzero(puzzle.clues == NO_CLUE), strict=True):
        cell = (int(r), int(c))
        number = sum(side in solution.edges for side in cell_sides(cell))
        if number <= LARGEST_CLUE:
            out.append(Clue(cell, str(number), number))
    return out


RULES = GenreRules(
    puzzle_type=SlitherlinkPuzzle, solution_type=SlitherlinkSolution,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=lambda text, puzzle: parse_solution(text),
    solution_rows=lambda puzzle, solution: solution_rows(solution),
    format_solution=lambda puzzle, solution: format_solution(solution),
    check=check, draw_text=draw_text, parse_drawing=solution_from_drawing,
)
