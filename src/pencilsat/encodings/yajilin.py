"""Yajilin's local rules as clauses over the loop's edges and one shading variable per open
cell, without the one-loop rule.

The loop runs through cell centres (:class:`~pencilsat.encodings.loops.edges.GridEdges` over
the puzzle's cells), so the degree rule is the one every loop genre shares
(:mod:`pencilsat.encodings.loops.degree`: 0 or 2 loop edges per cell). The rest:

- a clue or given black cell has no loop edge (its edges are settled false before SAT, so
  the degree clauses they satisfy are left out);
- an open cell is shaded or on the loop, not both: ``s or some edge`` and ``not s or not e``
  per edge (with the degree rules, *on the loop* means two edges);
- two neighbouring open cells are not both shaded;
- an arrow counts the shading variables of the open cells in its direction: the pairs
  (literals, count) in :attr:`YajilinEncoding.counts`, which the CNF strategy writes with
  PySAT's ``CardEnc`` and CP-SAT as linear sums;
- some edge is used (the strict lazy loop search requires one; every Yajilin has a loop).

Variables: the edges ``1..len(grid)``, then one shading variable per open cell, row-major.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from pencilsat.encodings.clause_arrays import Clause, true_literals
from pencilsat.encodings.loops.degree import degree_clauses
from pencilsat.encodings.loops.edges import DOWN, RIGHT, GridEdges
from pencilsat.puzzles.yajilin import EMPTY, YajilinPuzzle, YajilinSolution


@dataclass(frozen=True)
class YajilinEncoding:
    """The variables of one puzzle: its edges, its shading variables and its arrows."""

    grid: GridEdges
    shade: np.ndarray
    """Per cell id, its shading variable (0 for a clue or given black cell)."""
    open_cells: np.ndarray
    """The ids of the open cells, ascending."""
    values: np.ndarray
    """Per variable (index 0 unused) 1 / -1 when settled before SAT (edges of closed cells),
    0 when open."""
    counts: list[tuple[list[int], int]]
    """Per arrow, the shading variables of the open cells it looks at, and its count."""

    @property
    def num_vars(self) -> int:
        return len(self.grid) + len(self.open_cells)


def build(puzzle: YajilinPuzzle) -> YajilinEncoding:
    """Number the variables of ``puzzle`` (numpy, no clause yet)."""
    grid = GridEdges(puzzle.width, puzzle.height)
    is_open = (puzzle.numbers == EMPTY).ravel()
    open_cells = np.flatnonzero(is_open)
    shade = np.zeros(puzzle.width * puzzle.height, dtype=np.int64)
    shade[open_cells] = len(grid) + 1 + np.arange(len(open_cells))
    values = np.zeros(len(grid) + len(open_cells) + 1, dtype=np.int8)
    closed_sides = grid.sides[~is_open]
    values[closed_sides[closed_sides > 0]] = -1
    counts = []
    for cell, direction, count in puzzle.clues():
        lits = [int(shade[grid.cell_id(other)]) for other in puzzle.looking_at(cell, direction)
                if is_open[grid.cell_id(other)]]
        counts.append((lits, count))
    return YajilinEncoding(grid, shade, open_cells, values, counts)


def settled_units(encoding: YajilinEncoding) -> list[Clause]:
    """The literals settled before SAT, as unit clauses."""
    return true_literals(encoding.values)[:, None].tolist()


def cell_clauses(encoding: YajilinEncoding, cells: slice = slice(None)) -> list[Clause]:
    """Shaded or on the loop, not both, for the open cells of ``cells`` (a range of
    positions in ``open_cells``)."""
    grid, chosen = encoding.grid, encoding.open_cells[cells]
    if not len(chosen):
        return []
    sides = grid.sides[chosen]
    shade = encoding.shade[chosen][:, None]
    some = np.concatenate((shade, np.where(encoding.values[sides] < 0, 0, sides)), axis=1)
    out = [[lit for lit in row if lit] for row in some.tolist()]
    pairs = np.stack((np.broadcast_to(-shade, sides.shape), -sides), axis=2)
    keep = (sides > 0) & (encoding.values[sides] == 0)
    out.extend(pairs[keep].tolist())
    return out


def adjacency_clauses(encoding: YajilinEncoding, cells: slice = slice(None)) -> list[Clause]:
    """No two neighbouring open cells both shaded, for the cell ids of ``cells``."""
    grid, shade = encoding.grid, encoding.shade
    ids = np.arange(grid.width * grid.height, dtype=np.int64)[cells]
    out: list[np.ndarray] = []
    for side, step in ((RIGHT, 1), (DOWN, grid.width)):
        has = grid.sides[ids, side] > 0
        a = ids[has]
        pair = np.stack((shade[a], shade[a + step]), axis=1)
        pair = pair[(pair > 0).all(axis=1)]
        out.append(-pair)
    return np.concatenate(out).tolist()


def some_edge(encoding: YajilinEncoding) -> list[Clause]:
    """One clause: some edge between two open cells is on the loop."""
    edges = np.flatnonzero(encoding.values[1:len(encoding.grid) + 1] == 0) + 1
    return [edges.tolist()]


def rule_parts(encoding: YajilinEncoding, band: int) -> Iterator[list[Clause]]:
    """Every clause but the arrows' counts, in pieces of at most ``band`` cells each: a
    caller with a time limit looks at the clock between pieces."""
    grid = encoding.grid
    cells = grid.width * grid.height
    yield settled_units(encoding)
    for first in range(0, cells, band):
        yield degree_clauses(grid, slice(first, first + band), encoding.values)
    for first in range(0, len(encoding.open_cells), band):
        yield cell_clauses(encoding, slice(first, first + band))
    for first in range(0, cells, band):
        yield adjacency_clauses(encoding, slice(first, first + band))
    yield some_edge(encoding)


def yajilin_solution(puzzle: YajilinPuzzle, encoding: YajilinEncoding,
                     edge_vars: list[int]) -> YajilinSolution:
    """The answer drawn by the given (true) edge variables: every open cell off the loop is
    shaded (the rules leave it no other choice)."""
    edges = encoding.grid.edge_pairs(edge_vars)
    on_loop = {cell for pair in edges for cell in pair}
    width = puzzle.width
    shaded = {divmod(int(i), width) for i in encoding.open_cells.tolist()} - on_loop
    return YajilinSolution(edges, frozenset(shaded), puzzle.width, puzzle.height)
