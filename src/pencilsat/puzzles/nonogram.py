"""Nonogram (Tatham's Pattern, Picross): line clues, corpus text formats and an independent
rule checker.

Rules: shade cells so that each row's and each column's maximal runs of shaded cells have,
in order, the lengths its clue lists (an empty clue: no shaded cell in the line).

The puzzle text is ``nonogram W H``, then H lines of row clues (top to bottom) and W lines
of column clues (left to right), each the run lengths separated by spaces, ``0`` for an
empty line, ``?`` for a line whose clue is not given (any shading); the solution
``nonogram-solution W H`` then rows of ``#`` shaded and ``.``
unshaded. The clues stand outside the grid, so the text drawing puts the column clues
above it and the row clues to its left.

The clue tools' clue is a whole line's list: a line's runs are one statement, and a single
run length taken out would change what the others say. Without it the line is ``?`` (any
shading fits it), which only widens the puzzle. No puzz.link or Tatham form has a ``?``
line, so such a puzzle is written as text only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue as GivenClue
from pencilsat.core.rules import ClueRules, GenreRules
from pencilsat.core.values import Violation
from pencilsat.puzzles.shading import ShadedFormat, ShadedSolution, size_mismatch
from pencilsat.puzzles.textgrid import expect_row_count, read_header

Clue = tuple[int, ...]
"""The run lengths of one line, in order (empty: no shaded cell)."""
LineClue = Clue | None
"""A line's clue, or ``None`` for a line whose clue is not given (``?``)."""
UNKNOWN_LINE = "?"
"""The text of a line whose clue is not given."""
MAX_TOKEN = 7
"""Digits a run length may have in the text (longer is refused, not read by ``int``)."""


@dataclass(frozen=True)
class NonogramPuzzle:
    """An immutable Nonogram: ``rows`` (top to bottom) and ``columns`` (left to right), each
    line's run lengths (positive) in order, or ``None`` for a line whose clue is not given."""

    rows: tuple[LineClue, ...]
    columns: tuple[LineClue, ...]
    name: str = field(default="", compare=False)

    genre = "nonogram"

    def __post_init__(self) -> None:
        rows = tuple(None if clue is None else tuple(int(n) for n in clue)
                     for clue in self.rows)
        columns = tuple(None if clue is None else tuple(int(n) for n in clue)
                        for clue in self.columns)
        if not rows or not columns:
            raise ValueError("a Nonogram has at least one row and one column")
        if any(n < 1 for clue in (*rows, *columns) if clue is not None for n in clue):
            raise ValueError("a Nonogram's run lengths are positive")
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "columns", columns)

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def height(self) -> int:
        return len(self.rows)

    def lines(self) -> list[tuple[str, int, LineClue]]:
        """Every line as (``row`` or ``column``, index, clue or ``None``): rows first."""
        return ([("row", r, clue) for r, clue in enumerate(self.rows)]
                + [("column", c, clue) for c, clue in enumerate(self.columns)])


@dataclass(frozen=True, eq=False)
class NonogramSolution(ShadedSolution):
    """A Nonogram answer: ``shaded[r, c]`` is True for a shaded cell."""

    genre = "nonogram"


def runs_of(line: Sequence[bool] | np.ndarray) -> Clue:
    """The lengths of the maximal runs of True in ``line``, in order."""
    out, length = [], 0
    for on in line:
        if on:
            length += 1
        elif length:
            out.append(length)
            length = 0
    if length:
        out.append(length)
    return tuple(out)


def cells_needed(clue: Clue) -> int:
    """The fewest cells a line with ``clue`` has: the runs and one gap between each two."""
    return sum(clue) + max(len(clue) - 1, 0)


# ------------------------------------------------------------------ text formats


def _read_clue(number: int, line: str, what: str) -> LineClue:
    words = line.split()
    if words == [UNKNOWN_LINE]:
        return None
    for position, word in enumerate(words):
        if not (word.isascii() and word.isdigit()) or len(word) > MAX_TOKEN:
            raise InputError(f"the clue of {what} has {word!r}, not a run length",
                             line=number, column=line.index(word) + 1,
                             hint="write the run lengths as whole numbers separated by "
                                  "spaces, or '?' alone for a line whose clue is not given")
        if word.strip("0") == "" and len(words) > 1:
            raise InputError(f"the clue of {what} has a 0 among other run lengths",
                             line=number, column=position + 1,
                             hint="0 alone is an empty line; a run length is at least 1")
    return tuple(n for n in map(int, words) if n > 0)


