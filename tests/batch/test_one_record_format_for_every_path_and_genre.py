"""Every batch path writes the same record, schema 1, for every genre and verdict: the
vectorised Sudoku path, the line-by-line front, several arguments with ``--json``,
``solve_many`` and ``grade --batch``; unreadable lines and bugs included."""

from __future__ import annotations

import json

from batch_support import batch_records, janko, mixed_lines, tdoku, write_batch

import pencilsat
from pencilsat.batch.records import KEYS, STATS_KEYS
from pencilsat.batch.task import BatchTask
from pencilsat.cli import main


def _check_keys(records: list[dict], grading: bool = False) -> None:
    for record in records:
        assert tuple(record) == KEYS + (("grade",) if grading else ()), record
        assert record["schema"] == 1
        assert set(STATS_KEYS) <= set(record["stats"]), record["stats"]
        if grading:
            assert {"level", "finished", "techniques", "steps"} <= set(record["grade"])


def test_every_path_genre_and_verdict_has_the_same_keys(tmp_path, capsys, monkeypatch):
    batch = write_batch(tmp_path, mixed_lines())
    records = batch_records(batch, workers=1)
    kinds = {(r["genre"], r["verdict"], r["stats"]["encoding"]) for r in records}
    assert {("masyu", "unique", "lazy"), ("lightup", "unique", "direct"),
            ("sudoku", "unique", "batch"), ("sudoku", "multiple", "batch"),
            ("sudoku", "none", "batch"), (None, "invalid", None)} <= kinds
    _check_keys(records)

    sudoku_file = tmp_path / "one.txt"  # the same Sudoku through the front: its own strategy
    sudoku_file.write_text(tdoku("multiple", 1)[0] + "\n")
    assert main(["solve", str(sudoku_file), janko("masyu", 1)[0], "missing.txt", "--json"]) == 4
    several = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["genre"], r["verdict"], r["stats"]["encoding"]) for r in several] == [
        ("sudoku", "multiple", "direct"), ("masyu", "unique", "lazy"), (None, "invalid", None)]
    _check_keys(several)

    from pencilsat.batch import one_puzzle

    def bug(*args, **options):
        raise IndexError("index 0 is out of bounds")

    monkeypatch.setattr(one_puzzle, "solve", bug)
    errors = list(pencilsat.solve_many(janko("lightup", 1), workers=1))
    assert errors[0].verdict == "error" and "internal error (IndexError" in errors[0].message
    _check_keys([record.to_dict() for record in errors])


def test_grade_records_are_the_solve_record_plus_the_grade(tmp_path):
    lines = [*janko("masyu", 2), *janko("lightup", 2), *tdoku("unique", 2),
             *tdoku("multiple", 1), "oops"]
    records = batch_records(write_batch(tmp_path, lines), BatchTask(grade=True), workers=1)
    assert [r["genre"] for r in records] == ["masyu"] * 2 + ["lightup"] * 2 + ["sudoku"] * 3 \
        + [None]
    _check_keys(records, grading=True)


def test_the_vectorised_path_writes_sudoku_rows_as_the_front_does(tmp_path):
    lines = tdoku("unique", 2) + tdoku("multiple", 1)
    fast = batch_records(write_batch(tmp_path, lines), workers=1)
    front = batch_records(write_batch(tmp_path, lines), BatchTask(encoding="extended"),
                          workers=1)
    for a, b in zip(fast, front, strict=True):
        assert (a["stats"]["encoding"], b["stats"]["encoding"]) == ("batch", "extended")
        assert (a["genre"], a["size"], a["verdict"]) == (b["genre"], b["size"], b["verdict"])
        if a["verdict"] == "unique":
            assert a["solution"] == b["solution"]
        puzzle = pencilsat.read_puzzle(a["input"])
        for rows in (a["solution"], a["second_solution"]):
            if rows is not None:
                assert pencilsat.check(puzzle, rows) == []
    multiple = fast[-1]
    assert multiple["differences"] and all(
        multiple["solution"][r][c] != multiple["second_solution"][r][c]
        for r, c in multiple["differences"])
