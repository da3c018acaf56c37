"""Throughput of ``pencilsat solve --batch`` with 1 and 2 workers and through ``--dask local``.

Usage: ``python benchmarks/batch_scale.py [--rounds 3] [--sets royle,long,100-line]
[--configs 1,2,at-once,dask,half] [--before OLD/src] [--page batch_scale]`` (default: all sets
and runs; ``--configs`` picks the runs, one worker's always among them; ``--page`` names the
results page). Each run is the whole command as a fresh process
(interpreter, pool or cluster start-up and writing the records included), ``--out`` to a file
and ``--fail-on never``; the runs are interleaved round-robin (1 worker, 2 workers, 2 workers
started at once, Dask with 2 workers; with ``--before``, 1 and 2 workers of that checkout's
sources too) so that the shared machine's load falls on all alike, and the table gives the
medians. Besides wall time, each run's CPU seconds: the pencilsat process's own (``main``)
and its worker processes' (``workers``, reaped children: a fork server and the workers it
forked included); in a run with 2 workers, the main
process's share f = main / (main + workers) bounds the speed-up at 2 / (1 + f) (Amdahl), a
bound a loaded machine's wall times cannot show. The sources are compiled to bytecode first,
as an installed package's are (where ``PYTHONDONTWRITEBYTECODE`` is set, each run would
otherwise compile them again in the main process). Sets:
every janko Masyu path, every janko Light Up path, Royle's 49,158 17-clue Sudoku lines,
a long list (every janko Masyu path, then Royle's lines, then the hard Sudoku lines: over
10 s of one worker's work, issue 46's ">= 10 s", cut into shards of the same size for 1 and 2
workers but for 2 workers' last shards, which shrink as the batch drains), hard Sudoku lines
(magictour_top1465, forum_hardest_1106 and every 2nd line of forum_hardest_1905_se11plus:
26,223 lines; until the numpy path decided again the puzzles its row cap drops, large shards
handed many of them to SAT at 4-7 times the cost, so this set took every 8th line), a
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
import compileall
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, markdown_table, median, write_results  # noqa: E402

sys.path.insert(0, str(REPO / "src"))
from pencilsat.batch.records import results_of  # noqa: E402

CONFIGS = [("1 worker", ["--workers", "1"], 1), ("2 workers", ["--workers", "2"], 2),
           ("2 workers started at once", ["--workers", "2"], 2),
           ("--dask local, 2 workers", ["--dask", "local", "--workers", "2"], 2),
           ("1 worker, every 2nd line", ["--workers", "1"], 1)]
HALF = "1 worker, every 2nd line"
"""One worker on half the set (every second line): the same start-up and half the work, what
each of 2 workers does at best, so one worker's time over this one bounds 2 workers'
speed-up whatever the pool does (its records are not the set's: not compared)."""
SET_KEYS = {"masyu": "janko Masyu paths", "lightup": "janko Light Up paths",
            "royle": "Royle 17-clue lines", "long": "long list: Masyu, Royle, hard Sudoku",
            "hard": "hard Sudoku lines", "mixed": "mixed", "100-line": "100-line mixed list"}
"""``--sets``' names of the sets."""
CONFIG_KEYS = {"1": "1 worker", "2": "2 workers", "at-once": "2 workers started at once",
               "dask": "--dask local, 2 workers", "half": HALF}
"""``--configs``' names of the runs."""
AT_ONCE = {"2 workers started at once": {"PENCILSAT_PROBE_SECONDS": "0"}}
"""Configurations run with the workers started before any puzzle (the start before the
probe of issue 46), for comparison."""
TARGETS = {"janko Masyu paths": 1.7, "Royle 17-clue lines": 1.8,
           "long list: Masyu, Royle, hard Sudoku": 1.8, "100-line mixed list": 1.0}
BEFORE = [("1 worker, before", ["--workers", "1"], 1), ("2 workers, before", ["--workers", "2"], 2)]
"""With ``--before``: the same runs on another checkout's sources."""
RUNNER = """
import atexit, json, os, resource, sys
def cpu():
    import multiprocessing.forkserver as server
    try:  # the fork server reaped, so its workers' CPU counts as children's
        getattr(server._forkserver, "_stop", lambda: None)()
    except OSError:  # its socket's folder was removed already (after the wait)
        pass
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(os.environ["BATCH_SCALE_CPU"], "w") as fh:
        json.dump([own.ru_utime + own.ru_stime, reaped.ru_utime + reaped.ru_stime], fh)
atexit.register(cpu)
sys.argv[0] = "pencilsat"
from pencilsat.entry import console
console()
"""
"""Runs the command in this interpreter as the console script does (``pencilsat.entry``: the
fork server started from the command line's words, the exit without teardown; until
2026-11-30 it ran ``pencilsat.cli``) and writes, at its exit, the CPU seconds of the process
itself and of its reaped children (the worker processes)."""


class Run(NamedTuple):
    wall: float
    main_cpu: float
    workers_cpu: float


def batch_sets(folder: Path) -> dict[str, Path]:
    masyu = sorted(str(p) for p in (CORPUS / "masyu/janko").glob("*.txt"))
    lightup = sorted(str(p) for p in (CORPUS / "lightup/janko").glob("*.txt"))
    royle = (CORPUS / "sudoku/royle_17clue.txt").read_text().split()
    sudoku = CORPUS / "sudoku"
    hard = [*(sudoku / "magictour_top1465.txt").read_text().split(),
            *(sudoku / "forum_hardest_1106.txt").read_text().split(),
            *(sudoku / "forum_hardest_1905_se11plus.txt").read_text().split()[::2]]
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
                        ("Royle 17-clue lines", royle),
                        ("long list: Masyu, Royle, hard Sudoku", masyu + royle + hard),
                        ("hard Sudoku lines", hard), ("mixed", mixed),
                        ("100-line mixed list", short)):
        path = folder / (name.replace(" ", "_") + ".txt")
        path.write_text("\n".join(lines) + "\n")
        out[name] = path
        path.with_suffix(".half").write_text("\n".join(lines[::2]) + "\n")
    return out


