"""Nurikabe (ぬりかべ): grid model, corpus text formats and an independent rule checker.

Rules: shade some cells so that every unshaded 4-connected region (an *island*) holds exactly
one numbered cell and has as many cells as its number (a ``?`` number: any size), numbered
cells stay unshaded, all shaded cells (the *wall*) are 4-connected, and no 2x2 block is all
shaded.

The puzzle text is ``nurikabe W H`` then H rows of W space-separated tokens (``.`` empty,
``N`` a number, ``?`` a number not given); the solution ``nurikabe-solution W H`` then rows
of ``#`` shaded and ``.`` unshaded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.number_grid import EMPTY, NumberGrid, marked_cells, number_token
from pencilsat.puzzles.shading import (
    ShadedFormat,
    ShadedSolution,
    full_blocks,
    not_connected,
    regions,
    size_mismatch,
)
from pencilsat.puzzles.textgrid import expect_row_count, read_header, row_tokens

UNKNOWN = -1
"""Cell values: EMPTY, UNKNOWN (a ``?`` number: an island of any size) or the number N >= 1."""

_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
_TOKEN = re.compile(r"\S+")
_PLAIN = {".": EMPTY, "?": UNKNOWN}
_OTHER = -2
"""Rows of only ``.`` and ``?`` are read without a call per cell (an empty 1000x1000 in
0.15 s instead of 0.75 s)."""


@dataclass(frozen=True, eq=False)
class NurikabePuzzle(NumberGrid):
    """An immutable Nurikabe grid; ``numbers[r, c]`` is EMPTY, UNKNOWN or a number >= 1."""

    TITLE = "Nurikabe"
    UNKNOWN = UNKNOWN

    genre = "nurikabe"

    def numbered_cells(self) -> list[tuple[Cell, int | None]]:
        """Numbered cells, row-major, each with its number (``None`` for ``?``)."""
        out: list[tuple[Cell, int | None]] = []
        for r, c in zip(*np.nonzero(self.numbers != EMPTY), strict=True):
            value = int(self.numbers[r, c])
            out.append(((int(r), int(c)), None if value == UNKNOWN else value))
        return out

    def neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in _STEPS
                if 0 <= r + dr < self.height and 0 <= c + dc < self.width]


@dataclass(frozen=True, eq=False)
class NurikabeSolution(ShadedSolution):
    """A Nurikabe answer: ``shaded[r, c]`` is True for a wall cell."""

    genre = "nurikabe"


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> NurikabePuzzle:
    """Corpus format: ``nurikabe W H`` then H rows of W tokens (``.``, ``?`` or a number)."""
    width, height, rows, first_line, _ = read_header(text, "nurikabe")
    expect_row_count(rows, height, first_line)
    grid = np.zeros((height, width), dtype=np.int32)
    for r, (line_number, row) in enumerate(rows):
        tokens = row.split()
        if len(tokens) != width:
            row_tokens(row, line_number, width)  # raises, naming the column
        values = [_PLAIN.get(token, _OTHER) for token in tokens]
        for c in [c for c, value in enumerate(values) if value == _OTHER]:
            token = tokens[c]
            if token.isascii() and token.isdigit() and len(token) <= 7 \
                    and 1 <= int(token) <= width * height:
                values[c] = int(token)
                continue
            column = [m.start() + 1 for m in _TOKEN.finditer(row)][c]
            values[c] = _cell_value(token, width * height, line_number, column)  # raises
        grid[r] = values
    return NurikabePuzzle(grid, name=name)


def _cell_value(token: str, cells: int, line: int, column: int) -> int:
    if token == ".":
        return EMPTY
    if token == "?":
        return UNKNOWN
    if not (token.isascii() and token.isdigit()) or len(token) > 7:
        raise InputError(f"unknown cell {token!r}", line=line, column=column,
                         hint="allowed: '.' empty, '?' unknown number, or a number 1, 2, ...")
    value = int(token)
    if not 1 <= value <= cells:
        raise InputError(f"number {value} is not between 1 and the {cells} cells of the grid",
                         line=line, column=column, hint="an island has at least one cell and "
                                                        "fits in the grid")
    return value


def _token(value: int) -> str:
    return number_token(value, UNKNOWN)


format_puzzle = NurikabePuzzle.text


FORMAT = ShadedFormat("nurikabe-solution", NurikabeSolution)
"""The answer's text: ``nurikabe-solution W H`` then rows of ``#`` shaded, ``.`` unshaded."""
parse_solution, solution_from_rows = FORMAT.parse_solution, FORMAT.from_rows
solution_rows, format_solution = FORMAT.solution_rows, FORMAT.format_solution


