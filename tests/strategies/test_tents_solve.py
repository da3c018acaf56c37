"""Tents' strategies: corpus puzzles unique with the stored answer on both, and verdict,
solution count and backbone against brute force on small random grids."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles.tents import solutions as brute_force
from oracles.verdicts import verdict_of

from pencilsat.core.registry import GENRES, load
from pencilsat.core.result import Verdict
from pencilsat.puzzles import tents as T
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells

FOLDER = CORPUS / "tents"
CONFIGS = [(s.name, backend, None) for s in GENRES["tents"].strategies
           for backend in s.backends] + [("cnf", "cnf", "minisat")]
"""Every strategy, and the CNF one on a solver without native counts (counts as clauses)."""


def sample() -> list:
    paths = (sorted((FOLDER / "janko").glob("*.txt"))[::60]
             + sorted((FOLDER / "tatham").rglob("*.txt"))[::10])
    return [(path, T.parse_puzzle(path.read_text(), path.stem),
             T.parse_solution(path.with_suffix(".sol").read_text())) for path in paths]


@pytest.mark.parametrize("encoding, backend, sat_solver", CONFIGS)
def test_corpus_puzzles_are_unique_with_the_stored_answer(encoding, backend, sat_solver):
    for path, puzzle, answer in sample():
        result = solve(puzzle, encoding=encoding, backend=backend, sat_solver=sat_solver)
        assert result.verdict == Verdict.UNIQUE, path
        assert result.solution == answer, path


# ------------------------------------------------------------------ brute force


@st.composite
def small_puzzles(draw) -> T.TentsPuzzle:
    """A grid up to 5x4: mostly tents placed apart, each with a tree beside it (solvable),
    sometimes random trees; the counts of those tents or random ones, some left out."""
    width, height = draw(st.integers(1, 5)), draw(st.integers(1, 4))
    cells = [(r, c) for r in range(height) for c in range(width)]
    flags = np.array(draw(st.lists(st.booleans(), min_size=len(cells), max_size=len(cells))))
    trees = np.zeros((height, width), dtype=bool)
    tents = np.zeros((height, width), dtype=bool)
    if draw(st.integers(0, 3)):
        for (r, c), wanted in zip(cells, flags, strict=True):
            if not wanted or trees[r, c] or tents[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2].any():
                continue
            spots = [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                     if 0 <= r + dr < height and 0 <= c + dc < width
                     and not trees[r + dr, c + dc] and not tents[r + dr, c + dc]]
            if spots:
                tents[r, c] = True
                trees[draw(st.sampled_from(spots))] = True
    else:
        trees = flags.reshape(height, width)
    columns, rows = tents.sum(axis=0), tents.sum(axis=1)
    if not draw(st.integers(0, 4)):
        columns = np.array([draw(st.integers(0, height)) for _ in range(width)])
    hidden = draw(st.lists(st.booleans(), min_size=width + height, max_size=width + height))
    counts = np.concatenate([columns, rows])
    counts[np.array(hidden)] = T.NO_COUNT
    return T.TentsPuzzle(trees, counts[:width], counts[width:])


@pytest.mark.parametrize("encoding, backend, sat_solver", CONFIGS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzle=small_puzzles())
def test_verdict_count_and_backbone_match_brute_force(encoding, backend, sat_solver, puzzle):
    truth = brute_force(puzzle)
    task = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, sat_solver=sat_solver,
                   explore=task)
    assert result.verdict == verdict_of(truth)
    assert result.count is not None and result.count.complete
    assert {s.tents.tobytes() for s in result.count.solutions} == \
        {s.tents.tobytes() for s in truth}
    assert len(result.count.solutions) == len(truth)
    if truth:
        assert result.backbone is not None and result.backbone.complete
        expected = undecided_cells(truth[0], truth[1:]) if len(truth) > 1 else []
        assert result.backbone.undecided == expected


def test_the_default_counts_natively_and_another_solver_writes_clauses():
    _, puzzle, _ = sample()[0]
    native = solve(puzzle)
    written = solve(puzzle, sat_solver="minisat")
    assert native.stats.sat_solver == "minicard" and native.stats.extra["native_counts"] > 0
    assert "native_counts" not in written.stats.extra
    assert written.stats.clauses > native.stats.clauses
    assert native.solution == written.solution


def complete_answers(puzzle: T.TentsPuzzle) -> list[T.TentsSolution]:
    """Every answer of the registry's complete clause list: solve, forbid the answer
    literals as they are, solve again."""
    from pysat.solvers import Solver

    encoding = load(GENRES["tents"].complete_cnf)(puzzle)
    out = []
    with Solver(name="minisat22", bootstrap_with=encoding.clauses) as solver:
        while solver.solve():
            true = {lit for lit in solver.get_model() if lit > 0}
            out.append(encoding.decode(true))
            solver.add_clause([-lit if lit in true else lit for lit in encoding.answer])
    return out


def test_the_complete_clause_list_has_the_stored_answer_only():
    for path, puzzle, answer in sample()[::3]:
        assert complete_answers(puzzle) == [answer], path


@settings(max_examples=80, deadline=None)
@given(puzzle=small_puzzles())
def test_the_complete_clause_list_has_exactly_the_brute_force_answers(puzzle):
    assert ({s.tents.tobytes() for s in complete_answers(puzzle)}
            == {s.tents.tobytes() for s in brute_force(puzzle)})


@st.composite
def counted_puzzles(draw) -> T.TentsPuzzle:
    """A small puzzle whose row counts are all given and add up to its trees (so the
    encoding leaves "one pairing per tree" to the counts), the columns as drawn."""
    puzzle = draw(small_puzzles())
    rows = [draw(st.integers(0, puzzle.width)) for _ in range(puzzle.height)]
    missing = int(puzzle.trees.sum()) - sum(rows)
    for r in range(puzzle.height):  # move the difference into rows with room for it
        step = max(-rows[r], min(puzzle.width - rows[r], missing))
        rows[r] += step
        missing -= step
    return T.TentsPuzzle(puzzle.trees, puzzle.column_counts, np.array(rows))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzle=counted_puzzles())
def test_counts_that_imply_one_tent_per_tree_keep_every_answer(puzzle):
    from pencilsat.encodings.tents import counts_match_trees

    assert counts_match_trees(puzzle)
    truth = {s.tents.tobytes() for s in brute_force(puzzle)}
    for backend in ("cnf", "cpsat"):
        result = solve(puzzle, backend=backend, explore=Exploration(count=len(truth) + 1))
        assert result.count is not None and result.count.complete
        assert {s.tents.tobytes() for s in result.count.solutions} == truth, backend
    assert {s.tents.tobytes() for s in complete_answers(puzzle)} == truth


@settings(max_examples=60, deadline=None)
@given(grid=st.integers(1, 7).flatmap(lambda w: st.lists(
    st.lists(st.booleans(), min_size=w, max_size=w), min_size=1, max_size=6)))
def test_touching_pairs_by_loop_are_the_grid_rules_pairs(grid):
    from pencilsat.encodings.shading import no_two_adjacent
    from pencilsat.encodings.tents import no_two_touching

    free = np.array(grid, dtype=bool)
    height, width = free.shape
    cells = np.flatnonzero(free).tolist()
    lits = np.where(free, np.arange(1, free.size + 1).reshape(height, width), 0)
    expected = {frozenset(pair) for pair in no_two_adjacent(lits, diagonal=True).tolist()}
    found = no_two_touching(cells, width, free.size)
    assert len(found) == len(expected)
    assert {frozenset(pair) for pair in found} == expected


def test_a_count_above_its_lines_candidates_has_no_answer():
    # one tree, one free cell beside it in the row, the row asking for two tents
    puzzle = T.TentsPuzzle(np.array([[True, False]]), np.array([T.NO_COUNT, T.NO_COUNT]),
                           np.array([2]))
    for encoding, backend, sat_solver in CONFIGS:
        result = solve(puzzle, encoding=encoding, backend=backend, sat_solver=sat_solver)
        assert result.verdict == Verdict.NONE, (encoding, sat_solver)


@settings(max_examples=80, deadline=None)
@given(puzzle=small_puzzles())
def test_the_trees_candidate_neighbours_are_those_of_the_definition(puzzle):
    # read from the puzzle's tree layout (shared with the rule checker): per tree, its
    # neighbours up, left, right, down that are no tree and in no line of count 0
    from pencilsat.encodings.tents import _near_trees

    height, width = puzzle.trees.shape
    near = []
    for r, c in np.argwhere(puzzle.trees).tolist():
        near.append([(r + dr) * width + c + dc
                     for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                     if 0 <= r + dr < height and 0 <= c + dc < width
                     and not puzzle.trees[r + dr, c + dc]
                     and puzzle.row_counts[r + dr] != 0 and puzzle.column_counts[c + dc] != 0])
    found = _near_trees(puzzle, puzzle.row_counts.tolist(), puzzle.column_counts.tolist())
    assert found == (sorted({n for cells in near for n in cells}), near)
