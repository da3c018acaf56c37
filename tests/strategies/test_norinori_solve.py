"""Norinori's strategies: janko puzzles unique with the stored answer on both, and every
verdict, count and backbone against brute force on small random grids (the oracle of
tests/oracles/norinori.py); the complete clause list has exactly the answers as models."""

from __future__ import annotations

import random

import pytest
from conftest import corpus_pairs, every_kth
from oracles.explored import assert_models_are
from oracles.norinori import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.norinori import complete_cnf
from pencilsat.puzzles import norinori as N
from pencilsat.strategies.front import solve
from pencilsat.strategies.norinori import DEFAULT_SAT_SOLVER, run_cnf
from pencilsat.strategies.solution_space import Exploration, undecided_cells

BACKENDS = ["cnf", "cpsat"]


def load(txt, sol):
    puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
    return puzzle, N.FORMAT.parse_solution(sol.read_text(), puzzle)


@pytest.mark.parametrize("backend", BACKENDS)
def test_janko_sample_is_unique_with_the_stored_solution(backend):
    pairs = every_kth(corpus_pairs("norinori"), 13)
    assert len(pairs) >= 15
    for txt, sol in pairs:
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, backend=backend, time_limit=60)
        assert result.verdict == Verdict.UNIQUE, txt
        assert backend == "cpsat" or result.stats.sat_solver == DEFAULT_SAT_SOLVER
        assert result.solution == expected, txt


@pytest.mark.parametrize("backend", BACKENDS)
def test_verdict_count_and_backbone_match_brute_force(backend):
    rng = random.Random(41 + len(backend))
    seen = set()
    for _ in range(25):
        puzzle = random_puzzle(rng)
        truth = solutions(puzzle)
        result = solve(puzzle, backend=backend,
                       explore=Exploration(count=len(truth) + 1, backbone=True))
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        seen.add(verdict)
        assert result.count is not None and result.count.complete
        assert set(result.count.solutions) == set(truth)
        assert result.backbone is not None and result.backbone.complete
        expected = [] if len(truth) < 2 else undecided_cells(truth[0], truth[1:])
        assert result.backbone.undecided == expected
    assert seen == {Verdict.UNIQUE, Verdict.MULTIPLE}


def test_minicard_takes_the_2x2_blocks_as_native_counts_with_the_same_answers():
    # the default run loads each 2x2 block across regions as "at most 2 of 4" instead of
    # its bent triples (the native tail); the same models as the triples, so the same
    # answers as brute force and as the triples on MiniSat
    rng = random.Random(44)
    used = 0
    for _ in range(20):
        puzzle = random_puzzle(rng)
        truth = solutions(puzzle)
        native = run_cnf(puzzle)
        used += native.stats.extra.get("native_at_most", 0)
        written = run_cnf(puzzle, sat_solver="minisat22")
        assert "native_at_most" not in written.stats.extra
        for result in native, written:
            assert result.verdict == verdict_of(truth)
            if truth:
                assert result.solution in truth
    assert used > 0


@pytest.mark.parametrize("sat_solver", ["minisat22", "cadical195"])
def test_counts_written_as_clauses_give_the_same_verdicts(sat_solver):
    # the default solver takes the region counts natively; others get them as clauses
    rng = random.Random(7)
    for _ in range(15):
        puzzle = random_puzzle(rng)
        truth = solutions(puzzle)
        result = run_cnf(puzzle, sat_solver=sat_solver)
        assert result.stats.sat_solver == sat_solver
        assert result.verdict == verdict_of(truth)
        if truth:
            assert result.solution in truth


def test_a_puzzle_without_an_answer_is_none_on_both_strategies():
    # a 2x2 of two regions side by side: each column needs a vertical domino, and two of
    # them side by side give every shaded cell two shaded neighbours
    puzzle = N.parse_puzzle("norinori 2 2\n1 2\n1 2\n")
    assert solutions(puzzle) == []
    for backend in BACKENDS:
        assert solve(puzzle, backend=backend).verdict == Verdict.NONE


@pytest.mark.parametrize("seed", range(8))
def test_the_complete_clauses_have_exactly_the_answers_as_models(seed):

    puzzle = random_puzzle(random.Random(seed))
    encoding = complete_cnf(puzzle)
    assert_models_are(encoding, solutions(puzzle))


def test_the_listed_build_is_numpys_build_clause_for_clause():
    # grids up to LISTED_CELLS are built by loops over the shape's kept lists, larger ones
    # by numpy's filters: the same clauses, counts and blocks in the same order
    from pencilsat.encodings.norinori import _by_numpy, norinori_clauses

    rng = random.Random(3)
    puzzles = [random_puzzle(rng) for _ in range(30)]
    puzzles += [load(txt, sol)[0] for txt, sol in every_kth(corpus_pairs("norinori"), 29)]
    for puzzle in puzzles:
        listed, by_numpy = norinori_clauses(puzzle), _by_numpy(puzzle, None)
        assert listed.clauses == by_numpy.clauses
        assert listed.counts == by_numpy.counts
        assert listed.blocks == by_numpy.blocks
    assert norinori_clauses(puzzles[-1]).blocks  # the sample has blocks across regions


def test_a_region_of_one_cell_is_none_on_every_path():
    # a 1-cell region cannot hold two shaded cells: an empty clause on the direct run
    puzzle = N.parse_puzzle("norinori 3 2\n1 2 2\n3 3 3\n")
    for backend in BACKENDS:
        assert solve(puzzle, backend=backend).verdict == Verdict.NONE
    assert run_cnf(puzzle, sat_solver="minisat22").verdict == Verdict.NONE


def test_the_kept_grid_rules_are_left_as_they_were_by_every_path():
    # the lists of a grid shape are shared by every puzzle of the shape: no strategy, solver
    # or clause list may change them
    from pencilsat.encodings.norinori import grid_rules

    rng = random.Random(5)
    puzzle = random_puzzle(rng)
    kept = grid_rules(puzzle.width, puzzle.height)
    fresh = grid_rules.__wrapped__(puzzle.width, puzzle.height)
    for backend in BACKENDS:
        solve(puzzle, backend=backend, explore=Exploration(count=3, backbone=True))
    run_cnf(puzzle, sat_solver="minisat22")
    complete_cnf(puzzle)
    assert grid_rules(puzzle.width, puzzle.height) is kept
    assert kept == fresh
