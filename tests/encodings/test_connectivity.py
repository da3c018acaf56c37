"""The generic connectivity machinery: graphs, components, cuts and the lazy search on both
backends, on grids and on a graph that is not a grid."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from pencilsat.encodings.connectivity import (
    ConnectivityCuts,
    Graph,
    Requirement,
    components,
    grid_graph,
    outside_neighbours,
    requirement_cuts,
)
from pencilsat.encodings.reachability import (
    at_most_one,
    distance_layers,
    parent_pointers,
    ranked_parents,
)
from pencilsat.strategies.connected_search import ConnectedSearch, CpSatConnectedSearch

# Two triangles 0-1-2 and 3-4-5 joined by the edge 2-3, and a pendant 6 on 5: a graph that
# is not a grid, like Hashiwokakero's islands and their possible bridges.
ISLANDS = Graph.from_edges(7, [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (4, 5), (3, 5), (5, 6)])


def connected(graph: Graph, nodes: set[int]) -> bool:
    return len(components(graph, sorted(nodes))) <= 1


def subsets(size: int) -> list[set[int]]:
    return [set(c) for k in range(size + 1) for c in combinations(range(size), k)]


def holds(clause: list[int], members: set[int]) -> bool:
    """A clause over node literals (node v is variable v + 1) under the set ``members``."""
    return any((lit > 0) == (abs(lit) - 1 in members) for lit in clause)


def as_rows(sets: list[set[int]], size: int) -> np.ndarray:
    """The sets as the rows of a boolean matrix, a column per node."""
    rows = np.zeros((len(sets), size), dtype=bool)
    for row, members in zip(rows, sets, strict=True):
        row[sorted(members)] = True
    return rows


def holds_in_every(clause: list[int], rows: np.ndarray) -> bool:
    """:func:`holds` under every set of :func:`as_rows` (all at once): some positive literal's
    node in the set or some negative literal's node out of it, in every row."""
    inside = [lit - 1 for lit in clause if lit > 0]
    outside = [-lit - 1 for lit in clause if lit < 0]
    return bool((rows[:, inside].any(axis=1) | ~rows[:, outside].all(axis=1)).all())


def test_grid_graph_has_four_neighbour_adjacency():
    grid = grid_graph(3, 2)
    assert grid.size == 6
    assert grid.neighbours[0] == (1, 3)
    assert grid.neighbours[4] == (1, 3, 5)


def test_from_edges_refuses_a_loop_or_a_node_off_the_graph():
    with pytest.raises(ValueError):
        Graph.from_edges(3, [(1, 1)])
    with pytest.raises(ValueError):
        Graph.from_edges(3, [(0, 3)])


def test_components_are_listed_largest_first():
    grid = grid_graph(4, 1)
    assert components(grid, [0, 2, 3]) == [[2, 3], [0]]
    assert components(ISLANDS, [0, 1, 4, 5, 6]) == [[4, 5, 6], [0, 1]]
    assert components(ISLANDS, []) == []


def test_outside_neighbours_of_a_component():
    assert sorted(outside_neighbours(ISLANDS, [3, 4, 5])) == [2, 6]


def test_a_connected_set_gets_no_cut():
    requirement = Requirement(np.arange(1, 8))
    assert requirement_cuts(ISLANDS, requirement, [0, 2, 3, 5]) == []


def test_the_cut_of_a_split_set_names_both_sides_and_the_boundary():
    requirement = Requirement(np.arange(1, 8))
    # {4, 5, 6} is the largest part; {0} is cut: not x0, not x4, or a neighbour of 0 (1, 2)
    assert requirement_cuts(ISLANDS, requirement, [0, 4, 5, 6]) == [[-1, -5, 2, 3]]


def test_with_an_anchor_the_other_parts_are_cut_without_a_second_witness():
    requirement = Requirement(np.arange(1, 8), anchor=6)
    # the anchor is in the largest part {4, 5, 6}: {0} needs only not x0
    assert requirement_cuts(ISLANDS, requirement, [0, 4, 5, 6]) == [[-1, 2, 3]]
    # the anchor is in the small part {6}: its cut names a node of the largest instead
    assert requirement_cuts(ISLANDS, requirement, [0, 1, 2, 6]) == [[-1, 6]]


def test_nodes_that_are_never_in_the_set_leave_the_boundary():
    literals = np.array([1, 0, 3, 4, 5, 6, 7])  # node 1 can never be in the set
    assert requirement_cuts(ISLANDS, Requirement(literals), [0, 4, 5, 6]) == [[-1, -5, 3]]


