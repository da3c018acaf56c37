"""CNF backend: compile a CSP model with Sugar's order encoding and solve it with PySAT.

Order encoding (Tamura et al. 2009): an integer ``x`` with domain ``d_0 < ... < d_m`` gets one
boolean ``[x <= d_i]`` for ``i < m`` and the chain ``[x <= d_i] -> [x <= d_(i+1)]``. A linear
atom ``sum k_i x_i <= c`` becomes the clauses "if ``x_1`` reaches ``v`` then the rest is at
most ``c - k_1 v``", recursively; sums with more than three terms whose clause count would
blow up are split with auxiliary sum variables, as Sugar does. Sums of plain booleans with
unit coefficients (e.g. Tamura's "exactly one start") use PySAT's sequential counter instead,
which is the same size Sugar's splitting would give and simpler to decode.

Formulas are put in negation normal form; a disjunction with a non-clausal part is distributed
when only one part is non-clausal and Tseitin-encoded (half, ``t -> part``) otherwise.
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Iterable, Sequence

import numpy as np

from pencilsat.backends import pysat_calls
from pencilsat.backends.bulk_load import load_until
from pencilsat.core.clock import check_clock
from pencilsat.core.result import TimeLimitReached
from pencilsat.encodings.csp import (
    And,
    BoolVar,
    Const,
    Constraint,
    IntVar,
    Linear,
    LinearLe,
    Model,
    Not,
    Or,
    nnf,
)

Lit = int | bool  # a PySAT literal, or a constant truth value
SPLIT_PRODUCT = 4096
"""Split a linear sum when the domain-size product of all but one term exceeds this."""


def _neg(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else -lit


CHECK_EVERY = 256
"""Constraints compiled between two looks at the clock when a deadline is set."""


class CnfCompiler:
    """Turns a :class:`Model` into clauses; keeps the literal tables to decode models."""

    def __init__(self, model: Model, log_min_domain: int | None = None,
                 deadline: float | None = None) -> None:
        """``deadline`` (``time.perf_counter()`` seconds): raise ``TimeLimitReached``
        once it has passed, checked every ``CHECK_EVERY`` constraints."""
        from pencilsat.backends.cnf_log import LogInts

        self.model = model
        self.log_min_domain = log_min_domain
        self.log = LogInts(self.new_var)
        self.top = 0
        self.clauses: list[list[int]] = []
        self._order: dict[int, list[int]] = {}
        self._aux_count = 0
        for var in model.variables:
            self._declare(var)
        for d in model.abs_defs:
            self._define_abs(d.result, d.arg)
        for i, c in enumerate(model.constraints):
            if i % CHECK_EVERY == 0:
                check_clock(deadline)
            self.add(c)

    # ---- variables

    def new_var(self) -> int:
        self.top += 1
        return self.top

    def _declare(self, var: IntVar) -> None:
        if (self.log_min_domain is not None and len(var.domain) >= self.log_min_domain
                and var.index >= 0 and not isinstance(var, BoolVar)):
            self.log.declare(var, self.clauses)
            return
        lits = [self.new_var() for _ in range(len(var.domain) - 1)]
        self._order[var.index] = lits
        for a, b in zip(lits, lits[1:], strict=False):
            self.clauses.append([-a, b])

    def le_lit(self, x: IntVar, a: int) -> Lit:
        """The literal ``[x <= a]``."""
        dom = x.domain
        if a < dom[0]:
            return False
        if a >= dom[-1]:
            return True
        return self._order[x.index][bisect_right(dom, a) - 1]

    def bool_lit(self, b: BoolVar) -> int:
        """Literal that is true when ``b`` is 1 (``not [b <= 0]``)."""
        return -self._order[b.index][0]

    def value(self, x: IntVar, model_set: set[int]) -> int:
        if self.log.is_log(x):
            return self.log.value(x, model_set)
        for d, lit in zip(x.domain, self._order[x.index], strict=False):
            if lit in model_set:
                return d
        return x.domain[-1]

    # ---- clauses

    def emit(self, lits: Iterable[Lit], out: list[list[int]] | None = None) -> None:
        clause = []
        for lit in lits:
            if lit is True:
                return
            if lit is not False:
                clause.append(lit)
        (self.clauses if out is None else out).append(clause)

    def add(self, constraint: Constraint) -> None:
        """Add a constraint (also after solving: the backend is incremental)."""
        self.clauses.extend(self.cnf(nnf(constraint)))

    def cnf(self, c: Constraint) -> list[list[int]]:
        if isinstance(c, BoolVar):
            return [[self.bool_lit(c)]]
        if isinstance(c, Not):
            assert isinstance(c.arg, BoolVar), "negation normal form negates variables only"
            return [[-self.bool_lit(c.arg)]]
        if isinstance(c, Const):
            return [] if c.value else [[]]
        if isinstance(c, LinearLe):
            out: list[list[int]] = []
            self._linear(c.expr, [], out)
            return out
        if isinstance(c, And):
            return [cl for a in c.args for cl in self.cnf(a)]
        if isinstance(c, Or):
            return self._or(c)
        raise TypeError(f"cannot compile {c!r}")

    def _or(self, c: Or) -> list[list[int]]:
        parts = [self.cnf(a) for a in c.args]
        if any(p == [] for p in parts):
            return []
        head: list[int] = []
        multi = [p for p in parts if len(p) != 1]
        for p in parts:
            if len(p) == 1:
                head.extend(p[0])
        if not multi:
            return [head]
        out: list[list[int]] = []
        if len(multi) == 1:
            return [head + cl for cl in multi[0]]
        for p in multi:
            t = self.new_var()
            out.extend([-t] + cl for cl in p)
            head.append(t)
        out.append(head)
        return out

    # ---- linear atoms

    def _linear(self, expr: Linear, prefix: list[int], out: list[list[int]]) -> None:
        """Clauses for ``prefix or expr <= 0``."""
        terms = sorted(expr.terms.items(), key=lambda kv: (len(kv[0].domain), kv[0].index))
        bound = -expr.const
        if any(self.log.is_log(v) for v, _ in terms):
            self._log_linear(terms, bound, prefix, out)
            return
        if len(terms) > 3 and all(isinstance(v, BoolVar) and abs(k) == 1 for v, k in terms):
            self._cardinality(terms, bound, prefix, out)
            return
        terms = self._split(terms)
        self._le(terms, bound, prefix, out)

    def _log_linear(self, terms: list[tuple[IntVar, int]], c: int, prefix: list[int],
                    out: list[list[int]]) -> None:
        """``sum k x <= c`` where a variable is log-encoded (see :mod:`cnf_log`)."""
        c -= sum(k * v.lb for v, k in terms if len(v.domain) == 1)
        terms = [(v, k) for v, k in terms if len(v.domain) > 1]
        if len(terms) == 1 and abs(terms[0][1]) == 1:
            (x, k), = terms
            out.extend(self.log.le_const(x, c, prefix) if k > 0
                       else self.log.ge_const(x, -c, prefix))
            return
        if (len(terms) == 2 and sorted(k for _, k in terms) == [-1, 1] and c in (-1, 0)
                and all(self.log.is_log(v) for v, _ in terms)):
            x = next(v for v, k in terms if k == 1)
            y = next(v for v, k in terms if k == -1)
            self.log.less(x, y, c == -1, prefix, out)
            return
        if len(terms) == 2 and all(abs(k) == 1 for _, k in terms):
            # one side log-encoded, the other in the order encoding: per value w of the
            # order-encoded y, "y = w implies k x <= c - k_y w"
            (x, kx), (y, ky) = sorted(terms, key=lambda t: not self.log.is_log(t[0]))
            if self.log.is_log(x) and not self.log.is_log(y):
                for i, w in enumerate(y.domain):
                    before = self.le_lit(y, y.domain[i - 1]) if i else False
                    other = [_neg(self.le_lit(y, w)), before]
                    if True in other:
                        continue
                    guard = prefix + [lit for lit in other if lit is not False]
                    bound = c - ky * w
                    out.extend(self.log.le_const(x, bound, guard) if kx > 0
                               else self.log.ge_const(x, -bound, guard))
                return
        raise NotImplementedError(
            "the log encoding supports x <= c, x >= c and x - y <= c with one side log-encoded "
            "or x - y <= -1/0 only")

    def _le(self, terms: list[tuple[IntVar, int]], c: int, prefix: list[int],
            out: list[list[int]]) -> None:
        lo = sum(min(k * v.lb, k * v.ub) for v, k in terms)
        hi = sum(max(k * v.lb, k * v.ub) for v, k in terms)
        if hi <= c:
            return
        if lo > c:
            out.append(list(prefix))
            return
        if len(terms) == 1:
            (x, k), = terms
            self.emit(prefix + [self._term_le(x, k, c)], out)
            return
        if len(terms) == 2:
            self._le2(terms, c, prefix, out)
            return
        (x, k), rest = terms[0], terms[1:]
        dom = x.domain
        for i, v in enumerate(dom):
            if k > 0:  # x >= v  ->  rest <= c - k v
                cond = False if i == 0 else self.le_lit(x, dom[i - 1])
            else:  # x <= v  ->  rest <= c - k v
                cond = _neg(self.le_lit(x, v))
            if cond is True:
                continue
            self._le(rest, c - k * v, prefix if cond is False else prefix + [cond], out)

    def _le2(self, terms: list[tuple[IntVar, int]], c: int, prefix: list[int],
             out: list[list[int]]) -> None:
        """Two-term fast path of :meth:`_le` (all of Tamura's numbering atoms are of this kind).

        The same clauses as the recursion, with the literal look-ups vectorised.
        """
        (x, k), (y, ky) = terms
        xs = np.asarray(x.domain)
        # condition "x reaches v": k > 0 -> not [x <= prev(v)], k < 0 -> [x <= v]
        xo = self._order[x.index]
        if k > 0:
            conds = [False] + [lit for lit in xo]
        else:
            conds = [-lit for lit in xo] + [False]
        rest = c - k * xs
        # literal "ky * y <= rest" as an index into y's order literals
        ydom = np.asarray(y.domain)
        if ky > 0:
            bound = np.floor_divide(rest, ky)
            idx = np.searchsorted(ydom, bound, side="right") - 1  # [y <= bound]
            positive = True
        else:
            bound = -np.floor_divide(-rest, ky) - 1  # y >= ceil(rest/ky)  ==  not [y <= bound]
            idx = np.searchsorted(ydom, bound, side="right") - 1
            positive = False
        yo = self._order[y.index]
        last = len(ydom) - 1
        for cond, j in zip(conds, idx.tolist(), strict=True):
            if cond is True:
                continue
            if positive:
                if j >= last:
                    continue  # [y <= ub] is true
                ylit = yo[j] if j >= 0 else None
            else:
                if j < 0:
                    continue  # not [y <= below lb] is true
                ylit = -yo[j] if j < last else None
            lits = list(prefix)
            if cond is not False:
                lits.append(cond)
            if ylit is not None:
                lits.append(ylit)
            out.append(lits)

    def _term_le(self, x: IntVar, k: int, c: int) -> Lit:
        """The literal ``k * x <= c``."""
        if k > 0:
            return self.le_lit(x, c // k)
        m = -((-c) // k)  # ceil(c / k) for k < 0
        return _neg(self.le_lit(x, m - 1))

    def _split(self, terms: list[tuple[IntVar, int]]) -> list[tuple[IntVar, int]]:
        """Replace the head of a long sum by auxiliary sum variables (Sugar's splitting)."""
        product = 1
        for v, _ in terms[:-1]:
            product *= len(v.domain)
        if len(terms) <= 3 or product <= SPLIT_PRODUCT:
            return terms
        half = len(terms) // 2
        left, right = self._split(terms[:half]), self._split(terms[half:])
        return [(self._sum_var(left), 1), (self._sum_var(right), 1)] if len(terms) > 3 else terms

    def _sum_var(self, terms: list[tuple[IntVar, int]]) -> IntVar:
        if len(terms) == 1 and terms[0][1] == 1:
            return terms[0][0]
        values = {0}
        for v, k in terms:
            values = {s + k * d for s in values for d in v.domain}
            if len(values) > 4096:
                lo = sum(min(k * v.lb, k * v.ub) for v, k in terms)
                hi = sum(max(k * v.lb, k * v.ub) for v, k in terms)
                values = set(range(lo, hi + 1))
                break
        self._aux_count += 1
        s = IntVar(f"_sum{self._aux_count}", sorted(values), -self._aux_count)
        self._declare(s)
        for sign in (1, -1):  # s == sum(terms), as two <= atoms
            lin = [(s, -sign)] + [(v, sign * k) for v, k in terms]
            self._le(sorted(lin, key=lambda t: len(t[0].domain)), 0, [], self.clauses)
        return s

    def _cardinality(self, terms: list[tuple[IntVar, int]], bound: int, prefix: list[int],
                     out: list[list[int]]) -> None:
        from pysat.card import CardEnc, EncType

        lits = []
        for v, k in terms:  # -b == (not b) - 1
            lit = self.bool_lit(v)  # type: ignore[arg-type]
            if k < 0:
                lit, bound = -lit, bound + 1
            lits.append(lit)
        if bound < 0:
            out.append(list(prefix))
            return
        if bound >= len(lits):
            return
        enc = CardEnc.atmost(lits, bound=bound, top_id=self.top, encoding=EncType.seqcounter)
        self.top = max(self.top, enc.nv)
        out.extend(prefix + cl for cl in enc.clauses)

    def _define_abs(self, r: IntVar, x: IntVar) -> None:
        dom = x.domain
        for i, v in enumerate(dom):
            is_v = [_neg(self.le_lit(x, v)), self.le_lit(x, dom[i - 1]) if i else False]
            self.emit(is_v + [self.le_lit(r, abs(v))])
            self.emit(is_v + [_neg(self.le_lit(r, abs(v) - 1))])


class CnfBackend:
    """Incremental PySAT solving of a compiled model, with a wall-clock limit."""

    name = "cnf"

    def __init__(self, model: Model, sat_solver: str = "cadical195",
                 log_min_domain: int | None = None, deadline: float | None = None) -> None:
        from pysat.solvers import Solver

        self.model = model
        self.compiler = CnfCompiler(model, log_min_domain, deadline)
        self.sat_solver = sat_solver
        self.solver = Solver(name=sat_solver)
        try:
            load_until(self.solver, self.compiler.clauses, deadline)
        except TimeLimitReached:
            self.solver.delete()
            raise
        self._fed = len(self.compiler.clauses)
        self._model_set: set[int] = set()

    @property
    def num_variables(self) -> int:
        return self.compiler.top

    @property
    def num_clauses(self) -> int:
        return len(self.compiler.clauses)

    def add(self, constraint: Constraint) -> None:
        self.compiler.add(constraint)
        new = self.compiler.clauses[self._fed:]
        self._fed = len(self.compiler.clauses)
        for cl in new:
            self.solver.add_clause(cl)

    def solve(self, time_limit: float | None = None,
              assumptions: Sequence[int] = ()) -> bool | None:
        """True (model found), False (unsatisfiable) or None (time limit reached)."""
        if time_limit is None:
            res: bool | None = pysat_calls.solve(self.solver, assumptions)
        elif time_limit <= 0:
            return None
        else:
            res = pysat_calls.solve_until(self.solver, time.perf_counter() + time_limit,
                                          assumptions)
        if res:
            self._model_set = set(self.solver.get_model())
        return res

    def value(self, var: IntVar) -> int:
        return self.compiler.value(var, self._model_set)

    def stats(self) -> dict[str, int | None]:
        st = self.solver.accum_stats() or {}
        return {
            "conflicts": st.get("conflicts"),
            "decisions": st.get("decisions"),
            "propagations": st.get("propagations"),
        }

    def close(self) -> None:
        self.solver.delete()
