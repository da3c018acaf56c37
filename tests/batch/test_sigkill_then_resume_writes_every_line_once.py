"""A run killed midway (SIGKILL of the main process) loses at most the shards in flight and
never writes a half record; ``--resume`` completes the file with every input line exactly
once, and the killed run's workers do not outlive it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from batch_support import command_env, janko, pencilsat, tdoku, write_batch

from pencilsat.batch.records import KEYS


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


def test_sigkill_midway_then_resume_gives_every_line_exactly_once(tmp_path):
    lines = [*janko("masyu", 240, 3), *tdoku("unique", 30), "# a comment", "oops",
             *janko("lightup", 120, 7)]
    batch = write_batch(tmp_path, lines)
    out = tmp_path / "records.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "pencilsat.cli", "solve", "--batch",
                             str(batch), "--workers", "2", "--out", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=command_env())
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.read_text().count("\n") >= 40:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be killed"
    workers = _children(proc.pid) if Path("/proc").exists() else []
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    written = out.read_text()
    assert 40 <= written.count("\n") < len(lines) - 1
    for line in written.splitlines():
        assert tuple(json.loads(line)) == KEYS  # only whole records
    with out.open("a") as fh:  # what a kill in the middle of a write would leave
        fh.write(written.splitlines()[0][:37])
    end = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < end:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)], "workers outlived the killed run"

    done = pencilsat("solve", "--batch", str(batch), "--workers", "2", "--out", str(out),
                     "--resume")
    assert done.returncode == 4, done.stderr  # the "oops" line
    assert "were already in the records file" in done.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    expected = [n for n, text in enumerate(lines, 1) if not text.startswith("#")]
    assert sorted(r["line"] for r in records) == expected
    assert all(tuple(r) == KEYS for r in records)
    for record in records:
        assert record["input"] == lines[record["line"] - 1]
        assert record["verdict"] == ("invalid" if record["input"] == "oops" else "unique")

    again = pencilsat("solve", "--batch", str(batch), "--out", str(out), "--resume")
    assert again.returncode == 4 and out.read_text().count("\n") == len(expected)
