"""Nurikabe as clauses, island sizes as cardinalities, connectivity as lazy requirements.

Variables: ``shaded`` per cell (``1..W*H``, row-major) and, per numbered cell k, a *label*
``x[c][k]`` ("c lies in k's island") only for the cells k's island can reach
(:func:`island_reach`). Rules:

- a numbered cell is unshaded with its own label; an unshaded cell has a label, a shaded
  one none; a cell no island reaches is shaded;
- adjacent unshaded cells share their label (``x[c][k] and not shaded[d] -> x[d][k]``);
- an island of a known number has exactly n labels (``sizes``: cardinalities, written by
  the CNF strategy with PySAT's ``CardEnc`` and by CP-SAT as linear sums);
- no 2x2 block is all shaded (on :class:`~pencilsat.encodings.shading.ShadingGrid`).

Cells the sound rules of :mod:`~pencilsat.encodings.nurikabe_rules` settle first are unit
clauses, and the labels keep to the reach those cells leave. Labels make every unshaded
region one island with one number of the right size, provided each island and the wall
are connected:

- an island is connected by distance layers from its number (exact, no cuts:
  :func:`~pencilsat.encodings.reachability.distance_layers`) while they take at most
  ``layers_up_to`` variables; a larger one (a 994 on 32x32) by lazy cuts;
- the wall by parent pointers (:func:`~pencilsat.encodings.reachability.parent_pointers`,
  rooted at a cell no island reaches when there is one) and lazy cuts for what they leave.

On all janko (``python benchmarks/nurikabe.py``) layers and pointers each cut the median
several times over against cuts alone. A small wall (huge islands: counting decides) gets
its total (cells minus the numbers) as a cardinality, Euler's formula on the 2x2 blocks the
islands fill (:func:`island_blocks`), and the fence bound on what it can close around one
island (:mod:`~pencilsat.encodings.nurikabe_fence`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import (
    Clause,
    Graph,
    Requirement,
    ShadingEncoding,
    grid_graph,
    steps_within,
)
from pencilsat.encodings.nurikabe_barrier import barrier_clauses
from pencilsat.encodings.nurikabe_fence import fence_clauses
from pencilsat.encodings.nurikabe_rules import OPEN, WALL, may_take, settle, takers
from pencilsat.encodings.reachability import CLOCK_EVERY, distance_layers
from pencilsat.encodings.shading import SHADED, ShadingGrid, no_full_blocks
from pencilsat.puzzles.nurikabe import NurikabePuzzle, NurikabeSolution

SMALL_WALL = 0.2
"""A wall of at most this share of the cells without a number is *small*: a few huge
islands, where counting decides."""


def wall_total(puzzle: NurikabePuzzle) -> int | None:
    """The wall's cells when every number is known (None with a ``?``)."""
    known = [n for _, n in puzzle.numbered_cells()]
    if None in known:
        return None
    return puzzle.width * puzzle.height - sum(n for n in known if n is not None)


def wall_share(puzzle: NurikabePuzzle) -> float | None:
    """The wall's share of the cells without a number (None with a ``?``)."""
    wall = wall_total(puzzle)
    open_cells = puzzle.width * puzzle.height - len(puzzle.numbered_cells())
    return None if wall is None or not open_cells else wall / open_cells


@dataclass(frozen=True)
class NurikabeSettings:
    """What the encoding adds to the labels (module docstring)."""

    layers_up_to: int = 100_000
    """Islands whose distance layers take at most this many variables get them; larger ones
    are connected by lazy cuts."""
    wall_pointers: bool = True
    wall_total_share: float = 0.2
    """Add "the wall has exactly its cells" when it is at most this share of the cells
    without a number (1.0: always, as CP-SAT takes it for free; 0: never)."""
    blocks_share: float = SMALL_WALL
    """Add :func:`island_blocks` when the wall is at most this share of the cells without a
    number (0: never)."""
    rules: bool = True
    """Settle cells by :mod:`~pencilsat.encodings.nurikabe_rules` first."""
    fence: bool = True
    """Add the fence bound of :mod:`~pencilsat.encodings.nurikabe_fence` (every number
    given)."""


NurikabeEncoding = ShadingEncoding[NurikabeSolution]
"""The rules, cardinalities and connectivity requirements of a Nurikabe."""


