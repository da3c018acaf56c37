"""Two worker processes, an executor, or records as they come give the same results as one
worker in this process (``results_of``: every key but the timings and solver effort), and
the time limit holds for each puzzle inside the workers."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from batch_support import batch_records, janko, mixed_lines, results, write_batch

import pencilsat
from pencilsat.batch import pool
from pencilsat.batch.inputs import BatchItem
from pencilsat.batch.shards import make_shards
from pencilsat.batch.task import BatchTask

START = {"at once": (0.0, 0.0), "after a shard here": (1e-9, 0.0),
         "as the work says": (pool.PROBE_SECONDS, pool.POOL_PAYS_SECONDS)}


@pytest.mark.parametrize("start", START)
def test_two_workers_in_order_and_unordered_match_one_worker(tmp_path, monkeypatch, start):
    """Whether the workers start at once, after this process solved a shard, or when the work
    measured here says so (a short list: never), the records are one worker's."""
    batch = write_batch(tmp_path, mixed_lines())
    one = batch_records(batch, workers=1)
    probe, pays = START[start]
    monkeypatch.delenv(pool.PROBE_ENV)
    monkeypatch.setattr(pool, "PROBE_SECONDS", probe)
    monkeypatch.setattr(pool, "POOL_PAYS_SECONDS", pays)
    monkeypatch.setattr(pool, "IDLE_CORES_NEEDED", 0.0)  # a hand-over whatever the load
    two = batch_records(batch, workers=2)
    assert [r["line"] for r in two] == [r["line"] for r in one]  # input order
    assert results(two) == results(one)
    unordered = batch_records(batch, workers=2, ordered=False)
    assert results(unordered) == results(one)


def test_where_the_shards_ran_is_what_the_probe_decided(monkeypatch):
    """The first shard here and the rest handed to two processes, cut again; or all of it
    here when the rest is estimated shorter than ``POOL_PAYS_SECONDS``."""
    lines = [line for line in mixed_lines() if line and not line.startswith("#")]
    task = BatchTask()
    items = [BatchItem(number, line) for number, line in enumerate(lines, start=1)]
    monkeypatch.delenv(pool.PROBE_ENV)
    monkeypatch.setattr(pool, "PROBE_SECONDS", 1e-9)
    monkeypatch.setattr(pool, "POOL_PAYS_SECONDS", 0.0)
    monkeypatch.setattr(pool, "IDLE_CORES_NEEDED", 0.0)  # whatever the machine's load
    handed = pool.run_shards(make_shards(items, task, 2), workers=2)
    records = [record for shard in handed for record in shard]
    assert (handed.first_here, handed.processes) == (1, 2)
    assert [r.line for r in records] == list(range(1, len(lines) + 1))
    monkeypatch.setattr(pool, "POOL_PAYS_SECONDS", float("inf"))
    alone = pool.run_shards(make_shards(items, task, 2), workers=2)
    assert [r.line for shard in alone for r in shard] == [r.line for r in records]
    assert alone.processes == 0 and alone.first_here == len(list(make_shards(items, task, 2)))


def test_the_tests_start_the_workers_at_once():
    from conftest import WORKERS_AT_ONCE

    assert WORKERS_AT_ONCE[0] == pool.PROBE_ENV and pool.probe_seconds() == 0


def test_solve_many_on_any_executor_matches_one_worker(tmp_path):
    lines = [line for line in mixed_lines() if line and not line.startswith("#")]
    one = [record.to_dict() for record in pencilsat.solve_many(lines, workers=1)]
    with ThreadPoolExecutor(max_workers=2) as threads:
        on_threads = [r.to_dict() for r in pencilsat.solve_many(lines, executor=threads)]
    assert results(on_threads) == results(one)
    assert [r["line"] for r in one] == list(range(1, len(lines) + 1))


def test_the_time_limit_holds_for_each_puzzle_inside_the_workers(tmp_path):
    big = sorted(janko("masyu", 2000), key=lambda p: -len(open(p).read()))[:4]
    batch = write_batch(tmp_path, big)
    records = batch_records(batch, BatchTask(time_limit=0.001), workers=2)
    assert [r["verdict"] for r in records] == ["unknown"] * 4
    assert all("time limit" in r["message"] for r in records)
    assert all(r["seconds"] < 5 for r in records)


def test_forked_and_spawned_workers_give_the_same_records(tmp_path):
    """Workers are forked while this process has one thread and has solved a shard, and
    forked by a fork server for ``--batch`` (else spawned, and off Linux) once another thread
    runs (fork is unsafe then); either way the records are one worker's."""
    import sys
    import threading

    from pencilsat.batch.pool import start_method

    batch = write_batch(tmp_path, mixed_lines())
    one = batch_records(batch, workers=1)
    if threading.active_count() == 1:
        assert start_method() == ("fork" if sys.platform == "linux" else "spawn")
        assert results(batch_records(batch, workers=2)) == results(one)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert start_method() == ("forkserver" if sys.platform == "linux" else "spawn")
        assert start_method(fork_server=False) == "spawn"
        assert results(batch_records(batch, workers=2)) == results(one)
    finally:
        stop.set()
        other.join()


def test_records_on_stdout_from_forked_workers_come_once(tmp_path):
    """Nothing the main process buffered before the fork is written again by a worker."""
    from batch_support import json_lines, pencilsat

    lines = [line for line in mixed_lines() if line and not line.startswith("#")]
    batch = write_batch(tmp_path, lines)
    done = pencilsat("solve", "--batch", str(batch), "--workers", "2", "--fail-on", "never")
    assert done.returncode == 0, done.stderr
    assert [r["line"] for r in json_lines(done.stdout)] == list(range(1, len(lines) + 1))


def test_a_probe_time_that_is_not_a_number_is_refused_before_any_work(tmp_path):
    from batch_support import pencilsat as command

    batch = write_batch(tmp_path, mixed_lines())
    done = command("solve", "--batch", str(batch), "--workers", "2", "--out",
                   str(tmp_path / "records.jsonl"), env={pool.PROBE_ENV: "soon"})
    assert done.returncode == 4, done.stderr
    assert "PENCILSAT_PROBE_SECONDS='soon' is not a number of seconds >= 0" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "records.jsonl").exists()
