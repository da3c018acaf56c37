"""LITS: regions, corpus text formats and an independent rule checker.

Rules (Nikoli): shade exactly four cells in every region, 4-connected, so that they form an
L, I, T or S tetromino (turns and mirror images alike; never the square O); two tetrominoes
of the same letter never share an edge across a region border; all shaded cells are
4-connected; no 2x2 block is all shaded.

The puzzle text is ``lits W H``, then H rows of W tokens: the cell's region number, or ``#``
for a blocked cell (outside every region, never shaded). The solution is
``lits-solution W H``, then H rows of W characters: ``L``/``I``/``T``/``S`` a shaded cell,
the letter of its region's tetromino, ``.`` unshaded, ``#`` blocked (as in the puzzle).
Regions are renumbered in order of their first cell (row-major).

LITS has no clues to take away (the regions are the puzzle), so it has no
:class:`~pencilsat.core.rules.ClueRules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import GenreRules
from pencilsat.core.values import Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.polyominoes import TETROMINOES, letter_of, placements
from pencilsat.puzzles.regions import NO_REGION, Regions, read_region_rows, region_rows
from pencilsat.puzzles.shading import (
    ShadedSolution,
    full_blocks,
    not_connected,
    size_mismatch,
)
from pencilsat.puzzles.textgrid import expect_row_count, read_grid, read_header

LETTERS = "LITS"
"""The four tetrominoes a region may hold (the square ``O`` is not one)."""
SHAPES = {letter: TETROMINOES[letter] for letter in LETTERS}
BLOCKED = "#"
UNSHADED = "."


@dataclass(frozen=True, eq=False)
class LitsPuzzle(ArrayValue):
    """An immutable LITS grid: ``region_ids[r, c]`` is the region (0..R-1, in order of each
    region's first cell, every region 4-connected) or ``NO_REGION`` for a blocked cell."""

    ARRAYS = ("region_ids",)

    region_ids: np.ndarray
    name: str = field(default="", compare=False)

    genre = "lits"

    def __post_init__(self) -> None:
        regions = Regions(np.array(self.region_ids, dtype=np.int32))
        object.__setattr__(self, "region_ids", regions.ids)
        object.__setattr__(self, "_regions", regions)

    @property
    def regions(self) -> Regions:
        """The region grid, checked once when the puzzle is made (a solve asks for it
        several times: its encoding, its decoder, the rule checker)."""
        regions: Regions = self.__dict__["_regions"]
        return regions

    @property
    def blocked(self) -> np.ndarray:
        """True for a blocked cell."""
        return self.region_ids == NO_REGION


@dataclass(frozen=True, eq=False)
class LitsSolution(ShadedSolution):
    """A LITS answer: ``letters[r, c]`` is ``L``/``I``/``T``/``S`` for a shaded cell (its
    region's tetromino), ``.`` unshaded, ``#`` blocked; ``shaded`` follows from it."""

    ARRAYS: ClassVar[tuple[str, ...]] = ("shaded", "letters")

    letters: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype="<U1"))

    genre = "lits"

    def __post_init__(self) -> None:
        letters = np.array(self.letters, dtype="<U1")
        if letters.shape != np.shape(self.shaded):
            raise ValueError("letters and shaded are two 2-D arrays of one shape")
        if not np.array_equal(np.isin(letters, list(LETTERS)), np.asarray(self.shaded)):
            raise ValueError("a cell is shaded exactly when it has a letter")
        letters.setflags(write=False)
        object.__setattr__(self, "letters", letters)
        super().__post_init__()

    @classmethod
    def from_letters(cls, letters: np.ndarray) -> LitsSolution:
        letters = np.array(letters, dtype="<U1")
        return cls(np.isin(letters, list(LETTERS)), letters)


def named_shading(puzzle: LitsPuzzle, shaded: np.ndarray) -> LitsSolution:
    """The answer of a shading: each shaded cell gets the letter of its region's shaded
    cells (``L`` where they form no tetromino: the checker names that region)."""
    shaded = np.asarray(shaded, dtype=bool)
    letters = np.where(shaded, "L", UNSHADED).astype("<U1")
    letters[puzzle.blocked & ~shaded] = BLOCKED
    for cells in puzzle.regions.cells():
        inside = [cell for cell in cells if shaded[cell]]
        letter = letter_of(inside, SHAPES) if len(inside) == 4 else None
        for cell in inside:
            letters[cell] = letter or "L"
    return LitsSolution(shaded, letters)


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> LitsPuzzle:
    """Corpus format: ``lits W H``, H rows of W region numbers or ``#`` (blocked)."""
    width, height, rows, first_line, _ = read_header(text, "lits")
    expect_row_count(rows, height, first_line)
    blocked = any(BLOCKED in row for _, row in rows)  # without, the rows read at numpy speed
    return LitsPuzzle(read_region_rows(rows, width, outside=BLOCKED if blocked else None).ids,
                      name=name)


def format_puzzle(puzzle: LitsPuzzle) -> str:
    return (f"lits {puzzle.width} {puzzle.height}\n"
            + "\n".join(region_rows(puzzle.regions, outside=BLOCKED)) + "\n")


def parse_solution(text: str, puzzle: object = None) -> LitsSolution:
    """``lits-solution W H`` and rows of ``L I T S . #``."""
    rows = read_grid(text, "lits-solution", LETTERS + UNSHADED + BLOCKED,
                     "'L', 'I', 'T', 'S' shaded (the tetromino's letter), '.' unshaded, "
                     "'#' blocked")
    return solution_from_rows(rows)


