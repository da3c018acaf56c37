"""Masyu's local rules in CNF (``masyu_local_rules``) and the colouring (``loop_sides``): the
numpy builders must give the per-cell definitions' clauses, in their order, on every shape, and
the pearl clauses must agree with the rule checker."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pencilsat.encodings import masyu_rules as masyu_local_rules
from pencilsat.encodings.loops.degree import degree_clauses, no_square_loops
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.loops.sides import side_clause_parts, side_clauses, side_variable_count
from pencilsat.encodings.masyu_rules import (
    local_rule_clauses,
    local_rule_parts,
    masyu_solution,
    pearl_rule,
)
from pencilsat.encodings.masyu_small_loops import no_small_loops
from pencilsat.generators.masyu import random_loop
from pencilsat.puzzles import masyu

SHAPES = [(1, 1), (1, 2), (2, 1), (1, 5), (5, 1), (2, 2), (2, 3), (3, 2), (4, 7), (7, 4)]
"""(height, width): the thin shapes have cells with 0, 1, 2 and 3 edges."""


def _grid(height: int, width: int) -> GridEdges:
    return GridEdges(width, height)


@pytest.mark.parametrize(("height", "width"), SHAPES)
def test_grid_views_follow_all_edges(height: int, width: int) -> None:
    puzzle = masyu.MasyuPuzzle(np.zeros((height, width), dtype=np.uint8))
    grid = GridEdges(puzzle.width, puzzle.height)
    assert grid.edges == puzzle.all_edges()
    assert len(grid) == len(puzzle.all_edges())
    assert all(grid.var[e] == v for v, e in enumerate(grid.edges, start=1))
    for v, (a, b) in enumerate(grid.edges, start=1):
        assert grid.ends[v] == (grid.cell_id(a), grid.cell_id(b))
    end_a, end_b, incident = grid.arrays()
    assert end_a.tolist()[1:] == [a for a, _ in grid.ends[1:]]
    assert end_b.tolist()[1:] == [b for _, b in grid.ends[1:]]
    for cell in puzzle.cells():
        touching = [v for v, e in enumerate(grid.edges, start=1) if cell in e]
        assert grid.incident[cell] == touching
        assert grid.incident_ids[grid.cell_id(cell)] == touching
        assert incident[grid.cell_id(cell)].tolist() == touching + [0] * (4 - len(touching))


def _degree_zero_or_two(incident: list[int]) -> list[list[int]]:
    """The reference, one cell: no dead end (a used edge has a used partner), no branch."""
    out = [[-e] + [f for f in incident if f != e] for e in incident]
    out.extend([-a, -b, -c] for a, b, c in itertools.combinations(incident, 3))
    return out


@pytest.mark.parametrize(("height", "width"), SHAPES)
def test_degree_clauses_are_the_per_cell_rule_in_cell_order(height: int, width: int) -> None:
    grid = _grid(height, width)
    expected = [c for incident in grid.incident_ids for c in _degree_zero_or_two(incident)]
    assert degree_clauses(grid) == expected


@pytest.mark.parametrize(("height", "width"), SHAPES)
def test_degree_clauses_of_chosen_points_follow_the_given_order(height: int, width: int) -> None:
    """An id array (Numberlink's unnumbered cells) gives those points' rules in its order."""
    grid = _grid(height, width)
    chosen = np.array(random.Random(height * 10 + width).sample(
        range(width * height), (width * height + 1) // 2), dtype=np.int64)
    expected = [c for i in chosen.tolist() for c in _degree_zero_or_two(grid.incident_ids[i])]
    assert degree_clauses(grid, chosen) == expected


def _reference_sides(grid: GridEdges, first: int) -> list[list[int]]:
    """The colouring written edge by edge, as the docstring states it."""
    width, height = grid.width, grid.height

    def point(r: int, c: int) -> int | None:
        inside = 0 <= r < height - 1 and 0 <= c < width - 1
        return first + r * (width - 1) + c if inside else None

    out = []
    for v, ((r, c), (r2, _)) in enumerate(grid.edges, start=1):
        one, two = (point(r - 1, c), point(r, c)) if r2 == r else (point(r, c - 1), point(r, c))
        if one is None and two is None:
            out.append([-v])
        elif one is None or two is None:
            side = one if two is None else two
            out.extend(([-v, side], [v, -side]))
        else:
            out.extend(([-v, one, two], [-v, -one, -two], [v, -one, two], [v, one, -two]))
    return out


@pytest.mark.parametrize(("height", "width"), SHAPES)
def test_side_clauses_match_the_edge_by_edge_definition(height: int, width: int) -> None:
    grid = _grid(height, width)
    assert side_clauses(grid, len(grid) + 1) == _reference_sides(grid, len(grid) + 1)


def test_side_clauses_mean_used_iff_the_sides_differ() -> None:
    """On a 3x3 grid, every assignment of its 12 edges and 4 points: the clauses hold exactly
    when each edge is used iff the points beside it (off the grid: outside) differ."""
    grid = _grid(3, 3)
    first = len(grid) + 1
    clauses = side_clauses(grid, first)
    assert side_variable_count(grid) == 4
    for bits in itertools.product((False, True), repeat=len(grid) + 4):
        value = dict(enumerate(bits, start=1))
        holds = all(any(value[abs(lit)] == (lit > 0) for lit in c) for c in clauses)

        def side(r: int, c: int, value: dict[int, bool] = value) -> bool:
            return 0 <= r < 2 and 0 <= c < 2 and value[first + 2 * r + c]

        expected = all(
            value[v] == ((side(r - 1, c) != side(r, c)) if r2 == r
                         else (side(r, c - 1) != side(r, c)))
            for v, ((r, c), (r2, _)) in enumerate(grid.edges, start=1))
        assert holds == expected


def test_pearl_clauses_agree_with_the_rule_checker() -> None:
    """For random single loops, a pearl's clauses hold exactly when the checker accepts that
    pearl alone on the loop, for both colours and every cell (the rim included)."""
    rng = random.Random(3)
    for _ in range(12):
        loop = random_loop(6, 5, rng)
        for r, c in itertools.product(range(5), range(6)):
            for colour in (masyu.WHITE, masyu.BLACK):
                pearls = np.zeros((5, 6), dtype=np.uint8)
                pearls[r, c] = colour
                puzzle = masyu.MasyuPuzzle(pearls)
                grid = GridEdges(puzzle.width, puzzle.height)
                used = {grid.var[e] for e in loop.edges}
                holds = all(any((abs(lit) in used) == (lit > 0) for lit in clause)
                            for clause in pearl_rule(grid, (r, c), colour))
                assert holds == (masyu.check(puzzle, loop) == []), ((r, c), colour)


def test_pearl_rule_refuses_an_empty_cell() -> None:
    grid = _grid(3, 3)
    with pytest.raises(ValueError, match="no pearl"):
        pearl_rule(grid, (1, 1), masyu.EMPTY)


@pytest.mark.parametrize(("height", "width"), SHAPES)
def test_solution_draws_exactly_the_given_edges(height: int, width: int) -> None:
    grid = _grid(height, width)
    rng = random.Random(height * 31 + width)
    chosen = sorted(rng.sample(range(1, len(grid) + 1), len(grid) // 2)) if len(grid) else []
    assert masyu_solution(grid, chosen).edges == frozenset(grid.edges[v - 1] for v in chosen)


@pytest.mark.parametrize("band", [1, 5, 23, 10_000])
def test_clauses_built_in_pieces_are_the_whole_in_order(band: int) -> None:
    rng = random.Random(band)
    pearls = np.array([[rng.choice((0, 0, 1, 2)) for _ in range(9)] for _ in range(7)],
                      dtype=np.uint8)
    puzzle = masyu.MasyuPuzzle(pearls)
    grid = GridEdges(puzzle.width, puzzle.height)
    assert sum(local_rule_parts(puzzle, grid, band), []) == local_rule_clauses(puzzle, grid)
    first = len(grid) + 1
    assert sum(side_clause_parts(grid, first, band), []) == side_clauses(grid, first)


def _random_pearls(rng: random.Random, height: int, width: int) -> masyu.MasyuPuzzle:
    return masyu.MasyuPuzzle(np.array([[rng.choice((0, 0, 1, 2)) for _ in range(width)]
                                       for _ in range(height)], dtype=np.uint8))


def _satisfied(clause: list[int], values: np.ndarray) -> bool:
    return any(values[abs(lit)] * (1 if lit > 0 else -1) > 0 for lit in clause)


def test_pearl_clauses_are_the_per_pearl_rule_in_cell_order() -> None:
    """The numpy build (one template per kind of pearl) against ``pearl_rule`` pearl by
    pearl, on random grids down to 1x1, corners and edges included (pearls with no way
    through too, which take the one-by-one path)."""
    rng = random.Random(1)
    for _ in range(200):
        puzzle = _random_pearls(rng, rng.randint(1, 8), rng.randint(1, 8))
        grid = GridEdges(puzzle.width, puzzle.height)
        expected = [clause for cell in puzzle.pearl_cells()
                    for clause in pearl_rule(grid, cell, int(puzzle.pearls[cell]))]
        assert masyu_local_rules.pearl_clauses(puzzle, grid) == expected


def _builders(puzzle: masyu.MasyuPuzzle, grid: GridEdges) -> list:
    first = len(grid) + 1
    return [lambda v: degree_clauses(grid, values=v),
            lambda v: masyu_local_rules.pearl_clauses(puzzle, grid, values=v),
            lambda v: side_clauses(grid, first, values=v),
            lambda v: no_square_loops(grid, v),
            lambda v: no_small_loops(puzzle, grid, values=v)]


def test_settled_values_leave_out_exactly_the_satisfied_clauses() -> None:
    """Every builder that takes ``values`` keeps the clauses no settled edge satisfies, in
    their order, and only those."""
    rng = random.Random(2)
    for _ in range(60):
        puzzle = _random_pearls(rng, rng.randint(2, 9), rng.randint(2, 9))
        grid = GridEdges(puzzle.width, puzzle.height)
        values = np.array([0] + [rng.choice((-1, 0, 0, 1)) for _ in range(len(grid))]
                          + [0] * side_variable_count(grid), dtype=np.int8)
        for build in _builders(puzzle, grid):
            assert build(values) == [c for c in build(None) if not _satisfied(c, values)]
        assert sum(local_rule_parts(puzzle, grid, 7, values), []) == [
            c for c in local_rule_clauses(puzzle, grid) if not _satisfied(c, values)]
