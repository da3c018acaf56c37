"""SIGTERM during ``generate --count`` on 2 workers ends it as it ends ``solve --batch``: the
records written stay whole, stderr says how many and the command that makes the rest, then
"pencilsat: terminated", exit 143, the workers gone. It used to die at once, with no line."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest
from batch_support import command_env, kill_what_is_left, left_in_session

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux: /proc, fork server")


def test_sigterm_midway_says_what_was_written_and_ends_143(tmp_path):
    out = tmp_path / "puzzles.jsonl"
    with out.open("w") as records:
        run = subprocess.Popen(
            [sys.executable, "-m", "pencilsat.cli", "generate", "sudoku", "9x9", "--count",
             "40", "--seed", "7", "--workers", "2"], stdout=records,
            stderr=subprocess.PIPE, text=True, env=command_env(), start_new_session=True)
    try:
        while not out.stat().st_size and run.poll() is None:
            time.sleep(0.01)  # waiting for an event: the first record written
        run.send_signal(signal.SIGTERM)
        status = run.wait(timeout=120)  # a guard: it ends at once
        stderr = run.stderr.read() if run.stderr else ""
        assert left_in_session(run.pid) == []
    finally:
        kill_what_is_left(run)
    assert status == 143, stderr
    assert stderr.rstrip().endswith("pencilsat: terminated"), stderr
    assert "Traceback" not in stderr and "leaked" not in stderr, stderr
    text = out.read_text()
    assert text.endswith("\n")
    written = [json.loads(line) for line in text.splitlines()]
    assert 0 < len(written) < 40
    assert [record["generated"]["seed"] for record in written] == list(
        range(7, 7 + len(written)))
    said = (f"{len(written)} of 40 puzzles written (seeds 7..{6 + len(written)}); the rest: "
            f"pencilsat generate sudoku 9x9 --seed {7 + len(written)} "
            f"--count {40 - len(written)}")
    assert said in stderr, stderr
