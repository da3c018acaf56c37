"""The cell shapes left by arc consistency (``masyu_shapes``): every answer keeps its shapes, on
every corpus puzzle with a solution and on random loops, and ``lazy`` built round the settled
edges gives the answers and verdicts it gives without them."""

from __future__ import annotations

import random
from time import perf_counter

import numpy as np
import pytest
from conftest import CORPUS, corpus_pairs

from pencilsat.core.result import Verdict
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.masyu_shapes import (
    EMPTY_SHAPE,
    LEFT_DOWN,
    LEFT_RIGHT,
    RIGHT_DOWN,
    UP_DOWN,
    UP_LEFT,
    UP_RIGHT,
    cell_shapes,
)
from pencilsat.generators.masyu import pearls_for_loop, random_loop
from pencilsat.puzzles import masyu
from pencilsat.strategies import masyu_lazy
from pencilsat.strategies.masyu_lazy import LazySettings

_SHAPE_OF_SIDES = {"": EMPTY_SHAPE, "UL": UP_LEFT, "UR": UP_RIGHT, "UD": UP_DOWN,
                   "LR": LEFT_RIGHT, "LD": LEFT_DOWN, "RD": RIGHT_DOWN}


def _answer_shapes(solution: masyu.MasyuSolution) -> np.ndarray:
    """Each cell's shape in ``solution``, written out side by side from its edges."""
    sides = [["" for _ in range(solution.width)] for _ in range(solution.height)]
    for (r, c), (r2, c2) in solution.edges:
        if r == r2:
            sides[r][c] += "R"
            sides[r2][c2] += "L"
        else:
            sides[r][c] += "D"
            sides[r2][c2] += "U"
    return np.array([[_SHAPE_OF_SIDES["".join(sorted(s, key="ULRD".index))] for s in row]
                     for row in sides])


def _assert_keeps(puzzle: masyu.MasyuPuzzle, solution: masyu.MasyuSolution,
                  deadline: float | None = None) -> int:
    """The answer's shape is left in every cell and its edges agree with every settled one;
    returns how many edges are settled."""
    shapes = cell_shapes(puzzle, deadline)
    kept = (shapes.domains >> _answer_shapes(solution)) & 1
    assert kept.all(), (puzzle.name, np.argwhere(kept == 0)[:3].tolist())
    grid = GridEdges(puzzle.width, puzzle.height)
    values = shapes.edge_values(grid)
    used = np.zeros(len(grid) + 1, dtype=bool)
    used[[grid.between(a, b) for a, b in solution.edges]] = True
    assert not (used & (values == -1)).any() and not (~used[1:] & (values[1:] == 1)).any()
    assert shapes.dead_cell() is None
    return int(np.count_nonzero(values))


def test_every_corpus_answer_keeps_its_shapes() -> None:
    pairs = corpus_pairs("masyu")
    assert len(pairs) >= 900
    settled = total = 0
    for txt, sol in pairs[::8]:  # an eighth, every size: the whole corpus is a benchmark's
        puzzle = masyu.parse_puzzle(txt.read_text(), name=txt.name)
        settled += _assert_keeps(puzzle, masyu.parse_solution(sol.read_text()))
        total += len(GridEdges(puzzle.width, puzzle.height))
    assert settled > total / 3  # the rules settle a good share of real puzzles' edges


@pytest.mark.parametrize("share", [1.0, 0.5, 0.2])
def test_random_loops_keep_their_shapes(share: float) -> None:
    """Loops with every pearl they allow, or a random share of them (which leaves room for
    other answers: the loop itself must still be kept)."""
    rng = random.Random(int(share * 10))
    for _ in range(120):
        height, width = rng.randint(2, 14), rng.randint(2, 14)
        loop = random_loop(width, height, rng)
        full = pearls_for_loop(loop)
        kept = np.array([[p if rng.random() < share else 0 for p in row]
                         for row in full.pearls.tolist()], dtype=np.uint8)
        _assert_keeps(masyu.MasyuPuzzle(kept), loop)


