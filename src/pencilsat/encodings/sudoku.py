"""Sudoku as SAT: one boolean ``x[r, c, d]`` per cell and digit (the direct encoding).

Lynce and Ouaknine's two clause sets ("Sudoku as a SAT problem", 2006):

* **minimal**: every cell holds at least one digit; each digit at most once per row, column
  and box. That already forces one digit per cell.
* **extended**: adds the redundant halves, every cell holds at most one digit and each digit
  at least once per house. The extra clauses let unit propagation do the "naked single" and
  "hidden single" steps without search, so puzzles need far fewer decisions.

Strategies: ``minimal`` and ``extended`` state the sets in the CSP layer (both backends);
``direct`` (the default) states the extended set as plain PySAT clauses loaded once per grid
size and takes the clues as assumptions, as the batch path does.

Why ``direct`` with the extended set (``benchmarks/results/lightup_sudoku.md``, all 204 Tatham
puzzles): the extended set needs 8x fewer conflicts than the minimal one (585 against 4,986)
and lets propagation alone finish the easy grids; in the CSP layer that gain is hidden by
compile time (the minimal set has fewer constraints and wins on total time, 5.6 s against
7.3 s, and also on CP-SAT), so the default skips the CSP layer altogether: 0.12 s for the
204 puzzles. CP-SAT has no clause path; there ``direct`` uses the ``extended`` model.

The X variant (``puzzle.diagonal``): the two main diagonals are two more houses, in every
clause set (:meth:`~pencilsat.puzzles.sudoku.SudokuPuzzle.houses` lists them). Gaps (cells
without a digit): every digit ruled out there, and a house with a gap holds each digit at
most once; then a cell's "at most one digit" is no longer implied (its house has a digit to
spare), so the minimal set states it too.

Variable numbering of the clause form: ``x[r, c, d] = (r * N + c) * N + d`` for 0-based row,
column and 1-based digit ``d``, so a model's first ``N**3`` literals decode by a reshape.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.csp import BoolVar, Model, le, linear_sum, or_
from pencilsat.encodings.encoding import ClauseEncoding, Encoding
from pencilsat.encodings.latin import PAIRWISE_UP_TO, house_clauses, var

__all__ = ["PAIRWISE_UP_TO", "build", "build_clauses", "clauses_given", "grid_clauses", "houses",
           "num_vars", "var"]
from pencilsat.puzzles.sudoku import SudokuPuzzle, SudokuSolution

CLAUSE_SETS = ("extended", "minimal")


def houses(n: int, diagonal: bool = False, box_width: int = 0, box_height: int = 0
           ) -> list[list[Cell]]:
    """Rows, columns and boxes of an ``n x n`` grid (``n`` a square; or boxes
    ``box_width`` wide and ``box_height`` tall); ``diagonal``: then the two main diagonals
    (the X variant)."""
    return SudokuPuzzle(np.zeros((n, n), dtype=np.int16), diagonal=diagonal,
                        box_width=box_width, box_height=box_height).houses()


def build(puzzle: SudokuPuzzle, clause_set: str = "extended") -> Encoding:
    """The CSP of ``puzzle`` with the ``minimal`` or ``extended`` clause set."""
    if clause_set not in CLAUSE_SETS:
        raise ValueError(f"unknown clause set {clause_set!r} (known: {', '.join(CLAUSE_SETS)})")
    n = puzzle.size
    m = Model()
    x = {(r, c, d): m.bool_var(f"x_{r}_{c}_{d}")
         for r in range(n) for c in range(n) for d in range(1, n + 1)}
    extended = clause_set == "extended"
    gaps = puzzle.gap_grid
    for r in range(n):
        for c in range(n):
            digits = [x[r, c, d] for d in range(1, n + 1)]
            if gaps[r, c]:  # a gap holds no digit
                m.add(le(linear_sum(digits), 0))
                continue
            m.add(or_(*digits))
            if extended or puzzle.gaps is not None:  # next to a gap a house has a spare
                m.add(le(linear_sum(digits), 1))    # digit: "at most one" is no longer implied
            clue = int(puzzle.clues[r, c])
            if clue:
                m.add(x[r, c, clue])
    for house, full in zip(puzzle.houses(), puzzle.full_houses(), strict=True):
        for d in range(1, n + 1):
            lits: list[BoolVar] = [x[r, c, d] for r, c in house]
            m.add(le(linear_sum(lits), 1))
            if extended and full:
                m.add(or_(*lits))
    free = [(r, c) for r in range(n) for c in range(n)
            if not puzzle.clues[r, c] and not gaps[r, c]]
    answer = [x[r, c, d] for r, c in free for d in range(1, n + 1)]

    def decode(value) -> SudokuSolution:
        grid = np.zeros((n, n), dtype=np.int16)
        for r, c in free:
            grid[r, c] = next(d for d in range(1, n + 1) if value(x[r, c, d]) == 1)
        grid[puzzle.clues > 0] = puzzle.clues[puzzle.clues > 0]
        return SudokuSolution(grid)

    return Encoding(clause_set, m, answer, decode)


@lru_cache(maxsize=8)
def grid_clauses(n: int, extended: bool = True, diagonal: bool = False, box_width: int = 0,
                 box_height: int = 0) -> tuple[list[int], ...]:
    """Clauses of an empty ``n x n`` grid (no clues), cached: the shared
    :func:`~pencilsat.encodings.latin.house_clauses` over rows, columns and boxes (square,
    or ``box_width`` x ``box_height``; ``diagonal``: and the two main diagonals).

    Up to 9x9 the at-most-one constraints are pairwise (no auxiliary variables, binary clauses
    propagate fastest); on 16x16 and 25x25 pairwise would be 122k and 750k clauses, so they use
    PySAT's sequential counter, whose auxiliaries are numbered after the ``n**3`` cell-digit
    variables (decoding still reads the first ``n**3`` literals).
    """
    return tuple(house_clauses(n, houses(n, diagonal, box_width, box_height), extended))


def num_vars(clauses: tuple[list[int], ...]) -> int:
    """The largest variable the clauses use (read with numpy: a 25x25 grid's 835,000
    literals took 1.4 s one by one in Python)."""
    from itertools import chain

    return int(np.abs(np.fromiter(chain.from_iterable(clauses), dtype=np.int64)).max())


def build_clauses(puzzle: SudokuPuzzle) -> ClauseEncoding:
    """The extended clause set of ``puzzle`` as plain clauses, a unit clause per clue: the
    fixed encoding ``pencilsat study`` measures (its models are exactly the answers). The
    answer literals are every digit of every empty cell."""
    n = puzzle.size
    if puzzle.gaps is None:
        grid = grid_clauses(n, True, puzzle.diagonal, puzzle.box_width, puzzle.box_height)
    else:  # gaps: their own clauses, never kept
        gaps = frozenset((int(r), int(c)) for r, c in zip(*np.nonzero(puzzle.gaps), strict=True))
        grid = tuple(house_clauses(n, puzzle.houses(), True, gaps))
    clues = [(r, c, int(puzzle.clues[r, c])) for r in range(n) for c in range(n)
             if puzzle.clues[r, c]]
    clauses = [list(cl) for cl in grid] + [[var(n, r, c, d)] for r, c, d in clues]
    gap_grid = puzzle.gap_grid
    free = [(r, c) for r in range(n) for c in range(n)
            if not puzzle.clues[r, c] and not gap_grid[r, c]]
    answer = [var(n, r, c, d) for r, c in free for d in range(1, n + 1)]

    def decode(true: set[int]) -> SudokuSolution:
        grid_values = np.array(puzzle.clues, dtype=np.int16)
        for r, c in free:
            grid_values[r, c] = next(d for d in range(1, n + 1) if var(n, r, c, d) in true)
        return SudokuSolution(grid_values)

    return ClauseEncoding("extended", num_vars(grid), clauses, answer, decode)


@lru_cache(maxsize=8)
def _clause_tables(n: int) -> tuple[int, list[tuple[np.ndarray, tuple[np.ndarray, ...]]],
                                    list[np.ndarray]]:
    """The extended clauses' top variable ``V`` (auxiliary ones included); the clauses grouped
    by length (ascending; the clause order kept within a group), each group as its literal
    matrix and, column by column, as those literals' indices into a truth table over
    ``-V..V`` (``literal + V``); and for each variable ``(cell, digit)`` the variables of
    that digit in the cell's peers (same row, column or box)."""
    clauses = grid_clauses(n, extended=True)
    top = num_vars(clauses)
    by_length: dict[int, list[list[int]]] = {}
    for clause in clauses:
        by_length.setdefault(len(clause), []).append(clause)
    groups = []
    for length in sorted(by_length):
        rows = np.array(by_length[length], dtype=np.int64)
        groups.append((rows, tuple(np.ascontiguousarray(rows[:, j] + top)
                                   for j in range(length))))
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for house in houses(n):
        index = [r * n + c for r, c in house]
        for cell in index:
            peers[cell].update(index)
    peer_vars = [np.zeros(0, dtype=np.int64)]
    for cell in range(n * n):
        others = np.array(sorted(peers[cell] - {cell}), dtype=np.int64)
        peer_vars += list(others[None, :] * n + np.arange(1, n + 1)[:, None])
    return top, groups, peer_vars


