"""One small hand-made board per technique of Sato (2007): it fires with the expected border.

Cells are (row, column), 0-based. Each board is a state built by hand (pearls plus some borders
already decided), as in the paper's local figures; where possible a second assertion shows
that the basics or lower-level techniques alone do not make the same deduction.
"""

from __future__ import annotations

from conftest import CORPUS as CORPUS_ROOT
from masyu_grading_support import ctx, eid, sets

from pencilsat.grading.masyu.basic_rules import (
    basic_fixpoint,
    black_neighbour_side_rule,
    black_straight_rule,
    cell_degree_rule,
    white_axis_rule,
    white_turn_rule,
)
from pencilsat.grading.masyu.closed_loop_corners import (
    closed_loop_check_2,
    closed_loop_check_3,
    closed_loop_check_4,
)
from pencilsat.grading.masyu.closed_loop_routes import closed_loop_check_1, one_step_closing
from pencilsat.grading.masyu.closed_loop_tubes import closed_loop_check_6
from pencilsat.grading.masyu.cut_lines import black_beside_walled_square, cut_line_1, cut_line_2
from pencilsat.grading.masyu.finder import general_techniques
from pencilsat.grading.masyu.first_clues import adjacent_blacks_first_clue, white_runs_first_clue
from pencilsat.grading.masyu.general_regions import general_region_one_gap, general_region_two_gap
from pencilsat.grading.masyu.run_checks import black_white_run_check, white_run_check
from pencilsat.grading.masyu.state import BLOCKED, PASSED, Geometry, MasyuState
from pencilsat.grading.masyu.typed_regions import type1_region, type2_region
from pencilsat.puzzles.masyu import parse_puzzle


def board(rows: list[str], passed=(), blocked=(), paths=()) -> MasyuState:
    """A state from pearl rows plus borders given as cell pairs, and paths of passed cells."""
    text = f"masyu {len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n"
    st = MasyuState(Geometry(parse_puzzle(text)))
    for path in paths:
        passed = list(passed) + list(zip(path, path[1:], strict=False))
    for a, b in passed:
        st.set_edge(eid(st, a, b), PASSED)
    for a, b in blocked:
        st.set_edge(eid(st, a, b), BLOCKED)
    assert not st.contradiction
    return st


def idx(st: MasyuState, cell) -> int:
    return cell[0] * st.g.width + cell[1]


EMPTY7 = ["......."] * 7


# ---------------------------------------------------------------- level 1
def test_siromsketu1_blocks_inside_a_run_of_three_whites():
    st = board([".....", ".....", ".WWW.", ".....", "....."])
    (ded,) = white_runs_first_clue(st)
    assert sets(st, ded) == {((2, 1), (2, 2), False)}
    st.apply(ded)
    st.mark_all_dirty()
    basic_fixpoint(st, lambda d, c: None)
    for c in (1, 2, 3):
        assert st.border(idx(st, (2, c)), 0) == PASSED


def test_kuromsketu1_blocks_between_adjacent_blacks():
    st = board([".....", ".BB..", ".....", ".....", "....."])
    (ded,) = adjacent_blacks_first_clue(st)
    assert sets(st, ded) == {((1, 1), (1, 2), False)}


def test_kuromsketu2_black_next_to_frame_goes_the_other_way():
    st = board(["......", "..B...", "......", "......", "......", "......"])
    ded = black_straight_rule(st, idx(st, (1, 2)))
    assert sets(st, ded) == {((1, 2), (2, 2), True), ((2, 2), (3, 2), True),
                             ((0, 2), (1, 2), False)}


def test_kuromsketu3_black_cannot_go_toward_a_turning_cell():
    st = board([".......", ".......", ".......", "...B...", ".......", ".......", "......."],
               passed=[((2, 2), (2, 3))])
    ded = black_neighbour_side_rule(st, idx(st, (3, 3)))
    assert sets(st, ded) == {((2, 3), (3, 3), False)}


