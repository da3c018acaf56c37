"""The answer of a region genre whose answer is a partition of the grid (Shikaku; Spiral
Galaxies to come): the region grid, its text format (rows of region numbers ``1..R``), and
where two partitions differ.

Two partitions differ at a cell when the cell's region is not the same set of cells in both;
a region drawn the same in both is the same wherever its number falls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.regions import OnRegions, Regions, read_region_rows, region_rows
from pencilsat.puzzles.textgrid import expect_row_count, read_header, token_position


@dataclass(frozen=True, eq=False)
class PartitionSolution(OnRegions):
    """An answer that divides the grid into regions (``regions``: every cell in one, every
    region 4-connected, numbered by first cell); a genre subclasses it to name itself."""

    regions: Regions

    genre: ClassVar[str] = ""

    def __post_init__(self) -> None:
        regions = self.regions if isinstance(self.regions, Regions) else Regions.from_labels(
            np.asarray(self.regions))
        object.__setattr__(self, "regions", regions)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.regions == other.regions

    def __hash__(self) -> int:
        return hash(self.regions)

    @property
    def ids(self) -> np.ndarray:
        return self.regions.ids

    def differing_cells(self, other: PartitionSolution) -> list[Cell]:
        """Cells, row-major, whose region is another set of cells in ``other``."""
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(differing(self.ids, other.ids)),
                                                 strict=True)]


def differing(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The mask of cells whose region (a set of cells) differs between the region grids
    ``a`` and ``b`` (numbers ``0..R-1``, one shape; grids of two shapes differ everywhere):
    a region is the same in both when all its cells share one region of the other grid, of
    the same size."""
    a, b = np.asarray(a, dtype=np.int64) + 1, np.asarray(b, dtype=np.int64) + 1
    if a.shape != b.shape:  # (+ 1: a cell outside every region, NO_REGION, counts as 0)
        return np.ones(a.shape, dtype=bool)
    size_a = np.bincount(a.ravel())
    size_b = np.bincount(b.ravel())
    pairs, counts = np.unique(np.stack([a.ravel(), b.ravel()]), axis=1, return_counts=True)
    same = np.zeros(len(size_a), dtype=bool)
    whole = (counts == size_a[pairs[0]]) & (counts == size_b[pairs[1]])
    same[pairs[0][whole]] = True
    return ~same[a]


SolutionType = TypeVar("SolutionType", bound=PartitionSolution)


class PartitionFormat(Generic[SolutionType]):
    """The answer's text: ``<tag> W H`` then H rows of W region numbers ``1..R`` (numbered
    by first cell when written; any numbering of 4-connected regions reads), with
    ``GenreRules``' signatures."""

    def __init__(self, tag: str, solution_type: type[SolutionType], *,
                 numbered_by_first_cell: bool = False, outside: str | None = None) -> None:
        self.tag = tag
        self.solution_type = solution_type
        self.outside = outside
        """The token of a cell outside every region (a cut-out cell), when a genre has
        one."""
        self.numbered_by_first_cell = numbered_by_first_cell
        """Read only the numbering :meth:`solution_rows` writes (``1..R`` in order of each
        region's first cell): one answer has one text, so a changed number is never the
        same answer renumbered."""

    def parse_solution(self, text: str, puzzle: Any = None) -> SolutionType:
        width, height, rows, first_line, _ = read_header(text, self.tag)
        expect_row_count(rows, height, first_line)
        regions = read_region_rows(rows, width, self.outside)
        if self.numbered_by_first_cell:
            expect_first_cell_numbering(rows, regions)
        return self.solution_type(regions)

    def from_rows(self, rows: list[str]) -> SolutionType:
        """The rows :meth:`solution_rows` writes (the JSON ``solution`` field)."""
        if not rows:
            raise InputError("no rows given", hint="give one row of region numbers per grid row")
        width = len(rows[0].split())
        return self.parse_solution(f"{self.tag} {width} {len(rows)}\n" + "\n".join(rows) + "\n")

    def solution_rows(self, puzzle: Any, solution: SolutionType) -> list[str]:
        return region_rows(solution.regions, self.outside or "#")

    def format_solution(self, puzzle: Any, solution: SolutionType) -> str:
        return (f"{self.tag} {solution.width} {solution.height}\n"
                + "\n".join(self.solution_rows(puzzle, solution)) + "\n")

    def backbone_rows(self, puzzle: Any, solution: SolutionType,
                      undecided: list[Cell]) -> list[str]:
        """The solution's rows with ``?`` for every region number an undecided cell has."""
        tokens = [row.split() for row in self.solution_rows(puzzle, solution)]
        for r, c in undecided:
            tokens[r][c] = "?"
        return [" ".join(row) for row in tokens]


def expect_first_cell_numbering(rows: list[tuple[int, str]], regions: Regions) -> None:
    """An :class:`InputError` at the first cell whose number in ``rows`` is not its
    region's place in order of first cells (from 1)."""
    for r, ((_, row), expected) in enumerate(zip(rows, region_rows(regions), strict=True)):
        if row.split() != expected.split():
            c = next(c for c, (a, b) in enumerate(zip(row.split(), expected.split(),
                                                      strict=True)) if a != b)
            line_number, column = token_position(rows, r, c)
            raise InputError(f"region number {row.split()[c]} where {expected.split()[c]} "
                             "comes next", line=line_number, column=column,
                             hint="number the regions 1, 2, ... in order of each region's "
                                  "first cell, row by row")


def partition_size_mismatch(shape: tuple[int, ...],
                            solution: PartitionSolution) -> list[Violation]:
    """The one violation of an answer of another size than the puzzle."""
    if solution.ids.shape == tuple(shape):
        return []
    return [Violation("wrong-size", None,
                      f"the answer is {solution.width}x{solution.height}, the puzzle "
                      f"{shape[1]}x{shape[0]}")]
