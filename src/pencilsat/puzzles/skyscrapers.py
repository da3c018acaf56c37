"""Skyscrapers (janko "Wolkenkratzer", Tatham's Towers, puzz.link ``skyscrapers``): model,
corpus text formats and an independent rule checker.

Rules: fill an ``N x N`` grid with buildings of heights 1..M, each height once in every row
and every column (``M < N``: ``N - M`` cells of each line stay empty); with the diagonal
variant both main diagonals hold each height once too. A clue beside a row or column is how
many buildings one sees from there: the buildings taller than every one before them. Givens
(heights printed in the grid) stay.

The puzzle text is ``skyscrapers N N M [D]`` and ``N + 2`` rows of ``N + 2`` tokens: the
border holds the clues (``.`` none; the corners always ``.``), the inside the givens (``.``
none). The answer is ``skyscrapers-solution N N`` and rows of heights, ``.`` an empty cell.
Clues are kept as one ``4 x N`` array in Tatham's and pzprjs' order: the top clues left to
right, the bottom ones, the left ones top to bottom, the right ones (0: no clue).

A *gap* (pzprjs' ``?`` in a cell, ``#`` in the text) is a given cell without a building: its
row and column hold different heights 1..N in their other cells (one height missing per
gap), and it hides nothing. pzprjs' checker reads its ``?`` so (height -2: skipped by "no
repeat", never seen); there are gaps only with ``M = N`` and no diagonals, as in pzprjs.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import NO_MARKS, ArrayValue
from pencilsat.puzzles.diagonals import DIAGONAL, diagonal_houses
from pencilsat.puzzles.digit_houses import (
    DigitFormat,
    DigitSolution,
    digit_token_rows,
    givens_clash,
    read_digits,
    repeats,
)
from pencilsat.puzzles.sudoku import digit_char
from pencilsat.puzzles.textgrid import content_lines, expect_row_count, read_header

LARGEST = 25
GAP = "#"
"""The text token of a gap (a given cell without a building)."""
SIDES = ("top", "bottom", "left", "right")


@dataclass(frozen=True, eq=False)
class SkyscrapersPuzzle(ArrayValue):
    """``clues[s, i]``: the clue of side ``s`` (:data:`SIDES`) at row or column ``i`` (0
    none); ``givens[r, c]``: 0 or a height 1..``largest``; ``diagonal``: both main
    diagonals hold every height once too; ``gaps[r, c]``: a given cell without a building
    (0 in ``givens``)."""

    ARRAYS = ("clues", "givens", "gaps")

    clues: np.ndarray
    givens: np.ndarray
    largest: int
    diagonal: bool = False
    name: str = field(default="", compare=False)
    gaps: np.ndarray = field(default_factory=lambda: NO_MARKS)

    genre = "skyscrapers"

    def __post_init__(self) -> None:
        givens = np.array(self.givens, dtype=np.int16)
        n = givens.shape[0] if givens.ndim == 2 else 0
        if givens.ndim != 2 or givens.shape != (n, n) or n == 0:
            raise ValueError("a Skyscrapers grid is square")
        clues = np.array(self.clues, dtype=np.int16)
        if clues.shape != (4, n):
            raise ValueError("four sides of N clues")
        if not 1 <= self.largest <= n:
            raise ValueError("the tallest building is 1..N")
        if givens.min() < 0 or givens.max() > self.largest:
            raise ValueError("givens are 0 (none) or 1..M")
        if clues.min() < 0 or clues.max() > self.largest:
            raise ValueError("clues are 0 (none) or 1..M")
        gaps = (np.zeros(givens.shape, dtype=bool) if self.gaps is NO_MARKS
                else np.array(self.gaps, dtype=bool))
        if gaps.shape != givens.shape or (gaps & (givens != 0)).any():
            raise ValueError("a gap is a cell without a given")
        if gaps.any() and (self.largest != n or self.diagonal):
            raise ValueError("gaps only with M = N and no diagonals")
        for arr, name in ((givens, "givens"), (clues, "clues"), (gaps, "gaps")):
            arr.setflags(write=False)
            object.__setattr__(self, name, arr)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SkyscrapersPuzzle) and super().__eq__(other)
                and self.largest == other.largest and self.diagonal == other.diagonal)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.largest, self.diagonal))

    @property
    def size(self) -> int:
        """N, the side."""
        return int(self.givens.shape[0])

    @property
    def width(self) -> int:
        return self.size

    @property
    def height(self) -> int:
        return self.size

    def full_houses(self) -> list[bool]:
        """Per house (:meth:`houses`' order): whether every height stands in it (no gap;
        a puzzle with gaps has no diagonals)."""
        if not self.gaps.any():
            return [True] * (2 * self.size + (2 if self.diagonal else 0))
        lines = np.concatenate((self.gaps.any(axis=1), self.gaps.any(axis=0)))
        return [not bool(v) for v in lines]

    def houses(self) -> list[list[Cell]]:
        """Rows, columns and (diagonal variant) the two diagonals."""
        return [cells for _, cells in named_houses(self.size, self.diagonal)]

    def sight_lines(self) -> Iterator[tuple[int, int, int, list[Cell]]]:
        """Every clue as (side, index, clue, cells from the clue inwards)."""
        for side, index in zip(*np.nonzero(self.clues), strict=True):
            s, i = int(side), int(index)
            yield s, i, int(self.clues[s, i]), line_from(self.size, s, i)


@dataclass(frozen=True, eq=False)
class SkyscrapersSolution(DigitSolution):
    """The heights, 0 for an empty cell."""

    genre = "skyscrapers"


def line_from(n: int, side: int, index: int) -> list[Cell]:
    """The cells of row or column ``index`` as seen from ``side``, nearest first."""
    line = list(range(n))
    if side in (1, 3):
        line.reverse()
    if side < 2:
        return [(r, index) for r in line]
    return [(index, c) for c in line]


def clue_cell(n: int, side: int, index: int) -> Cell:
    """Where a clue stands, outside the grid: row -1 or N, column -1 or N."""
    return ((-1, index), (n, index), (index, -1), (index, n))[side]


def named_houses(n: int, diagonal: bool) -> list[tuple[str, list[Cell]]]:
    out = ([("row", [(r, c) for c in range(n)]) for r in range(n)]
           + [("column", [(r, c) for r in range(n)]) for c in range(n)])
    return out + (diagonal_houses(n) if diagonal else [])


def seen(heights: list[int]) -> int:
    """How many buildings one sees along ``heights`` (nearest first; 0 is no building)."""
    count = tallest = 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> SkyscrapersPuzzle:
    """Corpus format: ``skyscrapers N N M [D]``, then ``N + 2`` rows of ``N + 2`` tokens."""
    lines = content_lines(text)
    diagonal = False
    if lines:
        number, header = lines[0]
        words = header.split()
        if len(words) == 5 and words[0] == "skyscrapers" and words[4] == DIAGONAL:
            diagonal = True
            text = "\n".join(["skyscrapers " + " ".join(words[1:4])]
                             + [line for _, line in lines[1:]]) + "\n"
    width, height, rows, first, extra = read_header(
        text, "skyscrapers", {"M": "the tallest building (at most N)"})
    if width != height or not 1 <= width <= LARGEST:
        raise InputError(f"a Skyscrapers grid is square, 1x1 to {LARGEST}x{LARGEST}; this one "
                         f"is {width}x{height}", line=first - 1, hint="fix the size in the header")
    n, largest = width, extra["M"]
    if not 1 <= largest <= n:
        raise InputError(f"the tallest building M = {largest} must be 1..{n}", line=first - 1,
                         hint="M is the largest height; a line of N cells holds 1..M once")
    expect_row_count(rows, n + 2, first)
    for r, (line, text) in enumerate(rows):
        _check_cells(text, r, n, largest, line)
    rows, gaps = _gaps(rows, n)
    grid = read_digits(rows, n + 2, "clue")
    for r, c in ((0, 0), (0, n + 1), (n + 1, 0), (n + 1, n + 1)):
        if grid[r, c]:
            raise InputError(f"corner {r + 1},{c + 1} holds {int(grid[r, c])}",
                             line=rows[r][0], hint="the corners of the border are always '.'")
    inside = grid[1:-1, 1:-1]
    clues = np.array([grid[0, 1:-1], grid[-1, 1:-1], grid[1:-1, 0], grid[1:-1, -1]])
    for what, values, at in (("given", inside, (1, 1)), ("clue", grid, (0, 0))):
        if values.max(initial=0) > largest:
            r, c = (int(v[0]) for v in np.nonzero(values > largest))
            raise InputError(f"{what} {int(values[r, c])} is more than the tallest building "
                             f"{largest}", line=rows[r + at[0]][0],
                             hint=f"heights and clues are 1..{largest}")
    if gaps.any() and (largest != n or diagonal):
        raise InputError("a gap ('#') needs M = N and no diagonals", line=first - 1,
                         hint="gaps come from puzz.link, whose Skyscrapers has neither")
    return SkyscrapersPuzzle(clues, inside, largest, diagonal, name=name, gaps=gaps)


def _gaps(rows: list[tuple[int, str]], n: int) -> tuple[list[tuple[int, str]], np.ndarray]:
    """The rows with each inside ``#`` read as ``.``, and where the ``#`` were (a ``#`` on
    the border stays, for the digit reader to name)."""
    gaps = np.zeros((n, n), dtype=bool)
    out = []
    for r, (line, text) in enumerate(rows):
        words = text.split()
        if 1 <= r <= n and GAP in words[1:n + 1]:
            for c, word in enumerate(words[1:n + 1]):
                gaps[r - 1, c] = word == GAP
            text = " ".join("." if word == GAP and 1 <= c <= n else word
                            for c, word in enumerate(words))
        out.append((line, text))
    return out, gaps


def _check_cells(text: str, r: int, n: int, largest: int, line: int) -> None:
    """Name a bad token of frame row ``r`` as a clue (the border) or a given (the grid), with
    the range it allows: the digit reader called every one an unknown clue cell with digits
    up to N + 2; a ``#`` on the border and a ``?`` anywhere (pzprjs' ``?`` cell is the text's
    ``#``) are named as such."""
    for c, match in enumerate(re.finditer(r"\S+", text)):
        word, inside = match.group(), 1 <= r <= n and 1 <= c <= n
        if word == "." or (word == GAP and inside) or (  # a number up to N + 2: the range
                word.isascii() and word.isdigit() and int(word) <= n + 2):  # checks name it
            continue
        what = "given" if inside else "clue"
        if word == GAP:
            problem = "a gap is a cell of the grid, not a clue"
        elif word == "?":
            problem = (f"not in the text format (a gap, pzprjs' '?' in a cell, is '{GAP}'; a "
                       "clue not told is '.')")
        else:
            problem = f"a {what} is '.' or a height 1..{largest}" + (
                f", or '{GAP}' (a gap)" if inside else "")
        raise InputError(f"unknown {what} cell {word!r} (row {r + 1}, column {c + 1} of the "
                         f"frame): {problem}", line=line, column=match.start() + 1,
                         hint="the frame is N + 2 rows of N + 2 cells: clues around the grid")


