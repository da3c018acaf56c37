"""One 9x9 Sudoku decided by a branch-and-count search over a pristine solver's unit
propagation: the library's fast path for one puzzle at a time.

A fresh CaDiCaL per puzzle kept the statistics of ``pencilsat.solve(line)`` independent of
what the process solved before, at the price of loading about 1,300 clauses (0.56 ms) for a
search of 0.07 ms. Here one solver per process holds the extended clauses of the 9x9 grid and
is only ever asked to *propagate* under assumptions, never to solve: it learns nothing, so
its answer to a set of assumptions is the same whatever was asked before (tested by solving a
list in two orders). With the extended clauses, propagation does the naked and hidden singles.

The search: propagate the clues; a conflict means no solution below this node, a full grid is
a solution (every cell forced by the clauses, so it satisfies them all); otherwise branch on
the open cell with the fewest candidates left, one branch per candidate, depth first, and stop
at the second solution. Branches take different digits at a cell, so their solutions are
disjoint and counting the full grids counts solutions. The effort figures are this search's:
``decisions`` (branches tried), ``conflicts`` (dead ends) and ``propagations`` (calls to the
solver's propagation), all of them a function of the puzzle alone.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from pencilsat.backends import pysat_calls  # noqa: F401  (Ctrl-C raised between calls)
from pencilsat.core.clock import check_clock

N = 9
CELLS = N * N
ATOMS = N ** 3
CLOCK_EVERY = 16
MAX_PENDING = 6
"""Branches waiting on the stack before the search gives a puzzle up: a wide tree is a hard
puzzle. With ``MAX_CALLS`` 32 (puzzles per CPU second in one loaded run, 100 of each file):
no limit gave Royle 555, magictour 90, the forum's hardest 60; 6 gave 590, 112 and 71; 4
gave 504, 120 and 77 (a fresh solver for every puzzle past propagation: about 300, 130, 77)."""
MAX_CALLS = 128
"""Propagation calls before the search gives a puzzle up: 91.5% of the first 1,000 of
Royle's 17-clue puzzles need at most 32 (68% at most 8) and the first 100 all at most 127;
the forum's hardest need hundreds to thousands (a fresh CaDiCaL decides those faster), and
``MAX_PENDING`` gives most of those up early. Puzzles per CPU second through
``solve_puzzle`` (150 of each file, one loaded run, two rounds): 32 calls gave Royle
683-693, magictour 125, the forum's hardest 74-76; 64: 801-809, 123-124, 74-75; 128:
822-850, 124-127, 73-75; 256: 765-814, 122-129, 74-76 (a fresh solver costs about 6 ms
more than a Royle puzzle's whole search)."""

_CELL_OF = np.zeros(2 * ATOMS + 1, dtype=np.int64)
_CELL_OF[1:ATOMS + 1] = np.arange(ATOMS) // N
_CELL_OF[ATOMS + 1:] = _CELL_OF[ATOMS:0:-1]
"""The cell of a literal, indexed by the literal itself: a negative one counts from the end."""

PROPAGATOR = "glucose3"
"""The solver whose propagation the search runs on. Unit propagation's outcome (the fixpoint,
or a conflict) is the same in every solver, so the search, its answers and its figures are
too (tested); Glucose 3's call was the cheapest measured, about 15% below CaDiCaL 1.5.3's
(300 Royle puzzles, one loaded run: 553-589 against 668-681 us per puzzle)."""


class _Kept:
    """A solver kept for the life of the process. At the interpreter's teardown PySAT's C
    module may be gone before the solver: its own destructor then prints an ignored
    ``TypeError``; this one lets the process free the memory instead."""

    def __init__(self, solver: Any) -> None:
        self.solver = solver

    def __del__(self) -> None:
        try:
            self.solver.delete()
        except Exception:  # teardown: nothing left to call, nothing left to keep
            inner, self.solver.solver = self.solver.solver, None
            for handle in ("cadical", "glucose", "minisat", "maplesat"):
                if hasattr(inner, handle):
                    setattr(inner, handle, None)


_solvers: dict[str, _Kept] = {}


def pristine_solver(name: str) -> Any:
    """The process's propagation-only solver of the 9x9 extended clauses (built on first use;
    never given ``solve``, so it never learns)."""
    kept = _solvers.get(name)
    if kept is None:
        from pysat.solvers import Solver

        from pencilsat.backends.bulk_load import load_clauses
        from pencilsat.strategies.sudoku_tables import grid_tables

        solver = Solver(name=name)
        load_clauses(solver, grid_tables(N)[0])
        kept = _solvers[name] = _Kept(solver)
    return kept.solver


class Count:
    """Effort of one search: branches tried, dead ends, propagation calls."""

    __slots__ = ("decisions", "conflicts", "propagations", "first_at")

    def __init__(self) -> None:
        self.decisions = 0
        self.conflicts = 0
        self.propagations = 0
        self.first_at: float | None = None  # perf_counter when the first solution was found


def search(name: str, clues: list[int], deadline: float | None = None, limit: int = 2,
           max_calls: int | None = None) -> tuple[list[list[int]] | None, Count]:
    """Up to ``limit`` solutions of the 9x9 puzzle whose clue literals (cell * 9 + digit)
    are ``clues``, each as its 81 true literals in cell order, and the search's effort;
    ``None`` for the solutions when the search would need more than ``max_calls``
    propagation calls (``None``: ``MAX_CALLS``) or more than ``MAX_PENDING`` waiting
    branches: a hard puzzle, for which CDCL's learning pays for a fresh solver.
    Raises ``TimeLimitReached`` (phase ``search``) once ``deadline`` has passed (looked at
    every ``CLOCK_EVERY`` calls: a call takes tens of microseconds)."""
    propagate = pristine_solver(name).propagate
    if max_calls is None:
        max_calls = MAX_CALLS
    found: list[list[int]] = []
    count = Count()
    stack = [clues]
    while stack:
        if count.propagations % CLOCK_EVERY == 0:
            check_clock(deadline, "search")
        if count.propagations == max_calls or len(stack) > MAX_PENDING:
            return None, count
        assumptions = stack.pop()
        count.propagations += 1
        ok, lits = propagate(assumptions=assumptions)
        if not ok:
            count.conflicts += 1
            continue
        if len(lits) == ATOMS:  # every atom assigned: each cell holds exactly one digit
            values = np.asarray(lits, dtype=np.int64)
            found.append(np.sort(values[values > 0]).tolist())
            if count.first_at is None:
                count.first_at = time.perf_counter()
            if len(found) >= limit:
                break
            continue
        values = np.asarray(lits, dtype=np.int64)
        cells = _CELL_OF[values]
        assigned = np.bincount(cells, minlength=CELLS)  # 9 in a filled cell
        assigned[assigned == N] = -1
        cell = int(assigned.argmax())  # the open cell with the fewest digits left
        if assigned[cell] < 0:  # no open cell, yet not every atom assigned: cannot happen
            count.conflicts += 1
            continue
        taken = set(np.abs(values[cells == cell]).tolist())
        base = cell * N
        for lit in range(base + N, base, -1):  # the smallest digit is tried first
            if lit not in taken:
                stack.append([*assumptions, lit])
    count.decisions = count.propagations - 1  # every call but the first tried a branch
    return found, count
