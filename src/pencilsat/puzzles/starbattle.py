"""Star Battle: regions and a star count, corpus text formats and an independent rule checker.

Rules: place stars so that every row, every column and every region holds exactly ``k``
stars (the puzzle's star count, often 1 or 2), and no two stars touch, not even diagonally.
A cell marked ``#`` is outside the puzzle (janko's irregular outlines): it belongs to no
region and holds no star, and rows and columns count their other cells.

The puzzle text is ``starbattle W H K``, then H rows of W tokens: a cell's region number or
``#``; the solution ``starbattle-solution W H`` then rows of ``*`` star, ``.`` empty and
``#`` (a cell outside the puzzle, copied). Regions are renumbered in order of their first
cell (row-major), so any numbering of 4-connected regions reads the same puzzle.

There are no clue tools: a Star Battle's clues are its regions, and taking a region border
away (merging two regions) narrows the puzzle (the merged region needs ``k`` stars where the
two held ``2k``) instead of widening it, which is what the clue tools' "without" must do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import GenreRules
from pencilsat.core.values import Violation
from pencilsat.puzzles.regions import (
    NO_REGION,
    OnRegions,
    Regions,
    read_region_rows,
    region_rows,
)
from pencilsat.puzzles.shading import ShadedSolution, size_mismatch, touching
from pencilsat.puzzles.textgrid import expect_row_count, read_grid, read_header

STARS = {"stars": "the number of stars in every row, column and region (1 or more)"}
"""The header's extra number: ``starbattle W H K`` or ``starbattle W H stars=K``."""


@dataclass(frozen=True, eq=False)
class StarBattlePuzzle(OnRegions):
    """An immutable Star Battle: its ``regions`` (every region 4-connected; a cell outside
    the puzzle, ``#``, in none) and ``stars``, the number of stars every row, column and
    region holds."""

    regions: Regions
    stars: int
    name: str = field(default="", compare=False)

    genre = "starbattle"

    def __post_init__(self) -> None:
        regions = self.regions if isinstance(self.regions, Regions) else Regions(self.regions)
        if isinstance(self.stars, bool) or not isinstance(self.stars, (int, np.integer)) \
                or self.stars < 1:
            raise ValueError("stars is a whole number >= 1")
        object.__setattr__(self, "regions", regions)
        object.__setattr__(self, "stars", int(self.stars))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, StarBattlePuzzle) and self.regions == other.regions
                and self.stars == other.stars)

    def __hash__(self) -> int:
        return hash((self.regions, self.stars))

    @property
    def holes(self) -> np.ndarray:
        """True for each cell outside the puzzle."""
        return self.regions.ids == NO_REGION


@dataclass(frozen=True, eq=False)
class StarBattleSolution(ShadedSolution):
    """A Star Battle answer: ``shaded[r, c]`` is True for a star."""

    genre = "starbattle"


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> StarBattlePuzzle:
    """Corpus format: ``starbattle W H K``, then H rows of W region numbers or ``#``."""
    header = read_header(text, "starbattle", STARS)
    expect_row_count(header.rows, header.height, header.first_line)
    stars = header.extras["stars"]
    if stars < 1:
        raise InputError("the star count is 0", line=header.first_line - 1,
                         hint="write the first line as 'starbattle W H K', K = 1, 2, ...")
    regions = read_region_rows(header.rows, header.width, outside="#")
    return StarBattlePuzzle(regions, stars, name=name)


def format_puzzle(puzzle: StarBattlePuzzle) -> str:
    return (f"starbattle {puzzle.width} {puzzle.height} {puzzle.stars}\n"
            + "\n".join(region_rows(puzzle.regions)) + "\n")


def parse_solution(text: str, puzzle: StarBattlePuzzle | None = None) -> StarBattleSolution:
    """Corpus solution format, also the rows ``solve --json`` writes under the same header:
    ``starbattle-solution W H`` then rows of ``*`` star, ``.`` empty and ``#`` outside the
    puzzle; with the puzzle given, its ``#`` cells must be the puzzle's."""
    rows = read_grid(text, "starbattle-solution", "*.#",
                     "'*' star, '.' empty, '#' outside the puzzle")
    solution = StarBattleSolution(np.array([[ch == "*" for ch in row] for row in rows]))
    if puzzle is not None and solution.shaded.shape == puzzle.holes.shape:
        written = np.array([[ch == "#" for ch in row] for row in rows])
        wrong = np.argwhere(written != puzzle.holes)
        if len(wrong):
            r, c = (int(v) for v in wrong[0])
            inside = "inside" if written[r, c] else "outside"
            raise InputError(f"row {r + 1}, column {c + 1} is {inside} the puzzle, the "
                             f"solution writes {rows[r][c]!r}", source="solution",
                             hint="write '#' exactly where the puzzle has '#'")
    return solution


def solution_rows(puzzle: StarBattlePuzzle | None, solution: StarBattleSolution) -> list[str]:
    holes = (puzzle.holes if puzzle is not None and puzzle.holes.shape == solution.shaded.shape
             else np.zeros(solution.shaded.shape, dtype=bool))
    return ["".join("*" if star else "#" if hole else "." for star, hole in zip(row, hrow,
                                                                                strict=True))
            for row, hrow in zip(solution.shaded.tolist(), holes.tolist(), strict=True)]


