"""Connectivity made exact on CP-SAT by integer levels (``strategies.cpsat_levels``): the
models left are exactly the connected sets, with an anchor or without; and Nurikabe's
``lazy-cpsat`` takes the wall's levels once its cut loop runs long."""

from __future__ import annotations

import itertools

import pytest
from conftest import CORPUS
from ortools.sat.python import cp_model

from pencilsat.encodings.connectivity import Graph, Requirement, components, grid_graph
from pencilsat.puzzles import nurikabe as N
from pencilsat.strategies import nurikabe as strategy
from pencilsat.strategies.cpsat_levels import add_levels


def connected_sets(graph: Graph, nodes: list[int], anchor: int | None) -> set[frozenset[int]]:
    """Every subset of ``nodes`` that is connected (the empty set too: nothing to join), and
    holds the anchor when there is one."""
    out = set()
    for size in range(len(nodes) + 1):
        for subset in itertools.combinations(nodes, size):
            if anchor is not None and anchor not in subset:
                continue
            if len(components(graph, subset)) <= 1:
                out.add(frozenset(subset))
    return out


def level_models(graph: Graph, requirement: Requirement) -> set[frozenset[int]]:
    """Every set of nodes (that can be in it) a CP-SAT model with the levels allows: each
    subset fixed in turn and solved (enumerating would count the levels' choices too)."""
    nodes = [v for v in range(graph.size) if requirement.literals[v]]
    allowed = set()
    for size in range(len(nodes) + 1):
        for subset in itertools.combinations(nodes, size):
            cp = cp_model.CpModel()
            variables = [None] + [cp.new_bool_var(f"x{v}") for v in range(graph.size)]

            def literal(lit: int, variables=variables):
                return variables[lit] if lit > 0 else variables[-lit].Not()

            add_levels(cp, graph, requirement, literal)
            for v in range(graph.size):
                cp.add(variables[v + 1] == int(v in subset))
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = 1
            if solver.solve(cp) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                allowed.add(frozenset(subset))
    return allowed


@pytest.mark.parametrize("anchor", [None, 4])
@pytest.mark.parametrize(("width", "height"), [(3, 3), (4, 2), (5, 1)])
def test_the_levels_leave_exactly_the_connected_sets(width, height, anchor):
    """With an anchor, the connected sets that hold it (and the empty set: the levels do
    not put the anchor in, the genre's clauses do)."""
    graph = grid_graph(width, height)
    requirement = Requirement([v + 1 for v in range(graph.size)], anchor=anchor)
    expected = connected_sets(graph, list(range(graph.size)), anchor) | {frozenset()}
    assert level_models(graph, requirement) == expected
    assert len(expected) < 2 ** graph.size  # some sets are not: the test can fail


def test_nodes_never_in_the_set_are_left_out():
    graph = grid_graph(3, 2)
    literals = [1, 2, 0, 4, 5, 6]  # node 2 can never be in the set
    models = level_models(graph, Requirement(literals))
    assert all(2 not in m for m in models)
    assert frozenset({0, 1, 4, 5}) in models and frozenset({1, 5}) not in models


def test_lazy_cpsat_takes_the_walls_levels_once_its_cut_loop_runs_long(monkeypatch):
    """The wall's levels join after ``WALL_LEVELS_AFTER`` solves and the answer stays right.
    Where they pay (janko 1108_20x15: 80 solves open at 60 s with cuts alone, unique in
    about 12 s with the levels from the 17th solve on) takes minutes on a loaded machine; a
    threshold of 3 sends janko 296_18x10 (5 solves) down the same path in a fraction of a
    second."""
    monkeypatch.setattr(strategy, "WALL_LEVELS_AFTER", 3)
    txt = CORPUS / "nurikabe" / "janko" / "296_18x10.txt"
    puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
    result = strategy.run_cpsat(puzzle, time_limit=120)
    assert result.verdict == "unique", result.message
    assert result.solution == N.parse_solution(txt.with_suffix(".sol").read_text())
    assert result.stats.extra["sat_calls"] > 3
    assert result.stats.extra["levels_from_call"] == strategy.WALL_LEVELS_AFTER + 1 == 4


def test_a_short_cut_loop_never_takes_the_levels():
    txt = CORPUS / "nurikabe" / "janko" / "01_10x10.txt"
    result = strategy.run_cpsat(N.parse_puzzle(txt.read_text(), txt.stem))
    assert result.verdict == "unique"
    assert result.stats.extra["sat_calls"] <= strategy.WALL_LEVELS_AFTER
    assert "levels_from_call" not in result.stats.extra
