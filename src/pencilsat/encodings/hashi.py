"""Hashiwokakero as clauses on the possible bridges, connectivity as a lazy requirement.

A *site* is a pair of islands that see each other along a row or a column across water
only; each holds 0, 1 or 2 bridges, as two variables ``one`` ("at least one") and ``two``
("two"), ``two -> one``. Rules:

- crossing: a horizontal and a vertical site over a common water cell are not both used;
- capacity: a site next to an island of number 1 has no second bridge;
- a ``?`` island (number not given) has some bridge when there are other islands;
- number: an island's sites hold as many bridges as its number (:attr:`sums`, written on
  CNF by :func:`sum_clauses` as Sugar writes a sum of order-encoded numbers, ``one`` and
  ``two`` being a site's count in the order encoding; CP-SAT takes linear sums);
- isolated pairs (when there are more than two islands): two islands of number 1 are never
  joined, two of number 2 never by two bridges; such a pair would be a group of its own.

Connectivity is over a graph that is not the grid: the islands and the sites as nodes, a
site next to its two islands (the *subdivided* island graph). Islands are always in the set
(a variable fixed true), a site when it holds a bridge, so the set is connected exactly when
the bridges join every island. The :mod:`~pencilsat.encodings.connectivity` cuts then say
"some bridge leaves this group of islands". Optionally
:func:`~pencilsat.encodings.reachability.parent_pointers` rooted at the first island remove
every group that is a tree of bridges before a cut is needed (off by default: janko puzzles
need 2.5 cuts on average without them, fewer than the pointers cost to build).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.connectivity import Clause, Graph, Requirement
from pencilsat.encodings.reachability import parent_pointers
from pencilsat.puzzles.hashi import (
    H1,
    H2,
    NONE,
    UNKNOWN,
    V1,
    V2,
    WATER,
    HashiPuzzle,
    HashiSolution,
)


@dataclass(frozen=True)
class HashiSettings:
    """What the encoding adds to the local rules (module docstring)."""

    pointers: bool = False
    """Parent pointers rooted at the first island: measured on every 8th janko puzzle they
    cost more to build and load than the few cuts they save (2026-11-26, best of 3 on 103
    puzzles: median 12.4 against 11.2 ms, total 1.49 against 1.08 s), so they are off by
    default."""
    isolated_pairs: bool = True


@dataclass(frozen=True)
class Site:
    """Islands ``first`` and ``second`` (indices into the row-major island list) facing each
    other across ``cells``; ``horizontal`` when they share a row."""

    first: int
    second: int
    cells: tuple[Cell, ...]
    horizontal: bool


def bridge_sites(puzzle: HashiPuzzle, deadline: float | None = None
                 ) -> tuple[list[Site], list[tuple[int, int]]]:
    """Every site (row by row, then column by column) and every crossing, a pair of a
    horizontal and a vertical site over one water cell."""
    numbers = puzzle.numbers
    height, width = numbers.shape
    index = np.full(numbers.shape, -1, dtype=np.int64)
    land = numbers != WATER
    index[land] = np.arange(int(land.sum()))
    sites: list[Site] = []
    across = np.full(numbers.shape, -1, dtype=np.int64)
    for r in range(height):
        _check(deadline)
        columns = np.flatnonzero(land[r]).tolist()
        for a, b in zip(columns, columns[1:], strict=False):
            across[r, a + 1:b] = len(sites)
            sites.append(Site(int(index[r, a]), int(index[r, b]),
                              tuple((r, c) for c in range(a + 1, b)), True))
    crossings: list[tuple[int, int]] = []
    for c in range(width):
        _check(deadline)
        rows = np.flatnonzero(land[:, c]).tolist()
        for a, b in zip(rows, rows[1:], strict=False):
            met = sorted(set(across[a + 1:b, c].tolist()) - {-1})
            crossings.extend((h, len(sites)) for h in met)
            sites.append(Site(int(index[a, c]), int(index[b, c]),
                              tuple((r, c) for r in range(a + 1, b)), False))
    return sites, crossings


@dataclass(frozen=True)
class HashiEncoding:
    """The rules as clauses over variables ``1..num_vars`` (1 is fixed true), the island
    sums, and the connectivity requirement over ``graph``."""

    num_vars: int
    clauses: list[Clause]
    sums: list[tuple[list[tuple[int, int]], int]]
    """Each: an island's sites, as their ``(one, two)`` literals, hold ``n`` bridges."""
    graph: Graph
    requirements: list[Requirement]
    answer: list[int]
    """``one`` and ``two`` of every site: what two answers differ in."""
    sites: list[Site]
    decode: Callable[[np.ndarray], HashiSolution]
    """The solution of a model given as booleans indexed by variable."""


