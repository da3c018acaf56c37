"""Each of Kashima's 25 techniques fires on a small grid (digest §4 / §9.4) with the expected
effect, in all 8 rotations and reflections, and stays silent on a near miss."""

from __future__ import annotations

import numpy as np
import pytest
from lightup_grading_support import (
    all_solutions,
    board_from_rows,
    cell,
    cells,
    effect_cells,
    run_detector,
    symmetric_variants,
)

from pencilsat.grading.lightup.catalogue import BY_NUMBER, TECHNIQUES
from pencilsat.grading.lightup.state import Board
from pencilsat.puzzles.lightup import LightUpPuzzle

# (technique number, grid rows, expected lights, expected cannot-place, expected restriction)
POSITIVE = [
    (1, ["...", ".4.", "..."], "B1 A2 C2 B3", "", ""),
    (1, [".#.", ".3.", "..."], "A2 C2 B3", "", ""),
    (1, ["2.", ".."], "B1 A2", "", ""),
    (2, ["L++", "+2.", "+.."], "C2 B3", "", ""),
    (3, ["#..", ".#.", "#.."], "A2", "", ""),
    (4, ["#..", "xx.", "#.."], "C2", "", ""),
    (5, ["1..#", "....", "1..."], "A2", "", ""),
    (5, ["1...", "....", "1..."], "A2", "", ""),
    (6, ["....", "..3.", "x#.."], "D2 C3", "", ""),
    (7, ["1...", "....", "....", ".2.."], "C4", "", ""),
    (8, ["...", "0..", "..."], "", "A1 B2 A3", ""),
    (9, ["++L+", "..2L", "...+"], "", "B2 C3", ""),
    (10, [".#..", ".#.1", "..#."], "", "C2 D1", ""),
    (10, [".#..#", ".#.1.", "..#..", "....."], "", "C2 D1", ""),
    (10, ["....#", ".#.1.", "..#..", "....."], "", "D1", ""),  # C2 must stay open
    (11, ["....", ".3..", "...."], "", "A1 C1 A3 C3", ""),
    (11, [".#.", ".2.", "..."], "", "A3 C3", ""),
    (11, [".#.", "#1.", "..."], "", "C3", ""),
    (12, [".....", ".1...", "..2..", "...1.", "....."], "", "A2 B1 D5 E4", ""),
    (13, ["x.#", "..#", "##."], "", "B2", ""),
    (13, ["x.#", "...", "#.."], "", "B2", ""),
    (14, [".#..", "#1..", "..1.", "...."], "", "C4 D3", ""),
    (15, ["....", "#11#", "...."], "", "A1 D1 A3 D3", ""),
    (15, ["......", ".#11#.", "......"], "", "A1 B1 E1 F1 A3 B3 E3 F3", ""),
    (16, ["1...1", ".....", ".....", "1...1"], "", "C1 C4", ""),
    (16, ["1...1", "....."], "", "C1", ""),
    (16, ["1...1", "..#..", ".....", "1...1"], "", "C4", ""),  # pair reading only
    (17, ["....", "x#1#", "...."], "", "B1 D1 B3 D3", ""),
    (18, ["0#0#", "x.x#", "....", "#..."], "", "B4", ""),
    (19, ["0xx0", "x..x", "...."], "", "A3 D3", ""),
    (20, ["....", ".3..", "..1.", "...."], "A2 B1", "C4 D3", ""),  # fragment: no solution
    (20, [".....", ".3...", "..1..", "....."], "A2 B1", "C4 D3", ""),  # solvable 4x5 variant
    (21, [".#..", ".2..", "..1.", "...."], "A2", "C4 D3", ""),
    (22, ["....", ".22.", "...."], "A2 D2", "", ""),
    (22, ["......", "#.22.#", "......"], "B2 E2", "A1 F1 A3 F3", ""),
    (23, ["....", "#12.", "...."], "D2", "A1 A3", ""),
    (24, ["....", "x#2.", "...."], "D2", "B1 B3", ""),
    (25, ["..1#", ".2..", "...."], "", "", "A2 B3"),
]

NEGATIVE = [
    (1, [".#.", ".2.", "..."]),          # a 2 with three free neighbours
    (1, ["L++", "+2.", "+.."]),          # a lit neighbour makes it T2, not T1
    (2, [".#.", ".3.", "..."]),          # only static walls: T1, not T2
    (3, ["#..", "..#", "#.."]),          # A2 has another cell in its row
    (4, ["#..", "x..", "#.."]),          # x with two candidates
    (5, ["1..#", ".#..", "1..."]),       # B1 and B3 no longer see each other
    (6, ["....", "..2.", "x#.."]),       # with a 2 the cases share no forced cell
    (7, ["1...", ".#..", "....", ".2.."]),  # B2 black: C4 is not forced
    (8, ["...", "1..", "..."]),          # a 1 is not a 0
    (9, ["L+.", "+2.", "..."]),          # 2 with one adjacent light is not satisfied
    (10, [".#..#", ".#.2.", "..#..", "....."]),  # need 2
    (11, ["...", ".2.", "..."]),         # 2 with four free neighbours
    (12, [".....", ".1#..", "..2..", "...1.", "....."]),  # C2 black
    (13, ["x.#", "..#", "#.#"]),         # with B3 wall... B2 still sees both: see below
    (14, ["....", "#1..", "..1.", "...."]),  # B1 white: the 1 has three free cells
    (15, ["....", ".11#", "...."]),      # A2 white
    (16, ["1.#.1", "....."]),           # C1 black: row 1 is not one run
    (17, ["....", "x.1#", "...."]),      # B2 white: A2 gains a candidate
    (18, ["0#0#", "x.x#", ".#..", "#..."]),  # B3 black
    (19, ["0x.0", "x..x", "...."]),      # C1 has a third candidate
    (20, ["....", ".3..", "..2.", "...."]),  # C3 = 2
    (21, ["....", ".2..", "..1.", "...."]),  # B1 white
    (22, ["....", ".21.", "...."]),      # B2 = 2 with C2 = 1
    (23, ["....", ".12.", "...."]),      # A2 white
    (24, ["....", "x.2.", "...."]),      # B2 white
    (25, ["..1.", ".2..", "...."]),      # D1 white
]
NEGATIVE = [case for case in NEGATIVE if case[0] != 13] + [
    (13, ["x.#", "#.#", "..."]),         # Y sees only one candidate of A1
]


