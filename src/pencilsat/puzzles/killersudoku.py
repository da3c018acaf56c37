"""Killer Sudoku (Tatham's killer Solo): model, corpus text formats and an independent rule
checker.

Rules: fill an ``N x N`` grid with the digits 1..N so that every row, column and box
(rectangles ``BW`` wide and ``BH`` tall, ``BW * BH = N``) holds each digit once; the grid is
also cut into cages (areas outlined by dashes): no digit repeats in a cage, and the digits
of a cage with a sum add up to it. Givens, where a puzzle has any, stay. The X variant
(``diagonal``): both main diagonals also hold each digit once.

The puzzle text is ``killersudoku N N BWxBH [D]`` (``D``: the X variant), N rows of N
tokens (a cage's sum at one cell of it, ``.`` elsewhere), then N rows of cage numbers
``1..K``, then (pencilsat's addition for Tatham IDs with givens; the corpus has none)
optionally N rows of givens (``.`` or a digit). The answer: ``killersudoku-solution N N``
and rows of digits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.box_grid import BOX_WORD as _BOX
from pencilsat.puzzles.box_grid import rectangular_boxes
from pencilsat.puzzles.diagonals import flag_word, header_flag, variant_line
from pencilsat.puzzles.digit_houses import (
    DigitFormat,
    DigitSolution,
    breaks_nothing,
    check_side,
    digit_token_rows,
    filled_and_givens,
    givens_clash,
    named_houses,
    read_digits,
    read_drawing,
    repeats,
)
from pencilsat.puzzles.regions import (
    Regions,
    draw_regions,
    read_region_rows,
    region_rows,
)
from pencilsat.puzzles.textgrid import content_lines, number_rows, read_header


@dataclass(frozen=True, eq=False)
class KillerSudokuPuzzle(ArrayValue):
    """``sums[r, c]``: a cage's sum at one cell of it, 0 elsewhere; ``cages`` the cages;
    boxes ``box_width x box_height``; ``givens`` 0 (empty) or a digit; ``diagonal``: the X
    variant (both main diagonals hold 1..N too)."""

    ARRAYS = ("sums", "givens")

    sums: np.ndarray
    cages: Regions
    box_width: int
    box_height: int
    givens: np.ndarray = None  # type: ignore[assignment]
    name: str = field(default="", compare=False)
    diagonal: bool = False

    genre = "killersudoku"

    def __post_init__(self) -> None:
        sums = np.array(self.sums, dtype=np.int32)
        n = sums.shape[0] if sums.ndim == 2 else 0
        if sums.ndim != 2 or sums.shape != (n, n) or n == 0:
            raise ValueError("a Killer Sudoku grid is square")
        if self.box_width * self.box_height != n:
            raise ValueError(f"boxes {self.box_width}x{self.box_height} do not tile a side of {n}")
        if self.cages.ids.shape != sums.shape:
            raise ValueError("the cages cover the grid")
        givens = np.zeros((n, n), dtype=np.int16) if self.givens is None else np.array(
            self.givens, dtype=np.int16)
        if givens.shape != sums.shape or givens.min() < 0 or givens.max() > n:
            raise ValueError(f"givens are 0 (empty) or 1..{n}")
        if sums.min() < 0:
            raise ValueError("cage sums are positive")
        per_cage = np.bincount(self.cages.ids[sums > 0], minlength=self.cages.count)
        if (per_cage > 1).any():
            raise ValueError("at most one sum per cage")
        for arr in (sums, givens):
            arr.setflags(write=False)
        object.__setattr__(self, "sums", sums)
        object.__setattr__(self, "givens", givens)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, KillerSudokuPuzzle) and super().__eq__(other)
                and self.cages == other.cages and self.box_width == other.box_width
                and self.box_height == other.box_height and self.diagonal == other.diagonal)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.cages, self.box_width, self.diagonal))

    @property
    def size(self) -> int:
        return int(self.sums.shape[0])

    @property
    def boxes(self) -> Regions:
        return rectangular_boxes(self.size, self.box_width, self.box_height)

    def named_houses(self) -> list[tuple[str, list[Cell]]]:
        """Rows, then columns, then boxes (then, X variant, the two diagonals), each with
        its kind."""
        return named_houses(self.size, self.boxes, self.diagonal)

    def houses(self) -> list[list[Cell]]:
        """:meth:`named_houses`' cells."""
        return [cells for _, cells in self.named_houses()]

    def cage_sums(self) -> list[tuple[list[Cell], int | None]]:
        """Each cage's cells (row-major) and sum (``None``: no sum given), by cage number."""
        total: list[int | None] = [None] * self.cages.count
        for r, c in zip(*np.nonzero(self.sums), strict=True):
            total[self.cages.ids[r, c]] = int(self.sums[r, c])
        return list(zip(self.cages.cells(), total, strict=True))