def format_puzzle(puzzle: SkyscrapersPuzzle) -> str:
    n = puzzle.size
    grid = np.zeros((n + 2, n + 2), dtype=np.int16)
    grid[1:-1, 1:-1] = puzzle.givens
    grid[0, 1:-1], grid[-1, 1:-1] = puzzle.clues[0], puzzle.clues[1]
    grid[1:-1, 0], grid[1:-1, -1] = puzzle.clues[2], puzzle.clues[3]
    header = f"skyscrapers {n} {n} {puzzle.largest}" + (" D" if puzzle.diagonal else "")
    rows = [row.split(" ") for row in digit_token_rows(grid)]
    for r, c in zip(*np.nonzero(puzzle.gaps), strict=True):
        rows[r + 1][c + 1] = GAP
    return header + "\n" + "\n".join(" ".join(row) for row in rows) + "\n"


FORMAT = DigitFormat("skyscrapers-solution", SkyscrapersSolution)


# ------------------------------------------------------------------ rule checker


def check(puzzle: SkyscrapersPuzzle, solution: SkyscrapersSolution) -> list[Violation]:
    """Every broken rule, named with its cell (a clue's rule at the clue's place, outside
    the grid); an empty list means the answer is valid."""
    n, grid = puzzle.size, solution.grid
    if grid.shape != puzzle.givens.shape:
        return [Violation("size", None, f"solution is {grid.shape[1]}x{grid.shape[0]}, "
                                        f"puzzle is {n}x{n}")]
    out = []
    for r, c in zip(*np.nonzero((grid < 0) | (grid > puzzle.largest)), strict=True):
        out.append(Violation("height-out-of-range", (int(r), int(c)),
                             f"{int(grid[r, c])} is not a height 1..{puzzle.largest}"))
    given = puzzle.givens
    for r, c in zip(*np.nonzero((given != 0) & (given != grid)), strict=True):
        out.append(Violation("clue-changed", (int(r), int(c)),
                             f"given {int(given[r, c])} was changed to {int(grid[r, c])}"))
    gaps = puzzle.gaps
    for r, c in zip(*np.nonzero(gaps & (grid != 0)), strict=True):
        out.append(Violation("building-in-gap", (int(r), int(c)),
                             f"{int(grid[r, c])} stands in a gap, a cell without a building"))
    houses = named_houses(n, puzzle.diagonal)
    out += repeats(grid, houses)
    empty: set[Cell] = set()
    for (kind, cells), full in zip(houses, puzzle.full_houses(), strict=True):
        if not full:  # its cells other than gaps hold buildings; a height may be missing
            empty.update(cell for cell in cells if not grid[cell] and not gaps[cell])
            continue
        present = {int(grid[cell]) for cell in cells}
        missing = [h for h in range(1, puzzle.largest + 1) if h not in present]
        if missing:
            out.append(Violation(f"missing-in-{kind}", cells[0],
                                 f"this {kind} has no building of height "
                                 + ", ".join(map(str, missing))))
    out += [Violation("empty-cell", cell, "a cell other than a gap holds no building")
            for cell in sorted(empty)]
    for side, index, clue, cells in puzzle.sight_lines():
        count = seen([int(grid[cell]) for cell in cells])
        if count != clue:
            out.append(Violation("visible-count", clue_cell(n, side, index),
                                 f"the {SIDES[side]} clue {clue} sees {count} buildings"))
    return out


