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
# the same, telling the test on descriptor {fd} that pencilsat's entry point is about to run
SCRIPT_READY = ("import os, sys; from pencilsat.entry import main; os.write({fd}, b'.'); "
                "os.close({fd}); sys.exit(main())")


def test_ctrl_c_early_is_clean():
    """Interrupts at random moments of the first 0.3 s after pencilsat's entry point starts
    (the interpreter's own start-up and the import of the entry module, before pencilsat
    runs, answer a Ctrl-C Python's way; on a loaded machine they take longer than 50 ms)."""
    rng = random.Random(5)
    outcomes = []
    for _ in range(16):
        ready, tell = os.pipe()
        proc = subprocess.Popen(
            [sys.executable, "-c", SCRIPT_READY.format(fd=tell), "solve",
             str(REPO / "examples" / "masyu_10x10.txt")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, pass_fds=(tell,),
            env={**os.environ, "PYTHONPATH": str(REPO / "src")})
        os.close(tell)
        with os.fdopen(ready, "rb") as marker:
            assert marker.read(1) == b"."
        time.sleep(rng.uniform(0.0, 0.3))
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


def test_ctrl_c_swallowed_by_a_callback_is_delivered_again():
    """Python prints a ``KeyboardInterrupt`` raised in a ``__del__`` (or the import system's
    lock callback) as "Exception ignored" and goes on; under pencilsat's entry it comes back
    as an ordinary interrupt."""
    script = (  # Python's SIGINT handler, as a terminal's user has it (a runner in the
        # background of a shell inherits SIGINT ignored, and then nothing is delivered)
        "import signal, sys, time\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from pencilsat.entry import _redeliver_interrupts\n"
        "_redeliver_interrupts(sys.unraisablehook)\n"
        "class Swallowing:\n"
        "    def __del__(self):\n"
        "        raise KeyboardInterrupt\n"
        "Swallowing()\n"
        "try:\n"
        "    for _ in range(1000):\n"
        "        time.sleep(0.001)\n"
        "except KeyboardInterrupt:\n"
        "    sys.exit(7)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO / "src")}, timeout=60)
    assert (proc.returncode, proc.stderr) == (7, "")