def clauses_given(n: int, clues: list[int],
                  deadline: float | None = None) -> tuple[list[list[int]], list[int]]:
    """The extended clauses a solver needs once the clue literals (``var`` numbering) are
    assumed, and the literals those clues make false (a clue's other digits, its digit in
    every peer), to be assumed with them: the clauses those literals satisfy are left out,
    the others kept whole, so every deduction still happens under the assumptions (unit
    propagation from them reports a forced grid). A fresh 9x9 solver then loads about 1,300
    clauses instead of 10,530. Clues in one cell or one house give every clause and no
    literal (the clues alone have no answer). The clauses come grouped by length, shortest
    first, in ``grid_clauses`` order within a length.

    Each length's clauses are tested column by column through a truth table over the
    literals: about half the time of testing every clause padded to the longest, the truth
    computed per variable and sign (1.6 against 3.1 ms a 9x9 puzzle on the magictour and
    forum samples). This was the largest cost of the one-puzzle solve, and so of grading a
    Sudoku; converting the kept clauses to lists is most of what is left.

    ``deadline``: raise ``TimeLimitReached`` once it has passed (looked at when the tables
    are built)."""
    top, groups, peer_vars = _clause_tables(n)
    check_clock(deadline)  # the tables of a 25x25 grid take most of a second to build
    value = np.zeros(top + 1, dtype=np.int8)
    given = np.asarray(clues, dtype=np.int64)
    cells = (given - 1) // n
    if len(clues):  # the digit leaves every peer
        value[np.concatenate([peer_vars[v] for v in clues])] = -1
    if bool((value[given] == -1).any()) or len(set(cells.tolist())) < len(clues):
        return [list(c) for c in grid_clauses(n, extended=True)], []
    # every other digit leaves the cell
    value[(cells * n)[:, None] + np.arange(1, n + 1)] = -1
    value[given] = 1
    truth = np.concatenate(((value == -1)[::-1], (value == 1)[1:]))
    out: list[list[int]] = []
    for rows, columns in groups:
        satisfied = truth[columns[0]]
        for column in columns[1:]:
            satisfied |= truth[column]
        out += rows[~satisfied].tolist()
    return out, (-np.flatnonzero(value == -1)).tolist()
