"""Star Battle on the command line: solve, JSON, SVG, verify, convert and batch, end to end."""

from __future__ import annotations

import json

from conftest import CORPUS
from conftest import run_cli as run

from pencilsat.cli import main

PUZZLE = CORPUS / "starbattle/janko/101_5x5.txt"
SOLUTION = PUZZLE.with_suffix(".sol")
OUTLINED = next(p for p in sorted((CORPUS / "starbattle/janko").glob("*.txt"))
                if "#" in p.read_text())
PZPRJS_URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"


def test_solve_prints_the_count_and_the_stars(capsys):
    assert main(["solve", str(OUTLINED)]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "2 stars in every row, column and region" in out
    assert "###" in out and " * " in out


def test_solve_json_writes_the_solution_rows_of_the_sol_file(capsys):
    for backend, encoding in (("cnf", "clauses"), ("cpsat", "linear")):
        assert main(["solve", str(OUTLINED), "--json", "--backend", backend]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["genre"] == "starbattle" and data["verdict"] == "unique"
        assert data["solution"] == OUTLINED.with_suffix(".sol").read_text().splitlines()[1:]
        assert data["stats"]["encoding"] == encoding


def test_an_ambiguous_puzzle_exits_1_and_draws_both_answers(tmp_path, capsys):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text("starbattle 4 4 1\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n")
    drawing = tmp_path / "two.svg"
    assert main(["solve", str(puzzle), "--json", "--svg", str(drawing)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and data["differences"]
    assert drawing.read_text().count('class="difference"') == 2 * len(data["differences"])


def test_no_answer_exits_2_with_the_reason(tmp_path, capsys):
    puzzle = tmp_path / "none.txt"
    puzzle.write_text("starbattle 2 2 1\n1 1\n1 1\n")
    assert main(["solve", str(puzzle)]) == 2
    assert "totals differ" in capsys.readouterr().out


def test_verify_reads_the_sol_file_and_the_drawing_and_names_a_broken_rule(tmp_path, capsys):
    assert main(["verify", str(PUZZLE), str(SOLUTION)]) == 0
    assert "valid" in capsys.readouterr().out
    main(["solve", str(PUZZLE)])
    printed = tmp_path / "printed.txt"
    printed.write_text(capsys.readouterr().out)
    assert main(["verify", str(PUZZLE), str(printed)]) == 0
    capsys.readouterr()
    rows = SOLUTION.read_text().splitlines()
    broken = tmp_path / "broken.sol"
    broken.write_text("\n".join([rows[0], rows[1].replace("*", "."), *rows[2:]]) + "\n")
    assert main(["verify", str(PUZZLE), str(broken)]) == 1
    assert "row-count" in capsys.readouterr().out


def test_convert_to_url_and_back_to_text():
    code, url, _ = run("convert", "--to", "url", str(PUZZLE))
    assert code == 0 and url.startswith("https://puzz.link/p?starbattle/5/5/1/")
    code, text, _ = run("convert", "--to", "text", url.strip())
    assert code == 0 and text == PUZZLE.read_text()


def test_batch_of_files_and_urls_writes_one_record_each(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{PUZZLE}\n{PZPRJS_URL}\n")
    code, out, _ = run("solve", "--batch", str(batch), "--workers", "1")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [(r["genre"], r["verdict"]) for r in records] == [("starbattle", "unique")] * 2


def test_bad_input_is_one_line_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("starbattle 2 2 1\n1 x\n2 2\n")
    code, _, err = run("solve", str(bad))
    assert code == 4 and len(err.strip().splitlines()) == 1
    assert "line 2, column 3" in err
