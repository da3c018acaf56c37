"""Jigsaw Sudoku (janko "Chaos-Sudoku", Tatham's jigsaw Solo): model, corpus text formats and
an independent rule checker.

Rules: fill an ``N x N`` grid with the digits 1..N so that every row, every column and every
box holds each digit once; the boxes are ``N`` irregular areas of ``N`` cells each; givens
stay. The X variant (``diagonal``): both main diagonals also hold each digit once.

The puzzle text is ``jigsawsudoku N N [D]`` (``D``: the X variant), N rows of N tokens
(``.`` empty or a given digit), then N rows of N box numbers ``1..N``; the answer
``jigsawsudoku-solution N N`` and rows of digits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.rules import ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.diagonals import flag_word, header_flag, variant_line
from pencilsat.puzzles.digit_houses import (
    DigitFormat,
    DigitSolution,
    box_shapes,
    breaks_nothing,
    check_side,
    digit_token_rows,
    digits_offered,
    draw_boxes,
    filled_and_givens,
    given_digits,
    givens_clash,
    named_houses,
    read_digits,
    read_drawing,
    repeats,
    with_digit,
    without_digit,
)
from pencilsat.puzzles.regions import Regions, read_region_rows, region_rows
from pencilsat.puzzles.textgrid import expect_row_count, read_header


@dataclass(frozen=True, eq=False)
class JigsawSudokuPuzzle(ArrayValue):
    """``givens[r, c]`` is 0 (empty) or a digit 1..N; ``boxes`` the N boxes of N cells;
    ``diagonal``: the X variant (both main diagonals hold 1..N too)."""

    ARRAYS = ("givens",)

    givens: np.ndarray
    boxes: Regions
    name: str = field(default="", compare=False)
    diagonal: bool = False

    genre = "jigsawsudoku"

    def __post_init__(self) -> None:
        arr = np.array(self.givens, dtype=np.int16)
        n = arr.shape[0] if arr.ndim == 2 else 0
        if arr.ndim != 2 or arr.shape != (n, n) or n == 0:
            raise ValueError("a Jigsaw Sudoku grid is square")
        if arr.min() < 0 or arr.max() > n:
            raise ValueError(f"givens are 0 (empty) or 1..{n}")
        if self.boxes.ids.shape != arr.shape:
            raise ValueError("the boxes cover the grid")
        sizes = self.boxes.sizes()
        if len(sizes) != n or (sizes != n).any():
            raise ValueError(f"{n} boxes of {n} cells each")
        arr.setflags(write=False)
        object.__setattr__(self, "givens", arr)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, JigsawSudokuPuzzle) and super().__eq__(other)
                and self.boxes == other.boxes and self.diagonal == other.diagonal)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.boxes, self.diagonal))

    @property
    def size(self) -> int:
        """N, the side and the largest digit."""
        return int(self.givens.shape[0])

    def named_houses(self) -> list[tuple[str, list[Cell]]]:
        """:meth:`houses` with each house's kind."""
        return named_houses(self.size, self.boxes, self.diagonal)

    def houses(self) -> list[list[Cell]]:
        """Rows, then columns, then boxes (then, X variant, the two diagonals), each a list
        of cells."""
        return [cells for _, cells in named_houses(self.size, self.boxes, self.diagonal)]


@dataclass(frozen=True, eq=False)
class JigsawSudokuSolution(DigitSolution):
    """A filled Jigsaw Sudoku grid."""

    genre = "jigsawsudoku"


def parse_puzzle(text: str, name: str = "") -> JigsawSudokuPuzzle:
    """Corpus format: ``jigsawsudoku N N [D]``, N rows of givens, N rows of box numbers."""
    text, diagonal = header_flag(text)
    width, height, rows, first, _ = read_header(text, "jigsawsudoku")
    side = check_side(width, height, first - 1, "Jigsaw Sudoku")
    expect_row_count(rows, 2 * side, first)
    givens = read_digits(rows[:side], side, "given")
    boxes = read_region_rows(rows[side:], side, noun="box")
    box_shapes(boxes, side, rows[side][0])
    return JigsawSudokuPuzzle(givens, boxes, name=name, diagonal=diagonal)


def format_puzzle(puzzle: JigsawSudokuPuzzle) -> str:
    n = puzzle.size
    return (f"jigsawsudoku {n} {n}{flag_word(puzzle.diagonal)}\n"
            + "\n".join(digit_token_rows(puzzle.givens)) + "\n"
            + "\n".join(region_rows(puzzle.boxes)) + "\n")


FORMAT = DigitFormat("jigsawsudoku-solution", JigsawSudokuSolution)


def check(puzzle: JigsawSudokuPuzzle, solution: JigsawSudokuSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid
    (whole-array counts first: :func:`~pencilsat.puzzles.digit_houses.breaks_nothing`)."""
    if breaks_nothing(puzzle.givens, solution.grid, puzzle.boxes, diagonal=puzzle.diagonal):
        return []
    return violations(puzzle, solution)


def violations(puzzle: JigsawSudokuPuzzle, solution: JigsawSudokuSolution) -> list[Violation]:
    """:func:`check`'s list, read cell by cell."""
    out = filled_and_givens(puzzle.givens, solution.grid)
    if out and out[0].rule == "size":
        return out
    return out + repeats(solution.grid, puzzle.named_houses())


def clue_clash(puzzle: JigsawSudokuPuzzle) -> str | None:
    """The first digit the givens repeat in a row, column or box, in words."""
    return givens_clash(puzzle.givens, puzzle.named_houses())


def draw_text(puzzle: JigsawSudokuPuzzle, solution: JigsawSudokuSolution | None = None) -> str:
    """The grid with its boxes outlined; the answer's digits fill the empty cells; the X
    variant says so in a line under the grid."""
    return draw_boxes(puzzle.boxes, puzzle.givens, solution) + variant_line(puzzle.diagonal)


def solution_from_drawing(lines: list[str], puzzle: JigsawSudokuPuzzle) -> JigsawSudokuSolution:
    """The digits of :func:`draw_text`'s drawing."""
    return read_drawing(lines, puzzle.size, lambda answer: draw_text(puzzle, answer),
                        lambda slot: slot.strip() or "?", JigsawSudokuSolution,
                        "Jigsaw Sudoku")


RULES = GenreRules(
    puzzle_type=JigsawSudokuPuzzle, solution_type=JigsawSudokuSolution,
    clues=ClueRules("digit", given_digits, without_digit, with_digit, digits_offered),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    why_none=clue_clash, parse_drawing=solution_from_drawing,
)
