"""At most, exactly or at least k of these literals, as clauses; and the groups of a grid's
literals such counts run over (rows, columns, regions).

Shared by every genre whose rules count: Heyawake's rooms, Nurikabe's islands, Yajilin's
arrows, Star Battle's stars per row, column and region, Norinori's two cells per region.
PySAT's ``CardEnc`` writes each count; a bound that leaves no choice is written as units (or
the empty clause), and the count runs over whichever of the true or the false literals is
fewer, the smaller encoding. An encoding calls these itself, so it can return its complete
clause list.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.puzzles.regions import NO_REGION, Regions

Clause = list[int]
CARD_ENCODING = "kmtotalizer"
Count = tuple[Sequence[int], int]
"""Literals and a bound."""


def count_clauses(lits: Sequence[int], low: int, high: int, top: int,
                  card: str = CARD_ENCODING) -> tuple[list[Clause], int]:
    """Clauses "between ``low`` and ``high`` of ``lits`` are true" (inclusive), new
    variables from ``top + 1`` on; returns them and the last variable used."""
    from pysat.card import CardEnc, EncType

    lits = list(lits)
    low, high = max(low, 0), min(high, len(lits))
    if low > high:
        return [[]], top
    if low == high and low in (0, len(lits)):
        return ([[-lit] for lit in lits] if low == 0 else [[lit] for lit in lits]), top
    if low == 0 and high == len(lits):
        return [], top
    if 2 * high > len(lits) + (high - low):  # count the false literals: fewer of them
        lits, low, high = [-lit for lit in lits], len(lits) - high, len(lits) - low
    if low == high == 1 and len(lits) == 2:
        return [[lits[0], lits[1]], [-lits[0], -lits[1]]], top
    if card == "pairwise" and low == 0 and high == 1:  # CardEnc's clauses, no object per group
        return [[-a, -b] for a, b in itertools.combinations(lits, 2)], top
    kind = getattr(EncType, card)
    if low == high:
        enc = CardEnc.equals(lits, bound=low, top_id=top, encoding=kind)
        return enc.clauses, max(top, enc.nv)
    out: list[Clause] = []
    if high < len(lits):
        enc = CardEnc.atmost(lits, bound=high, top_id=top, encoding=kind)
        out += enc.clauses
        top = max(top, enc.nv)
    if low > 0:
        enc = CardEnc.atleast(lits, bound=low, top_id=top, encoding=kind)
        out += enc.clauses
        top = max(top, enc.nv)
    return out, top


def exactly_clauses(sizes: Sequence[Count], top: int, card: str = CARD_ENCODING,
                    deadline: float | None = None) -> tuple[list[Clause], int]:
    """The clauses of every "exactly ``bound`` of ``lits``", new variables from ``top + 1``
    on; returns them and the last variable used."""
    return _every(sizes, lambda lits, bound: (bound, bound), top, card, deadline)


def at_most_clauses(groups: Sequence[Count], top: int, card: str = CARD_ENCODING,
                    deadline: float | None = None) -> tuple[list[Clause], int]:
    """The clauses of every "at most ``bound`` of ``lits``"; as :func:`exactly_clauses`."""
    return _every(groups, lambda lits, bound: (0, bound), top, card, deadline)


def at_least_clauses(groups: Sequence[Count], top: int, card: str = CARD_ENCODING,
                     deadline: float | None = None) -> tuple[list[Clause], int]:
    """The clauses of every "at least ``bound`` of ``lits``"; as :func:`exactly_clauses`."""
    return _every(groups, lambda lits, bound: (bound, len(lits)), top, card, deadline)


def _every(groups: Sequence[Count], bounds: Callable[[Sequence[int], int], tuple[int, int]],
           top: int, card: str, deadline: float | None) -> tuple[list[Clause], int]:
    out: list[Clause] = []
    for lits, bound in groups:
        check_clock(deadline)
        low, high = bounds(lits, bound)
        more, top = count_clauses(lits, low, high, top, card)
        out.extend(more)
    return out, top


def rows_and_columns(grid: np.ndarray) -> list[list[int]]:
    """The literals of a grid (``grid[r, c]``, 0: no literal) by row, then by column."""
    grid = np.asarray(grid)
    return [[v for v in line if v] for line in [*grid.tolist(), *grid.T.tolist()]]


def by_region(grid: np.ndarray, regions: Regions) -> list[list[int]]:
    """The literals of a grid by region number (cells outside every region left out)."""
    out: list[list[int]] = [[] for _ in range(regions.count)]
    for lit, region in zip(np.asarray(grid).ravel().tolist(), regions.ids.ravel().tolist(),
                           strict=True):
        if region != NO_REGION and lit:
            out[region].append(lit)
    return out


DIRECT_MOST = 200
"""The most clauses :func:`direct_exactly_clauses` writes for one count before it leaves
the count to ``CardEnc``."""


def direct_count(lits: Sequence[int], bound: int) -> list[Clause] | None:
    """"Exactly ``bound`` of ``lits``" with no auxiliary variable (the binomial encoding):
    every ``bound + 1`` of them hold a false one, every ``n - bound + 1`` a true one;
    ``None`` when that takes more than :data:`DIRECT_MOST` clauses."""
    n = len(lits)
    if not 0 <= bound <= n:
        return [[]]
    if bound in (0, n):  # units, as the subsets below give them, without numpy
        return [[-lit] for lit in lits] if bound == 0 else [[lit] for lit in lits]
    if math.comb(n, bound + 1) + math.comb(n, n - bound + 1) > DIRECT_MOST:
        return None
    at_most, at_least = _subsets(n, bound + 1), _subsets(n, n - bound + 1)
    array = np.asarray(lits, dtype=np.int64)
    return (-array[at_most]).tolist() + array[at_least].tolist()


@functools.cache
def _subsets(n: int, size: int) -> np.ndarray:
    """Every ``size`` of ``range(n)`` as the rows of an index array (no row when
    ``size > n``)."""
    rows = list(itertools.combinations(range(n), size))
    return np.array(rows, dtype=np.int64).reshape(len(rows), size)


def direct_exactly_clauses(sizes: Sequence[Count], top: int, card: str = CARD_ENCODING,
                           deadline: float | None = None) -> tuple[list[Clause], int]:
    """:func:`exactly_clauses`, each small count written by :func:`direct_count` (no new
    variable): a small count over few literals (Norinori's two cells in a region of five)
    propagates at once, where a counter's auxiliary variables give the solver more to
    decide."""
    out: list[Clause] = []
    for lits, bound in sizes:
        check_clock(deadline)
        direct = direct_count(lits, bound)
        if direct is None:
            direct, top = count_clauses(lits, bound, bound, top, card)
        out.extend(direct)
    return out, top