@dataclass(frozen=True, eq=False)
class KillerSudokuSolution(DigitSolution):
    """A filled Killer Sudoku grid."""

    genre = "killersudoku"


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> KillerSudokuPuzzle:
    """Corpus format (module docstring)."""
    text, diagonal = header_flag(text)
    lines = content_lines(text)
    words = lines[0][1].split() if lines else []
    line = lines[0][0] if lines else 1
    if len(words) != 4 or words[0] != "killersudoku" or not _BOX.fullmatch(words[3]):
        raise InputError(f"expected the header 'killersudoku N N BWxBH', got "
                         f"{' '.join(words)!r}", line=line, column=1,
                         hint="e.g. 'killersudoku 9 9 3x3' (boxes 3 wide, 3 tall; 'D' after "
                              "it for the X variant)")
    box = _BOX.fullmatch(words[3])
    assert box is not None
    width, height, rows, first, _ = read_header(
        "\n".join(" ".join(words[:3]) if i == 0 else raw for i, (_, raw) in enumerate(lines)),
        "killersudoku")
    rows = [(number, row) for (number, _), (_, row) in zip(lines[1:], rows, strict=True)]
    side = check_side(width, height, line, "Killer Sudoku")
    box_width, box_height = int(box.group(1)), int(box.group(2))
    if box_width * box_height != side:
        raise InputError(f"boxes {box_width}x{box_height} do not tile a {side}x{side} grid",
                         line=line, hint=f"box width x height must be {side}")
    if len(rows) not in (2 * side, 3 * side):
        raise InputError(f"a {side}x{side} Killer Sudoku has {2 * side} rows after the header "
                         f"({3 * side} with givens), this one has {len(rows)}",
                         line=rows[-1][0] if rows else line,
                         hint="N rows of cage sums, N rows of cage numbers, optionally N "
                              "rows of givens")
    sums = number_rows(rows[:side], side, _sum_value)
    cages = read_region_rows(rows[side:2 * side], side, noun="cage")
    givens = (read_digits(rows[2 * side:], side, "given") if len(rows) == 3 * side
              else np.zeros((side, side), dtype=np.int16))
    per_cage = np.bincount(cages.ids[sums > 0], minlength=cages.count)
    if (per_cage > 1).any():
        cage = int(np.flatnonzero(per_cage > 1)[0])
        r, c = [cell for cell in cages.cells_of(cage) if sums[cell]][1]
        raise InputError(f"the cage at row {r + 1}, column {c + 1} has two sums",
                         line=rows[r][0], hint="write each cage's sum at one of its cells")
    return KillerSudokuPuzzle(sums, cages, box_width, box_height, givens, name=name,
                              diagonal=diagonal)


def _sum_value(token: str, line: int, column: int) -> int:
    if token == ".":
        return 0
    if token.isascii() and token.isdigit() and len(token) <= 4 and int(token) >= 1:
        return int(token)
    raise InputError(f"unknown cage sum {token!r}", line=line, column=column,
                     hint="a sum row holds a cage's sum (1, 2, ...) at one cell of it, "
                          "'.' elsewhere")


def format_puzzle(puzzle: KillerSudokuPuzzle) -> str:
    n = puzzle.size
    text = (f"killersudoku {n} {n} {puzzle.box_width}x{puzzle.box_height}"
            f"{flag_word(puzzle.diagonal)}\n"
            + "\n".join(digit_token_rows(puzzle.sums)) + "\n"
            + "\n".join(region_rows(puzzle.cages)) + "\n")
    if puzzle.givens.any():
        text += "\n".join(digit_token_rows(puzzle.givens)) + "\n"
    return text


FORMAT = DigitFormat("killersudoku-solution", KillerSudokuSolution)


# ------------------------------------------------------------------ rule checker