def test_akimsketu_degree_rules():
    st = board(EMPTY7, blocked=[((2, 2), (1, 2)), ((2, 2), (2, 1)), ((2, 2), (2, 3))])
    assert sets(st, cell_degree_rule(st, idx(st, (2, 2)))) == {((2, 2), (3, 2), False)}
    st = board(EMPTY7, passed=[((4, 4), (3, 4))], blocked=[((4, 4), (4, 3)), ((4, 4), (4, 5))])
    assert sets(st, cell_degree_rule(st, idx(st, (4, 4)))) == {((4, 4), (5, 4), True)}


def test_siromsketu2_white_axis_follows_one_border():
    st = board([".......", ".......", "...W...", ".......", ".......", ".......", "......."],
               blocked=[((2, 2), (2, 3))])
    assert sets(st, white_axis_rule(st, idx(st, (2, 3)))) == {
        ((2, 3), (2, 4), False), ((1, 3), (2, 3), True), ((2, 3), (3, 3), True)}


def test_siromsketu3_white_turns_on_the_other_side():
    st = board([".......", ".......", "...W...", ".......", ".......", ".......", "......."],
               passed=[((2, 2), (2, 3)), ((2, 3), (2, 4)), ((2, 1), (2, 2))])
    assert sets(st, white_turn_rule(st, idx(st, (2, 3)))) == {((2, 4), (2, 5), False)}


def _two_lines_closing_board(extra_rows=None):
    # one line from (2,1) up, across row 1 and down to (2,4); a second line far away
    rows = extra_rows or ["......", "......", "......", "......", "......", "......"]
    return board(rows, paths=[[(2, 1), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)],
                              [(4, 2), (4, 3)]])


def test_onesteptoji_blocks_between_adjacent_ends_of_one_line():
    st = board(["......"] * 6, paths=[[(2, 2), (1, 2), (1, 3), (2, 3)], [(4, 2), (4, 3)]])
    assert sets(st, one_step_closing(ctx(st, 1))) == {((2, 2), (2, 3), False)}


def test_onesteptoji_needs_a_second_line():
    st = board(["......"] * 6, paths=[[(2, 2), (1, 2), (1, 3), (2, 3)]])
    assert one_step_closing(ctx(st, 1)) is None


# ---------------------------------------------------------------- level 2
def test_siromsrench_single_white_between_straight_cells():
    st = board(EMPTY7[:3] + ["...W..."] + EMPTY7[4:],
               passed=[((3, 1), (3, 2)), ((3, 4), (3, 5))])
    assert sets(st, white_run_check(ctx(st, 2))) == {((3, 3), (3, 4), False)}


def test_kuromsrench_black_toward_white_before_a_straight_cell():
    rows = [".......", ".......", ".......", "...W...", ".......", "...B...", ".......",
            "......."]
    st = board(rows, passed=[((1, 3), (2, 3))])
    assert sets(st, black_white_run_check(ctx(st, 2))) == {((4, 3), (5, 3), False)}


def test_tojiwa1_blocks_a_route_back_to_the_own_line_end():
    st = _two_lines_closing_board()
    for cell in ((2, 2), (2, 3)):
        st.set_edge(eid(st, cell, (cell[0] + 1, cell[1])), BLOCKED)
        st.set_edge(eid(st, cell, (cell[0] - 1, cell[1])), BLOCKED)
    assert sets(st, closed_loop_check_1(ctx(st, 2))) == {((2, 1), (2, 2), False)}
    assert general_techniques(ctx(st, 1)) is None


def test_tojiwa1_respects_prop12_when_closing_would_solve():
    st = board(["......"] * 6, paths=[[(2, 1), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]])
    for cell in ((2, 2), (2, 3)):
        st.set_edge(eid(st, cell, (cell[0] + 1, cell[1])), BLOCKED)
        st.set_edge(eid(st, cell, (cell[0] - 1, cell[1])), BLOCKED)
    assert closed_loop_check_1(ctx(st, 2)) is None


