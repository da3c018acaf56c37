"""Kashima (2010) Light Up grader on whole puzzles: the habituated cost and the levels of
Table 4.8, the JSON and text output, unfinished puzzles, and the incremental search against
the thesis's plain rescan."""

from __future__ import annotations

import numpy as np
import pytest
from lightup_grading_support import CORPUS

from pencilsat.grading.lightup.catalogue import ANY, BY_NAME, BY_NUMBER, CLUE, SEARCH_ORDER, WHITE
from pencilsat.grading.lightup.cost import THESIS_SCALE, technique_total, use_cost
from pencilsat.grading.lightup.engine import grade_lightup
from pencilsat.grading.lightup.finder import effective
from pencilsat.grading.lightup.state import Board
from pencilsat.puzzles.lightup import LightUpPuzzle, parse_puzzle, parse_solution


def _puzzle(rows: list[str]) -> LightUpPuzzle:
    table = {".": -1, "#": -2, **{str(k): k for k in range(5)}}
    return LightUpPuzzle(np.array([[table[ch] for ch in row] for row in rows]))


# --- cost model (digest §6, §7) ----------------------------------------------------------------

def test_habituation_halves_each_use_down_to_a_tenth():
    assert [use_cost(9, k) for k in range(1, 7)] == [9, 4.5, 2.25, 1.125, 0.9, 0.9]
    assert technique_total(4, 6) == pytest.approx(8.3)


def test_digest_worked_example_costs_63_275_and_is_level_6():
    log = {1: 3, 4: 6, 6: 5, 7: 2, 9: 4, 0: 3, 14: 1}
    total = sum(technique_total(base, n) for base, n in log.items())
    assert total == pytest.approx(63.275)
    assert THESIS_SCALE.level(total) == 6
    assert THESIS_SCALE.t_score(total) == pytest.approx(58.47, abs=0.01)


def test_table_4_8_boundaries_go_to_the_lower_level():
    assert THESIS_SCALE.level(25.987) == 1
    assert THESIS_SCALE.level(25.988) == 2
    assert THESIS_SCALE.level(70.445) == 6
    assert THESIS_SCALE.level(70.446) == 7
    costs = [17.05, 30.65, 40.05, 48.275, 58.7, 65.05, 85.9]   # Table 5.1, one per level
    assert [THESIS_SCALE.level(c) for c in costs] == [1, 2, 3, 4, 5, 6, 7]


# --- output ----------------------------------------------------------------------------------

def test_small_puzzle_grades_with_json_keys_and_consistent_costs():
    grade = grade_lightup(_puzzle(["...", ".4.", "..."]))
    assert grade.finished and grade.level == 1
    data = grade.to_dict()
    assert set(data) == {"level", "score", "cost", "finished", "techniques", "steps"}
    assert data["score"] is not None
    assert data["steps"][0] == {"technique": "単純発生", "cost": 4,
                                "bulbs": [[0, 1], [1, 0], [1, 2], [2, 1]], "no_bulb": [],
                                "options": 1}
    assert data["techniques"] == {"単純発生": 1}
    assert sum(s.cost for s in grade.steps) == pytest.approx(grade.extras.cost)
    assert "level 1 of 7" in grade.describe(steps=True)


def test_habituation_is_charged_per_step():
    grade = grade_lightup(_puzzle(["0.0.0", ".....", "0.0.0"]))
    exclusions = [s.cost for s in grade.steps if s.technique == BY_NUMBER[8].japanese]
    assert exclusions[:5] == [1, 0.5, 0.25, 0.125, 0.1]


def test_puzzle_beyond_the_techniques_is_reported_unfinished_when_faithful():
    grade = grade_lightup(_puzzle(["..", ".."]), faithful=True)   # nothing is forced
    assert not grade.finished and grade.level is None and grade.score is None
    assert grade.extras.lit_cells == 0 and grade.steps == []
    assert grade.to_dict()["level"] is None
    assert "unrated" in grade.describe()


