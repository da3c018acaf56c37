"""Sub-loop cuts of the ``lazy`` strategy: the enclosed area and the region cut built on it.

The enclosed area (ray parity) is checked against an independent flood fill, and the region
cut against the answers it must never remove.
"""

from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest
from conftest import local_rules_model

from pencilsat.core.result import Verdict
from pencilsat.encodings.loops.components import crossing_edges, enclosed_area, loops
from pencilsat.encodings.loops.degree import no_square_loops
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.generators.masyu import pearls_for_loop, random_loop
from pencilsat.puzzles import masyu
from pencilsat.strategies import masyu_lazy
from pencilsat.strategies.masyu_lazy import LazySettings


def _loop_vars(grid: GridEdges, solution: masyu.MasyuSolution) -> tuple[list[int], list[int]]:
    model = [v if grid.edges[v - 1] in solution.edges else -v for v in range(1, len(grid) + 1)]
    (edge_vars, cells), = loops(grid, model)
    return edge_vars, cells


def _flood_inside(grid: GridEdges, edge_vars: list[int]) -> set[int]:
    """Cells whose centre the outside cannot reach, on a lattice of half-cell steps where the
    loop's cell centres and edge midpoints are walls (the loop drawn as pixels)."""
    width, height = grid.width, grid.height
    rows, cols = 2 * height + 1, 2 * width + 1
    wall = set()
    for v in edge_vars:
        (r1, c1), (r2, c2) = (divmod(cell, width) for cell in grid.ends[v])
        wall.update({(2 * r1 + 1, 2 * c1 + 1), (r1 + r2 + 1, c1 + c2 + 1),
                     (2 * r2 + 1, 2 * c2 + 1)})
    start = (0, 0)
    reached = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for point in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= point[0] < rows and 0 <= point[1] < cols and point not in wall \
                    and point not in reached:
                reached.add(point)
                queue.append(point)
    return {r * width + c for r in range(height) for c in range(width)
            if (2 * r + 1, 2 * c + 1) not in wall and (2 * r + 1, 2 * c + 1) not in reached}


@pytest.mark.parametrize("seed", range(12))
def test_enclosed_area_equals_flood_fill(seed: int) -> None:
    rng = random.Random(seed)
    width, height = rng.randint(4, 14), rng.randint(4, 14)
    loop = random_loop(width, height, rng)
    grid = GridEdges(loop.width, loop.height)
    edge_vars, cells = _loop_vars(grid, loop)
    ids = enclosed_area(grid, edge_vars, cells).tolist()
    assert ids == sorted(set(ids))  # ascending, each cell once
    inside = _flood_inside(grid, edge_vars)
    assert set(ids) == set(cells) | inside


def test_enclosed_area_of_a_ring_holds_its_middle() -> None:
    puzzle = masyu.parse_puzzle("masyu 5 5\n.....\n.....\n..W..\n.....\n.....\n")
    grid = GridEdges(puzzle.width, puzzle.height)
    ring = [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1), (2, 1)]
    edges = frozenset(tuple(sorted((a, b))) for a, b in zip(ring, ring[1:] + ring[:1], strict=True))
    edge_vars, cells = _loop_vars(grid, masyu.MasyuSolution(edges, 5, 5))
    area = enclosed_area(grid, edge_vars, cells)
    assert area.tolist() == sorted(r * 5 + c for r in (1, 2, 3) for c in (1, 2, 3))
    crossing = crossing_edges(grid, area)
    assert len(crossing) == 12  # three edges leave each side of the 3x3 block
    inside = set(area.tolist())
    assert crossing == [v for v in range(1, len(grid) + 1)
                        if (grid.ends[v][0] in inside) != (grid.ends[v][1] in inside)]


@pytest.mark.parametrize("seed", range(6))
def test_region_cuts_agree_with_exact_cuts_on_loose_puzzles(seed: int) -> None:
    """Random loop, every pearl it allows (many answers): both cuts find two true answers."""
    rng = random.Random(100 + seed)
    puzzle = pearls_for_loop(random_loop(18, 18, rng))
    region = masyu_lazy.run(puzzle, settings=LazySettings(cut="region"))
    exact = masyu_lazy.run(puzzle, settings=LazySettings(cut="loop"))
    assert region.verdict == exact.verdict
    for result in (region, exact):
        for answer in (result.solution, result.second_solution):
            if answer is not None:
                assert masyu.check(puzzle, answer) == []
    assert region.verdict in (Verdict.UNIQUE, Verdict.MULTIPLE)


