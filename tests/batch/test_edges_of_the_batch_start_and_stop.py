"""Faults found by probing how a batch starts and stops (edges6, 2026-11-30): SIGHUP ended a
2-worker run by its default action (no summary, the resource tracker's leaked-semaphore
warning, the block folder left); ``--workers 99999999999`` forked one process per shard
(3,073 on Royle's lines); ``python -m pencilsat`` had no ``__main__``; a summary whose reader
left made rich exit 1 (the status of ``multiple``); ``--out FIFO --resume`` waited forever for
a writer; a process out of file descriptors printed a traceback, "cannot write the
output", or made every puzzle an ``error``; and a closed stderr ended ``generate --count``
before its first record (status 0). Each test but the ``nohup`` guard fails on the code
before."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import tempfile

import pytest
from batch_support import (
    command_env,
    ended,
    guarded,
    long_two_worker_batch,
    tdoku,
    wait_for_records,
)
from conftest import WORKERS_AT_ONCE

from pencilsat.batch.block_folder import PREFIX
from pencilsat.batch.cores import WORKERS_PER_CORE, available_cores
from pencilsat.batch.run import BatchRun, run_batch
from pencilsat.core.errors import InputError

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux: signals, /proc, FIFOs")

WATCHDOG = 120
"""Seconds after which a run that should have ended is called hung (a guard, not a wait)."""


def test_sighup_ends_a_batch_as_sigterm_does(tmp_path):
    """SIGHUP's own action set in the run: a suite started under ``nohup`` passes its
    ignored SIGHUP on, which the run keeps (the next test)."""
    run, out = long_two_worker_batch(
        tmp_path, before=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL))
    with guarded(run):
        wait_for_records(run, out)
        run.send_signal(signal.SIGHUP)
        _, stderr = ended(run, "the run hung after SIGHUP")
    assert run.returncode == 129, stderr
    assert stderr.rstrip().endswith("pencilsat: hung up"), stderr
    assert "; interrupted" in stderr and "Traceback" not in stderr and "leaked" not in stderr
    assert out.read_text().endswith("\n")
    assert not [name for name in os.listdir(tempfile.gettempdir())
                if name.startswith(f"{PREFIX}{run.pid}-")]


def test_sighup_ignored_by_nohup_stays_ignored(tmp_path):
    """Sent SIGHUP then SIGTERM while both are pending, Linux delivers the lower number
    first: a run that took SIGHUP ends 129, one that ignores it (``nohup``) 143."""
    run, out = long_two_worker_batch(
        tmp_path, before=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    with guarded(run):
        wait_for_records(run, out)
        os.kill(run.pid, signal.SIGSTOP)  # both pending at once
        run.send_signal(signal.SIGHUP)
        run.send_signal(signal.SIGTERM)
        os.kill(run.pid, signal.SIGCONT)
        _, stderr = ended(run, "the run hung after SIGTERM")
    assert run.returncode == 143, stderr


def test_workers_past_eight_per_core_are_refused(tmp_path):
    most = WORKERS_PER_CORE * available_cores()
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(tdoku("unique", 3)) + "\n")
    for command in (["solve", "--batch", str(batch)], ["generate", "sudoku", "--count", "2"]):
        done = subprocess.run(
            [sys.executable, "-m", "pencilsat.cli", *command, "--workers", str(most + 1)],
            capture_output=True, text=True, timeout=WATCHDOG, env=command_env())
        assert done.returncode != 0 and done.stdout == "", done.stderr
        assert f"more than {most}" in done.stderr and "Traceback" not in done.stderr
    with pytest.raises(InputError, match=f"more than {most}"):
        run_batch(BatchRun(str(batch), workers=99999999999), sys.stdout, sys.stderr)


def test_python_dash_m_pencilsat_is_the_command(tmp_path):
    lines = tdoku("unique", 3)
    done = subprocess.run([sys.executable, "-m", "pencilsat", "solve", "--batch", "-"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=WATCHDOG, env=command_env())
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["input"] for line in done.stdout.splitlines()] == lines


def test_a_summary_whose_reader_left_keeps_the_runs_status(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(tdoku("unique", 5)) + "\n")
    out = tmp_path / "records.jsonl"
    read, write = os.pipe()
    os.close(read)  # the reader of stderr is gone before the summary
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pencilsat.cli", "solve", "--batch", str(batch), "--out",
             str(out), "--workers", "1"], stderr=write, stdout=subprocess.DEVNULL,
            timeout=WATCHDOG, env=command_env())
    finally:
        os.close(write)
    assert done.returncode == 0  # every puzzle unique: was 1, rich's exit
    assert len(out.read_text().splitlines()) == 5


def test_resume_refuses_an_out_that_is_no_regular_file(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(tdoku("unique", 2)) + "\n")
    fifo = tmp_path / "records.fifo"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "pencilsat.cli", "solve", "--batch", str(batch), "--out",
         str(fifo), "--resume"], capture_output=True, text=True, timeout=WATCHDOG,
        env=command_env())  # before: waited for a writer forever
    assert done.returncode == 4 and "not a regular file" in done.stderr, done.stderr


def test_a_process_short_of_file_descriptors_says_so(tmp_path):
    """A batch of a megabyte starts the fork server from the command line's words; with
    seven descriptors the start failed with a traceback from ``os.pipe``."""
    batch = tmp_path / "batch.txt"
    batch.write_text((tdoku("unique", 1)[0] + "\n") * 13000)
    assert batch.stat().st_size >= 1 << 20

    def few_descriptors() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (7, 7))

    done = subprocess.run(
        [sys.executable, "-m", "pencilsat", "solve", "--batch", str(batch), "--workers", "2"],
        capture_output=True, text=True, timeout=WATCHDOG, env=command_env(),
        preexec_fn=few_descriptors)
    assert done.returncode == 4, done.stderr
    assert "too many open files" in done.stderr and "Traceback" not in done.stderr


def test_generate_count_writes_its_records_when_the_messages_reader_left():
    """``generate --count`` without ``--seed`` says the seed it drew on stderr first: with
    stderr a closed pipe that ended the run, nothing written, status 0."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pencilsat.cli", "generate", "sudoku", "4x4", "--count", "2",
             "--workers", "1"], stderr=write, stdout=subprocess.PIPE, text=True,
            timeout=WATCHDOG, env=command_env())
    finally:
        os.close(write)
    assert done.returncode == 0
    assert [json.loads(line)["verdict"] for line in done.stdout.splitlines()] == ["unique"] * 2


@pytest.mark.parametrize("descriptors", [14, 16])
def test_workers_short_of_file_descriptors_stop_the_run(tmp_path, descriptors):
    """With a few more descriptors the pool started, broke, and every puzzle was retried
    alone on a new pool, each an ``error`` "this is a bug in pencilsat" (minutes for Royle's
    lines); now the run stops at the first worker that cannot start."""
    batch = tmp_path / "batch.txt"
    batch.write_text((tdoku("unique", 1)[0] + "\n") * 3000)

    def few_descriptors() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    done = subprocess.run(
        [sys.executable, "-m", "pencilsat", "solve", "--batch", str(batch), "--workers", "2",
         "--out", str(tmp_path / "records.jsonl")], capture_output=True, text=True,
        timeout=WATCHDOG, env=command_env(dict([WORKERS_AT_ONCE])), preexec_fn=few_descriptors)
    assert done.returncode == 4, done.stderr
    assert "pencilsat: too many open files" in done.stderr and "error" not in done.stderr
