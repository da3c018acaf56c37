"""Hashiwokakero as clauses on the possible bridges, connectivity as a lazy requirement.

A *site* is a pair of islands that see each other along a row or a column across water
only; each holds 0, 1 or 2 bridges, as two variables ``one`` ("at least one") and ``two``
("two"), ``two -> one``. Rules:

- crossing: a horizontal and a vertical site over a common water cell are not both used;
- capacity: a site next to an island of number 1 has no second bridge;
- number: an island's ``one`` and ``two`` literals add up to its number (:attr:`sums`,
  written on CNF as the binomial clauses of :func:`sum_clauses`: at most 8 literals, so
  every subset is cheap and unit propagation is complete; CP-SAT takes linear sums);
- isolated pairs (when there are more than two islands): two islands of number 1 are never
  joined, two of number 2 never by two bridges; such a pair would be a group of its own.

Connectivity is over a graph that is not the grid: the islands and the sites as nodes, a
site next to its two islands (the *subdivided* island graph). Islands are always in the set
(a variable fixed true), a site when it holds a bridge, so the set is connected exactly when
the bridges join every island. The :mod:`~pencilsat.encodings.connectivity` cuts then say
"some bridge leaves this group of islands", and
:func:`~pencilsat.encodings.reachability.parent_pointers` rooted at the first island removes
every group that is a tree of bridges before a cut is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from time import perf_counter

import numpy as np

from pencilsat.core.result import TimeLimitReached
from pencilsat.core.values import Cell
from pencilsat.encodings.connectivity import Clause, Graph, Requirement
from pencilsat.encodings.reachability import parent_pointers
from pencilsat.puzzles.hashi import H1, H2, NONE, V1, V2, WATER, HashiPuzzle, HashiSolution


@dataclass(frozen=True)
class HashiSettings:
    """What the encoding adds to the local rules (module docstring)."""

    pointers: bool = True
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
            met = np.unique(across[a + 1:b, c])
            crossings.extend((int(h), len(sites)) for h in met if h >= 0)
            sites.append(Site(int(index[a, c]), int(index[b, c]),
                              tuple((r, c) for r in range(a + 1, b)), False))
    return sites, crossings


@dataclass(frozen=True)
class HashiEncoding:
    """The rules as clauses over variables ``1..num_vars`` (1 is fixed true), the island
    sums, and the connectivity requirement over ``graph``."""

    num_vars: int
    clauses: list[Clause]
    sums: list[tuple[list[int], int]]
    """Each: exactly ``n`` of these literals (an island's ``one`` and ``two``) are true."""
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
    islands = puzzle.islands()
    number = [n for _, n in islands]
    sites, crossings = bridge_sites(puzzle, deadline)
    top = 1 + 2 * len(sites)
    clauses: list[Clause] = [[TRUE]]
    touching: list[list[int]] = [[] for _ in islands]
    many = len(islands) > 2
    for i, site in enumerate(sites):
        if i % 10_000 == 0:
            _check(deadline)
        one, two = one_of(i), two_of(i)
        clauses.append([-two, one])
        low = min(number[site.first], number[site.second])
        if low == 1:
            clauses.append([-two])
        if settings.isolated_pairs and many and number[site.first] == number[site.second] <= 2:
            clauses.append([-one] if low == 1 else [-two])
        touching[site.first] += [one, two]
        touching[site.second] += [one, two]
    clauses.extend([-one_of(h), -one_of(v)] for h, v in crossings)
    sums = [(lits, n) for lits, n in zip(touching, number, strict=True)]
    _check(deadline)
    size = len(islands) + len(sites)
    graph = Graph.from_edges(size, [(s.first, len(islands) + i) for i, s in enumerate(sites)]
                             + [(s.second, len(islands) + i) for i, s in enumerate(sites)])
    literals = np.array([TRUE] * len(islands) + [one_of(i) for i in range(len(sites))],
                        dtype=np.int64)
    requirements = [Requirement(literals, anchor=0, name="islands")] if islands else []
    if settings.pointers and len(islands) > 1:
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


def sum_clauses(lits: list[int], total: int) -> list[Clause]:
    """Exactly ``total`` of ``lits`` true, as binomial clauses: every ``total + 1`` of them
    hold a false one and every ``len - total + 1`` a true one (an island has at most 8
    literals: at most 70 clauses a side, no new variables, unit propagation complete)."""
    if total > len(lits):
        return [[]]
    out = [[-lit for lit in group] for group in combinations(lits, total + 1)]
    out += [list(group) for group in combinations(lits, len(lits) - total + 1)]
    return out


def _check(deadline: float | None) -> None:
    if deadline is not None and perf_counter() > deadline:
        raise TimeLimitReached("encoding")
