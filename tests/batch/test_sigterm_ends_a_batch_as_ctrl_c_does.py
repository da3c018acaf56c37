"""SIGTERM during a batch on 2 workers ends it as Ctrl-C does: the records written are whole,
the summary so far is printed, "pencilsat: terminated", exit 143, the workers and their
temporary folder gone. It used to die at once: no summary, the folder left behind, and the
resource tracker's warning of leaked semaphores on stderr."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import pytest
from batch_support import command_env, ended, guarded, tdoku
from conftest import WORKERS_AT_ONCE

from pencilsat.batch.block_folder import PREFIX

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux: /proc, fork server")


def test_sigterm_midway_prints_the_summary_and_leaves_nothing_behind(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text((tdoku("unique", 1)[0] + "\n") * 131072)  # seconds of work: stopped first
    out = tmp_path / "records.jsonl"
    env = command_env()
    env.pop(WORKERS_AT_ONCE[0])
    run = subprocess.Popen(
        [sys.executable, "-m", "pencilsat.cli", "solve", "--batch", str(batch), "--workers",
         "2", "--out", str(out)], stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True)
    with guarded(run):
        while not (out.exists() and out.stat().st_size) and run.poll() is None:
            time.sleep(0.01)  # waiting for an event: the first records written
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
