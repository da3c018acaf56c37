"""The one table of backend and SAT-solver names: what a user may write, and what PySAT calls it.

``cadical``, ``glucose`` and ``minisat`` are the short names the CLI offers; every PySAT name
of an incremental solver with a limited solve (which time limits need) is accepted too, so
``sat_solver="cadical153"`` means the same in every genre and strategy. Lingeling (no limited
solve) and Kissat (not incremental) are refused by name.
"""

from __future__ import annotations

from pencilsat.core.errors import InputError

BACKENDS = ("cnf", "cpsat")
SAT_SOLVERS = {"cadical": "cadical195", "glucose": "glucose4", "minisat": "minisat22"}
"""Short names, as the CLI's ``--sat-solver`` takes them."""
PYSAT_SOLVERS = (
    "cadical103", "cadical153", "cadical195", "cadical300", "gluecard3", "gluecard4",
    "glucose3", "glucose4", "glucose42", "maplechrono", "maplecm", "maplesat", "mergesat3",
    "minicard", "minisat22", "minisatep",
)
"""PySAT's names of the solvers pencilsat can drive (incremental, with ``solve_limited``)."""
_REFUSED = {
    "lingeling": "it has no limited solve, which time limits need",
    "kissat404": "it is not incremental",
    "kissat": "it is not incremental",
}


def check_backend(backend: str | None) -> str | None:
    """``backend`` if it names one, else an :class:`InputError` listing the choices."""
    if backend is None or backend in BACKENDS:
        return backend
    raise InputError(f"unknown backend {backend!r}", source="backend",
                     hint="choose one of: " + ", ".join(BACKENDS))


def pysat_name(name: str | None, default: str) -> str:
    """PySAT's name for ``name`` (a short name or a PySAT name); ``default`` when ``None``."""
    if name is None:
        return default
    if name in SAT_SOLVERS:
        return SAT_SOLVERS[name]
    if name in PYSAT_SOLVERS:
        return name
    why = _REFUSED.get(name)
    hint = ("choose one of: " + ", ".join(SAT_SOLVERS) + ", or a PySAT name: "
            + ", ".join(PYSAT_SOLVERS))
    if why:
        raise InputError(f"SAT solver {name!r} cannot be used: {why}", source="sat_solver",
                         hint=hint)
    raise InputError(f"unknown SAT solver {name!r}", source="sat_solver", hint=hint)
