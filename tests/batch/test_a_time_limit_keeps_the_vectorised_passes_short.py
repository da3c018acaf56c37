"""Under ``--time-limit``, the one-line Sudokus of a shard are solved in vectorised passes of at
most ``TIMED_SUDOKU_LINES`` (the limit is not checked inside a pass, and every record of a
pass waits for its end): the first record comes after the first pass, and the verdicts and
answers are those of one pass over the whole shard. Before, a shard of 4,096 of the forum's
hardest lines was one pass (1.1 s of CPU on numpy) whatever the limit. The events counted are
the passes and their lengths."""

from __future__ import annotations

import json

from conftest import CORPUS

from pencilsat.batch import sudoku_lines
from pencilsat.batch.shards import TIMED_SUDOKU_LINES, Shard, SolverCache, iter_shard
from pencilsat.batch.task import BatchTask


def _shard(lines: list[str], task: BatchTask) -> Shard:
    return Shard(task, lines="\n".join(lines), first_line=1, units=len(lines) / 16)


def test_passes_are_cut_under_a_time_limit_and_give_the_same_verdicts(monkeypatch):
    lines = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()
    lines = lines[:2 * TIMED_SUDOKU_LINES + 100]
    passes: list[int] = []
    solve_batch = sudoku_lines.solve_batch

    def counted(found, **options):
        passes.append(len(found))
        return solve_batch(found, **options)

    monkeypatch.setattr(sudoku_lines, "solve_batch", counted)
    cache = SolverCache()
    try:
        timed = iter_shard(_shard(lines, BatchTask(time_limit=30.0)), cache)
        first = next(timed)
        assert passes == [TIMED_SUDOKU_LINES]  # the first record after the first pass
        records = [first, *timed]
        assert passes == [TIMED_SUDOKU_LINES, TIMED_SUDOKU_LINES, 100]
        passes.clear()
        whole = list(iter_shard(_shard(lines, BatchTask()), cache))
        assert passes == [len(lines)]  # without a limit: one pass
    finally:
        cache.close()
    assert [(r.line, r.verdict, json.loads(r.json_text)["solution"]) for r in records] == \
        [(r.line, r.verdict, json.loads(r.json_text)["solution"]) for r in whole]
    assert {r.verdict for r in records} == {"unique"}
