"""The fence bound: the cells a Nurikabe wall of known size can close around one island.

An island that touches no edge of the grid (*enclosed*) has every neighbour in the wall,
and the wall is connected. If the island spans h rows and w columns, the wall then has at
least 2(h + w) + 3 cells (proof in ``docs/encodings.md``, Nurikabe), and h * w >= n for an
island of n cells, so h + w >= s(n), the least s with s * s // 4 >= n. When every number
is given the wall's total W is known, and:

- an island with 2 s(n) + 3 > W is never enclosed: it has a cell on the edge (a clause);
- an island that may be enclosed, but only in a box little over its smallest
  (``MAX_SLACK``), gets a literal for it and counts of its rows and columns (unary, exact
  on both backends), with "enclosed -> h + w <= (W - 3) // 2" and "h * w >= n";
- two diagonal open cells of different islands have both common neighbours in the wall,
  and the wall's path between those two closes a curve around one of the islands: one of
  them is enclosed (a clause per diagonal pair of the islands above).

A small wall is where this binds: 6 of the 1,003 janko puzzles get clauses. It decides
janko 29_10x10 (only a 6x6 square is fenced by its 27 wall cells): unknown at 300 s on both
backends without it, unique in 0.4 s (CNF) and 0.8 s (CP-SAT) with it; in the benchmark
1030_32x32 went from 21.3 to 4.7 s on CP-SAT, 753_10x10 from 57.0 to 16.3 s
(``benchmarks/results/nurikabe.md``, 2026-11-27).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Clause

MAX_SLACK = 1
"""An island that may be enclosed is fenced only when the wall leaves its box at most this
much over the smallest (h + w <= s(n) + MAX_SLACK): with any room at all (12 janko 7x7
puzzles, slack 2-4) the clauses decided nothing and cost up to 1.4x on those
(``docs/experiments/nurikabe.md``)."""

DIAGONAL_BUDGET = 50_000
"""At most this many diagonal clauses (janko needs 1,130 at most): a dozen huge islands
that reach the whole of a large grid would otherwise write millions."""

Count = tuple[list[int], int]
"""Exactly ``n`` of these literals are true (an encoding's ``sizes`` entry)."""


def smallest_box(n: int) -> int:
    """The least h + w of an h x w box that holds n cells (h * w >= n)."""
    s = 0
    while s * s // 4 < n:
        s += 1
    return s


def fence_clauses(width: int, height: int, numbers: Sequence[int | None],
                  labels: Sequence[dict[int, int]], wall: int, top: int,
                  deadline: float | None = None) -> tuple[list[Clause], list[Count], int]:
    """The clauses and counts of the fence bound (module docstring) for islands with these
    ``numbers`` and ``labels`` (cell -> "the cell is this island's") when the wall has
    ``wall`` cells; returns them with the last variable used."""
    def on_edge(v: int) -> bool:
        return v // width in (0, height - 1) or v % width in (0, width - 1)

    bound = (wall - 3) // 2
    clauses: list[Clause] = []
    counts: list[Count] = []
    never: set[int] = set()
    enclosed: dict[int, int] = {}
    for i, (number, label) in enumerate(zip(numbers, labels, strict=True)):
        check_clock(deadline)
        if number is None:
            continue
        edge = [x for v, x in label.items() if on_edge(v)]
        if 2 * smallest_box(number) + 3 > wall:
            never.add(i)
            clauses.append(edge)
            continue
        if bound - smallest_box(number) > MAX_SLACK:
            continue
        inner = [v for v in label if not on_edge(v)]
        rows = min(len({v // width for v in inner}), number)
        columns = min(len({v % width for v in inner}), number)
        if rows + columns <= bound:
            continue  # every box the island can take fits the wall
        top += 1
        enclosed[i] = top
        clauses.extend([-top, -x] for x in edge)
        clauses.append([top, *edge])
        spans = []
        for axis in (lambda v: v // width, lambda v: v % width):
            more, count, outs, top = _span(label, axis, top)
            clauses.extend(more)
            counts.append(count)
            spans.append(outs)
        clauses.extend(_box_clauses(spans[0], spans[1], number, bound, enclosed[i]))
    clauses.extend(_diagonal_clauses(width, height, labels, never, enclosed, deadline))
    return clauses, counts, top


def _span(label: dict[int, int], axis: Callable[[int], int], top: int
          ) -> tuple[list[Clause], Count, list[int], int]:
    """How many rows (or columns: ``axis`` maps a cell to its line) the island occupies, as
    order outputs ``outs[k - 1]`` <=> "at least k": a literal per line ("the island has a
    cell there", both ways), the lines an interval (the island is connected), and one
    exact count "lines + not outs = len(lines)" with ``outs`` descending."""
    lines: dict[int, list[int]] = {}
    for v, x in label.items():
        lines.setdefault(axis(v), []).append(x)
    keys = sorted(lines)
    present = {k: top + 1 + j for j, k in enumerate(keys)}
    top += len(keys)
    clauses: list[Clause] = []
    for k, xs in lines.items():
        clauses.extend([-x, present[k]] for x in xs)
        clauses.append([-present[k], *xs])
    # before[j]: some line before keys[j] is occupied; after[j]: some line after it
    before = list(range(top + 1, top + 1 + len(keys)))
    after = list(range(top + 1 + len(keys), top + 1 + 2 * len(keys)))
    top += 2 * len(keys)
    for j, k in enumerate(keys):
        if j:
            clauses.extend([[-present[keys[j - 1]], before[j]], [-before[j - 1], before[j]]])
        if j + 1 < len(keys):
            clauses.extend([[-present[keys[j + 1]], after[j]], [-after[j + 1], after[j]]])
        clauses.append([-before[j], present[k], -after[j]])
    outs = list(range(top + 1, top + 1 + len(keys)))
    top += len(keys)
    clauses.extend([-outs[k], outs[k - 1]] for k in range(1, len(outs)))
    count = ([present[k] for k in keys] + [-o for o in outs], len(keys))
    return clauses, count, outs, top


def _box_clauses(rows: list[int], columns: list[int], number: int, bound: int,
                 enclosed: int) -> list[Clause]:
    """"enclosed -> h + w <= bound" and "h * w >= number" over the order outputs."""
    def at_least(outs: list[int], k: int) -> int | bool:
        """The literal "at least k lines", or True / False when it is constant."""
        return True if k <= 0 else outs[k - 1] if k <= len(outs) else False

    clauses: list[Clause] = []
    for a in range(len(rows) + 1):
        h, w = at_least(rows, a), at_least(columns, bound - a + 1)
        if h is not False and w is not False:
            clauses.append([-enclosed, *(-x for x in (h, w) if x is not True)])
    for first, second in ((rows, columns), (columns, rows)):
        for a in range(1, len(first) + 1):
            more, other = at_least(first, a + 1), at_least(second, -(-number // a))
            if more is not True and other is not True:
                clauses.append([x for x in (more, other) if x is not False])
    return clauses


def _diagonal_clauses(width: int, height: int, labels: Sequence[dict[int, int]],
                      never: set[int], enclosed: dict[int, int],
                      deadline: float | None) -> list[Clause]:
    """Two diagonal cells of islands i and j: one of the two is enclosed (for islands that
    are never enclosed, or have an "enclosed" literal). Pairs with an "enclosed" literal
    come first, then the rest while they surely fit ``DIAGONAL_BUDGET`` (a pair writes at
most four clauses per cell of the smaller island's reach)."""
    known = sorted(never | set(enclosed))
    pairs = sorted(((i, j) for x, i in enumerate(known) for j in known[x + 1:]),
                   key=lambda pair: (not (set(pair) & set(enclosed)),
                                     min(len(labels[pair[0]]), len(labels[pair[1]]))))
    clauses: list[Clause] = []
    for i, j in pairs:
        check_clock(deadline)
        if len(clauses) + 4 * min(len(labels[i]), len(labels[j])) > DIAGONAL_BUDGET:
            continue
        either = [enclosed[k] for k in (i, j) if k in enclosed]
        theirs = labels[j]
        for v, lit in labels[i].items():
            r, c = divmod(v, width)
            for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                u = (r + dr) * width + c + dc
                if 0 <= r + dr < height and 0 <= c + dc < width and u in theirs:
                    clauses.append([-lit, -theirs[u], *either])
    return clauses
