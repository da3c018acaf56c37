"""Counts as native cardinality constraints (``connected_runs.add_native_counts``) allow
exactly the assignments the cardinality clauses allow."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from pencilsat.encodings.cardinality import exactly_clauses
from pencilsat.strategies.connected_runs import add_native_counts

VARIABLES = 6


def models(solver: Solver) -> set[tuple[bool, ...]]:
    """Every assignment of variables 1..VARIABLES the solver allows (auxiliaries projected
    away)."""
    out = set()
    for bits in itertools.product([False, True], repeat=VARIABLES):
        assumptions = [v if on else -v for v, on in zip(range(1, VARIABLES + 1), bits,
                                                         strict=True)]
        if solver.solve(assumptions=assumptions):
            out.add(bits)
    return out


counts = st.lists(st.tuples(
    st.lists(st.integers(1, VARIABLES).flatmap(lambda v: st.sampled_from([v, -v])),
             max_size=VARIABLES, unique_by=abs),
    st.integers(-1, VARIABLES + 1)), max_size=3)


@settings(max_examples=60, deadline=None)
@given(counts=counts)
def test_native_counts_allow_exactly_what_the_clauses_allow(counts):
    with Solver(name="minicard") as native, Solver(name="minisat22") as clauses:
        assert native.supports_atmost()
        add_native_counts(native, counts, None)
        written, _ = exactly_clauses(counts, VARIABLES)
        clauses.append_formula(written)
        for solver in (native, clauses):  # a tautology naming every variable
            solver.add_clause([*range(1, VARIABLES + 1), -1])
        assert models(native) == models(clauses)
