"""Kakuro: model, corpus text formats and an independent rule checker.

Rules: write a digit 1..9 in every white cell so that no digit repeats in a run (a maximal
row or column stretch of white cells) and each run's digits add up to the sum written in
the clue cell before it (``D\\R``: D the sum of the run below, R of the run to the right).
A run without a sum (none in the corpus; the clue tools make them) keeps its digits
different.

The puzzle text is ``kakuro W H`` and H rows of W tokens: ``.`` a white cell, ``#`` a black
cell without a sum, ``D\\R`` a clue cell (a missing part left empty: ``16\\``, ``\\7``). The
answer: ``kakuro-solution W H`` and H rows of W characters, a digit per white cell and
``#`` elsewhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.digit_houses import DigitSolution, repeats
from pencilsat.puzzles.textgrid import (
    check_rows,
    content_lines,
    expect_row_count,
    read_header,
    row_tokens,
)

DIGITS = tuple(range(1, 10))
"""The digits a white cell may hold."""

LARGEST_SUM = 45
"""1 + 2 + ... + 9: no run of distinct digits adds up to more."""

DOWN, ACROSS = "down", "across"
_STEP = {DOWN: (1, 0), ACROSS: (0, 1)}
_CLUE = re.compile(r"(\d{0,2})\\(\d{0,2})", re.ASCII)


class Run(NamedTuple):
    """A maximal stretch of white cells in a row (``across``) or a column (``down``): the
    cell before it (``None`` at the grid's edge), its cells in order and its sum (``None``:
    no sum given)."""

    clue: Cell | None
    direction: str
    cells: list[Cell]
    total: int | None


@dataclass(frozen=True, eq=False)
class KakuroPuzzle(ArrayValue):
    """``white[r, c]``: a cell to fill; at the other cells ``down[r, c]`` and
    ``across[r, c]`` are the sums of the runs below and to the right (0: no sum)."""

    ARRAYS = ("white", "down", "across")

    white: np.ndarray
    down: np.ndarray
    across: np.ndarray
    name: str = field(default="", compare=False)

    genre = "kakuro"

    def __post_init__(self) -> None:
        white = np.array(self.white, dtype=bool)
        down = np.array(self.down, dtype=np.int32)
        across = np.array(self.across, dtype=np.int32)
        if white.ndim != 2 or white.size == 0:
            raise ValueError("a Kakuro grid is a non-empty 2-D grid")
        if down.shape != white.shape or across.shape != white.shape:
            raise ValueError("the sums cover the grid")
        if min(down.min(), across.min()) < 0:
            raise ValueError("sums are positive (0: none)")
        if (down[white] != 0).any() or (across[white] != 0).any():
            raise ValueError("sums stand in black cells only")
        for arr in (white, down, across):
            arr.setflags(write=False)
        object.__setattr__(self, "white", white)
        object.__setattr__(self, "down", down)
        object.__setattr__(self, "across", across)
        orphan = sum_without_run(white, down, across)
        if orphan is not None:
            (r, c), direction = orphan
            raise ValueError(f"the {direction} sum at row {r + 1}, column {c + 1} has no run")

    def sums(self, direction: str) -> np.ndarray:
        return self.down if direction == DOWN else self.across

    def runs(self) -> list[Run]:
        """Every run, the across runs row by row, then the down runs column by column (found
        once per puzzle: the encoding and the checker both read them)."""
        return list(self._runs)

    @cached_property
    def _runs(self) -> tuple[Run, ...]:
        out = []
        for direction in (ACROSS, DOWN):
            white = self.white if direction == ACROSS else self.white.T
            sums = self.sums(direction) if direction == ACROSS else self.sums(direction).T
            for i, line in enumerate(white.tolist()):
                j = 0
                while j < len(line):
                    if not line[j]:
                        j += 1
                        continue
                    start = j
                    while j < len(line) and line[j]:
                        j += 1
                    total = int(sums[i, start - 1]) if start else 0
                    place = (lambda k, i=i: (i, k)) if direction == ACROSS else \
                        (lambda k, i=i: (k, i))
                    out.append(Run(place(start - 1) if start else None, direction,
                                   [place(k) for k in range(start, j)], total or None))
        return tuple(out)


def sum_without_run(white: np.ndarray, down: np.ndarray,
                    across: np.ndarray) -> tuple[Cell, str] | None:
    """The first sum (cell, direction) whose next cell in its direction is not white."""
    h, w = white.shape
    for direction, sums in ((DOWN, down), (ACROSS, across)):
        dr, dc = _STEP[direction]
        for r, c in zip(*np.nonzero(sums), strict=True):
            if not (r + dr < h and c + dc < w and white[r + dr, c + dc]):
                return (int(r), int(c)), direction
    return None


@dataclass(frozen=True, eq=False)
class KakuroSolution(DigitSolution):
    """A filled Kakuro grid: ``grid[r, c]`` the digit of a white cell, 0 elsewhere."""

    genre = "kakuro"


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> KakuroPuzzle:
    """Corpus format (module docstring)."""
    width, height, rows, first, _ = read_header(text, "kakuro")
    expect_row_count(rows, height, first)
    white = np.zeros((height, width), dtype=bool)
    sums = {DOWN: np.zeros((height, width), dtype=np.int32),
            ACROSS: np.zeros((height, width), dtype=np.int32)}
    for r, (line, row) in enumerate(rows):
        for c, match in enumerate(row_tokens(row, line, width)):
            token = match.group()
            if token == ".":
                white[r, c] = True
                continue
            if token == "#":
                continue
            clue = _CLUE.fullmatch(token)
            if clue is None or any(part and not 1 <= int(part) <= 99 for part in clue.groups()):
                raise InputError(f"unknown Kakuro cell {token!r}", line=line,
                                 column=match.start() + 1,
                                 hint="a cell is '.' (white), '#' (black) or a clue 'D\\R' "
                                      "(sums 1..45 of the runs below and to the right, a "
                                      "missing one left empty: '16\\', '\\7')")
            sums[DOWN][r, c] = int(clue.group(1) or 0)
            sums[ACROSS][r, c] = int(clue.group(2) or 0)
    orphan = sum_without_run(white, sums[DOWN], sums[ACROSS])
    if orphan is not None:
        (r, c), direction = orphan
        line, _ = rows[r]
        where = "below it" if direction == DOWN else "to its right"
        raise InputError(f"the {direction} sum {int(sums[direction][r, c])} at row {r + 1}, "
                         f"column {c + 1} has no white cell {where}",
                         line=line, hint="a sum stands just before the run it adds up: "
                                         "remove it or make the next cell white ('.')")
    return KakuroPuzzle(white, sums[DOWN], sums[ACROSS], name=name)


def cell_token(puzzle: KakuroPuzzle, r: int, c: int) -> str:
    """The corpus token of cell (r, c)."""
    if puzzle.white[r, c]:
        return "."
    down, across = int(puzzle.down[r, c]), int(puzzle.across[r, c])
    if not down and not across:
        return "#"
    return f"{down or ''}\\{across or ''}"


def format_puzzle(puzzle: KakuroPuzzle) -> str:
    rows = [" ".join(cell_token(puzzle, r, c) for c in range(puzzle.width))
            for r in range(puzzle.height)]
    return f"kakuro {puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"


_ANSWER = "#123456789"


def solution_from_rows(rows: list[str]) -> KakuroSolution:
    """Rows of one character per cell: a digit, or ``#`` for a clue or black cell."""
    if not rows or any(len(row) != len(rows[0]) for row in rows) or not rows[0]:
        raise InputError("a Kakuro answer is rows of equal length, one character per cell",
                         hint="a digit 1-9 per white cell, '#' elsewhere")
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in _ANSWER:
                raise InputError(f"unknown character {ch!r} in row {r + 1}, column {c + 1} of "
                                 "the answer", hint="a digit 1-9 per white cell, '#' elsewhere")
    return KakuroSolution(np.array([[_ANSWER.index(ch) for ch in row] for row in rows],
                                   dtype=np.int16))