def island_reach(puzzle: NurikabePuzzle, graph: Graph | None = None,
                 deadline: float | None = None,
                 settled: list[int] | None = None) -> list[dict[int, int]]:
    """Per numbered cell (row-major), the cells (``r * W + c``) its island can hold, each
    with its distance in steps from the number.

    A cell of k's island is joined to k by a path inside the island, so fewer than n_k
    steps away (any number for ``?``), along cells that are neither numbered nor next to
    another numbered cell (such a cell would put two numbers in one island). With
    ``settled`` (:func:`~pencilsat.encodings.nurikabe_rules.settle`'s states) the path
    also avoids wall and other islands' cells and their neighbours, and a cell lies within
    the island's missing cells of its known ones. ``graph``: the grid's, when the caller
    has it."""
    width = puzzle.width
    graph = graph or grid_graph(width, puzzle.height)
    numbered = puzzle.numbered_cells()
    if settled is not None:
        return _settled_reach(puzzle, graph, settled, deadline)
    owner = {r * width + c: i for i, ((r, c), _) in enumerate(numbered)}
    near: dict[int, int] = {}  # a cell next to numbered cell i (-1: next to two)
    for v, i in owner.items():
        for n in graph.neighbours[v]:
            if n not in owner:
                near[n] = i if near.get(n, i) == i else -1
    out = []
    for i, ((r, c), number) in enumerate(numbered):
        check_clock(deadline)
        limit = graph.size if number is None else number - 1
        out.append(steps_within(graph, [r * width + c], limit, _clear_of_others(owner, near, i)))
    return out


def _clear_of_others(owner: dict[int, int], near: dict[int, int],
                     island: int) -> Callable[[int], bool]:
    """Whether a cell is neither numbered nor next to a number other than ``island``'s."""
    return lambda n: n not in owner and near.get(n, island) == island


def _settled_reach(puzzle: NurikabePuzzle, graph: Graph, settled: list[int],
                   deadline: float | None) -> list[dict[int, int]]:
    """:func:`island_reach` given the settled cells: the cells within the missing cells'
    steps of an island's known ones, along the cells it may take
    (:func:`~pencilsat.encodings.nurikabe_rules.takers`), and their distance from the
    number along those cells."""
    takers_of = takers(settled, graph)
    members: list[list[int]] = [[] for _ in puzzle.numbered_cells()]
    for v, s in enumerate(settled):
        if s >= 0:
            members[s].append(v)
    out = []
    for i, ((r, c), number) in enumerate(puzzle.numbered_cells()):
        check_clock(deadline)
        budget = graph.size if number is None else number - len(members[i])
        allowed = steps_within(graph, members[i], budget, may_take(takers_of, i))
        limit = graph.size if number is None else number - 1
        out.append(steps_within(graph, [r * puzzle.width + c], limit, allowed.__contains__))
    return out


def build(puzzle: NurikabePuzzle, *, deadline: float | None = None,
          settings: NurikabeSettings | None = None) -> NurikabeEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    settings = settings or NurikabeSettings()
    width, height = puzzle.width, puzzle.height
    cells = width * height
    grid = ShadingGrid(width, height, deadline=deadline)
    graph = grid.graph
    numbered = puzzle.numbered_cells()
    shaded = grid.shaded.ravel()
    is_numbered = np.zeros(cells, dtype=bool)
    is_numbered[[r * width + c for (r, c), _ in numbered]] = True
    check_clock(deadline)
    settled = settle(puzzle, graph, deadline) if settings.rules else None
    reaches = island_reach(puzzle, graph, deadline, settled)
    labels = [dict(zip(reach, grid.new_variables(len(reach)).tolist(), strict=True))
              for reach in reaches]
    clauses = grid.clauses
    clauses.extend([-int(s)] for s in shaded[is_numbered])
    if settings.rules:
        clauses.extend(_settled_units(settled, labels))
    islands: list[Requirement] = []
    cell_labels: list[list[int]] = [[] for _ in range(cells)]
    for ((r, c), number), label, reach in zip(numbered, labels, reaches, strict=True):
        check_clock(deadline)
        start = r * width + c
        clauses.append([label[start]])
        for v, x in label.items():
            cell_labels[v].append(x)
            for n in graph.neighbours[v]:
                clauses.append([-x, int(shaded[n]), label[n]] if n in label
                               else [-x, int(shaded[n])])
        if number is not None and number >= 2:
            grid.exactly(list(label.values()), number)
        if number is not None and number < 3:
            continue  # two cells touch: connected by the sharing rule
        deepest = (len(reach) if number is None else number) - 1
        if sum(deepest - d + 1 for d in reach.values() if d) <= settings.layers_up_to:
            more, grid.top = distance_layers(graph, label, start, reach, deepest, grid.top,
                                             deadline=deadline)
            clauses.extend(more)
            continue
        clauses.extend([-x, *(label[n] for n in graph.neighbours[v] if n in label)]
                       for v, x in label.items() if v != start)
        literals = np.zeros(cells, dtype=np.int64)
        literals[list(label)] = list(label.values())
        islands.append(Requirement(literals, anchor=start, name="island"))
    for v in range(cells):
        if v % CLOCK_EVERY == 0:
            check_clock(deadline)
        clauses.append([int(shaded[v]), *cell_labels[v]])
        clauses.extend([-x, -int(shaded[v])] for x in cell_labels[v])
    wall = np.where(is_numbered, 0, shaded)
    grid.add(no_full_blocks(wall.reshape(height, width)))
    unreached = [v for v in range(cells) if not cell_labels[v]]
    root = unreached[0] if unreached else None
    grid.connected(SHADED, lits=wall.reshape(height, width), anchor=root,
                   neighbour_clauses=False, pointers=settings.wall_pointers, name="wall")
    grid.requirements.extend(islands)
    known = [n for _, n in numbered]
    open_cells = cells - len(numbered)
    wall_cells = wall_total(puzzle) or 0  # 0 with a ``?``: no count of the wall then
    if 0 < wall_cells <= settings.wall_total_share * open_cells:
        grid.exactly(shaded[~is_numbered].tolist(), wall_cells)
    if settings.fence and wall_cells > 0:
        more, counts, grid.top = fence_clauses(width, height, known, labels, wall_cells,
                                               grid.top, deadline)
        clauses.extend(more)
        grid.counts.extend(counts)
    if 0 < wall_cells <= settings.blocks_share * open_cells:
        more, count, grid.top = island_blocks(width, height, len(numbered), wall_cells,
                                              grid.top)
        clauses.extend(more)
        if count is not None:
            grid.counts.append(count)
    return grid.encoding(NurikabeSolution, answer=shaded[~is_numbered].tolist())


