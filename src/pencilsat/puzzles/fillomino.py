"""Fillomino (フィルオミノ, Tatham's Filling): grid model, corpus text formats and an
independent rule checker.

Rules (Nikoli): write a number in every cell so that every block of equal numbers (a
4-connected area of cells with the same number) of number N has exactly N cells. Two blocks
of the same size therefore never share an edge. The given numbers stay; a block need not
hold a given number (its size is free).

The puzzle text is ``fillomino W H [M]`` then H rows of W space-separated tokens: ``.`` an
empty cell, ``N`` a given number and, as pzprjs writes it, ``?`` a given cell whose number
is not told (it constrains nothing more than an empty cell). ``M``, when given, is the
largest block allowed (pzprjs' flag ``t``, "fillomino_tri": no block past 3 cells, so no
number past 3). The solution is ``fillomino-solution W H`` then H rows of W numbers.

Clue tools: a given number taken away leaves an empty cell (every answer stays one).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Self

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.number_grid import EMPTY, NumberGrid, number_token
from pencilsat.puzzles.regions import Regions, draw_region_tokens, read_slots
from pencilsat.puzzles.textgrid import content_lines, expect_row_count, read_header

UNKNOWN = -2
"""A given cell whose number is not told (``?``; pzprjs' ``-2``)."""


@dataclass(frozen=True, eq=False)
class FillominoPuzzle(NumberGrid):
    """An immutable Fillomino grid; ``numbers[r, c]`` is a given number >= 1, EMPTY or
    UNKNOWN; ``largest`` the largest block allowed (0: any; pzprjs' ``t`` is 3)."""

    TITLE = "Fillomino"
    UNKNOWN = UNKNOWN
    HINT = ("a Fillomino cell is '.' (empty), a number 1, 2, ... (the size of its block) "
            "or '?' (a number not told)")
    genre = "fillomino"

    largest: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.largest < 0 or (self.largest and int(self.numbers.max()) > self.largest):
            raise ValueError("the largest block is 0 (any) or at least every given")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, FillominoPuzzle) and super().__eq__(other)
                and self.largest == other.largest)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.largest))

    @classmethod
    def read(cls, text: str, name: str = "") -> Self:
        """The puzzle of a text ``fillomino W H [M]`` then H rows of W tokens."""
        lines = content_lines(text)
        largest = 0
        if lines and len(words := lines[0][1].split()) == 4 and words[0] == cls.genre:
            if not (words[3].isascii() and words[3].isdigit() and 1 <= int(words[3]) <= 999):
                raise InputError(f"the largest block M must be a number 1, 2, ..., got "
                                 f"{words[3]!r}", line=lines[0][0],
                                 hint="the header is 'fillomino W H' or 'fillomino W H M'")
            largest = int(words[3])
            text = "\n".join([" ".join(words[:3]), *(row for _, row in lines[1:])]) + "\n"
        puzzle = super().read(text, name)
        if largest and int(puzzle.numbers.max()) > largest:
            raise InputError(f"a given {int(puzzle.numbers.max())} is past the largest block "
                             f"{largest}", line=lines[0][0],
                             hint="no number may pass the largest block M")
        return dataclasses.replace(puzzle, largest=largest)

    def text(self) -> str:
        out = super().text()
        if not self.largest:
            return out
        header, _, rest = out.partition("\n")
        return f"{header} {self.largest}\n{rest}"

    def with_cell(self, cell: Cell, value: int) -> Self:
        numbers = np.array(self.numbers)
        numbers[cell] = value
        return dataclasses.replace(self, numbers=numbers)

    def givens(self) -> list[tuple[Cell, int]]:
        """Every given number (not ``?``), row-major, with its value."""
        return [((int(r), int(c)), int(self.numbers[r, c]))
                for r, c in zip(*np.nonzero(self.numbers > 0), strict=True)]