def check(puzzle: KillerSudokuPuzzle, solution: KillerSudokuSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid
    (whole-array counts first: :func:`~pencilsat.puzzles.digit_houses.breaks_nothing`)."""
    if breaks_nothing(puzzle.givens, solution.grid, puzzle.boxes, puzzle.cages, puzzle.sums,
                      puzzle.diagonal):
        return []
    return violations(puzzle, solution)


def violations(puzzle: KillerSudokuPuzzle, solution: KillerSudokuSolution) -> list[Violation]:
    """:func:`check`'s list, read cell by cell."""
    out = filled_and_givens(puzzle.givens, solution.grid)
    if out and out[0].rule == "size":
        return out
    grid = solution.grid
    out += repeats(grid, puzzle.named_houses())
    cages = puzzle.cage_sums()
    out += repeats(grid, [("cage", cells) for cells, _ in cages])
    rows = grid.tolist()
    for cells, total in cages:
        got = sum(rows[r][c] for r, c in cells)
        if total is not None and got != total:
            at = next(cell for cell in cells if puzzle.sums[cell])
            out.append(Violation("cage-sum", at,
                                 f"the cage's digits add up to {got}, its sum is {total}"))
    return out


def clue_clash(puzzle: KillerSudokuPuzzle) -> str | None:
    """A cage whose sum no distinct digits reach (the sums of ``k`` different digits 1..N
    are every number from 1 + ... + k to N + ... + (N - k + 1)), or givens that repeat."""
    n = puzzle.size
    for cells, total in puzzle.cage_sums():
        if len(cells) > n:
            r, c = cells[0]
            return f"the cage at row {r + 1}, column {c + 1} has {len(cells)} cells, more " \
                   f"than the {n} digits"
        k = len(cells)
        if total is not None and not k * (k + 1) // 2 <= total <= k * (2 * n - k + 1) // 2:
            r, c = cells[0]
            return (f"no {len(cells)} different digits 1..{n} add up to {total} (the cage at "
                    f"row {r + 1}, column {c + 1})")
    return givens_clash(puzzle.givens, puzzle.named_houses())


# ------------------------------------------------------------------ text drawing


def _slot_sizes(puzzle: KillerSudokuPuzzle) -> tuple[int, int]:
    return len(str(int(puzzle.sums.max(initial=0)))), (2 if puzzle.size > 9 else 1)


def draw_text(puzzle: KillerSudokuPuzzle, solution: KillerSudokuSolution | None = None) -> str:
    """The cages outlined, each cage's sum in its cell's top left, then the digit (``.``
    empty); the boxes are the header's rectangles."""
    grid = (solution.grid if solution is not None and solution.grid.shape == puzzle.sums.shape
            else puzzle.givens)
    sum_width, digit_width = _slot_sizes(puzzle)

    def slot(r: int, c: int) -> str:
        total = int(puzzle.sums[r, c])
        digit = int(grid[r, c])
        return ((str(total) if total else "").rjust(sum_width) + " "
                + (str(digit) if digit else ".").rjust(digit_width) + " ")

    return ("\n".join(draw_regions(puzzle.cages, slot, sum_width + digit_width + 2)) + "\n"
            + variant_line(puzzle.diagonal))


def solution_from_drawing(lines: list[str], puzzle: KillerSudokuPuzzle) -> KillerSudokuSolution:
    """The digits of :func:`draw_text`'s drawing (each slot's last token)."""
    return read_drawing(lines, puzzle.size, lambda answer: draw_text(puzzle, answer),
                        lambda slot: (slot.split() or ["?"])[-1], KillerSudokuSolution,
                        "Killer Sudoku")


# ------------------------------------------------------------------ cage sums as clues


def given_sums(puzzle: KillerSudokuPuzzle) -> list[Clue]:
    """The cage sums, row-major by the cell they are written in."""
    return [Clue((int(r), int(c)), str(int(puzzle.sums[r, c])), int(puzzle.sums[r, c]))
            for r, c in zip(*np.nonzero(puzzle.sums), strict=True)]


def with_sum(puzzle: KillerSudokuPuzzle, clue: Clue) -> KillerSudokuPuzzle:
    """A copy of ``puzzle`` with ``clue``'s sum written in its cell (``value`` 0: none);
    any other sum of that cage goes."""
    sums = np.array(puzzle.sums)
    sums[puzzle.cages.ids == puzzle.cages.ids[clue.cell]] = 0
    sums[clue.cell] = clue.value
    return KillerSudokuPuzzle(sums, puzzle.cages, puzzle.box_width, puzzle.box_height,
                              puzzle.givens, name=puzzle.name, diagonal=puzzle.diagonal)


def without_sum(puzzle: KillerSudokuPuzzle, clue: Clue) -> KillerSudokuPuzzle:
    return with_sum(puzzle, Clue(clue.cell, "", 0))


def sums_offered(puzzle: KillerSudokuPuzzle, solution: KillerSudokuSolution) -> list[Clue]:
    """For each cage without a sum, ``solution``'s sum, at the cage's first cell."""
    out = []
    for cells, total in puzzle.cage_sums():
        if total is None:
            value = sum(int(solution.grid[cell]) for cell in cells)
            out.append(Clue(cells[0], str(value), value))
    return out


RULES = GenreRules(
    puzzle_type=KillerSudokuPuzzle, solution_type=KillerSudokuSolution,
    clues=ClueRules("cage sum", given_sums, without_sum, with_sum, sums_offered,
                    removal="the cage stays, its digits still all different"),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    why_none=clue_clash, parse_drawing=solution_from_drawing,
)
