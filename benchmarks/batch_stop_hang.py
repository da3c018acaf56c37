"""How often a stopped 2-worker batch hangs at exit: ``solve --batch F --workers 2`` stopped by
its reader leaving after one record (``leave``) or by SIGTERM after 200 records (``term``),
on the sources given (interleaved run by run). A run that has not ended 20 s after the stop
(a normal one ends within a second) is hung: its threads are dumped (faulthandler, SIGABRT),
where the main thread waits is tallied, and its session is killed.

Reproduce: ``python benchmarks/batch_stop_hang.py --mode leave --lines 20000 --runs 30
--src old=OLD/src --src new=src`` (``--invalid``: a list of lines that are not puzzles, made
in microseconds each, so that the workers are nearly always sending a result). ``--mode
inside-lock --at N``: SIGTERM sent by the run itself from inside ``Condition.__enter__`` of
the N-th queue lock its main thread takes, just after taking it (where the hung SIGTERM runs
were stopped), instead of at a random instant."""

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
    parser.add_argument("--mode", choices=("leave", "term", "inside-lock"), default="leave")
    parser.add_argument("--at", type=int, default=20)
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
        wrapper = Path(folder) / "inside_lock.py"
        wrapper.write_text(INSIDE_LOCK)
        for _ in range(args.runs):
            for name, src in sources.items():
                _one_run(args.mode, batch, src, tally[name], where,
                         [str(wrapper), str(args.at)] if args.mode == "inside-lock" else
                         ["-m", "pencilsat.cli"])
    started = f"{args.lines} {'invalid' if args.invalid else 'unique Sudoku'} lines"
    for name, counts in tally.items():
        print(f"{args.mode}, {started}, {name}: {counts['hung']} hung of {args.runs}; "
              f"'Exception ignored' on stderr in {counts['ignored']}; another status in "
              f"{counts['status']}; slowest end after the stop {counts['slowest']:.2f} s")
    print("where the hung runs waited:", where or "-")


INSIDE_LOCK = """
import os, signal, sys, threading
main_pid, main_thread = os.getpid(), threading.get_ident()
enter, entered = threading.Condition.__enter__, [0]
def entering(self):
    taken = enter(self)
    if (os.getpid() == main_pid and threading.get_ident() == main_thread
            and sys._getframe(1).f_code.co_filename.endswith("queue.py")):
        entered[0] += 1
        if entered[0] == int(sys.argv[1]):
            os.kill(main_pid, signal.SIGTERM)
    return taken
if __name__ == "__main__":
    threading.Condition.__enter__ = entering
    from pencilsat.cli import main
    sys.exit(main(sys.argv[2:]))
"""


def _one_run(mode: str, batch: Path, src: str, counts: dict, where: dict[str, int],
             command: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
    run = subprocess.Popen([sys.executable, "-X", "faulthandler", *command,
                            "solve", "--batch", str(batch), "--workers", "2"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                           start_new_session=True)
    assert run.stdout is not None
    if mode != "inside-lock":  # (it may stop, or hang, before its first record)
        run.stdout.readline()
    if mode == "leave":
        run.stdout.close()
    elif mode == "inside-lock":
        threading.Thread(target=run.stdout.read, daemon=True).start()
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
