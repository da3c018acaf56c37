"""Killer Sudoku as SAT: Sudoku's direct encoding (:mod:`pencilsat.encodings.latin`) over
rows, columns and the rectangular boxes, plus each cage as :mod:`pencilsat.encodings.cage_sums`
states it (distinct digits; one of the digit sets with the cage's sum chosen by a selector,
a digit in no such set ruled out of every cell of the cage).

``complete_cnf``: those clauses, whose models are exactly the answers: the ``direct``
strategy loads them into PySAT, ``cpsat`` into CP-SAT (the cages' sums as linear sums beside
them only cost CPU there: docs/encodings.md); ``pencilsat study`` and certificates use them
too.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from pencilsat.encodings.cage_sums import distinct_clauses, sum_clauses
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.latin import (
    candidates,
    clause_encoding,
    narrowed_candidates,
    var,
)
from pencilsat.puzzles.killersudoku import KillerSudokuPuzzle, KillerSudokuSolution


def complete_cnf(puzzle: KillerSudokuPuzzle, narrowed: bool = False,
                 deadline: float | None = None,
                 can: list[list[bool]] | None = None) -> ClauseEncoding:
    """The extended clause set, the givens as unit clauses, the cages' clauses;
    ``narrowed``: over the candidates :func:`~pencilsat.encodings.latin.narrowed_candidates`
    leaves (the strategies' choice: a 9x9's clauses fall from about 16,000 to a few
    thousand; ``pencilsat study`` keeps the full set, which leaves that reasoning to the
    solver it measures); ``can``: those candidates when the caller has them."""
    n = puzzle.size
    houses = puzzle.houses()
    if can is None:
        can = (narrowed_candidates(puzzle.givens, houses, puzzle.cage_sums(), deadline)
               if narrowed else candidates(puzzle.givens, houses))

    home: list[set[int]] = [set() for _ in range(n * n)]
    for h, house in enumerate(houses):
        for r, c in house:
            home[r * n + c].add(h)

    def cages(new_var: Callable[[], int]) -> list[list[int]]:
        """Each cage's sum clauses, and "distinct" only for two cells of no common house
        (the house's clauses already keep the others apart: most cages lie in one box)."""
        out: list[list[int]] = []
        for cells, total in puzzle.cage_sums():
            literals = [{d: var(n, r, c, d) for d in range(1, n + 1) if can[r * n + c][d - 1]}
                        for r, c in cells]
            index = [r * n + c for r, c in cells]
            out += distinct_clauses(literals, [
                (i, j) for i, j in combinations(range(len(cells)), 2)
                if not home[index[i]] & home[index[j]]])
            if total is not None:
                out += sum_clauses(literals, total, new_var)
        return out

    return clause_encoding("direct", puzzle.givens, houses, KillerSudokuSolution, cages, can)
