"""Ctrl-C while pencilsat starts is a clean exit 130 (never a traceback, never numpy's "bad
install"); ``--version`` answers."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = "import sys; from pencilsat.entry import main; sys.exit(main())"


def test_ctrl_c_early_is_clean():
    """Interrupts at random moments of the first 0.3 s, from 50 ms on (the interpreter's own
    start-up, before pencilsat runs, answers a Ctrl-C its own way)."""
    rng = random.Random(5)
    outcomes = []
    for _ in range(16):
        proc = subprocess.Popen(
            [sys.executable, "-c", SCRIPT, "solve", str(REPO / "examples" / "masyu_10x10.txt")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(REPO / "src")})
        time.sleep(rng.uniform(0.05, 0.3))
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        outcomes.append((proc.returncode, err.strip()))
    for status, err in outcomes:
        # -2: the signal ended the process before Python's handler or after pencilsat's exit,
        # silently (no traceback, nothing half-printed)
        assert status in (0, 130, -signal.SIGINT), err
        assert err in ("", "pencilsat: interrupted"), err
    assert any(status == 130 for status, _ in outcomes)


def test_version():
    proc = subprocess.run([sys.executable, "-c", SCRIPT, "--version"], capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    assert proc.returncode == 0
    assert proc.stdout.startswith("pencilsat ")
