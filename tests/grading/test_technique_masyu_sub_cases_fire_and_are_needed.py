"""Hand-built boards for the Masyu grader's sub-cases (Sato 2007): TOJIWA5 case B, the
Technique 2/3 patterns on virtual lines (TOJIHAITI) in RYOIKISYORI1 and RENSENENTYO,
RENSENENTYO case C and TOJIWA6 case B2.

Each board is a whole puzzle with a unique solution (found by the solver, checked by the rule
checker); the state is that puzzle with some borders decided by hand, all agreeing with the
solution. The technique must fire with exactly the expected borders, and they must agree with
the solution. Cells are (row, column), 0-based. At the end, generated puzzles on which the
grader (without trials) gets stuck when the sub-case is switched off.
"""

from __future__ import annotations

import pytest
from conftest import CORPUS
from masyu_grading_support import agrees, ctx, puzzle_of, sets, state_on, unique_solution

from pencilsat.grading.masyu.closed_loop_corners import closed_loop_check_2
from pencilsat.grading.masyu.closed_loop_hypotheses import (
    closed_loop_check_5,
    short_straight_line_parity,
)
from pencilsat.grading.masyu.closed_loop_tubes import closed_loop_check_6
from pencilsat.grading.masyu.engine import grade_masyu
from pencilsat.grading.masyu.general_regions import general_region_one_gap
from pencilsat.grading.masyu.joined_lines import connected_lines_extension

# ---------------------------------------------------------------- TOJIWA5 case B
T5B_ROWS = [".WWBBWW.", ".W.WW.W.", "BW.WW.WB", "W......W",
            "W..WW..W", "BW....WB", ".W.WW.W.", ".WWBBWW."]


def _t5b_state(solution):
    # straight line A=(4,2) .. B=(4,5), walled left of A and right of B; above it the area
    # {(3,2)..(3,5)} holds two line ends (3,3), (3,4); below, (5,2) and (5,5) are the two ends
    # of one long line: turning down at both would close it with A-B into a small loop
    return state_on(
        T5B_ROWS, solution,
        paths=[[(4, 2), (4, 3), (4, 4), (4, 5)], [(3, 3), (2, 3)], [(3, 4), (2, 4)],
               [(5, 5), (6, 5), (6, 6), (6, 7), (7, 7), (7, 6), (7, 5), (7, 4), (6, 4), (5, 4),
                (5, 3), (6, 3), (7, 3), (7, 2), (7, 1), (7, 0), (6, 0), (6, 1), (6, 2), (5, 2)]],
        blocked=[((4, 1), (4, 2)), ((4, 5), (4, 6)), ((3, 3), (4, 3)), ((4, 3), (5, 3)),
                 ((3, 4), (4, 4)), ((4, 4), (5, 4)), ((2, 2), (3, 2)), ((3, 1), (3, 2)),
                 ((2, 5), (3, 5)), ((3, 5), (3, 6))])


def test_tojiwa5_case_b_short_straight_line_turns_toward_the_two_ends():
    solution = unique_solution(T5B_ROWS)
    st = _t5b_state(solution)
    found = sets(st, short_straight_line_parity(ctx(st)))
    assert found == {((3, 2), (4, 2), True), ((3, 5), (4, 5), True)}
    assert agrees(found, solution)
    # wired into TOJIWA5 after case A
    assert sets(st, closed_loop_check_5(ctx(st))) == found


def test_tojiwa5_case_b_needs_the_two_ends_in_the_area():
    # with (3,4)-(2,4) not yet drawn the area beside the line is open upward: no parity
    solution = unique_solution(T5B_ROWS)
    st = state_on(
        T5B_ROWS, solution,
        paths=[[(4, 2), (4, 3), (4, 4), (4, 5)], [(3, 3), (2, 3)],
               [(5, 5), (6, 5), (6, 6), (6, 7), (7, 7), (7, 6), (7, 5), (7, 4), (6, 4), (5, 4),
                (5, 3), (6, 3), (7, 3), (7, 2), (7, 1), (7, 0), (6, 0), (6, 1), (6, 2), (5, 2)]],
        blocked=[((4, 1), (4, 2)), ((4, 5), (4, 6)), ((3, 3), (4, 3)), ((4, 3), (5, 3)),
                 ((3, 4), (4, 4)), ((4, 4), (5, 4)), ((2, 2), (3, 2)), ((3, 1), (3, 2)),
                 ((2, 5), (3, 5)), ((3, 5), (3, 6))])
    assert short_straight_line_parity(ctx(st)) is None