def parse_puzzle(text: str, name: str = "") -> NonogramPuzzle:
    """Corpus format: ``nonogram W H``, H lines of row clues, then W of column clues."""
    header = read_header(text, "nonogram")
    lines = header.rows
    expect_row_count(lines, header.height + header.width, header.first_line,
                     message=f"expected {header.height} row clues and {header.width} column "
                             f"clues, found {len(lines)} lines",
                     hint="one line per row (top to bottom), then one per column (left to "
                          "right); 0 for an empty line")
    rows = [_read_clue(n, line, f"row {i + 1}") for i, (n, line) in
            enumerate(lines[:header.height])]
    columns = [_read_clue(n, line, f"column {i + 1}") for i, (n, line) in
               enumerate(lines[header.height:])]
    return NonogramPuzzle(tuple(rows), tuple(columns), name=name)


def _clue_text(clue: LineClue) -> str:
    if clue is None:
        return UNKNOWN_LINE
    return " ".join(map(str, clue)) if clue else "0"


def format_puzzle(puzzle: NonogramPuzzle) -> str:
    return (f"nonogram {puzzle.width} {puzzle.height}\n"
            + "".join(_clue_text(clue) + "\n" for clue in (*puzzle.rows, *puzzle.columns)))


FORMAT = ShadedFormat("nonogram-solution", NonogramSolution)
"""The answer's text: ``nonogram-solution W H`` then rows of ``#`` shaded, ``.`` unshaded."""


def draw_text(puzzle: NonogramPuzzle, solution: NonogramSolution | None = None) -> str:
    """The grid with its clues: the column clues stacked above their columns (bottom
    aligned), each row's clue left of the row before a ``|``; a cell is ``#`` shaded or
    ``.`` (unshaded, or not known without a solution), right aligned in a slot as wide as
    the longest run length plus one."""
    shaded = (solution.shaded if solution is not None
              and solution.shaded.shape == (puzzle.height, puzzle.width)
              else np.zeros((puzzle.height, puzzle.width), dtype=bool))
    longest = max((len(str(n)) for clue in (*puzzle.rows, *puzzle.columns) if clue
                   for n in clue), default=1)
    slot = longest + 1
    row_texts = [_clue_text(clue) for clue in puzzle.rows]
    left = max(map(len, row_texts))
    depth = max(max(len(clue or ()) for clue in puzzle.columns), 1)
    lines = []
    for level in range(depth):
        words = []
        for clue in puzzle.columns:
            shown: tuple[int | str, ...] = (UNKNOWN_LINE,) if clue is None else clue or (0,)
            at = level - (depth - len(shown))
            words.append(str(shown[at]).rjust(slot) if at >= 0 else " " * slot)
        lines.append(" " * (left + 2) + "".join(words))
    for r, text in enumerate(row_texts):
        cells = "".join(("#" if on else ".").rjust(slot) for on in shaded[r])
        lines.append(text.rjust(left) + " |" + cells)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def solution_from_drawing(lines: list[str], puzzle: NonogramPuzzle) -> NonogramSolution:
    """The shading of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints): the
    cells after each row's ``|``, ``#`` shaded; the reader of drawings then asks that the
    whole drawing be this answer's."""
    rows = [line.split("|", 1)[1].split() for line in lines if "|" in line]
    if len(rows) != puzzle.height or any(len(row) != puzzle.width for row in rows):
        raise InputError(f"a Nonogram drawing has {puzzle.height} rows of {puzzle.width} "
                         "cells after a '|'",
                         hint="give the drawing pencilsat solve prints, or the solution rows")
    return NonogramSolution(np.array([[cell == "#" for cell in row] for row in rows],
                                     dtype=bool).reshape(puzzle.height, puzzle.width))


# ------------------------------------------------------------------ the rule checker


