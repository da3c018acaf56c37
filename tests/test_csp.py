"""The CSP layer compiles to the same solutions on both backends as brute force says.

Property test: random small models (domains with holes and negatives, linear atoms with
random coefficients, and/or/not/implies/iff, abs, exactly-one) are enumerated by each backend
and compared with an exhaustive count. This checks the order encoding, the splitting of long
sums, the cardinality path and the CP-SAT translation against one referee.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pencilsat.encodings import csp
from pencilsat.solvers.cnf import CnfBackend
from pencilsat.solvers.cpsat import CpSatBackend

domains = st.lists(st.integers(-3, 4), min_size=1, max_size=4, unique=True)


@st.composite
def models(draw):
    m = csp.Model()
    ints = [m.int_var(f"x{i}", draw(domains)) for i in range(draw(st.integers(1, 3)))]
    bools = [m.bool_var(f"b{i}") for i in range(draw(st.integers(0, 5)))]
    pool = ints + bools
    if draw(st.booleans()):
        pool.append(m.abs_(ints[0]))

    def linear():
        terms = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5))
        coefs = [draw(st.sampled_from([-2, -1, 1, 2])) for _ in terms]
        return csp.linear_sum(k * v for k, v in zip(coefs, terms, strict=True))

    def atom():
        kind = draw(st.sampled_from(["le", "lt", "eq", "ne", "bool"]))
        if kind == "bool" and bools:
            return draw(st.sampled_from(bools))
        op = {"le": csp.le, "lt": csp.lt, "eq": csp.eq, "ne": csp.ne}.get(kind, csp.le)
        return op(linear(), draw(st.integers(-4, 4)))

    def formula(depth):
        if depth == 0 or draw(st.booleans()):
            return atom()
        kind = draw(st.sampled_from(["and", "or", "not", "implies", "iff"]))
        if kind == "not":
            return csp.not_(formula(depth - 1))
        a, b = formula(depth - 1), formula(depth - 1)
        return {"and": csp.and_, "or": csp.or_, "implies": csp.implies, "iff": csp.iff}[kind](a, b)

    for _ in range(draw(st.integers(1, 3))):
        m.add(formula(2))
    if len(bools) >= 4 and draw(st.booleans()):
        m.add(csp.exactly_one(bools))
    return m


def brute_force(m: csp.Model) -> set[tuple[int, ...]]:
    base = [v for v in m.variables if not v.name.startswith("_abs_")]
    out = set()
    for values in itertools.product(*(v.domain for v in base)):
        val = dict(zip(base, values, strict=True))
        for d in m.abs_defs:
            val[d.result] = abs(val[d.arg])
        if all(csp.evaluate(c, val.__getitem__) for c in m.constraints):
            out.add(values)
    return out


def enumerate_backend(m: csp.Model, backend) -> set[tuple[int, ...]]:
    base = [v for v in m.variables if not v.name.startswith("_abs_")]
    found = set()
    while backend.solve(10.0):
        values = tuple(backend.value(v) for v in base)
        assert values not in found
        found.add(values)
        backend.add(csp.or_(*(csp.ne(v, x) for v, x in zip(base, values, strict=True))))
    backend.close()
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models())
def test_cnf_order_encoding_matches_brute_force(m):
    assert enumerate_backend(m, CnfBackend(m, "cadical195")) == brute_force(m)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models())
def test_cpsat_translation_matches_brute_force(m):
    assert enumerate_backend(m, CpSatBackend(m)) == brute_force(m)


def test_long_sum_is_split_and_still_exact():
    m = csp.Model()
    xs = [m.int_var(f"x{i}", range(0, 4)) for i in range(7)]
    m.add(csp.eq(csp.linear_sum(xs), 14))
    m.add(csp.le(xs[0] + xs[1], 1))
    sols = enumerate_backend(m, CnfBackend(m, "minisat22"))
    assert sols == brute_force(m)
    assert len(sols) > 0


def test_abs_and_neg_as_in_sugar():
    m = csp.Model()
    v = m.int_var("v", (-1, 0, 1))
    d = m.int_var("d", (0, 2))
    a = m.abs_(v)
    m.add(csp.eq(d, a + a))
    m.add(csp.eq(-v, 1))
    b = CnfBackend(m, "glucose4")
    assert b.solve() is True
    assert (b.value(v), b.value(d)) == (-1, 2)
