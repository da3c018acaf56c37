"""The level-only grade (``score=False``, ``grade --no-score``): the same level, steps,
``finished`` and techniques as the full grade, ``score`` None, and the work only the score
needs (Light Up's counting run, Sudoku's forcing probe, and its steps' score measures:
``options`` and a trial's ``deciding`` and ``shortest``) really skipped."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from conftest import CORPUS, run_cli

import pencilsat
from pencilsat.batch.run import BatchRun, run_batch
from pencilsat.batch.task import BatchTask
from pencilsat.cli import main
from pencilsat.core.errors import InputError
from pencilsat.grading.lightup import engine as lightup_engine
from pencilsat.grading.lightup.engine import grade_lightup
from pencilsat.grading.masyu import engine as masyu_engine
from pencilsat.grading.masyu.engine import grade_masyu
from pencilsat.grading.sudoku import contradiction
from pencilsat.grading.sudoku import engine as sudoku_engine
from pencilsat.grading.sudoku.engine import grade_sudoku
from pencilsat.puzzles.lightup import parse_puzzle as parse_lightup
from pencilsat.puzzles.masyu import parse_puzzle as parse_masyu
from pencilsat.puzzles.sudoku import parse_line

LIGHTUP = ["janko/100_6x6.txt", "janko/101_10x10.txt", "tatham/10x10-hard/s038.txt",
           "tatham/18x10-hard/s002.txt"]
"""Trials where the 25 techniques stall (100_6x6, s038, s002), and one they finish."""
MASYU = ["janko/02_6x6.txt", "seed_10x10.txt", "tatham/10x10-tricky/s001.txt"]
SUDOKU = [(level, k) for level in ("basic", "advanced", "unreasonable") for k in (0, 5)]
"""Singles only, then pair steps and contradiction trials: the forcing probe's cases."""


def _sudoku(level: str, k: int):
    return parse_line((CORPUS / "sudoku/tatham" / f"{level}.txt").read_text().split()[k])


def _lightup(path: str):
    return parse_lightup((CORPUS / "lightup" / path).read_text())


def _masyu(path: str):
    return parse_masyu((CORPUS / "masyu" / path).read_text())


SUDOKU_MEASURES = ("options",)
SUDOKU_TRIAL_MEASURES = ("deciding", "shortest")
"""What a Sudoku step carries only for the score."""


def _unmeasured(step):
    """A Sudoku step without its score measures (a level-only step has none)."""
    trial = step.trial and step.trial._replace(**dict.fromkeys(SUDOKU_TRIAL_MEASURES))
    return replace(step, options=None, trial=trial)


def _unmeasured_json(grade: dict) -> dict:
    steps = []
    for step in grade["steps"]:
        step = {k: v for k, v in step.items() if k not in SUDOKU_MEASURES}
        if "trial" in step:  # null: not measured
            step["trial"] = {**step["trial"], **dict.fromkeys(SUDOKU_TRIAL_MEASURES)}
        steps.append(step)
    return {**grade, "steps": steps}


def _same_but_score(full, level_only, sudoku: bool = False) -> None:
    assert level_only.score is None
    full_steps = [_unmeasured(s) for s in full.steps] if sudoku else full.steps
    assert (level_only.level, level_only.finished, level_only.techniques, level_only.steps) == (
        full.level, full.finished, full.techniques, full_steps)
    data, data_level_only = full.to_dict(), level_only.to_dict()
    assert data_level_only.pop("score") is None
    data.pop("score")
    if sudoku:  # the human-time estimate is score work too
        assert data_level_only.pop("score_time") is None
        assert data.pop("score_time")["seconds"] > 0
    assert data_level_only == (_unmeasured_json(data) if sudoku else data)
    text = full.describe(True)
    if full.score is not None:
        assert f", score {full.score:.2f}" in text
        text = text.replace(f", score {full.score:.2f}", "", 1)
    if sudoku:
        estimate = f"; a person: {full.extras.score_time.text()}"
        assert estimate in text
        text = text.replace(estimate, "", 1)
    assert level_only.describe(True) == text


@pytest.mark.parametrize(("level", "k"), SUDOKU)
def test_sudoku_level_only_equals_the_full_grade_but_the_score(level, k):
    puzzle = _sudoku(level, k)
    full, level_only = grade_sudoku(puzzle), grade_sudoku(puzzle, score=False)
    _same_but_score(full, level_only, sudoku=True)
    assert all(s.options is None for s in level_only.steps)
    assert any(s.options is not None for s in full.steps)
    trials = [s.trial for s in full.steps if s.trial]
    if level == "unreasonable" and k == 5:
        assert trials and all(t.deciding and t.shortest for t in trials)


def test_the_level_only_sudoku_grade_skips_the_trial_survey(monkeypatch):
    puzzle = _sudoku("unreasonable", 5)  # a contradiction trial
    monkeypatch.setattr(sudoku_engine, "single_options", _boom)
    monkeypatch.setattr(contradiction, "_survey", _boom)
    with pytest.raises(AssertionError, match="score's work"):
        grade_sudoku(puzzle)
    level_only = grade_sudoku(puzzle, score=False)
    assert any(s.trial for s in level_only.steps)


@pytest.mark.parametrize("faithful", [False, True])
@pytest.mark.parametrize("path", LIGHTUP)
def test_lightup_level_only_equals_the_full_grade_but_the_score(path, faithful):
    puzzle = _lightup(path)
    full = grade_lightup(puzzle, faithful=faithful)
    level_only = grade_lightup(puzzle, faithful=faithful, score=False)
    _same_but_score(full, level_only)
    assert level_only.extras.counting_open is None and full.extras.counting_open is not None


