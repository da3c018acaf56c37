"""Hashiwokakero on the command line: solve, JSON, SVG, verify, convert and batch, end to end."""

from __future__ import annotations

import json

from conftest import CORPUS
from conftest import run_cli as run

from pencilsat.cli import main

PUZZLE = CORPUS / "hashi/janko/01_9x9.txt"
SOLUTION = PUZZLE.with_suffix(".sol")
URL = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"


def test_solve_prints_the_verdict_and_the_bridges(capsys):
    assert main(["solve", str(PUZZLE)]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "3====3-2." in out


def test_solve_json_writes_the_solution_rows_of_the_sol_file_on_both_backends(capsys):
    for backend, encoding in (("cnf", "lazy"), ("cpsat", "lazy-cpsat")):
        assert main(["solve", str(PUZZLE), "--json", "--backend", backend]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["genre"] == "hashi" and data["verdict"] == "unique"
        assert data["solution"] == SOLUTION.read_text().splitlines()[1:]
        assert data["stats"]["encoding"] == encoding


def test_an_ambiguous_puzzle_exits_1_and_draws_both_answers(tmp_path, capsys):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text("hashi 3 3\n3.3\n...\n3.3\n")
    drawing = tmp_path / "two.svg"
    assert main(["solve", str(puzzle), "--json", "--svg", str(drawing)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and data["second_solution"] and data["differences"]
    svg = drawing.read_text()
    assert svg.count('class="difference"') == 2 * len(data["differences"])
    assert svg.count('class="island"') == 2 * 4


def test_no_answer_exits_2_and_says_why(tmp_path, capsys):
    puzzle = tmp_path / "none.txt"
    puzzle.write_text("hashi 3 1\n1.2\n")
    assert main(["solve", str(puzzle)]) == 2
    assert "odd number" in capsys.readouterr().out


def test_verify_reads_what_solve_prints_and_names_a_broken_rule(tmp_path, capsys):
    assert main(["solve", str(PUZZLE)]) == 0
    printed = tmp_path / "printed.txt"
    printed.write_text(capsys.readouterr().out)
    assert main(["verify", str(PUZZLE), str(printed)]) == 0
    assert "valid" in capsys.readouterr().out
    broken = tmp_path / "broken.sol"
    broken.write_text(SOLUTION.read_text().replace(".3=3----2", ".3-3----2"))
    assert main(["verify", str(PUZZLE), str(broken)]) == 1
    assert "island-bridges at row 0, column 1" in capsys.readouterr().out


def test_convert_to_url_and_back_and_solve_a_url(capsys):
    code, url, _ = run("convert", "--to", "url", str(PUZZLE))
    assert code == 0 and url.startswith("https://puzz.link/p?hashikake/9/9/")
    code, text, _ = run("convert", "--to", "text", url.strip())
    assert code == 0 and text == PUZZLE.read_text()
    assert main(["solve", URL]) == 0
    assert "unique" in capsys.readouterr().out


def test_batch_solves_urls_and_files(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{URL}\n{PUZZLE}\n")
    code, out, _ = run("solve", "--batch", str(batch))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["verdict"] for r in records] == ["unique", "unique"]


def test_bad_input_is_one_line_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("hashi 3 2\n1.1\n.22\n")
    code, _, err = run("solve", str(bad))
    assert code == 4 and "line 3, column 3" in err and "side by side" in err
    code, _, err = run("solve", "https://puzz.link/p?hashikake/3/1/9g1")
    assert code == 4 and "island number 9" in err
