"""Grading comes only after uniqueness is proven; the CLI prints the documented keys."""

from __future__ import annotations

import json

import pytest
from conftest import CORPUS

from pencilsat.cli import main
from pencilsat.formats.detect import read_input
from pencilsat.grading.front import grade

KEYS = {
    "masyu": {"verdict", "level", "tedium", "level_up", "finished", "techniques", "steps"},
    "sudoku": {"verdict", "level", "level_up", "finished", "techniques", "steps"},
    "lightup": {"verdict", "level", "cost", "finished", "techniques", "steps"},
}
EXAMPLES = {
    "masyu": CORPUS / "masyu/seed_10x10.txt",
    "lightup": CORPUS / "lightup/janko/100_6x6.txt",
    "sudoku": CORPUS / "sudoku/tatham/basic.txt",
}


@pytest.mark.parametrize("genre", sorted(EXAMPLES))
def test_grade_json_keys(genre, capsys, tmp_path):
    path = EXAMPLES[genre]
    if genre == "sudoku":  # one puzzle of the set
        path = tmp_path / "one.txt"
        path.write_text(EXAMPLES["sudoku"].read_text().splitlines()[0] + "\n")
    assert main(["grade", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == KEYS[genre]
    assert data["verdict"] == "unique" and data["steps"]


def test_multiple_is_not_graded(tmp_path, capsys):
    f = tmp_path / "two.txt"
    f.write_text("masyu 3 3\n.W.\n...\n...\n")
    result = grade(read_input(str(f)))
    assert result.verdict == "multiple" and result.grade is None
    assert main(["grade", str(f)]) == 1
    assert "not graded" in capsys.readouterr().out


def test_a_time_out_is_not_graded_and_says_why(capsys):
    """Out of time is not "several solutions": the message says the limit ran out."""
    big = CORPUS / "masyu" / "janko" / "760_40x58.txt"
    assert main(["grade", str(big), "--time-limit", "0.001"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("verdict: unknown") and "time limit ran out" in out
    assert "exactly one solution" not in out


def test_no_solution_is_not_graded(tmp_path):
    f = tmp_path / "none.txt"
    f.write_text("masyu 2 2\nB.\n..\n")
    assert grade(read_input(str(f))).to_json()["level"] is None


def test_steps_are_printed_in_words(capsys):
    assert main(["grade", str(EXAMPLES["masyu"]), "--steps"]) == 0
    out = capsys.readouterr().out
    assert "Level 1" in out and "SIROMSKETU1" in out and "blocked" in out