@pytest.mark.parametrize("path", MASYU)
def test_masyu_level_only_equals_the_full_grade_but_the_score(path):
    puzzle = _masyu(path)
    _same_but_score(grade_masyu(puzzle), grade_masyu(puzzle, score=False))


def _boom(*args, **kwargs):
    raise AssertionError("the level-only grade ran the score's work")


def test_the_level_only_lightup_grade_skips_the_counting_run(monkeypatch):
    puzzle = _lightup("janko/100_6x6.txt")
    expected = grade_lightup(puzzle, faithful=True, score=False)
    monkeypatch.setattr(lightup_engine, "counting_open", _boom)
    monkeypatch.setattr(lightup_engine, "lightup_score", _boom)
    for faithful in (True, False):
        with pytest.raises(AssertionError, match="score's work"):
            grade_lightup(puzzle, faithful=faithful)   # the patch is where the work runs
        assert grade_lightup(puzzle, faithful=faithful, score=False).score is None
    assert grade_lightup(puzzle, faithful=True, score=False).steps == expected.steps


def test_the_level_only_sudoku_grade_skips_the_forcing_probe(monkeypatch):
    puzzle = _sudoku("unreasonable", 0)
    expected = grade_sudoku(puzzle, score=False)
    monkeypatch.setattr(sudoku_engine, "forcing_probe", _boom)
    monkeypatch.setattr(sudoku_engine, "sudoku_score", _boom)
    with pytest.raises(AssertionError, match="score's work"):
        grade_sudoku(puzzle)
    level_only = grade_sudoku(puzzle, score=False)
    assert level_only.score is None and level_only.extras.forcing == ()
    assert (level_only.level, level_only.steps) == (expected.level, expected.steps)


def test_the_level_only_masyu_grade_skips_the_score(monkeypatch):
    """Masyu's score reads the log and counters the level needs anyway: only the score's
    formula is skipped."""
    puzzle = _masyu("janko/02_6x6.txt")
    monkeypatch.setattr(masyu_engine, "masyu_score", _boom)
    with pytest.raises(AssertionError, match="score's work"):
        grade_masyu(puzzle)
    assert grade_masyu(puzzle, score=False).score is None


@pytest.mark.parametrize("path", ["lightup/janko/100_6x6.txt", "masyu/janko/02_6x6.txt"])
def test_the_api_and_the_front_grade_level_only(path):
    full = pencilsat.grade(CORPUS / path)
    level_only = pencilsat.grade(CORPUS / path, score=False)
    assert full.grade is not None and level_only.grade is not None
    _same_but_score(full.grade, level_only.grade)
    assert level_only.to_dict()["score"] is None and level_only.exit_code == 0


def test_the_api_refuses_a_score_that_is_not_a_bool():
    with pytest.raises(InputError, match="score must be True or False"):
        pencilsat.grade(CORPUS / "masyu/janko/02_6x6.txt", score="no")  # type: ignore[arg-type]


@pytest.mark.parametrize("path", ["lightup/janko/100_6x6.txt", "masyu/janko/02_6x6.txt",
                                  "sudoku/one"])
def test_the_cli_no_score_flag(path, capsys, tmp_path):
    if path == "sudoku/one":
        puzzle = tmp_path / "one.txt"
        puzzle.write_text((CORPUS / "sudoku/tatham/advanced.txt").read_text().split()[0] + "\n")
    else:
        puzzle = CORPUS / path
    assert main(["grade", str(puzzle), "--json"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert main(["grade", str(puzzle), "--json", "--no-score"]) == 0
    level_only = json.loads(capsys.readouterr().out)
    assert full["score"] is not None and level_only["score"] is None
    if path == "sudoku/one":
        full = _unmeasured_json(full)
        assert level_only.pop("score_time") is None and full.pop("score_time")["seconds"] > 0
    assert {**level_only, "score": full["score"]} == full
    assert main(["grade", str(puzzle), "--no-score", "--steps"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("verdict: unique") and ", score " not in text
    assert "a person:" not in text


def test_grade_batch_no_score(tmp_path):
    """Both batch paths: the vectorised one-line Sudokus and a puzzle file."""
    lines = [(CORPUS / "sudoku/tatham/advanced.txt").read_text().split()[0],
             str(CORPUS / "lightup/janko/100_6x6.txt")]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(lines) + "\n")
    records = {}
    for score in (True, False):
        out = io.StringIO()
        run_batch(BatchRun(str(batch), BatchTask(grade=True, score=score), workers=1), out,
                  io.StringIO())
        records[score] = [json.loads(line)["grade"] for line in out.getvalue().splitlines()]
    assert all(g["score"] is not None for g in records[True])
    full = [_unmeasured_json(records[True][0]), records[True][1]]  # the Sudoku, the Light Up
    assert full[0]["score_time"]["seconds"] > 0 and records[False][0]["score_time"] is None
    full[0]["score_time"] = None
    assert [{**g, "score": None} for g in full] == records[False]
    status, out, _ = run_cli("grade", "--batch", str(batch), "--no-score", "--workers", "1")
    assert status == 0
    assert [json.loads(line)["grade"]["score"] for line in out.splitlines()
            if line.startswith("{")] == [None, None]
