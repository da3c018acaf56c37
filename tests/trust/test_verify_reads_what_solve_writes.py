"""``verify`` (and the library's ``check``) read back every form ``solve`` writes: the JSON
object, its solution rows, the text output or its drawing, the corpus format; a broken rule
is exit 1 naming the rule and the cell, unreadable input exit 4."""

from __future__ import annotations

import json

import pytest
from conftest import CORPUS, run_cli, run_cli_here

import pencilsat
from pencilsat.core.registry import GENRES

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _sample(genre: str) -> str:
    """The first puzzle with a stored answer in the genre's corpus folder (the registry's
    ``corpus``; Sudoku: a classic line)."""
    if genre == "sudoku":
        return SUDOKU
    files = sorted((CORPUS / GENRES[genre].corpus).glob("*.txt"))
    return str(next(p for p in files if p.with_suffix(".sol").exists()))


PUZZLES = {name: _sample(name) for name in GENRES}


def _forms(puzzle: str) -> dict[str, str]:
    status, text, _ = run_cli_here("solve", puzzle)
    assert status == 0
    status, record, _ = run_cli_here("solve", puzzle, "--json")
    rows = json.loads(record)["solution"]
    drawing = text.split("\n\n")[1]
    return {"text output": text, "drawing": drawing, "json": record,
            "json rows": json.dumps(rows)}


@pytest.mark.parametrize("genre", sorted(PUZZLES))
def test_every_form_solve_writes_verifies(tmp_path, genre):
    puzzle = PUZZLES[genre]
    for name, text in _forms(puzzle).items():
        path = tmp_path / f"{name}.txt"
        path.write_text(text)
        # in process (a hundred commands); the tests below run ``verify`` as a command
        status, out, err = run_cli_here("verify", puzzle, str(path))
        assert (status, out.strip()) == (0, "valid: the solution satisfies every rule"), \
            (name, err)
        assert pencilsat.check(puzzle, text) == [], name


def test_every_registered_genre_can_read_its_drawing_back():
    """Every genre's drawing reads back (``verify`` takes what ``solve`` prints)."""
    assert [name for name, g in GENRES.items() if not g.rules().parse_drawing] == []


def test_a_sudoku_solution_may_be_one_line_of_81_digits(tmp_path):
    puzzle = PUZZLES["sudoku"]
    rows = json.loads(run_cli("solve", puzzle, "--json")[1])["solution"]
    line = tmp_path / "line.txt"
    line.write_text("".join(rows) + "\n")
    assert run_cli("verify", puzzle, str(line))[0] == 0


def test_a_pipe_leaving_the_grid_is_a_broken_rule_not_bad_input(tmp_path):
    puzzle = tmp_path / "m.txt"
    puzzle.write_text("masyu 3 3\n...\n...\n...\n")
    solution = tmp_path / "s.sol"
    solution.write_text("masyu-solution 3 3\n-7.\n.|.\n.J.\n")
    status, out, _ = run_cli("verify", str(puzzle), str(solution))
    assert status == 1
    assert "leaves-grid at row 0, column 0" in out


def test_a_json_record_without_a_solution_is_bad_input(tmp_path):
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"verdict": "none", "solution": None}))
    status, _, err = run_cli("verify", PUZZLES["sudoku"], str(record))
    assert status == 4 and "the JSON has no solution (its verdict is none)" in err


def test_verify_help_describes_the_solution_formats():
    status, out, _ = run_cli("verify", "--help")
    assert status == 0
    assert "--json" in out and "drawing" in out and "81 digits" in out


def test_a_slitherlink_drawing_with_a_blank_row_is_read_whole(tmp_path):
    """janko 891_10x10's answer has rows of cells without a number or a line: the drawing
    shows them as blank lines, which had split it (the verdict audit: "a 10x10 Slitherlink
    drawing has 21 lines, this one has 3")."""
    puzzle = str(CORPUS / "slitherlink" / "janko" / "891_10x10.txt")
    rules = GENRES["slitherlink"].rules()
    model = pencilsat.read_puzzle(puzzle)
    answer = pencilsat.solve(model).solution
    drawing = rules.draw_text(model, answer)
    assert "\n\n" in drawing
    assert pencilsat.check(model, drawing) == []
    status, text, _ = run_cli_here("solve", puzzle)
    assert status == 0
    output = tmp_path / "solved.txt"
    output.write_text(text)
    assert run_cli_here("verify", puzzle, str(output))[0] == 0
