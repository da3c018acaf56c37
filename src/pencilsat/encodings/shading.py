"""The rules shading genres share, as clauses over a grid of cell literals, and
:class:`ShadingGrid`, the builder a shading genre's encoding starts from.

A *literal grid* ``lits[r, c]`` holds, per cell, the literal "the cell has the colour" (a
``shaded`` variable, or its negation for the unshaded colour) and 0 for a cell that can
never have it (Nurikabe's numbers are never wall; a cell outside Star Battle's outline never
holds a star). Every function here returns clauses as a numpy array of rows (one clause per
row) or a list of lists, in a fixed order, so an encoding's clause list is reproducible.

- :func:`no_two_adjacent`: no two cells of the colour share an edge (Heyawake, Hitori,
  Kurodoko), or touch even at a corner (``diagonal``: Star Battle's stars, Tents' tents);
- :func:`no_full_blocks`: no 2x2 block all of the colour (Nurikabe, LITS; Shakashaka's
  unshaded 2x2 with ``-shaded``);
- :func:`has_neighbour`: a cell of the colour has a neighbour of the colour (the cuts of a
  single cell, known in advance: the connected colour of a grid of more than one cell);
- :func:`at_most_one_neighbour`: a cell of the colour has at most one neighbour of the
  colour (with :func:`has_neighbour`: the colour is dominoes, Norinori);
- counts over rows, columns and regions: :mod:`~pencilsat.encodings.cardinality`;
- connectivity of a colour: :meth:`ShadingGrid.connected` names it as a lazy
  :class:`~pencilsat.encodings.connectivity.Requirement` (the runs of
  :mod:`~pencilsat.strategies.connected_runs` cut it) and
  :func:`~pencilsat.encodings.reachability.connected_layers` writes it as fixed clauses
  (:func:`complete_clauses`: the study's complete CNF).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.cardinality import at_least_clauses, at_most_clauses, exactly_clauses
from pencilsat.encodings.connectivity import (
    Clause,
    Graph,
    NativeTail,
    Requirement,
    ShadingEncoding,
    grid_graph,
)
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.reachability import connected_layers, parent_pointers

SHADED = "shaded"
UNSHADED = "unshaded"
NO_GRAPH = Graph(())
"""The graph of an encoding without connectivity requirements (Tents, Norinori, Star
Battle): nothing reads it, so the grid's is not built."""
BLOCK_ROWS = 100_000
"""Clauses turned from numpy rows into lists between two looks at the clock."""

Answer = TypeVar("Answer")


def no_two_adjacent(lits: np.ndarray, diagonal: bool = False) -> np.ndarray:
    """"Not both" for every two cells side by side in a row, then one above the other in a
    column (then, with ``diagonal``, touching at a corner: down-right, then down-left), as
    rows ``[-a, -b]``, row-major within each kind."""
    lits = np.asarray(lits, dtype=np.int64)
    firsts, seconds = [lits[:, :-1], lits[:-1, :]], [lits[:, 1:], lits[1:, :]]
    if diagonal:
        firsts += [lits[:-1, :-1], lits[:-1, 1:]]
        seconds += [lits[1:, 1:], lits[1:, :-1]]
    a = np.concatenate([part.ravel() for part in firsts])
    b = np.concatenate([part.ravel() for part in seconds])
    keep = (a != 0) & (b != 0)
    return -np.stack([a[keep], b[keep]], axis=1)


def no_full_blocks(lits: np.ndarray) -> np.ndarray:
    """"Not all four" for every 2x2 block (row-major by its top-left cell; corners top-left,
    top-right, bottom-left, bottom-right); a block with a 0 (a cell that never has the
    colour) needs no clause."""
    corners = two_by_two(np.asarray(lits, dtype=np.int64))
    return -corners[(corners != 0).all(axis=1)]


def two_by_two(grid: np.ndarray) -> np.ndarray:
    """The four cells of every 2x2 block of ``grid`` as rows (row-major by the block's
    top-left cell; corners top-left, top-right, bottom-left, bottom-right)."""
    return np.stack([grid[:-1, :-1], grid[:-1, 1:], grid[1:, :-1], grid[1:, 1:]],
                    axis=-1).reshape(-1, 4)


def block_literals(lits: np.ndarray) -> np.ndarray:
    """:func:`two_by_two` of a literal grid, read-only and kept as :func:`has_neighbour`'s
    blocks are."""
    return _by_grid(_block_literals, lits)[0]


