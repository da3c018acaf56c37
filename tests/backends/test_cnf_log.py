"""The log-encoding option gives exactly the brute-force solutions on the atoms it supports."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pencilsat.backends.cnf import CnfBackend
from pencilsat.encodings import csp


@settings(max_examples=60, deadline=None)
@given(lo=st.integers(-3, 3), span=st.integers(1, 12), c=st.integers(-5, 15),
       kind=st.sampled_from(["lt", "le", "le_c", "ge_c", "or"]))
def test_log_atoms_match_brute_force(lo, span, c, kind):
    m = csp.Model()
    x = m.int_var("x", range(lo, lo + span + 1))
    y = m.int_var("y", range(lo, lo + span + 1))
    b = m.bool_var("b")
    atom = {"lt": csp.lt(x, y), "le": csp.le(x, y), "le_c": csp.le(x, c), "ge_c": csp.ge(x, c),
            "or": csp.or_(csp.gt(y, x), csp.eq(y, c))}[kind]
    m.add(csp.implies(b, atom))
    expected = set()
    for vals in itertools.product(x.domain, y.domain, (0, 1)):
        val = dict(zip((x, y, b), vals, strict=True))
        if csp.evaluate(m.constraints[0], val.__getitem__):
            expected.add(vals)
    backend = CnfBackend(m, "minisat22", log_min_domain=2)
    found = set()
    while backend.solve():
        vals = (backend.value(x), backend.value(y), backend.value(b))
        assert vals not in found
        found.add(vals)
        backend.add(csp.or_(csp.ne(x, vals[0]), csp.ne(y, vals[1]), csp.ne(b, vals[2])))
    assert found == expected
