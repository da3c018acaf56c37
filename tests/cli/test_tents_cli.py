"""Tents on the command line: solve, JSON, SVG, verify, convert and batch, end to end."""

from __future__ import annotations

import json

from conftest import CORPUS

from pencilsat.cli import main

PUZZLE = sorted((CORPUS / "tents" / "janko").glob("*.txt"))[0]
SOLUTION = PUZZLE.with_suffix(".sol")


def test_solve_json_writes_the_solution_rows_of_the_sol_file(capsys):
    for backend, encoding in (("cnf", "cnf"), ("cpsat", "cpsat")):
        assert main(["solve", str(PUZZLE), "--json", "--backend", backend]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["genre"] == "tents" and data["verdict"] == "unique"
        assert data["solution"] == SOLUTION.read_text().splitlines()[1:]
        assert data["stats"]["encoding"] == encoding


def test_an_ambiguous_puzzle_exits_1_and_draws_both_answers(tmp_path, capsys):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text("tents 3 1\n- - -\n.T. -\n")
    drawing = tmp_path / "two.svg"
    assert main(["solve", str(puzzle), "--json", "--svg", str(drawing)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and data["differences"] == [[0, 0], [0, 2]]
    assert drawing.read_text().count('class="difference"') == 4


def test_no_answer_exits_2_and_bad_text_exits_4(tmp_path):
    puzzle = tmp_path / "none.txt"
    puzzle.write_text("tents 2 1\n1 1\nTT 1\n")
    assert main(["solve", str(puzzle)]) == 2
    puzzle.write_text("tents 2 1\n1 1\nTx 1\n")
    assert main(["solve", str(puzzle)]) == 4


def test_verify_reads_the_sol_file_and_names_a_broken_rule(tmp_path, capsys):
    assert main(["verify", str(PUZZLE), str(SOLUTION)]) == 0
    rows = SOLUTION.read_text().splitlines()
    first = next(r for r in range(1, len(rows)) if "A" in rows[r])
    rows[first] = rows[first].replace("A", ".", 1)
    broken = tmp_path / "broken.sol"
    broken.write_text("\n".join(rows) + "\n")
    assert main(["verify", str(PUZZLE), str(broken)]) == 1
    assert "tree-without-tent" in capsys.readouterr().out


def test_convert_and_batch_read_every_form_as_the_same_puzzle(tmp_path, capsys):
    assert main(["convert", str(PUZZLE), "--to", "url"]) == 0
    url = capsys.readouterr().out.strip()
    assert main(["convert", str(PUZZLE), "--to", "tatham"]) == 0
    game_id = capsys.readouterr().out.strip()
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{PUZZLE}\n{url}\n{game_id}\n")
    records = tmp_path / "records.jsonl"
    assert main(["solve", "--batch", str(batch), "--out", str(records), "--workers", "1"]) == 0
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert [r["verdict"] for r in lines] == ["unique"] * 3
    assert {tuple(r["solution"]) for r in lines} == {tuple(SOLUTION.read_text().split()[3:])}
