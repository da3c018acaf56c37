"""Clauses as numpy arrays: build many at once, keep their order, drop the satisfied ones.

Builders of large CNFs (a 100x100 grid has about 200,000 clauses) make one integer array per
kind of clause, the last axis a clause; ``ordered_clauses`` puts them in their cell-by-cell
order without a Python loop per cell. ``values`` (per variable 1 true, -1 false, 0 open;
index 0 unused) are literals settled before SAT, and every clause they satisfy is left out.
"""

from __future__ import annotations

import numpy as np

Clause = list[int]


def ordered_clauses(parts: list[tuple[np.ndarray, np.ndarray]], total: int,
                    values: np.ndarray | None = None) -> list[Clause]:
    """The clauses of several integer arrays (the last axis is a clause), each clause put at
    its given position of the result: how the builders keep the cell-by-cell order of the
    clauses without a Python loop per cell. With ``values`` (see ``open_rows``) the clauses
    they satisfy are left out and the rest keep their order."""
    if values is not None:
        open_parts = []
        for positions, rows in parts:
            flat = rows.reshape(-1, rows.shape[-1])
            keep = open_rows(flat, values)
            open_parts.append((positions.ravel()[keep], flat[keep]))
        parts = open_parts
        kept = np.zeros(total, dtype=bool)
        for positions, _ in parts:
            kept[positions] = True
        renumber = np.cumsum(kept) - 1
        parts = [(renumber[positions], rows) for positions, rows in parts]
        total = int(kept.sum())
    out = np.empty(total, dtype=object)
    for positions, rows in parts:
        clauses = rows.reshape(-1, rows.shape[-1]).tolist()
        out[positions.ravel()] = np.fromiter(clauses, dtype=object, count=len(clauses))
    return out.tolist()


def open_rows(rows: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per row of clause literals (0 pads), whether no literal is already true under
    ``values`` (per variable 1 true, -1 false, 0 open; index 0 unused and 0)."""
    return ~(values[np.abs(rows)] * np.sign(rows) > 0).any(axis=-1)


def true_literals(values: np.ndarray) -> np.ndarray:
    """The literals ``values`` makes true: ``v`` for a variable set to 1, ``-v`` for -1."""
    settled = np.flatnonzero(values)
    return settled * values[settled]


def drop_satisfied(rows: np.ndarray, values: np.ndarray | None) -> np.ndarray:
    """``rows`` without the clauses ``values`` satisfy (all of them without values)."""
    return rows if values is None else rows[open_rows(rows, values)]
