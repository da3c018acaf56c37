"""``pencilsat.leave.leave``: the CLI's process ends once its output is out, skipping the
interpreter's teardown after running the ``atexit`` callbacks itself, unless a thread that is not
a daemon still runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HOLDER = """
class Holder:
    def __del__(self):
        print("teardown", end="")
held = Holder()
"""


def run(body: str) -> subprocess.CompletedProcess[str]:
    code = f"from pencilsat.leave import leave\n{HOLDER}\n{body}"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)


def test_output_is_flushed_and_teardown_skipped() -> None:
    done = run("print('answer', end='')\nimport sys\nsys.stderr.write('note')\nleave(3)")
    assert (done.stdout, done.stderr, done.returncode) == ("answer", "note", 3)


def test_atexit_callbacks_run_in_order_and_the_teardown_is_skipped() -> None:
    done = run("import atexit\natexit.register(lambda: print(' second', end=''))\n"
               "atexit.register(lambda: print(' first', end=''))\n"
               "print('answer', end='')\nleave(1)")
    assert (done.stdout, done.returncode) == ("answer first second", 1)  # no "teardown"


def test_a_daemon_thread_does_not_hold_the_exit() -> None:
    done = run("import threading\n"
               "threading.Thread(target=threading.Event().wait, daemon=True).start()\n"
               "print('answer', end='')\nleave(0)")
    assert (done.stdout, done.returncode) == ("answer", 0)


def test_another_thread_gets_the_ordinary_exit() -> None:
    done = run("import threading, time\n"
               "t = threading.Thread(target=lambda: (time.sleep(0.3), print('thread', end='')))\n"
               "t.start()\nleave(0)")
    assert done.returncode == 0
    assert done.stdout.startswith("thread")


@pytest.mark.parametrize("launch", [
    ["-m", "pencilsat.cli"],
    ["-c", "import sys; from pencilsat.entry import console; sys.exit(console())"],
])
def test_the_cli_exits_with_the_verdict_status(tmp_path: Path, launch: list[str]) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("masyu 3 3\nW..\n...\n..W\n")
    done = subprocess.run([sys.executable, *launch, "solve", str(puzzle)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2, done.stderr  # a corner pearl cannot be passed
    assert "no solution" in done.stdout
