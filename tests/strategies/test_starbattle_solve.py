"""Star Battle on both strategies: janko agreement, verdicts, and against brute force on small
random grids (verdict, solution count, backbone)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.starbattle import solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.starbattle import build, complete_cnf
from pencilsat.puzzles import starbattle as S
from pencilsat.puzzles.regions import NO_REGION, Regions
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells
from pencilsat.strategies.starbattle import memory_cnf, memory_cpsat

JANKO = corpus_pairs("starbattle/janko")
BACKENDS = ["cnf", "cpsat"]


def load(txt, sol):
    p = S.parse_puzzle(txt.read_text(), txt.stem)
    return p, S.parse_solution(sol.read_text(), p)


def test_corpus_is_there():
    assert len(JANKO) >= 277


@pytest.mark.parametrize("backend", BACKENDS)
def test_janko_sample_is_unique_with_the_stored_solution(backend):
    sample = every_kth(JANKO, 25)
    sample += [pair for pair in JANKO if "#" in pair[0].read_text()][:2]
    for txt, sol in sample:
        p, expected = load(txt, sol)
        result = solve(p, backend=backend)
        assert result.verdict == Verdict.UNIQUE, (p.name, result.message)
        assert result.solution == expected, p.name


@pytest.mark.parametrize("backend", BACKENDS)
def test_rows_for_regions_is_ambiguous_with_a_valid_second_solution(backend):
    p = S.parse_puzzle("starbattle 4 4 1\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n")
    result = solve(p, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert S.check(p, result.solution) == [] == S.check(p, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_puzzle_without_a_solution_gives_none_and_the_reason(backend):
    p = S.parse_puzzle("starbattle 3 3 1\n1 1 1\n2 2 2\n3 3 3\n")  # 3x3: no room for 3
    result = solve(p, backend=backend)
    assert result.verdict == Verdict.NONE and result.solution is None
    uneven = solve(S.parse_puzzle("starbattle 2 2 1\n1 1\n1 1\n"), backend=backend)
    assert uneven.verdict == Verdict.NONE and "totals differ" in uneven.message


def test_the_encoding_has_no_star_outside_and_its_complete_cnf_has_one_answer():
    txt, sol = next(pair for pair in JANKO if "#" in pair[0].read_text())
    p, expected = load(txt, sol)
    encoding = build(p)
    assert encoding.num_vars == p.width * p.height
    assert len(encoding.answer) == int((~p.holes).sum())
    assert len(encoding.sizes) == p.width + p.height + p.regions.count
    assert encoding.requirements == []
    complete = complete_cnf(p)
    from pysat.solvers import Solver

    with Solver(name="minisat22", bootstrap_with=complete.clauses) as solver:
        assert solver.solve()
        true = {lit for lit in solver.get_model() if lit > 0}
        assert complete.decode(true) == expected
        solver.add_clause([-lit if lit in true else lit for lit in complete.answer])
        assert not solver.solve()


def test_the_memory_estimates_grow_with_the_grid_and_refuse_cpsat_on_a_huge_one():
    small = S.parse_puzzle("starbattle 1 1 1\n1\n")
    huge = S.StarBattlePuzzle(Regions(np.repeat(np.arange(1000), 1000).reshape(1000, 1000)), 1)
    assert memory_cnf(huge, "cnf") > memory_cnf(small, "cnf")
    assert memory_cpsat(huge, "cpsat") > 4 * 2**30 > memory_cnf(huge, "cnf")
    result = solve(huge, backend="cpsat")
    assert result.verdict == Verdict.UNKNOWN and "memory budget" in result.message


# ------------------------------------------------------------------ against brute force


@st.composite
def small_puzzles(draw) -> S.StarBattlePuzzle:
    """Grids of 3x3 to 6x6 cut into as many regions as rows by random growth from random
    seeds, a cell or two sometimes outside the puzzle, one star (two on 6x6 grids)."""
    side = draw(st.integers(3, 6))
    stars = 2 if side == 6 and draw(st.booleans()) else 1
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    labels = np.full((side, side), -1)
    order = rng.permutation(side * side)
    for region, cell in enumerate(order[:side]):
        labels.flat[cell] = region
    while (labels < 0).any():
        r, c = divmod(int(rng.integers(side * side)), side)
        if labels[r, c] < 0:
            continue
        dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[int(rng.integers(4))]
        if 0 <= r + dr < side and 0 <= c + dc < side and labels[r + dr, c + dc] < 0:
            labels[r + dr, c + dc] = labels[r, c]
    for _ in range(draw(st.integers(0, 2)) if side > 3 else 0):
        labels.flat[int(rng.integers(side * side))] = NO_REGION
    return S.StarBattlePuzzle(Regions.from_labels(labels), stars)


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=40, deadline=None)
@given(puzzle=small_puzzles())
def test_verdict_count_and_backbone_agree_with_brute_force(backend, puzzle):
    truth = solutions(puzzle)
    result = solve(puzzle, backend=backend,
                   explore=Exploration(count=len(truth) + 1, backbone=True))
    verdict = verdict_of(truth)
    assert result.verdict == verdict
    assert result.count is not None and result.count.complete
    assert set(result.count.solutions) == set(truth)
    if truth:
        undecided = [] if len(truth) < 2 else undecided_cells(truth[0], truth[1:])
        assert result.backbone is not None and result.backbone.undecided == undecided
