"""``grade --batch`` on one-line Sudokus: uniqueness on the vectorised batch path first,
grades only for unique puzzles, and the time limit shared by proof and grading."""

from __future__ import annotations

import io
import json

from conftest import CORPUS

from pencilsat.batch.run import BatchRun, run_batch
from pencilsat.batch.task import BatchTask


def _grade_batch(path, time_limit=None) -> list[dict]:
    out = io.StringIO()
    run_batch(BatchRun(str(path), BatchTask(grade=True, time_limit=time_limit), workers=1),
              out, io.StringIO())
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_grade_batch_grades_only_unique_lines(tmp_path):
    tatham = (CORPUS / "sudoku/tatham/basic.txt").read_text().splitlines()[:3]
    multi = next(line.split("\t")[0] for line in
                 (CORPUS / "sudoku/tdoku_test_puzzles.tsv").read_text().splitlines()
                 if line.split("\t")[1] not in ("0", "1"))
    f = tmp_path / "batch.txt"
    f.write_text("\n".join([*tatham, multi, "12345"]) + "\n")
    records = _grade_batch(f)
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5]
    assert all(r["verdict"] == "unique" and r["grade"]["level"] in (1, 2, 3)
               for r in records[:3])
    assert records[3]["verdict"] == "multiple" and records[3]["grade"]["level"] is None
    assert "exactly one solution" in records[3]["grade"]["reason"]
    assert records[4]["verdict"] == "invalid" and records[4]["message"]


def test_grade_batch_reports_a_grading_time_out_per_puzzle(tmp_path, monkeypatch):
    import pencilsat.grading.clock as clock

    monkeypatch.setattr(clock, "perf_counter", lambda: float("inf"))
    f = tmp_path / "batch.txt"
    f.write_text((CORPUS / "sudoku/tatham/basic.txt").read_text().splitlines()[0] + "\n")
    [record] = _grade_batch(f, time_limit=600)
    assert (record["verdict"], record["grade"]["level"]) == ("unique", None)
    assert record["grade"]["reason"] == "not graded: time limit reached while grading"


def test_grade_batch_grading_gets_what_the_proof_left_of_the_limit(tmp_path, monkeypatch):
    """A proof that used up the limit leaves no time to grade: the grade is cut short, not
    given the whole limit again."""
    import pencilsat.batch.sudoku_lines as batch

    line = (CORPUS / "sudoku/tatham/basic.txt").read_text().splitlines()[0]
    f = tmp_path / "batch.txt"
    f.write_text(line + "\n")

    proof = batch.solve_batch
    records = {}
    for spent in (0.0, 700.0):
        def timed_proof(lines, *, spent=spent, **options):
            for rec in proof(lines, **options):
                rec["stats"]["seconds"] = spent
                yield rec

        monkeypatch.setattr(batch, "solve_batch", timed_proof)
        [records[spent]] = _grade_batch(f, time_limit=600)
    assert records[0.0]["grade"]["level"] in (1, 2, 3)
    assert (records[700.0]["verdict"], records[700.0]["grade"]["level"]) == ("unique", None)
    assert records[700.0]["grade"]["reason"] == "not graded: time limit reached while grading"
