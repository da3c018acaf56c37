"""How evenly 2 workers end a batch: each shard's CPU seconds, and the schedule the pool gives.

Usage: ``python benchmarks/shard_schedule.py [--sets royle,long,100-line] [--workers 2]
[--before OLD/src] [--page shard_schedule]``. For each set of ``batch_scale.py`` (and the
long list with its lines reversed and shuffled, to see whether the order matters) and each
checkout's sources, a fresh process cuts the batch file as ``solve --batch --workers N`` does
(``make_line_shards``; for a batch under ``AT_ONCE_UNITS``, the probe in the main process and
the cut of the rest, as ``pool._adaptive`` does) and solves every shard in that one process,
one after the other, measuring each shard's CPU seconds (``time.process_time``), so the
figures do not depend on the machine's load. Each simulated worker keeps its own solver
cache, as a worker process does. The schedule is the pool's: shards are submitted in order,
at most ``WINDOW_PER_WORKER`` per worker not yet yielded, yielded in order, and each goes to
the first worker free (a ``ProcessPoolExecutor``'s queue); the main process's probe comes
first. The makespan is when the last worker ends; the tail is how long the first worker to
end then waits. One worker is the same batch cut for 1 worker, its shards' CPU summed.
``simulated speed-up`` is one worker's CPU over the makespan (it includes the effect of the
shard sizes on what a shard costs: the hard Sudoku lines cost more per line in large shards,
see docs/batch.md); ``schedule efficiency`` is the N-worker shards' CPU over N x makespan
(1.0: no worker ever waits). Pool start-up, the pickling of shards and the writing of records
are left out: ``batch_scale.py`` measures whole runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from batch_scale import SET_KEYS, batch_sets  # noqa: E402
from common import REPO, markdown_table, write_results  # noqa: E402

MEASURE = r"""
import json, math, sys, time
from dataclasses import replace
from pencilsat.batch import pool
from pencilsat.batch.inputs import read_batch_file
from pencilsat.batch.shards import SolverCache, iter_shard, make_line_shards
from pencilsat.batch.task import BatchTask

path, workers = sys.argv[1], int(sys.argv[2])
lines = read_batch_file(path)
task = replace(BatchTask(), source=path)
shards = list(make_line_shards(lines, task, workers))


def cost(shard, cache):
    start = time.process_time()
    for _ in iter_shard(shard, cache):
        pass
    return time.process_time() - start


def row(shard, cpu, where, start):
    count = shard.lines.count("\n") + 1 if shard.lines is not None else len(shard.items)
    return {"first_line": shard.first_line, "lines": count, "units": shard.units,
            "cpu": cpu, "where": where, "start": start, "end": start + cpu}


rows, here = [], SolverCache()
if workers == 1:
    clock = 0.0
    for shard in shards:
        cpu = cost(shard, here)
        rows.append(row(shard, cpu, 0, clock))
        clock += cpu
    print(json.dumps(rows))
    raise SystemExit
probe = pool.probe_seconds()
if math.fsum(shard.units for shard in shards) >= pool.AT_ONCE_UNITS:
    probe = 0.0
if probe > 0:
    shards = pool._small_first(shards)
weights = [shard.units for shard in shards]
spent = done = 0.0
index = 0
while index < len(shards):
    if spent >= probe and pool._pays(spent, done, math.fsum(weights[index:])):
        break
    cpu = cost(shards[index], here)
    rows.append(row(shards[index], cpu, -1, spent))
    spent += cpu
    done += weights[index]
    index += 1
rest = []
if index < len(shards):
    rest = pool._cut_again(shards[index:], workers, spent / done if done else None)
window = pool.WINDOW_PER_WORKER * workers
free = [spent] * workers
caches = [SolverCache() for _ in range(workers)]
ends = []
for j, shard in enumerate(rest):
    # submitted once shard j - window is yielded, after every shard before it
    ready = spent if j < window else max(ends[: j - window + 1])
    worker = min(range(workers), key=free.__getitem__)
    start = max(ready, free[worker])
    cpu = cost(shard, caches[worker])
    free[worker] = start + cpu
    ends.append(start + cpu)
    rows.append(row(shard, cpu, worker, start))