def clue_clash(puzzle: SkyscrapersPuzzle) -> str | None:
    """The first height the givens repeat in a line, in words."""
    return givens_clash(puzzle.givens, named_houses(puzzle.size, puzzle.diagonal))


# ------------------------------------------------------------------ drawing


def draw_text(puzzle: SkyscrapersPuzzle, solution: SkyscrapersSolution | None = None) -> str:
    """The grid framed by its clues; the answer's heights fill the cells (``.`` empty). A
    side without clues has no line (the drawing has no blank line)."""
    n = puzzle.size
    grid = (solution.grid if solution is not None and solution.grid.shape == puzzle.givens.shape
            else puzzle.givens)
    width = 2 if max(n, puzzle.largest) > 9 else 1

    def token(value: int, blank: str = ".") -> str:
        return (str(value) if value else blank).rjust(width)

    def cell(r: int, c: int) -> str:
        return token(int(grid[r, c]), GAP if puzzle.gaps[r, c] else ".")

    edge = " " * width
    top = " ".join([edge, " ", *(token(int(v), " ") for v in puzzle.clues[0]), " ", edge])
    bottom = " ".join([edge, " ", *(token(int(v), " ") for v in puzzle.clues[1]), " ", edge])
    rule = " ".join([edge, "+", *("-" * width for _ in range(n)), "+", edge])
    lines = [top, rule]
    for r in range(n):
        cells = [cell(r, c) for c in range(n)]
        lines.append(" ".join([token(int(puzzle.clues[2, r]), " "), "|", *cells, "|",
                               token(int(puzzle.clues[3, r]), " ")]))
    lines += [rule, bottom]
    return "\n".join(line.rstrip() for line in lines if line.strip()) + "\n"


