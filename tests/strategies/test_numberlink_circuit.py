"""Numberlink's lines as CP-SAT's circuit (one circuit through the chained pairs, or routes
from a depot) on top of ``lazy-cpsat``'s clauses: verdicts, answers, counts and backbones
against brute force on small random grids, and the circuit's own models."""

from __future__ import annotations

import random

import pytest
from oracles.numberlink import random_puzzle
from oracles.numberlink import solutions as brute_force
from oracles.verdicts import verdict_of

from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.numberlink import build
from pencilsat.puzzles import numberlink as N
from pencilsat.strategies.numberlink import run_cpsat
from pencilsat.strategies.numberlink_circuit import add_circuit, pair_ends
from pencilsat.strategies.solution_space import Exploration, exploring, undecided_cells

CIRCUITS = ["circuit", "routes"]


def puzzle_of(*rows: str) -> N.NumberlinkPuzzle:
    return N.parse_puzzle(f"numberlink {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows)
                          + "\n")


@pytest.mark.parametrize("circuit", CIRCUITS)
@pytest.mark.parametrize("seed", range(10))
def test_the_verdict_and_answers_with_the_circuit_match_brute_force(circuit, seed):
    """The plain solve (normal form, detour, windows on every other grid): the verdict and
    the answers shown are the rules'."""
    puzzle = random_puzzle(random.Random(seed), sizes=((4, 3), (5, 3), (4, 4), (5, 4)),
                           pairs=(1, 5))
    truth = brute_force(puzzle)
    result = run_cpsat(puzzle, circuit=circuit, in_bands=seed % 2 == 0)
    assert result.verdict == verdict_of(truth)
    if truth:
        assert result.solution in truth and N.check(puzzle, result.solution) == []
    if len(truth) > 1:
        assert result.second_solution in truth
        assert result.second_solution != result.solution


@pytest.mark.parametrize("circuit", CIRCUITS)
@pytest.mark.parametrize("seed", range(5))
def test_every_answer_is_counted_with_the_circuit(circuit, seed):
    """A count and backbone run on the rules alone (loops cut), the circuit on top: every
    answer and no other."""
    puzzle = random_puzzle(random.Random(50 + seed), sizes=((3, 3), (4, 3)), pairs=(2, 4))
    truth = brute_force(puzzle)
    with exploring(Exploration(count=len(truth) + 1, backbone=True)):
        result = run_cpsat(puzzle, circuit=circuit)
    assert result.count is not None and result.count.complete
    assert set(result.count.solutions) == set(truth)
    if truth:
        assert result.backbone is not None and result.backbone.complete
        expected = undecided_cells(truth[0], truth[1:]) if len(truth) > 1 else []
        assert result.backbone.undecided == expected


@pytest.mark.parametrize("circuit", CIRCUITS)
def test_the_circuit_alone_forbids_a_stray_loop(circuit):
    """The clauses without "no stray loop" let a ring close in the space one short line
    leaves; with the circuit every model's used edges are the line's alone."""
    from ortools.sat.python import cp_model

    puzzle = puzzle_of("1 1 . .", ". . . .", ". . . .")
    encoding = build(puzzle, allow_loops=True)
    grid = GridEdges(puzzle.width, puzzle.height)
    cp = cp_model.CpModel()
    variables = [cp.new_bool_var(f"v{v}") for v in range(encoding.num_vars + 1)]
    for clause in encoding.clauses:
        cp.add_bool_or([variables[lit] if lit > 0 else variables[-lit].Not()
                        for lit in clause])
    ring = [((0, 2), (0, 3)), ((0, 3), (1, 3)), ((1, 2), (1, 3)), ((0, 2), (1, 2))]
    for a, b in ring:  # ask for the ring
        cp.add_bool_or([variables[grid.between(a, b)]])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(cp) == cp_model.OPTIMAL  # the clauses alone allow it
    assert add_circuit(cp, variables, puzzle, depot=circuit == "routes")
    assert solver.solve(cp) == cp_model.INFEASIBLE


def test_no_circuit_where_a_number_is_not_a_pair():
    """A number given once or three times, or no number: no circuit (the clauses decide)."""
    assert pair_ends(puzzle_of("1 . 2")) is None
    assert pair_ends(puzzle_of("1 1 1")) is None
    assert pair_ends(puzzle_of(". . .")) is None
    assert pair_ends(puzzle_of("1 2 . 1", ". . . 2")) == [(0, 3), (1, 7)]
    for rows in (("1 . 2",), ("1 1 1",), (". . .",)):
        truth = brute_force(puzzle_of(*rows))
        assert run_cpsat(puzzle_of(*rows), circuit="circuit").verdict == verdict_of(truth)
