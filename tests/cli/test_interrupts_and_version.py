"""Ctrl-C while pencilsat starts is a clean exit 130 (never a traceback, never numpy's "bad
install"); ``--version`` answers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = "import sys; from pencilsat.entry import main; sys.exit(main())"
STOP_AT_IMPORT = """\
import os, sys
from pencilsat.entry import main
tell, wait = int(sys.argv[1]), int(sys.argv[2])
at = int(sys.argv[3]) if sys.argv[3].isdigit() else sys.argv[3]
del sys.argv[1:4]


class StopAt:
    \"\"\"The ``at``-th module import pencilsat's entry point asks for (or the first of the
    module named ``at``): tell the test, and wait (inside the import) until it has sent its
    SIGINT.\"\"\"
    count = 0

    def find_spec(self, name, path=None, target=None):
        StopAt.count += 1
        if StopAt.count == at or name == at:
            sys.meta_path.remove(self)
            os.write(tell, name.encode())
            os.close(tell)
            os.read(wait, 1)
        return None


sys.meta_path.insert(0, StopAt())
sys.exit(main())
"""
IMPORT_POINTS = (1, 2, 3, 5, 10, 20, 40, 60, 80, 100)
"""Which import of pencilsat's start-up the Ctrl-C lands in (numpy's first, Python modules
numpy pulls in, the CLI's own; the start-up asks for about 120), and two inside numpy's own
import wherever it comes (a ``--batch`` run's after some 200 others)."""
NUMPY_POINTS = ("numpy", "numpy._core._multiarray_umath")


def _sigint_as_python_sets_it() -> None:
    """Popen's ``preexec_fn``: a test run in the background of a shell inherits SIGINT
    ignored, and so would the child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("batch", [False, True], ids=["one puzzle", "batch"])
@pytest.mark.parametrize("point", (*IMPORT_POINTS, *NUMPY_POINTS))
def test_ctrl_c_early_is_clean(point, batch, tmp_path):
    """A Ctrl-C inside an import of pencilsat's start-up (numpy, the CLI) is one clean
    "pencilsat: interrupted" and exit 130: raised inside an import, it left a traceback, or
    numpy turned it into a "bad install" ImportError. The child says which import it is in
    and waits there until the signal is sent, so the moment is the same on any machine. A
    ``--batch`` run loads numpy only after its arguments are read (so that the workers' fork
    server starts first), in the CLI's own guard rather than the entry point's."""
    puzzle = str(REPO / "examples" / "masyu_10x10.txt")
    words = ["solve", puzzle]
    if batch:
        listing = tmp_path / "list.txt"
        listing.write_text(puzzle + "\n")
        words = ["solve", "--batch", str(listing), "--out", str(tmp_path / "out.jsonl")]
    told, tell = os.pipe()
    wait, go = os.pipe()
    proc = subprocess.Popen(
        [sys.executable, "-c", STOP_AT_IMPORT, str(tell), str(wait), str(point), *words],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, pass_fds=(tell, wait),
        preexec_fn=_sigint_as_python_sets_it,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    os.close(tell)
    os.close(wait)
    try:
        with os.fdopen(told, "rb") as marker:
            module = marker.read().decode()
        assert module, "the start-up made fewer imports than the point asked for"
        proc.send_signal(signal.SIGINT)
    finally:
        os.write(go, b".")
        os.close(go)
    _, err = proc.communicate(timeout=120)
    lines = err.strip().splitlines()
    assert (proc.returncode, lines[-1:]) == (130, ["pencilsat: interrupted"]), module
    if batch:  # interrupted once the batch began: its summary of what was done comes first
        assert lines[:-1] == [] or lines[-2].endswith("interrupted"), (module, lines)
    else:
        assert lines == ["pencilsat: interrupted"], module


def _sigint_ignored() -> None:
    """Popen's ``preexec_fn``: a background job of a script (``pencilsat ... &``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("batch", [False, True], ids=["one puzzle", "batch"])
@pytest.mark.parametrize("point", (10, "numpy"))
def test_ctrl_c_ignored_at_the_start_stays_ignored(point, batch, tmp_path):
    """A run that starts with SIGINT ignored, as a script's background job does so that the
    terminal's Ctrl-C reaches only the foreground, goes on through a Ctrl-C in its start-up
    and gives its verdict (it said "interrupted", exit 130)."""
    puzzle = str(REPO / "examples" / "masyu_10x10.txt")
    words = ["solve", puzzle]
    out = tmp_path / "out.jsonl"
    if batch:
        listing = tmp_path / "list.txt"
        listing.write_text(puzzle + "\n")
        words = ["solve", "--batch", str(listing), "--out", str(out)]
    told, tell = os.pipe()
    wait, go = os.pipe()
    proc = subprocess.Popen(
        [sys.executable, "-c", STOP_AT_IMPORT, str(tell), str(wait), str(point), *words],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, pass_fds=(tell, wait),
        preexec_fn=_sigint_ignored, env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    os.close(tell)
    os.close(wait)
    try:
        with os.fdopen(told, "rb") as marker:
            assert marker.read(), "the start-up made fewer imports than the point asked for"
        proc.send_signal(signal.SIGINT)
    finally:
        os.write(go, b".")
        os.close(go)
    stdout, err = proc.communicate(timeout=120)
    assert "interrupted" not in err
    assert proc.returncode == 0, err
    if batch:
        assert json.loads(out.read_text())["verdict"] == "unique"
    else:
        assert stdout.startswith("verdict: unique")


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