def _check_positive(number: int, rows: list[str], lights: str, no_light: str,
                    restriction: str) -> None:
    detect = BY_NUMBER[number].detect
    for variant, where in symmetric_variants(rows):
        board = board_from_rows(variant)
        got = effect_cells(board, run_detector(board, detect))
        expected = tuple({where[c] for c in cells(s)} for s in (lights, no_light, restriction))
        assert got == expected, f"T{number} on {variant}"


@pytest.mark.parametrize(("number", "rows", "lights", "no_light", "restriction"), POSITIVE,
                         ids=[f"T{c[0]}-{k}" for k, c in enumerate(POSITIVE)])
def test_technique_fires_with_expected_effect_in_every_symmetry(number, rows, lights, no_light,
                                                                restriction):
    _check_positive(number, rows, lights, no_light, restriction)


@pytest.mark.parametrize(("number", "rows"), NEGATIVE,
                         ids=[f"T{c[0]}-{k}" for k, c in enumerate(NEGATIVE)])
def test_technique_stays_silent_on_near_miss(number, rows):
    detect = BY_NUMBER[number].detect
    for variant, _ in symmetric_variants(rows):
        board = board_from_rows(variant)
        assert not run_detector(board, detect), f"T{number} fired on {variant}"


def test_every_technique_has_a_positive_and_a_negative_grid():
    numbers = {t.number for t in TECHNIQUES}
    assert numbers == set(range(1, 26))
    assert {c[0] for c in POSITIVE} == numbers
    assert {c[0] for c in NEGATIVE} == numbers


def _with_restriction(rows: list[str], pair: str) -> Board:
    board = board_from_rows(rows)
    board.restrict(frozenset(r * board.geo.width + c for r, c in cells(pair)), set())
    return board


def test_restriction_is_read_by_diagonal_exclusion():
    """D7: after T25 on the digest grid, A3 sees both A2 and B3 and is excluded."""
    board = _with_restriction(["..1#", ".2..", "...."], "A2 B3")
    lights, no_light, _ = effect_cells(board, run_detector(board, BY_NUMBER[11].detect))
    assert (cells("A3") <= no_light) and not lights


def test_restriction_is_read_by_derived_placement_and_exclusion():
    # A2 excluded: B3 must hold the pair's light (T2).
    board = _with_restriction(["..1#", "x2..", "...."], "A2 B3")
    lights, _, _ = effect_cells(board, run_detector(board, BY_NUMBER[2].detect))
    assert cells("B3") <= lights
    # A2 holds a light: B3 cannot (T9).
    board = _with_restriction(["+.1#", "L2++", "+..."], "A2 B3")
    _, no_light, _ = effect_cells(board, run_detector(board, BY_NUMBER[9].detect))
    assert cells("B3") <= no_light


def test_restriction_counts_only_when_new():
    board = _with_restriction(["..1#", ".2..", "...."], "A2 B3")
    assert not run_detector(board, BY_NUMBER[25].detect)


def _marks_puzzle_and_solutions(rows: list[str]):
    """The grid as a puzzle, and its solutions that respect the drawn marks (L light,
    x no light)."""
    board = board_from_rows(rows)
    grid = [row.replace(" ", "") for row in rows]
    w = len(grid[0])
    lights = {r * w + c for r, row in enumerate(grid) for c, ch in enumerate(row) if ch in "L*"}
    no_light = {r * w + c for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "x"}
    table = {".": -1, "+": -1, "x": -1, "L": -1, "*": -1, "#": -2, **{str(k): k for k in range(5)}}
    puzzle = LightUpPuzzle(np.array([[table[ch] for ch in row] for row in grid]))
    sols = [s for s in all_solutions(puzzle, limit=5000) if lights <= s and not no_light & s]
    return board, sols


def test_expected_effects_hold_in_every_solution_of_the_test_grids():
    """The expectations above are facts about the grids, not about the implementation: a
    brute-force enumeration confirms them wherever the drawn fragment has solutions."""
    with_solutions = 0
    for number, rows, lights, no_light, restriction in POSITIVE:
        board, sols = _marks_puzzle_and_solutions(rows)
        if not sols:
            continue
        with_solutions += 1
        w = board.geo.width
        index = {name: r * w + c for name in (lights + " " + no_light + " " + restriction).split()
                 for r, c in [cell(name)]}
        for sol in sols:
            assert all(index[n] in sol for n in lights.split()), (number, rows)
            assert not any(index[n] in sol for n in no_light.split()), (number, rows)
            if restriction:
                assert sum(index[n] in sol for n in restriction.split()) == 1, (number, rows)
    assert with_solutions == len(POSITIVE) - 1   # all but T20's unsolvable fragment
