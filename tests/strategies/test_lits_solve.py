"""LITS on both backends: janko agreement, verdicts, the encoding against brute force."""

from __future__ import annotations

import random

import pytest
from conftest import corpus_pairs, every_kth
from oracles.lits import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.encodings.lits import build
from pencilsat.puzzles import lits
from pencilsat.strategies import lits as lits_strategies
from pencilsat.strategies.front import solve
from pencilsat.strategies.lits import complete_cnf, run_cnf, run_cpsat
from pencilsat.strategies.solution_space import Exploration, undecided_cells

JANKO = corpus_pairs("lits/janko", max_cells=20 * 20)


def load(txt, sol):
    return lits.parse_puzzle(txt.read_text(), txt.stem), lits.parse_solution(sol.read_text())


def assert_unique_and_stored(p, expected, **options):
    result = solve(p, **options)
    assert result.verdict == "unique", (p.name, result.message)
    assert result.solution == expected, p.name
    assert lits.check(p, result.solution) == []


def test_corpus_is_there():
    assert len(JANKO) > 300


def test_janko_sample_is_unique_with_the_stored_solution_on_cnf():
    for txt, sol in every_kth(JANKO, 30):
        assert_unique_and_stored(*load(txt, sol), backend="cnf")


def test_janko_sample_is_unique_with_the_stored_solution_on_cpsat():
    for txt, sol in every_kth(JANKO, 90):
        assert_unique_and_stored(*load(txt, sol), backend="cpsat")


def test_janko_puzzles_with_blocked_cells_are_unique_with_the_stored_solution():
    blocked = [pair for pair in JANKO if "#" in pair[0].read_text().split("\n", 1)[1]]
    assert blocked
    for txt, sol in blocked[:3]:
        assert_unique_and_stored(*load(txt, sol), backend="cnf")


TWO_COLUMNS = "lits 4 3\n1 1 2 2\n1 1 2 2\n1 1 2 2\n"


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_an_ambiguous_puzzle_gives_a_valid_second_solution_and_the_differences(backend):
    p = lits.parse_puzzle(TWO_COLUMNS)
    result = solve(p, backend=backend)
    assert result.verdict == "multiple"
    assert lits.check(p, result.solution) == [] == lits.check(p, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution)


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
@pytest.mark.parametrize("text", [
    "lits 4 2\n1 1 1 2\n1 1 1 2\n",  # region 2 has 2 cells
    "lits 2 4\n1 1\n1 1\n2 2\n2 2\n",  # each region fits only the square O
    "lits 4 3\n1 1 1 1\n# # # #\n2 2 2 2\n",  # two I's apart: not connected
    "lits 4 2\n1 1 1 1\n2 2 2 2\n",  # two I's side by side: same shape touching
])
def test_a_puzzle_without_a_solution_gives_none(backend, text):
    p = lits.parse_puzzle(text)
    assert solutions(p) == []
    result = solve(p, backend=backend)
    assert result.verdict == "none"
    assert result.solution is None


def test_the_shaded_cells_are_kept_whole_by_cuts():
    """The janko sample holds puzzles whose first models leave tetrominoes apart."""
    cuts = [run_cnf(load(*pair)[0]).stats.extra["cuts"] for pair in every_kth(JANKO, 30)]
    assert max(cuts) > 0


@pytest.mark.parametrize("seed", range(8))
def test_verdict_count_and_backbone_agree_with_brute_force(seed):
    """Small puzzles around random answers: both runs' verdicts, the count and the backbone
    are the enumeration's."""
    p = random_puzzle(random.Random(seed))
    truth = solutions(p)
    verdict = verdict_of(truth)
    for run in (run_cnf, run_cpsat):
        result = run(p)
        assert result.verdict == verdict
        assert result.solution in truth
    result = solve(p, explore=Exploration(count=len(truth) + 1, backbone=True))
    assert result.count is not None and result.count.complete
    assert sorted(map(str, result.count.solutions)) == sorted(map(str, truth))
    expected = [] if len(truth) < 2 else undecided_cells(truth[0], truth[1:])
    assert result.backbone is not None and result.backbone.undecided == expected