def test_an_anchor_that_can_never_be_in_the_set_is_refused():
    with pytest.raises(ValueError):
        Requirement(np.array([0, 1, 2]), anchor=0)


@pytest.mark.parametrize("graph", [ISLANDS, grid_graph(3, 3)], ids=["islands", "grid"])
@pytest.mark.parametrize("anchor", [None, 2])
@pytest.mark.parametrize("grow", [0, 3])
def test_every_cut_removes_its_model_and_keeps_every_connected_set(graph, anchor, grow):
    requirement = Requirement(np.arange(1, graph.size + 1), anchor=anchor)
    every = subsets(graph.size)
    valid = as_rows([s for s in every if connected(graph, s) and (anchor is None or anchor in s)],
                    graph.size)
    cut_models = 0
    for members in every:
        cuts = requirement_cuts(graph, requirement, sorted(members), cut_largest=True,
                                grow=grow)
        if anchor is not None and anchor not in members:
            continue
        assert bool(cuts) != connected(graph, members)
        for clause in cuts:
            cut_models += 1
            assert not holds(clause, members)
            assert holds_in_every(clause, valid)
    assert cut_models > 50


def gaps_apart(graph: Graph, members: set[int]) -> bool:
    """No two adjacent nodes are both out of ``members``."""
    return all(v in members or n in members
               for v in range(graph.size) for n in graph.neighbours[v])


@pytest.mark.parametrize("shape", [(4, 4), (5, 3)])
@pytest.mark.parametrize("grow", [0, 2])
def test_boundary_cuts_keep_every_answer_where_gaps_are_apart(shape, grow):
    graph = grid_graph(*shape)
    requirement = Requirement(np.arange(1, graph.size + 1), gaps_apart=True)
    witnessed = Requirement(np.arange(1, graph.size + 1))
    models = [s for s in subsets(graph.size) if gaps_apart(graph, s)]
    valid = as_rows([s for s in models if connected(graph, s)], graph.size)
    cut_models = 0
    for members in models:
        cuts = requirement_cuts(graph, requirement, sorted(members), grow=grow)
        assert bool(cuts) != connected(graph, members)
        # no witness: only the boundary's literals, all positive (some node comes in)
        assert all(lit > 0 for clause in cuts for lit in clause)
        plain = requirement_cuts(graph, requirement, sorted(members), grow=grow,
                                 boundaries=False)
        assert plain == requirement_cuts(graph, witnessed, sorted(members), grow=grow)
        for clause in cuts:
            cut_models += 1
            assert not holds(clause, members)
            assert holds_in_every(clause, valid)
    assert cut_models > 20


def test_gaps_apart_needs_every_node_able_to_be_in_the_set():
    with pytest.raises(ValueError, match="gaps apart"):
        Requirement(np.array([1, 0, 3]), gaps_apart=True)


def test_grown_cuts_start_after_the_first_models():
    strip = grid_graph(7, 1)
    cuts = ConnectivityCuts(strip, [Requirement(np.arange(1, 8))], grow=5, grow_after=1)
    values = np.zeros(8, dtype=bool)
    values[[1, 2, 7]] = True  # nodes 0, 1 and 6
    assert cuts.cuts(values) == [[-7, -1, 6]]
    assert cuts.cuts(values) == [[-7, -1, 6], [-7, -1, 5], [-7, -1, 4], [-7, -1, 3]]


def all_answers(search) -> set[frozenset[int]]:
    found = set()
    while (answer := search.next_answer()) is not None:
        found.add(frozenset(v for v, on in enumerate(answer) if on))
        search.forbid(answer)
    return found


def expected_sets(graph: Graph, anchor: int | None) -> set[frozenset[int]]:
    """Non-empty connected sets (with the anchor when there is one)."""
    return {frozenset(s) for s in subsets(graph.size)
            if s and connected(graph, s) and (anchor is None or anchor in s)}


@pytest.mark.parametrize("anchor", [None, 0])
def test_pysat_search_finds_exactly_the_connected_sets(anchor):
    from pysat.solvers import Solver

    graph = ISLANDS
    with Solver(name="minisat22") as solver:
        solver.add_clause(list(range(1, graph.size + 1)))  # some node is in the set
        if anchor is not None:
            solver.add_clause([anchor + 1])
        cuts = ConnectivityCuts(graph, [Requirement(np.arange(1, 8), anchor=anchor)])
        search = ConnectedSearch(solver, cuts, list(range(1, 8)), deadline=None)
        assert all_answers(search) == expected_sets(graph, anchor)
    forbidden = search.added - cuts.cut_count
    assert forbidden == len(expected_sets(graph, anchor)) and search.calls > forbidden
    assert cuts.cut_count > 0 and cuts.cuts_by_name == {"": cuts.cut_count}


