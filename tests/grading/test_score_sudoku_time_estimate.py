"""``score_time``, the Sudoku grader's human-time estimate: present in every scored grade
(JSON and text), finite, inside its interval, monotone in each of its figures; its stored
constants are what ``benchmarks/score_time.py`` fits from its stored measures, those measures
are what the library computes, and the grader stays sound on the human-timed puzzles."""

from __future__ import annotations

import json
import math

import pytest
from conftest import CORPUS, REPO, benchmark_module
from sudoku_backtrack import solutions
from sudoku_grading_support import assert_sound, tatham

from pencilsat.grading.sudoku import grade_sudoku
from pencilsat.grading.sudoku import human_time as model
from pencilsat.puzzles.sudoku import parse_line

HUMAN = CORPUS / "sudoku/human/cloud_sudoku_times.tsv"
STORED = REPO / "benchmarks/results/score_time_sudoku.json"


def _benchmark():
    return benchmark_module("score_time")


def _human_rows(every: int) -> list[dict[str, str]]:
    lines = HUMAN.read_text().splitlines()
    head = lines[0].split("\t")
    return [dict(zip(head, line.split("\t"), strict=True)) for line in lines[1:]][::every]


@pytest.mark.parametrize("level", ["trivial", "intermediate", "unreasonable"])
def test_every_scored_grade_has_a_finite_estimate_in_json_and_text(level):
    grade = grade_sudoku(parse_line(tatham(level)[0][0]))
    estimate = grade.extras.score_time
    assert all(math.isfinite(v) for v in (estimate.seconds, estimate.low, estimate.high))
    assert 0 < estimate.low < estimate.seconds < estimate.high
    data = json.loads(json.dumps(grade.to_dict()))
    assert data["score_time"] == estimate.to_dict()
    assert f"a person: {estimate.text()}" in grade.describe().splitlines()[0]


def test_the_estimate_is_monotone_in_each_figure():
    assert all(w >= 0 for w in model.COEFFICIENTS.values())
    assert any(w > 0 for w in model.COEFFICIENTS.values())
    base = {"sweep": 6.0, "digits2": 6.0, "technique": 1.0}
    for name, weight in model.COEFFICIENTS.items():
        before = model.estimate(base).seconds
        after = model.estimate({**base, name: base[name] + 1}).seconds
        assert after >= before
        assert (after > before) == (weight > 0)


def test_a_harder_grade_of_the_same_puzzle_set_takes_longer_on_average():
    """Tatham's unreasonable puzzles need more (and later) hard steps than his trivial ones:
    the estimate, fitted on other puzzles, orders the two sets' means."""
    easy = [grade_sudoku(parse_line(p)).extras.score_time.seconds for p, _ in
            tatham("trivial")[:6]]
    hard = [grade_sudoku(parse_line(p)).extras.score_time.seconds for p, _ in
            tatham("unreasonable")[:6]]
    assert sum(hard) / len(hard) > sum(easy) / len(easy)


def test_the_stored_constants_are_the_fit_of_the_stored_measures():
    bench = _benchmark()
    rows = bench.stored_rows()  # the measures, joined with the corpus's times
    assert len(rows) == len(_human_rows(1))
    assert all("seconds" not in row for row in json.loads(STORED.read_text())["puzzles"])
    result = bench.fit(rows, k=5, repeats=1)  # the fit alone: not its bootstrap intervals
    assert bench.matches_stored(result), bench.source_block(result)
    assert result["cv_mean"] > 0.5


def test_the_stored_measures_are_the_librarys_on_a_sample():
    bench = _benchmark()
    stored = {r["id"]: r for r in json.loads(STORED.read_text())["puzzles"]}
    for item in bench.human_items(every=64):
        again = bench.grade_item(item)
        assert again["features"] == pytest.approx(stored[item["id"]]["features"])
        assert again["finding"] == pytest.approx(stored[item["id"]]["finding"])


def test_grades_of_the_human_timed_puzzles_agree_with_their_unique_solution():
    for row in _human_rows(40):
        found = solutions(row["puzzle"])
        assert len(found) == 1
        assert_sound(row["puzzle"], found[0], grade_sudoku(parse_line(row["puzzle"])))
