"""Workers that die as they start (before running anything) leave the batch to this process:
every line gets the verdict one worker gives, and the summary says why. A fork server's
workers import the main module again; a script read from standard input has none to import,
so each dies at once (before this, each puzzle was then tried alone on a new pool and
recorded as ``error``: 3,529 of Royle's 49,158 lines, and 60 s instead of 2)."""

from __future__ import annotations

import sys

import pytest
from batch_support import command_env, janko, results, tdoku, write_batch

from pencilsat.batch import pool

FROM_STDIN = "import sys\nfrom pencilsat.cli import main\nsys.exit(main(sys.argv[1:]))\n"


@pytest.mark.skipif(sys.platform != "linux", reason="the fork server is Linux's")
def test_a_batch_whose_workers_die_as_they_start_is_solved_here(tmp_path):
    import json
    import subprocess

    lines = [f"oops {n}" for n in range(int(pool.AT_ONCE_UNITS))]  # a unit each: at once
    lines[::100] = [*janko("masyu", 3, 200), *tdoku("unique", 3)]
    batch = write_batch(tmp_path, lines)
    runs = {}
    for workers in ("1", "2"):
        out = tmp_path / f"records-{workers}.jsonl"
        done = subprocess.run(
            [sys.executable, "-", "solve", "--batch", str(batch), "--out", str(out),
             "--workers", workers, "--fail-on", "never"],
            input=FROM_STDIN, capture_output=True, text=True, env=command_env(),
            timeout=600, check=False)
        assert done.returncode == 0, done.stderr
        runs[workers] = ([json.loads(line) for line in out.read_text().splitlines()],
                         done.stderr)
    records, summary = runs["2"]
    assert results(records) == results(runs["1"][0])
    assert len(records) == len(lines)
    assert "this process: 2 worker processes died as they started" in summary
    assert sum(record["verdict"] == "unique" for record in records) == 6
