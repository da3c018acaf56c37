"""Sudoku strategies: ``direct`` (the extended clauses loaded once per grid size, clues as
assumptions; the default), ``extended`` and ``minimal`` (the CSP layer, on CNF or CP-SAT)."""

from __future__ import annotations

from pencilsat.core.registry import load
from pencilsat.core.result import SolveResult
from pencilsat.encodings.sudoku import build
from pencilsat.puzzles.sudoku import SudokuPuzzle
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
    clause path, so it gets the ``extended`` CSP model instead."""
    return load("pencilsat.strategies.sudoku_shared:solve_puzzle")(
        puzzle, sat_solver=sat_solver, time_limit=time_limit)
