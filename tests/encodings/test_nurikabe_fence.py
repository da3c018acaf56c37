"""The fence bound of ``encodings.nurikabe_fence``: the bound itself against the exact
smallest connected fence of small islands (CP-SAT, nothing of pencilsat's), the clauses on
janko 29_10x10 and the other small walls, and no verdict or answer changed on random
grids with huge islands."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from conftest import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st
from nurikabe_support import assert_same_verdict_without, grid

from pencilsat.encodings.nurikabe import NurikabeSettings, build, wall_total
from pencilsat.encodings.nurikabe_fence import DIAGONAL_BUDGET, fence_clauses, smallest_box
from pencilsat.puzzles import nurikabe as N
from pencilsat.strategies.nurikabe import run_cnf, run_cpsat

Cell = tuple[int, int]


def janko(name: str) -> tuple[N.NurikabePuzzle, N.NurikabeSolution]:
    txt = CORPUS / "nurikabe" / "janko" / f"{name}.txt"
    return (N.parse_puzzle(txt.read_text(), txt.stem),
            N.parse_solution(txt.with_suffix(".sol").read_text()))


def test_smallest_box_is_the_least_half_perimeter_of_a_box_that_holds_n():
    for n in range(1, 400):
        best = min(h + -(-n // h) for h in range(1, n + 1))  # the narrowest w for each h
        assert smallest_box(n) == best, n


def polyominoes(size: int) -> set[frozenset[Cell]]:
    """Every fixed polyomino of ``size`` cells, moved to touch row 0 and column 0."""
    shapes: set[frozenset[Cell]] = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            for (r, c), (dr, dc) in itertools.product(shape, ((0, 1), (1, 0), (0, -1), (-1, 0))):
                if (r + dr, c + dc) not in shape:
                    cells = shape | {(r + dr, c + dc)}
                    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
                    grown.add(frozenset((r - r0, c - c0) for r, c in cells))
        shapes = grown
    return shapes


def smallest_fence(island: frozenset[Cell], margin: int = 2) -> int:
    """The fewest cells of a 4-connected set that holds every neighbour of ``island`` and
    none of its cells, on a grid ``margin`` cells wider on each side (CP-SAT, a
    single-commodity flow from one neighbour)."""
    from ortools.sat.python import cp_model

    rows = max(r for r, _ in island) + 1 + 2 * margin
    columns = max(c for _, c in island) + 1 + 2 * margin
    inside = {(r + margin, c + margin) for r, c in island}
    free = [(r, c) for r in range(rows) for c in range(columns) if (r, c) not in inside]
    around = {(r + dr, c + dc) for r, c in inside for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    around -= inside
    model = cp_model.CpModel()
    x = {v: model.new_bool_var(str(v)) for v in free}
    for v in around:
        model.add(x[v] == 1)
    root = min(around)
    big = len(free)
    flow = {}
    for (r, c) in free:
        for d in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if d in x:
                f = flow[(r, c), d] = model.new_int_var(0, big, "")
                model.add(f <= big * x[(r, c)])
                model.add(f <= big * x[d])
    for v in free:
        out = sum(f for (a, _), f in flow.items() if a == v)
        into = sum(f for (_, b), f in flow.items() if b == v)
        if v == root:
            model.add(out - into == sum(x.values()) - 1)
        else:
            model.add(into - out == x[v])
    model.minimize(sum(x.values()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(model) == cp_model.OPTIMAL
    return int(solver.objective_value)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_no_connected_fence_is_smaller_than_the_bound(size):
    """Every fixed polyomino up to 4 cells: the smallest fence is at least 2(h + w) + 3,
    and exactly that for a rectangle (so the test would see a bound one too high)."""
    for island in polyominoes(size):
        h = max(r for r, _ in island) + 1
        w = max(c for _, c in island) + 1
        fence = smallest_fence(island)
        assert fence >= 2 * (h + w) + 3, sorted(island)
        if h * w == size:
            assert fence == 2 * (h + w) + 3, sorted(island)


def test_a_rectangle_of_six_meets_the_bound_exactly():
    assert smallest_fence(frozenset(itertools.product(range(2), range(3)))) == 2 * 5 + 3


def test_on_29_the_bigger_island_touches_the_edge_and_the_smaller_one_is_fenced():
    """janko 29_10x10: two numbers on diagonal neighbours and a wall too small to enclose
    the bigger island, just big enough for the smaller one."""
    puzzle, _ = janko("29_10x10")
    width, height = puzzle.width, puzzle.height
    cells = width * height
    (big_at, big), (small_at, small) = sorted(puzzle.numbered_cells(), key=lambda x: -x[1])
    wall = wall_total(puzzle)
    assert wall is not None and 2 * smallest_box(big) + 3 > wall >= 2 * smallest_box(small) + 3
    labels = [{v: (i + 1) * cells + v for v in range(cells)} for i in range(2)]
    top = 3 * cells
    clauses, counts, last = fence_clauses(width, height, [big, small], labels, wall, top)
    edge = [cells + v for v in range(cells)
            if v // width in (0, height - 1) or v % width in (0, width - 1)]
    assert edge in clauses  # the bigger island is never enclosed
    assert len(counts) == 2 and last > top  # the smaller one's rows and columns are counted
    assert abs(big_at[0] - small_at[0]) == 1 == abs(big_at[1] - small_at[1])
    big_cell, small_cell = (r * width + c for r, c in (big_at, small_at))
    enclosed = top + 1  # the smaller island's "enclosed" literal
    assert [-(cells + big_cell), -(2 * cells + small_cell), enclosed] in clauses


def test_a_wall_too_big_to_bind_adds_nothing():
    puzzle = grid(". . . . .", ". 2 . . .", ". . . . .", ". . . 3 .", ". . . . .")
    labels = [{v: 100 + v for v in range(25)}, {v: 200 + v for v in range(25)}]
    wall = wall_total(puzzle)
    assert wall == 20
    assert fence_clauses(5, 5, [2, 3], labels, wall, 300) == ([], [], 300)


@pytest.mark.parametrize("run", [run_cnf, run_cpsat])
def test_29_is_unique_on_both_backends(run):
    """Unknown at 300 s on both backends without the bound; under 2 s with it."""
    puzzle, expected = janko("29_10x10")
    result = run(puzzle, time_limit=120)
    assert result.verdict == "unique", result.message
    assert result.solution == expected


@pytest.mark.parametrize("name", ["753_10x10", "1030_32x32", "403_7x7", "103_5x5"])
def test_other_small_walls_stay_unique_with_their_answer(name):
    puzzle, expected = janko(name)
    with_fence = build(puzzle)
    without = build(puzzle, settings=NurikabeSettings(fence=False))
    assert len(with_fence.clauses) > len(without.clauses)
    result = run_cnf(puzzle, time_limit=120)
    assert result.verdict == "unique", result.message
    assert result.solution == expected


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_the_fence_changes_no_verdict_and_no_answer(data):
    """Random grids up to 6x6 with one to three huge numbers (a wall of at most a third of
    the cells, where the bound binds): the same verdict and unique answer with and without
    the fence."""
    width, height = data.draw(st.integers(3, 6)), data.draw(st.integers(3, 6))
    cells = width * height
    wall = data.draw(st.integers(1, cells // 3))
    count = data.draw(st.integers(1, 3))
    spots = data.draw(st.lists(st.integers(0, cells - 1), min_size=count, max_size=count,
                               unique=True))
    cuts = sorted(data.draw(st.lists(st.integers(1, cells - wall - 1), min_size=count - 1,
                                     max_size=count - 1, unique=True)))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, cells - wall], strict=True)]
    marks = ["."] * cells
    for spot, size in zip(spots, sizes, strict=True):
        marks[spot] = str(size)
    puzzle = grid(*(" ".join(marks[r * width:(r + 1) * width]) for r in range(height)))
    assert_same_verdict_without(puzzle, fence=False)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_ring_answer_stays_an_answer(data):
    """Answers where the bound is tight: an h x w island fenced by the ring around it less
    one corner (2(h + w) + 3 wall cells), the rest one island, each number on a random cell
    of its island. The fence keeps that answer: same verdict as without, never ``none``."""
    width, height = data.draw(st.integers(5, 8)), data.draw(st.integers(5, 8))
    h, w = data.draw(st.integers(1, height - 4)), data.draw(st.integers(1, width - 4))
    top, left = data.draw(st.integers(2, height - 2 - h)), data.draw(st.integers(2, width - 2 - w))
    ring = {(r, c) for r in range(top - 1, top + h + 1) for c in range(left - 1, left + w + 1)
            if not (top <= r < top + h and left <= c < left + w)}
    ring.remove(data.draw(st.sampled_from(sorted(
        (r, c) for r in (top - 1, top + h) for c in (left - 1, left + w)))))
    inner = sorted(itertools.product(range(top, top + h), range(left, left + w)))
    outer = sorted((r, c) for r in range(height) for c in range(width)
                   if (r, c) not in ring and (r, c) not in set(inner))
    marks = [["."] * width for _ in range(height)]
    for cells in (inner, outer):
        r, c = data.draw(st.sampled_from(cells))
        marks[r][c] = str(len(cells))
    puzzle = grid(*(" ".join(row) for row in marks))
    result = run_cnf(puzzle)
    assert result.verdict != "none"
    assert result.verdict == run_cnf(puzzle, settings=NurikabeSettings(fence=False)).verdict
    if result.verdict == "unique":
        assert {(r, c) for r in range(height) for c in range(width)
                if result.solution.shaded[r][c]} == ring


def test_huge_islands_on_a_large_grid_keep_to_the_diagonal_budget():
    """Eight 195s on 40x40 (wall 40: none can be enclosed), each reaching the whole grid:
    28 pairs of up to 6,400 diagonal clauses each, kept within the budget."""
    numbers = np.zeros((40, 40), dtype=np.int32)
    for k in range(8):
        numbers[5 + 4 * k, 3 + 4 * k] = 195
    puzzle = N.NurikabePuzzle(numbers)
    added = len(build(puzzle).clauses) - len(build(
        puzzle, settings=NurikabeSettings(fence=False)).clauses)
    assert 8 < added <= DIAGONAL_BUDGET + 8  # one "touches the edge" clause per island
