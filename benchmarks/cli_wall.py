"""Whole-process wall time of ``pencilsat solve`` against its floor, interleaved, median of N.

Usage: ``python benchmarks/cli_wall.py [--runs 7] [--other SRC]``. Runs as fresh processes,
round-robin so that the shared machine's mood falls on every command alike: the floor
``python -c "import numpy, pysat.solvers"`` (what any SAT run in Python pays), ``pencilsat
solve`` on the generated 36x20 example and the seed 36x20 (also ``--json``), and a bare
``python -c pass``. Target (issue 26): ``pencilsat solve`` on the example within 0.06 s of
the floor. ``--other SRC`` times the same commands with another checkout's ``src`` as well
(old against new in one run). Then one ``pencilsat solve`` over every janko Masyu file.
OpenBLAS runs on one thread in every command, as the CLI sets it.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, markdown_table, median, write_results  # noqa: E402

FLOOR = "python -c 'import numpy, pysat.solvers' (floor)"
EXAMPLE = "pencilsat solve examples/masyu_36x20.txt"
EXAMPLE_JSON = "pencilsat solve examples/masyu_36x20.txt --json"
TARGET_OVER_FLOOR = 0.06


def cases(src: Path, tag: str = "") -> list[tuple[str, list[str], Path]]:
    cli = [sys.executable, "-m", "pencilsat.cli", "solve"]
    out = [
        (EXAMPLE, [*cli, str(REPO / "examples/masyu_36x20.txt")], src),
        (EXAMPLE_JSON, [*cli, str(REPO / "examples/masyu_36x20.txt"), "--json"], src),
        ("pencilsat solve seed_36x20 (corpus)", [*cli, str(CORPUS / "masyu/seed_36x20.txt")], src),
        ("pencilsat solve seed_36x20 --json",
         [*cli, str(CORPUS / "masyu/seed_36x20.txt"), "--json"], src),
    ]
    return [(label + tag, cmd, where) for label, cmd, where in out]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--folder-runs", type=int, default=3)
    ap.add_argument("--other", type=Path, help="another checkout's src, timed alongside")
    args = ap.parse_args()
    src = REPO / "src"
    plan = [("python -c pass (interpreter)", [sys.executable, "-c", "pass"], src),
            (FLOOR, [sys.executable, "-c", "import numpy, pysat.solvers"], src),
            *cases(src)]
    if args.other is not None:
        plan += cases(args.other.resolve(), " [other]")
    # An installed package has its bytecode; with PYTHONDONTWRITEBYTECODE (set on the shared
    # machine) an editable one would compile its sources on every run. Compile once.
    for where in {where for _, _, where in plan}:
        compileall.compile_dir(str(where), quiet=1)
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    times: dict[str, list[float]] = {label: [] for label, _, _ in plan}
    solving: list[float] = []  # the example's encode + solve + proof, from its --json stats
    for round_ in range(args.runs + 1):  # round 0 warms the caches up and is not kept
        for label, cmd, where in plan:
            start = time.perf_counter()
            proc = subprocess.run(cmd, env={**env, "PYTHONPATH": str(where)},
                                  capture_output=True, check=False)
            elapsed = time.perf_counter() - start
            assert proc.returncode == 0, proc.stderr
            if round_:
                times[label].append(elapsed)
                if label == EXAMPLE_JSON:
                    stats = json.loads(proc.stdout)["stats"]
                    solving.append(sum(stats[key] or 0.0 for key in
                                       ("encode_s", "solve_s", "uniqueness_s")))
    rows, data = [], []
    floor = median(times[FLOOR])
    for label, _, _ in plan:
        t = times[label]
        over = "" if "pencilsat" not in label else f"{median(t) - floor:+.3f}"
        rows.append([label, f"{median(t):.3f}", f"{min(t):.3f}", f"{max(t):.3f}", over])
        data.append({"case": label, "median_s": median(t), "times": t,
                     "over_floor_s": median(t) - floor if over else None})
        print(rows[-1], flush=True)
    gap = median(times[EXAMPLE]) - floor
    verdict = "met" if gap <= TARGET_OVER_FLOOR else "NOT met"
    solve_s = median(solving)
    data.append({"case": "the example's encode + solve + proof (--json stats)",
                 "median_s": solve_s, "times": solving})
    files = sorted(str(p) for p in (CORPUS / "masyu" / "janko").glob("*.txt"))
    cmd = [sys.executable, "-m", "pencilsat.cli", "solve", *files]
    folder_times = []
    for _ in range(args.folder_runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, env={**env, "PYTHONPATH": str(src)}, capture_output=True,
                              text=True, check=False)
        folder_times.append(time.perf_counter() - start)
        assert proc.returncode in (0, 1), proc.stderr  # 1: some puzzle has two answers
    summary = proc.stdout.splitlines()[-1]
    each_ms = median(folder_times) / len(files) * 1000
    folder = (f"One process for all {len(files)} janko Masyu files (`pencilsat solve "
              f"janko/*.txt`, {args.folder_runs} runs): median {median(folder_times):.2f} s, "
              f"{each_ms:.1f} ms a puzzle. It printed: `{summary}`.")
    data.append({"case": f"pencilsat solve janko/*.txt ({len(files)} files)",
                 "median_s": median(folder_times), "times": folder_times, "summary": summary})
    print(folder, flush=True)
    body = (f"Whole-process wall seconds, {args.runs} interleaved rounds after one warm-up "
            "round (the machine is shared: read the medians; bytecode compiled first, as an "
            "installed package has it).\n\n"
            + markdown_table(["command", "median s", "min s", "max s", "over the floor s"],
                             rows)
            + f"\n\n`pencilsat solve` on the example is {gap:+.3f} s over the floor "
              f"(target <= {TARGET_OVER_FLOOR} s: {verdict}). Of that, the solve itself "
              f"(encode + solve + proof, from `--json`'s stats) takes a median {solve_s:.3f} s; "
              f"the rest, {gap - solve_s:+.3f} s, is what pencilsat adds to start-up (its "
              "imports, the parser, reading the file, printing).\n\n" + folder
            + "\n\nReproduce: `python benchmarks/cli_wall.py`.\n")
    write_results("cli_wall", "pencilsat solve as a process", body, data)


if __name__ == "__main__":
    main()
