"""Norinori (のりのり): regions, corpus text formats and an independent rule checker.

Rules (Nikoli): shade exactly two cells in every region, so that every shaded cell shares an
edge with exactly one other shaded cell: the shaded cells are dominoes, and a domino may lie
across a region border.

The puzzle text is ``norinori W H``, then H rows of W region numbers; the solution
``norinori-solution W H`` then rows of ``#`` shaded and ``.`` unshaded. Regions are
renumbered in order of their first cell (row-major), so any numbering of 4-connected regions
reads the same puzzle.

There are no clue tools: a Norinori's clues are its regions, and taking a border away
(merging two regions) narrows the puzzle (two shaded cells where there were four) instead of
widening it, which is what the clue tools' "without" must do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.rules import GenreRules
from pencilsat.core.values import Violation
from pencilsat.puzzles.regions import (
    OnRegions,
    Regions,
    draw_regions,
    read_region_rows,
    read_slots,
    region_rows,
)
from pencilsat.puzzles.shading import ShadedFormat, ShadedSolution, size_mismatch
from pencilsat.puzzles.textgrid import expect_row_count, read_header

SHADED_PER_REGION = 2


@dataclass(frozen=True, eq=False)
class NorinoriPuzzle(OnRegions):
    """An immutable Norinori: its ``regions`` (every cell in one, every region
    4-connected)."""

    regions: Regions
    name: str = field(default="", compare=False)

    genre = "norinori"

    def __post_init__(self) -> None:
        regions = self.regions if isinstance(self.regions, Regions) else Regions(self.regions)
        if (regions.ids < 0).any():
            raise ValueError("every cell of a Norinori is in a region")
        object.__setattr__(self, "regions", regions)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NorinoriPuzzle) and self.regions == other.regions

    def __hash__(self) -> int:
        return hash(self.regions)


@dataclass(frozen=True, eq=False)
class NorinoriSolution(ShadedSolution):
    """A Norinori answer: ``shaded[r, c]`` is True for a shaded cell."""

    genre = "norinori"


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> NorinoriPuzzle:
    """Corpus format: ``norinori W H``, then H rows of W region numbers."""
    header = read_header(text, "norinori")
    expect_row_count(header.rows, header.height, header.first_line)
    return NorinoriPuzzle(read_region_rows(header.rows, header.width), name=name)


def format_puzzle(puzzle: NorinoriPuzzle) -> str:
    return (f"norinori {puzzle.width} {puzzle.height}\n"
            + "\n".join(region_rows(puzzle.regions)) + "\n")


FORMAT = ShadedFormat("norinori-solution", NorinoriSolution)
"""The answer's text: ``norinori-solution W H`` then rows of ``#`` shaded, ``.`` unshaded."""


def draw_text(puzzle: NorinoriPuzzle, solution: NorinoriSolution | None = None) -> str:
    """The regions drawn with ``|`` and ``-`` borders on a lattice of ``+``; a shaded cell
    is ``###``, any other blank."""
    shaded = (solution.shaded if solution is not None
              and solution.shaded.shape == puzzle.regions.ids.shape
              else np.zeros(puzzle.regions.ids.shape, dtype=bool))
    lines = draw_regions(puzzle.regions, lambda r, c: "###" if shaded[r, c] else "   ", 3)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def solution_from_drawing(lines: list[str], puzzle: NorinoriPuzzle) -> NorinoriSolution:
    """The shading of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints): a cell
    is shaded when the middle of its slot is ``#``."""
    slots = read_slots(lines, puzzle.width, puzzle.height, "Norinori")
    return NorinoriSolution(np.array([[slot[len(slot) // 2:len(slot) // 2 + 1] == "#"
                                       for slot in row] for row in slots], dtype=bool))


# ------------------------------------------------------------------ the rule checker


def shaded_neighbours(shaded: np.ndarray) -> np.ndarray:
    """For each cell, how many of its (up to four) orthogonal neighbours are shaded."""
    cells = np.asarray(shaded, dtype=np.int8)
    out = np.zeros_like(cells)
    out[1:, :] += cells[:-1, :]
    out[:-1, :] += cells[1:, :]
    out[:, 1:] += cells[:, :-1]
    out[:, :-1] += cells[:, 1:]
    return out


def check(puzzle: NorinoriPuzzle, solution: NorinoriSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid:
    ``region-count`` (a region without exactly two shaded cells, at its first cell),
    ``lone-shaded`` (a shaded cell with no shaded neighbour), ``shaded-group`` (a shaded
    cell with two or more: part of a group larger than a domino)."""
    if wrong_size := size_mismatch(puzzle.regions.ids.shape, solution):
        return wrong_size
    shaded = solution.shaded
    counts = np.bincount(puzzle.regions.ids[shaded], minlength=puzzle.regions.count)
    out = []
    for region in np.flatnonzero(counts != SHADED_PER_REGION).tolist():
        first = puzzle.regions.cells_of(region)[0]
        out.append(Violation("region-count", first,
                             f"the region from this cell has {int(counts[region])} shaded "
                             f"cells, not {SHADED_PER_REGION}"))
    around = shaded_neighbours(shaded)
    if not (shaded & (around != 1)).any():  # every shaded cell in a domino: one scan
        return out
    for r, c in np.argwhere(shaded & (around == 0)).tolist():
        out.append(Violation("lone-shaded", (r, c),
                             "this shaded cell has no shaded neighbour: it is no domino"))
    for r, c in np.argwhere(shaded & (around >= 2)).tolist():
        out.append(Violation("shaded-group", (r, c),
                             f"this shaded cell has {int(around[r, c])} shaded neighbours: "
                             "its group is larger than a domino"))
    return out


def too_small_region(puzzle: NorinoriPuzzle) -> str | None:
    """Why a puzzle has no solution when it is plain to see: a region of one cell."""
    sizes = puzzle.regions.sizes()
    small = np.flatnonzero(sizes < SHADED_PER_REGION)
    if len(small):
        r, c = puzzle.regions.cells_of(int(small[0]))[0]
        return (f"the region of row {r}, column {c} has one cell, too few for "
                f"{SHADED_PER_REGION} shaded cells")
    return None


RULES = GenreRules(
    puzzle_type=NorinoriPuzzle, solution_type=NorinoriSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    why_none=too_small_region, parse_drawing=solution_from_drawing,
)
