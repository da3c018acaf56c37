"""Kurodoko (黒どこ, janko "Kuromasu", Tatham's Range): grid model, corpus text formats and an
independent rule checker.

Rules: shade some cells so that no two shaded cells share an edge, the unshaded cells are
4-connected, and every numbered cell is unshaded and sees exactly its number of unshaded
cells along its row and column (itself included), up to a shaded cell or the edge.

The puzzle text is ``kurodoko W H`` then H rows of W space-separated tokens: ``.`` a cell
without a number, ``N`` a number (1, 2, ...) and, as pzprjs allows, ``?`` a numbered cell
whose number is not given (unshaded, counting nothing). The solution is
``kurodoko-solution W H`` then rows of ``#`` shaded and ``.`` unshaded.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.number_grid import EMPTY, NumberGrid, marked_cells, number_token
from pencilsat.puzzles.shading import (
    ShadedFormat,
    ShadedSolution,
    not_connected,
    size_mismatch,
    touching,
)

UNKNOWN = -2
"""Cell values: a number N >= 1, EMPTY (no number) or UNKNOWN (``?``: a numbered cell whose
number is not given, pzprjs' ``-2``)."""

_DRAWING_HINT = "one token per cell: '#' shaded, '.' or a number unshaded"

@dataclass(frozen=True, eq=False)
class KurodokoPuzzle(NumberGrid):
    """An immutable Kurodoko grid; ``numbers[r, c]`` is a number >= 1, EMPTY or UNKNOWN."""

    TITLE = "Kurodoko"
    UNKNOWN = UNKNOWN
    HINT = ("a Kurodoko cell is '.' (no number), a number 1, 2, ... or '?' (a "
            "number not given)")

    genre = "kurodoko"

    def numbered(self) -> np.ndarray:
        """The cells that must stay unshaded: a number or a ``?``."""
        return self.numbers != EMPTY

    def number_cells(self) -> list[tuple[Cell, int]]:
        """Every cell with a given number, row-major, with the number."""
        return [((int(r), int(c)), int(self.numbers[r, c]))
                for r, c in zip(*np.nonzero(self.numbers > 0), strict=True)]


@dataclass(frozen=True, eq=False)
class KurodokoSolution(ShadedSolution):
    """A Kurodoko answer: ``shaded[r, c]`` is True for a shaded cell."""

    genre = "kurodoko"


def sight(unshaded: np.ndarray) -> np.ndarray:
    """For each unshaded cell, how many unshaded cells it sees along its row and column up
    to a shaded cell or the edge, itself included (the length of its row run plus its column
    run, less one); 0 for a shaded cell. One numpy pass per column and per row."""
    unshaded = np.asarray(unshaded, dtype=bool)
    return _runs(unshaded) + _runs(unshaded.T).T - unshaded


def _runs(mask: np.ndarray) -> np.ndarray:
    """Per True cell, the length of the run of True cells along its row that holds it."""
    height, width = mask.shape
    before = np.zeros((height, width), dtype=np.int64)
    after = np.zeros((height, width), dtype=np.int64)
    for c in range(width):
        before[:, c] = np.where(mask[:, c], (before[:, c - 1] if c else 0) + 1, 0)
    for c in range(width - 1, -1, -1):
        after[:, c] = np.where(mask[:, c], (after[:, c + 1] if c < width - 1 else 0) + 1, 0)
    return np.where(mask, before + after - 1, 0)


# ------------------------------------------------------------------ text formats


parse_puzzle = KurodokoPuzzle.read
"""Corpus format: ``kurodoko W H`` then H rows of W tokens (``.``, a number or ``?``)."""
format_puzzle = KurodokoPuzzle.text


def cell_token(value: int) -> str:
    """A cell as the text format writes it: ``.``, the number or ``?``."""
    return number_token(value, UNKNOWN)


FORMAT = ShadedFormat("kurodoko-solution", KurodokoSolution)
"""The answer's text: ``kurodoko-solution W H`` then rows of ``#`` shaded, ``.`` unshaded."""


def draw_text(puzzle: KurodokoPuzzle, solution: KurodokoSolution | None = None) -> str:
    """One token per cell, right-aligned in columns: a number (``?``) or ``.`` for an
    unshaded cell, ``#`` for a shaded one (``#5`` for a shaded number, which no valid
    answer has)."""
    shaded = (solution.shaded if solution is not None
              and solution.shaded.shape == puzzle.numbers.shape
              else np.zeros(puzzle.numbers.shape, dtype=bool))
    tokens = [["#" + (cell_token(v) if v != EMPTY else "") if mark else cell_token(v)
               for v, mark in zip(row, marks, strict=True)]
              for row, marks in zip(puzzle.numbers.tolist(), shaded.tolist(), strict=True)]
    size = max(len(t) for row in tokens for t in row)
    return "\n".join(" ".join(t.rjust(size) for t in row).rstrip() for row in tokens) + "\n"


def parse_drawing(lines: list[str], puzzle: KurodokoPuzzle) -> KurodokoSolution:
    """The shading of :func:`draw_text`'s drawing (what ``solve`` prints): a cell is shaded
    when its token starts with ``#``."""
    return KurodokoSolution(marked_cells(lines, puzzle, _DRAWING_HINT))


# ------------------------------------------------------------------ the rule checker


def check(puzzle: KurodokoPuzzle, solution: KurodokoSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    wrong_size = size_mismatch(puzzle.numbers.shape, solution)
    if wrong_size:
        return wrong_size
    shaded = solution.shaded
    out = [Violation("number-shaded", (int(r), int(c)),
                     f"the numbered cell {cell_token(int(puzzle.numbers[r, c]))} is shaded")
           for r, c in zip(*np.nonzero(shaded & puzzle.numbered()), strict=True)]
    out += touching(shaded, "adjacent-shaded", "shaded cell")
    out += not_connected(~shaded, "unshaded-not-connected", "unshaded")
    seen = sight(~shaded)
    for cell, number in puzzle.number_cells():
        if not shaded[cell] and seen[cell] != number:
            out.append(Violation("wrong-count", cell,
                                 f"this {number} sees {int(seen[cell])} unshaded cells"))
    return out


def numbers_out_of_reach(puzzle: KurodokoPuzzle) -> str | None:
    """A number larger than its row and column together can show, when there is one."""
    limit = puzzle.width + puzzle.height - 1
    for (r, c), number in puzzle.number_cells():
        if number > limit:
            return (f"the {number} at ({r},{c}) can see at most {limit} cells in a "
                    f"{puzzle.width}x{puzzle.height} grid")
    return None


# ------------------------------------------------------------------ clue tools
# A number can go: its cell becomes a free one, which every answer still leaves unshaded.


def given_numbers(puzzle: KurodokoPuzzle) -> list[Clue]:
    """The numbers and ``?`` cells, row-major."""
    return [Clue((int(r), int(c)), cell_token(int(puzzle.numbers[r, c])),
                 int(puzzle.numbers[r, c]))
            for r, c in zip(*np.nonzero(puzzle.numbered()), strict=True)]


def with_number(puzzle: KurodokoPuzzle, clue: Clue) -> KurodokoPuzzle:
    """A copy of ``puzzle`` with ``clue.value`` in ``clue.cell`` (EMPTY: no number)."""
    return puzzle.with_cell(clue.cell, clue.value)


def without_number(puzzle: KurodokoPuzzle, clue: Clue) -> KurodokoPuzzle:
    return puzzle.with_cell(clue.cell, EMPTY)


def numbers_offered(puzzle: KurodokoPuzzle, solution: KurodokoSolution) -> list[Clue]:
    """Each unshaded cell without a number, with the count it sees in ``solution``."""
    if solution.shaded.shape != puzzle.numbers.shape:
        return []
    seen = sight(~solution.shaded)
    free = (puzzle.numbers == EMPTY) & ~solution.shaded
    return [Clue((int(r), int(c)), str(int(seen[r, c])), int(seen[r, c]))
            for r, c in zip(*np.nonzero(free), strict=True)]


RULES = GenreRules(
    puzzle_type=KurodokoPuzzle, solution_type=KurodokoSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    why_none=numbers_out_of_reach, parse_drawing=parse_drawing,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered,
                    removal="its cell left blank (free to be shaded)"),
)
