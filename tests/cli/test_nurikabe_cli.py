"""Nurikabe on the command line: solve, JSON, a puzz.link URL, convert, SVG, verify and a
batch with workers, end to end."""

from __future__ import annotations

import json

from conftest import CORPUS
from conftest import run_cli as run

from pencilsat.cli import main

PUZZLE = CORPUS / "nurikabe/janko/01_10x10.txt"
SOLUTION = PUZZLE.with_suffix(".sol")
OTHERS = [CORPUS / f"nurikabe/janko/{name}.txt" for name in ("02_10x10", "03_10x10")]


def test_solve_prints_the_verdict_and_the_drawing_verify_reads_back(tmp_path, capsys):
    assert main(["solve", str(PUZZLE)]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "# # # . 2 # 2 . # #" in out
    printed = tmp_path / "printed.txt"
    printed.write_text(out)
    assert main(["verify", str(PUZZLE), str(printed)]) == 0
    assert "valid" in capsys.readouterr().out


def test_solve_json_writes_the_rows_of_the_sol_file_on_both_backends(capsys):
    for backend, strategy in (("cnf", "lazy"), ("cpsat", "lazy-cpsat")):
        assert main(["solve", str(PUZZLE), "--json", "--backend", backend]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["genre"] == "nurikabe" and data["verdict"] == "unique"
        assert data["solution"] == SOLUTION.read_text().split()[3:]
        assert data["stats"]["encoding"] == strategy


def test_verify_names_a_broken_rule(tmp_path, capsys):
    assert main(["verify", str(PUZZLE), str(SOLUTION)]) == 0
    capsys.readouterr()
    rows = SOLUTION.read_text().splitlines()
    rows[1] = "." + rows[1][1:]  # unshade the wall cell above the 2 at row 1, column 0
    broken = tmp_path / "broken.sol"
    broken.write_text("\n".join(rows) + "\n")
    assert main(["verify", str(PUZZLE), str(broken)]) == 1
    assert "island-size at row 1, column 0: the number says 2, its island has 3 cells" in \
        capsys.readouterr().out


def test_an_ambiguous_puzzle_exits_1_and_draws_both_answers(tmp_path, capsys):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text("nurikabe 2 2\n2 .\n. .\n")
    drawing = tmp_path / "two.svg"
    assert main(["solve", str(puzzle), "--json", "--svg", str(drawing)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and data["second_solution"] and data["differences"]
    assert drawing.read_text().count('class="difference"') == 2 * len(data["differences"])


def test_no_answer_exits_2_and_says_why(tmp_path, capsys):
    puzzle = tmp_path / "none.txt"
    puzzle.write_text("nurikabe 2 2\n4 .\n. 1\n")
    assert main(["solve", str(puzzle)]) == 2
    assert "add up to 5 island cells, the grid has 4" in capsys.readouterr().out


def test_convert_to_a_url_and_back_and_solve_the_url():
    code, url, _ = run("convert", "--to", "url", str(PUZZLE))
    assert code == 0 and url.startswith("https://puzz.link/p?nurikabe/10/10/")
    code, text, _ = run("convert", "--to", "text", url.strip())
    assert code == 0 and text == PUZZLE.read_text()
    code, out, _ = run("solve", url.strip(), "--json")
    assert code == 0 and json.loads(out)["solution"] == SOLUTION.read_text().split()[3:]
    code, _, err = run("convert", "--to", "tatham", str(PUZZLE))
    assert code == 4 and "Nurikabe has no Tatham game" in err


def test_a_batch_with_two_workers_gives_one_record_per_line(tmp_path):
    lines = [run("convert", "--to", "url", str(path))[1].strip() for path in [PUZZLE, *OTHERS]]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(lines) + "\n")
    code, out, _ = run("solve", "--batch", str(batch), "--workers", "2", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["line"] for r in records] == [1, 2, 3]
    assert {r["genre"] for r in records} == {"nurikabe"}
    for record, path in zip(records, [PUZZLE, *OTHERS], strict=True):
        assert record["verdict"] == "unique"
        assert record["solution"] == path.with_suffix(".sol").read_text().split()[3:]


def test_bad_input_is_one_line_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("nurikabe 2 2\n2 .\n. x\n")
    code, _, err = run("solve", str(bad))
    assert code == 4 and "line 3, column 3" in err and "unknown cell 'x'" in err
