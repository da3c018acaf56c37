"""``grade --batch``: uniqueness on the batch path first, grades only for unique puzzles."""

from __future__ import annotations

import io
import json

from conftest import CORPUS

from pencilsat.batch.sudoku_grades import run_grade_batch


def test_grade_batch_grades_only_unique_lines(tmp_path):
    tatham = (CORPUS / "sudoku/tatham/basic.txt").read_text().splitlines()[:3]
    multi = next(line.split("\t")[0] for line in
                 (CORPUS / "sudoku/tdoku_test_puzzles.tsv").read_text().splitlines()
                 if line.split("\t")[1] not in ("0", "1"))
    f = tmp_path / "batch.txt"
    f.write_text("\n".join([*tatham, multi, "12345"]) + "\n")
    out = io.StringIO()
    assert run_grade_batch(str(f), out, progress=False) == 0
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["index"] for r in records] == [0, 1, 2, 3, 4]
    assert all(r["verdict"] == "unique" and r["level"] in (1, 2, 3) for r in records[:3])
    assert records[3]["verdict"] == "multiple" and "level" not in records[3]
    assert records[4]["verdict"] == "invalid" and "reason" in records[4]


def test_grade_batch_reports_a_grading_time_out_per_puzzle(tmp_path, monkeypatch):
    import pencilsat.grading.clock as clock

    monkeypatch.setattr(clock, "perf_counter", lambda: float("inf"))
    f = tmp_path / "batch.txt"
    f.write_text((CORPUS / "sudoku/tatham/basic.txt").read_text().splitlines()[0] + "\n")
    out = io.StringIO()
    run_grade_batch(str(f), out, progress=False, time_limit=600)
    record = json.loads(out.getvalue())
    assert (record["verdict"], record["level"]) == ("unique", None)
    assert record["reason"] == "not graded: time limit reached while grading"


def test_grade_batch_grading_gets_what_the_proof_left_of_the_limit(tmp_path, monkeypatch):
    """A proof that used up the limit leaves no time to grade: the grade is cut short, not
    given the whole limit again."""
    import pencilsat.batch.sudoku_grades as batch

    line = (CORPUS / "sudoku/tatham/basic.txt").read_text().splitlines()[0]
    f = tmp_path / "batch.txt"
    f.write_text(line + "\n")

    proof = batch.solve_batch
    records = {}
    for spent in (0.0, 700.0):
        def timed_proof(lines, *, time_limit=None, spent=spent):
            for rec in proof(lines, time_limit=time_limit):
                rec["stats"]["seconds"] = spent
                yield rec

        monkeypatch.setattr(batch, "solve_batch", timed_proof)
        out = io.StringIO()
        run_grade_batch(str(f), out, progress=False, time_limit=600)
        records[spent] = json.loads(out.getvalue())
    assert records[0.0]["level"] in (1, 2, 3)
    assert (records[700.0]["verdict"], records[700.0]["level"]) == ("unique", None)
    assert records[700.0]["reason"] == "not graded: time limit reached while grading"


def test_lines_that_are_other_puzzles_say_grade_batch_takes_sudokus():
    """A Light Up URL or a puzzle file was told "a one-line Sudoku has 16, 81, 256 or 625
    cells, this one has 18"."""
    from pencilsat.batch.sudoku_grades import grade_batch

    lines = ["akari/6/6/nekcakbl", "examples/masyu_10x10.txt", "123"]
    records = list(grade_batch(lines))
    assert [r["verdict"] for r in records] == ["invalid"] * 3
    for record, line in zip(records[:2], lines, strict=False):
        assert record["reason"].startswith("grade --batch takes one-line Sudokus")
        assert record["reason"].endswith(f"pencilsat grade {line}")
    assert "one-line Sudoku has" in records[2]["reason"]
