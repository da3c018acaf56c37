"""Counts as native cardinality constraints on Minicard / Gluecard (the shared runs of
``connected_runs``): which counts go in natively, and that answers do not change."""

from __future__ import annotations

import itertools

import pytest
from conftest import corpus_pairs, every_kth
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from pencilsat.encodings.cardinality import exactly_clauses
from pencilsat.puzzles import starbattle as S
from pencilsat.strategies.connected_runs import split_native_counts
from pencilsat.strategies.front import solve


def test_only_distinct_literals_with_a_real_choice_go_in_natively():
    counts = [([1, 2, 3], 1), ([4, 4, 5], 2), ([6, -6, 7], 1), ([8, 9], 0), ([10, 11], 2)]
    native, written = split_native_counts(counts, "gluecard4")
    assert native == [([1, 2, 3], 1)]
    assert written == counts[1:]


def test_a_solver_without_native_counts_gets_every_count_as_clauses():
    counts = [([1, 2, 3], 1)]
    assert split_native_counts(counts, "cadical195") == ([], counts)


@pytest.mark.parametrize("sat_solver", ["minicard", "gluecard4", "minisat", "cadical"])
def test_native_and_written_counts_give_the_same_answers(sat_solver):
    for txt, sol in every_kth(corpus_pairs("starbattle/janko"), 60):
        p = S.parse_puzzle(txt.read_text())
        result = solve(p, sat_solver=sat_solver)
        assert result.verdict == "unique"
        assert result.solution == S.parse_solution(sol.read_text(), p)


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
    """What ``split_native_counts`` sends to MiniCard's native constraints, with the rest as
    clauses, allows exactly the assignments the cardinality clauses of every count allow."""
    with Solver(name="minicard") as native, Solver(name="minisat22") as clauses:
        natively, written = split_native_counts(counts, "minicard")
        for lits, total in natively:
            native.add_atmost(lits, total)
            native.add_atmost([-lit for lit in lits], len(lits) - total)
        native.append_formula(exactly_clauses(written, VARIABLES)[0])
        clauses.append_formula(exactly_clauses(counts, VARIABLES)[0])
        for solver in (native, clauses):  # a tautology naming every variable
            solver.add_clause([*range(1, VARIABLES + 1), -1])
        assert models(native) == models(clauses)
