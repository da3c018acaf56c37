"""The regular constraint (encodings/regular.py): a run-length clue's automaton accepts
exactly the lines with those runs, the clauses' models are exactly the accepted words (one
model each), and unit propagation alone finds every cell the clue forces (domain
consistency), checked against enumeration on short lines."""

from __future__ import annotations

import itertools
import random

import pytest
from pysat.solvers import Solver

from pencilsat.encodings.regular import Dfa, regular_clauses, run_clauses, run_sequence_dfa
from pencilsat.puzzles.nonogram import runs_of


def words(length: int) -> list[tuple[int, ...]]:
    return list(itertools.product((0, 1), repeat=length))


def unit_propagate(clauses: list[list[int]], assumptions: list[int]) -> dict[int, bool] | None:
    """The values unit propagation gives (None on a conflict): independent of any solver."""
    value = {abs(a): a > 0 for a in assumptions}
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            open_lits = []
            for lit in clause:
                known = value.get(abs(lit))
                if known is None:
                    open_lits.append(lit)
                elif known == (lit > 0):
                    break
            else:
                if not open_lits:
                    return None
                if len(open_lits) == 1:
                    value[abs(open_lits[0])] = open_lits[0] > 0
                    changed = True
    return value


@pytest.mark.parametrize("length", range(1, 8))
def test_the_run_automaton_accepts_exactly_the_lines_with_its_runs(length):
    for clue in {runs_of(w) for w in words(length)} | {(length + 1,), (1,) * length}:
        dfa = run_sequence_dfa(clue)
        assert [w for w in words(length) if dfa.accepts(w)] == \
            [w for w in words(length) if runs_of(w) == clue]


def general(cells: list[int], clue: tuple[int, ...], top: int) -> tuple[list[list[int]], int]:
    return regular_clauses(cells, run_sequence_dfa(clue), top)


WRITERS = [general, run_clauses]


@pytest.mark.parametrize("write", WRITERS)
@pytest.mark.parametrize("length", range(1, 7))
def test_the_clauses_have_one_model_per_accepted_word(write, length):
    cells = list(range(1, length + 1))
    for clue in {runs_of(w) for w in words(length)}:
        clauses, top = write(cells, clue, length)
        found = []
        with Solver(name="minisat22", bootstrap_with=clauses) as solver:
            while solver.solve():
                model = solver.get_model()
                found.append(tuple(int(model[c - 1] > 0) for c in cells))
                solver.add_clause([-lit for lit in model[:top]])
        assert sorted(found) == [w for w in words(length) if runs_of(w) == clue]


@pytest.mark.parametrize("write", WRITERS)
def test_a_clue_longer_than_its_line_is_the_empty_clause(write):
    assert write([1, 2, 3], (2, 2), 3) == ([[]], 3)


@pytest.mark.parametrize("write", WRITERS)
def test_unit_propagation_finds_every_forced_cell(write):
    rng = random.Random(44)
    for _ in range(300):
        length = rng.randint(1, 10)
        clue = runs_of([rng.random() < 0.5 for _ in range(length)])
        clauses, _ = write(list(range(1, length + 1)), clue, length)
        fits = [w for w in words(length) if runs_of(w) == clue]
        base = rng.choice(fits)
        given = [c + 1 if base[c] else -(c + 1) for c in range(length) if rng.random() < 0.4]
        values = unit_propagate(clauses, given)
        assert values is not None
        agree = [w for w in fits if all(w[abs(g) - 1] == (g > 0) for g in given)]
        forced = {c for c in range(length) if len({w[c] for w in agree}) == 1}
        assert forced <= {c for c in range(length) if c + 1 in values}, (clue, given)


def test_a_general_automaton_is_encoded_too():
    # lines with an even number of shaded cells (two states, both letters from each)
    even = Dfa(((0, 1), (1, 0)), 0, frozenset({0}))
    clauses, top = regular_clauses([1, 2, 3, 4], even, 4)
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        count = 0
        while solver.solve():
            model = solver.get_model()
            assert sum(model[c] > 0 for c in range(4)) % 2 == 0
            solver.add_clause([-lit for lit in model[:4]])
            count += 1
    assert count == 8
    assert even.triples() == [(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)]
