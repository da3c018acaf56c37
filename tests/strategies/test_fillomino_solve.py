"""Fillomino on both strategies: corpus agreement (janko and Tatham's Filling, sampled; the
benchmark runs them all), verdicts, the size-labelled cells' parts, and count, backbone and
verdict against brute force on small grids made around a random answer."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from oracles.explored import assert_explored_as
from oracles.fillomino import random_puzzle
from oracles.fillomino import solutions as brute_force
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.connectivity import components, grid_graph
from pencilsat.encodings.fillomino import open_label
from pencilsat.encodings.fillomino import regions as regions_of
from pencilsat.encodings.sized_regions import (
    ANCHOR_FROM,
    fixed_shapes,
    shape_placements,
    size_domains,
)
from pencilsat.puzzles import fillomino as F
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration

JANKO = corpus_pairs("fillomino/janko", max_cells=100)
TATHAM = corpus_pairs("fillomino/tatham")
STRATEGIES = [("sizes", "cnf"), ("sizes-cpsat", "cpsat")]


def load(txt, sol):
    return F.parse_puzzle(txt.read_text(), txt.stem), F.parse_solution(sol.read_text())


def grid(*rows: str) -> F.FillominoPuzzle:
    return F.parse_puzzle(f"fillomino {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows)
                          + "\n")


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_corpus_samples_are_unique_with_the_stored_answer(encoding, backend):
    assert len(JANKO) > 300 and len(TATHAM) > 20
    # CP-SAT solves from scratch after each batch of cuts (tenths of a second of CPU on a
    # 10x10, benchmarks/results/fillomino.md): its sample is the three smallest
    sample = every_kth(JANKO, 80) + every_kth(TATHAM, 20) if backend == "cnf" else JANKO[:3]
    for txt, sol in sample:
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, encoding=encoding, backend=backend)
        assert result.verdict == Verdict.UNIQUE, (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_an_ambiguous_puzzle_gives_two_valid_answers_and_where_they_differ(encoding, backend):
    puzzle = grid(". .", ". .")  # two dominoes, lying or standing (or a tetromino)
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert F.check(puzzle, result.solution) == [] == F.check(puzzle, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution) != []


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@pytest.mark.parametrize("rows", [["3 1"], ["2 .", "1 2"], ["1 1"], ["4 . 4", ". 1 ."]])
def test_givens_no_answer_keeps_give_none(encoding, backend, rows):
    result = solve(grid(*rows), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.NONE and result.solution is None


def test_a_block_larger_than_every_given_is_found():
    puzzle = grid("1 . .", ". . .", ". . 1")  # the 7 free cells may be one block
    result = solve(puzzle, explore=Exploration(count=500))
    assert result.count is not None and result.count.complete
    assert any(int(s.numbers.max()) == 7 for s in result.count.solutions)
    assert set(result.count.solutions) == set(brute_force(puzzle))


def test_fixed_polyominoes_and_their_placements():
    assert [len(fixed_shapes(k)) for k in (1, 2, 3, 4, 5)] == [1, 2, 6, 19, 63]
    assert len(shape_placements(np.ones((4, 4), dtype=bool), 4)) == 113
    mask = np.array([[1, 1, 0], [0, 1, 1]], dtype=bool)
    assert sorted(map(sorted, shape_placements(mask, 3).tolist())) == [[0, 1, 4], [1, 4, 5]]


def test_size_domains_need_room_for_the_block():
    given = np.array([[3, 0, 1], [1, 0, 0]])
    domains = size_domains(given)
    assert domains[0] == [3] and domains[2] == [1]
    assert domains[1] == [1, 2, 3]  # the free area (3 cells) with the 3: up to 4 cells
    assert 4 not in domains[4]
    assert len(grid_graph(3, 2).neighbours) == 6


def test_a_given_with_no_room_for_a_second_block_counts_its_cells():
    # the 5 may reach 8 cells (fewer than 10): exactly five 5s among them
    regions = regions_of(grid("5 . . 1", ". . . 2", ". . 1 2"))
    (lits, total), = regions.single_block_counts()
    assert total == 5 and len(lits) == 8
    assert regions_of(grid("3 . .", ". . .")).single_block_counts() == []  # room for two


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@pytest.mark.parametrize("rows", [["4 . .", ". . ."], [". 5 .", ". . 1"], ["3 . 3", ". . ."],
                                  [". 4 . .", ". . . 4"]])
def test_large_givens_in_a_small_grid_match_brute_force(encoding, backend, rows):
    agrees_with_brute_force(grid(*rows), encoding, backend)


def test_enclosure_cuts_name_one_cell_of_the_block_and_hold_in_every_answer():
    puzzle = grid("6 . . .", ". . . .")
    regions = regions_of(puzzle)
    sizes = np.full(8, 1)
    sizes[[0, 1]] = 6  # a block of two 6s: far too small
    values = np.zeros(regions.top + 1, dtype=bool)
    for cell, k in enumerate(sizes.tolist()):
        values[regions.variable[cell][k]] = True
    cuts = regions.block_cuts(values)
    sixes = {regions.variable[c][6] for c in range(8) if 6 in regions.variable[c]}
    under = [cut for cut in cuts if any(-lit in sixes for lit in cut)]
    assert under and all(sum(lit < 0 for lit in cut) == 1 for cut in under)
    for answer in brute_force(puzzle):
        truth = {regions.variable[c][k] for c, k in enumerate(answer.numbers.ravel().tolist())}
        assert all(any((lit > 0) == (abs(lit) in truth) for lit in cut) for cut in cuts)


def ring_clauses(puzzle: F.FillominoPuzzle, open_from: int | None = None) -> list[list[int]]:
    """The clauses ``rings=True`` adds to the size-labelled cells of ``puzzle``."""
    plain = {tuple(c) for c in regions_of(puzzle, open_from=open_from).clauses}
    return [c for c in regions_of(puzzle, open_from=open_from, rings=True).clauses
            if tuple(c) not in plain]


@pytest.mark.parametrize("open_from", [None, 4])
def test_ring_clauses_hold_in_every_answer(open_from):
    """Each ring clause ("a cell of k has a k at this distance") is met by every answer of
    puzzles made around random answers and of givens too large for a small grid (with the
    open label, by every answer with its sizes from the label on written as the label)."""
    rng = random.Random(7)
    puzzles = [random_puzzle(rng) for _ in range(12)]
    puzzles += [grid(". . . .", ". . . .", ". . . ."), grid("4 . .", ". . ."),
                grid(". 6 . .", ". . . ."), grid("5 . . . .", ". . . . .")]
    written = 0
    for puzzle in puzzles:
        if open_from is not None and open_from <= max(3, int(puzzle.numbers.max())):
            continue
        regions = regions_of(puzzle, open_from=open_from)
        rings = ring_clauses(puzzle, open_from)
        written += len(rings)
        for answer in brute_force(puzzle):
            sizes = answer.numbers.ravel().tolist()
            if open_from is not None:
                sizes = [min(k, open_from) for k in sizes]
            truth = {regions.variable[c][k] for c, k in enumerate(sizes)}
            assert all(any((lit > 0) == (abs(lit) in truth) for lit in clause)
                       for clause in rings), puzzle
    assert written > 20


def test_ring_clauses_ask_for_a_k_at_each_distance_the_ball_leaves():
    """A 1x6 strip, empty: a cell at its end may be 5 only with a 5 two, three and four cells
    away (its ball of one step holds 2 cells, of three steps 4, both fewer than 5)."""
    puzzle = grid(". . . . . .")
    regions = regions_of(puzzle)
    five = [regions.variable[c][5] for c in range(6)]
    rings = {tuple(c) for c in ring_clauses(puzzle)}
    assert {(-five[0], five[2]), (-five[0], five[3]), (-five[0], five[4])} <= rings
    assert not any(clause[0] == -five[0] and five[5] in clause for clause in rings)


# ------------------------------------------------------------------ against brute force


def agrees_with_brute_force(puzzle: F.FillominoPuzzle, encoding: str, backend: str) -> None:
    truth = brute_force(puzzle)
    explore = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, explore=explore)
    assert result.verdict == verdict_of(truth)
    assert_explored_as(result, truth)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_puzzles_made_around_an_answer_match_brute_force(encoding, backend):
    rng = random.Random(44)
    several = 0
    for _ in range(20 if backend == "cnf" else 3):  # CP-SAT: no 445-answer empty 3x3
        puzzle = random_puzzle(rng)
        agrees_with_brute_force(puzzle, encoding, backend)
        several += len(brute_force(puzzle)) > 1
    assert several >= 1  # the sample holds ambiguous puzzles, whose backbone is not empty


def enumerated_models(encoding, cut: bool) -> set[tuple[int, ...]]:
    """The size grids of every model of ``encoding`` on PySAT (its clauses and counts; with
    ``cut``, also its block-size cuts), blocking each until none is left."""
    from pysat.solvers import Solver

    found = set()
    with Solver(name="minicard", bootstrap_with=encoding.clauses) as solver:
        for lits, total in encoding.sizes:
            solver.add_atmost(list(lits), total)
            solver.add_atmost([-lit for lit in lits], len(lits) - total)
        while solver.solve():
            values = np.zeros(encoding.num_vars + 1, dtype=bool)
            values[[v for v in solver.get_model() if v > 0]] = True
            cuts = encoding.model_cuts(values) if cut else []
            for clause in cuts:
                solver.add_clause(clause)
            if not cuts:
                found.add(tuple(encoding.decode(values).ravel().tolist()))
                solver.add_clause([-v for v in encoding.answer if values[v]])
    return found


def open_models(puzzle: F.FillominoPuzzle, open_from: int) -> set[tuple[int, ...]]:
    """Every model of the open encoding (sizes from ``open_from`` on as one label)."""
    return enumerated_models(
        regions_of(puzzle, open_from=open_from).encoding(lambda sizes: sizes), cut=True)


def test_the_open_encoding_models_the_answers_with_large_sizes_as_one_label():
    rng = random.Random(7)
    opened = 0
    for _ in range(12):
        puzzle = random_puzzle(rng)
        label = open_label(puzzle)
        clipped = {tuple(np.minimum(s.numbers, label).ravel().tolist())
                   for s in brute_force(puzzle)}
        assert open_models(puzzle, label) == clipped, puzzle
        opened += any(label in answer for answer in clipped)
    assert opened >= 1  # some answers have a block above the label


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_the_open_run_stands_unless_an_answer_needs_a_larger_block(encoding, backend):
    small = solve(grid("2 . 3", "1 3 .", "2 2 1"), encoding=encoding, backend=backend)
    assert small.verdict == Verdict.UNIQUE
    assert small.stats.extra["open"] == open_label(small.puzzle) == 4
    # a model with the label 4 (the middle 5) makes the run again with 8, which stands
    large = solve(grid("1 . 1", ". . .", "1 . 1"), encoding=encoding, backend=backend)
    assert large.verdict == Verdict.UNIQUE and large.stats.extra["open"] == 8
    assert large.solution.numbers[1, 1] == 5 > open_label(large.puzzle)
    # past the cell count, every size apart
    ring = solve(grid("1 . .", ". . .", ". . ."), encoding=encoding, backend=backend,
                 explore=Exploration(count=1000))
    assert ring.stats.extra["open"] == 0 and ring.count is not None and ring.count.complete
    assert set(ring.count.solutions) == set(brute_force(ring.puzzle))


def uncut_models(puzzle: F.FillominoPuzzle) -> set[tuple[int, ...]]:
    """The size grids of every model of the clauses and counts alone (no block-size cut)."""
    return enumerated_models(regions_of(puzzle).encoding(lambda sizes: sizes), cut=False)


def test_the_levels_give_each_numbered_block_its_size_without_a_cut():
    """Every model of the clauses alone has each given's block (from 3 on: on a 3x3 all
    fit the level budget) of exactly its size, and every brute-force answer is one of
    them."""
    rng = random.Random(5)
    anchored = 0
    for _ in range(40):
        puzzle = random_puzzle(rng)
        flat = puzzle.numbers.ravel()
        givens = np.flatnonzero(flat >= ANCHOR_FROM).tolist()  # all within the budget
        if not givens:
            continue
        anchored += 1
        graph = grid_graph(puzzle.width, puzzle.height)
        models = uncut_models(puzzle)
        for sizes in models:
            for g in givens:
                block = next(b for b in components(graph, [c for c, k in enumerate(sizes)
                                                           if k == flat[g]]) if g in b)
                assert len(block) == flat[g], (puzzle, sizes)
        assert {tuple(s.numbers.ravel().tolist()) for s in brute_force(puzzle)} <= models
    assert anchored >= 10


def test_the_open_label_must_exceed_the_givens():
    with pytest.raises(ValueError, match="exceed"):
        regions_of(grid("5 . .", ". . ."), open_from=5)


def test_the_level_budget_decides_which_givens_are_anchored():
    """A given's block is anchored (its count "exactly k at the last level") only when its
    level variables fit the budget: ``sizes-cpsat`` passes a larger one than ``sizes``."""
    puzzle = grid("4 . . .", ". . . .", ". . . 5")
    assert regions_of(puzzle, anchor_levels=0).anchor_counts == []
    small = regions_of(puzzle, anchor_levels=20).anchor_counts  # the 4 costs 19
    large = regions_of(puzzle, anchor_levels=1000).anchor_counts
    assert [total for _, total in small] == [4]
    assert sorted(total for _, total in large) == [4, 5]


def test_sizes_cpsat_solves_with_its_own_cpsat_parameters(monkeypatch):
    """``sizes-cpsat`` turns CP-SAT's inprocessing and probing off on its session (and stays
    on one worker) and writes each cell's one size as an ``exactly_one``; the answer is the
    brute-force one."""
    from pencilsat.backends import cpsat_session
    from pencilsat.strategies.fillomino import CPSAT_PARAMETERS

    seen = []
    original = cpsat_session.CpSatSession.__init__

    def recording(self, *args, **kwargs):
        original(self, *args, **kwargs)
        seen.append((self.solver.parameters, self.model))

    monkeypatch.setattr(cpsat_session.CpSatSession, "__init__", recording)
    puzzle = grid("3 . 1 2", ". 1 . 2", "1 . 4 .")
    result = solve(puzzle, encoding="sizes-cpsat", backend="cpsat")
    answers = brute_force(puzzle)
    assert len(answers) == 1
    assert result.verdict == Verdict.UNIQUE and result.solution == answers[0]
    assert seen and CPSAT_PARAMETERS
    for parameters, model in seen:
        assert parameters.num_workers == 1
        ones = sum(c.has_exactly_one() for c in model.proto.constraints)
        assert ones == puzzle.width * puzzle.height
        for name, value in CPSAT_PARAMETERS.items():
            assert getattr(parameters, name) == value


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_the_largest_block_of_the_flag_t_matches_brute_force(encoding, backend):
    """pzprjs' ``t`` (no block past 3 cells): no size past 3 in any cell's domain, so the
    open label never comes up; the answers are brute force's under the cap, and the cap
    takes answers away on some of the grids."""
    rng = random.Random(2)
    puzzles = [random_puzzle(rng, largest=3) for _ in range(12)]
    for puzzle in puzzles[:12 if backend == "cnf" else 6]:
        agrees_with_brute_force(puzzle, encoding, backend)
    assert any(len(brute_force(p)) < len(brute_force(F.FillominoPuzzle(p.numbers)))
               for p in puzzles[:6])
    assert max(max(d) for d in regions_of(grid(". . .", ". . .")).domains) == 6
    assert max(max(d) for d in regions_of(F.FillominoPuzzle(
        np.zeros((2, 3), dtype=int), largest=3)).domains) == 3
