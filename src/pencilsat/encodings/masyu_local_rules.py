"""Masyu's local rules as clauses over one boolean per grid edge, without the single-loop rule.

Shared by the ``lazy`` (CNF, sub-loop cuts) and ``circuit`` (CP-SAT ``AddCircuit``) strategies:
both state degree and pearl rules the same way and differ only in how they enforce one loop.

The rules are Tamura's (digest, "Constraints" 1, 3-5) restated directly on edges, so no
integer, direction or straightness variable is needed:

- degree in {0, 2}: a used edge at a cell needs another used edge there (no dead end), and no
  three edges of a cell are used together (no branch); a pearl cell has a used edge.
- white pearl: the loop goes straight (left <-> right, up <-> down, and one of the two axes);
  it turns beside the pearl: when the horizontal axis is used, the edges two cells to the left
  and two to the right are not both used (the neighbour already uses the edge towards the pearl
  and has degree 2, so it is straight exactly when it continues outward). Same vertically.
- black pearl: the loop turns (not left and right, not up and down, one of each axis), and an
  arm that leaves the pearl continues straight through the next cell (edge -> next edge on).

Variables are numbered 1..len(edges) in ``MasyuPuzzle.all_edges()`` order (row-major, right
edge before down edge), which PySAT uses directly and CP-SAT maps to its own literals.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from pencilsat.puzzles.common import Cell
from pencilsat.puzzles.masyu import BLACK, WHITE, Edge, MasyuPuzzle, MasyuSolution

Clause = list[int]


class GridEdges:
    """The edge variables of a grid: edge <-> 1-based variable number, and edges per cell."""

    def __init__(self, puzzle: MasyuPuzzle) -> None:
        self.width = width = puzzle.width
        self.height = puzzle.height
        self.edges: list[Edge] = puzzle.all_edges()
        self.var: dict[Edge, int] = {e: i + 1 for i, e in enumerate(self.edges)}
        self.ends: list[tuple[int, int]] = [(0, 0)]
        """Per variable (index 0 unused): the two cells as ids ``row * width + col``."""
        self.ends.extend((a[0] * width + a[1], b[0] * width + b[1]) for a, b in self.edges)
        self.incident_ids: list[list[int]] = [[] for _ in range(width * self.height)]
        """Edge variables per cell id, in variable order."""
        for v in range(1, len(self.ends)):
            a, b = self.ends[v]
            self.incident_ids[a].append(v)
            self.incident_ids[b].append(v)
        self.incident: dict[Cell, list[int]] = dict(zip(puzzle.cells(), self.incident_ids,
                                                        strict=True))
        self._arrays: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """numpy views for per-model work on big grids, built once: the two end cells per
        variable (index 0 unused) and the up-to-four edge variables per cell (0 pads)."""
        if self._arrays is None:
            ends = np.array(self.ends, dtype=np.int64)
            incident = np.zeros((self.width * self.height, 4), dtype=np.int64)
            for cell, edge_vars in enumerate(self.incident_ids):
                incident[cell, : len(edge_vars)] = edge_vars
            self._arrays = (ends[:, 0], ends[:, 1], incident)
        return self._arrays

    def cell_id(self, cell: Cell) -> int:
        return cell[0] * self.width + cell[1]

    def cell_of(self, cell_id: int) -> Cell:
        return divmod(cell_id, self.width)

    def __len__(self) -> int:
        return len(self.edges)

    def between(self, a: Cell, b: Cell) -> int | None:
        """The variable of the edge between ``a`` and ``b``, ``None`` off the grid."""
        return self.var.get((a, b) if a < b else (b, a))

    def solution(self, variables: list[int]) -> MasyuSolution:
        """The answer drawn by the given (true) edge variables."""
        edges = frozenset(self.edges[v - 1] for v in variables)
        return MasyuSolution(edges, self.width, self.height)


def local_rule_clauses(puzzle: MasyuPuzzle, grid: GridEdges) -> list[Clause]:
    """Degree and pearl clauses for every cell; an empty clause means no answer exists."""
    clauses = [clause for incident in grid.incident_ids for clause in degree_zero_or_two(incident)]
    clauses.extend(pearl_clauses(puzzle, grid))
    return clauses


def pearl_clauses(puzzle: MasyuPuzzle, grid: GridEdges) -> list[Clause]:
    """Every pearl is on the loop and obeys its colour's rule (digest, constraints 4-5)."""
    clauses: list[Clause] = []
    for cell in puzzle.pearl_cells():
        clauses.extend(pearl_rule(grid, cell, int(puzzle.pearls[cell])))
    return clauses


