"""Issue 29, Light Up: the score reads Kashima's level itself (the level alone ranked Tatham's
levels within a size better than the score did), the steps that look past a clue's own
neighbours (base cost 7 and up), how early the first pattern (base cost 13 and up) comes and
how much of the board the counting techniques alone leave."""

from __future__ import annotations

import pytest
from conftest import CORPUS

from pencilsat.grading.lightup import grade_lightup
from pencilsat.grading.lightup.catalogue import TECHNIQUES
from pencilsat.grading.lightup.counting import COUNTING, counting_open
from pencilsat.grading.lightup.score import MODEL, lightup_features, lightup_score
from pencilsat.grading.steps import Step
from pencilsat.puzzles.lightup import parse_puzzle

BY_NUMBER = {t.number: t for t in TECHNIQUES}


def steps(*numbers: int) -> list[Step]:
    return [Step("lightup", BY_NUMBER[n].japanese, "", cost=float(BY_NUMBER[n].cost))
            for n in numbers]


def test_the_level_feature_is_the_grades_level_and_raises_the_score():
    puzzle = parse_lightup_file("tatham/10x10-hard/s038.txt")
    grade = grade_lightup(puzzle)
    assert grade.level is not None
    left = grade.extras.counting_open
    features = lightup_features(grade.steps, grade.level, puzzle.width, puzzle.height,
                                counting_open=left)
    assert features["level"] == grade.level
    assert MODEL.weights["level"] > 0
    lower = lightup_score(grade.steps, grade.level - 1, puzzle.width, puzzle.height,
                          counting_open=left)
    assert grade.score == pytest.approx(
        lightup_score(grade.steps, grade.level, puzzle.width, puzzle.height,
                      counting_open=left))
    assert lower < grade.score


def test_mid_steps_count_the_techniques_of_base_cost_7_and_up_per_100_cells():
    # T8 (cost 1), T1 (4), T2 (6) are below; T11 (7), T4 (9) and T20 (13) count
    plain = lightup_features(steps(8, 1, 2), 1, 10, 10)
    assert plain["mid_steps"] == 0.0
    mixed = lightup_features(steps(8, 11, 4, 20), 1, 10, 10)
    assert mixed["mid_steps"] == pytest.approx(lightup_features(steps(11, 11, 11), 1, 10,
                                                                10)["mid_steps"])
    # per 100 cells: the same three steps on a board twice as large count half
    assert (lightup_features(steps(11, 4, 20), 1, 20, 10)["mid_steps"]
            < mixed["mid_steps"])


def test_first_hard_is_the_share_of_the_solve_left_at_the_first_pattern():
    assert lightup_features(steps(8, 1, 11, 4), 1, 10, 10)["first_hard"] == 0.0
    # T20 (cost 13) is the 3rd of 4 steps: half the solve is still to come
    assert lightup_features(steps(8, 1, 20, 4), 1, 10, 10)["first_hard"] == 0.5
    assert lightup_features(steps(20, 8, 1, 4), 1, 10, 10)["first_hard"] == 1.0


def parse_lightup_file(path: str):
    return parse_puzzle((CORPUS / "lightup" / path).read_text())


def test_first_mid_is_the_share_of_the_solve_left_at_the_first_step_of_cost_7_and_up():
    assert lightup_features(steps(8, 1, 2), 1, 10, 10)["first_mid"] == 0.0
    # T11 (cost 7) is the 3rd of 4 steps: half the solve is still to come
    assert lightup_features(steps(8, 1, 11, 4), 1, 10, 10)["first_mid"] == 0.5


def test_uses_features_say_which_of_the_25_techniques_were_used():
    features = lightup_features(steps(8, 11, 11, 20), 1, 10, 10)
    used = {n for n in range(1, 26) if features[f"uses_t{n}"] == 1.0}
    assert used == {8, 11, 20}
    assert all(features[f"uses_t{n}"] == 0.0 for n in range(1, 26) if n not in used)
    # non-negative weights: using one more technique never lowers the score
    assert all(w >= 0 for w in MODEL.weights.values())


def test_counting_alone_finishes_tathams_easy_puzzles_and_not_his_tricky_ones():
    # Tatham's "easy" is what counting finishes (a clue's lights against its free
    # neighbours, a cell's possible lighters): T1-T4, T8 and T9 of Kashima's 25
    assert COUNTING == {1, 2, 3, 4, 8, 9}
    easy = parse_lightup_file("tatham/18x10-easy/s008.txt")
    tricky = parse_lightup_file("tatham/18x10-tricky/s014.txt")
    assert counting_open(easy) == 0.0
    assert 0.0 < counting_open(tricky) < 1.0
    # the grader's own log uses diagonal exclusion (T11, cost 7, tried before rescue, T4)
    # on the easy one all the same: the probe, not the log, says counting was enough
    grade = grade_lightup(easy)
    assert "斜め否定" in grade.techniques and grade.extras.counting_open == 0.0
    assert grade_lightup(tricky).extras.counting_open == counting_open(tricky)


def test_beyond_counting_features_read_what_counting_left_and_raise_the_score():
    assert lightup_features(steps(8, 1), 1, 10, 10)["beyond_counting"] == 0.0
    features = lightup_features(steps(8, 1), 1, 10, 10, counting_open=0.25)
    assert features["beyond_counting"] == 1.0 and features["counting_open"] == 0.25
    assert MODEL.weights["beyond_counting"] > 0 and MODEL.weights["counting_open"] > 0
    assert (lightup_score(steps(8, 1), 1, 10, 10, counting_open=0.25)
            > lightup_score(steps(8, 1), 1, 10, 10))
