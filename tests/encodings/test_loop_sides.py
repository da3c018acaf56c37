"""The inside/outside colouring (``loop_sides``): redundant, so it must keep every union of loops
and every answer, and it must still forbid what is not a union of loops."""

from __future__ import annotations

import random

import pytest
from conftest import CORPUS, corpus_pairs, every_kth, local_rules_model
from pysat.solvers import Solver

from pencilsat.core.result import Verdict
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.loops.sides import side_clauses, side_variable_count
from pencilsat.generators.masyu import pearls_for_loop, random_loop
from pencilsat.puzzles import masyu
from pencilsat.strategies import masyu_lazy
from pencilsat.strategies.masyu_lazy import LazySettings


def _edge_literals(grid: GridEdges, edges: set) -> list[int]:
    return [v if grid.edges[v - 1] in edges else -v for v in range(1, len(grid) + 1)]


def _sides_admit(grid: GridEdges, edges: set) -> bool:
    """Is there a colouring of the points for exactly this edge set?"""
    with Solver(name="minisat22", bootstrap_with=side_clauses(grid, len(grid) + 1)) as solver:
        return solver.solve(assumptions=_edge_literals(grid, edges))


def test_point_count() -> None:
    grid = GridEdges(7, 4)
    assert side_variable_count(grid) == 6 * 3


@pytest.mark.parametrize("name", ["seed_36x20", "seed_10x10"])
def test_colouring_keeps_the_corpus_answer(name: str) -> None:
    puzzle = masyu.parse_puzzle((CORPUS / "masyu" / f"{name}.txt").read_text())
    answer = masyu.parse_solution((CORPUS / "masyu" / f"{name}.sol").read_text())
    assert _sides_admit(GridEdges(puzzle.width, puzzle.height), set(answer.edges))


def test_colouring_keeps_every_union_of_loops() -> None:
    """Models of the local rules alone draw several loops; each must keep a colouring."""
    rng = random.Random(11)
    for _ in range(5):
        puzzle = pearls_for_loop(random_loop(16, 12, rng))
        grid = GridEdges(puzzle.width, puzzle.height)
        model = local_rules_model(puzzle)
        edges = {grid.edges[v - 1] for v in model[: len(grid)] if v > 0}
        assert _sides_admit(grid, edges)


def test_colouring_forbids_a_dead_end_and_a_branch() -> None:
    grid = GridEdges(4, 4)
    square = {((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 2), (2, 2)), ((2, 1), (2, 2))}
    assert _sides_admit(grid, square)
    assert not _sides_admit(grid, square - {((2, 1), (2, 2))})  # an open path
    assert not _sides_admit(grid, square | {((1, 2), (1, 3))})  # a branch
    assert not _sides_admit(grid, {((0, 0), (0, 1))})  # a single edge on the rim


def test_one_column_grid_has_no_points() -> None:
    grid = GridEdges(1, 3)
    assert side_variable_count(grid) == 0
    assert not _sides_admit(grid, {((0, 0), (1, 0))})
    assert _sides_admit(grid, set())


@pytest.mark.parametrize("sides", [True, False])
def test_lazy_with_and_without_colouring_agree_on_corpus(sides: bool) -> None:
    """Every 8th janko puzzle up to 15x15 (both settings), answers equal to the .sol files."""
    pairs = every_kth(corpus_pairs("masyu/janko", max_cells=225), 8)
    assert len(pairs) >= 40
    for txt, sol in pairs:
        puzzle = masyu.parse_puzzle(txt.read_text())
        result = masyu_lazy.run(puzzle, settings=LazySettings(sides=sides))
        assert result.verdict == Verdict.UNIQUE, txt.name
        assert result.solution == masyu.parse_solution(sol.read_text()), txt.name
        assert masyu.check(puzzle, result.solution) == []


def test_lazy_with_and_without_colouring_agree_on_loose_puzzles() -> None:
    rng = random.Random(23)
    for _ in range(6):
        puzzle = pearls_for_loop(random_loop(18, 18, rng))
        plain = masyu_lazy.run(puzzle, settings=LazySettings(sides=False))
        coloured = masyu_lazy.run(puzzle, settings=LazySettings(sides=True))
        assert plain.verdict == coloured.verdict
        assert coloured.stats.variables > plain.stats.variables
        for result in (plain, coloured):
            for answer in (result.solution, result.second_solution):
                if answer is not None:
                    assert masyu.check(puzzle, answer) == []


def test_defaults_follow_grid_size() -> None:
    """Colouring, settled shapes and CaDiCaL from ``LARGE_GRID`` cells (grown region cuts
    there after ``STALL_CALLS`` calls), grown region cuts from the first call from
    ``HUGE_GRID`` cells, unless named."""
    rng = random.Random(5)
    small = pearls_for_loop(random_loop(12, 12, rng))
    side = int(masyu_lazy.LARGE_GRID ** 0.5) + 1
    large = pearls_for_loop(random_loop(side, side, rng))
    side = int(masyu_lazy.HUGE_GRID ** 0.5)
    huge = pearls_for_loop(random_loop(side, side, rng))
    result = masyu_lazy.run(small)
    assert (result.stats.extra["sides"], result.stats.sat_solver) == (False, "minisat22")
    assert result.stats.extra["grown_after"] is None
    assert "settled_edges" not in result.stats.extra
    result = masyu_lazy.run(large)
    assert (result.stats.extra["sides"], result.stats.sat_solver) == (True, "cadical195")
    assert result.stats.extra["settled_edges"] > 0
    assert result.stats.extra["grown_after"] == masyu_lazy.STALL_CALLS
    if result.stats.extra["sat_calls"] <= masyu_lazy.STALL_CALLS:
        assert result.stats.extra["grown_cuts"] == 0
    assert result.solution is not None and masyu.check(large, result.solution) == []
    result = masyu_lazy.run(huge)
    assert (result.stats.extra["sides"], result.stats.sat_solver) == (True, "cadical195")
    assert result.stats.extra["grown_after"] == 0
    assert result.solution is not None and masyu.check(huge, result.solution) == []
    assert masyu_lazy.run(huge, sat_solver="minisat").stats.sat_solver == "minisat22"
