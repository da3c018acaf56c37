"""The workers' fork server: started from the command line's words before argparse, it loads
what a worker solving one-line Sudokus uses (numpy, the readers, the pool's worker loop, the
numpy rounds: nothing is left for its first shard to import, numpy.ma not at all), starts
numpy without OpenBLAS's thread pool, and ends without the interpreter's teardown once
pencilsat has ended (``fork_server_exit``)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from batch_support import tdoku
from conftest import REPO

from pencilsat.batch.fork_server import EARLY_BYTES, start_from_words

LOADED = ("numpy", "numpy.ma", "pencilsat.formats.detect", "pencilsat.batch.pool",
          "concurrent.futures.process", "pencilsat.strategies.sudoku_branching",
          "pencilsat.strategies.sudoku_kernel_loader")
WORKER = """
import json, os, sys
from pencilsat.batch.fork_server import start_from_words
from pencilsat.batch.fork_server_exit import in_fork_server
from pencilsat.batch.pool import _OwnPool
from pencilsat.batch.shards import Shard, run_shard
from pencilsat.batch.task import BatchTask

started = start_from_words(["solve", "--fail-on", "never", f"--batch={sys.argv[1]}",
                            "--workers=2"])
worker = _OwnPool(1, now=True, fork_server=True)  # one worker: every question goes to it
ask = lambda code: worker.pool.submit(eval, code).result()
loaded = "sorted(m for m in %r if m in __import__('sys').modules)" % (tuple(sys.argv[3:]),)
before = ask(loaded)
lines = json.loads(sys.argv[2])
records = worker.pool.submit(run_shard, Shard(BatchTask(source="x.txt"), units=len(lines),
                                              lines="\\n".join(lines))).result()
print(json.dumps({
    "started": started, "before": before, "after": ask(loaded),
    "verdicts": [record.verdict for record in records],
    "blas": ask("__import__('os').environ.get('OPENBLAS_NUM_THREADS')"),
    "blas_here": os.environ.get("OPENBLAS_NUM_THREADS"),
    "in_server": ask("__import__('pencilsat.batch.fork_server_exit').batch"
                     ".fork_server_exit.in_fork_server()"),
    "in_server_here": in_fork_server(),
    "early_in_worker": ask("__import__('pencilsat.batch.fork_server').batch.fork_server"
                           ".start_from_words(['solve', '--batch', %r, '--workers', '2'])"
                           % sys.argv[1])}))
worker.close(now=False)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="fork servers are started on Linux only")
def test_the_server_started_from_the_words_loads_what_a_sudoku_worker_uses(tmp_path):
    batch = tmp_path / "large.txt"
    batch.write_text("x" * EARLY_BYTES)
    lines = tdoku("unique", 3)
    done = subprocess.run([sys.executable, "-c", WORKER, str(batch), json.dumps(lines),
                           *LOADED], capture_output=True, text=True, check=False, timeout=300,
                          env={"PYTHONPATH": str(REPO / "src")})  # no OPENBLAS_NUM_THREADS
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["started"] is True
    worker_modules = sorted(set(LOADED) - {"numpy.ma"})
    assert seen["before"] == worker_modules
    assert seen["verdicts"] == ["unique"] * 3
    assert seen["after"] == worker_modules  # its first shard imported none of them
    assert (seen["blas"], seen["blas_here"]) == ("1", None)
    assert (seen["in_server"], seen["in_server_here"]) == (True, False)
    assert seen["early_in_worker"] is False  # a worker starts no server of its own


def test_the_exit_without_teardown_is_registered_only_in_a_fork_server():
    count = ("import atexit; before = atexit._ncallbacks(); "
             "import pencilsat.batch.fork_server_exit; print(atexit._ncallbacks() - before)")
    done = subprocess.run([sys.executable, "-c", count], capture_output=True, text=True,
                          check=False, timeout=120, env={"PYTHONPATH": str(REPO / "src")})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0"]


@pytest.mark.parametrize("words", [
    ["solve", "--batch", "LARGE", "--work", "2"],  # abbreviated: argparse's to read
    ["solve", "--batch", "LARGE", "--workers", "1"],
    ["solve", "--batch", "LARGE", "--workers", "two"],
    ["solve", "--batch", "LARGE", "--workers=", "2"],
    ["solve", "--batch", "LARGE", "--dask", "local"],
    ["solve", "--batch", "LARGE", "--batch", "LARGE"],
    ["solve", "--workers", "2", "--batch"],
    ["verify", "--batch", "LARGE", "--workers", "2"],
    ["solve", "--batch", "SMALL", "--workers", "2"],
    ["solve", "--batch", "-", "--workers", "2"],
])
def test_words_the_early_start_cannot_read_for_sure_leave_it_to_the_cli(tmp_path, words):
    large, small = tmp_path / "large.txt", tmp_path / "small.txt"
    large.write_text("x" * EARLY_BYTES)
    small.write_text("x")
    names = {"LARGE": str(large), "SMALL": str(small)}
    assert not start_from_words([names.get(word, word) for word in words])
