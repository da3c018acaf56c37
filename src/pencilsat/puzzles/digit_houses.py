"""The shared parts of the Sudoku variants with houses of any shape (Jigsaw, Killer): an
``N x N`` grid of digits 1..N in which every row, column and box holds each digit once.

Here: the answer (a grid of digits) and its text format (``<tag> N N`` then rows of digits
separated by spaces, as the corpus writes it; the JSON rows are one character per cell,
``A`` = 10 as Sudoku writes them), the rule checker's house and givens parts, the givens'
rows, the clue tools on givens, and the text drawing with the boxes outlined.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.diagonals import (
    diagonal_houses,
    diagonal_indices,
    diagonals_hold_all,
    drawn_as,
    without_variant_line,
)
from pencilsat.puzzles.regions import Regions, draw_regions, read_slots
from pencilsat.puzzles.sudoku import char_digit, digit_char
from pencilsat.puzzles.textgrid import content_lines, expect_row_count, number_rows, read_header

LARGEST = 25
"""The largest side (and digit): digits above 9 are the letters ``A``-``P`` in rows."""

_FAST = re.compile(r"(?:\.|[1-9]\d?)(?: (?:\.|[1-9]\d?))*", re.ASCII)


@dataclass(frozen=True, eq=False)
class DigitSolution(ArrayValue):
    """A filled grid: ``grid[r, c]`` is the digit of cell (r, c)."""

    ARRAYS = ("grid",)

    grid: np.ndarray

    def __post_init__(self) -> None:
        arr = np.array(self.grid, dtype=np.int16)
        if arr.ndim != 2:
            raise ValueError("a digit grid is 2-D")
        arr.setflags(write=False)
        object.__setattr__(self, "grid", arr)

    def differing_cells(self, other: DigitSolution) -> list[Cell]:
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.grid != other.grid),
                                                 strict=True)]


S = TypeVar("S", bound=DigitSolution)


def check_side(width: int, height: int, line: int, genre: str) -> int:
    """The side of a square grid of a digit genre, or an error at the header."""
    if width != height or not 1 <= width <= LARGEST:
        raise InputError(f"a {genre} grid is square, 1x1 to {LARGEST}x{LARGEST}; this one is "
                         f"{width}x{height}", line=line, hint="fix the size in the header")
    return width


def read_digits(rows: list[tuple[int, str]], side: int, what: str) -> np.ndarray:
    """Rows of ``side`` tokens, each ``.`` (empty) or a digit 1..side; ``what`` names them."""

    def value(token: str, line: int, column: int) -> int:
        digit = _digit(token)
        if digit is None or not 0 <= digit <= side:
            raise InputError(f"unknown {what} cell {token!r}", line=line, column=column,
                             hint=f"write '.' for an empty cell or a digit 1..{side}")
        return digit

    grid = number_rows(rows, side, value, _FAST)
    grid[grid == -1] = 0
    if grid.max(initial=0) > side:
        r, c = (int(v[0]) for v in np.nonzero(grid > side))
        line = rows[r][0]
        raise InputError(f"{what} {int(grid[r, c])} in row {r + 1}, column {c + 1} is more "
                         f"than {side}", line=line, hint=f"digits are 1..{side}")
    return grid


def _digit(token: str) -> int | None:
    if token == ".":
        return 0
    if token.isascii() and token.isdigit() and len(token) <= 2:
        return int(token)
    if len(token) == 1:
        return char_digit(token)
    return None


def digit_token_rows(grid: np.ndarray) -> list[str]:
    """Rows of space-separated tokens, ``.`` for 0."""
    return [" ".join(str(v) if v else "." for v in row) for row in np.asarray(grid).tolist()]


class DigitFormat(Generic[S]):
    """The answer text of one digit genre: ``<tag> N N`` and rows of space-separated digits
    (the corpus solution files); rows of one character per cell (``solve --json``'s
    ``solution``) read too. Methods with :class:`~pencilsat.core.rules.GenreRules`'
    signatures."""

    def __init__(self, tag: str, solution_type: type[S]) -> None:
        self.tag = tag
        self.solution_type = solution_type

    def parse_solution(self, text: str, puzzle: Any = None) -> S:
        lines = content_lines(text)
        if lines and lines[0][1].split()[:1] != [self.tag]:
            return self.from_rows([line for _, line in lines])
        width, height, rows, first, _ = read_header(text, self.tag)
        side = check_side(width, height, first - 1, self.tag)
        expect_row_count(rows, side, first)
        if side > 1 and all(" " not in row and len(row) == side for _, row in rows):
            return self.from_rows([row for _, row in rows])  # the JSON rows under a header
        return self.solution_type(read_digits(rows, side, "solution"))

    def from_rows(self, rows: list[str]) -> S:
        """Rows of one character per cell (``solution_rows``)."""
        side = len(rows)
        if not rows or any(len(row) != side for row in rows):
            raise InputError("a digit answer is a square of rows of one character per cell",
                             hint=f"or give '{self.tag} N N' and rows of digits")
        values = [[char_digit(ch) for ch in row] for row in rows]
        if any(v is None for row in values for v in row):
            raise InputError("unknown character in the answer rows",
                             hint="digits 1-9, then A = 10, B = 11, ...")
        return self.solution_type(np.array(values, dtype=np.int16))

    def solution_rows(self, puzzle: Any, solution: S) -> list[str]:
        return ["".join(digit_char(int(v)) for v in row) for row in solution.grid.tolist()]

    def format_solution(self, puzzle: Any, solution: S) -> str:
        return (f"{self.tag} {solution.width} {solution.height}\n"
                + "\n".join(digit_token_rows(solution.grid)) + "\n")


# ------------------------------------------------------------------ rule-checker pieces


def filled_and_givens(givens: np.ndarray, grid: np.ndarray) -> list[Violation]:
    """A size mismatch alone, else every cell that holds no digit 1..N and every given
    changed."""
    n = givens.shape[0]
    if grid.shape != givens.shape:
        return [Violation("size", None, f"solution is {grid.shape[1]}x{grid.shape[0]}, "
                                        f"puzzle is {n}x{n}")]
    out = []
    for r, c in zip(*np.nonzero((grid < 1) | (grid > n)), strict=True):
        out.append(Violation("cell-not-filled", (int(r), int(c)),
                             f"{int(grid[r, c])} is not a digit 1..{n}"))
    for r, c in zip(*np.nonzero((givens != 0) & (givens != grid)), strict=True):
        out.append(Violation("clue-changed", (int(r), int(c)),
                             f"given {int(givens[r, c])} was changed to {int(grid[r, c])}"))
    return out


def breaks_nothing(givens: np.ndarray, grid: np.ndarray, boxes: Regions,
                   cages: Regions | None = None, sums: np.ndarray | None = None,
                   diagonal: bool = False) -> bool:
    """Whether ``grid`` keeps every rule :func:`filled_and_givens` and :func:`repeats` look
    at over the rows, columns and ``boxes`` (and ``cages``, whose digits add up to their
    ``sums``: a cage's sum at one cell of it, 0 elsewhere; ``diagonal``: and both main
    diagonals), by a few whole-array counts: one
    count of each digit in each house, none above 1. ``True`` is the checker's empty list
    (a valid answer, the common case: a tenth of listing the houses cell by cell);
    ``False`` sends the checker to list what is broken."""
    n = givens.shape[0]
    if grid.shape != givens.shape:
        return False
    flat = grid.ravel().astype(np.intp)
    values = flat.tolist()  # min and max of a list: a fifth of the arrays' wrappers
    if min(values) < 1 or max(values) > n \
            or np.count_nonzero((givens != 0) & (givens != grid)):
        return False
    keys, inside = _house_keys(n, boxes.ids.tobytes())
    if not _all_once(keys + flat[inside]):
        return False
    if diagonal and not diagonals_hold_all(grid):
        return False
    if cages is None:
        return True
    ids = cages.ids.ravel()
    held = ids >= 0
    in_cage = ids[held]
    digits = flat[held]
    if not _all_once(in_cage * (n + 1) + digits):
        return False
    if sums is None:
        return True
    flat_sums = sums.ravel()
    written = flat_sums > 0
    got = np.bincount(in_cage, weights=digits, minlength=cages.count)
    return not np.count_nonzero(got[ids[written]] != flat_sums[written])


def _all_once(keys: np.ndarray) -> bool:
    """Whether no two of ``keys`` (non-negative) are equal: as many keys as distinct ones
    (cheaper than the largest count's ``max``)."""
    return int(np.count_nonzero(np.bincount(keys, minlength=1))) == keys.size


@lru_cache(maxsize=64)
def _house_keys(n: int, box_bytes: bytes) -> tuple[np.ndarray, np.ndarray]:
    """For each (house, cell) pair of rows, columns and boxes, ``house * (n + 1)`` and the
    cell (row-major): added to the cell's digit, one key per (house, digit). Most puzzles
    bring a layout of their own, so the boxes' part is built each time and the lines'
    part is kept per side (a third of the cost of building both)."""
    boxes = np.frombuffer(box_bytes, dtype=np.int32)
    line_keys, line_cells = _line_keys(n)
    inside = np.flatnonzero(boxes >= 0)
    return (np.concatenate([line_keys, (2 * n + boxes[inside]) * (n + 1)]),
            np.concatenate([line_cells, inside]))


@lru_cache(maxsize=64)
def _line_keys(n: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_house_keys` of the rows and columns alone."""
    cells = np.arange(n * n)
    return (np.concatenate([cells // n, n + cells % n]) * (n + 1),
            np.concatenate([cells, cells]))


def repeats(grid: np.ndarray, houses: Sequence[tuple[str, Sequence[Cell]]]) -> list[Violation]:
    """One violation per digit met again in a house (``(kind, cells)``: ``row``,
    ``column``, ``box``, ``cage``), at the second cell, rule ``repeat-in-<kind>``; places
    0-based, as a violation's own."""
    out = []
    rows = grid.tolist()  # a list's items are read many times faster than an array's
    for kind, cells in houses:
        seen: dict[int, Cell] = {}
        for cell in cells:
            v = int(rows[cell[0]][cell[1]])
            if v in seen and v >= 1:
                first = seen[v]
                out.append(Violation(f"repeat-in-{kind}", cell,
                                     f"{v} also stands at row {first[0]}, column {first[1]} "
                                     f"of this {kind}"))
            seen.setdefault(v, cell)
    return out


def givens_clash(givens: np.ndarray, houses: Sequence[tuple[str, Sequence[Cell]]]
                 ) -> str | None:
    """The first digit the givens repeat in a house, in words with 1-based places as
    Sudoku's ``clue_clash`` says it (``None``: no repeat)."""
    for kind, cells in houses:
        seen: dict[int, Cell] = {}
        for cell in cells:
            v = int(givens[cell])
            if v and v in seen:
                first, second = (f"r{r + 1}c{c + 1}" for r, c in (seen[v], cell))
                return f"the givens repeat {v} in a {kind} ({first} and {second})"
            seen.setdefault(v, cell)
    return None


def named_houses(side: int, boxes: Regions, diagonal: bool = False
                 ) -> list[tuple[str, list[Cell]]]:
    """Rows, columns and boxes, each with its kind; ``diagonal`` (the X variant): then both
    main diagonals (:func:`~pencilsat.puzzles.diagonals.diagonal_houses`)."""
    return ([("row", [(r, c) for c in range(side)]) for r in range(side)]
            + [("column", [(r, c) for r in range(side)]) for c in range(side)]
            + [("box", cells) for cells in boxes.cells()]
            + (diagonal_houses(side) if diagonal else []))


def house_indices(side: int, boxes: Regions, diagonal: bool = False) -> list[list[int]]:
    """:func:`named_houses` as row-major cell indices (``r * side + c``), in its order: rows,
    columns, then boxes, each box's cells row-major, then (``diagonal``) the two diagonals.
    Built from the box numbers in one pass (a solver's first look at a new layout; the cell
    pairs cost several times as much)."""
    flat = boxes.ids.ravel().tolist()
    out = [list(range(r * side, (r + 1) * side)) for r in range(side)]
    out += [list(range(c, side * side, side)) for c in range(side)]
    own: list[list[int]] = [[] for _ in range(max(flat, default=-1) + 1)]
    for i, box in enumerate(flat):
        if box >= 0:
            own[box].append(i)
    if diagonal:
        own += [cells.tolist() for cells in diagonal_indices(side)]
    return out + own


def box_shapes(boxes: Regions, side: int, line: int | None) -> None:
    """An error unless there are ``side`` boxes of ``side`` cells each."""
    sizes = boxes.sizes()
    if len(sizes) != side or (sizes != side).any():
        wrong = next((i for i, size in enumerate(sizes.tolist()) if size != side), len(sizes))
        cell = boxes.cells_of(wrong)[0] if wrong < len(sizes) else None
        where = f" (the box at row {cell[0] + 1}, column {cell[1] + 1} has " \
                f"{int(sizes[wrong])} cells)" if cell else ""
        raise InputError(f"a {side}x{side} grid needs {side} boxes of {side} cells; this one "
                         f"has {len(sizes)} boxes{where}", line=line,
                         hint="every box holds each digit once, so it has as many cells as "
                              "the grid is wide")


# ------------------------------------------------------------------ givens as clues


def given_digits(puzzle: Any) -> list[Clue]:
    """The givens, row-major (``puzzle.givens``)."""
    return [Clue((int(r), int(c)), digit_char(int(puzzle.givens[r, c])),
                 int(puzzle.givens[r, c]))
            for r, c in zip(*np.nonzero(puzzle.givens), strict=True)]


def with_digit(puzzle: Any, clue: Clue) -> Any:
    """A copy of ``puzzle`` with ``clue``'s digit given (``value`` 0: the cell empty)."""
    givens = np.array(puzzle.givens)
    givens[clue.cell] = clue.value
    return dataclasses.replace(puzzle, givens=givens)


def without_digit(puzzle: Any, clue: Clue) -> Any:
    return with_digit(puzzle, Clue(clue.cell, ".", 0))


def digits_offered(puzzle: Any, solution: DigitSolution) -> list[Clue]:
    """The digit ``solution`` puts in each cell without a given."""
    return [Clue((int(r), int(c)), digit_char(int(solution.grid[r, c])),
                 int(solution.grid[r, c]))
            for r, c in zip(*np.nonzero(puzzle.givens == 0), strict=True)]


# ------------------------------------------------------------------ text drawing


def draw_boxes(boxes: Regions, givens: np.ndarray, solution: DigitSolution | None,
               mark: Callable[[int, int], str] | None = None) -> str:
    """The grid with its boxes outlined, a digit (or ``.``) per cell; ``mark(r, c)``, one
    character, stands before each digit (Killer's cage sums are drawn apart)."""
    grid = (solution.grid if solution is not None and solution.grid.shape == givens.shape
            else givens)
    wide = givens.shape[0] > 9

    def slot(r: int, c: int) -> str:
        v = int(grid[r, c])
        text = (str(v) if v else ".").rjust(2 if wide else 1)
        return (mark(r, c) if mark else " ") + text + " "

    return "\n".join(draw_regions(boxes, slot, 4 if wide else 3)) + "\n"


def read_drawing(lines: list[str], side: int, draw: Callable[[Any], str],
                 read_slot: Callable[[str], str], solution_type: type[S], genre: str) -> S:
    """The answer of a drawing made by ``draw(solution)`` (a genre's ``draw_text``), its
    digits read from each slot with ``read_slot`` (the token, ``.`` for empty); the drawing
    must then be exactly what ``draw`` makes of them, so a changed border, sum or space is
    refused and never read as another answer."""
    start = next((i for i, line in enumerate(lines) if line.startswith("+")), 0)
    body = [line.rstrip() for line in lines[start:] if line.strip()]
    slots = read_slots(without_variant_line(body), side, side, genre)
    values = []
    for row in slots:
        out = []
        for text in row:
            digit = _digit(read_slot(text))
            if digit is None or not 0 <= digit <= side:
                raise InputError(f"a {genre} drawing has '.' or a digit 1..{side} in each cell, "
                                 f"not {text.strip()!r}",
                                 hint="give the drawing exactly as pencilsat solve prints it")
            out.append(digit)
        values.append(out)
    solution = solution_type(np.array(values, dtype=np.int16))
    redrawn = drawn_as(body, [line.rstrip() for line in draw(solution).splitlines()])
    if redrawn != body:
        at = next((i for i, (a, b) in enumerate(zip(redrawn, body, strict=False)) if a != b),
                  min(len(redrawn), len(body)))
        raise InputError(f"line {start + at + 1} of the drawing is not as pencilsat solve "
                         "draws it", hint="give the drawing exactly as pencilsat solve prints it")
    return solution