# ---------------------------------------------------------------- TOJIHAITI in RENSENENTYO
HAITI_ROWS = ["....W..WB", "....W.W.W", "BW.WBBW..", "W...WW...", "..WWBWWW.",
              "W.WB..W..", "B..W.WBW.", "...BW.WBW", "..BW...WB"]
HAITI_LX = [(6, 1), (6, 0), (5, 0), (4, 0), (3, 0), (2, 0), (2, 1), (2, 2)]
HAITI_LY = ([(7, 2), (8, 2)] + [(8, c) for c in range(3, 9)] + [(r, 8) for r in range(7, -1, -1)]
            + [(0, c) for c in range(7, 2, -1)] + [(1, 3)])


def test_rensenentyo_applies_technique_2_to_the_joined_virtual_line():
    # T1=(6,1) and T2=(7,2) end different lines and must meet via corner C=(7,1) or T3=(6,2)
    # (case A), so the far ends P=(2,2) and Q=(1,3) become one line. P is an input cell
    # beside corner (3,2), with white (2,3) between it and Q: if Q went down through the
    # white, P would be forced to close that joined line (Technique 2 case A on the virtual
    # line, TOJIHAITI). A third line (3,6)-(3,7) makes the loop partial.
    solution = unique_solution(HAITI_ROWS)
    st = state_on(HAITI_ROWS, solution, paths=[HAITI_LX, HAITI_LY, [(3, 6), (3, 7)]],
                  blocked=[((1, 2), (2, 2)), ((3, 1), (3, 2)), ((3, 2), (4, 2)),
                           ((5, 1), (6, 1)), ((7, 0), (7, 1)), ((7, 1), (8, 1)), ((7, 2), (7, 3))])
    ded = connected_lines_extension(ctx(st))
    found = sets(st, ded)
    assert found == {((1, 3), (2, 3), False)}
    assert agrees(found, solution)
    assert "Technique 2 case A" in ded.text
    # the real-line Technique 2 does not see it: P and Q are ends of different lines
    assert closed_loop_check_2(ctx(st)) is None



def test_ryoikisyori1_applies_technique_2_to_the_region_joined_line():
    # the same board, with the 2x2 area {(6,1),(6,2),(7,1),(7,2)} walled but for the two
    # crossings of P's and Q's lines: they must join inside it (Prop 11), so P and Q are the
    # ends of one region-joined line and Technique 2 case A at P applies (Prop 12 totals)
    solution = unique_solution(HAITI_ROWS)
    st = state_on(HAITI_ROWS, solution, paths=[HAITI_LX, HAITI_LY, [(3, 6), (3, 7)]],
                  blocked=[((1, 2), (2, 2)), ((3, 1), (3, 2)), ((3, 2), (4, 2)),
                           ((5, 1), (6, 1)), ((7, 0), (7, 1)), ((7, 1), (8, 1)), ((7, 2), (7, 3)),
                           ((5, 2), (6, 2)), ((6, 2), (6, 3))])
    ded = general_region_one_gap(ctx(st))
    found = sets(st, ded)
    assert found == {((1, 3), (2, 3), False)}
    assert agrees(found, solution)
    assert "closed area" in ded.text and "Technique 2 case A" in ded.text


HAITI34_LY = ([(7, 2), (8, 2)] + [(8, c) for c in range(3, 9)]
              + [(r, 8) for r in range(7, -1, -1)] + [(0, c) for c in range(7, 0, -1)]
              + [(1, 1), (1, 2)])
"""The long line round the rim shared by the Technique 3 and type-4 boards: it ends at T4."""
HAITI3_ROWS = ["..W....WB", "....WB..W", "...WBWWW.", "BW..W..W.", "W.WWBBWB.", "W.WWBW...",
               "B...WBW..", "....BWW.W", "..BW...WB"]


