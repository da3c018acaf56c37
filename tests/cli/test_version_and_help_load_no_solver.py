"""``pencilsat --version`` and ``--help`` (of the tool and of each command) only print: they
load neither numpy, numba nor a SAT or CP-SAT solver, so they answer in the interpreter's
start-up time."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
sys.argv = ["pencilsat"] + sys.argv[1:]
from pencilsat.entry import main
try:
    status = main()
except SystemExit as exit:
    status = exit.code
heavy = sorted(m for m in ("numpy", "pysat", "ortools", "numba") if m in sys.modules)
cli = sorted(m for m in ("argparse", "pencilsat.cli", "typing") if m in sys.modules)
print(json.dumps({"status": status, "heavy": heavy, "cli": cli}), file=sys.stderr)
"""


def probe(*args: str) -> tuple[str, dict]:
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          timeout=120)
    return proc.stdout, json.loads(proc.stderr.strip().splitlines()[-1])


def test_version_prints_and_loads_nothing_heavy():
    """Not even the CLI's own modules, nor ``typing``: what ``--version`` loads beyond
    ``python -c pass`` is pencilsat's package and its entry point."""
    out, seen = probe("--version")
    assert out.startswith("pencilsat ")
    assert seen == {"status": 0, "heavy": [], "cli": []}


@pytest.mark.parametrize("args", [("--help",), ("solve", "--help"), ("grade", "-h")])
def test_help_prints_and_loads_nothing_heavy(args):
    out, seen = probe(*args)
    assert "usage:" in out
    assert (seen["status"], seen["heavy"]) == (0, [])


def test_a_solve_still_loads_numpy_first():
    _, seen = probe("verify", "/nonexistent.txt", "/nonexistent.sol")
    assert "numpy" in seen["heavy"]
