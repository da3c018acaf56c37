"""``--fail-on`` sets which verdicts make the exit status non-zero (by default any verdict but
``unique``, the worst status wins); the summary on stderr counts verdicts per genre, lists the
slowest puzzles and the lines not solved, with the progress bar on every batch kind."""

from __future__ import annotations

import io
import re

import pytest
from batch_support import janko, mixed_lines, tdoku, write_batch

from pencilsat.batch.run import BatchRun, run_batch
from pencilsat.batch.summary import parse_fail_on
from pencilsat.batch.task import BatchTask
from pencilsat.cli import main


@pytest.mark.parametrize(("fail_on", "status"), [
    (None, 4), ("multiple", 1), ("none", 2), ("multiple,none", 2), ("invalid", 4),
    ("unknown", 0), ("never", 0),
])
def test_fail_on_picks_the_verdicts_that_fail_the_run(tmp_path, capsys, fail_on, status):
    lines = [*tdoku("unique", 2), *tdoku("multiple", 1), *tdoku("none", 1), "oops"]
    argv = ["solve", "--batch", str(write_batch(tmp_path, lines)), "--workers", "1"]
    assert main(argv + (["--fail-on", fail_on] if fail_on else [])) == status


def test_a_batch_of_unique_puzzles_exits_0_and_bad_fail_on_words_are_refused(tmp_path,
                                                                             capsys):
    batch = write_batch(tmp_path, [*janko("masyu", 2), *tdoku("unique", 2)])
    assert main(["solve", "--batch", str(batch), "--workers", "1"]) == 0
    with pytest.raises(SystemExit) as usage:
        main(["solve", "--batch", str(batch), "--fail-on", "unique"])
    assert usage.value.code == 4
    assert "argument --fail-on: 'unique' is not a verdict that can fail a run" in \
        capsys.readouterr().err
    assert parse_fail_on(" multiple , error ") == {"multiple", "error"}


def test_the_summary_counts_lists_the_slowest_and_the_lines_not_solved(tmp_path):
    batch = write_batch(tmp_path, mixed_lines())
    out, err = io.StringIO(), io.StringIO()
    run_batch(BatchRun(str(batch), workers=2), out, err)
    summary = err.getvalue()
    assert out.getvalue().startswith('{"schema":1,')  # stdout holds the records alone
    total = sum(1 for line in mixed_lines() if line and not line.startswith("#"))
    assert summary.splitlines()[0].startswith(f"{total} puzzles: ")
    assert "solved in" in summary and "2 worker processes" in summary
    for word in ("verdicts", "masyu", "lightup", "sudoku", "(unread)", "slowest",
                 "not solved"):
        assert word in summary, (word, summary)
    # each line not solved in a row of its own, its message without the batch file's path
    # (which made the message wrap differently from one temporary folder to another)
    assert re.search(r"│ +25 │ invalid │ no such file: no-such-file\.txt ", summary), summary
    assert re.search(r"│ +27 │ invalid │ column 32: bad character 'z'", summary), summary
    assert str(batch) not in summary


def test_the_progress_bar_is_drawn_for_every_batch_kind(tmp_path, capsys):
    for task, lines in ((BatchTask(), tdoku("unique", 3)), (BatchTask(), janko("masyu", 3)),
                        (BatchTask(grade=True), janko("lightup", 3))):
        run_batch(BatchRun(str(write_batch(tmp_path, lines)), task, workers=1, progress=True),
                  io.StringIO(), io.StringIO())
        drawn = capsys.readouterr().err
        assert ("grading" if task.grade else "solving") in drawn and "3/3" in drawn
