"""Numberlink's hardest janko proofs on ``lazy`` with and without the race
(:mod:`pencilsat.backends.proof_race`: Glucose 4.2 in a forked child beside CaDiCaL).

``python benchmarks/numberlink_proof_race.py [NAME...] [--largest N] [--raced-only]
[--limit 60] [--rounds 1] [--cpsat] [--page [STEM]]``

Each run is a fresh process (``run_cnf(puzzle, race=...)``, or ``run_cpsat`` with
``--cpsat``, under the CLI's default memory budget), the two settings interleaved, one at a
time. Per run: verdict (and whether the
answer is the stored one), wall seconds, CPU seconds of the process and its children (the
race's child included), which solver settled the proof and when. ``--page`` writes
``benchmarks/results/numberlink_proof_race.md`` (``numberlink_proof_race_cpsat.md``), or
``STEM.md``. ``--largest N``: the N janko grids of most cells instead of the names;
``--raced-only``: no run alone; ``--one-core``: every run inside ``no_races()``, as in a
batch, where ``lazy``'s ``race=True`` proves on Glucose 4.2 in the process first.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from common import CORPUS, RESULTS

from pencilsat.puzzles import numberlink as N

JANKO = CORPUS / "numberlink" / "janko"
HARD = ["547_20x20", "527_20x20", "536_20x20", "555_20x20", "539_20x20", "556_20x20",
        "559_20x20", "567_30x30"]
"""The proofs past 20 s of CPU on ``lazy`` (docs/known-gaps.md), and 559 and 556."""

ONE_RUN = """
import json, resource, sys, time
from pencilsat.core.memory import memory_budget
from pencilsat.puzzles import numberlink as N
from pencilsat.strategies.numberlink import run_cnf, run_cpsat
name, race, limit = sys.argv[1], sys.argv[2] == "race", float(sys.argv[3])
folder, run = sys.argv[4], run_cpsat if sys.argv[5] == "cpsat" else run_cnf
from contextlib import nullcontext
from pencilsat.backends.proof_race import no_races
one_core = no_races() if sys.argv[6] == "one-core" else nullcontext()
puzzle = N.parse_puzzle(open(f"{folder}/{name}.txt").read(), name)
stored = N.parse_solution(open(f"{folder}/{name}.sol").read())
began = time.perf_counter()
with memory_budget(2**30), one_core:
    result = run(puzzle, race=race, time_limit=limit)
wall = time.perf_counter() - began
own = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"name": name, "race": race, "verdict": result.verdict.value,
                  "stored": result.solution == stored, "wall": round(wall, 2),
                  "cpu": round(own.ru_utime + own.ru_stime, 2),
                  "child_cpu": round(kids.ru_utime + kids.ru_stime, 2),
                  "proof_by": result.stats.extra.get("proof_by"),
                  "proof_by_s": result.stats.extra.get("proof_by_s"),
                  "conflicts": result.stats.conflicts}))
"""


def run(name: str, race: bool, limit: float, strategy: str, one_core: bool = False) -> dict:
    out = subprocess.run([sys.executable, "-c", ONE_RUN, name, "race" if race else "alone",
                          str(limit), str(JANKO), strategy,
                          "one-core" if one_core else "both"], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


ONE_CORE = (
    "Every run inside `no_races()`, as in a batch's worker: no child is forked, and "
    "`race=True` is `lazy`'s proof on Glucose 4.2 in the process first "
    "(`backends.proof_here.refuted_here`), CaDiCaL's only if Glucose finds a model. "
    "The `raced` columns are those runs; `settled by` names Glucose when it proved.")


def page(rows: list[dict], limit: float, began: str, cpsat: bool, command: str,
         one_core: bool = False) -> str:
    strategy, alone = ("lazy-cpsat", "CP-SAT alone") if cpsat else ("lazy", "CaDiCaL 1.9.5 alone")
    lines = [
        f"# Numberlink: `{strategy}`'s proof raced by a second solver"
        + (" (one core: in the process)" if one_core else ""),
        "",
        f"Measured {began} UTC on {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; load average at the start "
        f"{os.getloadavg()[0]:.2f}. Command: `python benchmarks/numberlink_proof_race.py "
        f"{command}`. `{strategy}` with "
        f"`race=False` ({alone}) and "
        + ("`race=True` (see below)" if one_core else
           "`race=True` (Glucose 4.2 in a forked child beside the proof, from its second slice "
           "on CaDiCaL, from its start on CP-SAT, `pencilsat.backends.proof_race`)")
        + ", each a fresh process, interleaved. CPU is the "
        "process's and its children's; `settled by` names the child when it proved first, "
        "with its seconds from its start." + (" " + ONE_CORE if one_core else ""),
        "",
        "| puzzle | alone: verdict | wall s | CPU s | raced: verdict | wall s | CPU s "
        "| settled by |",
        "|---|---|---|---|---|---|---|---|",
    ]
    by = {(r["name"], r["race"]): r for r in rows}
    for name in dict.fromkeys(r["name"] for r in rows):
        a, b = by.get((name, False)), by.get((name, True))
        cells = [name]
        for r in (a, b):
            if r is None:
                cells += ["", "", ""]
                continue
            verdict = r["verdict"] + ("" if r["verdict"] != "unique" or r["stored"]
                                      else " (not the stored answer)")
            cells += [verdict, f"{r['wall']:.1f}", f"{r['cpu'] + r['child_cpu']:.1f}"]
        settled = "" if b is None or not b["proof_by"] else \
            f"{b['proof_by']} after {b['proof_by_s']:.1f} s"
        if not settled:
            settled = "neither (the limit)" if b is not None and b["verdict"] == "unknown" \
                else ("CP-SAT" if cpsat else "CaDiCaL")
        lines.append("| " + " | ".join([*cells, settled]) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*", default=HARD)
    parser.add_argument("--limit", type=float, default=60.0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--cpsat", action="store_true", help="lazy-cpsat, not lazy")
    parser.add_argument("--largest", type=int, default=0)
    parser.add_argument("--raced-only", action="store_true")
    parser.add_argument("--one-core", action="store_true",
                        help="no race may run (as in a batch): `race=True` is then the "
                        "proof on Glucose 4.2 in the process first")
    parser.add_argument("--page", nargs="?", const="", default=None, metavar="STEM")
    args = parser.parse_args()
    if args.largest:
        sizes = {p.stem: N.parse_puzzle(p.read_text(), p.stem) for p in JANKO.glob("*.txt")}
        args.names = sorted(sizes, key=lambda n: (-sizes[n].width * sizes[n].height, n)
                            )[:args.largest]
    began = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    rows = []
    for _ in range(args.rounds):
        for name in args.names:
            for race in (True,) if args.raced_only else (True, False):
                row = run(name, race, args.limit, "cpsat" if args.cpsat else "cnf",
                          args.one_core)
                print(json.dumps(row), flush=True)
                rows.append(row)
    if args.page is not None:
        out = f"{args.page}.md" if args.page else (
            "numberlink_proof_race_cpsat.md" if args.cpsat else "numberlink_proof_race.md")
        Path(RESULTS / out).write_text(page(rows, args.limit, began, args.cpsat,
                                            " ".join(sys.argv[1:]), args.one_core))


if __name__ == "__main__":
    main()
