"""Shakashaka on the command line: solve, JSON, SVG, verify, convert and batch, end to end."""

from __future__ import annotations

import json

from conftest import CORPUS
from conftest import run_cli as run

from pencilsat.cli import main

PUZZLE = CORPUS / "shakashaka/janko/01_8x8.txt"
SOLUTION = PUZZLE.with_suffix(".sol")
PZPRJS_URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"


def test_solve_draws_the_triangles_and_json_writes_the_sol_rows(capsys):
    assert main(["solve", str(PUZZLE)]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "#/" in out and "/#" in out
    for backend, encoding in (("cnf", "clauses"), ("cpsat", "linear")):
        assert main(["solve", str(PUZZLE), "--json", "--backend", backend]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["genre"] == "shakashaka" and data["verdict"] == "unique"
        assert data["solution"] == SOLUTION.read_text().splitlines()[1:]
        assert data["stats"]["encoding"] == encoding


def test_an_ambiguous_puzzle_exits_1_and_draws_both_answers(tmp_path, capsys):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text("shakashaka 3 2\n. . #\n. . #\n")
    drawing = tmp_path / "two.svg"
    assert main(["solve", str(puzzle), "--json", "--svg", str(drawing)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and len(data["differences"]) == 4
    assert drawing.read_text().count('class="triangle"') == 4


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
    broken.write_text("\n".join([rows[0], rows[1].replace("nw", ".", 1), *rows[2:]]) + "\n")
    assert main(["verify", str(PUZZLE), str(broken)]) == 1
    out = capsys.readouterr().out
    assert "wrong-count" in out and "white-not-rectangle" in out


def test_convert_to_url_and_back_to_text():
    code, url, _ = run("convert", "--to", "url", str(PUZZLE))
    assert code == 0 and url.startswith("https://puzz.link/p?shakashaka/8/8/")
    code, text, _ = run("convert", "--to", "text", url.strip())
    assert code == 0 and text == PUZZLE.read_text()


def test_batch_of_files_and_urls_writes_one_record_each(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{PUZZLE}\n{PZPRJS_URL}\n{PUZZLE.with_name('02_8x8.txt')}\n")
    code, out, _ = run("solve", "--batch", str(batch), "--workers", "1")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [(r["genre"], r["verdict"]) for r in records] == [("shakashaka", "unique")] * 3


def test_bad_input_is_one_line_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("shakashaka 2 2\n. x\n. .\n")
    code, _, err = run("solve", str(bad))
    assert code == 4 and len(err.strip().splitlines()) == 1
    assert "line 2, column 3" in err
