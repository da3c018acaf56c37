"""Skyscrapers as SAT: the heights in the direct encoding (each height 1..M once per row,
column and, in the diagonal variant, diagonal; with ``M < N`` a cell may stay empty), and
each clue as a count of visible buildings, written as plain lists of integers.

Visibility along a clue's line (cells ``c_1..c_N`` from the clue inwards), with ``x[i, d]``
"cell ``c_i`` holds ``d``" (variable ``(r * N + c) * N + d``):

- the candidates first (:mod:`~pencilsat.encodings.skyscrapers_candidates`): the givens and
  Tatham's distance bound carried through the houses, naked and hidden singles placed in
  turn; only the heights left get clauses beyond a unit;
- ``P[i, k]`` "some building among ``c_1..c_i`` is at least ``k`` tall", the order encoding
  of the running maximum, as a chain: ``x[i, k] -> P[i, k]``, ``P[i-1, k] -> P[i, k]``,
  ``P[i, k] -> P[i-1, k] or x[i, k] or P[i, k+1]`` and ``P[i, k] -> P[i, k-1]``, with no
  variable where the candidates settle it (true up to the largest lowest height the first
  ``i`` cells may hold, false above the tallest);
- ``v[i]`` "``c_i`` is seen": ``v[i] <-> x[i, d] and not P[i-1, d]`` for the ``d`` the cell
  holds (false for an empty cell);
- a gap (a given cell without a building) has no height, and a house with a gap each
  height at most once (not "at least");
- the clue: exactly ``clue`` of the ``v[i]``, by binomial clauses when few (else a counter),
  or (``native``) as two native "at most" for MiniCard, as are the cells' and houses'
  "at most one".

Every rule is a clause or a native count, so the models are exactly the answers:
``complete_cnf`` (all clauses) feeds CP-SAT, other PySAT solvers, ``pencilsat study`` and
certificates; the ``direct`` run on MiniCard takes :func:`skyscrapers_cnf` with ``native``
or the same rules kept per size and clue (:mod:`~pencilsat.encodings.skyscrapers_templates`).
Lists instead of dicts and sets took a median janko 5x5's build from 0.61 to 0.43 ms with
the same clauses in the same order (every janko and Tatham puzzle, 3,000 random ones).
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import NamedTuple

import numpy as np

from pencilsat.encodings.cardinality import count_clauses, direct_count
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.latin import PAIRWISE_UP_TO
from pencilsat.encodings.skyscrapers_candidates import candidate_masks, clue_lines, layout
from pencilsat.puzzles.skyscrapers import SkyscrapersPuzzle, SkyscrapersSolution

Clause = list[int]


class SkyscrapersCnf(NamedTuple):
    """One puzzle's clauses as plain lists: ``clauses`` over variables ``1..num_vars``,
    ``at_most_one`` the houses' "at most one" per height left to a solver's native counts
    (empty when they are clauses), ``sums`` each clue's seen literals and count, ``answer``
    the variables of every height of every cell without a given (``x[r, c, d] =
    (r * n + c) * n + d``)."""

    clauses: list[Clause]
    num_vars: int
    at_most_one: list[list[int]]
    counts: list[tuple[list[int], int]]
    sums: list[tuple[list[int], int]]
    answer: list[int]


def skyscrapers_cnf(puzzle: SkyscrapersPuzzle, native: bool = False) -> SkyscrapersCnf:
    """The clauses of ``puzzle`` over its propagated candidates; ``native``: each house's
    "at most one" per height returned as a group instead of clauses (a solver with native
    counts takes one constraint per group; the houses' "at least one" clauses are written
    either way, after the clues')."""
    return clauses_over(puzzle, candidate_masks(puzzle), native)


def clauses_over(puzzle: SkyscrapersPuzzle, can: list[int] | None, native: bool
                 ) -> SkyscrapersCnf:
    """:func:`skyscrapers_cnf` over the candidates ``can``
    (:func:`~pencilsat.encodings.skyscrapers_candidates.candidate_masks`; ``None``: a
    contradiction)."""
    n, m = puzzle.size, puzzle.largest
    givens = puzzle.givens.ravel().tolist()
    gaps = puzzle.gaps.ravel().tolist()
    whole = puzzle.full_houses()
    if can is None:  # a contradiction: no height left somewhere
        return SkyscrapersCnf([[1], [-1]], 1, [], [], [], [])
    answer = [cell * n + d for cell, v in enumerate(givens) if not v
              for d in (_present(can[cell]) if native else range(1, n + 1))]
    top = n ** 3
    out: list[Clause] = []

    def at_most_one(lits: list[int]) -> None:
        nonlocal top
        if len(lits) <= PAIRWISE_UP_TO:
            out.extend([-a, -b] for a, b in combinations(lits, 2))
            return
        clauses, top = count_clauses(lits, 0, 1, top, "seqcounter")
        out.extend(clauses)

    cell_groups: list[list[int]] = []
    for cell, held in enumerate(can):
        first = cell * n
        if not native:
            out += [[-(first + d)] for d in _absent(held, n)]
        lits = [first + d for d in _present(held)]
        if (m == n and not gaps[cell]) or givens[cell]:
            out.append(lits)
        if len(lits) > 1:
            if native:
                cell_groups.append(lits)
            else:
                at_most_one(lits)
    houses = layout(n, puzzle.diagonal).houses
    if not native:
        for house, full in zip(houses, whole, strict=True):
            settled = {givens[i] for i in house}
            for d in range(1, m + 1):
                if d not in settled:
                    lits = [i * n + d for i in house if can[i] >> d & 1]
                    if len(lits) > 1:
                        at_most_one(lits)
                    if full:
                        out.append(lits)
    sums: list[tuple[list[int], int]] = []
    for clue, cells in clue_lines(puzzle):
        seen, top = sight_clauses(cells, [can[cell] for cell in cells], n, m == n, top, out)
        sums.append((seen, clue))
        if not (native and 0 < clue < len(seen)):
            top = _exactly(seen, clue, top, out)
    groups: list[list[int]] = cell_groups
    if native:
        for house, full in zip(houses, whole, strict=True):
            for d in range(1, m + 1):
                lits = [i * n + d for i in house if can[i] >> d & 1]
                if full:
                    out.append(lits)
                if len(lits) > 1:
                    groups.append(lits)
    counts = [(lits, c) for lits, c in sums if native and 0 < c < len(lits)]
    return SkyscrapersCnf(out, top, groups, counts, sums, answer)


@functools.lru_cache(maxsize=1 << 16)
def _present(held: int) -> tuple[int, ...]:
    """The heights of a candidate mask, lowest first."""
    return tuple(d for d in range(1, held.bit_length()) if held >> d & 1)


@functools.lru_cache(maxsize=1 << 16)
def _absent(held: int, n: int) -> tuple[int, ...]:
    """The heights 1..n not in a candidate mask."""
    return tuple(d for d in range(1, n + 1) if not held >> d & 1)


def sight_clauses(cells: list[int], held: list[int], n: int, full: bool, top: int,
                   out: list[Clause]) -> tuple[list[int], int]:
    """One clue's visibility clauses appended to ``out``, new variables after ``top``:
    returns the ``v`` literals and the last variable used. ``P[i, k]`` is left out where
    the candidates settle it: true up to the largest of the lowest heights the first ``i``
    cells may hold, false above the tallest they may hold (the clauses are written with
    those constants in)."""
    seen: list[int] = []
    before = 0  # P[i-1, k] is variable before + k where it is not a constant
    low = high = 0  # P[i-1, k] is true for k <= low, false for k > high
    last = len(cells) - 1
    append = out.append
    for i, cell in enumerate(cells):
        mask = held[i]
        heights = _present(mask)
        first = cell * n
        top += 1
        v = top
        seen.append(v)
        append([-v, *[first + d for d in heights]])
        for d in heights:
            if d > high:  # taller than every cell before: seen
                append([-first - d, v])
            elif d <= low:  # some cell before is as tall: hidden
                append([-first - d, -v])
            else:
                p = before + d
                append([-first - d, p, v])
                append([-first - d, -p, -v])
        if i == last:
            break
        now_low = max(low, heights[0] if full and heights else 0)
        now_high = max(high, heights[-1] if heights else 0)
        now = top - now_low  # P[i, k] is variable now + k for now_low < k <= now_high
        top += now_high - now_low
        for k in range(now_low + 1, now_high + 1):
            p = now + k
            why = [-p]  # P[i, k] needs P[i-1, k], x[i, k] or P[i, k+1]
            if mask >> k & 1:
                append([-first - k, p])
                why.append(first + k)
            if k <= high:  # k > low here: P[i-1, k] open
                q = before + k
                append([-q, p])
                why.append(q)
            if k < now_high:
                why.append(p + 1)
            append(why)
            if k - 1 > now_low:
                append([-p, p - 1])
        before, low, high = now, now_low, now_high
    return seen, top


def _exactly(lits: list[int], count: int, top: int, out: list[Clause]) -> int:
    """"Exactly ``count`` of ``lits``" appended to ``out``, auxiliaries after ``top`` (one
    fresh variable marks where they start; it stays unused); returns the last variable."""
    direct = direct_count(lits, count)
    if direct is not None:
        out += direct
        return top
    clauses, last = count_clauses(lits, count, count, top + 1)
    out += clauses
    return max(last, top + 1)


def _encoding(puzzle: SkyscrapersPuzzle, cnf: SkyscrapersCnf) -> ClauseEncoding:
    """``cnf`` as a :class:`ClauseEncoding` (decoding a set of true literals)."""
    n, givens = puzzle.size, puzzle.givens

    def decode(true: set[int]) -> SkyscrapersSolution:
        return SkyscrapersSolution(grid_of([lit in true for lit in range(1, n ** 3 + 1)],
                                           givens))

    return ClauseEncoding("direct", cnf.num_vars, cnf.clauses, cnf.answer, decode)


def grid_of(truth: list[bool], givens: np.ndarray) -> np.ndarray:
    """The heights of the truth of every ``x[r, c, d]`` (0 for an empty cell), the given
    cells read from ``givens``."""
    n = int(givens.shape[0])
    values = np.array(truth, dtype=bool).reshape(n * n, n)
    grid = ((values.argmax(axis=1) + 1) * values.any(axis=1)).reshape(n, n)
    return np.where(givens > 0, givens, grid).astype(np.int16)


def complete_cnf(puzzle: SkyscrapersPuzzle) -> ClauseEncoding:
    """The heights' clauses after the givens and every clue's visibility clauses."""
    return _encoding(puzzle, skyscrapers_cnf(puzzle))


def propagated(puzzle: SkyscrapersPuzzle) -> list[list[bool]] | None:
    """Per cell (row-major), per height ``d`` at index ``d - 1``: whether ``d`` may still
    stand there (:func:`~pencilsat.encodings.skyscrapers_candidates.candidate_masks`);
    ``None`` on a contradiction. Only heights every answer rules out go, so the clauses
    over the rest keep the answers."""
    can = candidate_masks(puzzle)
    if can is None:
        return None
    heights = range(1, puzzle.size + 1)
    return [[bool(held >> d & 1) for d in heights] for held in can]