def _tojiwa2_case_a_board(t3="W"):
    # corner C=(4,2) opening up/right; T1=(3,2) entered from the left; T5=(2,3) the other end
    rows = ["........"] * 8
    rows = [list(r) for r in rows]
    rows[3][3] = t3
    rows = ["".join(r) for r in rows]
    return board(rows,
                 paths=[[(3, 2), (3, 1), (2, 1), (1, 1), (1, 2), (1, 3), (2, 3)],
                        [(6, 5), (6, 6)]],
                 blocked=[((4, 1), (4, 2)), ((4, 2), (5, 2)), ((2, 2), (3, 2)),
                          ((1, 2), (2, 2)), ((2, 2), (2, 1)), ((2, 2), (2, 3))])


def test_tojiwa2_case_a_blocks_the_white_entry_from_the_partner_end():
    st = _tojiwa2_case_a_board()
    assert ((2, 3), (3, 3), False) in sets(st, closed_loop_check_2(ctx(st, 2)))


def test_setudansen1_case_a_blocks_a_border_that_strands_the_input_cell():
    # T1=(3,2) input cell (line from the left), C=(4,2) corner; T2=(4,3), T3=(3,3) line ends
    st = board(["........"] * 8,
               paths=[[(3, 2), (3, 1), (2, 1)], [(3, 3), (3, 4)], [(4, 3), (4, 4)],
                      [(6, 5), (6, 6)]],
               blocked=[((4, 1), (4, 2)), ((4, 2), (5, 2)), ((2, 2), (3, 2))])
    assert sets(st, cut_line_1(ctx(st, 2))) == {((3, 3), (4, 3), False)}


def test_ty1ryoiki_blocks_the_only_way_into_an_empty_pocket():
    # pocket {(1,1),(1,2),(2,1)} walled except the border (1,2)-(1,3) to a line end
    st = board(["......"] * 5,
               paths=[[(1, 3), (1, 4), (2, 4)]],
               blocked=[((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 2), (1, 2)),
                        ((1, 2), (2, 2)), ((2, 0), (2, 1)), ((2, 1), (3, 1)),
                        ((2, 1), (2, 2))])
    assert sets(st, type1_region(ctx(st, 2))) == {((1, 2), (1, 3), False)}


def test_ty2ryoiki_line_end_leaves_through_the_only_exit():
    # free line end (1,1) inside a walled area {(1,1),(1,2)} whose only exit is white (1,3)
    st = board(["......", "...W..", "......", "......"],
               paths=[[(1, 1), (0, 1), (0, 0), (1, 0), (2, 0), (3, 0)]],
               blocked=[((1, 1), (2, 1)), ((0, 2), (1, 2)), ((1, 2), (2, 2))])
    assert sets(st, type2_region(ctx(st, 2))) == {((1, 2), (1, 3), True)}


# ---------------------------------------------------------------- level 3
def test_setudansen2_case_d_cell_between_two_blacks_cannot_turn():
    rows = [".......", ".......", ".......", "..B.B..", ".......", ".......", "......."]
    st = board(rows, blocked=[((2, 3), (3, 3))])
    assert sets(st, cut_line_2(ctx(st, 3))) == {((3, 3), (4, 3), False)}


def test_setudansen2_case_d_is_not_a_level2_deduction():
    rows = [".......", ".......", ".......", "..B.B..", ".......", ".......", "......."]
    st = board(rows, blocked=[((2, 3), (3, 3))])
    st.mark_all_dirty()
    basic_fixpoint(st, lambda d, c: None)
    assert st.border(idx(st, (3, 3)), 2) == 0
    assert general_techniques(ctx(st, 2)) is None or st.border(idx(st, (3, 3)), 2) == 0