def pearl_rule(grid: GridEdges, cell: Cell, colour: int) -> list[Clause]:
    """The clauses of one pearl: on the loop, then its colour's rule."""
    rule = white_pearl if colour == WHITE else black_pearl if colour == BLACK else None
    if rule is None:
        raise ValueError(f"no pearl at {cell}")
    return [list(grid.incident[cell]), *rule(grid, cell)]


def no_square_loops(grid: GridEdges) -> list[Clause]:
    """Forbid every 2x2 loop: it turns in all four cells, so no pearl can lie on it.

    Valid only when the puzzle has a pearl (the answer must visit it); a cheap, static share
    of the sub-loop cuts that the lazy strategy would otherwise learn one model at a time.
    """
    end_a, end_b, _ = grid.arrays()
    width, height = grid.width, grid.height
    right = np.zeros(width * height, dtype=np.int64)  # per cell: its right edge, 0 if none
    down = np.zeros(width * height, dtype=np.int64)
    v = np.arange(1, len(end_a))
    is_right = (end_b[1:] == end_a[1:] + 1) & (width > 1)
    right[end_a[1:][is_right]] = v[is_right]
    down[end_a[1:][~is_right]] = v[~is_right]
    corner = np.arange(width * height).reshape(height, width)[:-1, :-1].ravel()
    if not len(corner):
        return []
    return np.stack((-right[corner], -down[corner], -down[corner + 1], -right[corner + width]),
                    axis=1).tolist()


def degree_zero_or_two(incident: list[int]) -> list[Clause]:
    """No dead end (a used edge has a used partner) and no branch (no three edges together)."""
    out = [[-e] + [f for f in incident if f != e] for e in incident]
    out.extend([-a, -b, -c] for a, b, c in combinations(incident, 3))
    return out


def _axes(grid: GridEdges, cell: Cell) -> list[tuple[tuple[int, int], int | None, int | None]]:
    """For the horizontal and vertical axis: (unit step, edge before, edge after)."""
    r, c = cell
    return [
        ((0, 1), grid.between(cell, (r, c - 1)), grid.between(cell, (r, c + 1))),
        ((1, 0), grid.between(cell, (r - 1, c)), grid.between(cell, (r + 1, c))),
    ]


def white_pearl(grid: GridEdges, cell: Cell) -> list[Clause]:
    """Straight through the pearl, and a turn in at least one of the two cells beside it."""
    r, c = cell
    out: list[Clause] = []
    open_axes = []
    for (dr, dc), before, after in _axes(grid, cell):
        if before is None or after is None:
            out.extend([-e] for e in (before, after) if e is not None)
            continue
        out.append([-before, after])
        out.append([-after, before])
        open_axes.append(before)
        far_before = grid.between((r - dr, c - dc), (r - 2 * dr, c - 2 * dc))
        far_after = grid.between((r + dr, c + dc), (r + 2 * dr, c + 2 * dc))
        if far_before is not None and far_after is not None:
            out.append([-before, -far_before, -far_after])
    out.append(open_axes)
    return out


def black_pearl(grid: GridEdges, cell: Cell) -> list[Clause]:
    """A turn on the pearl (one edge of each axis), each arm straight through the next cell."""
    r, c = cell
    out: list[Clause] = []
    for (dr, dc), before, after in _axes(grid, cell):
        present = [e for e in (before, after) if e is not None]
        out.append(present)
        if len(present) == 2:
            out.append([-before, -after])
        for sign, arm in ((-1, before), (1, after)):
            if arm is None:
                continue
            near = (r + sign * dr, c + sign * dc)
            far = grid.between(near, (r + 2 * sign * dr, c + 2 * sign * dc))
            out.append([-arm] if far is None else [-arm, far])
    return out