@pytest.mark.parametrize("models_per_solve", [1, 5])
def test_cpsat_search_finds_exactly_the_connected_sets(models_per_solve):
    """One model's cuts per solve, or those of up to five models (CP-SAT's enumeration)."""
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import CpSatSession

    graph = grid_graph(3, 2)
    model = cp_model.CpModel()
    variables = [None] + [model.NewBoolVar(f"x{v}") for v in range(graph.size)]
    model.AddBoolOr(variables[1:])
    cuts = ConnectivityCuts(graph, [Requirement(np.arange(1, graph.size + 1))])
    search = CpSatConnectedSearch(CpSatSession(model, presolve=False), variables, cuts,
                                  list(range(1, graph.size + 1)), deadline=None,
                                  models_per_solve=models_per_solve)
    assert all_answers(search) == expected_sets(graph, None)
    assert cuts.cut_count > 0


def test_two_requirements_are_cut_independently():
    from pysat.solvers import Solver

    # a 1x4 strip: set A is x1..x4, set B is x5..x8; A and B must each be connected, and
    # both hold the two ends of the strip
    graph = grid_graph(4, 1)
    first, second = Requirement(np.arange(1, 5), name="a"), Requirement(np.arange(5, 9),
                                                                           name="b")
    with Solver(name="minisat22", bootstrap_with=[[1], [4], [5], [8], [-2, -6]]) as solver:
        cuts = ConnectivityCuts(graph, [first, second])
        search = ConnectedSearch(solver, cuts, list(range(1, 9)), deadline=None)
        assert search.next_answer() is None  # both need the middle cells: they clash
    assert set(cuts.cuts_by_name) <= {"a", "b"}


def test_grown_regions_add_cuts_around_wider_regions():
    strip = grid_graph(7, 1)
    requirement = Requirement(np.arange(1, 8))
    plain = requirement_cuts(strip, requirement, [0, 1, 6])
    grown = requirement_cuts(strip, requirement, [0, 1, 6], grow=5)
    # {6} is cut at node 5, then at 4, 3 and 2; node 2 never joins a region, as it touches
    # node 1 of the part holding b
    assert plain == [[-7, -1, 6]]
    assert grown == [[-7, -1, 6], [-7, -1, 5], [-7, -1, 4], [-7, -1, 3]]


def models(clauses: list[list[int]], top: int, shown: int) -> set[frozenset[int]]:
    """The distinct projections on variables 1..shown of the models of ``clauses``."""
    from pysat.solvers import Solver

    out = set()
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        solver.add_clause(list(range(1, top + 1)) + [-v for v in range(1, top + 1)])
        while solver.solve():
            model = solver.get_model()
            shown_true = frozenset(v - 1 for v in range(1, shown + 1) if model[v - 1] > 0)
            out.add(shown_true)
            solver.add_clause([-v if model[v - 1] > 0 else v for v in range(1, shown + 1)])
    return out


@pytest.mark.parametrize("graph", [ISLANDS, grid_graph(3, 3)], ids=["islands", "grid"])
def test_distance_layers_allow_exactly_the_sets_near_the_anchor(graph):
    from pencilsat.encodings.connectivity import components as parts_of

    anchor, deepest = 0, 2
    literals = {v: v + 1 for v in range(graph.size)}
    distance = {v: 0 for v in range(graph.size)}  # a lower bound is enough
    clauses, top = distance_layers(graph, literals, anchor, distance, deepest, graph.size)
    clauses.append([anchor + 1])

    def near(members: set[int]) -> bool:
        layer, seen = {anchor}, {anchor}
        for _ in range(deepest):
            layer = {n for v in layer for n in graph.neighbours[v] if n in members} - seen
            seen |= layer
        return seen == members

    expected = {frozenset(s) for s in subsets(graph.size) if anchor in s and near(s)}
    assert models(clauses, top, graph.size) == expected
    assert all(len(parts_of(graph, sorted(s))) == 1 for s in expected)