print(json.dumps(rows))
"""
"""Run with the checkout's sources on ``PYTHONPATH``: cuts and solves the batch, prints each
shard's row (``where``: the simulated worker, -1 the main process's probe)."""

ORDERS = {"long list: Masyu, Royle, hard Sudoku": ["as is", "reversed", "shuffled"]}
"""The sets also simulated with their lines in other orders (reversed: the hard Sudoku lines
first; shuffled with seed 46)."""


def reordered(batch: Path, order: str) -> Path:
    """The batch file with its lines in ``order``: as is, reversed or shuffled."""
    if order == "as is":
        return batch
    lines = batch.read_text().splitlines()
    if order == "reversed":
        lines.reverse()
    else:
        random.Random(46).shuffle(lines)
    path = batch.with_name(f"{batch.stem}_{order}.txt")
    path.write_text("\n".join(lines) + "\n")
    return path


def measure(src: Path, batch: Path, workers: int) -> list[dict]:
    env = {**os.environ, "PYTHONPATH": str(src), "OPENBLAS_NUM_THREADS": "1"}
    env.pop("PENCILSAT_PROBE_SECONDS", None)
    done = subprocess.run([sys.executable, "-c", MEASURE, str(batch), str(workers)],
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{batch.name} ({src}): exit {done.returncode}\n{done.stderr}")
    return json.loads(done.stdout)


def summary(rows: list[dict], workers: int) -> dict:
    """Makespan, tail and CPU of one simulated run."""
    pooled = [r for r in rows if r["where"] >= 0]
    makespan = max(r["end"] for r in rows)
    ends = [max((r["end"] for r in pooled if r["where"] == w), default=0.0)
            for w in range(workers)]
    cpu = sum(r["cpu"] for r in rows)
    last = sorted(pooled, key=lambda r: r["end"])[-workers:]
    return {"makespan": makespan, "tail": makespan - min(ends) if pooled else 0.0,
            "cpu": cpu, "shards": len(rows), "probe_shards": len(rows) - len(pooled),
            "last_shards": [[r["first_line"], r["lines"], round(r["cpu"], 3)] for r in last]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="royle,long,100-line",
                    help=f"which sets, among {','.join(SET_KEYS)}")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--before", type=Path, help="another checkout's src folder")
    ap.add_argument("--page", default="shard_schedule")
    args = ap.parse_args()
    sources = {"now": REPO / "src", **({"before": args.before} if args.before else {})}
    wanted = {SET_KEYS[key] for key in args.sets.split(",")}
    rows_out, data = [], []
    with tempfile.TemporaryDirectory() as tmp:
        sets = {name: path for name, path in batch_sets(Path(tmp)).items() if name in wanted}
        for name, batch in sets.items():
            for order in ORDERS.get(name, ["as is"]):
                ordered = reordered(batch, order)
                for label, src in sources.items():
                    one = sum(r["cpu"] for r in measure(src, ordered, 1))
                    rows = measure(src, ordered, args.workers)
                    found = summary(rows, args.workers)
                    speed_up = one / found["makespan"]
                    efficiency = found["cpu"] / (args.workers * found["makespan"])
                    print(f"{name} ({order}), {label}: 1 worker {one:.2f} s, "
                          f"{args.workers} workers {found['makespan']:.2f} s "
                          f"({speed_up:.2f}x), tail {found['tail']:.2f} s, "
                          f"last {found['last_shards']}", flush=True)
                    rows_out.append([name, order, label, found["shards"], f"{one:.2f}",
                                     f"{found['cpu']:.2f}", f"{found['makespan']:.2f}",
                                     f"{found['tail']:.2f}", f"{speed_up:.2f}x",
                                     f"{efficiency:.0%}"])
                    data.append({"set": name, "order": order, "sources": label,
                                 "one_worker_cpu": one, "speed_up": speed_up,
                                 "efficiency": efficiency, **found, "rows": rows})
    header = ["set", "line order", "sources", "shards", "1 worker CPU s",
              f"{args.workers} workers CPU s", "makespan s", "tail s", "simulated speed-up",
              "schedule efficiency"]
    chosen = "".join(f" --{option} {getattr(args, option)}"
                     for option in ("sets", "workers", "page")
                     if getattr(args, option) != ap.get_default(option))
    body = (markdown_table(header, rows_out)
            + "\n\nEach shard solved in one process, its CPU seconds measured; the schedule "
            "simulated as the pool hands the shards out (benchmarks/shard_schedule.py's "
            "docstring). `tail`: how long the first worker to end waits for the last. "
            + (f"`before`: the sources at `{args.before}`. " if args.before else "")
            + f"\n\nReproduce: `python benchmarks/shard_schedule.py{chosen}"
            f"{' --before OLD/src' if args.before else ''}`.")
    write_results(args.page, f"Shard schedule of {args.workers} workers, simulated", body,
                  {"workers": args.workers, "before": str(args.before) if args.before else None,
                   "runs": data})
    print(body)


if __name__ == "__main__":
    main()
