"""Issue 29, SE part: the Sudoku score's forcing probe (a pencil-mark solve with the basic
techniques, counting the placements the shortest single-assumption contradiction rests on
where they stall) is sound, empty where singles suffice, and longer on puzzles the Sudoku
Explainer rates harder."""

from __future__ import annotations

import math

import pytest
from sudoku_grading_support import tatham, tsv

from pencilsat.grading.sudoku import grade_sudoku
from pencilsat.grading.sudoku.candidates import basic_closure, candidates, singles
from pencilsat.grading.sudoku.forcing import ForcingStep, forcing_probe
from pencilsat.grading.sudoku.refutation import refutation_length, start_of
from pencilsat.grading.sudoku.score import sudoku_features
from pencilsat.puzzles.sudoku import parse_line


def _grid(line: str) -> list[int]:
    return [int(ch) if ch.isdigit() else 0 for ch in line]


def test_singles_place_in_rounds_and_see_a_clash_at_once():
    puzzle, answer = tatham("extreme")[0]
    solution = _grid(answer)
    grid = solution[:]
    grid[0] = grid[1] = 0              # two blanks, each a naked single: one round
    assert singles(grid, candidates(grid)) == (False, 1) and grid == solution
    grid = solution[:]
    grid[0] = grid[1] = 0
    cand = candidates(grid)
    cand[0] = cand[1] = 1 << solution[0]   # both cells of row 1 forced to the same digit
    assert singles(grid, cand) == (True, 0)


def test_basic_closure_and_refutations_never_touch_the_solution():
    for puzzle, answer in tatham("extreme")[:3] + tatham("unreasonable")[:3]:
        solution = _grid(answer)
        grid = _grid(puzzle)
        cand = candidates(grid)
        basic_closure(grid, cand)
        assert all(g in (0, s) for g, s in zip(grid, solution, strict=True))
        assert all(cand[c] >> solution[c] & 1 for c in range(81) if not grid[c])
        for c in (c for c in range(81) if not grid[c]):
            trial = cand[:]
            trial[c] = 1 << solution[c]
            assert not singles(grid[:], trial)[0]   # the solution's digit is never refuted


def test_the_probe_is_empty_where_singles_suffice():
    for puzzle, _ in tatham("trivial")[:5]:
        grade = grade_sudoku(parse_line(puzzle))
        assert grade.extras.forcing == ()
        features = sudoku_features(grade.steps, grade.level or 0, grade.finished)
        assert features["long_forcing"] == 0


def test_long_forcing_of_a_hand_made_probe():
    """Placements beyond 3, summed over the stalls: 0 + 1 + 3 = 4; an unresolved stall
    counts 15."""
    probe = (ForcingStep(3, 3, 100), ForcingStep(4, 2, 50), ForcingStep(6, 1, 40))
    assert sudoku_features([], 3, True, probe)["long_forcing"] == pytest.approx(2.0)
    stuck = sudoku_features([], 3, False, (ForcingStep(2, 4, 90), ForcingStep(None, 0, 30)))
    assert stuck["long_forcing"] == pytest.approx(math.sqrt(12))


def test_the_first_stall_is_the_shortest_refutation_of_a_wrong_digit():
    """At the first stall of the probe (from the clues) no digit of the solution is refuted,
    and the stall's length and count are the minimum over the wrong digits."""
    for puzzle, answer in tatham("extreme")[:2] + tatham("unreasonable")[:2]:
        solution, grid = _grid(answer), _grid(puzzle)
        first = forcing_probe(grid)[0]
        cand = candidates(grid)
        basic_closure(grid, cand)
        lengths = {(c, d): refutation_length(start_of(grid, cand), c, d)
                   for c in range(81) for d in range(1, 10) if cand[c] >> d & 1}
        assert all(lengths[c, solution[c]] is None for c in range(81) if not grid[c])
        found = [n for n in lengths.values() if n is not None]
        assert first.length == min(found) >= 2
        assert first.refuted == found.count(first.length)
        assert first.candidates == sum(m.bit_count() for m in cand)


def test_the_probe_stalls_longer_on_puzzles_se_rates_harder():
    rows = tsv("sudoku_exchange_diabolical_se_sample160.tsv")
    easy = [r["puzzle"] for r in rows if float(r["se_rating"]) < 5.7][:5]
    hard = [r["puzzle"] for r in rows if float(r["se_rating"]) >= 8.2][:5]

    def longest(puzzles: list[str]) -> list[int]:
        return [max((15 if f.length is None else f.length
                     for f in grade_sudoku(parse_line(p)).extras.forcing), default=0)
                for p in puzzles]

    assert sum(longest(easy)) < sum(longest(hard))
