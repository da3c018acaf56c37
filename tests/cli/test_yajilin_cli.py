"""Yajilin on the command line: solve, JSON, SVG, verify, convert and batch, end to end."""

from __future__ import annotations

import json

from conftest import CORPUS
from conftest import run_cli as run

from pencilsat.cli import main

PUZZLE = CORPUS / "yajilin/janko/1_7x7.txt"
SOLUTION = PUZZLE.with_suffix(".sol")
PZPRJS_URL = "https://puzz.link/p?yajilin/5/5/m32j10"


def test_solve_prints_the_verdict_clues_shading_and_loop(capsys):
    assert main(["solve", str(PUZZLE)]) == 0
    out = capsys.readouterr().out
    assert "unique" in out
    assert "###  1<  +---------------+" in out


def test_solve_json_writes_the_solution_rows_of_the_sol_file(capsys):
    assert main(["solve", str(PUZZLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["genre"] == "yajilin" and data["verdict"] == "unique"
    assert data["solution"] == SOLUTION.read_text().splitlines()[1:]
    assert data["stats"]["encoding"] == "lazy"


def test_solve_on_cpsat_uses_the_circuit(capsys):
    assert main(["solve", str(PUZZLE), "--backend", "cpsat", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "unique" and data["stats"]["encoding"] == "circuit"
    assert data["solution"] == SOLUTION.read_text().splitlines()[1:]


def test_an_ambiguous_puzzle_exits_1_and_draws_both_answers(tmp_path, capsys):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text("yajilin 3 3\n. . .\n. . .\n. . .\n")
    drawing = tmp_path / "two.svg"
    assert main(["solve", str(puzzle), "--json", "--svg", str(drawing)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and data["second_solution"] and data["differences"]
    assert drawing.read_text().count('class="difference"') == 2 * len(data["differences"])


def test_no_answer_exits_2(tmp_path):
    puzzle = tmp_path / "none.txt"
    puzzle.write_text("yajilin 3 3\n1> . .\n. . .\n. . .\n")
    assert main(["solve", str(puzzle)]) == 2


def test_verify_accepts_the_sol_file_and_what_solve_prints_and_names_a_broken_rule(
        tmp_path, capsys):
    assert main(["verify", str(PUZZLE), str(SOLUTION)]) == 0
    assert "valid" in capsys.readouterr().out
    main(["solve", str(PUZZLE)])
    printed = tmp_path / "printed.txt"
    printed.write_text(capsys.readouterr().out)
    assert main(["verify", str(PUZZLE), str(printed)]) == 0
    capsys.readouterr()
    broken = tmp_path / "broken.sol"
    broken.write_text(SOLUTION.read_text().replace("#.F---7", "..F---7", 1))
    assert main(["verify", str(PUZZLE), str(broken)]) == 1
    out = capsys.readouterr().out
    assert "empty-cell at row 0, column 0" in out and "arrow-count at row 0, column 1" in out


def test_convert_to_url_and_back_to_text():
    code, url, _ = run("convert", "--to", "url", str(PUZZLE))
    assert code == 0 and url.startswith("https://puzz.link/p?yajilin/7/7/")
    code, text, _ = run("convert", "--to", "text", url.strip())
    assert code == 0 and text == PUZZLE.read_text()


def test_solve_batch_takes_files_and_urls(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{PUZZLE}\n{PZPRJS_URL}\n")
    code, out, _ = run("solve", "--batch", str(batch), "--workers", "1")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [(r["genre"], r["verdict"]) for r in records] == [("yajilin", "unique")] * 2
    assert records[0]["solution"] == SOLUTION.read_text().splitlines()[1:]


def test_bad_input_is_one_line_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("yajilin 2 2\n. .\n. 2\n")
    code, _, err = run("solve", str(bad))
    assert code == 4
    assert "line 3, column 3" in err and "2^ 0v" in err
    code, _, err = run("solve", "https://puzz.link/p?yajilin/o/5/5/m32j10")
    assert code == 4 and "yajilin_out" in err
