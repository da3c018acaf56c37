"""Sums over groups of cells with distinct digits, as clauses: Killer Sudoku's cages (and
Kakuro's runs).

A group of ``k`` cells whose digits differ and add up to ``total`` holds one of the sets of
``k`` distinct digits with that sum (:func:`digit_sets`; a 3-cell 7 in 1..9 is {1,2,4}
only). On the direct encoding (one literal per cell and digit) the clauses are:

* distinct: each digit at most once in the group (pairwise);
* one selector per possible set, exactly one chosen (none when only one set is possible:
  its digits are then stated directly);
* a cell holds ``d`` only if a chosen set has ``d`` (``x[c, d] -> OR of the sets with d``;
  a digit in no set leaves every cell), a chosen set excludes its other digits from every
  cell, and every digit of a chosen set stands in some cell of the group.

With each cell holding exactly one digit, "distinct" and "every digit of the set present"
make the group's digits exactly the chosen set, so the sum is right; unit propagation sees
the combinations as a solver of cages by hand does (a 2-cell 3 is {1,2}: nothing else
enters either cell). A group without a total keeps the distinct rule alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations


@lru_cache(maxsize=4096)
def digit_sets(size: int, total: int, digits: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    """Every set of ``size`` distinct values from ``digits`` that adds up to ``total``."""
    if size > len(digits) or size <= 0:
        return ()
    return tuple(frozenset(combo) for combo in combinations(digits, size)
                 if sum(combo) == total)


def distinct_clauses(cells: Sequence[Mapping[int, int]]) -> list[list[int]]:
    """Each digit at most once among ``cells`` (each a map digit -> literal), pairwise."""
    out = []
    for a, b in combinations(cells, 2):
        for digit, lit in a.items():
            other = b.get(digit)
            if other is not None:
                out.append([-lit, -other])
    return out


def sum_clauses(cells: Sequence[Mapping[int, int]], total: int,
                new_var: Callable[[], int]) -> list[list[int]]:
    """The group's digits are one of :func:`digit_sets` for ``total`` (the distinct rule
    itself is :func:`distinct_clauses`'); ``new_var`` numbers each selector. An impossible
    total gives the empty clause."""
    digits = tuple(sorted(set().union(*(cell.keys() for cell in cells))))
    sets = digit_sets(len(cells), total, digits)
    if not sets:
        return [[]]
    out: list[list[int]] = []
    if len(sets) == 1:
        only = sets[0]
        for cell in cells:
            out += [[-lit] for digit, lit in cell.items() if digit not in only]
        for digit in sorted(only):
            out.append([cell[digit] for cell in cells if digit in cell])
        return out
    chosen = [new_var() for _ in sets]
    out.append(list(chosen))
    out += [[-a, -b] for a, b in combinations(chosen, 2)]
    for cell in cells:
        for digit, lit in cell.items():
            having = [y for y, s in zip(chosen, sets, strict=True) if digit in s]
            out.append([-lit, *having])
            out += [[-y, -lit] for y, s in zip(chosen, sets, strict=True) if digit not in s]
    for y, s in zip(chosen, sets, strict=True):
        for digit in sorted(s):
            out.append([-y, *(cell[digit] for cell in cells if digit in cell)])
    return out


def cage_clauses(cells: Sequence[Mapping[int, int]], total: int | None,
                 new_var: Callable[[], int]) -> list[list[int]]:
    """A cage: distinct digits and, when ``total`` is given, that sum."""
    out = distinct_clauses(cells)
    if total is not None:
        out += sum_clauses(cells, total, new_var)
    return out
