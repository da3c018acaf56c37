"""Which solving strategies exist per genre, loaded lazily by name.

A strategy is a module-level callable ``run(puzzle, *, backend, sat_solver, time_limit) ->
SolveResult`` that finds a solution and proves uniqueness (or finds a second solution). The
table names them as ``"module:attribute"`` so that importing the registry loads no solver.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

STRATEGIES: dict[str, dict[str, str]] = {
    "masyu": {
        "tamura": "pencilsat.encodings.masyu_tamura:run",
        "tamura-log": "pencilsat.encodings.masyu_tamura:run_log",
        "lazy": "pencilsat.strategies.masyu_lazy:run",
        "circuit": "pencilsat.strategies.masyu_circuit:run",
    },
    "lightup": {
        "direct": "pencilsat.encodings.lightup:run_direct",
        "csp": "pencilsat.encodings.lightup:run",
        "card": "pencilsat.encodings.lightup:run_card",
    },
    "sudoku": {
        "direct": "pencilsat.encodings.sudoku:run_direct",
        "extended": "pencilsat.encodings.sudoku:run",
        "minimal": "pencilsat.encodings.sudoku:run_minimal",
    },
}

DEFAULT_STRATEGY: dict[str, str] = {
    "masyu": "lazy",
    "lightup": "direct",
    "sudoku": "direct",
}

DEFAULT_STRATEGY_ON_BACKEND: dict[tuple[str, str], str] = {
    ("masyu", "cpsat"): "circuit",
}
"""When only a backend is chosen and the genre's default strategy does not run on it, this
one does (``lazy`` is CNF only; Light Up's and Sudoku's defaults run on both)."""

NAMED_ON_CNF_ONLY: dict[tuple[str, str], str] = {
    ("lightup", "direct"): "csp",
    ("sudoku", "direct"): "extended",
}
"""Clause-level strategies that, as a genre's default, hand CP-SAT the CSP model named here:
asked for by name on CP-SAT they are refused instead of being swapped without a word."""
CPSAT_ONLY = {("masyu", "circuit")}
"""Strategies with no CNF path: a SAT solver named for them would be ignored, so it is refused."""

BACKENDS = ("cnf", "cpsat")
SAT_SOLVERS = {
    "cadical": "cadical195",
    "glucose": "glucose4",
    "minisat": "minisat22",
}
DEFAULT_SAT_SOLVER = "cadical"


def strategy_names(genre: str) -> list[str]:
    return list(STRATEGIES.get(genre, {}))


def load_strategy(genre: str, name: str | None,
                  backend: str | None = None) -> tuple[str, Callable[..., Any]]:
    """Return (name, run function); ``None`` picks the genre's default (for ``backend``)."""
    table = STRATEGIES.get(genre, {})
    name = (name or DEFAULT_STRATEGY_ON_BACKEND.get((genre, backend or ""))
            or DEFAULT_STRATEGY.get(genre))
    if name not in table:
        known = ", ".join(table) or "none"
        raise KeyError(f"unknown encoding {name!r} for {genre} (known: {known})")
    module, attr = table[name].split(":")
    return name, getattr(importlib.import_module(module), attr)
