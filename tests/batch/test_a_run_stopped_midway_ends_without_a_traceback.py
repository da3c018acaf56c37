"""A long batch on 2 workers that stops midway (the records file cannot be written) ends at
once, with one line saying why, exit 4, no traceback and no worker left.

Stopping it used to cancel the shards still queued from this thread while the pool's own
thread failed them for the workers it lost: Python 3.11's pool then raised
``InvalidStateError`` in its thread (a traceback on stderr) and the exit waited forever for
a shard half written to a worker that was gone (3 runs of 4 hung).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from batch_support import command_env, tdoku
from conftest import WORKERS_AT_ONCE

from pencilsat.batch.pool import AT_ONCE_UNITS

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def test_a_full_disk_under_two_workers_ends_the_run_at_once(tmp_path):
    lines = tdoku("unique", 1) * int(AT_ONCE_UNITS * 16 + 1024)  # to the workers at once
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(lines) + "\n")
    env = command_env()
    env.pop(WORKERS_AT_ONCE[0])  # as a user runs it (with it, the run did not hang)
    run = subprocess.Popen(
        [sys.executable, "-m", "pencilsat.cli", "solve", "--batch", str(batch), "--workers",
         "2", "--out", "/dev/full"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True, env=env, start_new_session=True)
    try:
        status = run.wait(timeout=120)  # a guard: the run ends in about a second
    finally:
        if run.poll() is None:
            os.killpg(run.pid, 9)
    stderr = run.stderr.read() if run.stderr else ""
    assert status == 4, stderr
    assert "pencilsat: cannot write the output /dev/full: No space left on device" in stderr
    assert "Traceback" not in stderr and "Exception in thread" not in stderr, stderr
