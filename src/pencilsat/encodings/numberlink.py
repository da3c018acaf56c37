"""Numberlink as clauses on the loop machinery's edge grid, "no stray loop" connectivity.

Variables ``1..E`` are the edges between side-by-side cells
(:class:`~pencilsat.encodings.loops.edges.GridEdges`), true where a line runs. Rules:

- a numbered cell ends exactly one line: one of its edges (a clause, pairwise "not two");
- an unnumbered cell is on no line or passes one: 0 or 2 of its edges (the loop genres'
  :func:`~pencilsat.encodings.loops.degree.degree_clauses`);
- a line joins equal numbers: every cell carries the *label* of its number's pair, fixed on
  the numbers, copied along every used edge. With few pairs the label is one-hot (a variable
  per cell and pair, off the lines none, on a line one, pairwise "not two" up to
  :data:`AT_MOST_ONE_MOST` pairs: strong propagation); from
  :data:`ONE_HOT_MOST` pairs on, it is binary (``bit_length(P - 1)`` bits a cell: a
  1000-pair grid needs 10 variables a cell, not 1000). A line's two ends are numbers with
  its label, so equal numbers. A value given more often (``?`` ends) has a label per line,
  chosen by its ends (:func:`group_clauses`).

What is left is a stray loop through unnumbered cells. "No loop" is "every used edge is
joined to a number along used edges": a requirement over the edges' *line graph* (two
edges next to each other when they share a cell) plus a root next to every numbered
cell's edges, always in the set (variable ``E + 1``, fixed true). The
:mod:`~pencilsat.encodings.connectivity` cut around a loop says "some edge at one of its
cells leaves it, or a loop edge is unused". The encoding is a
:class:`~pencilsat.encodings.connectivity.ShadingEncoding`, so the shared connectivity runs
solve it; :func:`complete_cnf` writes the requirement with
:func:`~pencilsat.encodings.reachability.ranked_parents` instead (a fixed clause list).

Unused cells are allowed (janko, pzprjs' ``numlin``) but in the filled variant (``filled``
is then a rule); a value given once or an odd number of times leaves no answer.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.cardinality import count_clauses
from pencilsat.encodings.connectivity import (
    Clause,
    Graph,
    Requirement,
    ShadingEncoding,
    steps_within,
)
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.loops.degree import degree_clauses
from pencilsat.encodings.loops.edges import DOWN, RIGHT, GridEdges
from pencilsat.encodings.reachability import ranked_parents
from pencilsat.puzzles.numberlink import (
    EMPTY,
    Edge,
    NumberlinkPuzzle,
    NumberlinkSolution,
    edge,
)

ONE_HOT_MOST = 64
"""Pairs up to which a cell's label is one-hot; above, binary."""
AT_MOST_ONE_MOST = 16
"""Pairs up to which an unnumbered cell's one-hot label is said to be at most one, pairwise
(``P(P - 1) / 2`` clauses a cell)."""
CHUNK = 16_384
"""Cells (or edges) per step between two looks at the clock."""
CHOSEN = -2
""":func:`label_plan`'s mark of an end whose label is chosen (an end of a group)."""
Group = tuple[list[int], list[int]]
"""A value given more than twice: its cell ids and its labels (one per line)."""