@dataclass(frozen=True, eq=False)
class FillominoSolution(ArrayValue):
    """A filled grid: ``numbers[r, c]`` is the size of the block of cell (r, c)."""

    ARRAYS = ("numbers",)
    genre: ClassVar[str] = "fillomino"

    numbers: np.ndarray

    def __post_init__(self) -> None:
        arr = np.array(self.numbers, dtype=np.int32)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError("a Fillomino answer is a non-empty 2-D array")
        arr.setflags(write=False)
        object.__setattr__(self, "numbers", arr)

    @property
    def regions(self) -> Regions:
        """The blocks: each 4-connected area of equal numbers."""
        return Regions.from_labels(self.numbers)

    def differing_cells(self, other: FillominoSolution) -> list[Cell]:
        """Cells, row-major, whose number differs in ``other`` (every cell for another
        shape)."""
        if other.numbers.shape != self.numbers.shape:
            return [(r, c) for r in range(self.height) for c in range(self.width)]
        return [(int(r), int(c)) for r, c in
                zip(*np.nonzero(self.numbers != other.numbers), strict=True)]


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> FillominoPuzzle:
    """Corpus format: ``fillomino W H`` then H rows of W tokens (``.``, a number or ``?``)."""
    return FillominoPuzzle.read(text, name)


def format_puzzle(puzzle: FillominoPuzzle) -> str:
    return puzzle.text()


SOLUTION_TAG = "fillomino-solution"


def _solution_numbers(rows: list[tuple[int, str]], width: int) -> np.ndarray:
    out = []
    for line, row in rows:
        tokens = row.split()
        if len(tokens) != width:
            raise InputError(f"answer row has {len(tokens)} numbers, expected {width}",
                             line=line, hint="give one number per cell, separated by spaces")
        values = []
        for column, token in enumerate(tokens, 1):
            if not (token.isascii() and token.isdigit() and 1 <= len(token) <= 7
                    and int(token) >= 1):
                raise InputError(f"unknown answer cell {token!r}", line=line,
                                 column=column, hint="every cell holds a number 1, 2, ...")
            values.append(int(token))
        out.append(values)
    return np.array(out, dtype=np.int32)


def parse_solution(text: str, puzzle: FillominoPuzzle | None = None) -> FillominoSolution:
    """``fillomino-solution W H`` then H rows of W numbers; rows without the header (the
    JSON ``solution`` rows) read too."""
    lines = content_lines(text)
    if lines and lines[0][1].split()[:1] != [SOLUTION_TAG]:
        return FillominoSolution(_solution_numbers(lines, len(lines[0][1].split())))
    width, height, rows, first_line, _ = read_header(text, SOLUTION_TAG)
    expect_row_count(rows, height, first_line)
    return FillominoSolution(_solution_numbers(rows, width))


def solution_rows(puzzle: FillominoPuzzle | None, solution: FillominoSolution) -> list[str]:
    return [" ".join(map(str, row)) for row in solution.numbers.tolist()]