def test_rensenentyo_applies_technique_3_to_the_joined_virtual_line():
    # as above, T1=(6,1) and T2=(7,2) must join, so N=(3,2) and T4=(1,2) become the two ends
    # of one line. N is an input cell (line from the left, walled below) under the walled
    # cell (2,2), T4 an input cell above it, and white (2,3) beside: using (2,3)-(3,3) would
    # force N up to T4 and close that line (Technique 3 case A on the virtual line). The
    # frame is symmetric; the one from T4 (earlier in row-major order) blocks (1,3)-(2,3).
    solution = unique_solution(HAITI3_ROWS)
    lx = [(6, 1), (6, 0), (5, 0), (4, 0), (3, 0), (3, 1), (3, 2)]
    st = state_on(HAITI3_ROWS, solution, paths=[lx, HAITI34_LY, [(4, 5), (4, 6)]],
                  blocked=[((3, 2), (4, 2)), ((2, 1), (2, 2)), ((0, 2), (1, 2)), ((5, 1), (6, 1)),
                           ((7, 0), (7, 1)), ((7, 1), (8, 1)), ((7, 2), (7, 3))])
    ded = connected_lines_extension(ctx(st))
    found = sets(st, ded)
    assert found == {((1, 3), (2, 3), False)}
    assert agrees(found, solution)
    assert "Technique 3 case A" in ded.text


HAITI4_ROWS = ["..W....WB", "....W...W", "...WW.WW.", "...W.WBW.", "BWW.BWWB.", "W..WW.WB.",
               "B..W...W.", "...BW.WBW", "..BW...WB"]


def test_tojihaiti_type_4_match_blocks_t2_t9():
    # T1=(6,1) and T2=(7,2) must join, so T4=(1,2) and T9=(4,3) become one line's ends.
    # Corner (3,2) with walled (2,2) above it, T4 an input cell above that, whites (3,3) and
    # (2,3) beside: a corner pair of type 4. The listing never sets the target of a type-4
    # match; we block T2|T9 = (3,3)-(4,3), as in Technique 2 case C: used, the white pair
    # would run up to (1,3) and force T4 to close the joined line
    solution = unique_solution(HAITI4_ROWS)
    lx = [(6, 1), (6, 0), (5, 0), (4, 0), (4, 1), (4, 2), (4, 3)]
    st = state_on(HAITI4_ROWS, solution, paths=[lx, HAITI34_LY, [(5, 5), (5, 6)]],
                  blocked=[((3, 1), (3, 2)), ((3, 2), (4, 2)), ((2, 1), (2, 2)), ((0, 2), (1, 2)),
                           ((5, 1), (6, 1)), ((7, 0), (7, 1)), ((7, 1), (8, 1)), ((7, 2), (7, 3))])
    ded = connected_lines_extension(ctx(st))
    found = sets(st, ded)
    assert found == {((3, 3), (4, 3), False)}
    assert agrees(found, solution)
    assert "Technique 2 case C" in ded.text

# ---------------------------------------------------------------- RENSENENTYO case C
TUBE_ROWS = ["....W..WB", "....W.WBW", "BW.WB..W.", "W...WWW..", "..WWBWWW.",
             "W.W.WB..W", ".....W.WB", ".....W.W.", ".BW....W."]
TUBE_LX = [(6, 1), (6, 0), (5, 0), (4, 0), (3, 0), (2, 0), (2, 1), (2, 2)]
TUBE_LY = ([(6, 4), (6, 5), (6, 6), (6, 7), (6, 8)] + [(r, 8) for r in range(5, -1, -1)]
           + [(0, c) for c in range(7, 2, -1)] + [(1, 3)])
TUBE_GAMMA = ([(7, 1)] + [(8, c) for c in range(1, 9)] + [(7, 8), (7, 7), (7, 6), (7, 5),
                                                            (7, 4)])