def test_kuromsfour_black_cannot_enter_a_walled_square():
    # 2x2 block rows 2-3, cols 2-3; black S above TL at (1,2); pinwheel {TL.left, TR.top,
    # BR.right, BL.bottom} blocked; the rest of S's set {TR.right, BR.bottom, BL.left} blocked
    rows = ["......", "..B...", "......", "......", "......", "......"]
    st = board(rows, blocked=[((2, 1), (2, 2)), ((1, 3), (2, 3)), ((3, 3), (3, 4)),
                              ((3, 2), (4, 2)), ((2, 3), (2, 4)), ((3, 3), (4, 3)),
                              ((3, 1), (3, 2))])
    assert sets(st, black_beside_walled_square(ctx(st, 3))) == {((1, 2), (2, 2), False)}


def test_ryoikisyori1_single_opening_takes_the_parity_of_the_crossings():
    # walled 2x2 area {(1,1),(1,2),(2,1),(2,2)}: one line crosses in at the top of (1,1);
    # the only opening (2,2)-(2,3) must be used, since crossings come in pairs
    st = board(["......"] * 5,
               paths=[[(1, 1), (0, 1), (0, 0), (1, 0), (2, 0), (3, 0)], [(3, 3), (3, 4)]],
               blocked=[((0, 2), (1, 2)), ((1, 2), (1, 3)), ((2, 1), (3, 1)),
                        ((2, 2), (3, 2)), ((1, 0), (1, 1)), ((2, 0), (2, 1))])
    assert sets(st, general_region_one_gap(ctx(st, 3))) == {((2, 2), (2, 3), True)}


def test_ryoikisyori1_one_exit_even_crossings_is_blocked():
    # walled 2x2 area with no line inside and one open border to the outside
    st = board(["......"] * 6,
               paths=[[(4, 3), (4, 4)]],
               blocked=[((0, 1), (1, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1)),
                        ((2, 0), (2, 1)), ((2, 1), (3, 1)), ((2, 2), (3, 2)),
                        ((2, 2), (2, 3))])
    out = sets(st, general_region_one_gap(ctx(st, 3)))
    assert out == {((1, 2), (1, 3), False)}


def test_ryoikisyori2_line_leaving_and_reentering_uses_both_openings():
    # area {(1,1),(1,2)}: a line leaves it upward at (1,1) and comes back in at (1,2); its
    # left and right sides are walled, the two bottom borders side by side are the openings
    st = board(["......"] * 5,
               paths=[[(1, 1), (0, 1), (0, 2), (1, 2)], [(3, 3), (3, 4)]],
               blocked=[((1, 0), (1, 1)), ((1, 2), (1, 3))])
    out = sets(st, general_region_two_gap(ctx(st, 3)))
    assert out == {((1, 1), (2, 1), True), ((1, 2), (2, 2), True)}


def test_level3_techniques_are_sound_on_their_boards():
    """Every level-3 routine returns None or a deduction on a busy board without crashing."""
    st = _tojiwa2_case_a_board()
    c = ctx(st, 3)
    for tech in (cut_line_2, closed_loop_check_3, closed_loop_check_4, closed_loop_check_6):
        ded = tech(c)
        assert ded is None or ded.sets


def test_tojiwa3_case_a_input_cell_would_close_onto_its_own_end():
    # N=(4,2) input cell (line from the left), T1=(3,2) walled on the left, T4=(2,2) the other
    # end of N's line; T2=(4,3) a line end, T3=(3,3) white: using T2|T3 closes N onto T4
    rows = ["........"] * 8
    rows[3] = "...W...."
    st = board(rows,
               paths=[[(4, 2), (4, 1), (3, 1), (2, 1), (1, 1), (1, 2), (2, 2)],
                      [(4, 3), (5, 3), (5, 4)], [(7, 6), (7, 7)]],
               blocked=[((4, 2), (5, 2)), ((3, 1), (3, 2)), ((2, 1), (2, 2))])
    # the board is symmetric about row 3: the mirrored frame from input cell (2,2) may fire first
    assert sets(st, closed_loop_check_3(ctx(st, 3))) in (
        {((3, 3), (4, 3), False)}, {((2, 3), (3, 3), False)})