def solution_from_rows(rows: list[str]) -> LitsSolution:
    if not rows:
        raise InputError("no rows given")
    return LitsSolution.from_letters(np.array([list(row) for row in rows], dtype="<U1"))


def solution_rows(puzzle: object, solution: LitsSolution) -> list[str]:
    return ["".join(row) for row in solution.letters.tolist()]


def format_solution(puzzle: object, solution: LitsSolution) -> str:
    return (f"lits-solution {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


def draw_text(puzzle: LitsPuzzle, solution: LitsSolution | None = None) -> str:
    """Regions drawn with ``|`` and ``-`` borders on a lattice of ``+``; a cell is two
    characters: its letter twice when shaded, ``##`` blocked, blank otherwise."""
    ids = puzzle.region_ids
    letters = (solution.letters if solution is not None and solution.letters.shape == ids.shape
               else np.where(puzzle.blocked, BLOCKED, UNSHADED))
    lines = []
    for r in range(puzzle.height + 1):
        line = "+"
        for c in range(puzzle.width):
            wall = r in (0, puzzle.height) or ids[r - 1, c] != ids[r, c]
            line += ("--" if wall else "  ") + "+"
        lines.append(line)
        if r == puzzle.height:
            break
        line = "|"
        for c in range(puzzle.width):
            mark = " " if letters[r, c] == UNSHADED else str(letters[r, c])
            line += mark * 2
            line += "|" if c == puzzle.width - 1 or ids[r, c] != ids[r, c + 1] else " "
        lines.append(line)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def solution_from_drawing(lines: list[str], puzzle: LitsPuzzle) -> LitsSolution:
    """The answer of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints): a cell's
    first character is its letter, ``#`` blocked, or a space (unshaded)."""
    expected = 2 * puzzle.height + 1
    if len(lines) != expected or not lines[0].startswith("+"):
        raise InputError(f"a {puzzle.width}x{puzzle.height} LITS drawing has {expected} lines "
                         f"starting with '+', this one has {len(lines)}",
                         hint="give the drawing exactly as pencilsat solve prints it")
    letters = np.full((puzzle.height, puzzle.width), UNSHADED, dtype="<U1")
    for r in range(puzzle.height):
        line = lines[2 * r + 1]
        for c in range(puzzle.width):
            mark = line[3 * c + 1:3 * c + 2]
            if mark in (LETTERS + BLOCKED) and mark:
                letters[r, c] = mark
            elif mark not in ("", " "):
                raise InputError(f"unknown mark {mark!r} in the drawing", line=2 * r + 2,
                                 column=3 * c + 2,
                                 hint="a cell shows L, I, T, S, # (blocked) or a space")
    return LitsSolution.from_letters(letters)


# ------------------------------------------------------------------ the rule checker


def check(puzzle: LitsPuzzle, solution: LitsSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    if wrong_size := size_mismatch(puzzle.region_ids.shape, solution):
        return wrong_size
    shaded, letters, blocked = solution.shaded, solution.letters, puzzle.blocked
    out = []
    for r, c in zip(*np.nonzero(blocked != (letters == BLOCKED)), strict=True):
        what = "is blocked in the puzzle" if blocked[r, c] else "is no blocked cell"
        out.append(Violation("blocked-cell", (int(r), int(c)),
                             f"this cell {what}, the answer writes {letters[r, c]!r}"))
    shape_of = np.full(shaded.shape, "", dtype="<U1")
    for cells in puzzle.regions.cells():
        inside = [cell for cell in cells if shaded[cell]]
        if len(inside) != 4:
            out.append(Violation("region-count", cells[0], f"this cell's region has "
                                                           f"{len(inside)} shaded cells, not 4"))
            continue
        letter = letter_of(inside, TETROMINOES)
        if letter is None or letter == "O":
            what = "the square O" if letter == "O" else "not connected"
            out.append(Violation("region-not-tetromino", inside[0],
                                 f"the 4 shaded cells of this region are {what}"))
            continue
        for cell in inside:
            shape_of[cell] = letter
            if letters[cell] != letter:
                out.append(Violation("wrong-letter", cell, f"this cell's tetromino is an "
                                                           f"{letter}, the answer says "
                                                           f"{letters[cell]}"))
    for a, b in puzzle.regions.borders():
        if shape_of[a] and shape_of[a] == shape_of[b]:
            out.append(Violation("same-shape-touching", a, f"two {shape_of[a]} tetrominoes "
                                                           f"share an edge here and at {b}"))
    out += full_blocks(shaded, "shaded-2x2", "shaded")
    out += not_connected(shaded, "shaded-not-connected", "shaded")
    return out


def why_none(puzzle: LitsPuzzle) -> str | None:
    """A region of fewer than 4 cells, or one no L, I, T or S fits in."""
    for index, cells in enumerate(puzzle.regions.cells()):
        if not placements(cells, SHAPES):
            r, c = cells[0]
            return (f"region {index + 1} (from row {r + 1}, column {c + 1}) has "
                    f"{len(cells)} cells, and no L, I, T or S tetromino fits in it")
    return None


RULES = GenreRules(
    puzzle_type=LitsPuzzle, solution_type=LitsSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text, why_none=why_none,
    parse_drawing=solution_from_drawing,
)