def test_puzzle_without_solution_is_reported_not_raised():
    grade = grade_lightup(_puzzle(["4"]))
    assert not grade.finished
    grade = grade_lightup(_puzzle(["#1#1#", "#...#"]))   # both 1s need a light in one row
    assert not grade.finished and grade.extras.stuck_reason


# --- the incremental engine equals the thesis's plain rescan (§3.3) --------------------------

def _plain_rescan_log(puzzle: LightUpPuzzle) -> list[tuple[int, int, frozenset, frozenset]]:
    board = Board.from_puzzle(puzzle)
    geo = board.geo
    anchors = {
        CLUE: list(geo.clues),
        WHITE: [i for i in range(geo.n) if geo.white[i]],
        ANY: [i for i in range(geo.n) if geo.white[i] or geo.number[i] >= 0],
    }
    log = []
    while True:
        for tech in SEARCH_ORDER:
            hit = next(((a, d) for a in anchors[tech.anchors]
                        if (d := effective(board, tech.detect(board, a)))), None)
            if hit:
                anchor, ded = hit
                log.append((tech.number, anchor, ded.lights, ded.no_light))
                changed: set[int] = set()
                for i in sorted(ded.lights):
                    board.place_light(i, changed)
                for i in sorted(ded.no_light):
                    board.forbid(i, changed)
                if ded.restriction:
                    board.restrict(ded.restriction, changed)
                break
        else:
            return log


def _engine_log(puzzle: LightUpPuzzle):
    w = puzzle.width
    return [(BY_NAME[s.technique].number, s.origin[0] * w + s.origin[1],
             frozenset(r * w + c for r, c in s.bulbs), frozenset(r * w + c for r, c in s.no_bulb))
            for s in grade_lightup(puzzle, faithful=True).steps]


def test_incremental_engine_logs_exactly_what_a_full_rescan_logs():
    files = sorted((CORPUS / "janko").glob("*_10x10.txt"))[::5]
    files += sorted((CORPUS / "janko").glob("*_17x17.txt"))[::40]
    files += sorted((CORPUS / "tatham").glob("*/*.txt"))[::4]
    assert len(files) >= 80
    for path in files:
        puzzle = parse_puzzle(path.read_text())
        assert _engine_log(puzzle) == _plain_rescan_log(puzzle), path.name


def test_puzzle_no_trial_decides_gets_the_top_level_and_a_score(monkeypatch):
    """Outside ``faithful`` every unique puzzle gets a level and a score: one whose stall no
    trial resolves is rated at the top of the scale, unfinished."""
    from pencilsat.grading.lightup import engine

    puzzle = _puzzle(["1..", "...", "..1"])
    finished = grade_lightup(puzzle)
    assert finished.finished and any(s.trial is not None for s in finished.steps)
    monkeypatch.setattr(engine, "find_trial", lambda *args: None)
    grade = grade_lightup(puzzle)
    assert not grade.finished and grade.level == 7 and grade.score is not None
    assert grade.score >= 0 and "no trial" in grade.extras.stuck_reason
    assert grade.to_dict()["level"] == 7
    assert "level 7 of 7 (unfinished" in grade.describe()


def test_past_the_budget_each_trial_is_the_first_that_decides(monkeypatch):
    """With the comparing budget spent, trials still finish the grade, each the first
    deciding assumption in the solver's order: so none is found later in that order than
    under the comparing search, and every conclusion holds in the solution."""
    from pencilsat.grading.lightup import engine

    path = CORPUS / "tatham" / "10x10-hard" / "s031.txt"
    puzzle = parse_puzzle(path.read_text())
    solution = parse_solution(path.with_suffix(".sol").read_text()).bulbs
    compared = grade_lightup(puzzle)
    monkeypatch.setattr(engine, "TRIAL_BUDGET", 0)
    first = grade_lightup(puzzle)
    assert first.finished and first.level is not None and first.score is not None
    trials = [s for s in first.steps if s.trial is not None]
    assert trials and [s.text for s in first.steps] != [s.text for s in compared.steps]
    for step in trials:
        assert all(cell in solution for cell in step.bulbs)
        assert not any(cell in solution for cell in step.no_bulb)
    assert first.steps[0].text == compared.steps[0].text