def run(batch: Path, options: list[str], out: Path, extra: dict[str, str],
        src: Path) -> Run:
    cpu = out.with_suffix(".cpu")
    env = {key: value for key, value in os.environ.items()
           if key != "PENCILSAT_PROBE_SECONDS"}
    env.update({"PYTHONPATH": str(src), "OPENBLAS_NUM_THREADS": "1",
                "BATCH_SCALE_CPU": str(cpu), **extra})
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUNNER, "solve", "--batch",
                           str(batch), "--out", str(out), "--fail-on", "never", *options],
                          capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{batch.name} {options}: exit {done.returncode}\n{done.stderr}")
    main_cpu, workers_cpu = json.loads(cpu.read_text())
    return Run(wall, main_cpu, workers_cpu)


def results(path: Path) -> list[dict]:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    return [results_of(r) for r in sorted(records, key=lambda r: r["line"])]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sets", default=",".join(SET_KEYS),
                    help=f"which sets, among {','.join(SET_KEYS)}")
    ap.add_argument("--configs", default=",".join(CONFIG_KEYS),
                    help=f"which runs, among {','.join(CONFIG_KEYS)}")
    ap.add_argument("--page", default="batch_scale", help="the results page's name")
    ap.add_argument("--before", type=Path,
                    help="another checkout's src folder: its 1 and 2 workers run too")
    args = ap.parse_args()
    wanted = args.sets.split(",")
    picked = {CONFIG_KEYS[key] for key in ["1", *args.configs.split(",")]}
    configs = [config for config in CONFIGS if config[0] in picked]
    configs += BEFORE if args.before else []
    sources = {label: REPO / "src" for label, _, _ in CONFIGS}
    sources.update({label: args.before for label, _, _ in BEFORE if args.before})
    for src in set(sources.values()):
        compileall.compile_dir(str(src), quiet=1)
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        chosen_sets = {SET_KEYS[key] for key in wanted}
        sets = {name: path for name, path in batch_sets(folder).items() if name in chosen_sets}
        times: dict[tuple[str, str], list[Run]] = {}
        same: dict[tuple[str, str], bool] = {}
        counts: dict[str, int] = {}
        halves: dict[str, int] = {}
        for round_ in range(args.rounds):
            for name, batch in sets.items():
                reference = None
                for label, options, _ in configs:
                    out = folder / "records.jsonl"
                    half = label == HALF
                    done = run(batch.with_suffix(".half") if half else batch, options, out,
                               AT_ONCE.get(label, {}), sources[label])
                    times.setdefault((name, label), []).append(done)
                    found = results(out)
                    if half:  # another set: nothing to compare
                        halves[name] = len(found)
                        same[(name, label)] = True
                    else:
                        counts[name] = len(found)
                        reference = found if reference is None else reference
                        same[(name, label)] = (same.get((name, label), True)
                                               and found == reference)
                    print(f"round {round_ + 1} {name}: {label} {done.wall:.2f} s (CPU main "
                          f"{done.main_cpu:.2f} s, workers {done.workers_cpu:.2f} s)",
                          flush=True)
    load_after = os.getloadavg()
    rows, data = [], []
    for name in sets:
        for label, _, workers in configs:
            runs = times[(name, label)]
            one_label = "1 worker, before" if label.endswith(", before") else CONFIGS[0][0]
            one = median([r.wall for r in times[(name, one_label)]])
            one_cpu = median([r.main_cpu + r.workers_cpu for r in times[(name, one_label)]])
            wall = median([r.wall for r in runs])
            main_cpu = median([r.main_cpu for r in runs])
            workers_cpu = median([r.workers_cpu for r in runs])
            share = main_cpu / (main_cpu + workers_cpu) if workers > 1 and workers_cpu else None
            bound = "-" if share is None else f"{2 / (1 + share):.2f}x"
            speed_up = one / wall
            cpu_ratio = median([r.main_cpu + r.workers_cpu for r in runs]) / one_cpu
            puzzles = halves[name] if label == HALF else counts[name]
            rows.append([name, puzzles, label, f"{wall:.2f}",
                         f"{puzzles / wall:,.0f}", f"{speed_up:.2f}x",
                         f"{speed_up / workers:.0%}", f"{main_cpu:.2f}", f"{workers_cpu:.2f}",
                         "-" if share is None else f"{share:.1%}", bound,
                         f"{cpu_ratio:.2f}x",
                         "-" if label == HALF else "yes" if same[(name, label)] else "NO"])
            data.append({"set": name, "puzzles": puzzles, "config": label,
                         "workers": workers, "median_s": wall,
                         "times": [r.wall for r in runs], "main_cpu": main_cpu,
                         "workers_cpu": workers_cpu, "serial_share": share,
                         "cpu_vs_one_worker": cpu_ratio,
                         "speed_up": speed_up, "efficiency": speed_up / workers,
                         "same_results": same[(name, label)]})
    for d in data:
        if d["config"] == "2 workers":
            old = [e for e in data if e["set"] == d["set"] and e["config"] == BEFORE[1][0]]
            if old:
                d["before"] = old[0]["speed_up"]
    header = ["set", "puzzles", "run", "median wall s", "puzzles/s", "speed-up vs 1 worker",
              "efficiency", "main CPU s", "workers CPU s", "main share f", "bound 2/(1+f)",
              "CPU vs 1 worker", "results = 1 worker's"]
    chosen = "".join(f" --{option} {getattr(args, option)}"
                     for option in ("sets", "configs", "page")
                     if getattr(args, option) != ap.get_default(option))
    met = [f"{d['set']}: {d['speed_up']:.2f}x (target {TARGETS[d['set']]}x"
           + (f", before {d['before']:.2f}x)" if "before" in d else ")") for d in data
           if d["config"] == "2 workers" and d["set"] in TARGETS]
    body = (f"Whole `pencilsat solve --batch FILE --out F` processes, {args.rounds} interleaved "
            f"rounds, medians. The machine is shared with other jobs: load average "
            f"{load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end (2 cores), so "
            "the figures are noisy and a second worker competes with whatever else runs."
            + (" With the load above the 2 cores, a second worker gets no second core: the "
               "wall ratios say little, the CPU columns and the bound still hold."
               if min(load_before[0], load_after[0]) > 2 else "")
            + "\n\n"
            + markdown_table(header, rows)
            + f"\n\n2 workers against 1: {'; '.join(met)}. `2 workers` hands a batch of "
            "512 units or more (a puzzle, or 16 one-line Sudokus: Royle's lines, the Masyu "
            "paths) to the workers at once, and the pencilsat process loads no solver; a "
            "shorter one (the 100-line list) is measured first: 0.05 s of work in the "
            "pencilsat process, the workers started only for a rest estimated at 0.5 s or "
            "more (docs/batch.md). `started at once` is PENCILSAT_PROBE_SECONDS=0, the same "
            "as `2 workers` from 512 units. `main CPU s` is the pencilsat process's own CPU "
            "time, `workers CPU s` its worker processes' (Dask's nannies and workers "
            "included); f, the main process's share of it, bounds 2 workers at 2/(1+f) "
            "whatever the machine's load. `CPU vs 1 worker` is the run's CPU (main and "
            "workers, the fork server included) over one worker's: what 2 workers cost "
            "beyond one (a process started, its own Sudoku solvers), which the bound "
            "leaves out. `every 2nd line` is one worker on half the set: the same start-up "
            "and half the work, what each of 2 workers does at best, so its `speed-up` (one "
            "worker's time on the whole set over its time) bounds 2 workers' whatever the pool "
            "does; its puzzles/s is on half the set. "
            + ("`before` is the same command on the sources given with `--before` "
               f"(`{args.before}`), its speed-up against its own 1 worker. " if args.before
               else "")
            + f"\n\nReproduce: `python benchmarks/batch_scale.py --rounds {args.rounds}"
            f"{chosen}{' --before OLD/src' if args.before else ''}`.")
    write_results(args.page, "Batch throughput with workers and Dask", body,
                  {"rounds": args.rounds, "before": str(args.before) if args.before else None,
                   "load_before": load_before,
                   "load_after": load_after, "runs": data})
    print(body)
    if not all(same.values()):
        raise SystemExit("some configuration gave other results than one worker")


if __name__ == "__main__":
    main()