def _block_literals(lits: np.ndarray) -> tuple[np.ndarray]:
    return (two_by_two(lits),)


def _with_neighbours(lits: np.ndarray) -> np.ndarray:
    """Row ``r * W + c``: the cell's literal, then its neighbours' up, left, right, down (0
    where there is none)."""
    height, width = lits.shape
    table = np.zeros((height, width, 5), dtype=np.int64)
    table[:, :, 0] = lits
    table[1:, :, 1] = lits[:-1, :]
    table[:, 1:, 2] = lits[:, :-1]
    table[:, :-1, 3] = lits[:, 1:]
    table[:-1, :, 4] = lits[1:, :]
    return table.reshape(-1, 5)


def has_neighbour(lits: np.ndarray) -> list[np.ndarray]:
    """``not l_v or l_n for some neighbour n``: a cell of the colour has a neighbour of the
    colour. One block per shape of neighbourhood (which of up, left, right, down it has), by
    shape, each row-major, built whole by numpy (one sort groups the cells); a cell whose
    literal is 0 gets none. The blocks are read-only (kept for the next grid of the same
    literals, see :func:`_by_grid`)."""
    return list(_by_grid(_has_neighbour, lits))


def _has_neighbour(lits: np.ndarray) -> tuple[np.ndarray, ...]:
    table = _with_neighbours(lits)
    table[:, 0] *= -1
    present = table != 0
    code = present[:, 1:].astype(np.int64) @ np.array([1, 2, 4, 8])
    code[~present[:, 0]] = -1
    order = np.argsort(code, kind="stable")
    ordered = code[order]
    bounds = [0, *(np.flatnonzero(ordered[1:] != ordered[:-1]) + 1).tolist(), len(order)]
    out = []
    for first, last in zip(bounds[:-1], bounds[1:], strict=True):
        shape = int(ordered[first]) if last > first else -1
        if shape < 0:
            continue
        columns = [0, *(k + 1 for k in range(4) if shape >> k & 1)]
        out.append(table[order[first:last, None], columns])
    return tuple(out)


KEPT_CELLS = 4096
"""The largest grid whose rule blocks :func:`_by_grid` keeps for the next grid of the same
literals (a 64x64: 4096 cells x 5 literals x 8 bytes, 160 kB a block set)."""
KEPT_GRIDS = 64
"""How many grids' blocks are kept, the least recently used dropped first."""


def _by_grid(rule: Callable[[np.ndarray], tuple[np.ndarray, ...]], lits: np.ndarray
             ) -> tuple[np.ndarray, ...]:
    """``rule(lits)`` (a function of the literal grid alone), kept for small grids: its
    numpy steps cost about as much as the rest of a small Norinori's build (78 and 71 us of
    263 on a 10x10), and a batch meets the same grid again and again (a janko Norinori is
    a 10x10 with variables ``1..100`` in 155 of 261 puzzles)."""
    lits = np.asarray(lits, dtype=np.int64)
    if lits.size > KEPT_CELLS:
        return rule(lits)
    return _kept(rule, lits.shape, lits.tobytes())


@functools.lru_cache(maxsize=KEPT_GRIDS)
def _kept(rule: Callable[[np.ndarray], tuple[np.ndarray, ...]], shape: tuple[int, ...],
          data: bytes) -> tuple[np.ndarray, ...]:
    blocks = rule(np.frombuffer(data, dtype=np.int64).reshape(shape).copy())
    for block in blocks:
        block.setflags(write=False)
    return blocks