TRUE = 1
"""The variable fixed true: every island's literal in the connectivity requirement."""


def one_of(site: int) -> int:
    return 2 + 2 * site


def two_of(site: int) -> int:
    return 3 + 2 * site


def build(puzzle: HashiPuzzle, *, deadline: float | None = None,
          settings: HashiSettings | None = None) -> HashiEncoding:
    """The encoding of ``puzzle``; ``TimeLimitReached`` once ``deadline`` (a
    ``perf_counter`` time) has passed."""
    settings = settings or HashiSettings()
    _check(deadline)
    number = [None if v == UNKNOWN else v
              for v in puzzle.numbers[puzzle.numbers != WATER].tolist()]
    sites, crossings = bridge_sites(puzzle, deadline)
    top = 1 + 2 * len(sites)
    clauses: list[Clause] = [[TRUE]]
    touching: list[list[tuple[int, int]]] = [[] for _ in number]
    many = len(number) > 2
    for i, site in enumerate(sites):
        if i % 10_000 == 0:
            _check(deadline)
        one, two = one_of(i), two_of(i)
        clauses.append([-two, one])
        ends = (number[site.first], number[site.second])
        if 1 in ends:
            clauses.append([-two])
        if settings.isolated_pairs and many and ends[0] == ends[1] and ends[0] in (1, 2):
            clauses.append([-one] if ends[0] == 1 else [-two])
        touching[site.first].append((one, two))
        touching[site.second].append((one, two))
    clauses.extend([-one_of(h), -one_of(v)] for h, v in crossings)
    sums = [(lits, n) for lits, n in zip(touching, number, strict=True) if n is not None]
    if len(number) > 1:  # a ``?`` island has a bridge, or it would be cut off
        clauses.extend([one for one, _ in lits] for lits, n in zip(touching, number,
                                                                   strict=True) if n is None)
    _check(deadline)
    size = len(number) + len(sites)
    graph = Graph.from_edges(size, [(s.first, len(number) + i) for i, s in enumerate(sites)]
                             + [(s.second, len(number) + i) for i, s in enumerate(sites)])
    literals = np.array([TRUE] * len(number) + [one_of(i) for i in range(len(sites))],
                        dtype=np.int64)
    requirements = [Requirement(literals, anchor=0, name="islands")] if number else []
    if settings.pointers and len(number) > 1:
        _check(deadline)
        more, top = parent_pointers(graph, literals.tolist(), 0, top)
        clauses.extend(more)
    answer = [lit for i in range(len(sites)) for lit in (one_of(i), two_of(i))]

    def decode(values: np.ndarray) -> HashiSolution:
        bridges = np.full(puzzle.numbers.shape, NONE, dtype=np.int8)
        for i, site in enumerate(sites):
            count = int(values[one_of(i)]) + int(values[two_of(i)])
            if count:
                code = (H1, H2)[count - 1] if site.horizontal else (V1, V2)[count - 1]
                for cell in site.cells:
                    bridges[cell] = code
        return HashiSolution(bridges, puzzle.numbers)

    return HashiEncoding(top, clauses, sums, graph, requirements, answer, sites, decode)


def sum_clauses(counts: list[tuple[int, int]], total: int) -> list[Clause]:
    """The bridges of an island's sites add up to ``total``, each site's count given in the
    order encoding as its literals ``(one, two)`` ("at least one", "at least two").

    As Sugar writes a sum of order-encoded numbers: the sum is not above ``total`` when for
    each way of reaching ``total + 1`` with per-site thresholds ``a_i`` in 0..2 some site is
    below its threshold (``not [c_i >= a_i]``), and not below it when for each way of
    writing ``total - 1`` as per-site caps some site exceeds its cap (``[c_i >= a_i + 1]``).
    At most 19 clauses a side for four sites (the binomial clauses over the 8 literals took
    up to 56), no new variables, and unit propagation is complete."""
    if total > 2 * len(counts) or total < 0:
        return [[]]
    out = [[-counts[i][a - 1] for i, a in enumerate(split) if a]
           for split in _splits(len(counts), total + 1)]
    out += [[counts[i][a] for i, a in enumerate(split) if a < 2]
            for split in _splits(len(counts), total - 1)]
    return out


def _splits(parts: int, total: int) -> list[tuple[int, ...]]:
    """Every tuple of ``parts`` numbers in 0..2 adding up to ``total``."""
    return [split for split in product(range(3), repeat=parts) if sum(split) == total]


def _check(deadline: float | None) -> None:
    check_clock(deadline)