def check(puzzle: NonogramPuzzle, solution: NonogramSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid:
    ``row-clue`` (a row's runs are not its clue, at the row's first cell) and
    ``column-clue`` (the same for a column, at its top cell)."""
    if wrong_size := size_mismatch((puzzle.height, puzzle.width), solution):
        return wrong_size
    out = []
    for kind, index, clue in puzzle.lines():
        if clue is None:
            continue
        line = solution.shaded[index] if kind == "row" else solution.shaded[:, index]
        runs = runs_of(line)
        if runs != clue:
            cell = (index, 0) if kind == "row" else (0, index)
            out.append(Violation(f"{kind}-clue", cell,
                                 f"{kind} {index + 1} has runs {_clue_text(runs)}, its clue "
                                 f"is {_clue_text(clue)}"))
    return out


def why_none(puzzle: NonogramPuzzle) -> str | None:
    """Why a puzzle has no solution when it is plain to see: a clue longer than its line,
    or rows and columns that shade different totals (when every line's clue is given)."""
    for kind, index, clue in puzzle.lines():
        length = puzzle.width if kind == "row" else puzzle.height
        if clue is not None and cells_needed(clue) > length:
            return (f"the clue {_clue_text(clue)} of {kind} {index + 1} needs "
                    f"{cells_needed(clue)} cells, the {kind} has {length}")
    if None in puzzle.rows or None in puzzle.columns:
        return None
    by_rows = sum(sum(clue or ()) for clue in puzzle.rows)
    by_columns = sum(sum(clue or ()) for clue in puzzle.columns)
    if by_rows != by_columns:
        return (f"the row clues shade {by_rows} cells, the column clues {by_columns}")
    return None


# ------------------------------------------------------------------ line clues as clues


def _line_cell(kind: str, index: int) -> tuple[int, int]:
    """Where a line's clue is named: a row's first cell, a column's top cell."""
    return (index, 0) if kind == "row" else (0, index)


def _given(kind: str, index: int, clue: Clue) -> GivenClue:
    """A line's clue as the clue tools' clue: ``R3: 2 1`` (row 3) or ``C1: 0`` (column 1),
    1-based as the drawing counts; ``value`` is the line's 0-based index, and
    :func:`with_line` reads the runs back from the label."""
    return GivenClue(_line_cell(kind, index), f"{kind[0].upper()}{index + 1}: "
                     f"{_clue_text(clue)}", index)


def given_lines(puzzle: NonogramPuzzle) -> list[GivenClue]:
    """Every given line clue, rows (top to bottom) then columns (left to right)."""
    return [_given(kind, index, clue) for kind, index, clue in puzzle.lines()
            if clue is not None]


def _line_of(clue: GivenClue) -> tuple[str, int, LineClue]:
    """The line a clue of :func:`given_lines` is about and its runs (``?``: none given)."""
    kind = "row" if clue.label.startswith("R") else "column"
    words = clue.label.split(":", 1)[1].split()
    runs = None if words == [UNKNOWN_LINE] else tuple(n for n in map(int, words) if n > 0)
    return kind, clue.value, runs


def with_line(puzzle: NonogramPuzzle, clue: GivenClue) -> NonogramPuzzle:
    """A copy of ``puzzle`` with ``clue``'s line given the clue's runs (``?``: none)."""
    kind, index, runs = _line_of(clue)
    rows, columns = list(puzzle.rows), list(puzzle.columns)
    (rows if kind == "row" else columns)[index] = runs
    return NonogramPuzzle(tuple(rows), tuple(columns), name=puzzle.name)


def without_line(puzzle: NonogramPuzzle, clue: GivenClue) -> NonogramPuzzle:
    """``puzzle`` with ``clue``'s line not given (``?``: any shading fits it)."""
    label = clue.label.split(":", 1)[0] + ": " + UNKNOWN_LINE
    return with_line(puzzle, GivenClue(clue.cell, label, clue.value))


def lines_offered(puzzle: NonogramPuzzle, solution: NonogramSolution) -> list[GivenClue]:
    """For each line not given, the runs ``solution`` shades in it."""
    out = []
    for kind, index, clue in puzzle.lines():
        if clue is None:
            line = solution.shaded[index] if kind == "row" else solution.shaded[:, index]
            out.append(_given(kind, index, runs_of(line)))
    return out


RULES = GenreRules(
    puzzle_type=NonogramPuzzle, solution_type=NonogramSolution,
    clues=ClueRules("line clue", given_lines, without_line, with_line, lines_offered,
                    removal="the line's clue becomes '?': any shading fits the line"),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    why_none=why_none, parse_drawing=solution_from_drawing,
)
