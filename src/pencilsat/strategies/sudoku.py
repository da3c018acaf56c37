"""Sudoku strategies: ``direct`` (the extended clauses loaded once per grid size, clues as
assumptions; the default), ``extended`` and ``minimal`` (the CSP layer, on CNF or CP-SAT).

An X puzzle (both diagonals houses too) never meets the solvers kept per grid size, whose
clauses have no diagonals: ``direct`` takes it, as Jigsaw and Killer Sudoku do, through
the narrowing and branching over its houses
(:func:`~pencilsat.strategies.narrowed_digits.run_narrowed`), the complete clause list over
the candidates left where that hands over; the CSP strategies list the diagonals among
the houses. A puzzle with rectangular boxes (``sudoku 6 6 3x2``) takes the same path in
``direct`` (the kept solvers and the batch kernels know square boxes only), and the CSP
strategies list its boxes as they are. A puzzle with gaps (pzprjs' ``?``: cells without a
digit) is the complete clause list on one PySAT solver in ``direct``
(:func:`~pencilsat.encodings.sudoku.build_clauses`, a gap's houses "at most once"); the
narrowing's houses all hold every digit, so it never sees one."""

from __future__ import annotations

from pencilsat.core.registry import load
from pencilsat.core.result import SolveResult
from pencilsat.encodings.sudoku import build
from pencilsat.puzzles.sudoku import SudokuPuzzle, SudokuSolution
from pencilsat.strategies.csp_solve import solve_encoding


def run_extended(
    puzzle: SudokuPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
    clause_set: str = "extended",
) -> SolveResult:
    """The ``extended`` CSP strategy (``clause_set="minimal"``: the ``minimal`` one)."""
    return solve_encoding(puzzle, lambda: build(puzzle, clause_set), backend=backend,
                          sat_solver=sat_solver, time_limit=time_limit)


def run_minimal(
    puzzle: SudokuPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    return run_extended(puzzle, backend=backend, sat_solver=sat_solver, time_limit=time_limit,
                        clause_set="minimal")


def run_direct(
    puzzle: SudokuPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """``direct``: the extended set as plain clauses in a solver kept per grid size, clues as
    assumptions (:func:`pencilsat.strategies.sudoku_shared.solve_puzzle`, loaded on first use
    and not by an import statement, which costs microseconds on every call). CP-SAT has no
    clause path, so it gets the ``extended`` CSP model instead. An X puzzle or one with
    rectangular boxes (houses the kept solvers do not know): :func:`run_narrowed_houses`;
    one with gaps: :func:`run_gaps`."""
    if puzzle.diagonal or puzzle.box_width or puzzle.gaps is not None:  # fields, no calls
        if puzzle.gaps is not None:
            return run_gaps(puzzle, sat_solver=sat_solver, time_limit=time_limit)
        return run_narrowed_houses(puzzle, sat_solver=sat_solver, time_limit=time_limit)
    return load("pencilsat.strategies.sudoku_shared:solve_puzzle")(
        puzzle, sat_solver=sat_solver, time_limit=time_limit)


def run_narrowed_houses(puzzle: SudokuPuzzle, *, sat_solver: str | None = None,
                        time_limit: float | None = None) -> SolveResult:
    """``direct`` on an X puzzle or one with rectangular boxes: the houses' narrowing and
    branching, the clauses over the candidates left
    (:func:`~pencilsat.encodings.latin.clause_encoding` over the houses, diagonals
    included) where that hands over, on one PySAT solver."""
    from pencilsat.encodings.latin import clause_encoding
    from pencilsat.strategies.narrowed_digits import run_narrowed

    houses = puzzle.houses()
    return run_narrowed(
        puzzle, (), SudokuSolution,
        lambda deadline, can: clause_encoding("direct", puzzle.clues, houses, SudokuSolution,
                                              can=can),
        sat_solver, time_limit,
        ("box", *puzzle.box_dims) if puzzle.rectangular else ("square", puzzle.box))


def run_gaps(puzzle: SudokuPuzzle, *, sat_solver: str | None = None,
             time_limit: float | None = None) -> SolveResult:
    """``direct`` on a puzzle with gaps: the complete clause list (each gap's digits ruled
    out, its houses holding each digit at most once) on one PySAT solver."""
    from pencilsat.encodings.sudoku import build_clauses
    from pencilsat.strategies.csp_solve import solve_clauses

    return solve_clauses(puzzle, lambda: build_clauses(puzzle), sat_solver=sat_solver,
                         time_limit=time_limit)
