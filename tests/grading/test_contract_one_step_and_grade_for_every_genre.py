"""All three graders return the same kind of value: a ``Grade`` whose steps are ``Step``s, with
one JSON form and one text form, and counts that match the steps."""

from __future__ import annotations

import json

import pytest
from conftest import CORPUS

from pencilsat.formats.detect import read_input
from pencilsat.grading.front import grader_for
from pencilsat.grading.steps import Border, Digit, Grade, Step
from pencilsat.puzzles.sudoku import parse_line

EXAMPLES = {
    "masyu": CORPUS / "masyu/seed_10x10.txt",
    "lightup": CORPUS / "lightup/tatham/10x10-hard/s038.txt",  # needs a trial to finish
    "sudoku": CORPUS / "sudoku/tatham/advanced.txt",
}
JSON_KEYS = {
    "masyu": ["level", "score", "tedium", "level_up", "finished", "techniques", "steps"],
    "sudoku": ["level", "score", "score_time", "level_up", "finished", "techniques", "steps"],
    "lightup": ["level", "score", "cost", "finished", "techniques", "steps", "white_cells",
                "lit_cells", "lights", "stopped"],
}
STEP_KEYS = {
    "masyu": ["technique", "level", "edges"],
    "sudoku": ["technique", "level", "placements", "eliminations"],
    "lightup": ["technique", "cost", "bulbs", "no_bulb"],
}


def _graded(genre: str) -> Grade:
    path = EXAMPLES[genre]
    puzzle = (parse_line(path.read_text().split()[0]) if genre == "sudoku"
              else read_input(str(path)))
    return grader_for(genre)(puzzle)


@pytest.fixture(scope="module", params=sorted(EXAMPLES))
def graded(request) -> tuple[str, Grade]:
    return request.param, _graded(request.param)


def test_a_grade_is_one_value_with_steps_of_one_kind(graded):
    genre, grade = graded
    assert isinstance(grade, Grade) and grade.steps
    assert all(isinstance(s, Step) and s.genre == genre for s in grade.steps)
    counts: dict[str, int] = {}
    for s in grade.steps:
        counts[s.technique] = counts.get(s.technique, 0) + 1
    assert grade.techniques == counts


def test_every_step_names_its_technique_says_why_and_fixes_something(graded):
    genre, grade = graded
    for s in grade.steps:
        assert s.technique and s.text
        assert (s.level is not None) == (genre != "lightup")
        assert (s.cost is not None) == (genre == "lightup")
        facts = (s.edges, s.placements, s.eliminations, s.bulbs, s.no_bulb, s.exactly_one_bulb)
        assert any(facts)


def test_json_keys_come_in_the_documented_order(graded):
    genre, grade = graded
    data = json.loads(json.dumps(grade.to_dict()))
    assert list(data) == JSON_KEYS[genre][:len(data)]
    assert set(JSON_KEYS[genre]) - set(data) <= ({"white_cells", "lit_cells", "lights", "stopped"}
                                                 if grade.finished else set())
    for step, item in zip(grade.steps, data["steps"], strict=True):
        assert item == json.loads(json.dumps(step.to_dict()))
        assert list(item)[:len(STEP_KEYS[genre])] == STEP_KEYS[genre]
    assert grade.to_json() == grade.to_dict()


def test_the_text_form_lists_every_step_only_when_asked(graded):
    _, grade = graded
    short, full = grade.describe(steps=False), grade.describe(steps=True)
    assert all(s.text in full for s in grade.steps)
    assert not any(s.text in short for s in grade.steps)
    assert grade.describe() == short


def test_a_step_fact_list_appears_in_json_only_where_its_genre_has_it():
    border = Border((0, 0), (0, 1), True)
    masyu = Step("masyu", "AKIMSKETU", "why", level=1, edges=(border,))
    assert masyu.to_dict() == {"technique": "AKIMSKETU", "level": 1,
                               "edges": [{"cells": [[0, 0], [0, 1]], "used": True}]}
    sudoku = Step("sudoku", "SANRETUSYO", "why", level=1, placements=(Digit(2, 8, 1),))
    assert sudoku.to_dict() == {"technique": "SANRETUSYO", "level": 1,
                                "placements": [[2, 8, 1]], "eliminations": []}
    plain = Step("lightup", "孤立", "why", cost=0.5, bulbs=((1, 1),))
    assert plain.to_dict() == {"technique": "孤立", "cost": 0.5, "bulbs": [[1, 1]],
                               "no_bulb": []}
    restricted = Step("lightup", "斜め1・2易", "why", cost=14, exactly_one_bulb=((0, 1), (1, 0)))
    assert restricted.to_dict() == {"technique": "斜め1・2易", "cost": 14, "bulbs": [],
                                    "no_bulb": [], "exactly_one_bulb": [[0, 1], [1, 0]]}
