"""Hand clauses to a PySAT solver without PySAT's per-clause Python wrapper.

``Solver.append_formula`` loops in Python and calls the solver object's ``add_clause``, which
in turn calls PySAT's C extension (``pysolvers.<solver>_add_cl``). Those two Python calls per
clause add half again to the C side's work: a 100x100 Masyu (208,686 clauses) loads into
CaDiCaL 1.9.5 in 0.148 s through ``append_formula`` and in 0.096 s through the C function
directly (same clauses, same solver; scratch measurement, garbage collector off).

The C functions are not part of PySAT's documented API, so they are used only for the solvers
this project names (``core.sat_names``, and CaDiCaL 1.5.3 of the Sudoku batch) and only
when the expected module, function and solver handle are all present; anything else falls
back to ``add_clause``. The wrapper's only other work is to remember a ``False`` return as
the solver's status, which its next ``solve`` overwrites anyway, so skipping it changes no
answer (tested both ways).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

_C_ADDERS = {
    "Cadical153": ("cadical153_add_cl", "cadical"),
    "Cadical195": ("cadical195_add_cl", "cadical"),
    "Glucose4": ("glucose41_add_cl", "glucose"),
    "Minisat22": ("minisat22_add_cl", "minisat"),
    "Minicard": ("minicard_add_cl", "minicard"),
}
"""PySAT's solver class name -> (its C add-clause function, the attribute holding the
solver's C handle), as PySAT 1.8/1.9 name them."""


def clause_adder(solver: Any) -> Callable[[list[int]], Any]:
    """A function adding one clause to ``solver`` (a ``pysat.solvers.Solver``): the C
    function when it is known to be there, else the solver's own ``add_clause``."""
    return _direct(solver, _C_ADDERS, solver.add_clause)


_C_AT_MOST = {
    "Minicard": ("minicard_add_am", "minicard"),
    "Gluecard3": ("gluecard3_add_am", "gluecard"),
    "Gluecard4": ("gluecard41_add_am", "gluecard"),
}
"""The same for PySAT's native "at most k" constraints (``add_atmost``)."""


def at_most_adder(solver: Any) -> Callable[[list[int], int], Any]:
    """A function adding the native constraint "at most k of lits" to ``solver`` (one with
    native cardinality constraints): the C function when it is known to be there, else the
    solver's own ``add_atmost``."""
    return _direct(solver, _C_AT_MOST, solver.add_atmost)


def _direct(solver: Any, table: dict[str, tuple[str, str]], fallback: Any) -> Any:
    """PySAT's C function for ``solver`` from ``table`` (class name -> function, handle
    attribute) with the solver's handle bound, or ``fallback`` when any piece is missing."""
    inner = getattr(solver, "solver", None)
    names = table.get(type(inner).__name__)
    if names is not None:
        try:
            import pysolvers
        except ImportError:
            return fallback
        function = getattr(pysolvers, names[0], None)
        handle = getattr(inner, names[1], None)
        if function is not None and handle is not None:
            return partial(function, handle)
    return fallback


def load_clauses(solver: Any, clauses: Iterable[list[int]]) -> None:
    """Add every clause to ``solver`` (see ``clause_adder``)."""
    deque(map(clause_adder(solver), clauses), maxlen=0)


LOAD_CHUNK = 100_000
"""Clauses handed to the solver between two looks at the clock: a 1000x1000 grid takes
seconds to load, which a time limit must be able to cut short."""


def load_until(solver: Any, clauses: list[list[int]], deadline: float | None) -> None:
    """``load_clauses`` in chunks of ``LOAD_CHUNK``, raising ``TimeLimitReached`` (phase
    ``encoding``) once ``deadline`` (a ``perf_counter`` time) has passed."""
    from pencilsat.core.clock import check_clock

    for first in range(0, len(clauses), LOAD_CHUNK):
        check_clock(deadline)
        load_clauses(solver, clauses[first:first + LOAD_CHUNK])


def load_natives(solver: Any, at_most: Iterable[tuple[list[int], int]],
                 exactly: Iterable[tuple[list[int], int]], deadline: float | None) -> int:
    """Add "at most k of lits" for each of ``at_most`` and "exactly k" (two natives: at most
    k of the literals, at most ``len - k`` of their negations) for each of ``exactly`` to a
    solver with native counts, looking at the clock every ``LOAD_CHUNK``; an exact count above
    its literals adds the empty clause (no answer). Returns the native constraints added.
    The loader of :mod:`pencilsat.strategies.native_run` (the direct runs on MiniCard)."""
    from pencilsat.core.clock import check_clock

    add = at_most_adder(solver)
    added = 0
    for lits, total in at_most:
        if added % LOAD_CHUNK == 0:
            check_clock(deadline)
        add(lits, total)
        added += 1
    for lits, total in exactly:
        if added % LOAD_CHUNK == 0:
            check_clock(deadline)
        if total > len(lits):
            solver.add_clause([])
            continue
        add(lits, total)
        add([-lit for lit in lits], len(lits) - total)
        added += 2
    return added
