"""Hashiwokakero on both backends: janko agreement, verdicts, settings, time limits."""

from __future__ import annotations

from time import process_time

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth

from pencilsat.core.registry import GENRES
from pencilsat.encodings.hashi import HashiSettings
from pencilsat.puzzles import hashi as H
from pencilsat.strategies.front import solve
from pencilsat.strategies.hashi import run_cnf, run_cpsat

JANKO = corpus_pairs("hashi/janko")


def load(txt, sol):
    return H.parse_puzzle(txt.read_text(), txt.stem), H.parse_solution(sol.read_text())


def grid(*rows: str) -> H.HashiPuzzle:
    return H.parse_puzzle(f"hashi {len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")


def assert_unique_and_stored(puzzle, expected, **options):
    result = solve(puzzle, **options)
    assert result.verdict == "unique", (puzzle.name, result.message)
    assert result.solution == expected, puzzle.name
    assert H.check(puzzle, result.solution) == []


def test_corpus_is_there():
    assert len(JANKO) > 800


def test_janko_sample_is_unique_with_the_stored_solution_on_cnf():
    for txt, sol in every_kth(JANKO, 40):
        assert_unique_and_stored(*load(txt, sol), backend="cnf")


def test_janko_sample_is_unique_with_the_stored_solution_on_cpsat():
    for txt, sol in every_kth(JANKO, 160):
        assert_unique_and_stored(*load(txt, sol), backend="cpsat")


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_two_ways_give_multiple_with_a_valid_second_and_the_differences(backend):
    # each 3 takes one single and one double bridge: the ring of four turns either way
    puzzle = grid("3.3", "...", "3.3")
    result = solve(puzzle, backend=backend)
    assert result.verdict == "multiple"
    assert H.check(puzzle, result.solution) == [] == H.check(puzzle, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution)
    assert result.differences


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_question_mark_islands_take_what_the_others_leave(backend):
    puzzle = grid("?.2", "...", "1.1")
    result = solve(puzzle, backend=backend)
    assert result.verdict == "unique" and H.check(puzzle, result.solution) == []
    assert H.solution_rows(puzzle, result.solution) == ["?-2", "|.|", "1.1"]
    two = solve(grid("?.?"), backend=backend)
    assert two.verdict == "multiple" and two.differences == [(0, 1)]


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
@pytest.mark.parametrize(("rows", "why"), [
    (("2.2.2",), None),  # the ends take both of the middle's bridges: one end goes short
    (("1.1", "...", "1.1"), None),  # two pairs, never one group
    (("1.2",), "add up to 3"),
    (("3.1",), None),  # the 3 has one neighbour, two bridges at most
])
def test_no_solution(backend, rows, why):
    result = solve(grid(*rows), backend=backend)
    assert result.verdict == "none" and result.solution is None
    if why:
        assert why in result.message


@pytest.mark.parametrize("run", [run_cnf, run_cpsat])
def test_without_pointers_and_pair_rules_the_cuts_do_it_all(run):
    plain = HashiSettings(pointers=False, isolated_pairs=False)
    for txt, sol in every_kth(JANKO, 200):
        puzzle, expected = load(txt, sol)
        result = run(puzzle, settings=plain)
        assert result.verdict == "unique" and result.solution == expected, puzzle.name


def test_the_cuts_alone_join_two_pairs():
    # without the pair rules and pointers, 1-1 pairs are legal models until a cut forbids them
    puzzle = grid("1.2", "...", "1.2")
    result = run_cnf(puzzle, settings=HashiSettings(pointers=False, isolated_pairs=False))
    assert result.verdict == "unique" and H.check(puzzle, result.solution) == []
    assert result.stats.extra["cuts"] >= 1


def test_a_lattice_of_twos_has_many_cycles_and_the_cuts_join_them():
    # 8x8 islands of 2: every answer is a cycle through all 64, the first models are several
    rows = ["".join("2" if r % 2 == 0 and c % 2 == 0 else "." for c in range(15))
            for r in range(15)]
    puzzle = grid(*rows)
    result = run_cnf(puzzle)
    assert result.verdict == "multiple" and result.stats.extra["cuts"] >= 1
    assert H.check(puzzle, result.solution) == [] == H.check(puzzle, result.second_solution)


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_the_time_limit_stops_the_encoding_of_a_big_grid(backend):
    numbers = np.zeros((600, 600), dtype=np.int32)
    numbers[::2, ::2] = 2
    started = process_time()  # CPU: a busy machine stretches the wall, not the work
    result = solve(H.HashiPuzzle(numbers), backend=backend, time_limit=0.3)
    assert result.verdict == "unknown"
    assert process_time() - started < 4


def test_the_registry_picks_cnf_by_default_and_the_cpsat_strategy_on_cpsat():
    entry = GENRES["hashi"]
    assert entry.pick(None, None)[0].name == "lazy"
    assert entry.pick(None, "cpsat")[0].name == "lazy-cpsat"