@pytest.mark.parametrize("root", [None, 4])
def test_parent_pointers_keep_connected_sets_and_drop_tree_shaped_pieces(root):
    graph = ISLANDS
    clauses, top = parent_pointers(graph, list(range(1, graph.size + 1)), root, graph.size)
    if root is not None:
        clauses.append([root + 1])
    allowed = models(clauses, top, graph.size)
    for members in subsets(graph.size):
        if members and connected(graph, members) and (root is None or root in members):
            assert frozenset(members) in allowed
    # {0} and {6}: two pieces, neither holds a cycle, so one lacks a root and a parent
    assert frozenset({0, 6}) not in allowed and frozenset({0, 1, 6}) not in allowed
    # the triangle {0, 1, 2} holds a cycle: with the root elsewhere it still passes
    if root is not None:
        assert frozenset({0, 1, 2, 4}) in allowed


def test_parent_pointers_skip_nodes_that_are_never_in_the_set():
    graph = grid_graph(3, 1)
    clauses, _ = parent_pointers(graph, [1, 0, 3], None, 3)
    assert all(2 not in map(abs, clause) for clause in clauses)


def test_at_most_one():
    clauses, top = at_most_one([1, 2, 3, 4], 4)
    assert models(clauses, top, 4) == {frozenset()} | {frozenset({v}) for v in range(4)}


@pytest.mark.parametrize("graph", [ISLANDS, grid_graph(3, 3)], ids=["islands", "grid"])
@pytest.mark.parametrize("deepest", [2, 8])
def test_ranked_parents_allow_exactly_the_connected_sets_within_reach(graph, deepest):
    anchor = 0
    literals = list(range(1, graph.size + 1))
    clauses, top = ranked_parents(graph, literals, anchor, deepest, graph.size)

    def near(members: set[int]) -> bool:
        layer, seen = {anchor}, {anchor}
        for _ in range(deepest):
            layer = {n for v in layer for n in graph.neighbours[v] if n in members} - seen
            seen |= layer
        return seen == members

    expected = {frozenset(s) for s in subsets(graph.size) if anchor in s and near(s)}
    assert models(clauses, top, graph.size) == expected


def test_ranked_parents_use_lower_bounds_and_skip_nodes_never_in_the_set():
    graph = grid_graph(3, 1)  # a path 0 - 1 - 2
    lowest = {1: 1, 2: 2}
    clauses, top = ranked_parents(graph, [1, 0, 3], 0, 4, 3, lowest)
    assert models(clauses + [[-2]], top, 3) == {frozenset({0})}  # 2 is cut off without 1
    clauses, top = ranked_parents(graph, [1, 2, 3], 0, 1, 3, lowest)
    assert models(clauses, top, 3) == {frozenset({0}), frozenset({0, 1})}  # 2 is too far


def test_ranked_parents_through_edge_literals_need_the_edge():
    """A triangle 0-1-2 whose edges 1-2 and 0-2 hold only under variables 4 and 5: node 2
    (always in the set) is connected to the anchor 0 only when one of them holds."""
    graph = Graph.from_edges(3, [(0, 1), (1, 2), (0, 2)])
    through = {(1, 2): 4, (2, 1): 4, (0, 2): 5, (2, 0): 5}
    clauses, top = ranked_parents(graph, [1, 2, 3], 0, 2, 5, through=through)
    clauses += [[2], [3]]
    found = models(clauses, top, 5)
    assert {frozenset(s) - {0, 1, 2} for s in found} == {frozenset({3}), frozenset({4}),
                                                         frozenset({3, 4})}


@pytest.mark.parametrize("answer", [[1, 2, 3], [1, 2, 3, 4], [1, -2, 3]])
def test_pysat_search_without_cuts_reads_every_answer(answer):
    """Nothing to cut: the answers read from PySAT's model list (every literal positive; an
    answer variable in no clause at first; a negative literal, read the general way) are
    exactly the models of "x1 or x2, not x3" over the answer's literals."""
    from itertools import product

    from pysat.solvers import Solver

    with Solver(name="minisat22", bootstrap_with=[[1, 2], [-3]]) as solver:
        search = ConnectedSearch(solver, ConnectivityCuts(grid_graph(2, 2), []), answer,
                                 deadline=None)
        found = []
        for _ in range(2 ** len(answer) + 1):  # a wrong reading is never forbidden: bounded
            if (truth := search.next_answer()) is None:
                break
            found.append(truth)
            search.forbid(truth)
    expected = set()
    for values in product((False, True), repeat=len(answer)):  # x1..xn
        if (values[0] or values[1]) and not values[2]:
            expected.add(tuple(values[abs(lit) - 1] == (lit > 0) for lit in answer))
    assert sorted(found) == sorted(expected)
    assert search.calls == len(expected) + 1