def test_tojiwa6_tube_entry_that_forces_the_loop_closed_is_blocked():
    # tube (3,2)-(3,3) between line ends X1=(3,1) and X2=(3,4); X2's line ends at Y2=(4,1)
    # next to X1, and Y2's only other way leads straight to Y1=(4,0), X1's far end
    st = board(["......."] * 7,
               paths=[[(3, 1), (2, 1), (2, 0), (3, 0), (4, 0)],
                      [(3, 4), (4, 4), (5, 4), (5, 3), (5, 2), (5, 1), (4, 1)],
                      [(6, 5), (6, 6)]],
               blocked=[((2, 2), (3, 2)), ((3, 2), (4, 2)), ((2, 3), (3, 3)), ((3, 3), (4, 3)),
                        ((4, 1), (4, 2)), ((3, 0), (3, 1))])
    assert sets(st, closed_loop_check_6(ctx(st, 3))) == {((3, 1), (3, 2), False)}




CORPUS = CORPUS_ROOT / "masyu"


def test_mujyunsyori_refutes_a_border_where_level_2_gets_stuck():
    import pytest

    from pencilsat.grading.masyu.engine import LevelRun, grade_masyu

    path = CORPUS / "janko" / "24_6x6.txt"
    if not path.exists():
        pytest.skip("shared corpus not present")
    puzzle = parse_puzzle(path.read_text())
    stuck = LevelRun(Geometry(puzzle), 2, 0)
    stuck.solve()
    assert not stuck.solved
    grade = grade_masyu(puzzle)
    trials = [s for s in grade.steps if s.technique == "MUJYUNSYORI"]
    assert grade.finished and grade.extras.technique_level == 3 and trials
    assert all(not used for s in trials for _, _, used in s.edges)
    assert "contradiction" in trials[0].text


def test_tojiwa4_case_a_partner_end_behind_a_corner():
    # C=(5,2) corner, T1=(4,2) input cell, T3=(4,3) white, T5=(3,3) a corner opening down and
    # right to T10=(3,4), the other end of T1's line: using T3|T5 would close that line
    rows = ["........"] * 8
    rows[4] = "...W...."
    st = board(rows,
               paths=[[(4, 2), (4, 1), (3, 1), (2, 1), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4),
                       (3, 4)], [(7, 6), (7, 7)]],
               blocked=[((5, 1), (5, 2)), ((5, 2), (6, 2)), ((3, 2), (4, 2)),
                        ((2, 3), (3, 3)), ((3, 2), (3, 3))])
    assert sets(st, closed_loop_check_4(ctx(st, 3))) == {((3, 3), (4, 3), False)}


def test_tojiwa5_black_cannot_come_down_into_a_dead_pocket():
    # black T4=(2,2) above free T1=(3,2); corner C=(4,2) opens up and right into the walled
    # pocket {T2=(4,3), T3=(3,3)}: a line down from the black would be trapped
    rows = ["......."] * 7
    rows[2] = "..B...."
    st = board(rows, paths=[[(6, 5), (6, 6)]],
               blocked=[((4, 1), (4, 2)), ((4, 2), (5, 2)), ((4, 3), (4, 4)), ((4, 3), (5, 3)),
                        ((2, 3), (3, 3)), ((3, 3), (3, 4))])
    from pencilsat.grading.masyu.closed_loop_hypotheses import closed_loop_check_5

    assert sets(st, closed_loop_check_5(ctx(st, 3))) == {((2, 2), (3, 2), False)}