def at_most_one_neighbour(lits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``not l_v or not l_a or not l_b`` for every cell and two of its neighbours a, b: a
    cell of the colour has at most one neighbour of the colour (with :func:`has_neighbour`,
    exactly one: Norinori's dominoes). Rows ``[-v, -a, -b]``, the straight triples (a, v, b
    in a line: up-down, then left-right) and the bent ones (in a 2x2 block: up-left,
    up-right, left-down, right-down), each by pair and row-major within it; a triple with a
    0 needs no clause. Read-only, as :func:`has_neighbour`'s blocks."""
    straight, bent = _by_grid(_at_most_one_neighbour, lits)
    return straight, bent


_STRAIGHT = ((1, 4), (2, 3))
_BENT = ((1, 2), (1, 3), (2, 4), (3, 4))
"""Two neighbours of a cell as columns of :func:`_with_neighbours` (up, left, right,
down): in a line with it, and around a corner."""


def _at_most_one_neighbour(lits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    table = _with_neighbours(lits)
    out = []
    for pairs in (_STRAIGHT, _BENT):
        first, second = zip(*pairs, strict=True)
        rows = -np.stack([np.broadcast_to(table[:, 0], (len(pairs), len(table))),
                          table[:, first].T, table[:, second].T], axis=-1).reshape(-1, 3)
        out.append(rows[(rows != 0).all(axis=1)])
    return out[0], out[1]


class ShadingGrid:
    """The start of a shading genre's encoding: the ``shaded`` variable of each cell
    (``1..W*H``, row-major, in :attr:`shaded`), the clauses, the exact counts and the
    connectivity requirements added so far, under the clock.

    A genre's ``build`` makes one, adds its rules (:meth:`add`, :meth:`exactly`,
    :meth:`connected`, ...) and returns :meth:`encoding`; the runs of
    :mod:`~pencilsat.strategies.connected_runs` solve that on CNF and CP-SAT, and
    :func:`complete_clauses` writes it as fixed clauses."""

    def __init__(self, width: int, height: int, *, deadline: float | None = None) -> None:
        self.width, self.height = width, height
        self.deadline = deadline
        self.shaded = np.arange(1, width * height + 1, dtype=np.int64).reshape(height, width)
        self.top = width * height
        """The last variable used."""
        self.clauses: list[Clause] = []
        self.counts: list[tuple[list[int], int]] = []
        """Each: exactly ``n`` of these literals are true (CNF: cardinality clauses; CP-SAT:
        a linear sum)."""
        self.requirements: list[Requirement] = []
        self._graph: Graph | None = None
        self._native: tuple[int, int, list[tuple[list[int], int]]] | None = None

    def colour(self, colour: str) -> np.ndarray:
        """The literal grid of :data:`SHADED` or :data:`UNSHADED`."""
        if colour not in (SHADED, UNSHADED):
            raise ValueError(f"a colour is {SHADED!r} or {UNSHADED!r}, not {colour!r}")
        return self.shaded if colour == SHADED else -self.shaded

    @property
    def graph(self) -> Graph:
        """The 4-neighbour grid graph, cell (r, c) node ``r * W + c``."""
        if self._graph is None:
            self._graph = grid_graph(self.width, self.height, deadline=self.deadline)
        return self._graph

    def new_variables(self, count: int) -> np.ndarray:
        """``count`` fresh variables (auxiliaries of a genre's own rules)."""
        out = np.arange(self.top + 1, self.top + count + 1, dtype=np.int64)
        self.top += count
        return out

    def add(self, clauses: np.ndarray | Iterable[Clause]) -> None:
        """Add clauses, numpy rows in blocks with a look at the clock between blocks."""
        if isinstance(clauses, np.ndarray):
            for first in range(0, len(clauses), BLOCK_ROWS):
                check_clock(self.deadline)
                self.clauses.extend(clauses[first:first + BLOCK_ROWS].tolist())
            return
        check_clock(self.deadline)
        self.clauses.extend(list(clause) for clause in clauses)

    def exactly(self, lits: Sequence[int], count: int) -> None:
        """Exactly ``count`` of ``lits`` are true, kept as a count (see :attr:`counts`)."""
        self.counts.append(([int(lit) for lit in lits], count))

    def at_most_natively(self, clauses: np.ndarray, groups: list[tuple[list[int], int]]
                         ) -> None:
        """Add ``clauses`` (numpy rows), which say what ``groups`` say ("at most ``k`` of
        these literals" each; with the other rules, the same models): a solver with native
        counts may load the groups in their place (:data:`NativeTail`). A genre's last
        rules: :meth:`encoding` refuses clauses added after them."""
        self.add(clauses)
        self._native = (len(self.clauses), len(clauses), groups)

    def at_most(self, groups: Sequence[tuple[Sequence[int], int]]) -> None:
        """At most ``bound`` of each group's literals, as cardinality clauses now."""
        more, self.top = at_most_clauses(groups, self.top, deadline=self.deadline)
        self.clauses.extend(more)

    def at_least(self, groups: Sequence[tuple[Sequence[int], int]]) -> None:
        """At least ``bound`` of each group's literals, as cardinality clauses now."""
        more, self.top = at_least_clauses(groups, self.top, deadline=self.deadline)
        self.clauses.extend(more)

    def connected(self, colour: str, *, anchor: int | None = None,
                  neighbour_clauses: bool = True, pointers: bool = False,
                  lits: np.ndarray | None = None, name: str | None = None,
                  gaps_apart: bool = False) -> Requirement:
        """The cells of ``colour`` are 4-connected: a lazy requirement (cut by the runs),
        anchored at cell index ``anchor`` (``r * W + c``) when a cell surely has the
        colour. ``neighbour_clauses``: write :func:`has_neighbour` now (single-cell cuts, the
        ones a model leaves most often), only where no answer has a single cell of the colour
        (a lone unshaded cell between shaded ones is one on a 1x3 grid); ``pointers``: parent
        pointers (:func:`~pencilsat.encodings.reachability.parent_pointers`), which leave to the
        cuts only pieces around a hole. ``lits``: the colour's literal grid when some cells can
        never have it (0), instead of :meth:`colour`'s; ``gaps_apart``: the genre's rules
        keep cells without the colour apart (no two share an edge), so the cuts are
        boundary cuts (:class:`~pencilsat.encodings.connectivity.Requirement`)."""
        grid = self.colour(colour) if lits is None else np.asarray(lits, dtype=np.int64)
        if neighbour_clauses and self.width * self.height > 1:
            for block in has_neighbour(grid):
                self.add(block)
        if pointers:
            more, self.top = parent_pointers(self.graph, grid.ravel().tolist(), anchor,
                                             self.top, self.deadline)
            self.clauses.extend(more)
        requirement = Requirement(grid.ravel(), anchor=anchor, name=name or colour,
                                  gaps_apart=gaps_apart)
        self.requirements.append(requirement)
        return requirement

    def encoding(self, decode: Callable[[np.ndarray], Answer],
                 answer: Sequence[int] | None = None) -> ShadingEncoding[Answer]:
        """The encoding built: ``decode`` turns the cells' shading (a boolean grid) into the
        genre's answer; ``answer`` lists the variables two answers differ in (default: every
        cell's ``shaded``)."""
        shaded = self.shaded
        check_clock(self.deadline)

        def decode_model(values: np.ndarray) -> Answer:
            return decode(values[shaded])

        graph = self.graph if self.requirements or self._graph is not None else NO_GRAPH
        tail: NativeTail = (0, ())
        if self._native is not None:
            end, count, groups = self._native
            if end != len(self.clauses):
                raise ValueError("clauses were added after at_most_natively's")
            tail = (count, groups)
        return ShadingEncoding(self.top, self.clauses, self.counts, graph,
                               self.requirements,
                               shaded.ravel().tolist() if answer is None else list(answer),
                               decode_model, native_tail=tail)


def complete_clauses(encoding: ShadingEncoding[Answer],
                     deadline: float | None = None) -> tuple[list[Clause], int]:
    """The encoding as one fixed clause list whose models are exactly its answers: the
    rules, the counts as cardinality clauses and every connectivity requirement as
    :func:`~pencilsat.encodings.reachability.connected_layers` (no lazy cuts). Returns the
    clauses and the last variable used (for ``study``'s complete CNF)."""
    counts, top = exactly_clauses(encoding.sizes, encoding.num_vars, deadline=deadline)
    clauses = [*encoding.clauses, *counts]
    for requirement in encoding.requirements:
        more, top = connected_layers(encoding.graph, requirement.literals.tolist(),
                                     requirement.anchor, top, deadline)
        clauses.extend(more)
    return clauses, top


def complete_encoding(name: str, encoding: ShadingEncoding[Answer],
                      deadline: float | None = None) -> ClauseEncoding:
    """:func:`complete_clauses` as the registry's ``complete_cnf`` returns it: a
    ``ClauseEncoding`` whose answer literals are the encoding's and whose decoder reads a
    model's true literals. A shading genre's ``complete_cnf(puzzle)`` is
    ``complete_encoding("<genre>", build(puzzle))``."""
    clauses, top = complete_clauses(encoding, deadline)

    def decode(true: set[int]) -> Answer:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in true if 0 < v <= top]] = True
        return encoding.decode(values)

    return ClauseEncoding(name, top, clauses, list(encoding.answer), decode)
