"""Sato (2007) Masyu grader: soundness on the corpus, the seed puzzles, the API and level rule.

Soundness is the grader's contract: every border a technique fixes must agree with the unique
solution (read here, by the test, never by the engine).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CORPUS as CORPUS_ROOT

from pencilsat.grading.masyu.catalogue import TECHNIQUES
from pencilsat.grading.masyu.engine import MasyuGrade, grade_masyu, solution_agrees
from pencilsat.puzzles.masyu import parse_puzzle, parse_solution

CORPUS = CORPUS_ROOT / "masyu"


def _dims(path: Path) -> tuple[int, int]:
    _, w, h = path.read_text().split("\n", 1)[0].split()
    return int(w), int(h)


def _with_solutions() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*.txt") if p.with_suffix(".sol").exists())


ALL = _with_solutions()
SMALL = [p for p in ALL if max(_dims(p)) <= 10]
LARGER_SAMPLE = [p for p in ALL if max(_dims(p)) > 10 and _dims(p)[0] * _dims(p)[1] <= 400][::15]
needs_corpus = pytest.mark.skipif(not ALL, reason="shared corpus not present")


def _grade_and_check(path: Path) -> MasyuGrade:
    puzzle = parse_puzzle(path.read_text(), name=path.name)
    solution = parse_solution(path.with_suffix(".sol").read_text())
    grade = grade_masyu(puzzle)
    wrong = [s for s in grade.steps if not solution_agrees(s, solution)]
    assert not wrong, f"{path.name}: {wrong[0].technique} contradicts the solution: {wrong[0].text}"
    return grade


@needs_corpus
def test_sample_is_large_enough():
    assert len(SMALL) + len(LARGER_SAMPLE) >= 100


@needs_corpus
@pytest.mark.parametrize("path", SMALL + LARGER_SAMPLE, ids=lambda p: str(p.relative_to(CORPUS)))
def test_no_deduction_contradicts_the_solution(path: Path):
    grade = _grade_and_check(path)
    assert 1 <= grade.level <= 3


@needs_corpus
def test_seed_10x10_is_finished_at_level_1():
    grade = _grade_and_check(CORPUS / "seed_10x10.txt")
    assert grade.finished
    assert grade.level == 1
    assert grade.techniques.get("ONESTEPTOJI", 0) > 0


@needs_corpus
def test_seed_36x20_is_graded_with_a_readable_log():
    grade = _grade_and_check(CORPUS / "seed_36x20.txt")
    assert grade.finished
    assert grade.technique_level >= 2
    text = grade.describe(show_steps=True)
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
    data = json.loads(json.dumps(grade.to_json()))
    assert set(data) == {"level", "tedium", "level_up", "finished", "techniques", "steps"}
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
    assert base.level == 1 and not base.level_up
    original = engine.LevelRun.score_tedium

    def tedious(self, ctx):
        original(self, ctx)
        self.tedium_events += 3

    monkeypatch.setattr(engine.LevelRun, "score_tedium", tedious)
    raised = grade_masyu(puzzle)
    assert raised.level_up and raised.technique_level == 1 and raised.level == 2
