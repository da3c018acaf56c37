"""Grading comes only after uniqueness is proven; the CLI prints the documented keys."""

from __future__ import annotations

import json

import pytest
from conftest import CORPUS

from pencilsat.cli import main
from pencilsat.formats.detect import read_input
from pencilsat.grading.front import grade

KEYS = {
    "masyu": {"verdict", "level", "score", "tedium", "level_up", "finished", "techniques", "steps"},
    "sudoku": {"verdict", "level", "score", "score_time", "level_up", "finished", "techniques",
               "steps"},
    "lightup": {"verdict", "level", "score", "cost", "finished", "techniques", "steps"},
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
    unrated = {"white_cells", "lit_cells", "lights", "stopped"}  # Light Up, when unfinished
    assert set(data) == KEYS[genre] | (unrated if genre == "lightup" and not data["finished"]
                                       else set())
    assert data["verdict"] == "unique" and data["steps"]


def test_light_up_json_carries_what_the_text_says(capsys):
    """T25 fixes no cell: its step came out with empty ``bulbs`` and ``no_bulb`` while the
    text said "exactly one light in (7,8) (8,7)"; an unrated grade lacked the progress the
    text prints."""
    path = CORPUS / "lightup/tatham/10x10-hard/s038.txt"
    main(["grade", str(path), "--json", "--faithful"])
    data = json.loads(capsys.readouterr().out)
    restricted = [s for s in data["steps"] if "exactly_one_bulb" in s]
    assert restricted and all(len(s["exactly_one_bulb"]) == 2 for s in restricted)
    main(["grade", str(path), "--steps", "--faithful"])
    text = capsys.readouterr().out
    r1, c1 = restricted[0]["exactly_one_bulb"][0]
    assert f"exactly one light in ({r1},{c1})" in text
    assert not data["finished"]  # this puzzle needs more than the 25 techniques
    assert 0 < data["lit_cells"] < data["white_cells"] and data["stopped"]
    assert data["level"] is None and data["score"] is None
    main(["grade", str(path), "--json"])   # with contradiction trials it is rated
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] and data["level"] and data["score"] is not None
    trials = [s for s in data["steps"] if "trial" in s]
    assert trials and all(len(s["bulbs"]) + len(s["no_bulb"]) == 1 for s in trials)


@pytest.mark.parametrize(("text", "limit", "says"), [
    ("masyu 3 3\n...\n...\n...\n", None, "needs a puzzle with exactly one solution"),
    (None, "0.0001", "time limit ran out before uniqueness was proven"),
])
def test_ungraded_json_says_why(text, limit, says, tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(text or (CORPUS / "masyu/seed_10x10.txt").read_text())
    main(["grade", str(path), "--json", *(["--time-limit", limit] if limit else [])])
    data = json.loads(capsys.readouterr().out)
    assert data["level"] is None and says in data["reason"]


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
    assert grade(read_input(str(f))).to_dict()["level"] is None


def test_steps_are_printed_in_words(capsys):
    assert main(["grade", str(EXAMPLES["masyu"]), "--steps"]) == 0
    out = capsys.readouterr().out
    assert "Level 1" in out and "SIROMSKETU1" in out and "blocked" in out


def _example(genre: str, tmp_path):
    path = EXAMPLES[genre]
    if genre == "sudoku":  # one puzzle of the set
        path = tmp_path / "one.txt"
        path.write_text(EXAMPLES["sudoku"].read_text().splitlines()[0] + "\n")
    return path


@pytest.mark.parametrize("genre", sorted(EXAMPLES))
def test_each_engine_stops_at_a_passed_deadline(genre, tmp_path):
    from time import perf_counter

    from pencilsat.grading.clock import GradingTimeOut
    from pencilsat.grading.front import grader_for

    puzzle = read_input(str(_example(genre, tmp_path)))
    engine = grader_for(genre)
    with pytest.raises(GradingTimeOut):
        engine(puzzle, deadline=perf_counter() - 1)
    far = engine(puzzle, deadline=perf_counter() + 3600).to_dict()
    assert far == engine(puzzle).to_dict() and far["steps"]


@pytest.mark.parametrize("genre", sorted(EXAMPLES))
def test_running_out_of_time_while_grading_is_a_time_out_not_a_level(genre, tmp_path,
                                                                      capsys, monkeypatch):
    """The limit covers grading too: uniqueness is proven (the solver's clock is untouched),
    the graders' clock says the time is up, and the CLI says so with exit status 3."""
    import pencilsat.grading.clock as clock

    monkeypatch.setattr(clock, "perf_counter", lambda: float("inf"))
    path = str(_example(genre, tmp_path))
    assert main(["grade", path, "--time-limit", "600"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("verdict: unique — not graded") and "while grading" in out
    assert main(["grade", path, "--time-limit", "600", "--json"]) == 3
    data = json.loads(capsys.readouterr().out)
    assert (data["verdict"], data["level"]) == ("unique", None)
    assert data["reason"] == "not graded: time limit reached while grading"


def test_a_unique_sudoku_of_another_size_is_unique_not_graded(capsys):
    """Sato's techniques assume 3x3 boxes. This 4x4 used to come back as "invalid input"
    (exit 4), although ``grade --batch`` gave the same puzzle ``unique`` with a reason."""
    import json

    from pencilsat.cli import main

    line = ".2..3..2.3.141.3"
    assert main(["grade", line]) == 0
    out = capsys.readouterr().out
    assert out.startswith("verdict: unique — not graded: the Sato grader is defined for 9x9")
    assert main(["grade", line, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["verdict"] == "unique" and record["level"] is None
    assert record["reason"].startswith("not graded: the Sato grader is defined for 9x9")


def test_a_unique_masyu_without_pearls_is_not_graded(tmp_path, capsys):
    """The empty 2x2 (its one loop is the square) was graded "Level 3, the grader got
    stuck": the techniques have no pearl to start from."""
    from pencilsat.cli import main

    puzzle = tmp_path / "empty_2x2.txt"
    puzzle.write_text("masyu 2 2\n..\n..\n")
    assert main(["grade", str(puzzle)]) == 0
    assert capsys.readouterr().out.startswith("verdict: unique — not graded: Sato's techniques")