def test_default_cut_depends_on_grid_size() -> None:
    """Exact cuts below ``LARGE_GRID`` cells, region cuts from there on."""
    rng = random.Random(7)
    small = pearls_for_loop(random_loop(12, 12, rng))
    side = int(masyu_lazy.LARGE_GRID ** 0.5) + 1
    large = pearls_for_loop(random_loop(side, side, rng))
    assert masyu_lazy.run(small).stats.extra["cut"] == "loop"
    result = masyu_lazy.run(large)
    assert result.stats.extra["cut"] == "region"
    assert result.solution is not None and masyu.check(large, result.solution) == []


def test_labelled_loops_equal_walked_loops() -> None:
    """The numpy labelling (big grids) and the walk (small grids) find the same loops, on
    multi-loop models of the local rules alone."""
    from pencilsat.encodings.loops.components import label_loops, used_edges, walk_loops

    rng = random.Random(17)
    counts = []
    for width, height in ((5, 4), (14, 9), (30, 30), (45, 40)):
        puzzle = pearls_for_loop(random_loop(width, height, rng))
        grid = GridEdges(puzzle.width, puzzle.height)
        model = local_rules_model(puzzle)
        walked = sorted((sorted(e), sorted(c)) for e, c in walk_loops(grid, model))
        labels = label_loops(grid, used_edges(grid, model))
        labelled = sorted((sorted(e.tolist()), sorted(c.tolist())) for e, c in labels)
        assert labelled == walked
        marked = np.zeros(width * height, dtype=bool)
        marked[rng.sample(range(width * height), width * height // 3)] = True
        assert sorted(labels.marked_counts(marked).tolist()) == sorted(
            int(marked[c].sum()) for _, c in walked)
        counts.append(len(walked))
    assert max(counts) > 10
    nothing = label_loops(grid, used_edges(grid, [-v for v in range(1, len(grid) + 1)]))
    assert len(nothing) == 0 and list(nothing) == []
    assert nothing.marked_counts(np.ones(len(grid), dtype=bool)).tolist() == []


@pytest.mark.parametrize("seed", range(6))
def test_crossing_edges_of_random_cell_sets(seed: int) -> None:
    rng = random.Random(seed)
    width, height = rng.randint(1, 9), rng.randint(1, 9)
    grid = GridEdges(width, height)
    chosen = set(rng.sample(range(width * height), rng.randint(1, width * height)))
    assert crossing_edges(grid, sorted(chosen)) == [
        v for v in range(1, len(grid) + 1)
        if (grid.ends[v][0] in chosen) != (grid.ends[v][1] in chosen)]


@pytest.mark.parametrize("size", [(1, 1), (1, 5), (5, 1), (2, 2), (3, 7), (9, 4)])
def test_square_loops_are_the_2x2_blocks(size: tuple[int, int]) -> None:
    """One clause per 2x2 block of cells, row-major: not all four of its edges."""
    width, height = size
    grid = GridEdges(width, height)
    expected = [[-grid.between((r, c), (r, c + 1)), -grid.between((r, c), (r + 1, c)),
                 -grid.between((r, c + 1), (r + 1, c + 1)),
                 -grid.between((r + 1, c), (r + 1, c + 1))]
                for r in range(height - 1) for c in range(width - 1)]
    assert no_square_loops(grid) == expected


def test_grown_area_equals_a_breadth_first_growth() -> None:
    from pencilsat.encodings.loops.components import grown_area

    rng = random.Random(41)
    for _ in range(20):
        width, height = rng.randint(1, 12), rng.randint(1, 12)
        grid = GridEdges(width, height)
        free = np.array([rng.random() < 0.6 for _ in range(width * height)])
        area = sorted(rng.sample(range(width * height), rng.randint(1, 3)))
        steps = rng.randint(0, 4)
        reached = set(area)
        for _ in range(steps):
            reached |= {n for cell in reached for n in _side_neighbours(cell, width, height)
                        if free[n]}
        assert grown_area(grid, np.array(area), free, steps).tolist() == sorted(reached)


def _side_neighbours(cell: int, width: int, height: int) -> list[int]:
    r, c = divmod(cell, width)
    return [nr * width + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= nr < height and 0 <= nc < width]


def test_grown_region_cuts_are_violated_by_the_model_and_kept_by_every_answer() -> None:
    """The grown region cut of ``lazy`` on multi-loop models of the local rules: the model
    crosses the grown border nowhere (so the clause cuts it off), and the answer the puzzle
    was drawn from crosses it (so no answer is lost)."""
    from pencilsat.encodings.loops.components import grown_area, off_loop_cells, used_edges

    rng = random.Random(43)
    checked = 0
    for size in (20, 24, 30, 30, 36):
        answer = random_loop(size, size, rng)
        puzzle = pearls_for_loop(answer)
        grid = GridEdges(puzzle.width, puzzle.height)
        model = local_rules_model(puzzle)
        used = {v for v in model[:len(grid)] if v > 0}
        answer_vars = {grid.var[e] for e in answer.edges}
        pearls = {grid.cell_id(cell) for cell in puzzle.pearl_cells()}
        free = off_loop_cells(grid, used_edges(grid, model))
        assert free.tolist() == [not any(v in used for v in grid.incident_ids[cell])
                                 for cell in range(size * size)]
        for edge_vars, cells in loops(grid, model):
            area = enclosed_area(grid, edge_vars, cells)
            if not pearls & set(cells) or pearls <= set(area.tolist()):
                continue
            clause = crossing_edges(grid, grown_area(grid, area, free, 2))
            assert not used & set(clause)
            assert answer_vars & set(clause)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize(("size", "seed"), [(34, 53), (40, 47), (40, 48)])
def test_grown_region_cuts_find_true_answers_on_loose_puzzles(size: int, seed: int) -> None:
    """Both ways of finding a model's loops: 34x34 has fewer than ``NUMPY_MIN_EDGES`` edges
    (walked in Python), 40x40 more (numpy labels)."""
    from pencilsat.encodings.loops.components import NUMPY_MIN_EDGES

    rng = random.Random(seed)
    assert (2 * size * (size - 1) < NUMPY_MIN_EDGES) == (size == 34)
    for _ in range(2 if size == 34 else 1):
        puzzle = pearls_for_loop(random_loop(size, size, rng))
        result = masyu_lazy.run(puzzle, settings=LazySettings(grown=True))
        assert result.stats.extra["grown_cuts"] > 0
        assert result.verdict == Verdict.MULTIPLE
        assert masyu.check(puzzle, result.solution) == []
        assert masyu.check(puzzle, result.second_solution) == []


def test_grown_cuts_are_reported_off_without_region_cuts() -> None:
    """Grown cuts extend region cuts; asked for with exact cuts, the stats say they were off."""
    puzzle = pearls_for_loop(random_loop(20, 20, random.Random(53)))
    result = masyu_lazy.run(puzzle, settings=LazySettings(cut="loop", grown=True))
    assert (result.stats.extra["grown_after"], result.stats.extra["grown_cuts"]) == (None, 0)
    assert masyu.check(puzzle, result.solution) == []


def test_a_stalled_search_on_a_large_grid_gets_grown_cuts_late() -> None:
    """A random 40x40 whose search stalls without grown cuts (61 calls): by default they
    start after ``STALL_CALLS`` calls, and both answers are still true ones. (The 6- and
    8-cell loop cuts, the settled shapes and CaDiCaL are off: with any of them this puzzle no
    longer stalls.)"""
    puzzle = pearls_for_loop(random_loop(40, 40, random.Random(40 * 1000 + 2)))
    plain = LazySettings(small_loops=False, shapes=False)
    without = masyu_lazy.run(puzzle, sat_solver="minisat",
                             settings=LazySettings(small_loops=False, shapes=False, grown=False))
    result = masyu_lazy.run(puzzle, sat_solver="minisat", settings=plain)
    assert without.stats.extra["sat_calls"] > 2 * masyu_lazy.STALL_CALLS
    assert result.stats.extra["grown_after"] == masyu_lazy.STALL_CALLS
    assert result.stats.extra["sat_calls"] > masyu_lazy.STALL_CALLS
    assert result.stats.extra["grown_cuts"] > 0
    assert result.verdict == without.verdict == Verdict.MULTIPLE
    for answer in (result.solution, result.second_solution):
        assert masyu.check(puzzle, answer) == []
