"""Under ``ulimit -v`` too low for numpy and a solver, every command says so in one line
(what, the limit, how to fix) and exits 4: no traceback, no "internal error", no "cannot
write the output", no traceback per pool from the fork server's preload."""

from __future__ import annotations

import errno
import resource
import subprocess
import sys

import pytest
from conftest import CORPUS

from pencilsat import cli
from pencilsat.core import address_space

LIMIT_KB = 100_000
MASYU = str(CORPUS / "masyu" / "janko" / "02_6x6.txt")
SUDOKU_LINES = str(CORPUS / "sudoku" / "euler96_easy50.txt")
ROYLE = str(CORPUS / "sudoku" / "royle_17clue.txt")  # past the fork server's early start


def _limit(kb: int):
    """Popen's ``preexec_fn``: the limit set in the child before pencilsat starts."""
    def set_it() -> None:
        hard = resource.getrlimit(resource.RLIMIT_AS)[1]
        resource.setrlimit(resource.RLIMIT_AS, (kb * 1024, hard))
    return set_it


@pytest.mark.parametrize("words", [
    ["solve", MASYU], ["grade", MASYU], ["generate", "sudoku", "9x9", "--seed", "1"],
    ["solve", "--batch", SUDOKU_LINES, "--workers", "1"],
    ["solve", "--batch", ROYLE, "--workers", "2"]],
    ids=["solve", "grade", "generate", "batch-1-worker", "batch-2-workers"])
def test_a_command_under_a_low_address_limit_says_so_in_one_line(words):
    proc = subprocess.run([sys.executable, "-m", "pencilsat", *words], capture_output=True,
                          text=True, timeout=120, preexec_fn=_limit(LIMIT_KB))
    assert proc.returncode == 4 and proc.stdout == ""
    assert proc.stderr == (
        "pencilsat: not enough memory to load numpy and the solvers: this process may map "
        "97 MB (ulimit -v 100000); raise ulimit -v to 262144 (256 MB) or more, or "
        "unlimited\n")


def test_a_batch_whose_workers_would_not_fit_is_refused_before_they_start():
    """116 MB leaves room for this process (numpy and the solvers) but not for the fork
    server's preload and the workers: each printed a traceback, or OpenBLAS ended the run."""
    proc = subprocess.run([sys.executable, "-m", "pencilsat", "solve", "--batch", ROYLE,
                           "--workers", "2"], capture_output=True, text=True, timeout=120,
                          preexec_fn=_limit(116_000))
    assert proc.returncode == 4 and proc.stdout == ""
    assert proc.stderr.startswith("pencilsat: not enough memory to start a batch's worker "
                                  "processes (each needs about 126 MB): this process may map "
                                  "113 MB (ulimit -v 116000)")
    assert proc.stderr.endswith("or give --workers 1\n") and "Traceback" not in proc.stderr


@pytest.mark.parametrize("failure", [
    MemoryError(), OSError(errno.ENOMEM, "Cannot allocate memory", "/some/module"),
    ImportError("libx.so: failed to map segment from shared object")],
    ids=["MemoryError", "ENOMEM", "failed-to-map"])
def test_running_out_past_the_start_is_said_the_same_way(monkeypatch, capsys, failure):
    """Above the start's check a module or a solver may still not fit: it was an "internal
    error", or "cannot write the output /.../backends: Cannot allocate memory"."""
    def short(args):
        raise failure

    monkeypatch.setattr(address_space, "address_limit", lambda: LIMIT_KB * 1024)
    monkeypatch.setattr(cli, "cmd_solve", short)
    assert cli.main(["solve", MASYU]) == 4
    err = capsys.readouterr().err
    assert err.startswith("pencilsat: not enough memory to load numpy") and "Traceback" not in err


def test_without_a_limit_a_memory_error_is_not_blamed_on_one(monkeypatch):
    monkeypatch.setattr(address_space, "address_limit", lambda: None)
    assert address_space.short_of_memory(MemoryError()) is None
    assert address_space.room_refused() is None
