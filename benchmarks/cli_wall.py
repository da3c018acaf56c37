"""Whole-process wall time of ``pencilsat solve`` (what a user waits for), median of N runs.

Usage: ``python benchmarks/cli_wall.py [--runs 7]``. Runs the CLI as a fresh process on the
generated 36x20 example and the seed 36x20, plus a bare ``python -c pass`` for the interpreter
start-up floor and an ``import numpy`` as the CLI does it (numpy's share, and a gauge of the
shared machine's speed that day). Issue 3's target: <= 0.3 s for ``pencilsat solve`` on a
36x20. Then one ``pencilsat solve`` over every janko Masyu file at once (``--folder-runs``
runs), the way an editor checks a folder, against the cost of one process per puzzle.
"""

from __future__ import annotations

import argparse
import compileall
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, markdown_table, median, write_results  # noqa: E402

CASES = [
    ("python -c pass (start-up floor)", [sys.executable, "-c", "pass"]),
    ("import numpy, OpenBLAS on one thread as the CLI sets it (numpy's share)",
     [sys.executable, "-c",
      "import os; os.environ.setdefault('OPENBLAS_NUM_THREADS', '1'); import numpy"]),
    ("pencilsat solve examples/masyu_36x20.txt",
     [sys.executable, "-m", "pencilsat.cli", "solve", str(REPO / "examples/masyu_36x20.txt")]),
    ("pencilsat solve seed_36x20 (corpus)",
     [sys.executable, "-m", "pencilsat.cli", "solve", str(CORPUS / "masyu/seed_36x20.txt")]),
    ("pencilsat solve seed_36x20 --json",
     [sys.executable, "-m", "pencilsat.cli", "solve", str(CORPUS / "masyu/seed_36x20.txt"),
      "--json"]),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--folder-runs", type=int, default=3)
    args = ap.parse_args()
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    # An installed package has its bytecode; an editable one writes it on the first run --
    # unless PYTHONDONTWRITEBYTECODE is set (it is on the shared machine), and then every run
    # would compile pencilsat's sources again (0.25 against 0.19 s a run, seed 36x20, median
    # of 10 each). Compile them once, as pip would.
    compileall.compile_dir(str(REPO / "src"), quiet=1)
    rows, data = [], []
    for label, cmd in CASES:
        subprocess.run(cmd, env=env, capture_output=True, check=False)  # warm-up
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            proc = subprocess.run(cmd, env=env, capture_output=True, check=False)
            times.append(time.perf_counter() - start)
            assert proc.returncode == 0, proc.stderr
        rows.append([label, median(times), min(times), max(times)])
        data.append({"case": label, "median_s": median(times), "times": times})
        print(rows[-1], flush=True)
    files = sorted(str(p) for p in (CORPUS / "masyu" / "janko").glob("*.txt"))
    cmd = [sys.executable, "-m", "pencilsat.cli", "solve", *files]
    times = []
    for _ in range(args.folder_runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
        assert proc.returncode in (0, 1), proc.stderr  # 1: some puzzle has two answers
    summary = proc.stdout.splitlines()[-1]
    one = median([t for row in data[2:4] for t in row["times"]])
    each_ms = median(times) / len(files) * 1000
    folder = (f"One process for all {len(files)} janko Masyu files (`pencilsat solve "
              f"janko/*.txt`, {args.folder_runs} runs): median {median(times):.2f} s "
              f"(min {min(times):.2f}, max {max(times):.2f}), {each_ms:.1f} ms a puzzle, "
              f"against {one:.3f} s for a process per 36x20 puzzle above. "
              f"It printed: `{summary}`.")
    data.append({"case": f"pencilsat solve janko/*.txt ({len(files)} files)",
                 "median_s": median(times), "times": times, "summary": summary})
    print(folder, flush=True)
    body = (f"Whole-process wall seconds over {args.runs} runs after one warm-up "
            "(`subprocess` from Python; the machine is shared, so read the median; "
            "pencilsat's bytecode compiled first, as an installed package has it; "
            "numpy's import time shows how fast the machine is today).\n\n"
            + markdown_table(["command", "median s", "min s", "max s"], rows)
            + "\n\n" + folder
            + "\n\nReproduce: `python benchmarks/cli_wall.py`.\n")
    write_results("cli_wall", "pencilsat solve as a process", body, data)


if __name__ == "__main__":
    main()