def draw_text(puzzle: NurikabePuzzle, solution: NurikabeSolution | None = None) -> str:
    """Plain drawing: numbers (``?``) as given, ``#`` shaded, ``.`` unshaded or open."""
    tokens = [[_token(int(v)) for v in row] for row in puzzle.numbers]
    if solution is not None and solution.shaded.shape == puzzle.numbers.shape:
        for r, c in zip(*np.nonzero(solution.shaded), strict=True):
            if puzzle.numbers[r, c] == EMPTY:
                tokens[r][c] = "#"
    size = max(len(t) for row in tokens for t in row)
    return "\n".join(" ".join(t.rjust(size) for t in row) for row in tokens) + "\n"


def parse_drawing(lines: list[str], puzzle: NurikabePuzzle) -> NurikabeSolution:
    """The solution in :func:`draw_text`'s drawing (what ``solve`` prints): one row per line,
    tokens separated by spaces, ``#`` shaded, anything else (``.``, a number, ``?``)
    unshaded."""
    return NurikabeSolution(marked_cells(
        lines, puzzle, "one token per cell: '#' shaded, '.' or a number unshaded",
        whole_token=True))


# ------------------------------------------------------------------ the rule checker


def check(puzzle: NurikabePuzzle, solution: NurikabeSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    if wrong_size := size_mismatch(puzzle.numbers.shape, solution):
        return wrong_size
    shaded, numbers = solution.shaded, puzzle.numbers
    out = [Violation("numbered-cell-shaded", cell, "a numbered cell must stay unshaded")
           for cell, _ in puzzle.numbered_cells() if shaded[cell]]
    for island in regions(~shaded):
        numbered = [cell for cell in island if numbers[cell] != EMPTY]
        if not numbered:
            out.append(Violation("island-without-number", island[0],
                                 f"this island of {len(island)} cells has no number"))
        elif len(numbered) > 1:
            out.append(Violation("island-with-two-numbers", numbered[1],
                                 f"this island holds {len(numbered)} numbered cells, the first "
                                 f"at {numbered[0]}"))
        elif (size := int(numbers[numbered[0]])) != UNKNOWN and size != len(island):
            out.append(Violation("island-size", numbered[0],
                                 f"the number says {size}, its island has {len(island)} cells"))
    out += not_connected(shaded, "wall-not-connected", "shaded")
    out += full_blocks(shaded, "shaded-2x2", "shaded")
    return out


def too_many_island_cells(puzzle: NurikabePuzzle) -> str | None:
    """The numbers adding up to more cells than the grid has, when they do."""
    total = sum(n for _, n in puzzle.numbered_cells() if n is not None)
    cells = puzzle.width * puzzle.height
    if total > cells:
        return f"the numbers add up to {total} island cells, the grid has {cells}"
    return None


# ------------------------------------------------------------------ clue tools
# A numbered cell cannot simply go: every island holds exactly one, so a puzzle without it
# would have other answers and lose its own. What can go is the size: the number made ``?``
# (an island of any size seeded there), which keeps every answer an answer.

def given_sizes(puzzle: NurikabePuzzle) -> list[Clue]:
    """The numbers that give a size (not ``?``), row-major."""
    return [Clue(cell, str(number), number) for cell, number in puzzle.numbered_cells()
            if number is not None]


def with_size(puzzle: NurikabePuzzle, clue: Clue) -> NurikabePuzzle:
    """A copy of ``puzzle`` with ``clue.value`` in ``clue.cell`` (``UNKNOWN``: ``?``)."""
    return puzzle.with_cell(clue.cell, clue.value)


def without_size(puzzle: NurikabePuzzle, clue: Clue) -> NurikabePuzzle:
    return puzzle.with_cell(clue.cell, UNKNOWN)


def sizes_offered(puzzle: NurikabePuzzle, solution: NurikabeSolution) -> list[Clue]:
    """For each ``?`` number, the size of its island in ``solution`` (no other clue can be
    added: every island already has its number)."""
    size_of = {cell: len(region) for region in regions(~solution.shaded) for cell in region}
    return [Clue(cell, str(size_of[cell]), size_of[cell])
            for cell, number in puzzle.numbered_cells()
            if number is None and cell in size_of]


RULES = GenreRules(
    puzzle_type=NurikabePuzzle, solution_type=NurikabeSolution,
    clues=ClueRules("number", given_sizes, without_size, with_size, sizes_offered,
                    removal="its size dropped (made ?): every island keeps one number"),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    why_none=too_many_island_cells, parse_drawing=parse_drawing,
)