def parse_solution(text: str, puzzle: Any = None) -> KakuroSolution:
    """``kakuro-solution W H`` and its rows, or the bare rows ``solution_rows`` writes."""
    lines = content_lines(text)
    if lines and lines[0][1].split()[:1] != ["kakuro-solution"]:
        return solution_from_rows([line for _, line in lines])
    width, height, rows, first, _ = read_header(text, "kakuro-solution")
    return solution_from_rows(check_rows(rows, width, height, _ANSWER,
                                         "a digit 1-9 per white cell, '#' elsewhere", first))


def solution_rows(puzzle: Any, solution: KakuroSolution) -> list[str]:
    return ["".join(_ANSWER[v] if 0 <= v <= 9 else "?" for v in row)
            for row in solution.grid.tolist()]


def format_solution(puzzle: Any, solution: KakuroSolution) -> str:
    return (f"kakuro-solution {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


# ------------------------------------------------------------------ rule checker


def check(puzzle: KakuroPuzzle, solution: KakuroSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    grid = solution.grid
    if grid.shape != puzzle.white.shape:
        return [Violation("size", None, f"the solution is {solution.width}x{solution.height}, "
                                        f"the puzzle {puzzle.width}x{puzzle.height}")]
    out = []
    for r, c in zip(*np.nonzero(puzzle.white & ((grid < 1) | (grid > 9))), strict=True):
        out.append(Violation("cell-not-filled", (int(r), int(c)),
                             f"{int(grid[r, c])} is not a digit 1..9"))
    for r, c in zip(*np.nonzero(~puzzle.white & (grid != 0)), strict=True):
        out.append(Violation("digit-in-black-cell", (int(r), int(c)),
                             f"a clue or black cell holds {int(grid[r, c])}"))
    runs = puzzle.runs()
    out += repeats(grid, [("run", run.cells) for run in runs])
    for run in runs:
        got = sum(int(grid[cell]) for cell in run.cells)
        if run.total is not None and got != run.total:
            assert run.clue is not None
            out.append(Violation("run-sum", run.clue,
                                 f"the {run.direction} run's digits add up to {got}, its sum "
                                 f"is {run.total}"))
    return out


def reachable(length: int, total: int) -> bool:
    """Whether ``length`` different digits 1..9 can add up to ``total``."""
    return length <= 9 and length * (length + 1) // 2 <= total <= length * (19 - length) // 2


def clue_clash(puzzle: KakuroPuzzle) -> str | None:
    """A run of more than nine cells, or a sum its run's different digits cannot reach."""
    for run in puzzle.runs():
        r, c = run.cells[0]
        if len(run.cells) > 9:
            return (f"the {run.direction} run from row {r + 1}, column {c + 1} has "
                    f"{len(run.cells)} cells: more than the nine digits")
        if run.total is not None and not reachable(len(run.cells), run.total):
            return (f"no {len(run.cells)} different digits 1..9 add up to {run.total} (the "
                    f"{run.direction} run from row {r + 1}, column {c + 1})")
    return None


# ------------------------------------------------------------------ text drawing


def draw_text(puzzle: KakuroPuzzle, solution: KakuroSolution | None = None) -> str:
    """The grid as tokens: clue cells ``D\\R``, ``#`` black cells, the digits of the white
    cells (``.`` empty), right-aligned in columns of one width."""
    grid = (solution.grid if solution is not None and solution.grid.shape == puzzle.white.shape
            else np.zeros(puzzle.white.shape, dtype=np.int16))
    tokens = [[(str(int(grid[r, c])) if 1 <= grid[r, c] <= 9 else ".") if puzzle.white[r, c]
               else cell_token(puzzle, r, c) for c in range(puzzle.width)]
              for r in range(puzzle.height)]
    size = max(len(token) for row in tokens for token in row)
    return "\n".join(" ".join(token.rjust(size) for token in row) for row in tokens) + "\n"


def parse_drawing(lines: list[str], puzzle: KakuroPuzzle) -> KakuroSolution:
    """The digits of :func:`draw_text`'s drawing (the caller checks it redraws the same)."""
    rows = [line.split() for line in lines if line.strip()]
    if len(rows) != puzzle.height or any(len(row) != puzzle.width for row in rows):
        raise InputError(f"a {puzzle.width}x{puzzle.height} Kakuro drawing has {puzzle.height} "
                         f"rows of {puzzle.width} tokens",
                         hint="give the drawing exactly as pencilsat solve prints it")
    grid = np.zeros(puzzle.white.shape, dtype=np.int16)
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if puzzle.white[r, c]:
                if not (len(token) == 1 and token in "123456789."):
                    raise InputError(f"the white cell at row {r + 1}, column {c + 1} of the "
                                     f"drawing holds {token!r}",
                                     hint="a white cell holds a digit 1-9 or '.'")
                grid[r, c] = 0 if token == "." else int(token)
    return KakuroSolution(grid)


# ------------------------------------------------------------------ sums as clues


def given_sums(puzzle: KakuroPuzzle) -> list[Clue]:
    """The sums, row-major by their clue cell, the down sum before the across sum; a down
    sum's label is ``D\\``, an across sum's ``\\R``."""
    out = []
    for r, c in zip(*np.nonzero((puzzle.down > 0) | (puzzle.across > 0)), strict=True):
        down, across = int(puzzle.down[r, c]), int(puzzle.across[r, c])
        if down:
            out.append(Clue((int(r), int(c)), f"{down}\\", down))
        if across:
            out.append(Clue((int(r), int(c)), f"\\{across}", across))
    return out


def with_sum(puzzle: KakuroPuzzle, clue: Clue) -> KakuroPuzzle:
    """A copy of ``puzzle`` with ``clue``'s sum in its cell and direction (``value`` 0:
    none); the label says the direction (``D\\`` down, ``\\R`` across)."""
    direction = ACROSS if clue.label.startswith("\\") else DOWN
    sums = {DOWN: np.array(puzzle.down), ACROSS: np.array(puzzle.across)}
    sums[direction][clue.cell] = clue.value
    return KakuroPuzzle(puzzle.white, sums[DOWN], sums[ACROSS], name=puzzle.name)


def without_sum(puzzle: KakuroPuzzle, clue: Clue) -> KakuroPuzzle:
    return with_sum(puzzle, Clue(clue.cell, clue.label, 0))


def sums_offered(puzzle: KakuroPuzzle, solution: KakuroSolution) -> list[Clue]:
    """For each run without a sum that has a clue cell, ``solution``'s sum of it."""
    out = []
    for run in puzzle.runs():
        if run.total is None and run.clue is not None:
            value = sum(int(solution.grid[cell]) for cell in run.cells)
            label = f"{value}\\" if run.direction == DOWN else f"\\{value}"
            out.append(Clue(run.clue, label, value))
    return out


RULES = GenreRules(
    puzzle_type=KakuroPuzzle, solution_type=KakuroSolution,
    clues=ClueRules("sum", given_sums, without_sum, with_sum, sums_offered,
                    removal="the run stays, its digits still all different"),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    why_none=clue_clash, parse_drawing=parse_drawing,
)
