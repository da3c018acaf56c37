"""A 2-worker batch stopped midway (SIGTERM; a reader that leaves is in
``test_a_batch_whose_reader_leaves_stops_141``) says in its summary as many puzzles as it
wrote records: to a pipe that took only part of a worker's block, and to ``--out FILE``. The
summary used to count whole blocks, so a block cut by the stop was written but not counted.
The events waited for: the first record read (or written), then the run's end, under a guard
that kills a hung run and fails."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest
from batch_support import command_env, ended, guarded, tdoku
from conftest import WORKERS_AT_ONCE

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux: /proc")

LINES = 20000


def _summed(stderr: str) -> int:
    said = re.match(r"(\d+) puzzles?: \1 unique, ", stderr)
    assert said, stderr
    return int(said[1])


def _start(args: list[str], **options) -> subprocess.Popen:
    env = command_env()
    env.pop(WORKERS_AT_ONCE[0], None)
    return subprocess.Popen([sys.executable, "-m", "pencilsat.cli", *args], stderr=subprocess.PIPE,
                            env=env, start_new_session=True, **options)


def _end(run: subprocess.Popen) -> tuple[bytes, str]:
    """The rest of the run's output and its stderr once it ended (a hang fails)."""
    with guarded(run):
        out, err = ended(run, "the run hung after SIGTERM")
    return out or b"", err.decode()


def test_sigterm_with_a_pipe_half_full_counts_every_record_written(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text((tdoku("unique", 1)[0] + "\n") * LINES)
    run = _start(["solve", "--batch", str(batch), "--workers", "2"], stdout=subprocess.PIPE,
                 pipesize=4096)
    assert run.stdout is not None
    first = b""
    while b"\n" not in first:  # the event: a record out (read unbuffered); the pipe fills
        first += os.read(run.stdout.fileno(), 4096) or b"\n"
    run.send_signal(signal.SIGTERM)
    rest, stderr = _end(run)
    assert run.returncode == 143, stderr
    assert first.startswith(b'{"schema":1')
    written = (first + rest).count(b"\n")
    assert 0 < written < LINES
    assert _summed(stderr) == written, stderr


def test_sigterm_with_out_file_counts_every_record_written(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text((tdoku("unique", 1)[0] + "\n") * LINES * 4)
    out = tmp_path / "records.jsonl"
    run = _start(["solve", "--batch", str(batch), "--workers", "2", "--out", str(out)])
    while not (out.exists() and out.stat().st_size) and run.poll() is None:
        time.sleep(0.01)  # waiting for an event: the first records written
    run.send_signal(signal.SIGTERM)
    _, stderr = _end(run)
    assert run.returncode == 143, stderr
    written = out.read_bytes().count(b"\n")
    assert 0 < written < LINES * 4
    assert _summed(stderr) == written, stderr
