"""Numberlink's second answer looked for in windows first: the first answer ``A`` kept
outside a window of the grid (its edges there assumed), the search's own formula solved
inside it under a small conflict budget (PySAT window after window, CP-SAT one solve per
group of windows), before the full second search.

Why: the second answers of janko's larger grids leave a few cells unused in one part of the
grid, and the full search meets them late (549_20x20: 192,371 CaDiCaL conflicts on the
proof formula; 537_20x20 169,138), while with ``A`` kept outside the right window they take
a few hundred. A window that finds nothing costs little and proves nothing: the full search
follows. A window's model is a model of the search's formula, so it is a second answer like
any other (the caller drops its loops). The windows: quadrants (half the rows by half the
columns, a quarter apart both ways), then bands (half the rows, then half the columns): the
bands found 528, 537, 546 and 549_20x20's second answers, the quadrants 572_25x40's, which
no band did within its budget.
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
        out.extend((place >= lo) & (place < lo + _half(extent)) for lo in _starts(extent))
    return out


def quadrants(width: int, height: int) -> list[np.ndarray]:
    """Per window a boolean per cell id, true inside: half the rows by half the columns
    (each at least 2), a quarter apart both ways (nine on a grid of at least 4x4), the last
    ones reaching the edges."""
    rows, columns = np.divmod(np.arange(width * height), width)
    out: list[np.ndarray] = []
    for top in _starts(height):
        for left in _starts(width):
            out.append((rows >= top) & (rows < top + _half(height))
                       & (columns >= left) & (columns < left + _half(width)))
    return out


def window_groups(width: int, height: int) -> list[list[np.ndarray]]:
    """The windows in the order they are tried: :func:`quadrants`, then :func:`bands`."""
    return [quadrants(width, height), bands(width, height)]


def _half(extent: int) -> int:
    return max(2, extent // 2)


def _starts(extent: int) -> list[int]:
    """Where windows of half ``extent`` start, a quarter apart, the last reaching the edge."""
    size = _half(extent)
    starts = list(range(0, extent - size + 1, max(1, size // 2)))
    if starts[-1] != extent - size:
        starts.append(extent - size)
    return starts


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
        for inside in [w for group in window_groups(width, height) for w in group]:
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
    one solve per group of :func:`window_groups` (each CP-SAT solve loads the whole model
    again: six band solves took 3.6-4.0 s of CPU on 189_14x24, 418_14x24 and 559_20x20;
    one 0.6-1.0 s), a new variable per window implying ``first`` outside it and a guard,
    assumed for this solve only, asking for some window of the group;
    :data:`WINDOW_CONFLICTS` a window as CP-SAT's conflict limit. Afterwards the guard and
    the window variables are fixed false, so the new constraints hold whatever the rest and
    the later solves do not branch on them (536_20x20's whole solve 58.8 s of CPU against
    66.7 s while they stayed free, 527_20x20 66.7 against 78.6). One solve for every window of
    both groups missed 572_25x40's second answer (95,001 conflicts, 20 s of CPU), which
    the quadrants' own solve finds in 3,252."""
    grid = GridEdges(width, height)

    def literal(lit: int) -> Any:
        return variables[lit] if lit > 0 else variables[-lit].Not()

    def in_group(first: Truth, group: list[np.ndarray], deadline: float | None) -> bool | None:
        model, params = session.model, session.solver.parameters
        picks = []
        for inside in group:
            pick = model.new_bool_var("window")
            for lit in kept_outside(grid, first, inside):
                model.add_implication(pick, literal(lit))
            picks.append(pick)
        guard = model.new_bool_var("windows")
        model.add_bool_or([guard.Not(), *picks])
        limit = params.max_number_of_conflicts
        model.add_assumptions([guard])
        params.max_number_of_conflicts = WINDOW_CONFLICTS * len(picks)
        try:
            found = session.solve(deadline)
        finally:
            model.clear_assumptions()
            params.max_number_of_conflicts = limit
            for var in (guard, *picks):  # spent: fixed false, no longer decisions
                model.add_bool_or([var.Not()])
        if deadline is not None and perf_counter() >= deadline:
            raise TimeLimitReached()
        return found

    def search(first: Truth, deadline: float | None) -> Truth | None:
        for group in window_groups(width, height):
            if in_group(first, group, deadline):
                return tuple(session.value(variables[v]) for v in answer)
        return None
    return search
