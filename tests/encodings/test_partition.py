"""The partition machinery: an exact cover of placements, solved on the shared runs, agrees
with brute force; impossible owners and cells make no answer; where two partitions differ."""

from __future__ import annotations

import itertools

import numpy as np

from pencilsat.core.result import Verdict
from pencilsat.encodings.partition import PlacementPartition
from pencilsat.puzzles.partition import differing
from pencilsat.puzzles.regions import Regions
from pencilsat.strategies.connected_runs import run_shading_cnf, run_shading_cpsat
from pencilsat.strategies.solution_space import Exploration, exploring


class _Grid:
    """A stand-in puzzle for the runs (they only pass it through)."""

    genre = "partition-test"
    width, height = 3, 1


def dominoes_and_monominoes(width: int) -> PlacementPartition:
    """A 1 x ``width`` strip, owner k at cell k (even k): its own cell, or it and the
    next."""
    partition = PlacementPartition(width, 1)
    for k in range(0, width, 2):
        options = [[(0, k)]] + ([[(0, k), (0, k + 1)]] if k + 1 < width else [])
        partition.owner(options)
    return partition


def brute_force(partition: PlacementPartition) -> list[np.ndarray]:
    """Every choice of one placement per owner that covers each cell once, as labels."""
    out = []
    for picked in itertools.product(*partition.owner_variables):
        cells = [cell for var in picked for cell in partition.cells_of(var)]
        if sorted(cells) == sorted(set(cells)) and len(cells) == partition.width * partition.height:
            values = np.zeros(partition.top + 1, dtype=bool)
            values[list(picked)] = True
            out.append(partition.labels(values))
    return out


def solve_all(partition: PlacementPartition, backend: str):
    run = run_shading_cnf if backend == "cnf" else run_shading_cpsat
    with exploring(Exploration(count=10)):
        return run(_Grid(), lambda deadline: partition.encoding(lambda labels: labels))


def test_the_cover_counts_and_labels_agree_with_brute_force():
    for width in (1, 2, 3, 4):
        for backend in ("cnf", "cpsat"):
            partition = dominoes_and_monominoes(width)
            truth = brute_force(partition)
            result = solve_all(partition, backend)
            assert result.count is not None and result.count.complete
            found = sorted(labels.tolist() for labels in result.count.solutions)
            assert found == sorted(labels.tolist() for labels in truth), (width, backend)


def test_odd_strip_without_the_last_cell_covered_has_no_answer():
    partition = PlacementPartition(3, 1)
    partition.owner([[(0, 0), (0, 1)]])  # cell (0, 2): no placement
    assert partition.impossible()
    assert solve_all(partition, "cnf").verdict == Verdict.NONE
    assert solve_all(partition, "cpsat").verdict == Verdict.NONE


def test_an_owner_without_placements_has_no_answer():
    partition = PlacementPartition(1, 1)
    partition.owner([[(0, 0)]])
    partition.owner([])
    assert partition.impossible()
    assert solve_all(partition, "cnf").verdict == Verdict.NONE


def test_covering_lists_the_placements_through_a_cell():
    partition = dominoes_and_monominoes(3)
    assert partition.covering((0, 1)) == [2]
    assert partition.covering((0, 0)) == [1, 2]


def test_differing_marks_the_cells_whose_region_changed():
    a = Regions.from_labels(np.array([[0, 0, 1, 2], [3, 3, 1, 2]])).ids
    b = Regions.from_labels(np.array([[0, 0, 1, 1], [3, 3, 2, 2]])).ids
    assert differing(a, b).tolist() == [[False, False, True, True], [False, False, True, True]]
    assert not differing(a, a).any()
    assert differing(a, np.zeros((1, 1), dtype=int)).all()


def test_exactly_one_clauses_allow_exactly_the_assignments_with_one_true():
    from pysat.solvers import Solver

    from pencilsat.encodings.partition import exactly_one_clauses

    for size in range(1, 10):
        lits = list(range(1, size + 1))
        clauses, top = exactly_one_clauses([(lits, 1)], size)
        assert top == size + (size - 1 if size > 6 else 0)
        for picked in itertools.product([False, True], repeat=size):
            with Solver(name="minisat22", bootstrap_with=clauses) as solver:
                sat = solver.solve(assumptions=[v if on else -v
                                                for v, on in zip(lits, picked, strict=True)])
            assert sat == (sum(picked) == 1), (size, picked)
