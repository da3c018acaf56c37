"""Ripple Effect as SAT: one boolean per cell and number 1..(its room's size), so every rule
is a clause and ``complete_cnf``'s models are exactly the answers.

- each cell holds exactly one number, each number 1..n of a room of n cells stands in
  exactly one of its cells (``cardinality.count_clauses``: pairwise up to a few literals);
- ripple: two cells of a row or column at distance ``k`` or less never both hold ``k``
  (a binary clause per pair and number; none for a ``?`` given, which the rule skips);
- a given is a unit clause.

The ``direct`` strategy loads it into PySAT, ``cpsat`` into CP-SAT;
``pencilsat study`` and certificates use it as it is.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.cardinality import count_clauses
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.puzzles.ripple import RipplePuzzle, RippleSolution


def complete_cnf(puzzle: RipplePuzzle, deadline: float | None = None) -> ClauseEncoding:
    """The clauses above; variables cell by cell (row-major), numbers 1..size within. Past
    ``deadline`` (or the memory budget) it stops with the clock's error."""
    h, w = puzzle.height, puzzle.width
    sizes = puzzle.room_sizes().ravel().tolist()
    first = np.concatenate([[1], 1 + np.cumsum(sizes)[:-1]]).tolist()  # x[i, 1]
    top = int(sum(sizes))
    clauses: list[list[int]] = []

    def lit(i: int, d: int) -> int:
        return first[i] + d - 1

    def exactly_one(lits: list[int]) -> None:
        """At least one, and at most one pairwise up to 6 literals, a sequential counter
        above."""
        nonlocal top
        clauses.append(lits)
        if len(lits) <= 6:
            clauses.extend([-a, -b] for a, b in combinations(lits, 2))
            return
        more, top = count_clauses(lits, 0, 1, top, "seqcounter")
        clauses.extend(more)

    for i, size in enumerate(sizes):
        if i % w == 0:
            check_clock(deadline)
        exactly_one([lit(i, d) for d in range(1, size + 1)])
    check_clock(deadline)
    for cells in puzzle.rooms.cells():
        check_clock(deadline)
        index = [r * w + c for r, c in cells]
        for d in range(1, len(index) + 1):
            exactly_one([lit(i, d) for i in index])
    seen = (~puzzle.unknown).ravel().tolist()  # the ripple rule skips a '?' given
    lines = ([[r * w + c for c in range(w)] for r in range(h)]
             + [[r * w + c for r in range(h)] for c in range(w)])
    for line in lines:
        check_clock(deadline)
        for p, a in enumerate(line):
            for q in range(p + 1, len(line)):
                b = line[q]
                if not (seen[a] and seen[b]):
                    continue
                for d in range(q - p, min(sizes[a], sizes[b]) + 1):
                    clauses.append([-lit(a, d), -lit(b, d)])
    givens = puzzle.givens.ravel().tolist()
    clauses += [[lit(i, v)] for i, v in enumerate(givens) if v]
    answer = [lit(i, d) for i, size in enumerate(sizes) if not givens[i]
              for d in range(1, size + 1)]

    def decode(true: set[int]) -> RippleSolution:
        grid = [givens[i] or next((d for d in range(1, size + 1) if lit(i, d) in true), 0)
                for i, size in enumerate(sizes)]
        return RippleSolution(np.array(grid).reshape(h, w))

    return ClauseEncoding("direct", top, clauses, answer, decode)
