"""``grade --batch`` takes any genre, line by line, on workers: each record is the solve
record plus the grade that ``pencilsat grade --json`` gives for the same puzzle."""

from __future__ import annotations

from batch_support import janko, json_lines, pencilsat, tdoku, write_batch

from pencilsat.cli import main


def test_grade_batch_grades_masyu_lightup_and_sudoku_as_grade_json_does(tmp_path, capsys):
    sudoku_file = tmp_path / "sudoku.txt"
    sudoku_file.write_text(tdoku("unique", 1)[0] + "\n")
    lines = [*janko("masyu", 3, 50), *janko("lightup", 3, 60), *tdoku("unique", 3),
             str(sudoku_file), *tdoku("multiple", 1)]
    done = pencilsat("grade", "--batch", str(write_batch(tmp_path, lines)), "--workers", "2")
    assert done.returncode == 1, done.stderr  # the multiple one
    records = json_lines(done.stdout)
    assert [r["genre"] for r in records] == ["masyu"] * 3 + ["lightup"] * 3 + ["sudoku"] * 5
    for record in records[:-1]:
        assert record["verdict"] == "unique" and record["grade"]["steps"]
        # every genre rates every unique puzzle: the paper's level and the score beside it
        assert record["grade"]["level"] is not None
        assert isinstance(record["grade"]["score"], float)
        assert main(["grade", record["input"], "--json"]) == 0
        alone = json_lines(capsys.readouterr().out)[0]
        assert record["grade"] == {k: v for k, v in alone.items() if k != "verdict"}
    assert records[-1]["verdict"] == "multiple" and records[-1]["grade"]["level"] is None
    assert records[-1]["grade"]["score"] is None
    assert "Traceback" not in done.stderr
