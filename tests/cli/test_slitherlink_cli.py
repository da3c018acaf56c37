"""Slitherlink on the command line: solve, JSON, SVG, verify and convert, end to end."""

from __future__ import annotations

import json

from conftest import CORPUS
from conftest import run_cli as run

from pencilsat import read_puzzle
from pencilsat.cli import main
from pencilsat.formats.tatham import to_game_id

PUZZLE = CORPUS / "slitherlink/janko/1_4x4.txt"
SOLUTION = PUZZLE.with_suffix(".sol")
LOOPY = CORPUS / "slitherlink/tatham/10x10-easy/s001.txt"


def test_solve_prints_the_verdict_and_the_loop(capsys):
    assert main(["solve", str(PUZZLE)]) == 0
    out = capsys.readouterr().out
    assert "unique" in out
    assert "+   +---+   +   +" in out and "  1 |   |     0" in out


def test_solve_json_writes_the_solution_rows_of_the_sol_file(capsys):
    assert main(["solve", str(PUZZLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["genre"] == "slitherlink" and data["verdict"] == "unique"
    assert data["solution"] == SOLUTION.read_text().splitlines()[1:]
    assert data["stats"]["encoding"] == "lazy"


def test_solve_on_cpsat_uses_the_circuit(capsys):
    assert main(["solve", str(PUZZLE), "--backend", "cpsat", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "unique" and data["stats"]["encoding"] == "circuit"


def test_an_ambiguous_puzzle_exits_1_and_draws_both_answers(tmp_path, capsys):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text("slitherlink 3 3\n...\n.3.\n...\n")
    drawing = tmp_path / "two.svg"
    assert main(["solve", str(puzzle), "--json", "--svg", str(drawing)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and data["second_solution"] and data["differences"]
    assert drawing.read_text().count('class="difference"') == 2 * len(data["differences"])


def test_no_answer_exits_2(tmp_path):
    puzzle = tmp_path / "none.txt"
    puzzle.write_text("slitherlink 2 2\n00\n00\n")
    assert main(["solve", str(puzzle)]) == 2


def test_verify_accepts_the_sol_file_and_names_a_broken_rule(tmp_path, capsys):
    assert main(["verify", str(PUZZLE), str(SOLUTION)]) == 0
    assert "valid" in capsys.readouterr().out
    broken = tmp_path / "broken.sol"
    broken.write_text(SOLUTION.read_text().replace("+.+-+.+.+", "+.+.+.+.+", 1))
    assert main(["verify", str(PUZZLE), str(broken)]) == 1
    out = capsys.readouterr().out
    assert "dead-end at row 0, column 1" in out and "clue at row 0, column 1" not in out


def test_verify_reads_the_rows_solve_json_writes(tmp_path, capsys):
    main(["solve", str(LOOPY), "--json"])
    rows = json.loads(capsys.readouterr().out)["solution"]
    text = tmp_path / "answer.sol"
    text.write_text("slitherlink-solution 10 10\n" + "\n".join(rows) + "\n")
    assert main(["verify", str(LOOPY), str(text)]) == 0


def test_convert_to_url_tatham_and_text_and_back():
    code, url, _ = run("convert", "--to", "url", str(LOOPY))
    assert code == 0 and url.startswith("https://puzz.link/p?slither/10/10/")
    code, game_id, _ = run("convert", "--to", "tatham", url.strip())
    assert code == 0 and game_id.strip() == to_game_id(read_puzzle(str(LOOPY)))
    code, text, _ = run("convert", "--to", "text", game_id.strip())
    assert code == 0 and text == LOOPY.read_text()


def test_solve_reads_a_url_and_a_game_id(capsys):
    assert main(["solve", "https://puzz.link/p?slither/5/5/cbcbcddad"]) == 0
    assert "unique" in capsys.readouterr().out
    assert main(["solve", "loopy:5x5t0:2b1b2b1b2b3b3b0b3"]) == 0


def test_bad_input_is_one_line_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("slitherlink 2 2\n..\n.4\n")
    code, _, err = run("solve", str(bad))
    assert code == 4
    assert "line 3, column 2" in err and "'.' no clue, '0'-'3' a number" in err
    code, _, err = run("solve", "https://puzz.link/p?slither/f/5/5/cbcbcddad")
    assert code == 4 and "slither_full" in err
