"""SIGTERM during a batch on 2 workers ends it as Ctrl-C does: the records written are whole,
the summary so far is printed, "pencilsat: terminated", exit 143, the workers and their
temporary folder gone. It used to die at once: no summary, the folder left behind, and the
resource tracker's warning of leaked semaphores on stderr."""

from __future__ import annotations

import json
import os
import signal
import sys
import tempfile

import pytest
from batch_support import (
    ended,
    guarded,
    long_two_worker_batch,
    wait_for_records,
)

from pencilsat.batch.block_folder import PREFIX

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux: /proc, fork server")


def test_sigterm_midway_prints_the_summary_and_leaves_nothing_behind(tmp_path):
    run, out = long_two_worker_batch(tmp_path)  # seconds of work: stopped first
    with guarded(run):
        wait_for_records(run, out)
        run.send_signal(signal.SIGTERM)
        _, stderr = ended(run, "the run hung after SIGTERM")  # stderr read as it ends
    assert run.returncode == 143, stderr
    assert stderr.rstrip().endswith("pencilsat: terminated"), stderr
    assert "; interrupted" in stderr and "Traceback" not in stderr and "leaked" not in stderr
    text = out.read_text()
    assert text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    assert 0 < len(lines) < 131072 and {line["verdict"] for line in lines} == {"unique"}
    assert not [name for name in os.listdir(tempfile.gettempdir())
                if name.startswith(f"{PREFIX}{run.pid}-")]