def solution_from_drawing(lines: list[str], puzzle: SkyscrapersPuzzle) -> SkyscrapersSolution:
    """The heights of :func:`draw_text`'s drawing; the drawing must be exactly what
    ``draw_text`` makes of them."""
    n = puzzle.size
    body = [line.rstrip() for line in lines if line.strip()]
    rows = [line for line in body if "|" in line]
    if len(rows) != n:
        raise InputError(f"a Skyscrapers drawing has {n} rows between '|' borders, this one "
                         f"{len(rows)}", hint="give the drawing exactly as pencilsat solve "
                                              "prints it")
    values = []
    for row in rows:
        tokens = row.split("|")[1].split() if row.count("|") == 2 else []
        if len(tokens) != n or any(t not in (".", GAP) and not t.isdigit() for t in tokens):
            raise InputError("a Skyscrapers drawing row has N heights ('.' empty) between "
                             "'|' borders", hint="give the drawing exactly as pencilsat "
                                                 "solve prints it")
        values.append([0 if t in (".", GAP) else int(t) for t in tokens])
    solution = SkyscrapersSolution(np.array(values, dtype=np.int16))
    if draw_text(puzzle, solution).splitlines() != body:
        raise InputError("the drawing is not as pencilsat solve draws it",
                         hint="give the drawing exactly as pencilsat solve prints it")
    return solution


