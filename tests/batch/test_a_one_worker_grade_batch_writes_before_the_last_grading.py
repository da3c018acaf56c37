"""A one-worker ``grade --batch`` of one-line Sudokus writes its first record after one grading,
not after every grading of its shard: the shard's lines are solved together, then graded one
by one as their records go out. Before, a shard of 2,500 Royle lines was graded whole before
the first record was written (39 s on 20,000 lines). The event counted is each grading call."""

from __future__ import annotations

import io

from conftest import CORPUS

from pencilsat.batch import sudoku_lines
from pencilsat.batch.run import BatchRun, run_batch
from pencilsat.batch.task import BatchTask

LINES = 100


class _Output(io.StringIO):
    """Standard output that notes how many gradings were done when it was first written."""

    def __init__(self, gradings: list[int]) -> None:
        super().__init__()
        self.gradings = gradings
        self.at_first_write: int | None = None

    def write(self, text: str) -> int:
        if self.at_first_write is None and text:
            self.at_first_write = len(self.gradings)
        return super().write(text)


def test_the_first_record_is_written_after_one_grading(tmp_path, monkeypatch):
    lines = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()[:LINES]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(lines) + "\n")
    gradings: list[int] = []
    grade_proven = sudoku_lines.grade_proven

    def counted(*args, **kwargs):
        gradings.append(1)
        return grade_proven(*args, **kwargs)

    monkeypatch.setattr(sudoku_lines, "grade_proven", counted)
    out = _Output(gradings)
    status = run_batch(BatchRun(str(batch), BatchTask(grade=True), workers=1), out,
                       io.StringIO())
    records = out.getvalue().splitlines()
    assert status == 0 and len(records) == LINES == len(gradings)
    assert out.at_first_write == 1  # one grading, then its record
