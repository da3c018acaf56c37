"""Numberlink's second answer looked for in bands first: the first answer ``A`` kept outside
a band of the grid (its edges there assumed), the search's own formula solved inside it
under a small conflict budget (PySAT band after band, CP-SAT all bands in one solve),
before the full second search.

Why: the second answers of janko's larger grids leave a few cells unused in one part of the
grid, and the full search meets them late (549_20x20: 192,371 CaDiCaL conflicts on the
proof formula; 537_20x20 169,138), while with ``A`` kept outside the right band they take
289 and 842. A band that finds nothing costs little (the six bands of the unique 559_20x20:
2,133 conflicts together) and proves nothing: the full search follows. A band's model is
a model of the search's formula, so it is a second answer like any other (the caller drops
its loops). The bands: rows, then columns, half the grid's extent each, a quarter apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.core.result import TimeLimitReached
from pencilsat.encodings.loops.edges import GridEdges

Truth = tuple[bool, ...]
BandSearch = Callable[[Truth, float | None], Truth | None]
"""Given the first answer and a deadline, a model's truth of the answer variables with the
first kept outside some band, or ``None`` (none found within the conflicts allowed)."""

WINDOW_CONFLICTS = 5000
"""Conflicts one band may take."""
WINDOW_CELLS = 225
"""Grids of more cells than this (15x15) look in the bands first."""


def bands(width: int, height: int) -> list[np.ndarray]:
    """Per band a boolean per cell id, true inside: rows, then columns, each band half the
    extent (at least 2), a quarter apart, the last one reaching the edge."""
    rows, columns = np.divmod(np.arange(width * height), width)
    out: list[np.ndarray] = []
    for place, extent in ((rows, height), (columns, width)):
        size = max(2, extent // 2)
        step = max(1, size // 2)
        starts = list(range(0, extent - size + 1, step))
        if starts[-1] != extent - size:
            starts.append(extent - size)
        out.extend((place >= lo) & (place < lo + size) for lo in starts)
    return out


def kept_outside(grid: GridEdges, first: Truth, inside: np.ndarray) -> list[int]:
    """``first``'s edges (variables ``1..E``) with no end inside the band, as literals."""
    end_a, end_b, _ = grid.arrays()
    v = np.arange(1, len(grid) + 1)
    fixed = v[~(inside[end_a[1:]] | inside[end_b[1:]])]
    on = np.asarray(first, dtype=bool)[fixed - 1]
    return np.where(on, fixed, -fixed).tolist()


def pysat_bands(solver: Any, answer: Sequence[int], width: int, height: int) -> BandSearch:
    """:data:`BandSearch` on an incremental PySAT solver: band after band under
    assumptions, :data:`WINDOW_CONFLICTS` each (what the solver learns stays: it follows
    from the formula)."""
    lits = np.asarray(answer, dtype=np.int64)
    grid = GridEdges(width, height)

    def search(first: Truth, deadline: float | None) -> Truth | None:
        for inside in bands(width, height):
            if deadline is not None and perf_counter() >= deadline:
                raise TimeLimitReached()
            solver.conf_budget(WINDOW_CONFLICTS)
            if solver.solve_limited(assumptions=kept_outside(grid, first, inside)):
                model = np.asarray(solver.get_model(), dtype=np.int64)
                return tuple((model[lits - 1] > 0).tolist())
        return None
    return search


def cpsat_bands(session: Any, variables: Sequence[Any], answer: Sequence[int], width: int,
                height: int) -> BandSearch:
    """:data:`BandSearch` on a :class:`~pencilsat.backends.cpsat_session.CpSatSession`:
    one solve for all bands (each CP-SAT solve loads the whole model again: six solves
    took 3.6-4.0 s of CPU on 189_14x24, 418_14x24 and 559_20x20), a new variable per band
    implying ``first`` outside it and a guard, assumed for this solve only, asking for
    some band; :data:`WINDOW_CONFLICTS` a band as CP-SAT's conflict limit. With the guard
    false afterwards the new constraints hold whatever the rest."""
    grid = GridEdges(width, height)

    def literal(lit: int) -> Any:
        return variables[lit] if lit > 0 else variables[-lit].Not()

    def search(first: Truth, deadline: float | None) -> Truth | None:
        model, params = session.model, session.solver.parameters
        picks = []
        for inside in bands(width, height):
            pick = model.new_bool_var("band")
            for lit in kept_outside(grid, first, inside):
                model.add_implication(pick, literal(lit))
            picks.append(pick)
        guard = model.new_bool_var("bands")
        model.add_bool_or([guard.Not(), *picks])
        limit = params.max_number_of_conflicts
        model.add_assumptions([guard])
        params.max_number_of_conflicts = WINDOW_CONFLICTS * len(picks)
        try:
            found = session.solve(deadline)
        finally:
            model.clear_assumptions()
            params.max_number_of_conflicts = limit
        if deadline is not None and perf_counter() >= deadline:
            raise TimeLimitReached()
        if not found:
            return None
        return tuple(session.value(variables[v]) for v in answer)
    return search