def format_solution(puzzle: FillominoPuzzle | None, solution: FillominoSolution) -> str:
    return (f"{SOLUTION_TAG} {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


def backbone_rows(puzzle: FillominoPuzzle, solution: FillominoSolution,
                  undecided: list[Cell]) -> list[str]:
    """The solution's rows with ``?`` for every undecided cell."""
    tokens = [row.split() for row in solution_rows(puzzle, solution)]
    for r, c in undecided:
        tokens[r][c] = "?"
    return [" ".join(row) for row in tokens]


def cell_token(value: int) -> str:
    """A puzzle cell as the text format writes it: ``.``, the number or ``?``."""
    return number_token(value, UNKNOWN)


def draw_text(puzzle: FillominoPuzzle, solution: FillominoSolution | None = None) -> str:
    """The blocks drawn with ``|`` and ``-`` on a lattice of ``+``, every cell's number in
    it (without a solution: the frame and the given numbers); each cell a slot as wide as
    the longest number, right-aligned."""
    if solution is not None and solution.numbers.shape == puzzle.numbers.shape:
        regions = solution.regions
        tokens = [[str(v) for v in row] for row in solution.numbers.tolist()]
    else:
        regions = Regions(np.zeros(puzzle.numbers.shape, dtype=np.int32))
        tokens = [[cell_token(v) if v != EMPTY else "" for v in row]
                  for row in puzzle.numbers.tolist()]
    return draw_region_tokens(regions, tokens)


def parse_drawing(lines: list[str], puzzle: FillominoPuzzle) -> FillominoSolution:
    """The numbers of :func:`draw_text`'s drawing of a solution (what ``solve`` prints)."""
    slots = read_slots(lines, puzzle.width, puzzle.height, "Fillomino")
    values = []
    for r, row in enumerate(slots):
        for c, slot in enumerate(row):
            token = slot.strip()
            if not (token.isascii() and token.isdigit() and int(token) >= 1):
                raise InputError(f"cell ({r}, {c}) of the drawing holds {token!r}, not a "
                                 "number", hint="give a drawing of a solved grid")
            values.append(int(token))
    return FillominoSolution(np.array(values, dtype=np.int32).reshape(puzzle.height,
                                                                     puzzle.width))


# ------------------------------------------------------------------ the rule checker


def check(puzzle: FillominoPuzzle, solution: FillominoSolution) -> list[Violation]:
    """Every broken rule, named with its cell (a block's first cell, or the given); an
    empty list means the answer is valid."""
    if solution.numbers.shape != puzzle.numbers.shape:
        return [Violation("wrong-size", None,
                          f"the answer is {solution.width}x{solution.height}, the puzzle "
                          f"{puzzle.width}x{puzzle.height}")]
    numbers = solution.numbers
    out = [Violation("not-a-number", (int(r), int(c)), "the cell holds no number >= 1")
           for r, c in zip(*np.nonzero(numbers < 1), strict=True)]
    if out:
        return out
    for cell, value in puzzle.givens():
        if numbers[cell] != value:
            out.append(Violation("given-changed", cell,
                                 f"the given {value} is {int(numbers[cell])} in the answer"))
    for cells in Regions.from_labels(numbers).cells():
        value = int(numbers[cells[0]])
        if value != len(cells):
            out.append(Violation("wrong-block-size", cells[0],
                                 f"a block of {value}s has {len(cells)} cells"))
        if puzzle.largest and len(cells) > puzzle.largest:
            out.append(Violation("block-too-large", cells[0],
                                 f"a block of {len(cells)} cells, past the largest "
                                 f"{puzzle.largest}"))
    return out


def why_none(puzzle: FillominoPuzzle) -> str | None:
    """A given number no block can reach: more than the cells around it (the given cells
    of other numbers fence it in)."""
    numbers = puzzle.numbers
    for cell, value in puzzle.givens():
        room = Regions.from_labels(np.where((numbers == EMPTY) | (numbers == UNKNOWN)
                                            | (numbers == value), 1, 0))
        if room.sizes()[room.region_of(cell)] < value:
            return (f"the given {value} at row {cell[0] + 1}, column {cell[1] + 1} has fewer "
                    f"than {value} cells it can reach")
    return None


# ------------------------------------------------------------------ clue tools


def given_numbers(puzzle: FillominoPuzzle) -> list[Clue]:
    """The given numbers, row-major."""
    return [Clue(cell, str(value), value) for cell, value in puzzle.givens()]


def with_number(puzzle: FillominoPuzzle, clue: Clue) -> FillominoPuzzle:
    """A copy of ``puzzle`` with ``clue.value`` in ``clue.cell``."""
    return puzzle.with_cell(clue.cell, clue.value)


def without_number(puzzle: FillominoPuzzle, clue: Clue) -> FillominoPuzzle:
    return puzzle.with_cell(clue.cell, EMPTY)


def numbers_offered(puzzle: FillominoPuzzle, solution: FillominoSolution) -> list[Clue]:
    """Each cell without a given number, with its number in ``solution``."""
    if solution.numbers.shape != puzzle.numbers.shape:
        return []
    return [Clue((int(r), int(c)), str(int(solution.numbers[r, c])),
                 int(solution.numbers[r, c]))
            for r, c in zip(*np.nonzero(puzzle.numbers <= EMPTY), strict=True)]


RULES = GenreRules(
    puzzle_type=FillominoPuzzle, solution_type=FillominoSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    why_none=why_none, parse_drawing=parse_drawing,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered,
                    removal="its number taken away (an empty cell)"),
    backbone_rows=backbone_rows,
)
