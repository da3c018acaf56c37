"""Swap cuts of the ``lazy`` uniqueness proof: each is broken by the 2x2 swap it was made for,
and none removes an answer.

The expected clauses are rebuilt here the slow way: for every 2x2 block, swap its edges in the
answer, walk the two loops this gives, and take the crossing edges of the smaller one.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.result import Verdict
from pencilsat.encodings.loops.components import crossing_edges, walk_loops
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.loops.swap_cuts import cycle_order, swap_cuts
from pencilsat.generators.masyu import pearls_for_loop, random_loop
from pencilsat.puzzles import masyu
from pencilsat.strategies import masyu_lazy
from pencilsat.strategies.masyu_lazy import LazySettings


def _answer_vars(grid: GridEdges, solution: masyu.MasyuSolution) -> list[int]:
    return sorted(grid.between(a, b) for a, b in solution.edges)


def _pearl_mask(grid: GridEdges, puzzle: masyu.MasyuPuzzle) -> np.ndarray:
    mask = np.zeros(grid.width * grid.height, dtype=bool)
    mask[[grid.cell_id(cell) for cell in puzzle.pearl_cells()]] = True
    return mask


def _some_pearls(puzzle: masyu.MasyuPuzzle, rng: random.Random, share: float) -> masyu.MasyuPuzzle:
    """The puzzle with only a random share of its pearls, so that some pieces hold none."""
    text = masyu.format_puzzle(puzzle).splitlines()
    rows = ["".join(ch if ch == "." or rng.random() < share else "." for ch in row)
            for row in text[1:]]
    return masyu.parse_puzzle("\n".join([text[0], *rows]) + "\n")


def _expected(grid: GridEdges, answer: list[int], pearls: np.ndarray,
              max_cells: int) -> list[list[frozenset[int]]]:
    """Per swap face of the answer, the clauses allowed for it (two when both pieces are the
    same size), or nothing when its smaller piece is too big or holds no pearl or all."""
    chosen = set(answer)
    out = []
    width, total = grid.width, int(pearls.sum())
    for r in range(grid.height - 1):
        for c in range(width - 1):
            a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            top, bottom = grid.between(a, b), grid.between(d, e)
            left, right = grid.between(a, d), grid.between(b, e)
            for on, off in (((top, bottom), (left, right)), ((left, right), (top, bottom))):
                if not (set(on) <= chosen and not set(off) & chosen):
                    continue
                swapped = (chosen - set(on)) | set(off)
                model = [v if v in swapped else -v for v in range(1, len(grid) + 1)]
                pieces = walk_loops(grid, model)
                assert len(pieces) == 2, "a swap face of a simple loop splits it in two"
                small = min(len(cells) for _, cells in pieces)
                options = []
                for _, cells in pieces:
                    held = int(pearls[cells].sum())
                    if len(cells) == small <= max_cells and 0 < held < total:
                        options.append(frozenset(crossing_edges(grid, cells)))
                if len(options) == 2 or (options and len(pieces[0][1]) != len(pieces[1][1])):
                    out.append(options)
                elif options:  # same size, only one of the two holds some but not all
                    out.append(options + [None])
    return out


@pytest.mark.parametrize("seed", range(8))
def test_swap_cuts_are_the_crossing_edges_of_each_swaps_smaller_piece(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice((8, 11, 14))
    loop = random_loop(size, size + 3, rng)
    puzzle = _some_pearls(pearls_for_loop(loop), rng, share=0.3)
    grid = GridEdges(puzzle.width, puzzle.height)
    answer = _answer_vars(grid, loop)
    pearls = _pearl_mask(grid, puzzle)
    max_cells = rng.choice((12, 10**9))
    made = [frozenset(clause) for clause in swap_cuts(grid, answer, pearls, max_cells)]
    expected = _expected(grid, answer, pearls, max_cells)
    assert made, "the test needs swap faces"
    # each expected face is matched by one clause made, and nothing else was made
    remaining = list(made)
    for options in expected:
        hits = [option for option in options if option in remaining]
        if None in options and not hits:
            continue  # the tie went to the piece without the pearl condition: no clause
        assert hits, f"no cut for a swap face with options {options}"
        remaining.remove(hits[0])
    assert not remaining
    # the answer keeps every cut: the two swapped edges of the answer leave the piece
    assert all(clause & set(answer) for clause in made)


def test_cycle_order_walks_the_loop() -> None:
    loop = random_loop(12, 9, random.Random(3))
    grid = GridEdges(loop.width, loop.height)
    cells, edges = cycle_order(grid, _answer_vars(grid, loop))
    end_a, end_b, _ = grid.arrays()
    assert sorted(edges.tolist()) == _answer_vars(grid, loop)
    assert len(set(cells.tolist())) == len(cells) == len(edges)
    following = np.roll(cells, -1)
    assert all({int(end_a[v]), int(end_b[v])} == {int(x), int(y)}
               for v, x, y in zip(edges, cells, following, strict=True))


@pytest.mark.parametrize("seed", range(6))
def test_swap_cuts_keep_a_second_answer(seed: int) -> None:
    """On loose puzzles (many answers) every cut made from the first answer holds in the
    second: the cuts remove no answer."""
    rng = random.Random(100 + seed)
    size = 16 + 4 * (seed % 3)
    puzzle = _some_pearls(pearls_for_loop(random_loop(size, size, rng)), rng, share=0.5)
    result = masyu_lazy.run(puzzle, settings=LazySettings(swaps=False))
    assert result.verdict is Verdict.MULTIPLE
    grid = GridEdges(puzzle.width, puzzle.height)
    first = _answer_vars(grid, result.solution)
    second = set(_answer_vars(grid, result.second_solution))
    cuts = swap_cuts(grid, first, _pearl_mask(grid, puzzle), 10**9)
    assert cuts
    assert all(second.intersection(clause) for clause in cuts)


def test_the_largest_janko_is_proven_unique_with_swap_cuts() -> None:
    """40x58 (2,320 cells, so swap cuts are on by default): the same answer as the
    ``.sol`` and as a run without them."""
    path = CORPUS / "masyu/janko/760_40x58.txt"
    puzzle = masyu.parse_puzzle(path.read_text())
    expected = masyu.parse_solution(path.with_suffix(".sol").read_text())
    with_cuts = masyu_lazy.run(puzzle)
    without = masyu_lazy.run(puzzle, settings=LazySettings(swaps=False))
    assert with_cuts.verdict is without.verdict is Verdict.UNIQUE
    assert with_cuts.solution.edges == without.solution.edges == expected.edges
    assert not masyu.check(puzzle, with_cuts.solution)
    assert with_cuts.stats.extra["swap_cuts"] > 0
    assert without.stats.extra["swap_cuts"] == 0
