"""Hitori (ひとりにしてくれ; Tatham's Singles): grid model, corpus text formats and an
independent rule checker.

Rules: shade some cells so that no number appears twice among the unshaded cells of a row or
a column, no two shaded cells share an edge, and all unshaded cells are 4-connected.

The puzzle text is ``hitori W H`` then H rows of W space-separated tokens: a number ``N``
(1, 2, ...), and, as pzprjs allows, ``.`` a cell without a number and ``?`` a number not
given; neither of the last two ever repeats. The solution is the shared ``#``/``.`` answer
format (:data:`FORMAT`).

Clue tools (``RULES.clues``): a clue is a cell's number; taking one away leaves the cell
blank (``.``), which the rules no longer see, so every answer stays an answer. A redundant
number is one the puzzle stays unique without.
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
    apart_and_rest_connected,
    not_connected,
    size_mismatch,
    touching,
)

UNKNOWN = -1
"""Cell values: a number N >= 1, EMPTY (no number) or UNKNOWN (``?``: a number not given).
Only numbers count for the rule; pzprjs reads and writes the other two."""

_DRAWING_HINT = "one token per cell: '#3' shaded, '3' unshaded"

@dataclass(frozen=True, eq=False)
class HitoriPuzzle(NumberGrid):
    """An immutable Hitori grid; ``numbers[r, c]`` is a number >= 1, EMPTY or UNKNOWN."""

    TITLE = "Hitori"
    UNKNOWN = UNKNOWN
    HINT = ("a Hitori cell holds a number 1, 2, ... ('.' no number, '?' a number not "
            "given)")

    genre = "hitori"

    def repeat_groups(self) -> list[np.ndarray]:
        """Every set of two or more cells of one row (rows first) or one column holding the
        same number, as cell indices ``r * W + c`` in grid order, a line's sets by number:
        at most one of each may stay unshaded. One stable sort by (line, number) per
        direction (a 1000x1000 grid in a fraction of a second)."""
        height, width = self.numbers.shape
        index = np.arange(height * width, dtype=np.int64).reshape(height, width)
        span = int(self.numbers.max()) + 2
        out: list[np.ndarray] = []
        for lines, ids in ((self.numbers, index), (self.numbers.T, index.T)):
            keys = (np.arange(len(lines))[:, None] * span + lines + 1).ravel()
            order = np.argsort(keys, kind="stable")
            ordered = keys[order]
            cut = np.flatnonzero(ordered[1:] != ordered[:-1]) + 1
            starts, sizes = np.r_[0, cut], np.diff(np.r_[0, cut, len(keys)])
            wanted = (sizes > 1) & (ordered[starts] % span >= 2)  # a number, not . or ?
            cells = ids.ravel()[order]
            out += [cells[start:start + size] for start, size
                    in zip(starts[wanted].tolist(), sizes[wanted].tolist(), strict=True)]
        return out

    def repeats(self) -> list[list[Cell]]:
        """:meth:`repeat_groups` as lists of cells."""
        width = self.width
        return [[divmod(int(v), width) for v in group] for group in self.repeat_groups()]


@dataclass(frozen=True, eq=False)
class HitoriSolution(ShadedSolution):
    """A Hitori answer: ``shaded[r, c]`` is True for a shaded cell."""

    genre = "hitori"


# ------------------------------------------------------------------ text formats


parse_puzzle = HitoriPuzzle.read
"""Corpus format: ``hitori W H`` then H rows of W tokens (a number, ``.`` or ``?``)."""
format_puzzle = HitoriPuzzle.text


def cell_token(value: int) -> str:
    """A cell as the text format writes it: the number, ``.`` or ``?``."""
    return number_token(value, UNKNOWN)


FORMAT = ShadedFormat("hitori-solution", HitoriSolution)
"""The answer's text format: ``hitori-solution W H`` then rows of ``#`` shaded and ``.``
unshaded (the corpus solutions, and the rows ``solve --json`` writes)."""


def draw_text(puzzle: HitoriPuzzle, solution: HitoriSolution | None = None) -> str:
    """One token per cell, right-aligned in columns: the number (``.``, ``?``) of an
    unshaded cell, and for a shaded one its number behind ``#`` marks (``#3``, ``##3``
    beside two-digit numbers), so the numbers stay readable under the shading."""
    tokens = [[cell_token(v) for v in row] for row in puzzle.numbers.tolist()]
    shaded = (solution.shaded if solution is not None
              and solution.shaded.shape == puzzle.numbers.shape
              else np.zeros(puzzle.numbers.shape, dtype=bool))
    size = max(len(t) for row in tokens for t in row) + 1
    lines = []
    for row, marks in zip(tokens, shaded.tolist(), strict=True):
        lines.append(" ".join(t.rjust(size, "#") if mark else t.rjust(size)
                              for t, mark in zip(row, marks, strict=True)))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def parse_drawing(lines: list[str], puzzle: HitoriPuzzle) -> HitoriSolution:
    """The shading of :func:`draw_text`'s drawing (what ``solve`` prints): a cell is shaded
    when its token starts with ``#``."""
    return HitoriSolution(marked_cells(lines, puzzle, _DRAWING_HINT))


