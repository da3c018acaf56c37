"""Hand-built boards for the Masyu grader's sub-cases (Sato 2007): TOJIWA5 case B, the
Technique 2/3 patterns on virtual lines (TOJIHAITI) in RYOIKISYORI1 and RENSENENTYO,
RENSENENTYO case C and TOJIWA6 case B2.

Each board is a whole puzzle with a unique solution (found by the solver, checked by the rule
checker); the state is that puzzle with some borders decided by hand, all agreeing with the
solution. The technique must fire with exactly the expected borders, and they must agree with
the solution. Cells are (row, column), 0-based.
"""

from __future__ import annotations

from masyu_grading_support import agrees, ctx, sets, state_on, unique_solution

from pencilsat.grading.masyu_level3b import closed_loop_check_5, short_straight_line_parity

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