def label_plan(puzzle: NumberlinkPuzzle) -> tuple[np.ndarray, list[Group], int]:
    """Per cell id the index of its fixed label (-1 unnumbered, :data:`CHOSEN` an end of a
    group), the groups, and the number of labels. A value given at most twice has one label,
    fixed on its cells; a value given more often (the ``?`` ends, or a number given four
    times) is a group of ``n // 2`` labels (one per line), which its ends choose among."""
    numbers = puzzle.numbers.ravel()
    given = np.flatnonzero(numbers != EMPTY)
    _, which, counts = np.unique(numbers[given], return_inverse=True, return_counts=True)
    lines = np.where(counts > 2, counts // 2, 1)  # labels per value
    first = np.concatenate(([0], np.cumsum(lines)[:-1])).astype(np.int64)
    pair = np.full(len(numbers), -1, dtype=np.int64)
    pair[given] = np.where(counts[which] > 2, CHOSEN, first[which])
    groups: list[Group] = [
        (given[which == k].tolist(), list(range(int(first[k]), int(first[k] + lines[k]))))
        for k in np.flatnonzero(counts > 2).tolist()]
    return pair, groups, int(lines.sum())


def label_variables(puzzle: NumberlinkPuzzle, first: int) -> tuple[np.ndarray, np.ndarray]:
    """Per cell id the label's variables (from ``first`` on, cell by cell) and per cell the
    index of its fixed label (:func:`label_plan`): one column per label (one-hot) or per bit."""
    numbers = puzzle.numbers.ravel()
    pair, _, count = label_plan(puzzle)
    columns = count if count <= ONE_HOT_MOST else int(count - 1).bit_length()
    labels = first + np.arange(len(numbers) * columns, dtype=np.int64).reshape(len(numbers),
                                                                             columns)
    return labels, pair


def group_clauses(labels: np.ndarray, groups: list[Group], one_hot: bool, top: int
                  ) -> tuple[list[Clause], int]:
    """The labels a group's ends choose (:func:`label_plan`): each end exactly one of the
    group's labels, each label on exactly two ends (an odd group: no answer), and labels in
    order of their first end (cell ids; *value precedence*: an end takes label ``j`` only
    after some earlier end took ``j - 1``), so an answer's lines give one labelling. With
    binary labels, a variable per end and label says which, and fixes the end's bits; new
    variables from ``top + 1`` on. Returns the clauses and the last variable."""
    out: list[Clause] = []
    for cells, chosen in groups:
        if len(cells) % 2:
            out.append([])  # every line has two ends
            continue
        if one_hot:
            picks = labels[np.ix_(cells, chosen)]
            others = np.delete(labels[cells], chosen, axis=1)
            out.extend((-others).reshape(-1, 1).tolist())
        else:
            picks = top + 1 + np.arange(len(cells) * len(chosen)).reshape(len(cells),
                                                                          len(chosen))
            top += picks.size
            for i, cell in enumerate(cells):
                for j, label in enumerate(chosen):
                    out.extend([-int(picks[i, j]), int(bit) if label >> b & 1 else -int(bit)]
                               for b, bit in enumerate(labels[cell].tolist()))
        for row in picks.tolist():
            more, top = count_clauses(row, 1, 1, top)
            out.extend(more)
        for column in picks.T.tolist():
            more, top = count_clauses(column, 2, 2, top)
            out.extend(more)
        for i in range(len(cells)):
            out.extend([-int(picks[i, j]), *picks[:i, j - 1].tolist()]
                       for j in range(1, len(chosen)))
    return out, top


def _fixed_labels(labels: np.ndarray, pair: np.ndarray, one_hot: bool) -> np.ndarray:
    """Unit clauses (one literal a row) fixing every numbered cell's label."""
    numbered = np.flatnonzero(pair >= 0)
    columns = labels.shape[1]
    if one_hot:
        truth = np.arange(columns)[None, :] == pair[numbered][:, None]
    else:
        truth = (pair[numbered][:, None] >> np.arange(columns)[None, :]) & 1 == 1
    lits = labels[numbered]
    return np.where(truth, lits, -lits).reshape(-1, 1)


def _copied_labels(grid: GridEdges, labels: np.ndarray, edges: slice) -> np.ndarray:
    """Rows "a used edge copies every label variable from one end to the other"."""
    end_a, end_b, _ = grid.arrays()
    v = np.arange(len(grid) + 1, dtype=np.int64)[1:][edges]
    a, b = labels[end_a[v]], labels[end_b[v]]
    used = np.broadcast_to(v[:, None], a.shape)
    return np.stack((np.stack((-used, -a, b), axis=-1), np.stack((-used, a, -b), axis=-1)),
                    axis=2).reshape(-1, 3)


def lone_ends(puzzle: NumberlinkPuzzle) -> list[int]:
    """The cell ids of the values given once: a line joins two ends of one value, so such an
    end has no line to draw, which its "exactly one edge" contradicts at once (without this,
    a solver must rule out every path from it: minutes on a 20x20)."""
    numbers = puzzle.numbers.ravel()
    given = np.flatnonzero(numbers != EMPTY)
    values, counts = np.unique(numbers[given], return_counts=True)
    return given[np.isin(numbers[given], values[counts == 1])].tolist()


def _endpoint_clauses(grid: GridEdges, cell: int) -> list[Clause]:
    """Exactly one of the cell's edges."""
    edges = grid.incident_ids[cell]
    return [list(edges)] + [[-edges[i], -edges[j]] for i in range(len(edges))
                            for j in range(i + 1, len(edges))]


def line_graph(grid: GridEdges, numbered: np.ndarray, *, deadline: float | None = None
               ) -> Graph:
    """Edge variable v is node ``v - 1``, next to the edges sharing a cell with it; the
    root node ``E`` is next to every edge of a numbered cell (``numbered``: a boolean per
    cell id)."""
    end_a, end_b, incident = grid.arrays()
    count = len(grid)
    root = count
    neighbours: list[tuple[int, ...]] = []
    inc = incident.tolist()
    ends_a, ends_b, marks = end_a.tolist(), end_b.tolist(), numbered.tolist()
    for v in range(1, count + 1):
        if v % CHUNK == 0:
            check_clock(deadline)
        a, b = ends_a[v], ends_b[v]
        around = [w - 1 for w in inc[a] if w and w != v] + [w - 1 for w in inc[b] if w and w != v]
        if marks[a] or marks[b]:
            around.append(root)
        neighbours.append(tuple(around))
    neighbours.append(tuple(v - 1 for v in range(1, count + 1)
                            if marks[ends_a[v]] or marks[ends_b[v]]))
    return Graph(tuple(neighbours))


def build(puzzle: NumberlinkPuzzle, *, deadline: float | None = None, shortest: bool = False,
          allow_loops: bool = False) -> ShadingEncoding[NumberlinkSolution]:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed. ``shortest`` adds :func:`shortcut_free` (fewer
    answers: only for a search that also looks for :func:`detour`); ``allow_loops`` leaves
    "no stray loop" out (no requirement: for a search that drops each model's loops and
    forbids an answer by "some edge of it unused", the strategies' ``LoopsDropped``)."""
    width, height = puzzle.width, puzzle.height
    check_clock(deadline)
    grid = GridEdges(width, height)
    count = len(grid)
    true = count + 1
    labels, pair = label_variables(puzzle, true + 1)
    _, groups, label_count = label_plan(puzzle)
    one_hot = label_count <= ONE_HOT_MOST
    num_vars = true + labels.size
    numbered = pair != -1
    blank = np.flatnonzero(~numbered)
    clauses: list[Clause] = [[true]]
    for first in range(0, len(blank), CHUNK):
        check_clock(deadline)
        clauses.extend(degree_clauses(grid, blank[first:first + CHUNK]))
    for cell in np.flatnonzero(numbered).tolist():
        clauses.extend(_endpoint_clauses(grid, cell))
    clauses.extend([-e] for cell in lone_ends(puzzle) for e in grid.incident_ids[cell])
    if puzzle.filled:
        clauses.extend(filled(puzzle))
    check_clock(deadline)
    if labels.shape[1]:
        clauses.extend(_fixed_labels(labels, pair, one_hot).tolist())
        for first in range(0, count, CHUNK):
            check_clock(deadline)
            clauses.extend(_copied_labels(grid, labels, slice(first, first + CHUNK)).tolist())
        if one_hot:
            clauses.extend(_one_hot_rows(grid, labels, blank, deadline))
        more, num_vars = group_clauses(labels, groups, one_hot, num_vars)
        clauses.extend(more)
    if shortest:
        clauses.extend(shortcut_free(grid, labels if one_hot else None, deadline))
        clauses.extend(corner_rules(grid, numbered, deadline))
        if one_hot and labels.shape[1]:
            more, num_vars = straight_gap_rules(grid, labels, num_vars + 1, deadline)
            clauses.extend(more)
    graph = line_graph(grid, numbered, deadline=deadline)
    literals = np.arange(1, count + 2, dtype=np.int64)
    requirement = Requirement(literals, anchor=count, name="no loop")
    check_clock(deadline)

    def decode(values: np.ndarray) -> NumberlinkSolution:
        used = np.flatnonzero(values[1:count + 1]) + 1
        return NumberlinkSolution(grid.edge_pairs(used.tolist()), width, height)

    return ShadingEncoding(num_vars, clauses, [], graph, [] if allow_loops else [requirement],
                           list(range(1, count + 1)), decode)


def filled(puzzle: NumberlinkPuzzle) -> list[Clause]:
    """"Every unnumbered cell is on a line" (with the degree clauses: has two edges): a rule
    of the filled variant (:func:`build` adds it); otherwise not a rule (unused cells are
    allowed) but a guess a search may try first on a copy of the rules (a janko answer fills
    the grid, and the guess makes finding it fast); a model of rules and guess is still a
    model of the rules."""
    grid = GridEdges(puzzle.width, puzzle.height)
    blank = np.flatnonzero(puzzle.numbers.ravel() == EMPTY).tolist()
    incident = grid.incident_ids
    return [list(incident[cell]) for cell in blank]


def _one_hot_rows(grid: GridEdges, labels: np.ndarray, blank: np.ndarray,
                  deadline: float | None) -> list[Clause]:
    """An unnumbered cell's one-hot label: a label only on a line (``label -> some edge``),
    a line cell has one (``edge -> some label``) and, up to :data:`AT_MOST_ONE_MOST` pairs,
    not two (pairwise; implied by the rest, as the label is copied along the line to a
    number, but stated it ends a search sooner: the uniqueness proof alone took 50,333
    conflicts instead of 89,836 on janko 469_15x15, 15,388 instead of 29,591 on 45_12x15,
    19,886 instead of 29,080 on 285_13x13, 34,759 instead of 44,563 on 171_10x10, 12,023
    instead of 14,090 on 224_10x10, 40,397 instead of 40,928 on 153_12x12, but 2,464
    instead of 820 on the easy 219_10x10)."""
    out: list[Clause] = []
    incident = grid.incident_ids
    columns = labels.shape[1]
    pairs = ([(i, j) for i in range(columns) for j in range(i + 1, columns)]
             if columns <= AT_MOST_ONE_MOST else [])
    for i, cell in enumerate(blank.tolist()):
        if i % CHUNK == 0:
            check_clock(deadline)
        edges = incident[cell]
        mine = labels[cell].tolist()
        out.extend([-lab, *edges] for lab in mine)
        out.extend([-e, *mine] for e in edges)
        out.extend([-mine[a], -mine[b]] for a, b in pairs)
    return out


def shortcut_free(grid: GridEdges, labels: np.ndarray | None,
                  deadline: float | None = None) -> list[Clause]:
    """Clauses that keep only answers no line of which can be shortened: two side-by-side
    cells of one line are joined by an edge (with one-hot ``labels``: "same label, then the
    edge"), and no line turns through three sides of a 2x2 block (the smallest case, as
    three negative literals per block and side left out).

    Sound for deciding the verdict together with :func:`detour`: a line through two
    side-by-side cells not joined directly can be cut short there (the cells between go
    unused, which the rules allow), a shorter answer; shortening ends, so an answer exists
    exactly when one of these does, and a second answer B besides a shortcut-free A either
    shortens to another shortcut-free answer or, one step before reaching A, is A with one
    stretch rerouted through unused cells, which :func:`detour` finds. With one-hot labels
    the shortening is through unused cells too (:func:`unused_cell_rules`, and
    :func:`straight_gap_rules` in :func:`build`)."""
    check_clock(deadline)
    width, height = grid.width, grid.height
    right, down = grid.sides[:, RIGHT], grid.sides[:, DOWN]
    corner = np.arange(width * height).reshape(height, width)[:-1, :-1].ravel()
    out: list[Clause] = []
    if len(corner):
        square = np.stack((right[corner], down[corner], down[corner + 1],
                           right[corner + width]), axis=1)
        for left_out in range(4):
            three = np.delete(square, left_out, axis=1)
            out.extend((-three).tolist())
    if labels is not None and labels.shape[1]:
        end_a, end_b, _ = grid.arrays()
        v = np.arange(1, len(grid) + 1, dtype=np.int64)
        for first in range(0, len(v), CHUNK):
            check_clock(deadline)
            part = v[first:first + CHUNK]
            a, b = labels[end_a[part]], labels[end_b[part]]
            used = np.broadcast_to(part[:, None], a.shape)
            out.extend(np.stack((-a, -b, used), axis=-1).reshape(-1, 3).tolist())
        out.extend(unused_cell_rules(grid, labels, deadline))
    return out


def unused_cell_rules(grid: GridEdges, labels: np.ndarray, deadline: float | None = None
                      ) -> list[Clause]:
    """Clauses kept by every *reduced* answer (no line has a stretch that a shorter path
    through unused cells could replace, :func:`shortcut_free`'s shortening made general),
    around an unused cell ``u`` (one-hot ``labels``): two opposite neighbours of ``u`` are
    not on one line (the stretch between them is 4 or more, the path through ``u`` is 2),
    and two neighbours round a corner on one line are joined through the diagonal cell
    (the stretch between them is 2 only that way). As clauses: some edge of ``u`` is used,
    or the two do not both carry pair ``k`` (opposite), or the edge to the diagonal cell is
    used (corner)."""
    width, height = grid.width, grid.height
    sides = grid.sides
    columns = labels.shape[1]
    out: list[Clause] = []
    for u in range(width * height):
        if u % CHUNK == 0:
            check_clock(deadline)
        r, c = divmod(u, width)
        around = [e for e in sides[u].tolist() if e]
        for x, y in ((u - width, u + width), (u - 1, u + 1)):
            if (x == u - 1 and c in (0, width - 1)) or (x == u - width and r in (0, height - 1)):
                continue
            out.extend([*around, -int(labels[x, k]), -int(labels[y, k])]
                       for k in range(columns))
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            if not (0 <= r + dr < height and 0 <= c + dc < width):
                continue
            x, y, d = (r + dr) * width + c, r * width + c + dc, (r + dr) * width + c + dc
            for e in (_between(grid, x, d), _between(grid, y, d)):
                out.extend([*around, -int(labels[x, k]), -int(labels[y, k]), e]
                           for k in range(columns))
    return out


def corner_rules(grid: GridEdges, numbered: np.ndarray, deadline: float | None = None
                 ) -> list[Clause]:
    """Clauses kept by every answer in *normal form* (below): a line turning at a cell ``d``
    round an unused cell ``u`` (the opposite corner of their 2x2 block, ``x-d-y`` with ``x``
    and ``y`` beside both) only when ``u`` comes after ``d`` (cell ids, row by row). As
    clauses, for each block and each of its two diagonals, the later cell ``d``: the two
    edges at ``d`` are not both used, or some edge of ``u`` is (``numbered``: a boolean per
    cell id; a numbered ``u`` or ``d`` is left out, as it never is unused or a turn).

    The normal form: a *move* turns an answer into another, either shortening a stretch of
    a line through unused cells (:func:`shortcut_free`) or rerouting a turn ``x-d-y`` round
    an unused ``u`` as ``x-u-y`` when ``d`` comes after ``u`` (as long, ``d`` left unused).
    Each move lowers the pair (used cells, minus the sum of the unused cells' ids), so
    moves end, at an answer no move applies to, which keeps every clause of
    :func:`shortcut_free`, :func:`unused_cell_rules`, :func:`straight_gap_rules` and these.
    An answer ``B`` other than a first answer ``A`` moves on to one other than ``A`` unless
    its last move reaches ``A``; the step back from ``A`` is then a stretch of ``A``
    rerouted through unused cells of ``A`` (a longer one, or a turn round one), which
    :func:`detour` finds. So the verdict is the rules'."""
    check_clock(deadline)
    width, height = grid.width, grid.height
    sides = grid.sides
    right, down = sides[:, RIGHT], sides[:, DOWN]
    corner = np.arange(width * height).reshape(height, width)[:-1, :-1].ravel()
    out: list[Clause] = []
    if not len(corner):
        return out
    top_right, bottom_left, bottom_right = corner + 1, corner + width, corner + width + 1
    # (turn, its two edges, unused opposite cell): bottom right round top left, bottom
    # left round top right (the later cell of each diagonal)
    for turn, one, two, unused in (
            (bottom_right, down[top_right], right[bottom_left], corner),
            (bottom_left, down[corner], right[bottom_left], top_right)):
        keep = ~(numbered[turn] | numbered[unused])
        rows = np.concatenate((-np.stack((one, two), axis=1), sides[unused]), axis=1)[keep]
        out.extend([lit for lit in row if lit] for row in rows.tolist())
    return out


def straight_gap_rules(grid: GridEdges, labels: np.ndarray, first: int,
                       deadline: float | None = None) -> tuple[list[Clause], int]:
    """Clauses kept by every reduced answer (see :func:`unused_cell_rules`): two cells of one
    row (or column) with only unused cells between them are not on one line (the line's
    stretch between them is longer than the straight path through the unused cells, which
    is the only path of that length). Variables from ``first`` on: ``seen[c, k]`` for a cell
    ``c`` and pair ``k``, per direction (rightwards, downwards), forced true when ``c`` is
    unused and the nearest used cell before it in that direction carries ``k``; a used cell
    carrying ``k`` right after such a cell is refused. Returns the clauses and the last
    variable."""
    width = grid.width
    cells, columns = labels.shape
    out: list[Clause] = []
    top = first - 1
    for step, side in ((1, RIGHT), (width, DOWN)):
        seen = top + 1 + np.arange(cells * columns, dtype=np.int64).reshape(cells, columns)
        top += cells * columns
        for x in range(cells):
            if x % CHUNK == 0:
                check_clock(deadline)
            link = int(grid.sides[x, side])
            if not link:
                continue  # no next cell in this direction
            nxt = x + step
            free = [int(e) for e in grid.sides[nxt].tolist() if e]  # some edge: nxt used
            for k in range(columns):
                lab_x, seen_x = int(labels[x, k]), int(seen[x, k])
                out.append([-lab_x, *free, int(seen[nxt, k])])
                out.append([-seen_x, *free, int(seen[nxt, k])])
                out.append([-seen_x, -int(labels[nxt, k])])
    return out, top


def _between(grid: GridEdges, a: int, b: int) -> int:
    """The edge variable between side-by-side cell ids ``a`` and ``b``."""
    low, high = min(a, b), max(a, b)
    return int(grid.sides[low, RIGHT] if high == low + 1 else grid.sides[low, DOWN])


def detour(puzzle: NumberlinkPuzzle, edges: frozenset[tuple[Cell, Cell]]
           ) -> frozenset[tuple[Cell, Cell]] | None:
    """Another answer made from the answer ``edges``: a stretch of a line between two of its
    cells ``x`` and ``y`` that touch one set of joined unused cells, replaced by a path from
    ``x`` to ``y`` through that set; ``None`` when no line touches such a set twice.

    With :func:`shortcut_free`'s and :func:`corner_rules`' clauses this keeps the verdict:
    every answer moves to one in normal form (the clauses' models), and an answer other than
    ``A`` that moves to ``A`` is, one step before ``A``, ``A`` with a stretch replaced
    through unused cells of ``A``, which needs a set of them touching that line twice."""
    width, height = puzzle.width, puzzle.height
    links: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    place: dict[Cell, tuple[int, int]] = {}  # cell -> (line, position along it)
    lines: list[list[Cell]] = []
    for start in sorted(c for c, ns in links.items() if len(ns) == 1):
        if start in place:
            continue
        walk, prev = [start], None
        while True:
            nxt = [n for n in links[walk[-1]] if n != prev]
            if not nxt:
                break
            prev = walk[-1]
            walk.append(nxt[0])
        for i, cell in enumerate(walk):
            place[cell] = (len(lines), i)
        lines.append(walk)

    def neighbours(cell: Cell) -> list[Cell]:
        r, c = cell
        return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= n[0] < height and 0 <= n[1] < width]

    seen: set[Cell] = set()
    for r in range(height):
        for c in range(width):
            if (r, c) in links or (r, c) in seen:
                continue
            parent: dict[Cell, Cell | None] = {(r, c): None}
            queue = [(r, c)]
            touching: dict[int, tuple[int, Cell, Cell]] = {}  # line -> (position, cell, via)
            for cell in queue:  # breadth-first over the set of unused cells
                for n in neighbours(cell):
                    if n in links:
                        line, pos = place[n]
                        known = touching.setdefault(line, (pos, n, cell))
                        if known[0] != pos:
                            seen.update(queue)
                            return _replaced(edges, lines[line], known, (pos, n, cell),
                                             parent)
                    elif n not in parent:
                        parent[n] = cell
                        queue.append(n)
            seen.update(queue)
    return None


def _replaced(edges: frozenset[Edge], line: list[Cell], one: tuple[int, Cell, Cell],
              other: tuple[int, Cell, Cell], parent: dict[Cell, Cell | None]
              ) -> frozenset[Edge]:
    """``edges`` with ``line``'s stretch between two touching cells replaced by a path through
    the unused cells ``parent`` spans (each touch: position, line cell, unused cell next to
    it)."""
    (i, x, via_x), (j, y, via_y) = sorted((one, other))

    def to_root(cell: Cell) -> list[Cell]:
        out = [cell]
        while parent[out[-1]] is not None:
            out.append(parent[out[-1]])  # type: ignore[arg-type]
        return out

    up_x, up_y = to_root(via_x), to_root(via_y)
    common = set(up_x) & set(up_y)
    meet = next(c for c in up_x if c in common)  # the two branches' lowest common cell
    path = up_x[:up_x.index(meet) + 1] + up_y[:up_y.index(meet)][::-1]
    walk = [x, *path, y]
    stretch = {edge(a, b) for a, b in zip(line[i:j], line[i + 1:j + 1], strict=True)}
    return (edges - stretch) | {edge(a, b) for a, b in zip(walk, walk[1:], strict=False)}


def complete_cnf(puzzle: NumberlinkPuzzle, deadline: float | None = None) -> ClauseEncoding:
    """The rules as one fixed clause list whose models, on the edge variables, are exactly
    the answers: "no loop" as ranked parents over the line graph from the root, an edge's
    rank up to half of the longest line (its distance to the nearer end). ``pencilsat
    study``'s complete CNF and the certificate's formula."""
    encoding = build(puzzle, deadline=deadline)
    clauses = list(encoding.clauses)
    count = encoding.graph.size - 1
    blanks = int((puzzle.numbers == EMPTY).sum())
    deepest = (blanks + 2) // 2
    lowest = steps_within(encoding.graph, [count], deepest + 1, lambda v: True)
    literals = list(range(1, count + 2))
    more, top = ranked_parents(encoding.graph, literals, count, deepest, encoding.num_vars,
                               lowest, deadline)
    clauses.extend(more)

    def decode(values_true: set[int]) -> NumberlinkSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in values_true if 0 < v <= top]] = True
        return encoding.decode(values)

    return ClauseEncoding("numberlink", top, clauses, list(encoding.answer), decode)
