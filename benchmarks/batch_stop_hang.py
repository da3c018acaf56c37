"""How often a stopped 2-worker batch hangs at exit: ``solve --batch F --workers 2`` stopped by
its reader leaving after one record (``leave``) or by SIGTERM after 200 records (``term``),
on the sources given (interleaved run by run). A run that has not ended 20 s after the stop
(a normal one ends within a second) is hung: its threads are dumped (faulthandler, SIGABRT),
where the main thread waits is tallied, and its session is killed.

Reproduce: ``python benchmarks/batch_stop_hang.py --mode leave --lines 20000 --runs 30
--src old=OLD/src --src new=src`` (``--invalid``: a list of lines that are not puzzles, made
in microseconds each, so that the workers are nearly always sending a result)."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HUNG_AFTER = 20.0
"""Seconds after the stop past which a run counts as hung."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("leave", "term"), default="leave")
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--invalid", action="store_true")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--src", action="append", required=True, metavar="NAME=DIR")
    args = parser.parse_args()
    sources = dict(item.split("=", 1) for item in args.src)
    sys.path.insert(0, str(REPO / "tests"))
    from conftest import CORPUS

    line = "12345" if args.invalid else next(
        row.split("\t")[0] for row in (CORPUS / "sudoku/tdoku_test_puzzles.tsv").read_text()
        .splitlines() if row.split("\t")[1:2] == ["1"] and len(row.split("\t")[0]) == 81)
    with tempfile.TemporaryDirectory() as folder:
        batch = Path(folder) / "batch.txt"
        batch.write_text((line + "\n") * args.lines)
        tally = {name: {"hung": 0, "ignored": 0, "status": 0, "slowest": 0.0}
                 for name in sources}
        where: dict[str, int] = {}
        for _ in range(args.runs):
            for name, src in sources.items():
                _one_run(args.mode, batch, src, tally[name], where)
    started = f"{args.lines} {'invalid' if args.invalid else 'unique Sudoku'} lines"
    for name, counts in tally.items():
        print(f"{args.mode}, {started}, {name}: {counts['hung']} hung of {args.runs}; "
              f"'Exception ignored' on stderr in {counts['ignored']}; another status in "
              f"{counts['status']}; slowest end after the stop {counts['slowest']:.2f} s")
    print("where the hung runs waited:", where or "-")


def _one_run(mode: str, batch: Path, src: str, counts: dict, where: dict[str, int]) -> None:
    env = {**os.environ, "PYTHONPATH": src}
    run = subprocess.Popen([sys.executable, "-X", "faulthandler", "-m", "pencilsat.cli",
                            "solve", "--batch", str(batch), "--workers", "2"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                           start_new_session=True)
    assert run.stdout is not None
    run.stdout.readline()
    if mode == "leave":
        run.stdout.close()
    else:
        for _ in range(200):
            run.stdout.readline()
        run.send_signal(signal.SIGTERM)
        threading.Thread(target=run.stdout.read, daemon=True).start()
    stopped = time.monotonic()
    try:
        stderr = run.communicate(timeout=HUNG_AFTER)[1].decode()
    except subprocess.TimeoutExpired:
        counts["hung"] += 1
        run.send_signal(signal.SIGABRT)
        try:
            dump = run.communicate(timeout=10)[1].decode()
        except subprocess.TimeoutExpired:
            dump = ""
        key = _waits_on(dump)
        where[key] = where.get(key, 0) + 1
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()
        return
    counts["slowest"] = max(counts["slowest"], time.monotonic() - stopped)
    counts["ignored"] += "Exception ignored" in stderr
    counts["status"] += run.returncode != (141 if mode == "leave" else 143)


def _waits_on(dump: str) -> str:
    """Where a hung run's threads wait, from its faulthandler dump."""
    frames = [line.strip() for line in dump.splitlines() if line.strip().startswith("File")]
    if any("_python_exit" in f for f in frames) and any("_recv" in f for f in frames):
        return "exit joins the pool's manager thread, which waits for the rest of a result"
    if any("flag_executor_shutting_down" in f for f in frames):
        return "the pool's manager thread waits for the work-id queue's lock"
    return "other: " + " | ".join(frames[-3:])


if __name__ == "__main__":
    main()
