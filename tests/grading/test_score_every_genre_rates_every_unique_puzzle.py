"""Issue 29: beside the paper's ``level``, every grader gives a continuous ``score`` read from
its step log, with non-negative fitted weights (one more hard step, trial or bottleneck never
lowers it), and Light Up rates every unique puzzle (contradiction trials where the 25
techniques stall; ``faithful`` keeps the thesis's unrated verdict)."""

from __future__ import annotations

import importlib
import json

import pytest
from conftest import CORPUS

from pencilsat.cli import main
from pencilsat.core.registry import GENRES
from pencilsat.grading.lightup import grade_lightup
from pencilsat.grading.masyu import grade_masyu
from pencilsat.grading.sudoku import grade_sudoku
from pencilsat.puzzles.lightup import parse_puzzle as parse_lightup
from pencilsat.puzzles.lightup import parse_solution as parse_lightup_solution
from pencilsat.puzzles.masyu import parse_puzzle as parse_masyu
from pencilsat.puzzles.sudoku import parse_line

GRADED = [name for name, entry in GENRES.items() if entry.grader]
"""The genres with a grader, from the registry."""


@pytest.mark.parametrize("genre", GRADED)
def test_the_shipped_weights_are_non_negative_and_name_documented_features(genre):
    module = importlib.import_module(f"pencilsat.grading.{genre}.score")
    assert set(module.MODEL.weights) == set(module.FEATURES)
    assert all(w >= 0 for w in module.MODEL.weights.values())
    assert any(w > 0 for w in module.MODEL.weights.values())


def test_sudoku_score_separates_what_the_level_cannot():
    """Tatham's advanced and unreasonable puzzles are all Sato level 3; on average the score
    of the unreasonable ones is higher."""
    means = []
    for name in ("advanced", "unreasonable"):
        grades = [grade_sudoku(parse_line(p)) for p in
                  (CORPUS / "sudoku/tatham" / f"{name}.txt").read_text().split()[:8]]
        assert all(g.level == 3 and g.score is not None for g in grades)
        means.append(sum(g.score for g in grades) / len(grades))
    assert means[0] < means[1]


@pytest.mark.parametrize("path", ["janko/100_6x6.txt", "tatham/10x10-hard/s038.txt",
                                  "tatham/18x10-hard/s002.txt"])
def test_light_up_rates_a_puzzle_the_25_techniques_leave_unfinished(path):
    text = (CORPUS / "lightup" / path)
    puzzle = parse_lightup(text.read_text())
    faithful = grade_lightup(puzzle, faithful=True)
    assert not faithful.finished and faithful.level is None and faithful.score is None
    grade = grade_lightup(puzzle)
    assert grade.finished and grade.level is not None and grade.score is not None
    trials = [s for s in grade.steps if s.trial is not None]
    assert trials and all(len(s.bulbs) + len(s.no_bulb) == 1 for s in trials)
    solution = parse_lightup_solution(text.with_suffix(".sol").read_text())
    assert all(s.agrees_with(solution) for s in grade.steps)


def test_masyu_score_is_higher_for_tatham_tricky_than_easy_at_level_1():
    """Issue 29: most Tatham-tricky 10x10 Masyu are Sato level 1; the score reads the
    bottlenecks where the basic rules ran dry and ranks them above the easy ones."""
    scores: dict[str, list[float]] = {}
    for name in ("easy", "tricky"):
        files = sorted((CORPUS / "masyu/tatham" / f"10x10-{name}").glob("*.txt"))[:10]
        grades = [grade_masyu(parse_masyu(f.read_text())) for f in files]
        scores[name] = [g.score for g in grades if g.level == 1]
    assert scores["easy"] and scores["tricky"]
    assert (sum(scores["easy"]) / len(scores["easy"])
            < sum(scores["tricky"]) / len(scores["tricky"]))


@pytest.mark.parametrize("path", ["lightup/janko/100_6x6.txt", "masyu/janko/02_6x6.txt"])
def test_the_text_and_json_outputs_carry_the_score(path, capsys):
    assert main(["grade", str(CORPUS / path)]) == 0
    assert ", score " in capsys.readouterr().out
    assert main(["grade", str(CORPUS / path), "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out)["score"], float)
