"""CP-SAT backend: translate a CSP model natively into an OR-Tools ``CpModel``.

Integer variables keep their domains (``Domain.FromValues``), linear atoms stay linear,
``abs`` becomes ``AddAbsEquality``; a non-literal disjunct gets an enforcement literal
(``t -> part``, CP-SAT's ``OnlyEnforceIf``). CP-SAT keeps no learnt state between solves, so
the uniqueness proof is a second solve of the same model with the first answer forbidden.
OR-Tools is imported here only, when this backend is chosen.
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

from pencilsat.core.clock import check_clock
from pencilsat.encodings.csp import (
    And,
    BoolVar,
    Const,
    Constraint,
    IntVar,
    LinearLe,
    Model,
    Not,
    Or,
    nnf,
)

CHECK_EVERY = 2000
"""Variables or constraints translated between two looks at the clock."""


class CpSatBackend:
    name = "cpsat"
    sat_solver = None

    def __init__(self, model: Model, deadline: float | None = None) -> None:
        """Translate ``model``; ``TimeLimitReached`` once ``deadline`` has passed (the clock
        is read every ``CHECK_EVERY`` variables and constraints)."""
        from ortools.sat.python import cp_model

        from pencilsat.backends.cpsat_session import CpSatSession

        self.model = model
        self.cp = cp_model.CpModel()
        self.session = CpSatSession(self.cp)
        self.vars: dict[int, Any] = {}
        for i, var in enumerate(model.variables):
            if i % CHECK_EVERY == 0:
                check_clock(deadline)
            if isinstance(var, BoolVar):
                self.vars[var.index] = self.cp.new_bool_var(var.name)
            else:
                dom = cp_model.Domain.from_values(list(var.domain))
                self.vars[var.index] = self.cp.new_int_var_from_domain(dom, var.name)
        for d in model.abs_defs:
            self.cp.add_abs_equality(self.vars[d.result.index], self.vars[d.arg.index])
        for i, c in enumerate(model.constraints):
            if i % CHECK_EVERY == 0:
                check_clock(deadline)
            self.add(c)
        self._values: dict[int, int] = {}

    @property
    def num_variables(self) -> int:
        return len(self.cp.proto.variables)

    @property
    def num_clauses(self) -> int:
        """Number of CP-SAT constraints (reported in the ``clauses`` field)."""
        return len(self.cp.proto.constraints)

    def add(self, constraint: Constraint) -> None:
        self._enforce(nnf(constraint), [])

    def _lit(self, c: Constraint) -> Any | None:
        if isinstance(c, BoolVar):
            return self.vars[c.index]
        if isinstance(c, Not) and isinstance(c.arg, BoolVar):
            return self.vars[c.arg.index].negated()
        return None

    def _enforce(self, c: Constraint, enf: list[Any]) -> None:
        lit = self._lit(c)
        if lit is not None:
            self.cp.add_bool_or([lit] + [e.negated() for e in enf])
        elif isinstance(c, Const):
            if not c.value:
                self.cp.add_bool_or([e.negated() for e in enf])
        elif isinstance(c, LinearLe) and not c.expr.terms:
            if c.expr.const > 0:
                self.cp.add_bool_or([e.negated() for e in enf])
        elif isinstance(c, LinearLe):
            expr = sum(k * self.vars[v.index] for v, k in c.expr.terms.items())
            self.cp.add(expr <= -c.expr.const).only_enforce_if(enf)
        elif isinstance(c, And):
            for a in c.args:
                self._enforce(a, enf)
        elif isinstance(c, Or):
            lits = []
            for a in c.args:
                lit = self._lit(a)
                if lit is None:
                    lit = self.cp.new_bool_var("")
                    self._enforce(a, [lit])
                lits.append(lit)
            self.cp.add_bool_or(lits + [e.negated() for e in enf])
        else:
            raise TypeError(f"cannot translate {c!r}")

    def solve(self, time_limit: float | None = None) -> bool | None:
        """True (solution), False (infeasible) or None (time limit reached)."""
        deadline = None if time_limit is None else perf_counter() + time_limit
        found = self.session.solve(deadline)
        if found:
            value = self.session.solver.value
            self._values = {i: value(v) for i, v in self.vars.items()}
        return found

    def value(self, var: IntVar) -> int:
        return self._values[var.index]

    def stats(self) -> dict[str, int | None]:
        return dict(self.session.effort)

    def close(self) -> None:
        pass
