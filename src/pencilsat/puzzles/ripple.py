"""Ripple Effect (janko "Hakyuu", puzz.link ``ripple``): model, corpus text formats and an
independent rule checker.

Rules: the grid is divided into rooms; a room of ``n`` cells holds the numbers 1..n once
each; two equal numbers ``k`` in the same row or column have at least ``k`` cells between
them (their distance is at least ``k + 1``), rooms or not; givens stay.

The puzzle text is ``ripple W H``, H rows of W tokens (``.`` empty or a given number), then
H rows of W room numbers ``1..R``; the answer ``ripple-solution W H`` and H rows of numbers.
A cell cut out of the board (pzprjs' empty cell, ``decodeEmpty``) is ``#`` in the room
rows (``.`` in the givens): it has no room and no number (``.`` in the answer), and the
ripple rule counts distances across it, as pzprjs' checker does.

A ``?`` token (pzprjs writes it) is a given whose number is not told. As pzprjs checks it,
the cell still takes its place among its room's numbers (the one the others leave), but the
ripple rule does not see it: no distance is asked between it and an equal number. The
puzzle keeps the ``?`` cells in ``unknown`` (0 in ``givens``); the answer holds their number.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import NO_MARKS, ArrayValue
from pencilsat.puzzles.regions import (
    NO_REGION,
    Regions,
    draw_regions,
    read_region_rows,
    read_slots,
    region_rows,
)
from pencilsat.puzzles.textgrid import content_lines, expect_row_count, number_rows, read_header

_PLAIN = re.compile(r"(?:\.|[1-9]\d{0,3})(?: (?:\.|[1-9]\d{0,3}))*", re.ASCII)


@dataclass(frozen=True, eq=False)
class RipplePuzzle(ArrayValue):
    """``givens[r, c]``: 0 (empty) or a number 1..(its room's size); ``rooms`` cover the
    grid but its cut-out cells (:data:`~pencilsat.puzzles.regions.NO_REGION`, no number);
    ``unknown[r, c]`` marks a ``?`` given (0 in ``givens``)."""

    ARRAYS = ("givens", "unknown")

    givens: np.ndarray
    rooms: Regions
    name: str = field(default="", compare=False)
    unknown: np.ndarray = field(default_factory=lambda: NO_MARKS)

    genre = "ripple"

    def __post_init__(self) -> None:
        arr = np.array(self.givens, dtype=np.int32)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError("a Ripple Effect grid is 2-D and not empty")
        if self.rooms.ids.shape != arr.shape or (self.rooms.ids == NO_REGION).all():
            raise ValueError("the rooms cover the grid but its cut-out cells")
        if arr.min() < 0 or (arr > self.room_sizes()).any():
            raise ValueError("a given is 1..(its room's size)")
        unknown = (np.zeros(arr.shape, dtype=bool) if self.unknown is NO_MARKS
                   else np.array(self.unknown, dtype=bool))
        if unknown.shape != arr.shape or (unknown & (arr != 0)).any():
            raise ValueError("the '?' givens are cells without a number")
        if (unknown & (self.rooms.ids == NO_REGION)).any():
            raise ValueError("a cut-out cell has no '?' given")
        arr.setflags(write=False)
        unknown.setflags(write=False)
        object.__setattr__(self, "givens", arr)
        object.__setattr__(self, "unknown", unknown)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, RipplePuzzle) and super().__eq__(other)
                and self.rooms == other.rooms)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.rooms))

    @property
    def width(self) -> int:
        return int(self.givens.shape[1])

    @property
    def height(self) -> int:
        return int(self.givens.shape[0])

    def room_sizes(self) -> np.ndarray:
        """Per cell, the size of its room (the largest number it may hold; 0 cut out)."""
        ids = self.rooms.ids
        return np.where(ids == NO_REGION, 0, self.rooms.sizes()[np.maximum(ids, 0)])

    def cut_out(self) -> np.ndarray:
        """Per cell, whether it is cut out of the board (no room, no number)."""
        return np.asarray(self.rooms.ids == NO_REGION)


@dataclass(frozen=True, eq=False)
class RippleSolution(ArrayValue):
    """``grid[r, c]``: the number of cell (r, c)."""

    ARRAYS = ("grid",)

    grid: np.ndarray

    genre = "ripple"

    def __post_init__(self) -> None:
        arr = np.array(self.grid, dtype=np.int32)
        if arr.ndim != 2:
            raise ValueError("a Ripple Effect answer is 2-D")
        arr.setflags(write=False)
        object.__setattr__(self, "grid", arr)

    @property
    def width(self) -> int:
        return int(self.grid.shape[1])

    @property
    def height(self) -> int:
        return int(self.grid.shape[0])

    def differing_cells(self, other: RippleSolution) -> list[Cell]:
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.grid != other.grid),
                                                 strict=True)]


# ------------------------------------------------------------------ text formats


UNKNOWN = "?"
"""The token of a given whose number is not told."""
CUT_OUT = "#"
"""The room token of a cell cut out of the board (and its drawing's slot)."""
_UNKNOWN_VALUE = -1
"""What the reader of givens returns for ``?`` (kept in ``unknown``, never in ``givens``)."""


def _numbers(rows: list[tuple[int, str]], width: int, what: str,
             unknown: bool = False) -> np.ndarray:
    def value(token: str, line: int, column: int) -> int:
        if token == ".":
            return 0
        if token == UNKNOWN and unknown:
            return _UNKNOWN_VALUE
        if token.isascii() and token.isdigit() and len(token) <= 4 and int(token) >= 1:
            return int(token)
        raise InputError(f"unknown {what} cell {token!r}", line=line, column=column,
                         hint="write '.' for an empty cell or a number 1, 2, ..."
                              + (" ('?' a given not told)" if unknown else ""))

    grid = number_rows(rows, width, value, _PLAIN, dot=0)
    return grid


def parse_puzzle(text: str, name: str = "") -> RipplePuzzle:
    """Corpus format: ``ripple W H``, H rows of givens, H rows of room numbers."""
    width, height, rows, first, _ = read_header(text, "ripple")
    expect_row_count(rows, 2 * height, first)
    read = _numbers(rows[:height], width, "given", unknown=True)
    givens, unknown = np.where(read == _UNKNOWN_VALUE, 0, read), read == _UNKNOWN_VALUE
    rooms = read_region_rows(rows[height:], width, noun="room", outside=CUT_OUT)
    if (rooms.ids == NO_REGION).all():
        raise InputError("every cell is cut out ('#')", line=rows[height][0],
                         hint="a Ripple Effect has at least one room")
    cut = (rooms.ids == NO_REGION) & (unknown | (givens != 0))
    if cut.any():
        r, c = (int(v[0]) for v in np.nonzero(cut))
        raise InputError(f"row {r + 1}, column {c + 1} is cut out ('#' in the rooms) but "
                         "has a given", line=rows[r][0],
                         hint="a cut-out cell is '.' in the givens")
    sizes = np.where(rooms.ids == NO_REGION, 0, rooms.sizes()[np.maximum(rooms.ids, 0)])
    if (givens > sizes).any():
        r, c = (int(v[0]) for v in np.nonzero(givens > sizes))
        raise InputError(f"given {int(givens[r, c])} in row {r + 1}, column {c + 1} is more "
                         f"than its room's {int(sizes[r, c])} cells", line=rows[r][0],
                         hint="a room of n cells holds the numbers 1..n")
    return RipplePuzzle(givens, rooms, name=name, unknown=unknown)


def format_puzzle(puzzle: RipplePuzzle) -> str:
    return (f"ripple {puzzle.width} {puzzle.height}\n"
            + "\n".join(_token_rows(puzzle.givens, puzzle.unknown))
            + "\n" + "\n".join(region_rows(puzzle.rooms, CUT_OUT)) + "\n")


def _token_rows(grid: np.ndarray, unknown: np.ndarray | None = None) -> list[str]:
    """Rows of tokens: a number, ``.`` (0) or ``?`` (0 where ``unknown``)."""
    marks = (np.zeros(grid.shape, dtype=bool) if unknown is None else unknown).tolist()
    return [" ".join(str(v) if v else UNKNOWN if q else "." for v, q in zip(row, qs, strict=True))
            for row, qs in zip(grid.tolist(), marks, strict=True)]


def parse_solution(text: str, puzzle: RipplePuzzle | None = None) -> RippleSolution:
    """``ripple-solution W H`` and H rows of numbers (``solve --json``'s rows, one token
    per cell separated by spaces, read under the same header)."""
    lines = content_lines(text)
    if lines and lines[0][1].split()[:1] != ["ripple-solution"]:
        if puzzle is None:
            raise InputError("expected the header 'ripple-solution W H'",
                             hint="give the answer as pencilsat writes it")
        text = f"ripple-solution {puzzle.width} {puzzle.height}\n" + text
    width, height, rows, first, _ = read_header(text, "ripple-solution")
    expect_row_count(rows, height, first)
    return RippleSolution(_numbers(rows, width, "answer"))


def solution_rows(puzzle: RipplePuzzle, solution: RippleSolution) -> list[str]:
    return _token_rows(solution.grid)


def format_solution(puzzle: RipplePuzzle, solution: RippleSolution) -> str:
    return (f"ripple-solution {solution.width} {solution.height}\n"
            + "\n".join(_token_rows(solution.grid)) + "\n")


# ------------------------------------------------------------------ rule checker


def check(puzzle: RipplePuzzle, solution: RippleSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    grid = solution.grid
    if grid.shape != puzzle.givens.shape:
        return [Violation("size", None, f"solution is {grid.shape[1]}x{grid.shape[0]}, "
                                        f"puzzle is {puzzle.width}x{puzzle.height}")]
    out = []
    sizes = puzzle.room_sizes()
    cut = puzzle.cut_out()
    for r, c in zip(*np.nonzero(cut & (grid != 0)), strict=True):
        out.append(Violation("number-in-cut-out-cell", (int(r), int(c)),
                             f"{int(grid[r, c])} stands in a cell cut out of the board"))
    for r, c in zip(*np.nonzero(~cut & ((grid < 1) | (grid > sizes))), strict=True):
        out.append(Violation("number-out-of-range", (int(r), int(c)),
                             f"{int(grid[r, c])} is not 1..{int(sizes[r, c])} (its room's "
                             "size)"))
    given = puzzle.givens
    for r, c in zip(*np.nonzero((given != 0) & (given != grid)), strict=True):
        out.append(Violation("clue-changed", (int(r), int(c)),
                             f"given {int(given[r, c])} was changed to {int(grid[r, c])}"))
    for cells in puzzle.rooms.cells():
        seen: dict[int, Cell] = {}
        for cell in cells:
            v = int(grid[cell])
            if v in seen and v >= 1:
                out.append(Violation("repeat-in-room", cell, f"{v} also stands at row "
                                     f"{seen[v][0]}, column {seen[v][1]} of this room"))
            seen.setdefault(v, cell)
    seen_by_ripple = np.where(puzzle.unknown, 0, grid)  # the rule does not see a '?'
    for axis, kind in ((1, "row"), (0, "column")):
        lines = seen_by_ripple if axis == 1 else seen_by_ripple.T
        for index, line in enumerate(lines.tolist()):
            last: dict[int, int] = {}
            for pos, v in enumerate(line):
                if v >= 1 and v in last and pos - last[v] <= v:
                    cell = (index, pos) if axis == 1 else (pos, index)
                    out.append(Violation("too-close", cell,
                                         f"the {v} {pos - last[v]} cells back in this {kind} "
                                         f"is closer than {v + 1}"))
                last[v] = pos
    return out


def clue_clash(puzzle: RipplePuzzle) -> str | None:
    """Two givens that break a rule between them, in words (``None``: none)."""
    empty = RippleSolution(puzzle.givens)
    for v in check(puzzle, empty):
        if v.rule in ("repeat-in-room", "too-close"):
            r, c = v.cell if v.cell else (0, 0)
            return f"the givens break a rule at r{r + 1}c{c + 1}: {v.message}"
    return None


# ------------------------------------------------------------------ drawing


def draw_text(puzzle: RipplePuzzle, solution: RippleSolution | None = None) -> str:
    """The rooms outlined; the answer's numbers fill the empty cells."""
    grid = (solution.grid if solution is not None and solution.grid.shape == puzzle.givens.shape
            else puzzle.givens)
    wide = int(puzzle.rooms.sizes().max()) > 9

    cut = puzzle.cut_out()

    def slot(r: int, c: int) -> str:
        v = int(grid[r, c])
        empty = UNKNOWN if puzzle.unknown[r, c] else CUT_OUT if cut[r, c] else "."
        return " " + (str(v) if v else empty).rjust(2 if wide else 1) + " "

    return "\n".join(draw_regions(puzzle.rooms, slot, 4 if wide else 3)) + "\n"


def solution_from_drawing(lines: list[str], puzzle: RipplePuzzle) -> RippleSolution:
    """The numbers of :func:`draw_text`'s drawing; the drawing must then be exactly what
    ``draw_text`` makes of them, so a changed border or space is refused."""
    start = next((i for i, line in enumerate(lines) if line.startswith("+")), 0)
    body = [line.rstrip() for line in lines[start:] if line.strip()]
    values = []
    for row in read_slots(body, puzzle.width, puzzle.height, "Ripple Effect"):
        out = []
        for text in row:
            token = text.strip()
            if token not in (".", UNKNOWN, CUT_OUT) and not (token.isascii()
                                                             and token.isdigit()):
                raise InputError(f"a Ripple Effect drawing has '.' or a number in each cell, "
                                 f"not {token!r}",
                                 hint="give the drawing exactly as pencilsat solve prints it")
            out.append(0 if token in (".", UNKNOWN, CUT_OUT) else int(token))
        values.append(out)
    grid = np.array(values)
    if (grid > puzzle.room_sizes()).any():
        raise InputError("a number of the drawing is larger than its room",
                         hint="give the drawing exactly as pencilsat solve prints it")
    solution = RippleSolution(grid)
    if [line.rstrip() for line in draw_text(puzzle, solution).splitlines()] != body:
        raise InputError("the drawing is not as pencilsat solve draws it",
                         hint="give the drawing exactly as pencilsat solve prints it")
    return solution


# ------------------------------------------------------------------ clue tools


def given_numbers(puzzle: RipplePuzzle) -> list[Clue]:
    return [Clue((int(r), int(c)), str(int(puzzle.givens[r, c])), int(puzzle.givens[r, c]))
            for r, c in zip(*np.nonzero(puzzle.givens), strict=True)]


def with_number(puzzle: RipplePuzzle, clue: Clue) -> RipplePuzzle:
    """A copy of ``puzzle`` with ``clue``'s given (0: none)."""
    givens = np.array(puzzle.givens)
    givens[clue.cell] = clue.value
    return dataclasses.replace(puzzle, givens=givens)


def without_number(puzzle: RipplePuzzle, clue: Clue) -> RipplePuzzle:
    return with_number(puzzle, Clue(clue.cell, ".", 0))


def numbers_offered(puzzle: RipplePuzzle, solution: RippleSolution) -> list[Clue]:
    """``solution``'s number on each empty cell (not on a ``?``: the ripple rule does not
    see it, and a number there would make it see it; nor on a cut-out cell)."""
    open_cells = (puzzle.givens == 0) & ~puzzle.unknown & ~puzzle.cut_out()
    return [Clue((int(r), int(c)), str(int(solution.grid[r, c])), int(solution.grid[r, c]))
            for r, c in zip(*np.nonzero(open_cells), strict=True)]


RULES = GenreRules(
    puzzle_type=RipplePuzzle, solution_type=RippleSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    why_none=clue_clash, parse_drawing=solution_from_drawing,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered),
)