def test_loose_puzzles_settle_about_half_their_edges() -> None:
    rng = random.Random(4)
    loop = random_loop(40, 40, rng)
    puzzle = pearls_for_loop(loop)
    assert _assert_keeps(puzzle, loop) > 0.4 * len(GridEdges(puzzle.width, puzzle.height))


def test_a_passed_deadline_stops_after_one_round_and_stays_sound() -> None:
    loop = random_loop(30, 30, random.Random(5))
    puzzle = pearls_for_loop(loop)
    early = cell_shapes(puzzle, deadline=perf_counter() - 1)
    assert early.rounds == 1 < cell_shapes(puzzle).rounds
    assert _assert_keeps(puzzle, loop, deadline=perf_counter() - 1) < _assert_keeps(puzzle, loop)


def test_a_cell_left_without_shapes_means_no_answer() -> None:
    """Random pearl grids on which the shapes run dry: the plain strategy (no shapes) must
    find no answer either, and ``lazy`` with shapes names the cell."""
    rng = random.Random(6)
    found = 0
    for _ in range(400):
        height, width = rng.randint(2, 6), rng.randint(2, 6)
        puzzle = masyu.MasyuPuzzle(np.array(
            [[rng.choice((0, 0, 0, 1, 2)) for _ in range(width)] for _ in range(height)],
            dtype=np.uint8))
        dead = cell_shapes(puzzle).dead_cell()
        if dead is None:
            continue
        found += 1
        assert masyu_lazy.run(puzzle, settings=LazySettings(shapes=False)).verdict == Verdict.NONE
        result = masyu_lazy.run(puzzle, settings=LazySettings(shapes=True))
        assert result.verdict == Verdict.NONE
        assert f"row {dead[0] + 1}, column {dead[1] + 1}" in result.message
    assert found >= 20


def test_a_white_pearl_in_a_corner_of_a_large_grid_is_named() -> None:
    pearls = np.zeros((40, 40), dtype=np.uint8)
    pearls[0, 0] = masyu.WHITE
    result = masyu_lazy.run(masyu.MasyuPuzzle(pearls))
    assert result.verdict == Verdict.NONE
    assert result.message.startswith("the pearl at row 1, column 1 cannot be passed")


SAMPLE = corpus_pairs("masyu/janko")[::6] + [
    (CORPUS / "masyu" / "seed_36x20.txt", CORPUS / "masyu" / "seed_36x20.sol")]


def test_lazy_with_shapes_gives_the_corpus_answers() -> None:
    """Shapes forced on below their size threshold too: the same unique answers as the
    ``.sol`` files, checked by the rule checker."""
    assert len(SAMPLE) >= 130
    for txt, sol in SAMPLE:
        puzzle = masyu.parse_puzzle(txt.read_text(), name=txt.name)
        result = masyu_lazy.run(puzzle, settings=LazySettings(shapes=True))
        assert result.verdict == Verdict.UNIQUE, txt.name
        assert masyu.check(puzzle, result.solution) == [], txt.name
        assert result.solution == masyu.parse_solution(sol.read_text()), txt.name
        assert result.stats.extra["settled_edges"] > 0


@pytest.mark.parametrize("seed", range(6))
def test_lazy_with_shapes_agrees_on_loose_puzzles(seed: int) -> None:
    """Random loose puzzles (non-unique): with and without shapes, both ``multiple`` with two
    valid answers."""
    loop = random_loop(36, 36, random.Random(seed))
    puzzle = pearls_for_loop(loop)
    with_shapes = masyu_lazy.run(puzzle)
    without = masyu_lazy.run(puzzle, settings=LazySettings(shapes=False))
    assert with_shapes.stats.extra["settled_edges"] > 0
    assert "settled_edges" not in without.stats.extra
    for result in (with_shapes, without):
        assert result.verdict == Verdict.MULTIPLE
        for answer in (result.solution, result.second_solution):
            assert masyu.check(puzzle, answer) == []
