"""Benchmark the slow big orders of ``pencilsat generate`` (Heyawake 20x20, Yajilin 15x15,
Fillomino 15x15; Star Battle 15x15 and 16x16, Norinori 20x20, Kakuro 12x12 and 11x3, LITS
10x10 with ``--orders``): CPU seconds per kept puzzle, this tree against another, interleaved.

Each (order, seed) runs in a process of its own, ``Order.make(seed)`` with the CPU time of
the child (``RLIMIT_CPU`` caps a seed that runs on: counted as ``capped``, its time the cap).
With ``--old DIR`` (a tree with ``src/``, e.g. ``git archive main src | tar -x -C DIR``), each
seed runs on the old tree then this one, one after the other, so both see the same load. Each
puzzle kept by this tree is checked: the rule checker, and a CP-SAT strategy proves it unique
with the generator's answer.

Usage: python benchmarks/generate_big.py [--seeds 10] [--cap 300] [--old /tmp/genspeed_old]
       [--orders heyawake:20x20 yajilin:15x15 fillomino:15x15]
Writes benchmarks/results/generate_big.md and .json.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import RESULTS, markdown_table, median, write_results  # noqa: E402

HERE = Path(__file__).resolve().parents[1]
ORDERS = ["heyawake:20x20", "yajilin:15x15", "fillomino:15x15"]
SECOND = {"heyawake": "lazy-cpsat", "yajilin": "circuit", "fillomino": "sizes-cpsat",
          "starbattle": "linear", "norinori": "linear", "kakuro": "cpsat",
          "lits": "lazy-cpsat"}

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pencilsat.generators.loop import Target
from pencilsat.generators.order import Order
genre, size, seed, check = sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
width, height = (int(v) for v in size.split("x"))
made = Order(genre, width, height, Target()).make(seed)
cpu = time.process_time()
why = "-"
if check != "-":
    from pencilsat.core.registry import rules_of
    from pencilsat.core.result import Verdict
    from pencilsat.strategies.front import solve
    why = "ok"
    if rules_of(made.puzzle).check(made.puzzle, made.solution):
        why = "rule checker"
    else:
        proof = solve(made.puzzle, encoding=check, backend="cpsat")
        if proof.verdict != Verdict.UNIQUE or proof.solution != made.solution:
            why = f"proof {proof.verdict}"
print(json.dumps({"cpu_s": cpu, "candidates": made.candidates, "clues": made.clues,
                  "check": why}))
"""


def run_one(tree: Path, genre: str, size: str, seed: int, cap: int, check: str
            ) -> dict[str, Any]:
    """One seed in a child process on ``tree``'s ``src``: its CPU seconds (the child's own,
    imports included) or ``capped``."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", CHILD, str(tree / "src"), genre, size,
                           str(seed), check], capture_output=True, text=True,
                          preexec_fn=limit)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        capped = done.returncode in (-9, -24, 152, 137) or cpu >= cap - 1
        return {"cpu_s": round(cpu, 2), "capped": capped,
                "error": None if capped else done.stderr.strip().splitlines()[-1:]}
    made = json.loads(done.stdout.strip().splitlines()[-1])
    return {"cpu_s": round(made["cpu_s"], 2), "capped": False, "check": made["check"],
            "candidates": made["candidates"], "clues": made["clues"]}


def summary(runs: list[dict[str, Any]], cap: int) -> dict[str, Any]:
    times = [cap if r["capped"] else r["cpu_s"] for r in runs]
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, -(-9 * len(ordered) // 10) - 1)]
    return {"median_cpu_s": round(median(times), 2), "p90_cpu_s": round(p90, 2),
            "max_cpu_s": round(max(times), 2),
            "capped": sum(r["capped"] for r in runs),
            "checked": sum(r.get("check") == "ok" for r in runs)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--cap", type=int, default=300, help="CPU seconds per seed")
    parser.add_argument("--old", type=Path, help="a tree with the code before (src/)")
    parser.add_argument("--orders", nargs="*", default=ORDERS)
    args = parser.parse_args()
    rows, data = [], []
    for order in args.orders:
        genre, size = order.split(":")
        runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
        loads = []
        for seed in range(1, args.seeds + 1):
            loads.append(os.getloadavg()[0])
            if args.old is not None:
                runs["old"].append(run_one(args.old, genre, size, seed, args.cap, "-"))
            runs["new"].append(run_one(HERE, genre, size, seed, args.cap, SECOND[genre]))
            print(genre, size, seed, {k: v[-1] for k, v in runs.items() if v}, flush=True)
        for tree, kept in runs.items():
            if not kept:
                continue
            row = {"genre": genre, "size": size, "tree": tree, "seeds": len(kept),
                   **summary(kept, args.cap), "load": round(median(loads), 1)}
            rows.append(row)
            data.append({**row, "runs": kept})
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for row in data:
        row["measured"] = stamp
    ran = {(row["genre"], row["size"]) for row in rows}
    before = RESULTS / "generate_big.json"
    earlier = ([r for r in json.loads(before.read_text()) if (r["genre"], r["size"]) not in ran]
               if before.exists() else [])
    data = earlier + data
    rows = [{k: v for k, v in r.items() if k != "runs"} for r in data]
    columns = ["genre", "size", "tree", "seeds", "median_cpu_s", "p90_cpu_s", "max_cpu_s",
               "capped", "checked", "load", "measured"]
    body = "\n".join([
        f"`python benchmarks/generate_big.py --seeds {args.seeds} --cap {args.cap}"
        + (f" --old {args.old}`" if args.old else "`")
        + ": CPU seconds of a child process per kept puzzle (imports included, about 0.5 s), "
        "no level (a minimal clue set); `old` the code before (`git archive main src`), "
        "`new` this tree, the two interleaved seed by seed; `capped`: seeds stopped at the "
        f"{args.cap} s CPU cap (counted as the cap); `checked`: this tree's puzzles that "
        "pass the rule checker and a CP-SAT proof of uniqueness; `load`: the median "
        "1-minute load average while the order ran; rows of orders not run are kept from "
        "the previous results, with the time they were measured.",
        "",
        markdown_table(columns, [[row.get(c, "-") for c in columns] for row in rows]),
    ])
    write_results("generate_big", "Generating big orders: CPU per kept puzzle", body, data)


if __name__ == "__main__":
    main()