TUBE_BLOCKED = [((1, 2), (2, 2)), ((3, 1), (3, 2)), ((3, 2), (4, 2)), ((5, 1), (6, 1)),
                ((5, 4), (6, 4)), ((5, 2), (6, 2)), ((6, 2), (7, 2)), ((5, 3), (6, 3)),
                ((6, 3), (7, 3))]


def test_rensenentyo_case_c_tube_ends_join_either_way():
    # tube (6,2)-(6,3) between line ends X1=(6,1) and X2=(6,4); unused, X1 must go down to
    # (7,1) and X2 down to (7,4), the two ends of one line gamma: either way X1 and X2 are
    # joined, so the far ends P=(2,2) and Q=(1,3) of their lines become one virtual line, and
    # Technique 2 case A at P (white (2,3) between P and Q) blocks Q's way down. A fourth line
    # (3,6)-(4,6) makes the loop partial.
    solution = unique_solution(TUBE_ROWS)
    st = state_on(TUBE_ROWS, solution,
                  paths=[TUBE_LX, TUBE_LY, TUBE_GAMMA, [(3, 6), (4, 6)]], blocked=TUBE_BLOCKED)
    ded = connected_lines_extension(ctx(st))
    found = sets(st, ded)
    assert found == {((1, 3), (2, 3), False)}
    assert agrees(found, solution)
    assert "(6,1) and (6,4) must join" in ded.text


def test_rensenentyo_case_c_needs_four_lines():
    # without the fourth line, closing the joined line could still be the solution's loop
    # (LN - 2 < 2): nothing is deduced
    solution = unique_solution(TUBE_ROWS)
    st = state_on(TUBE_ROWS, solution, paths=[TUBE_LX, TUBE_LY, TUBE_GAMMA],
                  blocked=TUBE_BLOCKED)
    assert connected_lines_extension(ctx(st)) is None


# ---------------------------------------------------------------- TOJIWA6 case B2
B2_ROWS = ["BW..W.WB", "W....W.W", ".BWW....", ".W......", ".B...BW.", ".....WWW", "W..WWB..",
           "BW......"]
B2_A = [(4, 2), (4, 1), (3, 1), (2, 1), (2, 2), (2, 3), (2, 4)]
B2_B = [(4, 4), (4, 5), (5, 5), (6, 5), (6, 4), (6, 3), (6, 2)]
B2_BLOCKED = [((3, 3), (4, 3)), ((4, 3), (5, 3)), ((3, 2), (4, 2)), ((4, 4), (5, 4)),
              ((5, 1), (5, 2)), ((5, 2), (5, 3)), ((3, 3), (3, 4)), ((3, 4), (3, 5))]


def test_tojiwa6_case_b2_tube_whose_disuse_closes_two_lines_is_used():
    # tube (4,3) between line ends X1=(4,2) and X2=(4,4). Unused, X1 must go down through
    # (5,2) to (6,2), the far end of X2's line, and X2 up through (3,4) to (2,4), the far end
    # of X1's line: the two lines would close into a loop (a third line (0,4)-(0,5) exists),
    # so the tube is used. Case B1 cannot see it: no far end is one step from the other line.
    solution = unique_solution(B2_ROWS)
    st = state_on(B2_ROWS, solution, paths=[B2_A, B2_B, [(0, 4), (0, 5)]], blocked=B2_BLOCKED)
    ded = closed_loop_check_6(ctx(st))
    found = sets(st, ded)
    assert found == {((4, 2), (4, 3), True), ((4, 3), (4, 4), True)}
    assert agrees(found, solution)
    assert "case B2" in ded.text


def test_tojiwa6_case_b2_needs_a_forced_alternative_at_each_end():
    # with X1's upper border still open, X1 has two ways besides the tube: no deduction
    solution = unique_solution(B2_ROWS)
    blocked = [b for b in B2_BLOCKED if b != ((3, 2), (4, 2))]
    st = state_on(B2_ROWS, solution, paths=[B2_A, B2_B, [(0, 4), (0, 5)]], blocked=blocked)
    assert closed_loop_check_6(ctx(st)) is None


