"""Sato (2007) Masyu grader on whole puzzles: the seed puzzles' levels and logs, the JSON
keys, and the tedium rule that raises a level (§5.3)."""

from __future__ import annotations

import json

import pytest
from masyu_grading_support import CORPUS, grade_and_check

from pencilsat.grading.masyu.catalogue import TECHNIQUES
from pencilsat.grading.masyu.engine import grade_masyu
from pencilsat.puzzles.masyu import parse_puzzle, parse_solution

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus not present")


@needs_corpus
def test_seed_10x10_is_finished_at_level_1():
    grade = grade_and_check(CORPUS / "seed_10x10.txt")
    assert grade.finished
    assert grade.level == 1
    assert grade.techniques.get("ONESTEPTOJI", 0) > 0


@needs_corpus
def test_seed_36x20_is_graded_with_a_readable_log():
    grade = grade_and_check(CORPUS / "seed_36x20.txt")
    assert grade.finished
    assert grade.extras.technique_level >= 2
    text = grade.describe(steps=True)
    assert "TOJIWA1" in text and "Steps (cells" in text
    assert len([ln for ln in text.splitlines() if ln.strip()[:1].isdigit()]) == len(grade.steps)


@needs_corpus
def test_finished_grade_fixes_every_border_of_the_solution():
    path = CORPUS / "seed_10x10.txt"
    solution = parse_solution(path.with_suffix(".sol").read_text())
    grade = grade_masyu(parse_puzzle(path.read_text()))
    used = {(a, b) for s in grade.steps for a, b, u in s.edges if u}
    assert used == set(solution.edges)


@needs_corpus
def test_json_has_exactly_the_documented_keys():
    grade = grade_masyu(parse_puzzle((CORPUS / "seed_10x10.txt").read_text()))
    data = json.loads(json.dumps(grade.to_dict()))
    assert set(data) == {"level", "score", "tedium", "level_up", "finished", "techniques", "steps"}
    step = data["steps"][0]
    assert set(step) == {"technique", "level", "edges"}
    edge = step["edges"][0]
    assert set(edge) == {"cells", "used"}
    (r1, c1), (r2, c2) = edge["cells"]
    assert abs(r1 - r2) + abs(c1 - c2) == 1
    assert sum(data["techniques"].values()) == len(data["steps"])
    assert all(name in TECHNIQUES for name in data["techniques"])


def test_tedium_points_follow_the_papers_example():
    from types import SimpleNamespace

    from pencilsat.grading.masyu.engine import LevelRun
    from pencilsat.grading.masyu.state import Geometry, Line

    run = LevelRun(Geometry(parse_puzzle("masyu 2 2\nBB\nBB\n")), 1, 0)
    lines = [Line(0, 1, n, 0) for n in (35, 56, 130, 20, 3)]
    run.score_tedium(SimpleNamespace(lines=lines))
    assert run.tedium_max == 4
    assert run.tedium_events == 1
    run.score_tedium(SimpleNamespace(lines=lines[:2]))
    assert run.tedium_max == 4 and run.tedium_events == 1


@needs_corpus
def test_three_tedium_events_raise_the_level_by_one(monkeypatch):
    from pencilsat.grading.masyu import engine

    puzzle = parse_puzzle((CORPUS / "seed_10x10.txt").read_text())
    base = grade_masyu(puzzle)
    assert base.level == 1 and not base.extras.level_up
    original = engine.LevelRun.score_tedium

    def tedious(self, ctx):
        original(self, ctx)
        self.tedium_events += 3

    monkeypatch.setattr(engine.LevelRun, "score_tedium", tedious)
    raised = grade_masyu(puzzle)
    assert raised.extras.level_up and raised.extras.technique_level == 1
    assert raised.level == 2