def barrier(puzzle: NurikabePuzzle, encoding: NurikabeEncoding, segments: int, top: int,
            deadline: float | None = None) -> tuple[list[Clause], int]:
    """The barrier rule (:mod:`~pencilsat.encodings.nurikabe_barrier`) for ``encoding``'s
    shading, with reach only for the cells it does not make wall by a unit clause; new
    variables after ``top``. Returns the clauses and the last variable."""
    cells = puzzle.width * puzzle.height
    walls = {c[0] for c in encoding.clauses if len(c) == 1 and 0 < c[0] <= cells}
    may_open = [v + 1 not in walls for v in range(cells)]
    return barrier_clauses(puzzle.width, puzzle.height, list(range(1, cells + 1)), may_open,
                           segments, top, deadline)


def _settled_units(settled: list[int] | None, labels: list[dict[int, int]]) -> list[Clause]:
    """The settled cells as unit clauses (the empty clause when the rules clashed)."""
    if settled is None:
        return [[]]
    units: list[Clause] = []
    for v, s in enumerate(settled):
        if s == WALL:
            units.append([v + 1])
        elif s == OPEN:
            units.append([-(v + 1)])
        elif s >= 0:
            units.append([labels[s][v]] if v in labels[s] else [])
    return units


def island_blocks(width: int, height: int, islands: int, wall: int,
                  top: int) -> tuple[list[Clause], tuple[list[int], int] | None, int]:
    """Euler's formula as a count: the 2x2 blocks the islands fill, less the wall's sides on
    the grid's edge, are at least ``C - 1`` (``docs/encodings.md``, Nurikabe).

    Counting the grid's I = 2WH - W - H adjacencies by what they join, with the wall
    connected and free of 2x2 blocks (its adjacencies: wall - 1 + its holes) and each island
    connected (cells - 1 + its all-open 2x2 blocks + its holes, at most one hole in all),
    gives blocks - edge sides >= C - 1 for C = I - WH - 1 + islands - 2 * wall. A variable
    per block implies its four cells open; "at least b of L" is "exactly L" with L - b
    free variables. Returns the clauses, the count (None when it binds nothing) and the
    last variable."""
    cells = width * height
    bound = 2 * cells - width - height - cells - 1 + islands - 2 * wall - 1
    if bound <= 0:
        return [], None, top
    clauses: list[Clause] = []
    literals: list[int] = []
    for r in range(height - 1):
        for c in range(width - 1):
            top += 1
            v = r * width + c + 1
            clauses.extend([-top, -u] for u in (v, v + 1, v + width, v + width + 1))
            literals.append(top)
    edge_sides = 0
    for r in range(height):
        for c in range(width):
            sides = (r == 0) + (r == height - 1) + (c == 0) + (c == width - 1)
            literals.extend([-(r * width + c + 1)] * sides)
            edge_sides += sides
    slack = len(literals) - bound - edge_sides
    if slack < 0:
        return [*clauses, []], None, top  # nothing can meet it: no model
    free = list(range(top + 1, top + 1 + slack))
    return clauses, (literals + free, len(literals)), top + slack