@pytest.mark.parametrize("seed", range(4))
def test_cpsat_with_levels_from_the_first_solve_agrees_with_brute_force(seed, monkeypatch):
    """The connectivity by integer levels (after ``LEVELS_AFTER`` solves; here from the
    first): the verdict and the count of small random puzzles are the enumeration's."""
    monkeypatch.setattr(lits_strategies, "LEVELS_AFTER", 0)
    p = random_puzzle(random.Random(100 + seed))
    truth = solutions(p)
    verdict = verdict_of(truth)
    result = run_cpsat(p)
    assert result.verdict == verdict and result.stats.extra["levels_from_call"] == 1
    assert result.solution in truth
    counted = solve(p, encoding="lazy-cpsat", explore=Exploration(count=len(truth) + 1))
    assert counted.count is not None and counted.count.complete
    assert sorted(map(str, counted.count.solutions)) == sorted(map(str, truth))


def test_the_complete_clause_list_has_exactly_the_answers():
    """``complete_cnf`` (connectivity by layers, no cuts) enumerated by blocking: the same
    answers as brute force on small random puzzles."""
    from pysat.solvers import Solver

    for seed in range(6):
        p = random_puzzle(random.Random(100 + seed))
        encoding = complete_cnf(p)
        found = []
        with Solver(name="cadical195", bootstrap_with=encoding.clauses) as solver:
            while solver.solve():
                model = set(lit for lit in solver.get_model() if lit > 0)
                found.append(encoding.decode(model))
                solver.add_clause([-v if v in model else v for v in encoding.answer])
        assert sorted(map(str, found)) == sorted(map(str, solutions(p)))


def test_the_encoding_anchors_at_a_cell_every_placement_covers():
    p = lits.parse_puzzle("lits 4 2\n1 1 1 1\n2 2 2 .\n".replace(".", "2"))
    encoding = build(p)
    assert encoding.requirements[0].anchor == 0


def test_a_verdict_that_needed_cuts_is_certified():
    """The certificate re-justifies each cut; the anchor it leans on is a unit clause."""
    from pencilsat.certify.certificate import certify_result

    for pair in every_kth(JANKO, 30):
        p, _ = load(*pair)
        result = solve(p)
        if result.stats.extra["cuts"]:
            cert = certify_result(result)
            assert cert.certified, (p.name, cert.reason)
            return
    raise AssertionError("the sample holds no puzzle that needs cuts")


def test_cpsat_presolves_once_and_writes_the_fixed_variables_out():
    """``lazy-cpsat`` runs CP-SAT's presolve once and solves the model without the
    variables it fixed, with presolve off; the answer stays the stored one."""
    txt, sol = JANKO[0]
    p, expected = load(txt, sol)
    result = run_cpsat(p)
    assert result.verdict == "unique" and result.solution == expected
    assert result.stats.extra["presolve_fixed"] > 0 and result.stats.extra["presolve"] == 0


@pytest.mark.parametrize("seed", range(3))
def test_levels_come_in_on_a_solve_gathering_several_models(seed, monkeypatch):
    """``models_per_solve`` above 1 takes the levels as a single model per solve does
    (before the first solve here), and the verdict is brute force's."""
    from dataclasses import replace

    from pencilsat.strategies.connected_runs import shading_model, solve_on_cpsat

    p = random_puzzle(random.Random(200 + seed))
    truth = solutions(p)
    verdict = verdict_of(truth)

    def model():
        shading = shading_model(build(p))
        return replace(shading, levels=list(shading.requirements), levels_after=0)

    result = solve_on_cpsat(p, model, deadline=None, grown_cuts=2, presolve=False,
                            models_per_solve=5, fix_presolved=True)
    assert result.verdict == verdict and result.stats.extra["levels_from_call"] == 1
    assert result.solution in truth
