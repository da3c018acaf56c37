"""Static cuts for 6- and 8-cell Masyu loops: the shapes, the pearl filter, and soundness.

The pearl filter is checked against the independent rule checker, and soundness against the
corpus's printed solutions: no clause may exclude an answer.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.result import Verdict
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.masyu_small_loops import LoopShape, no_small_loops, small_loop_shapes
from pencilsat.generators.masyu import pearls_for_loop, random_loop
from pencilsat.puzzles import masyu
from pencilsat.strategies import masyu_lazy
from pencilsat.strategies.masyu_lazy import LazySettings


def _drawing(shape: LoopShape, top: int, left: int) -> masyu.MasyuSolution:
    edges = [((top + r, left + c), (top + r, left + c + 1)) for r, c in shape.across]
    edges += [((top + r, left + c), (top + r + 1, left + c)) for r, c in shape.downward]
    return masyu.MasyuSolution.from_edges(edges, shape.width + left + 1, shape.height + top + 1)


def test_the_shapes_are_the_two_6_cell_and_seven_8_cell_loops() -> None:
    shapes = small_loop_shapes()
    assert sorted(len(s.cells) for s in shapes) == [6, 6] + [8] * 7
    assert [len(small_loop_shapes((n,))) for n in (4, 6, 8, 10)] == [1, 2, 7, 28]
    for shape in shapes:
        empty = masyu.MasyuPuzzle(np.zeros((shape.height + 1, shape.width + 1), np.uint8))
        # one closed loop through exactly its cells
        assert masyu.check(empty, _drawing(shape, 0, 0)) == []
        assert len(shape.across) + len(shape.downward) == len(shape.cells)


def test_the_pearl_filter_agrees_with_the_rule_checker() -> None:
    """A pearl may sit on a shape's cell exactly when the checker accepts the drawn loop."""
    for shape in small_loop_shapes((4, 6, 8, 10)):
        drawing = _drawing(shape, 0, 0)
        for cell, black_ok, white_ok in zip(shape.cells, shape.black_ok, shape.white_ok,
                                            strict=True):
            for colour, ok in ((masyu.BLACK, black_ok), (masyu.WHITE, white_ok)):
                pearls = np.zeros((shape.height + 1, shape.width + 1), np.uint8)
                pearls[cell] = colour
                assert (masyu.check(masyu.MasyuPuzzle(pearls), drawing) == []) == ok, (
                    shape.cells, cell, colour)


def test_placements_are_forbidden_only_when_a_pearl_lies_off_them() -> None:
    shape = small_loop_shapes((6,))[0]  # two rows, three columns
    pearls = np.zeros((5, 6), np.uint8)
    pearls[1, 2] = masyu.WHITE  # the middle of the top row of the placement at (1, 1)
    alone = masyu.MasyuPuzzle(pearls)
    clause = [-v for v in _edge_vars(GridEdges(alone.width, alone.height), shape, 1, 1)]
    assert clause not in no_small_loops(alone, GridEdges(alone.width, alone.height))
    pearls[4, 5] = masyu.WHITE
    with_another = masyu.MasyuPuzzle(pearls)
    grid = GridEdges(with_another.width, with_another.height)
    assert clause in no_small_loops(with_another, grid)


def _edge_vars(grid: GridEdges, shape: LoopShape, top: int, left: int) -> list[int]:
    vars_ = [grid.between((top + r, left + c), (top + r, left + c + 1)) for r, c in shape.across]
    return vars_ + [grid.between((top + r, left + c), (top + r + 1, left + c))
                    for r, c in shape.downward]


def test_no_clause_excludes_a_printed_janko_solution() -> None:
    paths = sorted((CORPUS / "masyu" / "janko").glob("*.txt"))[::5]
    checked = 0
    for path in paths:
        if not path.with_suffix(".sol").exists():
            continue
        puzzle = masyu.parse_puzzle(path.read_text())
        grid = GridEdges(puzzle.width, puzzle.height)
        solution = masyu.parse_solution(path.with_suffix(".sol").read_text())
        used = {grid.between(a, b) for a, b in solution.edges}
        for clause in no_small_loops(puzzle, grid):
            assert any(-lit not in used for lit in clause), (path.name, clause)
        checked += 1
    assert checked >= 150


def test_a_puzzle_answered_by_a_small_loop_is_still_solved() -> None:
    """Every pearl on one 3x3 ring: the ring is the answer and must not be forbidden."""
    puzzle = masyu.parse_puzzle("masyu 5 5\n.....\n.B.B.\n.....\n.B.B.\n.....\n")
    ring = next(s for s in small_loop_shapes((8,)) if sum(s.black_ok) == 4)
    ring_clause = [-v for v in _edge_vars(GridEdges(puzzle.width, puzzle.height), ring, 1, 1)]
    assert ring_clause not in no_small_loops(puzzle, GridEdges(puzzle.width, puzzle.height))
    result = masyu_lazy.run(puzzle, settings=LazySettings(small_loops=True))
    assert result.verdict is Verdict.UNIQUE
    assert masyu.check(puzzle, result.solution) == []
    assert len(result.solution.edges) == 8


@pytest.mark.parametrize("seed", range(3))
def test_small_loop_cuts_keep_the_verdict_on_random_loose_puzzles(seed: int) -> None:
    puzzle = pearls_for_loop(random_loop(40, 40, random.Random(seed)))
    with_cuts = masyu_lazy.run(puzzle, settings=LazySettings(small_loops=True))
    without = masyu_lazy.run(puzzle, settings=LazySettings(small_loops=False))
    assert with_cuts.stats.extra["small_loops"] is True
    assert with_cuts.verdict is without.verdict is Verdict.MULTIPLE
    for answer in (with_cuts.solution, with_cuts.second_solution):
        assert masyu.check(puzzle, answer) == []
