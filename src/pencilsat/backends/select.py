"""Pick a backend for a CSP model by name: ``cnf`` (order encoding to PySAT) or ``cpsat``."""

from __future__ import annotations

from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.sat_names import BACKENDS
from pencilsat.encodings.csp import Model


def make_backend(model: Model, backend: str, sat_solver: str | None,
                 log_min_domain: int | None = None, deadline: float | None = None) -> Any:
    """A backend holding ``model``: ``sat_solver`` is PySAT's name (CNF only);
    ``log_min_domain`` log-encodes integers with at least that many values (CNF only);
    compiling stops with ``TimeLimitReached`` once ``deadline`` has passed."""
    if backend == "cnf":
        from pencilsat.backends.cnf import CnfBackend

        return CnfBackend(model, sat_solver or "cadical195", log_min_domain, deadline)
    if backend == "cpsat":
        from pencilsat.backends.cpsat import CpSatBackend

        return CpSatBackend(model, deadline)
    raise InputError(f"unknown backend {backend!r}", source="backend",
                     hint="choose one of: " + ", ".join(BACKENDS))