def test_rensenentyo_lines_certain_to_join_cannot_close_by_a_route():
    # T1=(3,2) and T2=(4,3) end different lines and must meet via C=(4,2) or T3=(3,3); their far
    # ends P=(1,1) and Q=(1,4) are joined by a forced route along row 1: P may not take it
    st = board(["........"] * 8,
               paths=[[(3, 2), (3, 1), (2, 1), (1, 1)],
                      [(4, 3), (4, 4), (3, 4), (2, 4), (1, 4)], [(6, 5), (6, 6)]],
               blocked=[((4, 1), (4, 2)), ((4, 2), (5, 2)), ((2, 2), (3, 2)), ((4, 3), (5, 3)),
                        ((0, 2), (1, 2)), ((1, 2), (2, 2)), ((0, 3), (1, 3)), ((1, 3), (2, 3))])
    from pencilsat.grading.masyu.joined_lines import connected_lines_extension

    assert sets(st, connected_lines_extension(ctx(st, 3))) == {((1, 1), (1, 2), False)}


def test_ty1ryoiki_case_c_white_exit_leads_on_to_the_line_end_behind_it():
    # pocket {(2,2),(2,3),(3,2)} with exits: line end (2,4) and white (4,2), behind which lies
    # (5,2), the other end of (2,4)'s line; using the pocket would close that line (level 3)
    rows = ["......."] * 7
    rows[4] = "..W...."
    st = board(rows,
               paths=[[(5, 2), (5, 3), (5, 4), (4, 4), (3, 4), (2, 4)], [(0, 5), (0, 6)]],
               blocked=[((1, 2), (2, 2)), ((2, 1), (2, 2)), ((1, 3), (2, 3)), ((2, 3), (3, 3)),
                        ((3, 1), (3, 2)), ((3, 2), (3, 3))])
    assert type1_region(ctx(st, 2)) is None
    assert sets(st, type1_region(ctx(st, 3))) == {((2, 3), (2, 4), False),
                                                  ((3, 2), (4, 2), False)}


def test_setudansen2_case_c_corner_cannot_feed_a_white_pair():
    # C=(4,2) corner, T1=(3,2) input cell from the left, whites T2=(4,3) and T3=(3,3)
    rows = ["........"] * 8
    rows[3] = "...W...."
    rows[4] = "...W...."
    st = board(rows, paths=[[(3, 2), (3, 1), (2, 1)], [(6, 5), (6, 6)]],
               blocked=[((4, 1), (4, 2)), ((4, 2), (5, 2)), ((2, 2), (3, 2))])
    assert sets(st, cut_line_2(ctx(st, 3))) == {((4, 2), (4, 3), False)}


def test_setudansen2_case_e_white_beside_an_input_cell_cannot_run_across():
    # input cell N=(4,2) (line from the left), whites T1=(3,2) above and T2=(4,3) beside it,
    # T3=(3,3) walled above, white T8=(3,1): T1 running across would have no turn
    rows = ["........"] * 8
    rows[3] = ".WW....."
    rows[4] = "...W...."
    st = board(rows, paths=[[(4, 2), (4, 1), (5, 1)], [(6, 5), (6, 6)]],
               blocked=[((4, 2), (5, 2)), ((2, 3), (3, 3))])
    assert sets(st, cut_line_2(ctx(st, 3))) == {((3, 1), (3, 2), False)}


def test_tojiwa2_case_d_white_corner_pair_would_join_the_two_line_ends():
    # C=(4,2) corner with white T1=(3,2) above and white T2=(4,3) beside; T8=(3,1) and
    # T9=(5,3) are the two ends of one line: T2 running vertically would join them
    rows = ["........"] * 8
    rows[3] = "..W....."
    rows[4] = "...W...."
    st = board(rows,
               paths=[[(3, 1), (3, 0), (4, 0), (5, 0), (6, 0), (6, 1), (6, 2), (6, 3), (5, 3)],
                      [(0, 5), (0, 6)]],
               blocked=[((4, 1), (4, 2)), ((4, 2), (5, 2))])
    assert sets(st, closed_loop_check_2(ctx(st, 2))) == {((4, 3), (5, 3), False)}
