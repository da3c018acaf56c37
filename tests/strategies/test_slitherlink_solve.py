"""Slitherlink solving: the number clauses mean "exactly k", both strategies agree with brute
force on small grids and with every sampled janko answer, ambiguity and time-outs are
reported as such."""

from __future__ import annotations

import itertools
import random
import time

import numpy as np
import pytest
from conftest import CORPUS
from slitherlink_support import all_loops, answers, clues_of, grid

from pencilsat import solve
from pencilsat.core.result import Verdict
from pencilsat.encodings.slitherlink import clue_clauses, dot_grid, rule_clauses, side_variables
from pencilsat.generators.masyu import random_loop
from pencilsat.puzzles import slitherlink as S
from pencilsat.strategies import slitherlink as strategies

RUNS = {
    "lazy": strategies.run_lazy,
    "circuit": strategies.run_circuit,
}


def janko_pairs() -> list[tuple[S.SlitherlinkPuzzle, S.SlitherlinkSolution]]:
    out = []
    for txt in sorted((CORPUS / "slitherlink/janko").glob("*.txt")):
        sol = txt.with_suffix(".sol")
        if sol.exists():
            out.append((S.parse_puzzle(txt.read_text(), name=txt.stem),
                        S.parse_solution(sol.read_text())))
    return out


# ---------------------------------------------------------------- the encoding

@pytest.mark.parametrize("clue", range(4))
def test_number_clauses_allow_exactly_that_many_sides(clue):
    puzzle = S.SlitherlinkPuzzle(np.array([[clue]]))
    grid_ = dot_grid(puzzle)
    sides = side_variables(grid_)[0].tolist()
    clauses = clue_clauses(puzzle, grid_)
    for values in itertools.product((False, True), repeat=4):
        true = {v for v, on in zip(sides, values, strict=True) if on}
        satisfied = all(any((lit > 0) == (abs(lit) in true) for lit in c) for c in clauses)
        assert satisfied == (sum(values) == clue), values


def test_side_variables_are_the_cells_top_left_right_and_bottom():
    puzzle = grid(["...", "..."])
    grid_ = dot_grid(puzzle)
    for (r, c) in itertools.product(range(2), range(3)):
        expected = [grid_.between(a, b) for a, b in S.cell_sides((r, c))]
        assert side_variables(grid_)[r * 3 + c].tolist() == expected


def test_a_grid_without_numbers_asks_for_some_line():
    blank = grid(["..", ".."])
    assert [len(c) for c in rule_clauses(blank, dot_grid(blank))][-1] == 12
    numbered = grid(["1.", ".."])
    assert max(len(c) for c in rule_clauses(numbered, dot_grid(numbered))) == 4


# ---------------------------------------------------------------- against brute force