# ------------------------------------------------------------------ the rule checker


def check(puzzle: HitoriPuzzle, solution: HitoriSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid.
    A valid answer is told by :func:`keeps_rules` (whole-grid array and bit operations, a
    twentieth of the time); the violations of another are listed cell by cell."""
    wrong_size = size_mismatch(puzzle.numbers.shape, solution)
    if wrong_size:
        return wrong_size
    if keeps_rules(puzzle.numbers, solution.shaded):
        return []
    return violations(puzzle, solution.shaded)


def violations(puzzle: HitoriPuzzle, shaded: np.ndarray) -> list[Violation]:
    """Every broken rule of ``shaded`` (the grid's shape), cell by cell."""
    out = []
    for cells in puzzle.repeats():
        kept = [cell for cell in cells if not shaded[cell]]
        if len(kept) > 1:
            (r0, c0), (r1, _) = kept[0], kept[1]
            line = f"row {r0}" if r0 == r1 else f"column {c0}"
            out.append(Violation("number-repeated", kept[1],
                                 f"{int(puzzle.numbers[kept[1]])} is unshaded twice in {line}, "
                                 f"also at ({r0},{c0})"))
    out += touching(shaded, "adjacent-shaded", "shaded cell")
    out += not_connected(~shaded, "unshaded-not-connected", "unshaded")
    return out


def keeps_rules(numbers: np.ndarray, shaded: np.ndarray) -> bool:
    """Whether ``shaded`` (the grid's shape) keeps every rule: no two shaded cells side by
    side and the unshaded cells one 4-connected region
    (:func:`~pencilsat.puzzles.shading.apart_and_rest_connected`), no number twice among a
    line's unshaded cells (each line's numbers sorted)."""
    kept = np.where(shaded, 0, np.maximum(numbers, 0))  # '.' and '?' never repeat
    lines = ((np.concatenate((kept, kept.T)),) if kept.shape[0] == kept.shape[1]
             else (kept, kept.T))  # a square grid's rows and columns sorted at once
    for ordered in lines:
        ordered = np.sort(ordered, axis=1)
        if ((ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] > 0)).any():
            return False
    return apart_and_rest_connected(shaded)


# ------------------------------------------------------------------ clues, for the clue tools


def given_numbers(puzzle: HitoriPuzzle) -> list[Clue]:
    """The numbers, row-major."""
    return [Clue((int(r), int(c)), str(int(puzzle.numbers[r, c])), int(puzzle.numbers[r, c]))
            for r, c in zip(*np.nonzero(puzzle.numbers >= 1), strict=True)]


def with_number(puzzle: HitoriPuzzle, clue: Clue) -> HitoriPuzzle:
    """A copy of ``puzzle`` with ``clue.value`` in ``clue.cell`` (EMPTY: blank)."""
    return puzzle.with_cell(clue.cell, clue.value)


def without_number(puzzle: HitoriPuzzle, clue: Clue) -> HitoriPuzzle:
    return puzzle.with_cell(clue.cell, EMPTY)


def numbers_offered(puzzle: HitoriPuzzle, solution: HitoriSolution) -> list[Clue]:
    """For each blank or ``?`` cell, a number ``solution`` obeys there: for an unshaded
    cell the smallest number unshaded nowhere in its row and column; for a shaded one the
    number of the first unshaded numbered cell of its row (else column), which forces the
    shading."""
    numbers, shaded = puzzle.numbers, solution.shaded
    kept = np.where(shaded, 0, numbers)
    out = []
    for r, c in zip(*np.nonzero(numbers < 1), strict=True):
        r, c = int(r), int(c)
        if shaded[r, c]:
            line = [int(v) for v in (*kept[r], *kept[:, c]) if v >= 1]
            if line:
                out.append(Clue((r, c), str(line[0]), line[0]))
            continue
        seen = {int(v) for v in (*kept[r], *kept[:, c])}
        value = next(n for n in range(1, len(seen) + 2) if n not in seen)
        out.append(Clue((r, c), str(value), value))
    return out


RULES = GenreRules(
    puzzle_type=HitoriPuzzle, solution_type=HitoriSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    parse_drawing=parse_drawing,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered,
                    removal="the cell left blank: the rules no longer see it"),
)
