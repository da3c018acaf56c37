"""Spiral Galaxies (天体ショー Tentaisho, janko's Galaxien, Tatham's Galaxies): grid model,
corpus text formats and an independent rule checker.

Rules: divide the grid into regions (galaxies), each holding exactly one centre (a dot),
4-connected and unchanged by the half turn about its centre.

Centres stand on the *lattice* of the grid: lattice row ``2y + 1``, column ``2x + 1`` is the
centre of cell (y, x), ``(2y + 1, 2x)`` its left edge, ``(2y, 2x + 1)`` its top edge and
``(2y, 2x)`` its top-left corner. A centre touches one cell (on a cell), two (on an edge)
or four (on a corner); all of them lie in its galaxy. The half turn about the lattice point
(Y, X) takes cell (r, c) to (Y - r - 1, X - c - 1). A centre on the outer border would
have half its galaxy outside the grid, so none stands there.

The puzzle text is ``galaxies W H`` then 2H + 1 rows of 2W + 1 characters, ``o`` a centre
and ``.`` nothing (the corpus format), and, as pzprjs' editor allows, ``*`` a black centre
(its galaxy is shaded in pzprjs' picture; the rules are the same) and ``#`` on a cell's
centre for a cell cut out of the board (in no galaxy; no galaxy's mirror image falls on it);
the solution is ``galaxies-solution W H`` then H rows of W galaxy numbers ``1..R``
(:mod:`~pencilsat.puzzles.partition`), ``#`` for a cut-out cell.

No clue tools: taking a centre away does not widen the puzzle (its galaxy's cells would
have to join others), so a puzzle without it keeps none of the answers.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.partition import (
    PartitionFormat,
    PartitionSolution,
    partition_size_mismatch,
)
from pencilsat.puzzles.regions import NO_REGION, Regions, draw_regions, read_drawn_regions
from pencilsat.puzzles.textgrid import expect_row_count, read_header

Point = tuple[int, int]
"""A lattice point (row, column) of the (2H + 1) x (2W + 1) lattice."""
CENTRE = "o"
BLACK_CENTRE = "*"
NOTHING = "."
CUT_OUT = "#"


@dataclass(frozen=True, eq=False)
class GalaxiesPuzzle(ArrayValue):
    """An immutable Spiral Galaxies grid: ``centres`` is the (2H + 1) x (2W + 1) lattice,
    True where a galaxy's centre stands (never on the outer border); ``cut_out`` (H x W,
    none when not given) the cells cut out of the board; ``black`` (the lattice, none when
    not given) the centres that are black (pzprjs' black dots: drawn, not a rule)."""

    ARRAYS = ("centres", "cut_out", "black")
    genre: ClassVar[str] = "galaxies"

    centres: np.ndarray
    cut_out: np.ndarray | None = None
    name: str = field(default="", compare=False)
    black: np.ndarray | None = None

    def __post_init__(self) -> None:
        arr = np.array(self.centres, dtype=bool)
        if arr.ndim != 2 or arr.shape[0] < 3 or arr.shape[1] < 3 or \
                arr.shape[0] % 2 == 0 or arr.shape[1] % 2 == 0:
            raise ValueError("a Galaxies lattice is (2H + 1) x (2W + 1), H and W >= 1")
        if arr[0].any() or arr[-1].any() or arr[:, 0].any() or arr[:, -1].any():
            raise ValueError("no galaxy centre stands on the outer border")
        arr.setflags(write=False)
        object.__setattr__(self, "centres", arr)
        shape = ((arr.shape[0] - 1) // 2, (arr.shape[1] - 1) // 2)
        holes = np.zeros(shape, dtype=bool) if self.cut_out is None else \
            np.array(self.cut_out, dtype=bool)
        if holes.shape != shape:
            raise ValueError(f"the cut-out cells are a {shape[1]}x{shape[0]} grid")
        holes.setflags(write=False)
        object.__setattr__(self, "cut_out", holes)
        black = np.zeros(arr.shape, dtype=bool) if self.black is None else \
            np.array(self.black, dtype=bool)
        if black.shape != arr.shape or (black & ~arr).any():
            raise ValueError("a black centre is a centre of the lattice")
        black.setflags(write=False)
        object.__setattr__(self, "black", black)

    @property
    def holes(self) -> np.ndarray:
        """The cut-out cells (H x W booleans)."""
        assert self.cut_out is not None  # set in __post_init__
        return self.cut_out

    @property
    def black_centres(self) -> np.ndarray:
        """The black centres (the lattice's booleans)."""
        assert self.black is not None  # set in __post_init__
        return self.black

    @property
    def height(self) -> int:
        return (self.centres.shape[0] - 1) // 2

    @property
    def width(self) -> int:
        return (self.centres.shape[1] - 1) // 2

    def points(self) -> list[Point]:
        """The centres' lattice points, row-major."""
        ys, xs = np.nonzero(self.centres)
        return list(zip(ys.tolist(), xs.tolist(), strict=True))


def touching(point: Point) -> list[Cell]:
    """The cells a centre at ``point`` touches (1, 2 or 4), row-major: all in its galaxy."""
    y, x = point
    rows = sorted({(y - 1) // 2, y // 2})
    cols = sorted({(x - 1) // 2, x // 2})
    return [(r, c) for r in rows for c in cols]


def mirror(point: Point, cell: Cell) -> Cell:
    """The cell the half turn about ``point`` takes ``cell`` to (maybe outside the grid)."""
    return point[0] - cell[0] - 1, point[1] - cell[1] - 1


def describe(point: Point) -> str:
    """Where a centre stands, in the words of cells (rows and columns from 1)."""
    y, x = point
    rows = " and ".join(str(r + 1) for r in sorted({(y - 1) // 2, y // 2}))
    cols = " and ".join(str(c + 1) for c in sorted({(x - 1) // 2, x // 2}))
    return (f"the centre on row{'s' if y % 2 == 0 else ''} {rows}, "
            f"column{'s' if x % 2 == 0 else ''} {cols}")


@dataclass(frozen=True, eq=False)
class GalaxiesSolution(PartitionSolution):
    """A Spiral Galaxies answer: its galaxies as a region grid."""

    genre = "galaxies"


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> GalaxiesPuzzle:
    """Corpus format: ``galaxies W H`` then 2H + 1 rows of 2W + 1 characters (``o`` a
    centre, ``*`` a black one, ``#`` a cut-out cell, ``.`` nothing)."""
    width, height, rows, first_line, _ = read_header(text, "galaxies")
    expect_row_count(rows, 2 * height + 1, first_line,
                     hint="a Galaxies grid of height H has 2H + 1 lattice rows")
    lattice = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    black = np.zeros(lattice.shape, dtype=bool)
    holes = np.zeros((height, width), dtype=bool)
    for y, (line, row) in enumerate(rows):
        if len(row) != 2 * width + 1:
            raise InputError(f"lattice row has {len(row)} characters, expected "
                             f"{2 * width + 1}", line=line, column=min(len(row), 2 * width) + 1,
                             hint="a Galaxies grid of width W has rows of 2W + 1 characters")
        if not row.strip(CENTRE + NOTHING):  # centres and dots only: a row at once
            marked = np.frombuffer(row.encode("ascii"), dtype=np.uint8) == ord(CENTRE)
            inner = y not in (0, 2 * height) and not marked[0] and not marked[-1]
            if inner:
                lattice[y] = marked
                continue
        for x, ch in enumerate(row):
            if ch in (CENTRE, BLACK_CENTRE):
                if y in (0, 2 * height) or x in (0, 2 * width):
                    raise InputError("a galaxy centre on the outer border", line=line,
                                     column=x + 1,
                                     hint="half of its galaxy would lie outside the grid; "
                                          "the first and last rows and columns are '.'")
                lattice[y, x] = True
                black[y, x] = ch == BLACK_CENTRE
            elif ch == CUT_OUT:
                if y % 2 == 0 or x % 2 == 0:
                    raise InputError("a cut-out cell '#' off a cell's centre", line=line,
                                     column=x + 1, hint="'#' stands on a cell's centre: an "
                                                        "odd row and odd column of the lattice")
                holes[y // 2, x // 2] = True
            elif ch != NOTHING:
                raise InputError(f"unknown character {ch!r}", line=line, column=x + 1,
                                 hint="allowed: 'o' a galaxy centre, '*' a black one, '#' "
                                      "a cut-out cell, '.' nothing")
    return GalaxiesPuzzle(lattice, holes, name=name, black=black)


def format_puzzle(puzzle: GalaxiesPuzzle) -> str:
    rows = [[CENTRE if v else NOTHING for v in row] for row in puzzle.centres.tolist()]
    for y, x in zip(*np.nonzero(puzzle.black_centres), strict=True):
        rows[y][x] = BLACK_CENTRE
    for r, c in zip(*np.nonzero(puzzle.holes), strict=True):
        rows[2 * r + 1][2 * c + 1] = CUT_OUT
    return (f"galaxies {puzzle.width} {puzzle.height}\n" + "\n".join("".join(row) for row in rows)
            + "\n")


FORMAT = PartitionFormat("galaxies-solution", GalaxiesSolution, numbered_by_first_cell=True,
                         outside=CUT_OUT)
"""The answer's text: ``galaxies-solution W H`` then rows of galaxy numbers ``1..R`` in
order of each galaxy's first cell (only that numbering reads), ``#`` a cut-out cell."""


def draw_text(puzzle: GalaxiesPuzzle, solution: GalaxiesSolution | None = None) -> str:
    """The lattice with the galaxies' borders (``|``, ``-``, ``+`` corners; only the frame
    without a solution) and every centre as ``o`` (``*`` black) where it stands: one
    character per lattice point, so the drawing is the puzzle's text with the borders drawn
    in."""
    if solution is not None and solution.ids.shape == (puzzle.height, puzzle.width):
        regions = solution.regions
    else:
        regions = Regions.from_labels(np.where(puzzle.holes, NO_REGION, 0))
    holes = puzzle.holes
    lines = [list(line) for line in draw_regions(
        regions, lambda r, c: CUT_OUT if holes[r, c] else " ", 1)]
    black = puzzle.black_centres
    for y, x in puzzle.points():
        lines[y][x] = BLACK_CENTRE if black[y, x] else CENTRE
    return "\n".join("".join(line).rstrip() for line in lines) + "\n"


def parse_drawing(lines: list[str], puzzle: GalaxiesPuzzle) -> GalaxiesSolution:
    """The galaxies of :func:`draw_text`'s drawing: cells joined where no ``|`` or ``-``
    separates them; the puzzle's cut-out cells outside every galaxy."""
    regions = read_drawn_regions(lines, puzzle.width, puzzle.height, "Galaxies")
    return GalaxiesSolution(Regions.from_labels(np.where(puzzle.holes, NO_REGION,
                                                         regions.ids)))


# ------------------------------------------------------------------ the rule checker


def check(puzzle: GalaxiesPuzzle, solution: GalaxiesSolution) -> list[Violation]:
    """Every broken rule, named with its cell (a galaxy's first cell, a centre's first
    cell, or the cell whose mirror image is missing); an empty list means the answer is
    valid. A galaxy is one 4-connected region by the answer's type: a label in two pieces
    is two regions, one of them without a centre."""
    wrong_size = partition_size_mismatch((puzzle.height, puzzle.width), solution)
    if wrong_size:
        return wrong_size
    ids = solution.ids
    out = []
    for r, c in zip(*np.nonzero(puzzle.holes != (ids == NO_REGION)), strict=True):
        cell = (int(r), int(c))
        out.append(Violation("cut-out", cell, "the cut-out cell lies in a galaxy"
                             if puzzle.holes[cell] else "the cell lies in no galaxy"))
    centres_in: dict[int, list[Point]] = defaultdict(list)
    for point in puzzle.points():
        cells = touching(point)
        regions = {int(ids[cell]) for cell in cells}
        if NO_REGION in regions:
            out.append(Violation("centre-cut-out", cells[0],
                                 f"{describe(point)} touches a cut-out cell"))
        elif len(regions) > 1:
            out.append(Violation("centre-split", cells[0],
                                 f"{describe(point)} touches cells of {len(regions)} "
                                 "galaxies"))
        else:
            centres_in[regions.pop()].append(point)
    height, width = ids.shape
    for k, cells in enumerate(solution.regions.cells()):
        points = centres_in.get(k, [])
        if not points:
            out.append(Violation("no-centre", cells[0],
                                 f"the galaxy of {len(cells)} cells holds no centre"))
            continue
        if len(points) > 1:
            out.append(Violation("two-centres", cells[0],
                                 f"the galaxy holds {len(points)} centres"))
            continue
        for cell in cells:
            r, c = mirror(points[0], cell)
            if not (0 <= r < height and 0 <= c < width) or ids[r, c] != k:
                where = "outside the grid" if not (0 <= r < height and 0 <= c < width) \
                    else f"cell ({r + 1}, {c + 1}), in another galaxy"
                out.append(Violation("not-symmetric", cell,
                                     f"the half turn about {describe(points[0])} takes the "
                                     f"cell to {where}"))
                break
    return out


def why_none(puzzle: GalaxiesPuzzle) -> str | None:
    """Two centres that touch one cell (each galaxy would hold the cell), or a centre that
    touches a cut-out cell."""
    seen: dict[Cell, Point] = {}
    for point in puzzle.points():
        for cell in touching(point):
            if puzzle.holes[cell]:
                return (f"{describe(point)} touches the cut-out cell ({cell[0] + 1}, "
                        f"{cell[1] + 1})")
            if cell in seen:
                return (f"{describe(seen[cell])} and {describe(point)} both touch the cell "
                        f"({cell[0] + 1}, {cell[1] + 1})")
            seen[cell] = point
    return None


RULES = GenreRules(
    puzzle_type=GalaxiesPuzzle, solution_type=GalaxiesSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    why_none=why_none, parse_drawing=parse_drawing,
    backbone_rows=FORMAT.backbone_rows,
)
