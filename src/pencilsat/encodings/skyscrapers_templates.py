"""Skyscrapers' clauses for a solver with native counts, built once per grid size and clue.

The heights' part depends only on the size, the tallest height and the diagonal variant:
each cell holds at most one height and each house each height at most once (native "at
most one" groups), at least once (clauses), and with ``M = N`` each cell holds one. A
clue's part depends only on its line and its value: the heights its distance bound rules
out (units), its line's visibility clauses over the heights left
(:func:`~pencilsat.encodings.skyscrapers.sight_clauses`) and its count (two native "at
most"), its auxiliary variables in a block of its own line (:func:`block`), so no puzzle
renumbers them. Both are kept per process (:func:`heights_part`, :func:`clue_part`); a
puzzle takes its givens as units and its clues' parts as they are, and the solver does the
propagation the builder over candidates does in Python. A line without a clue leaves its
block unused (free variables the solver decides: cheaper than units for them, 1.16x
against 1.11x on every 4th janko, and than renumbering, 0.25 us a clause). Where the
propagated candidates are few (:data:`TEMPLATES_FROM`) the clauses over them are smaller
than the parts by enough to pay for building them.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from pencilsat.encodings.cardinality import direct_count
from pencilsat.encodings.skyscrapers import Clause, SkyscrapersCnf, clauses_over, sight_clauses
from pencilsat.encodings.skyscrapers_candidates import candidate_masks, layout
from pencilsat.puzzles.skyscrapers import SkyscrapersPuzzle

TEMPLATES_UP_TO = 8
"""The largest side whose parts are kept (janko's largest; all 256 parts of an 8x8 with
heights up to 8 take 19 MB)."""
PARTS_KEPT = 1024
"""Clue parts kept at most (the least recently used go first; at most about 80 MB): every
janko puzzle that takes the parts needs 549 of them, 10.8 MB."""


class CluePart(NamedTuple):
    """One clue's clauses over its line's block of auxiliary variables, its ``v`` literals
    and its count when the count is native (``native_count`` ``None``: written in the clauses)."""

    clauses: list[Clause]
    seen: list[int]
    native_count: int | None


@functools.lru_cache(maxsize=64)
def heights_part(n: int, m: int, diagonal: bool) -> tuple[list[Clause], list[list[int]]]:
    """The heights' clauses and native "at most one" groups of an ``n x n`` grid of heights
    1..``m``."""
    heights = range(1, m + 1)
    clauses: list[Clause] = []
    groups: list[list[int]] = []
    for cell in range(n * n):
        lits = [cell * n + d for d in heights]
        if m == n:
            clauses.append(lits)
        if m > 1:
            groups.append(lits)
    for house in layout(n, diagonal).houses:
        for d in heights:
            lits = [cell * n + d for cell in house]
            clauses.append(lits)
            if n > 1:
                groups.append(lits)
    return clauses, groups


def _clue_clauses(n: int, m: int, side: int, index: int, clue: int, base: int
                  ) -> tuple[list[Clause], list[int], int]:
    """The clue's clauses with its auxiliary variables after ``base``, its ``v`` literals
    and the last variable used."""
    cells = layout(n, False).lines[side][index]
    every = (1 << (m + 1)) - 2
    held = []
    out: list[Clause] = []
    for i, cell in enumerate(cells):  # too tall this near: too few could be seen
        top = min(m, i + 1 + m - clue)
        held.append(every & ((1 << (top + 1)) - 1))
        out += [[-(cell * n + d)] for d in range(top + 1, m + 1)]
    seen, last = sight_clauses(cells, held, n, m == n, base, out)
    return out, seen, last


@functools.cache
def block(n: int, m: int) -> int:
    """The auxiliary variables a line's block holds: the most any clue takes."""
    return max(_clue_clauses(n, m, 0, 0, clue, 0)[2] for clue in range(1, m + 1))


def _base(n: int, m: int, side: int, index: int) -> int:
    """The variable before the block of the line at ``side``, ``index``."""
    return n ** 3 + (side * n + index) * block(n, m)


@functools.lru_cache(maxsize=PARTS_KEPT)
def clue_part(n: int, m: int, side: int, index: int, clue: int) -> CluePart:
    """The clauses of the clue ``clue`` at ``side``, ``index``."""
    base = _base(n, m, side, index)
    out, seen, _ = _clue_clauses(n, m, side, index, clue, base)
    count: int | None = clue
    if not 0 < clue < len(seen):
        out += direct_count(seen, clue) or []
        count = None
    return CluePart(out, seen, count)


TEMPLATES_FROM = 0.6
"""The share of a grid's heights (``N * N * M``) the propagated candidates must keep for
:func:`native_cnf` to take the parts: below it the clauses over the candidates are so much
smaller that building them pays. Every janko puzzle, warm CPU per solve, the parts against
the clauses over the candidates: 0.87-0.99x below 60 % left, 1.17-1.26x from 60 %."""


def native_cnf(puzzle: SkyscrapersPuzzle) -> SkyscrapersCnf:
    """The direct run's clauses: :func:`template_cnf` up to :data:`TEMPLATES_UP_TO` unless
    the propagated candidates keep less than :data:`TEMPLATES_FROM` of the heights or the
    grid has gaps (the parts have none), else
    :func:`~pencilsat.encodings.skyscrapers.skyscrapers_cnf` over them."""
    n, m = puzzle.size, puzzle.largest
    can = candidate_masks(puzzle)
    if (can is not None and n <= TEMPLATES_UP_TO and not puzzle.gaps.any()
            and sum(map(int.bit_count, can)) >= TEMPLATES_FROM * n * n * m):
        return template_cnf(puzzle)
    return clauses_over(puzzle, can, native=True)


def template_cnf(puzzle: SkyscrapersPuzzle) -> SkyscrapersCnf:
    """The puzzle's clauses from the parts (shared lists: not to be changed): the
    heights', a unit per given, and each clue's; the clues' native counts in ``counts``.
    Its models are exactly the answers; ``answer`` is every height 1..M of every cell
    without a given."""
    n, m = puzzle.size, puzzle.largest
    clauses, groups = heights_part(n, m, puzzle.diagonal)
    givens = puzzle.givens.ravel().tolist()
    out = list(clauses)
    out += [[cell * n + v] for cell, v in enumerate(givens) if v]
    counts: list[tuple[list[int], int]] = []
    clues = puzzle.clues.ravel().tolist()
    top = n ** 3
    for k, clue in enumerate(clues):
        if clue:
            side, index = divmod(k, n)
            part = clue_part(n, m, side, index, clue)
            out += part.clauses
            if part.native_count is not None:
                counts.append((part.seen, part.native_count))
            top = _base(n, m, side, index + 1)
    answer = [cell * n + d for cell, v in enumerate(givens) if not v for d in range(1, m + 1)]
    return SkyscrapersCnf(out, top, groups, counts, [], answer)
