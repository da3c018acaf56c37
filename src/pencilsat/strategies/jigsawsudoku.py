"""Jigsaw Sudoku strategies: ``direct`` (the default: naked and hidden singles on one integer
per state, then branching on them, :mod:`pencilsat.strategies.latin_search`; a count, a
backbone, a grid left wide or one past the branch budget takes the complete clause list over
the candidates the singles leave, on one incremental PySAT solver) and ``cpsat`` (the same
clauses on CP-SAT), both through the one uniqueness procedure. The X variant's diagonals are
two more houses: ``direct`` narrows and branches on them with the other houses
(:func:`~pencilsat.strategies.narrowed_digits.run_narrowed`, the bits of ``latin_search``
know rows, columns and boxes only), and the clauses list them. Every rule is a clause, so on
clauses one call finds the answer and one more, with it forbidden, proves it unique; the
branching search finds each answer once, so the second call finds none or another."""

from __future__ import annotations

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult
from pencilsat.encodings.jigsawsudoku import complete_cnf
from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle, JigsawSudokuSolution
from pencilsat.strategies.digit_clauses import run_on_cpsat
from pencilsat.strategies.latin_search import run_latin
from pencilsat.strategies.narrowed_digits import run_narrowed

WIDE = 200
"""Candidates left after the first narrowing, beyond one a cell, from which a Jigsaw takes
the clause path at once: such a grid mostly branches past the search's budget of 64 and
pays for both. Of the 850 janko and Tatham Jigsaws, 40 are left that wide (all 9x9s): 28 of
them need more than 64 branches, none fewer than 5. (A Killer is not: its open grids keep
300-540 candidates, mostly settle in a few branches, and cost 20-38 ms on the clause path.)"""


def run_direct(puzzle: JigsawSudokuPuzzle, *, backend: str = "cnf",
               sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """The singles, then branching on them (:func:`~pencilsat.strategies.latin_search.run_latin`);
    the clause path on one PySAT solver (CaDiCaL unless ``sat_solver``) where that hands over.
    An X puzzle: the same over the houses with the diagonals (``run_narrowed``)."""
    if puzzle.diagonal:
        return run_narrowed(puzzle, (), JigsawSudokuSolution,
                            lambda deadline, can: complete_cnf(puzzle, True, deadline, can),
                            sat_solver, time_limit, puzzle.boxes.ids.tobytes())
    return run_latin(puzzle, JigsawSudokuSolution,
                     lambda deadline, can: complete_cnf(puzzle, True, deadline, can),
                     sat_solver, time_limit, WIDE)


def run_cpsat(puzzle: JigsawSudokuPuzzle, *, backend: str = "cpsat",
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model."""
    deadline = deadline_of(time_limit)
    return run_on_cpsat(puzzle, lambda: (complete_cnf(puzzle, True, deadline), []), time_limit)
