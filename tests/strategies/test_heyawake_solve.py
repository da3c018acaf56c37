"""Heyawake on both backends: janko agreement, verdicts, the encoding against brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth

from pencilsat.encodings.heyawake import HeyawakeSettings, border_stretches, build
from pencilsat.puzzles import heyawake as H
from pencilsat.puzzles.regions import canonical_regions
from pencilsat.strategies.front import solve
from pencilsat.strategies.heyawake import memory_cnf, memory_cpsat, run_cnf

JANKO = corpus_pairs("heyawake/janko", max_cells=20 * 36)


def load(txt, sol):
    return H.parse_puzzle(txt.read_text(), txt.stem), H.parse_solution(sol.read_text())


def puzzle(clues: list[str], rooms: list[str]) -> H.HeyawakePuzzle:
    width = len(clues[0].split())
    return H.parse_puzzle(f"heyawake {width} {len(clues)}\n" + "\n".join(clues + rooms) + "\n")


def assert_unique_and_stored(p, expected, **options):
    result = solve(p, **options)
    assert result.verdict == "unique", (p.name, result.message)
    assert result.solution == expected, p.name
    assert H.check(p, result.solution) == []


def test_corpus_is_there():
    assert len(JANKO) > 700


def test_janko_sample_is_unique_with_the_stored_solution_on_cnf():
    for txt, sol in every_kth(JANKO, 40):
        assert_unique_and_stored(*load(txt, sol), backend="cnf")


def test_janko_sample_is_unique_with_the_stored_solution_on_cpsat():
    for txt, sol in every_kth(JANKO, 180):
        assert_unique_and_stored(*load(txt, sol), backend="cpsat")


def test_a_spent_first_budget_starts_again_on_minisat_with_the_same_answer(monkeypatch):
    from pencilsat.strategies import heyawake as strategy

    p, expected = load(*every_kth(JANKO, 40)[-1])
    kept = run_cnf(p)
    assert "first_solver_conflicts" not in kept.stats.extra
    assert kept.stats.sat_solver == strategy.FIRST_SOLVER
    monkeypatch.setattr(strategy, "FIRST_CONFLICTS", 1)
    again = run_cnf(p)
    assert again.stats.extra["first_solver_conflicts"] == 1
    assert again.stats.sat_solver == strategy.SAT_SOLVER
    assert again.verdict == kept.verdict == "unique"
    assert again.solution == kept.solution == expected


AMBIGUOUS = (["1 . .", ". . .", ". . ."], ["1 1 1", "1 1 1", "1 1 1"])


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_an_ambiguous_puzzle_gives_a_valid_second_solution_and_the_differences(backend):
    p = puzzle(*AMBIGUOUS)
    result = solve(p, backend=backend)
    assert result.verdict == "multiple"
    assert H.check(p, result.solution) == [] == H.check(p, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution)
    assert result.differences


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
@pytest.mark.parametrize(("clues", "rooms"), [
    ([". 3 ."], ["1 1 1"]),  # three shaded cells in a row touch (two: #.# is an answer)
    (["2 .", ". ."], ["1 1", "1 1"]),  # two in a 2x2 room touch or cut the grid in two
    (["0 0 0"], ["1 2 3"]),  # nothing may be shaded, and the row crosses two borders
])
def test_a_puzzle_without_a_solution_gives_none(backend, clues, rooms):
    result = solve(puzzle(clues, rooms), backend=backend)
    assert result.verdict == "none"
    assert result.solution is None


def test_the_unshaded_cells_are_kept_whole_by_cuts():
    """janko 101 needs cuts: its first models enclose unshaded cells behind diagonals."""
    p, expected = load(*next(pair for pair in JANKO if pair[0].stem == "101_10x10"))
    result = run_cnf(p)
    assert result.solution == expected
    assert result.stats.extra["cuts"] > 0


def brute_force(p: H.HeyawakePuzzle) -> list[H.HeyawakeSolution]:
    out = []
    for bits in itertools.product([False, True], repeat=p.width * p.height):
        shaded = np.array(bits).reshape(p.height, p.width)
        if (shaded[:, 1:] & shaded[:, :-1]).any() or (shaded[1:] & shaded[:-1]).any():
            continue  # touching shaded cells: the checker would say so, more slowly
        s = H.HeyawakeSolution(shaded)
        if not H.check(p, s):
            out.append(s)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_answers_are_exactly_the_brute_force_answers(seed):
    """Random 3x4 grids of random rooms and clues: the lazy search's verdict agrees with
    brute force over every shading."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(1, 4, size=(3, 4))
    rooms = canonical_regions(labels)
    clues = np.full(rooms.shape, H.NO_CLUE)
    for cells in H.HeyawakePuzzle(rooms, clues).room_cells():
        if rng.random() < 0.5:
            clues[cells[0]] = int(rng.integers(0, min(len(cells), 3) + 1))
    p = H.HeyawakePuzzle(rooms, clues)
    expected = brute_force(p)
    result = run_cnf(p)
    verdict = {0: "none", 1: "unique"}.get(len(expected), "multiple")
    assert result.verdict == verdict
    if expected:
        assert result.solution in expected
    if verdict == "multiple":
        assert result.second_solution in expected


def test_the_run_clauses_cover_each_pair_of_consecutive_borders():
    rooms = canonical_regions(np.array([[1, 1, 2, 3, 3, 4]]))
    assert border_stretches(rooms) == [[1, 2, 3], [2, 3, 4, 5]]


def test_without_lonely_cell_clauses_the_cuts_do_the_work():
    txt, sol = JANKO[0]
    p, expected = load(txt, sol)
    result = run_cnf(p, settings=HeyawakeSettings(lonely_cell_clauses=False))
    assert result.verdict == "unique" and result.solution == expected


def test_the_encoding_has_one_variable_per_cell_and_the_memory_grows_with_the_grid():
    p, _ = load(*JANKO[0])
    assert build(p).num_vars == p.width * p.height
    big = H.HeyawakePuzzle(np.zeros((100, 100)), np.full((100, 100), H.NO_CLUE))
    assert memory_cnf(big, "cnf") > memory_cnf(p, "cnf")
    assert memory_cpsat(big, "cpsat") > memory_cnf(big, "cnf")


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
@pytest.mark.parametrize("width", [2, 3, 4])
def test_a_lone_unshaded_cell_is_counted_where_it_is_an_answer(backend, width):
    """A 1xN Heyawake without numbers: on 1x3, ``#.#`` is an answer (one unshaded cell);
    the count must match brute force on every width."""
    from desk.brute_force import all_solutions

    from pencilsat.strategies.solution_space import Exploration

    puzzle = H.parse_puzzle(f"heyawake {width} 1\n" + " ".join(["."] * width) + "\n"
                            + " ".join(["1"] * width) + "\n")
    truth = all_solutions(puzzle)
    result = solve(puzzle, backend=backend, explore=Exploration(count=len(truth) + 1))
    assert result.count is not None and result.count.complete
    assert len(result.count.solutions) == len(truth)


def test_cpsat_presolves_once_and_writes_the_fixed_variables_out():
    """``lazy-cpsat`` runs CP-SAT's presolve once and solves the model without the
    variables it fixed, with presolve off; the answer stays the stored one."""
    from pencilsat.strategies.heyawake import run_cpsat

    p, expected = load(*JANKO[len(JANKO) // 2])
    result = run_cpsat(p)
    assert result.verdict == "unique" and result.solution == expected
    assert result.stats.extra["presolve_fixed"] > 0 and result.stats.extra["presolve"] == 0