# ---------------------------------------------------------------- on a real puzzle
def test_tojiwa5_case_b_replaces_a_trial_on_a_janko_puzzle(monkeypatch):
    import pencilsat.grading.masyu.closed_loop_hypotheses as hypotheses
    from pencilsat.puzzles.masyu import parse_puzzle, parse_solution

    path = CORPUS / "masyu" / "janko" / "347_10x10.txt"
    if not path.exists():
        pytest.skip("shared corpus not present")
    puzzle = parse_puzzle(path.read_text())
    solution = parse_solution(path.with_suffix(".sol").read_text())
    grade = grade_masyu(puzzle)
    case_b = [s for s in grade.steps if s.technique == "TOJIWA5" and "(case B)" in s.text]
    assert case_b and all(s.agrees_with(solution) for s in case_b)
    monkeypatch.setattr(hypotheses, "short_straight_line_parity", lambda ctx: None)
    without = grade_masyu(puzzle)
    assert without.techniques.get("MUJYUNSYORI", 0) > grade.techniques.get("MUJYUNSYORI", 0)


# ---------------------------------------------------------------- necessary sub-cases
# 10x10 puzzles from pencilsat's own generator (generate_masyu(10, 10, seed), seeds 136, 406,
# 3811 and 153), found by ablation (digest §7.5 (d)): without trials the grader finishes them only
# with the sub-case; without it, it gets stuck.
NEEDS_T5B = ["B...B..B..", ".....W....", "B.W..W.WW.", "..........", ".W...W.BW.",
             "B.........", "...W.W....", "B......W..", "..W..W.W.W", ".W..B....."]
NEEDS_HAITI = [".W......W.", "..B.....W.", ".W..WW....", ".W..W...W.", "..W..W...B",
               "....W.....", "W...W.....", ".....B.B..", "..BW..B...", ".W.W....W."]
NEEDS_C = ["......W..B", "..B.......", "....B.....", "W...B.BW.W", "..........",
           "..B......B", ".....W....", "....W.B.W.", "W...W....W", "..B......."]
NEEDS_B2 = ["B......B..", ".....BW..W", ".......W..", ".B...B....", "B.B......B",
            "....B.....", "W....B....", "...B....W.", ".........W", "..W.B..B.."]


def _off_t5b(monkeypatch):
    import pencilsat.grading.masyu.closed_loop_hypotheses as hypotheses

    monkeypatch.setattr(hypotheses, "short_straight_line_parity", lambda c: None)


def _off_haiti(monkeypatch):
    import pencilsat.grading.masyu.general_regions as regions
    import pencilsat.grading.masyu.joined_lines as joined

    monkeypatch.setattr(joined, "virtual_line_patterns", lambda c, v: None)
    monkeypatch.setattr(regions, "virtual_line_patterns", lambda c, v: None)


def _off_c(monkeypatch):
    import pencilsat.grading.masyu.joined_lines as joined

    monkeypatch.setattr(joined, "_tube_ends_join", lambda *a: None)


def _off_b2(monkeypatch):
    import pencilsat.grading.masyu.closed_loop_tubes as tubes

    monkeypatch.setattr(tubes, "_tube_must_be_used", lambda *a: None)


@pytest.mark.parametrize("rows, marker, switch_off", [
    (NEEDS_T5B, "(case B)", _off_t5b),
    (NEEDS_HAITI, "(Technique 2", _off_haiti),
    (NEEDS_C, "must join", _off_c),
    (NEEDS_B2, "(case B2)", _off_b2),
], ids=["TOJIWA5-case-B", "TOJIHAITI", "RENSENENTYO-case-C", "TOJIWA6-case-B2"])
def test_without_the_sub_case_the_grader_gets_stuck(rows, marker, switch_off, monkeypatch):
    solution = unique_solution(rows)
    puzzle = puzzle_of(rows)
    grade = grade_masyu(puzzle, max_trials=0)
    assert grade.finished
    assert any(marker in s.text for s in grade.steps)
    assert all(s.agrees_with(solution) for s in grade.steps)
    switch_off(monkeypatch)
    stuck = grade_masyu(puzzle, max_trials=0)
    assert not stuck.finished
    assert all(s.agrees_with(solution) for s in stuck.steps)
