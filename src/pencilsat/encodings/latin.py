"""Digits in houses as clauses: an ``n x n`` grid of digits 1..n in which every house (a row,
a column, a box of any shape) holds each digit once, in the direct encoding.

One boolean per cell and digit, numbered ``x[r, c, d] = (r * n + c) * n + d`` (0-based row
and column, 1-based digit), so a model's first ``n**3`` literals decode by a reshape. This is
Lynce and Ouaknine's clause set for Sudoku with the houses given, shared by classic Sudoku
(square boxes), Jigsaw Sudoku (irregular boxes) and Killer Sudoku (rectangular boxes and
cages): ``extended`` adds the redundant halves (at most one digit per cell, each digit at
least once per house) that let unit propagation find naked and hidden singles.

``largest`` below ``n`` (Skyscrapers with fewer heights than cells per line) keeps the
digits 1..largest once per house and lets a cell stay empty: a cell holds at most one digit,
the digits above ``largest`` are ruled out, and the house of ``n`` cells then holds
``n - largest`` empty cells by counting. An empty cell decodes to 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import numpy as np

from pencilsat.core.values import Cell
from pencilsat.encodings.cage_sums import Group, narrow, set_masks
from pencilsat.encodings.encoding import ClauseEncoding

PAIRWISE_UP_TO = 9
"""At-most-one is pairwise up to this many literals, a sequential counter above."""


def var(n: int, r: int, c: int, d: int) -> int:
    """The clause-form variable of "cell (r, c) holds d"."""
    return (r * n + c) * n + d


def house_clauses(n: int, houses: Sequence[Sequence[Cell]],
                  extended: bool = True, gaps: frozenset[Cell] = frozenset()
                  ) -> list[list[int]]:
    """Every cell holds a digit and each house holds each digit at most once (``extended``:
    and exactly one digit per cell, each digit at least once per house). ``gaps``: cells
    that hold no digit (Sudoku's ``?``): each digit is ruled out there, and a house with a
    gap holds each digit at most once (no "at least once").

    Up to :data:`PAIRWISE_UP_TO` literals an at-most-one is pairwise (no auxiliary
    variables, binary clauses propagate fastest), each pair written once though a box shares
    pairs with rows and columns; above, PySAT's sequential counter, its auxiliaries numbered
    after the ``n**3`` cell-digit variables."""
    from pysat.card import CardEnc, EncType

    top = n ** 3
    out: list[list[int]] = []
    pairs: set[tuple[int, int]] = set()

    def at_most_one(lits: list[int]) -> None:
        nonlocal top
        if len(lits) <= PAIRWISE_UP_TO:
            for a, b in combinations(lits, 2):
                if (a, b) not in pairs:
                    pairs.add((a, b))
                    out.append([-a, -b])
            return
        enc = CardEnc.atmost(lits, bound=1, top_id=top, encoding=EncType.seqcounter)
        top = max(top, enc.nv)
        out.extend(enc.clauses)

    for r in range(n):
        for c in range(n):
            lits = [var(n, r, c, d) for d in range(1, n + 1)]
            if (r, c) in gaps:
                out.extend([-lit] for lit in lits)
                continue
            out.append(lits)
            if extended:
                at_most_one(lits)
    for house in houses:
        full = not gaps or not any(cell in gaps for cell in house)
        for d in range(1, n + 1):
            lits = [var(n, r, c, d) for r, c in house]
            at_most_one(lits)
            if extended and full:
                out.append(lits)
    return out


def lines(n: int) -> list[list[Cell]]:
    """The rows, then the columns, of an ``n x n`` grid."""
    return ([[(r, c) for c in range(n)] for r in range(n)]
            + [[(r, c) for r in range(n)] for c in range(n)])


def candidates(givens: np.ndarray, houses: Sequence[Sequence[Cell]],
               largest: int | None = None) -> list[list[bool]]:
    """Per cell (row-major), per digit ``d`` at index ``d - 1``: whether ``d`` may still
    stand there once the givens are placed (a given cell keeps its digit only, and a given
    digit leaves every other cell of each of its houses; no digit above ``largest``). Plain
    lists: a 9x9 in about 0.2 ms, where numpy's per-house calls took 3."""
    n = int(givens.shape[0])
    top = n if largest is None else largest
    given = givens.ravel().tolist()
    can = [[d <= top for d in range(1, n + 1)] if not v else [d == v for d in range(1, n + 1)]
           for v in given]
    for house in houses:
        index = [r * n + c for r, c in house]
        for digit in [given[i] for i in index if given[i]]:
            for i in index:
                if given[i] != digit:
                    can[i][digit - 1] = False
    return can


def narrowed_masks(givens: np.ndarray, houses: Sequence[Sequence[Cell]],
                   cages: Sequence[tuple[Sequence[Cell], int | None]] = (),
                   deadline: float | None = None) -> tuple[list[int], list[Group]]:
    """Each cell's candidates (row-major, bit ``d`` for digit ``d``) after
    :func:`~pencilsat.encodings.cage_sums.narrow`, and the groups it narrowed by: each
    house holds the digits 1..n once and each cage (cells and sum, ``None``: distinct only)
    one of its digit sets, with naked and hidden singles, to a fixpoint. Sound: every
    answer keeps its digits."""
    n = int(givens.shape[0])
    full = sum(1 << d for d in range(1, n + 1))
    masks = [1 << v if v else full for v in givens.ravel().tolist()]
    digits = tuple(range(1, n + 1))
    groups: list[Group] = [([r * n + c for r, c in house], (full,)) for house in houses]
    for cells, total in cages:
        groups.append(([r * n + c for r, c in cells],
                       None if total is None else set_masks(len(cells), total, digits)))
    return narrow(masks, groups, deadline), groups


def narrowed_candidates(givens: np.ndarray, houses: Sequence[Sequence[Cell]],
                        cages: Sequence[tuple[Sequence[Cell], int | None]] = (),
                        deadline: float | None = None) -> list[list[bool]]:
    """:func:`candidates` (no empty cells) narrowed further by :func:`narrowed_masks`, so
    the clauses over them have exactly the answers as models (and most janko Jigsaw
    Sudokus come out settled). Same layout as :func:`candidates`."""
    masks, _ = narrowed_masks(givens, houses, cages, deadline)
    return mask_rows(masks, int(givens.shape[0]))


def mask_rows(masks: Sequence[int], n: int) -> list[list[bool]]:
    """Candidate masks (bit ``d`` for digit ``d``) in :func:`candidates`' layout."""
    digits = range(1, n + 1)
    return [[bool(mask >> d & 1) for d in digits] for mask in masks]


def settled_grid(can: list[list[bool]]) -> np.ndarray | None:
    """The ``n x n`` grid of digits when every cell of ``can`` (:func:`candidates`' layout)
    keeps exactly one; ``None`` otherwise."""
    digits = []
    for row in can:
        if sum(row) != 1:
            return None
        digits.append(row.index(True) + 1)
    n = len(can[0]) if can else 0
    return np.array(digits, dtype=np.int16).reshape(n, n)


def candidate_clauses(givens: np.ndarray, houses: Sequence[Sequence[Cell]],
                      can: list[list[bool]] | None = None,
                      largest: int | None = None) -> tuple[list[list[int]], int]:
    """The extended clause set of :func:`house_clauses` after the givens' first round of
    unit propagation, with the same models: a unit clause for every given and for every
    digit it rules out (:func:`candidates`), and the other clauses only over the digits
    still possible, a house-digit pair the givens already settle left out. A 9x9 Jigsaw
    with 25 givens gets about 1,500 clauses instead of 11,000. Returns the clauses and the
    largest variable (auxiliaries of sequential counters above ``n**3``). ``largest`` below
    ``n``: a cell may stay empty (no "some digit" clause) and only the digits up to it fill
    the houses."""
    from pysat.card import CardEnc, EncType

    n = int(givens.shape[0])
    top_digit = n if largest is None else largest
    if can is None:
        can = candidates(givens, houses, largest)
    top = n ** 3
    out: list[list[int]] = []

    def at_most_one(lits: list[int]) -> None:
        """Pairwise, no pair looked up: after the givens few pairs repeat between
        overlapping houses, and looking them up cost more than loading them twice."""
        nonlocal top
        if len(lits) <= PAIRWISE_UP_TO:
            out.extend([-a, -b] for a, b in combinations(lits, 2))
            return
        enc = CardEnc.atmost(lits, bound=1, top_id=top, encoding=EncType.seqcounter)
        top = max(top, enc.nv)
        out.extend(enc.clauses)

    given = givens.ravel().tolist()
    for cell, row in enumerate(can):
        first = cell * n + 1
        out += [[-(first + d)] for d, ok in enumerate(row) if not ok]
        lits = [first + d for d, ok in enumerate(row) if ok]
        if top_digit == n or given[cell]:
            out.append(lits)
        if len(lits) > 1:
            at_most_one(lits)
    for house in houses:
        index = [r * n + c for r, c in house]
        settled = {given[i] for i in index}
        for d in range(1, top_digit + 1):
            if d in settled:
                continue
            lits = [i * n + d for i in index if can[i][d - 1]]
            if len(lits) > 1:
                at_most_one(lits)
            out.append(lits)
    return out, top


def clause_encoding(name: str, givens: np.ndarray, houses: Sequence[Sequence[Cell]],
                    decode_as: Callable[[np.ndarray], Any],
                    more: Callable[[Callable[[], int]], list[list[int]]] | None = None,
                    can: list[list[bool]] | None = None,
                    largest: int | None = None) -> ClauseEncoding:
    """A digit genre's complete clause list: :func:`candidate_clauses` and ``more(new_var)``'s
    clauses (a genre's own rules, numbering their auxiliaries with ``new_var``); the answer
    literals are every digit of every cell without a given, decoded to ``decode_as(grid)``
    (an empty cell, with ``largest`` below ``n``, as 0). ``can``: the :func:`candidates`
    when the caller has them."""
    n = int(givens.shape[0])
    clauses, top = candidate_clauses(givens, houses, can, largest)

    def new_var() -> int:
        nonlocal top
        top += 1
        return top

    if more is not None:
        clauses += more(new_var)
    free = np.flatnonzero(givens.ravel() == 0)
    answer = ((free * n)[:, None] + np.arange(1, n + 1)).ravel().tolist()

    def decode(true: set[int]) -> Any:
        """The grid of the true literals (only the answer literals are needed: the given
        cells read their givens)."""
        values = np.array([lit in true for lit in range(1, n ** 3 + 1)]).reshape(n * n, n)
        grid = ((values.argmax(axis=1) + 1) * values.any(axis=1)).reshape(n, n)
        return decode_as(np.where(givens > 0, givens, grid).astype(np.int16))

    return ClauseEncoding(name, top, clauses, answer, decode)
