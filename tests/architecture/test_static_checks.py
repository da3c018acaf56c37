"""ruff and mypy run clean on the project, as part of the test command CI runs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600)


def test_ruff_is_clean():
    if shutil.which("ruff") is None and _run(sys.executable, "-m", "ruff", "--version").returncode:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    done = _run(sys.executable, "-m", "ruff", "check", "src", "tests", "benchmarks", "docs")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean_on_the_package():
    done = _run(sys.executable, "-m", "mypy")
    assert done.returncode == 0, done.stdout + done.stderr
