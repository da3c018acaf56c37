"""Throughput of ``pencilsat solve --batch`` with 1 and 2 workers and through ``--dask local``.

Usage: ``python benchmarks/batch_scale.py [--rounds 3] [--sets royle,100-line]`` (default: all).
Each run is the whole command as a fresh process (interpreter, pool or cluster start-up and
writing the records included), ``--out`` to a file and ``--fail-on never``; the runs are
interleaved round-robin (1 worker, 2 workers, 2 workers started at once, Dask with 2 workers)
so that the shared machine's load falls on all alike, and the table gives the medians. Sets:
every janko Masyu path, every janko Light Up path, Royle's 49,158 17-clue Sudoku lines, a
mixed file (every 4th janko Masyu and Light Up path, 5,000 Royle lines, tdoku's test lines,
unreadable lines, shuffled) and a 100-line mixed list (25 Masyu and 25 Light Up paths, 48
Royle lines, 2 unreadable lines: about a second of solving). Speed-up is one worker's wall
time over N's, efficiency the speed-up over N. The records of every configuration are
checked against one worker's (every key but ``seconds`` and ``stats``:
``pencilsat.batch.records.results_of``). Targets (issues 30 and 46): 2 workers >= 1.7x on
the Masyu paths, >= 1.8x on Royle's lines, >= 1.0x on the 100-line list.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, markdown_table, median, write_results  # noqa: E402

sys.path.insert(0, str(REPO / "src"))
from pencilsat.batch.records import results_of  # noqa: E402

CONFIGS = [("1 worker", ["--workers", "1"], 1), ("2 workers", ["--workers", "2"], 2),
           ("2 workers started at once", ["--workers", "2"], 2),
           ("--dask local, 2 workers", ["--dask", "local", "--workers", "2"], 2)]
AT_ONCE = {"2 workers started at once": {"PENCILSAT_PROBE_SECONDS": "0"}}
"""Configurations run with the workers started before any puzzle (the start before the
probe of issue 46), for comparison."""
TARGETS = {"janko Masyu paths": 1.7, "Royle 17-clue lines": 1.8, "100-line mixed list": 1.0}


def batch_sets(folder: Path) -> dict[str, Path]:
    masyu = sorted(str(p) for p in (CORPUS / "masyu/janko").glob("*.txt"))
    lightup = sorted(str(p) for p in (CORPUS / "lightup/janko").glob("*.txt"))
    royle = (CORPUS / "sudoku/royle_17clue.txt").read_text().split()
    tdoku = [line.split("\t")[0] for line in
             (CORPUS / "sudoku/tdoku_test_puzzles.tsv").read_text().splitlines()]
    mixed = masyu[::4] + lightup[::4] + royle[:5000] + tdoku + ["oops", "no-such-file.txt"]
    random.Random(30).shuffle(mixed)
    pick = random.Random(46)
    short = (pick.sample(masyu, 25) + pick.sample(lightup, 25) + royle[:48]
             + ["oops", "no-such-file.txt"])
    pick.shuffle(short)
    out = {}
    for name, lines in (("janko Masyu paths", masyu), ("janko Light Up paths", lightup),
                        ("Royle 17-clue lines", royle), ("mixed", mixed),
                        ("100-line mixed list", short)):
        path = folder / (name.replace(" ", "_") + ".txt")
        path.write_text("\n".join(lines) + "\n")
        out[name] = path
    return out


def run(batch: Path, options: list[str], out: Path, extra: dict[str, str]) -> float:
    env = {key: value for key, value in os.environ.items()
           if key != "PENCILSAT_PROBE_SECONDS"}
    env.update({"PYTHONPATH": str(REPO / "src"), "OPENBLAS_NUM_THREADS": "1", **extra})
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pencilsat.cli", "solve", "--batch",
                           str(batch), "--out", str(out), "--fail-on", "never", *options],
                          capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{batch.name} {options}: exit {done.returncode}\n{done.stderr}")
    return wall


def results(path: Path) -> list[dict]:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    return [results_of(r) for r in sorted(records, key=lambda r: r["line"])]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sets", default="masyu,lightup,royle,mixed,100-line",
                    help="which sets, by a word of their names")
    args = ap.parse_args()
    wanted = args.sets.split(",")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sets = {name: path for name, path in batch_sets(folder).items()
                if any(word.lower() in name.lower() for word in wanted)}
        times: dict[tuple[str, str], list[float]] = {}
        same: dict[tuple[str, str], bool] = {}
        counts = {}
        for round_ in range(args.rounds):
            for name, batch in sets.items():
                reference = None
                for label, options, _ in CONFIGS:
                    out = folder / "records.jsonl"
                    wall = run(batch, options, out, AT_ONCE.get(label, {}))
                    times.setdefault((name, label), []).append(wall)
                    found = results(out)
                    counts[name] = len(found)
                    if reference is None:
                        reference = found
                    same[(name, label)] = same.get((name, label), True) and found == reference
                    print(f"round {round_ + 1} {name}: {label} {wall:.2f} s", flush=True)
    load_after = os.getloadavg()
    rows, data = [], []
    for name in sets:
        one = median(times[(name, CONFIGS[0][0])])
        for label, _, workers in CONFIGS:
            wall = median(times[(name, label)])
            speed_up = one / wall
            rows.append([name, counts[name], label, f"{wall:.2f}",
                         f"{counts[name] / wall:,.0f}", f"{speed_up:.2f}x",
                         f"{speed_up / workers:.0%}", "yes" if same[(name, label)] else "NO"])
            data.append({"set": name, "puzzles": counts[name], "config": label,
                         "workers": workers, "median_s": wall, "times": times[(name, label)],
                         "speed_up": speed_up, "efficiency": speed_up / workers,
                         "same_results": same[(name, label)]})
    header = ["set", "puzzles", "run", "median wall s", "puzzles/s", "speed-up vs 1 worker",
              "efficiency", "results = 1 worker's"]
    met = [f"{d['set']}: {d['speed_up']:.2f}x (target {TARGETS[d['set']]}x)" for d in data
           if d["config"] == "2 workers" and d["set"] in TARGETS]
    body = (f"Whole `pencilsat solve --batch FILE --out F` processes, {args.rounds} interleaved "
            f"rounds, medians. The machine is shared with other jobs: load average "
            f"{load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end (2 cores), so "
            "the figures are noisy and a second worker competes with whatever else runs.\n\n"
            + markdown_table(header, rows)
            + f"\n\n2 workers against 1: {'; '.join(met)}. `2 workers` measures the first "
            "0.05 s of work in the pencilsat process and starts the workers only for a rest "
            "estimated at 0.5 s or more (docs/batch.md); `started at once` is the start "
            "before that (PENCILSAT_PROBE_SECONDS=0).\n\nReproduce: "
            "`python benchmarks/batch_scale.py "
            f"--rounds {args.rounds}`.")
    write_results("batch_scale", "Batch throughput with workers and Dask", body,
                  {"rounds": args.rounds, "load_before": load_before,
                   "load_after": load_after, "runs": data})
    print(body)
    if not all(same.values()):
        raise SystemExit("some configuration gave other results than one worker")


if __name__ == "__main__":
    main()
