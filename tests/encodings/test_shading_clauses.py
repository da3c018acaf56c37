"""The shading genres' shared clauses against brute force on small grids: no two adjacent,
no full 2x2 blocks, a cell with a neighbour, counts, and connectivity as fixed layers."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pencilsat.encodings.cardinality import by_region, count_clauses, rows_and_columns
from pencilsat.encodings.connectivity import components, grid_graph
from pencilsat.encodings.reachability import connected_layers
from pencilsat.encodings.shading import (
    SHADED,
    UNSHADED,
    ShadingGrid,
    at_most_one_neighbour,
    block_literals,
    complete_clauses,
    complete_encoding,
    has_neighbour,
    no_full_blocks,
    no_two_adjacent,
    two_by_two,
)
from pencilsat.puzzles.regions import Regions


def satisfiable(clauses, assumptions):
    from pysat.solvers import Solver

    with Solver(name="minisat22", bootstrap_with=[list(map(int, c)) for c in clauses]) as s:
        return s.solve(assumptions=assumptions)


def every_shading(width, height):
    for bits in itertools.product([False, True], repeat=width * height):
        yield np.array(bits).reshape(height, width)


def assumptions(shading):
    return [v + 1 if on else -(v + 1) for v, on in enumerate(shading.ravel().tolist())]


@pytest.mark.parametrize("diagonal", [False, True])
def test_no_two_adjacent_allows_exactly_the_shadings_without_touching_cells(diagonal):
    lits = np.arange(1, 10).reshape(3, 3)
    clauses = no_two_adjacent(lits, diagonal)
    for shading in every_shading(3, 3):
        padded = np.pad(shading, 1)
        steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if diagonal else [])
        touching = any(padded[r, c] and padded[r + dr, c + dc]
                       for r in range(1, 4) for c in range(1, 4) for dr, dc in steps)
        assert satisfiable(clauses, assumptions(shading)) == (not touching)


def test_a_zero_literal_cell_needs_no_clause():
    lits = np.array([[1, 0, 2]])
    assert no_two_adjacent(lits).tolist() == []
    assert no_full_blocks(np.array([[1, 2], [3, 0]])).tolist() == []


@pytest.mark.parametrize("colour", [1, -1])
def test_no_full_blocks_forbids_exactly_the_full_blocks_of_the_colour(colour):
    lits = colour * np.arange(1, 10).reshape(3, 3)
    clauses = no_full_blocks(lits)
    for shading in every_shading(3, 3):
        mask = shading if colour == 1 else ~shading
        full = any(mask[r:r + 2, c:c + 2].all() for r in range(2) for c in range(2))
        assert satisfiable(clauses, assumptions(shading)) == (not full)


def test_has_neighbour_forbids_exactly_a_lonely_cell_of_the_colour():
    lits = -np.arange(1, 7).reshape(2, 3)  # the unshaded colour
    clauses = [row for block in has_neighbour(lits) for row in block.tolist()]
    for shading in every_shading(3, 2):
        open_cells = ~shading
        lonely = any(open_cells[r, c] and not any(
            0 <= r + dr < 2 and 0 <= c + dc < 3 and open_cells[r + dr, c + dc]
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
            for r in range(2) for c in range(3))
        assert satisfiable(clauses, assumptions(shading)) == (not lonely)


def test_rule_blocks_kept_for_a_grid_are_read_only_and_follow_its_literals():
    lits = np.arange(1, 13).reshape(3, 4)
    first = has_neighbour(lits)
    again = has_neighbour(lits.copy())
    assert [b.tolist() for b in first] == [b.tolist() for b in again]
    assert not any(b.flags.writeable for b in again)
    with pytest.raises(ValueError):
        again[0][0, 0] = 7
    # another grid of the same shape (the unshaded colour, a cell never shaded) gets its own
    other = -lits
    other[1, 1] = 0
    rows = [row for block in has_neighbour(other) for row in block.tolist()]
    assert len(rows) == 11 and all(6 not in map(abs, row) for row in rows)
    assert block_literals(other).tolist() == two_by_two(other).tolist()
    straight, bent = at_most_one_neighbour(other)
    assert not (straight == 0).any() and not (bent == 0).any()
    assert not any(6 in np.abs(row) for row in [*straight, *bent])


def test_the_native_tail_must_be_the_last_clauses():
    grid = ShadingGrid(2, 2)
    grid.at_most_natively(np.array([[-1, -2, -3]]), [([1, 2, 3, 4], 2)])
    assert grid.encoding(lambda shaded: shaded).native_tail == (1, [([1, 2, 3, 4], 2)])
    grid.add([[1, 2]])
    with pytest.raises(ValueError, match="after"):
        grid.encoding(lambda shaded: shaded)


@pytest.mark.parametrize(("low", "high"), [(0, 0), (0, 2), (1, 3), (2, 2), (3, 4), (4, 4),
                                           (5, 6), (2, 1)])
def test_count_clauses_allow_exactly_the_counts_in_range(low, high):
    clauses, top = count_clauses([1, -2, 3, 4], low, high, 4)
    for bits in itertools.product([False, True], repeat=4):
        count = bits[0] + (not bits[1]) + bits[2] + bits[3]
        assumed = [v + 1 if on else -(v + 1) for v, on in enumerate(bits)]
        assert satisfiable(clauses + [[top + 1, -(top + 1)]], assumed) == (low <= count <= high)


def test_groups_by_line_and_region():
    grid = np.array([[1, 2], [0, 4]])
    assert rows_and_columns(grid) == [[1, 2], [4], [1], [2, 4]]
    regions = Regions.from_labels(np.array([[1, 1], [2, 1]]))
    assert by_region(grid, regions) == [[1, 2, 4], []]


@pytest.mark.parametrize("anchor", [None, 0, 4])
def test_connected_layers_allow_exactly_the_connected_sets(anchor):
    graph = grid_graph(3, 3)
    literals = [1, 0, 3, 4, 5, 6, 7, 8, 9]  # cell 1 never in the set
    clauses, _ = connected_layers(graph, literals, anchor, 9)
    for shading in every_shading(3, 3):
        if shading[0, 1]:
            continue
        members = np.flatnonzero(shading.ravel()).tolist()
        ok = len(components(graph, members)) <= 1 and (anchor is None or anchor in members)
        assumed = [lit for lit in assumptions(shading) if abs(lit) != 2]
        assert satisfiable(clauses, assumed) == ok


def test_a_shading_grid_builds_rules_counts_and_connectivity_and_its_complete_clauses():
    grid = ShadingGrid(3, 2)
    grid.add(no_two_adjacent(grid.shaded))
    grid.exactly(grid.shaded[0].tolist(), 1)
    requirement = grid.connected(UNSHADED)
    assert requirement.name == UNSHADED
    assert requirement.literals.tolist() == (-grid.shaded).ravel().tolist()
    encoding = grid.encoding(lambda shaded: shaded.tolist())
    assert encoding.answer == list(range(1, 7)) and encoding.sizes == [([1, 2, 3], 1)]
    clauses, _ = complete_clauses(encoding)
    for shading in every_shading(3, 2):
        valid = (shading[0].sum() == 1
                 and not (shading[:, :-1] & shading[:, 1:]).any()
                 and not (shading[:-1] & shading[1:]).any()
                 and len(components(grid.graph, np.flatnonzero(~shading.ravel()).tolist())) <= 1)
        assert satisfiable(clauses, assumptions(shading)) == valid
    values = np.zeros(encoding.num_vars + 1, dtype=bool)
    values[2] = True
    assert encoding.decode(values) == [[False, True, False], [False, False, False]]


def test_a_colour_is_shaded_or_unshaded():
    grid = ShadingGrid(2, 2)
    assert (grid.colour(SHADED) == -grid.colour(UNSHADED)).all()
    with pytest.raises(ValueError, match="colour"):
        grid.colour("grey")


def test_the_complete_encoding_of_a_heyawake_decodes_to_its_corpus_answer():
    from conftest import corpus_pairs
    from pysat.solvers import Solver

    from pencilsat.encodings.heyawake import build
    from pencilsat.puzzles import heyawake

    txt, sol = corpus_pairs("heyawake/janko", 36)[0]
    puzzle = heyawake.parse_puzzle(txt.read_text())
    cnf = complete_encoding("heyawake", build(puzzle))
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
        answer = cnf.decode({lit for lit in model if lit > 0})
        assert answer == heyawake.parse_solution(sol.read_text())
        solver.add_clause([-lit if lit in set(model) else lit for lit in cnf.answer])
        assert not solver.solve()
