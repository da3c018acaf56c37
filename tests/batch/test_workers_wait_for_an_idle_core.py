"""A short batch starts its workers only while a core sits idle beside this process's work
(``pool.IDLE_CORES_NEEDED``, read by ``cores.IdleMeter`` from ``/proc/stat``): on a machine
whose cores other work keeps busy it goes on here, looks again after each shard, and hands
the rest over once a core is free; the records are one worker's either way."""

from __future__ import annotations

import os
import sys

import pytest
from batch_support import mixed_lines

from pencilsat.batch import cores, pool
from pencilsat.batch.inputs import BatchItem
from pencilsat.batch.shards import make_shards
from pencilsat.batch.task import BatchTask


class ScriptedMeter:
    """A meter whose readings are given: ``busy`` busy windows of ``ticks``, then idle."""

    made: list[ScriptedMeter] = []

    def __init__(self, busy: int, ticks: float = 5.0) -> None:
        self.busy, self.ticks, self.readings, self.restarts = busy, ticks, 0, 0
        ScriptedMeter.made.append(self)

    def restart(self) -> None:
        self.restarts += 1

    def reading(self) -> tuple[float, float]:
        self.readings += 1
        return (0.0 if self.readings <= self.busy else 1.0), self.ticks


def run_with(monkeypatch, busy: int, ticks: float = 5.0):
    lines = [line for line in mixed_lines() if line and not line.startswith("#")]
    items = [BatchItem(number, line) for number, line in enumerate(lines, start=1)]
    monkeypatch.delenv(pool.PROBE_ENV)
    monkeypatch.setattr(pool, "PROBE_SECONDS", 1e-9)
    monkeypatch.setattr(pool, "POOL_PAYS_SECONDS", 0.0)
    monkeypatch.setattr(pool, "IdleMeter", lambda: ScriptedMeter(busy, ticks))
    ScriptedMeter.made.clear()
    shards = list(make_shards(items, BatchTask(), 2))
    run = pool.run_shards(shards, workers=2)
    records = [record for shard in run for record in shard]
    assert [r.line for r in records] == list(range(1, len(lines) + 1))
    return run, shards, ScriptedMeter.made[0]


def test_a_machine_with_no_idle_core_keeps_the_batch_here(monkeypatch):
    run, shards, meter = run_with(monkeypatch, busy=10**6)
    assert (run.first_here, run.processes, run.no_idle_core) == (len(shards), 0, True)
    assert meter.readings == len(shards) - 1  # a look after every shard but the last


def test_the_workers_start_once_a_core_is_free(monkeypatch):
    run, shards, meter = run_with(monkeypatch, busy=2)
    assert len(shards) > 3
    assert (run.first_here, run.processes, run.no_idle_core) == (3, 2, False)
    assert meter.restarts == 0  # the busy windows were short


def test_a_long_busy_window_is_started_again(monkeypatch):
    _, _, meter = run_with(monkeypatch, busy=2, ticks=pool.RESTART_TICKS)
    assert meter.restarts == 2


def test_another_executor_is_not_metered(monkeypatch):
    """Another executor's workers run elsewhere (a Dask cluster): this machine's load does
    not decide."""
    from concurrent.futures import ThreadPoolExecutor

    lines = [line for line in mixed_lines() if line and not line.startswith("#")]
    items = [BatchItem(number, line) for number, line in enumerate(lines, start=1)]
    monkeypatch.delenv(pool.PROBE_ENV)
    monkeypatch.setattr(pool, "PROBE_SECONDS", 1e-9)
    monkeypatch.setattr(pool, "POOL_PAYS_SECONDS", 0.0)
    monkeypatch.setattr(pool, "IdleMeter", lambda: ScriptedMeter(10**6))
    ScriptedMeter.made.clear()
    with ThreadPoolExecutor(2) as executor:
        run = pool.run_shards(make_shards(items, BatchTask(), 2), workers=2, executor=executor)
        assert len([record for shard in run for record in shard]) == len(items)
    assert (run.first_here, run.processes) == (1, 2)
    assert ScriptedMeter.made == []


def test_cpu_times_reads_the_first_line_and_counts_the_cores():
    text = ("cpu  100 5 50 800 20 0 3 7 0 0\n"
            "cpu0 50 2 25 400 10 0 1 4 0 0\ncpu1 50 3 25 400 10 0 2 3 0 0\n"
            "intr 12345\nctxt 678\n")
    assert cores.cpu_times(text) == (825, 985, 2)  # idle, I/O wait and niced work
    assert cores.cpu_times("intr 1\n") is None
    assert cores.cpu_times("") is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/stat is Linux's")
def test_the_meter_reads_this_machine_between_no_core_and_all():
    meter = cores.IdleMeter()
    reading = None
    while reading is None or reading[1] < 3:  # work until three ticks per core have passed
        sum(range(10_000))
        reading = meter.reading()
    idle, ticks = reading
    assert 0.0 <= idle <= (os.cpu_count() or 1)
    assert ticks >= 3


def test_without_proc_stat_the_meter_cannot_tell_and_the_workers_start(monkeypatch, tmp_path):
    monkeypatch.setattr(cores, "STAT", tmp_path / "no-such-file")
    meter = cores.IdleMeter()
    assert meter.reading() is None
    assert pool._core_free(meter)


@pytest.mark.parametrize(("busy", "said"), [
    (10**6, "this process alone: no idle core for 2 worker processes"),
    (0, "this process, then 2 worker processes")])
def test_the_summary_says_why_the_batch_stayed_here(tmp_path, monkeypatch, capsys, busy, said):
    from batch_support import write_batch

    from pencilsat.cli import main

    batch = write_batch(tmp_path, mixed_lines())
    monkeypatch.delenv(pool.PROBE_ENV)
    monkeypatch.setattr(pool, "PROBE_SECONDS", 1e-9)
    monkeypatch.setattr(pool, "POOL_PAYS_SECONDS", 0.0)
    monkeypatch.setattr(pool, "IdleMeter", lambda: ScriptedMeter(busy))
    main(["solve", "--batch", str(batch), "--workers", "2", "--out", str(tmp_path / "o.jsonl"),
          "--fail-on", "never"])
    assert said in capsys.readouterr().err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/stat is Linux's")
def test_a_niced_run_does_not_count_its_own_time_as_free(monkeypatch):
    """Niced processes' time counts as free (they yield to a worker of normal priority), but
    not this process's own when it is the niced one: its work is what the probe measures."""
    monkeypatch.setattr(cores.os, "getpriority", lambda which, who: 0)
    assert cores._own_niced_ticks() == 0.0  # not niced: its time is not in the niced column
    monkeypatch.setattr(cores.os, "getpriority", lambda which, who: 10)
    meter = cores.IdleMeter()
    start = cores._own_niced_ticks()
    while cores._own_niced_ticks() - start < 3:  # three ticks of this process's own work
        sum(range(10_000))
    assert cores._own_niced_ticks() > 0
    monkeypatch.setattr(cores, "_read", lambda: (0, 100, 1))  # no other core, nothing idle
    meter.restart()
    own = cores._own_niced_ticks()
    monkeypatch.setattr(cores, "_read", lambda: (50, 150, 1))  # 50 ticks "niced or idle" ...
    monkeypatch.setattr(cores, "_own_niced_ticks", lambda: own + 50)  # ... all of them ours
    assert meter.reading() == (0.0, 50.0)
