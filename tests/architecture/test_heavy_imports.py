"""A plain ``pencilsat solve`` loads only what its strategy uses: never OR-Tools, rich,
matplotlib, scipy, dask or a web stack (each costs tenths of a second of start-up), and on
Masyu not even ``dataclasses``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("ortools", "rich", "matplotlib", "scipy", "dask", "distributed", "fastapi",
         "starlette", "uvicorn", "playwright", "selenium", "google.protobuf")
PROBE = ("import contextlib, io, json, sys\n"
         "from pencilsat.cli import main\n"
         "with contextlib.redirect_stdout(io.StringIO()):\n"
         "    status = main(sys.argv[1:])\n"
         "print(json.dumps({'status': status, 'modules': sorted(sys.modules)}))\n")


def _loaded(*argv: str) -> set[str]:
    proc = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(REPO / "src"), "PATH": ""})
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["status"] in (0, 1), proc.stderr
    return set(report["modules"])


@pytest.mark.parametrize("argv", [
    ("solve", str(REPO / "examples" / "masyu_36x20.txt")),
    ("solve", str(REPO / "examples" / "masyu_36x20.txt"), "--json"),
    ("solve", "." * 80 + "1"),
    ("convert", str(REPO / "examples" / "masyu_10x10.txt"), "--to", "url"),
])
def test_a_plain_run_imports_nothing_heavy(argv):
    loaded = _loaded(*argv)
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY))
    assert not heavy, heavy


@pytest.mark.parametrize("argv", [
    ("solve", str(REPO / "examples" / "masyu_36x20.txt")),
    ("solve", str(REPO / "examples" / "masyu_36x20.txt"), "--json"),
    ("convert", str(REPO / "examples" / "masyu_10x10.txt"), "--to", "url"),
])
def test_a_plain_masyu_run_creates_no_dataclass(argv):
    """The records a Masyu solve creates at import are NamedTuples and plain classes
    (:mod:`pencilsat.core.record`): 19 dataclasses cost it about 20 ms of start-up."""
    assert "dataclasses" not in _loaded(*argv)


def test_the_cp_sat_backend_does_load_or_tools():
    """The probe can see an import: choosing CP-SAT loads OR-Tools."""
    loaded = _loaded("solve", str(REPO / "examples" / "masyu_10x10.txt"), "--backend", "cpsat")
    assert "ortools" in loaded