def format_solution(puzzle: StarBattlePuzzle | None, solution: StarBattleSolution) -> str:
    return (f"starbattle-solution {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


def _count_line(stars: int) -> str:
    return f"{stars} star{'s' if stars > 1 else ''} in every row, column and region"


def draw_text(puzzle: StarBattlePuzzle, solution: StarBattleSolution | None = None) -> str:
    """The star count on the first line, then the regions drawn with ``|`` and ``-``
    borders on a lattice of ``+``; a cell is `` * `` for a star, ``###`` outside the puzzle,
    blank otherwise."""
    regions = puzzle.regions.ids
    stars = (solution.shaded if solution is not None
             and solution.shaded.shape == regions.shape else np.zeros(regions.shape, dtype=bool))
    height, width = regions.shape
    lines = [_count_line(puzzle.stars)]
    for r in range(height + 1):
        line = "+"
        for c in range(width):
            wall = r in (0, height) or regions[r - 1, c] != regions[r, c]
            line += ("---" if wall else "   ") + "+"
        lines.append(line)
        if r == height:
            break
        line = "|"
        for c in range(width):
            line += "###" if regions[r, c] == NO_REGION else " * " if stars[r, c] else "   "
            line += "|" if c == width - 1 or regions[r, c] != regions[r, c + 1] else " "
        lines.append(line)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def solution_from_drawing(lines: list[str], puzzle: StarBattlePuzzle) -> StarBattleSolution:
    """The stars of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints): a cell
    holds a star when the middle of its slot is ``*``; the count line is optional."""
    if lines and not lines[0].startswith("+"):
        lines = lines[1:]
    expected = 2 * puzzle.height + 1
    if len(lines) != expected or not lines[0].startswith("+"):
        raise InputError(f"a {puzzle.width}x{puzzle.height} Star Battle drawing has {expected} "
                         f"lines starting with '+' after its count line, this one has "
                         f"{len(lines)}", hint="give the drawing exactly as pencilsat solve "
                                               "prints it")
    stars = np.zeros((puzzle.height, puzzle.width), dtype=bool)
    for r in range(puzzle.height):
        line = lines[2 * r + 1]
        for c in range(puzzle.width):
            stars[r, c] = line[4 * c + 2:4 * c + 3] == "*"
    return StarBattleSolution(stars)


# ------------------------------------------------------------------ the rule checker


def check(puzzle: StarBattlePuzzle, solution: StarBattleSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    wrong_size = size_mismatch(puzzle.holes.shape, solution)
    if wrong_size:
        return wrong_size
    stars, k = solution.shaded, puzzle.stars
    out = [Violation("star-outside", (int(r), int(c)), "a star in a cell outside the puzzle")
           for r, c in np.argwhere(stars & puzzle.holes)]
    for r, count in enumerate(stars.sum(axis=1).tolist()):
        if count != k:
            out.append(Violation("row-count", (r, 0), f"row {r} holds {count} stars, not {k}"))
    for c, count in enumerate(stars.sum(axis=0).tolist()):
        if count != k:
            out.append(Violation("column-count", (0, c),
                                 f"column {c} holds {count} stars, not {k}"))
    ids = puzzle.regions.ids
    inside = ids != NO_REGION
    counts = np.bincount(ids[inside & stars], minlength=puzzle.regions.count)
    for region in np.flatnonzero(counts != k).tolist():
        first = puzzle.regions.cells_of(region)[0]
        out.append(Violation("region-count", first, f"the region from this cell holds "
                                                    f"{int(counts[region])} stars, not {k}"))
    return out + touching(stars, "stars-touch", "star", diagonal=True)


def no_room_for_stars(puzzle: StarBattlePuzzle) -> str | None:
    """Why a puzzle has no solution when counting shows it: the rows, columns and regions
    would need different totals of stars, or a line or region has too few cells."""
    k = puzzle.stars
    count = puzzle.regions.count
    if not puzzle.height == puzzle.width == count:
        return (f"{puzzle.height} rows, {puzzle.width} columns and {count} "
                f"regions cannot all hold {k} stars each: the totals differ")
    inside = ~puzzle.holes
    for what, lines in (("row", inside), ("column", inside.T)):
        for i, line in enumerate(lines.tolist()):
            room = most_apart(line)
            if room < k:
                return f"{what} {i} has room for {room} stars that do not touch, not {k}"
    for cells in puzzle.regions.cells():
        if len(cells) < k:
            return (f"the region of row {cells[0][0]}, column {cells[0][1]} has "
                    f"{len(cells)} cells, too few for {k} stars")
    return None


def most_apart(line: list[bool]) -> int:
    """The most stars a line can hold (``line``: True where a cell is in the puzzle) with no
    two in neighbouring cells: greedily from the left, which is optimal on a path."""
    count, previous = 0, False
    for inside in line:
        previous = inside and not previous
        count += previous
    return count


RULES = GenreRules(
    puzzle_type=StarBattlePuzzle, solution_type=StarBattleSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    why_none=no_room_for_stars, parse_drawing=solution_from_drawing,
)
