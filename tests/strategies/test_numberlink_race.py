"""Numberlink's raced proof (both strategies, :mod:`pencilsat.backends.proof_race`): the second
solver's formula (the rules in normal form and the answers forbidden so far) settles a
search only when it has no model, so a race that always wins when it can leaves every
verdict as brute force has it; and a real race on a janko 20x20 gives the stored answer."""

from __future__ import annotations

import random
from contextlib import contextmanager

import pytest
from conftest import corpus_pairs
from oracles.numberlink import random_puzzle
from oracles.numberlink import solutions as brute_force
from oracles.verdicts import assert_rules_verdict
from pysat.solvers import Solver

from pencilsat.backends import proof_race, pysat_calls
from pencilsat.backends.cpsat_session import CpSatSession
from pencilsat.core.result import Verdict
from pencilsat.puzzles import numberlink as N
from pencilsat.strategies.numberlink import run_cnf, run_cpsat


class _Settled:
    """A race decided in this process at once: won when its formula has no model."""

    def __init__(self, clauses) -> None:
        with Solver(name="glucose42", bootstrap_with=list(clauses())) as solver:
            self.won = not solver.solve()
        self.proof_seconds = 0.0

    def settled(self) -> bool:
        return self.won


@pytest.fixture
def races_always_settle(monkeypatch):
    """Every race's formula solved at once, and the first slice of each raced solve left
    undecided, so that the race, when its formula has no model, answers for the search."""
    raced: list[bool] = []

    @contextmanager
    def racing(clauses, deadline=None, solver_name=proof_race.RACE_SOLVER):
        race = _Settled(clauses)
        raced.append(race.won)
        token = proof_race._RACE.set(race)
        first = [True]
        original = pysat_calls._slice

        def undecided_first(solver, budget, assumptions):
            if first[0]:
                first[0] = False
                return None
            return original(solver, budget, assumptions)

        original_cpsat = CpSatSession._solve

        def stopped_first(session, callback):
            if first[0] and race.won:
                first[0] = False
                return session._cp.UNKNOWN  # as if the race's child had stopped it
            return original_cpsat(session, callback)

        monkeypatch.setattr(pysat_calls, "_slice", undecided_first)
        monkeypatch.setattr(CpSatSession, "_solve", stopped_first)
        try:
            yield race
        finally:
            monkeypatch.setattr(pysat_calls, "_slice", original)
            monkeypatch.setattr(CpSatSession, "_solve", original_cpsat)
            proof_race._RACE.reset(token)

    monkeypatch.setattr(proof_race, "racing", racing)
    return raced


@pytest.mark.parametrize("run", [run_cnf, run_cpsat], ids=["lazy", "lazy-cpsat"])
@pytest.mark.parametrize("seed", range(20))
def test_a_race_that_always_wins_keeps_the_rules_verdict(races_always_settle, run, seed):
    puzzle = random_puzzle(random.Random(500 + seed), sizes=((5, 3), (4, 4), (5, 4)),
                           pairs=(1, 6))
    truth = brute_force(puzzle)
    result = run(puzzle, race=True, in_bands=seed % 2 == 0)
    assert_rules_verdict(result, truth)
    if len(truth) == 1 and truth[0].edges:
        assert races_always_settle == [True]  # the proof was the race's
        assert result.stats.extra["proof_by"] == proof_race.RACE_SOLVER


def test_a_raced_janko_proof_gives_the_stored_answer():
    """A 20x20 whose proof outlasts its first slice (4-8 s of CPU on either solver): the
    verdict and answer are the same whichever solver settles it."""
    [(txt, sol)] = [pair for pair in corpus_pairs("numberlink/janko")
                    if pair[0].stem == "559_20x20"]
    puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
    result = run_cnf(puzzle)
    assert result.verdict == Verdict.UNIQUE
    assert result.solution == N.parse_solution(sol.read_text())
    assert N.check(puzzle, result.solution) == []
    assert result.stats.extra.get("proof_by") in (None, proof_race.RACE_SOLVER)


@pytest.mark.parametrize("seed", range(12))
def test_where_no_race_may_run_the_proof_in_the_process_keeps_the_rules_verdict(seed):
    """In a batch (no race), ``lazy`` proves on Glucose 4.2 in the process first: the same
    formula the race's child would solve, so the same verdicts."""
    puzzle = random_puzzle(random.Random(700 + seed), sizes=((5, 3), (4, 4), (5, 4)),
                           pairs=(1, 6))
    truth = brute_force(puzzle)
    with proof_race.no_races():
        result = run_cnf(puzzle, race=True, in_bands=seed % 2 == 0)
    assert_rules_verdict(result, truth)
    if len(truth) == 1 and truth[0].edges:
        assert result.stats.extra["proof_by"] == proof_race.RACE_SOLVER


@pytest.mark.parametrize("seed", range(6))
def test_a_proof_in_the_process_out_of_time_leaves_the_proof_to_the_search(monkeypatch,
                                                                            seed):
    """Glucose stopped by the clock (``None``) proves nothing: the search goes on."""
    monkeypatch.setattr(pysat_calls, "solve_until", lambda *args, **kwargs: None)
    puzzle = random_puzzle(random.Random(800 + seed), sizes=((5, 3), (4, 4)), pairs=(1, 5))
    truth = brute_force(puzzle)
    with proof_race.no_races():
        result = run_cnf(puzzle, race=True)
    assert_rules_verdict(result, truth)
    assert "proof_by" not in result.stats.extra