# ------------------------------------------------------------------ clue tools


def given_clues(puzzle: SkyscrapersPuzzle) -> list[Clue]:
    """The edge clues at their places outside the grid and the givens, by place."""
    n = puzzle.size
    out = [Clue(clue_cell(n, side, index), str(clue), clue)
           for side, index, clue, _ in puzzle.sight_lines()]
    out += [Clue((int(r), int(c)), digit_char(int(puzzle.givens[r, c])),
                 int(puzzle.givens[r, c]))
            for r, c in zip(*np.nonzero(puzzle.givens), strict=True)]
    return sorted(out, key=lambda clue: clue.cell)


def _inside(puzzle: SkyscrapersPuzzle, cell: Cell) -> bool:
    return 0 <= cell[0] < puzzle.size and 0 <= cell[1] < puzzle.size


def _side_of(n: int, cell: Cell) -> tuple[int, int]:
    r, c = cell
    if r == -1:
        return 0, c
    if r == n:
        return 1, c
    return (2, r) if c == -1 else (3, r)


def with_clue(puzzle: SkyscrapersPuzzle, clue: Clue) -> SkyscrapersPuzzle:
    """A copy with ``clue`` (value 0: none) at its place, an edge clue or a given."""
    if _inside(puzzle, clue.cell):
        givens = np.array(puzzle.givens)
        givens[clue.cell] = clue.value
        return dataclasses.replace(puzzle, givens=givens)
    clues = np.array(puzzle.clues)
    clues[_side_of(puzzle.size, clue.cell)] = clue.value
    return dataclasses.replace(puzzle, clues=clues)


def without_clue(puzzle: SkyscrapersPuzzle, clue: Clue) -> SkyscrapersPuzzle:
    return with_clue(puzzle, Clue(clue.cell, ".", 0))


def clues_offered(puzzle: SkyscrapersPuzzle, solution: SkyscrapersSolution) -> list[Clue]:
    """Each missing edge clue as ``solution`` sees it, then each empty cell's building."""
    n = puzzle.size
    out = []
    for side in range(4):
        for index in range(n):
            if not puzzle.clues[side, index]:
                count = seen([int(solution.grid[cell]) for cell in line_from(n, side, index)])
                if count:
                    out.append(Clue(clue_cell(n, side, index), str(count), count))
    for r, c in zip(*np.nonzero((puzzle.givens == 0) & (solution.grid > 0)), strict=True):
        out.append(Clue((int(r), int(c)), digit_char(int(solution.grid[r, c])),
                        int(solution.grid[r, c])))
    return out


RULES = GenreRules(
    puzzle_type=SkyscrapersPuzzle, solution_type=SkyscrapersSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    why_none=clue_clash, parse_drawing=solution_from_drawing,
    clues=ClueRules("clue", given_clues, without_clue, with_clue, clues_offered,
                    removal="an edge clue or a given building taken away"),
)