def small_puzzles(count: int, seed: int) -> list[S.SlitherlinkPuzzle]:
    """Puzzles on 3x3 and 4x3 grids: numbers of a random loop, each kept with chance 1/2,
    and every fourth with one number changed (often no answer)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        width, height = rng.choice([(3, 3), (4, 3)])
        clues = clues_of(rng.choice(all_loops(width, height)))
        clues[clues == 4] = S.NO_CLUE
        keep = np.array([rng.random() < 0.5 for _ in range(clues.size)]).reshape(clues.shape)
        clues = np.where(keep, clues, S.NO_CLUE)
        if k % 4 == 3:
            clues[rng.randrange(height), rng.randrange(width)] = rng.randrange(4)
        out.append(S.SlitherlinkPuzzle(clues))
    return out


@pytest.mark.parametrize("strategy, count", [("lazy", 60), ("circuit", 20)])
def test_verdicts_agree_with_brute_force_on_small_grids(strategy, count):
    verdicts = set()
    for puzzle in small_puzzles(count, seed=26):
        expected = answers(puzzle)
        result = RUNS[strategy](puzzle)
        verdicts.add(result.verdict)
        if not expected:
            assert result.verdict == Verdict.NONE
        elif len(expected) == 1:
            assert result.verdict == Verdict.UNIQUE and result.solution == expected[0]
        else:
            assert result.verdict == Verdict.MULTIPLE
            assert result.solution in expected and result.second_solution in expected
            assert result.solution != result.second_solution
    assert verdicts == {Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE}


@pytest.mark.parametrize("settings", [
    strategies.LazySettings(cut="region"), strategies.LazySettings(sides=True),
    strategies.LazySettings(cut="region", sides=True)])
def test_region_cuts_and_colouring_keep_the_verdicts(settings):
    for puzzle in small_puzzles(20, seed=9):
        plain = strategies.run_lazy(puzzle)
        other = strategies.run_lazy(puzzle, settings=settings)
        assert other.verdict == plain.verdict
        if plain.verdict == Verdict.UNIQUE:
            assert other.solution == plain.solution


# ---------------------------------------------------------------- the corpus

def test_every_25th_janko_puzzle_is_unique_with_its_answer_on_cnf():
    pairs = janko_pairs()[::25]
    assert len(pairs) == 42
    for puzzle, answer in pairs:
        result = solve(puzzle)
        assert (result.verdict, result.solution) == (Verdict.UNIQUE, answer), puzzle.name
        assert result.stats.encoding == "lazy" and result.stats.backend == "cnf"


def test_every_150th_janko_puzzle_is_unique_with_its_answer_on_cpsat():
    pairs = janko_pairs()[7::150]
    assert len(pairs) == 7
    for puzzle, answer in pairs:
        result = solve(puzzle, backend="cpsat")
        assert (result.verdict, result.solution) == (Verdict.UNIQUE, answer), puzzle.name
        assert result.stats.encoding == "circuit"


def test_the_largest_janko_puzzles_are_unique_with_region_cuts_and_colouring():
    pairs = sorted(janko_pairs(), key=lambda p: -p[0].width * p[0].height)[:3]
    for puzzle, answer in pairs:
        result = strategies.run_lazy(puzzle, settings=strategies.LazySettings("region", True))
        assert (result.verdict, result.solution) == (Verdict.UNIQUE, answer), puzzle.name


def test_every_8th_loopy_puzzle_is_unique_with_loopysolvers_answer():
    files = sorted((CORPUS / "slitherlink/tatham").rglob("*.txt"))[::8]
    assert len(files) == 19
    for path in files:
        result = solve(S.parse_puzzle(path.read_text()))
        expected = S.parse_solution(path.with_suffix(".sol").read_text())
        assert (result.verdict, result.solution) == (Verdict.UNIQUE, expected), path


# ---------------------------------------------------------------- verdicts and limits

@pytest.mark.parametrize("strategy", sorted(RUNS))
@pytest.mark.parametrize("rows", [["...", ".3.", "..."], ["1..", "...", "..2"], ["..", ".."]])
def test_hand_made_ambiguous_puzzles_give_two_valid_answers_and_their_differences(
        strategy, rows):
    puzzle = grid(rows)
    result = RUNS[strategy](puzzle)
    assert result.verdict == Verdict.MULTIPLE
    assert S.check(puzzle, result.solution) == S.check(puzzle, result.second_solution) == []
    assert result.solution != result.second_solution
    assert result.differences == result.solution.differing_cells(result.second_solution)
    assert result.differences


@pytest.mark.parametrize("strategy", sorted(RUNS))
@pytest.mark.parametrize("rows", [["00", "00"], ["3"], ["0.", ".3"]])
def test_puzzles_without_an_answer_are_none(strategy, rows):
    assert RUNS[strategy](grid(rows)).verdict == Verdict.NONE


@pytest.mark.parametrize("strategy", sorted(RUNS))
def test_a_single_cell_without_a_number_is_its_own_square(strategy):
    result = RUNS[strategy](grid(["."]))
    assert result.verdict == Verdict.UNIQUE and len(result.solution.edges) == 4


def test_lazy_stops_within_the_limit_on_a_big_empty_grid():
    puzzle = S.SlitherlinkPuzzle(np.full((700, 700), S.NO_CLUE))
    start = time.process_time()  # CPU: a busy machine stretches the wall, not the work
    result = strategies.run_lazy(puzzle, time_limit=0.5)
    assert time.process_time() - start < 1.5
    assert result.verdict == Verdict.UNKNOWN
    assert result.message == "time limit reached while encoding"
    assert 0 < result.stats.clauses < 2_000_000  # it stopped long before the 3.4 million


def test_circuit_stops_at_the_limit_as_unknown():
    puzzle, _ = max(janko_pairs(), key=lambda p: p[0].width * p[0].height)
    result = strategies.run_circuit(puzzle, time_limit=0.001)
    assert result.verdict == Verdict.UNKNOWN and result.solution is None


def loose_random_puzzle(size: int, seed: int) -> S.SlitherlinkPuzzle:
    """The numbers of a random loop, each kept with chance 1/2: many answers, found slowly."""
    rng = random.Random(seed)
    loop = random_loop(size + 1, size + 1, rng)
    clues = clues_of(S.SlitherlinkSolution(loop.edges, size, size))
    keep = np.array([rng.random() < 0.5 for _ in range(clues.size)]).reshape(clues.shape)
    return S.SlitherlinkPuzzle(np.where(keep & (clues < 4), clues, S.NO_CLUE))


@pytest.mark.parametrize("strategy", sorted(RUNS))
def test_a_time_out_in_the_search_is_unknown(strategy):
    puzzle = loose_random_puzzle(60, seed=1)
    start = time.process_time()  # CPU: a busy machine stretches the wall, not the work
    result = RUNS[strategy](puzzle, time_limit=0.5)
    assert time.process_time() - start < 1.5
    assert result.verdict == Verdict.UNKNOWN
    assert result.message.startswith("time limit reached")
