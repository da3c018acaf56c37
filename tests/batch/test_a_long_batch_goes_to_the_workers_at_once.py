"""A batch surely long enough for the workers (``AT_ONCE_UNITS``) goes to them at once: the
pencilsat process solves none of it and loads no solver (no numpy): a fork server loads them
once and forks the workers, started early from a large batch file."""

from __future__ import annotations

import subprocess
import sys

from batch_support import mixed_lines, write_batch
from conftest import REPO

from pencilsat.batch import pool
from pencilsat.batch.inputs import SUDOKU_LINE_LENGTHS, numbered_items
from pencilsat.batch.shards import make_line_shards
from pencilsat.batch.task import BatchTask
from pencilsat.formats.detect import ONE_LINE_SUDOKU

MAIN_LOADS = """
import io, sys
from pencilsat.batch.run import BatchRun, run_batch
status = run_batch(BatchRun(sys.argv[1], workers=2, out=sys.argv[2]), io.StringIO(),
                   io.StringIO())
print(status, sorted(name for name in ("numpy", "pysat", "ortools") if name in sys.modules))
"""
SERVER_USED = """
import os, sys
from multiprocessing import forkserver
from pencilsat.batch.fork_server import start_early
from pencilsat.batch.pool import _OwnPool
started = start_early(sys.argv[1], None if sys.argv[2] == "-" else int(sys.argv[2]), None)
server = forkserver._forkserver._forkserver_pid
workers = _OwnPool(2, now=True, fork_server=True)
parent = workers.pool.submit(os.getppid).result()
workers.close(now=False)
print(started, server is not None and parent == server)
"""


def test_the_line_lengths_the_cut_weighs_are_the_readers_one_line_sudokus():
    assert SUDOKU_LINE_LENGTHS == ONE_LINE_SUDOKU


def test_a_long_batch_is_handed_over_before_any_puzzle_is_solved_here(monkeypatch):
    lines = mixed_lines()
    task = BatchTask(source="batch.txt")
    monkeypatch.delenv(pool.PROBE_ENV)
    monkeypatch.setattr(pool, "PROBE_SECONDS", 10.0)  # a probe that would solve it all here
    monkeypatch.setattr(pool, "AT_ONCE_UNITS", 1.0)
    run = pool.run_shard_blocks(list(make_line_shards(lines, task, 2)), workers=2)
    parts = list(run)
    assert (run.first_here, run.processes) == (0, 2)
    assert sum(part.records for part in parts) == len(numbered_items(lines))


def test_the_pencilsat_process_of_a_long_batch_loads_no_solver(tmp_path):
    """Unreadable lines are quick to answer but weigh a unit each: enough of them make a
    batch the workers take at once (the process would load numpy to solve any puzzle)."""
    batch = write_batch(tmp_path, [f"oops {n}" for n in range(int(pool.AT_ONCE_UNITS))])
    done = subprocess.run([sys.executable, "-c", MAIN_LOADS, str(batch),
                           str(tmp_path / "records.jsonl")], capture_output=True, text=True,
                          env={"PYTHONPATH": str(REPO / "src")}, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["4", "[]"]  # every line invalid: exit 4, no solver here
    assert len((tmp_path / "records.jsonl").read_text().splitlines()) == pool.AT_ONCE_UNITS



def test_a_large_batch_file_starts_the_fork_server_early_and_the_pool_uses_it(tmp_path):
    """The server started from the file's size alone is the one that forks the workers."""
    from pencilsat.batch.fork_server import EARLY_BYTES

    batch = tmp_path / "large.txt"
    batch.write_text("x" * EARLY_BYTES)
    done = subprocess.run([sys.executable, "-c", SERVER_USED, str(batch), "2"],
                          capture_output=True, text=True, env={"PYTHONPATH": str(REPO / "src")},
                          check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == (["True", "True"] if sys.platform == "linux" else
                                   ["False", "False"])


def test_the_fork_server_is_not_started_early_where_the_run_may_not_use_it(tmp_path):
    from pencilsat.batch.fork_server import EARLY_BYTES, start_early

    large, small = tmp_path / "large.txt", tmp_path / "small.txt"
    large.write_text("x" * EARLY_BYTES)
    small.write_text("x" * (EARLY_BYTES - 1))
    assert not start_early(str(small), 2, None)  # may be measured first: forked workers
    assert not start_early(str(large), 1, None)
    assert not start_early(str(large), 2, "local")  # Dask starts its own workers
    assert not start_early(str(tmp_path / "missing.txt"), 2, None)
    assert not start_early("-", 2, None)


def test_the_pencilsat_process_does_its_own_waiting_work_once_the_workers_have_shards(
        monkeypatch):
    """``while_waiting`` (the summary's import, in ``--batch``) runs once, after the first
    shards went to the workers and before any came back, so that it delays no worker."""
    import multiprocessing

    monkeypatch.delenv(pool.PROBE_ENV)
    monkeypatch.setattr(pool, "AT_ONCE_UNITS", 1.0)
    shards = list(make_line_shards(mixed_lines(), BatchTask(source="batch.txt"), 2))
    run = pool.run_shard_blocks(shards, workers=2)
    parts: list[object] = []
    seen: list[tuple[int, int]] = []
    run.while_waiting = lambda: seen.append((len(parts), len(multiprocessing.active_children())))
    parts.extend(run)
    assert seen == [(0, 2)]
    assert len(parts) == len(shards)
