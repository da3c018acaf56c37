"""``bulk_load`` hands clauses to PySAT's C functions directly: the solver must end up with
the same formula as through ``append_formula`` (same answer, same search), and solvers it
does not know must still get every clause."""

from __future__ import annotations

import pytest
from conftest import CORPUS
from pysat.solvers import Solver

from pencilsat.backends.bulk_load import at_most_adder, clause_adder, load_clauses
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.loops.sides import side_clauses
from pencilsat.encodings.masyu_rules import local_rule_clauses
from pencilsat.puzzles.masyu import parse_puzzle


def _clauses() -> list[list[int]]:
    puzzle = parse_puzzle((CORPUS / "masyu" / "seed_36x20.txt").read_text())
    grid = GridEdges(puzzle.width, puzzle.height)
    return local_rule_clauses(puzzle, grid) + side_clauses(grid, len(grid) + 1)


@pytest.mark.parametrize("name", ["cadical195", "cadical153", "glucose4", "minisat22",
                                  "minicard"])
def test_direct_load_gives_the_same_formula_as_append_formula(name: str) -> None:
    clauses = _clauses()
    with Solver(name=name) as direct, Solver(name=name) as wrapped:
        assert clause_adder(direct) != direct.add_clause  # the C function is found
        load_clauses(direct, clauses)
        wrapped.append_formula(clauses)
        assert direct.solve() and wrapped.solve()
        assert direct.get_model() == wrapped.get_model()
        assert direct.accum_stats() == wrapped.accum_stats()


def test_unknown_solver_falls_back_to_add_clause() -> None:
    clauses = _clauses()
    with Solver(name="maplechrono") as solver, Solver(name="maplechrono") as wrapped:
        assert clause_adder(solver) == solver.add_clause
        load_clauses(solver, clauses)
        wrapped.append_formula(clauses)
        assert solver.solve() and wrapped.solve()
        assert solver.get_model() == wrapped.get_model()


@pytest.mark.parametrize("name", ["cadical195", "glucose4", "minisat22"])
def test_contradiction_while_loading_is_still_unsatisfiable(name: str) -> None:
    with Solver(name=name) as solver:
        load_clauses(solver, [[1, 2], [-1], [-2], [3]])
        assert solver.solve() is False


@pytest.mark.parametrize("name", ["minicard", "gluecard3", "gluecard4"])
def test_direct_at_most_gives_the_same_search_as_add_atmost(name: str) -> None:
    """Native "at most k" through the C function: the same models, one by one, as through
    PySAT's ``add_atmost`` (exactly 2 of 1..5 and 3 of 4..8: every model enumerated)."""
    counts = [([1, 2, 3, 4, 5], 2), ([4, 5, 6, 7, 8], 3)]
    with Solver(name=name) as direct, Solver(name=name) as wrapped:
        add = at_most_adder(direct)
        assert add != direct.add_atmost  # the C function is found
        for lits, k in counts:
            add(lits, k)
            add([-lit for lit in lits], len(lits) - k)
            wrapped.add_atmost(lits, k)
            wrapped.add_atmost([-lit for lit in lits], len(lits) - k)
        models = [list(direct.enum_models()), list(wrapped.enum_models())]
        assert models[0] == models[1]
        assert len(models[0]) > 1
        assert all(sum(m[v - 1] > 0 for v in lits) == k for m in models[0] for lits, k in counts)


def test_at_most_adder_falls_back_on_a_solver_it_does_not_know() -> None:
    with Solver(name="minisat22") as solver:
        assert at_most_adder(solver) == solver.add_atmost
