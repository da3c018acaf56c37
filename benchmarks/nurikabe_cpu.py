"""Nurikabe's slowest in CPU seconds: every janko puzzle on one strategy, the tail listed.

``python benchmarks/nurikabe_cpu.py ENCODING [--cap 60] [--stride 1] [--top 15] [--log FILE]``

Wall seconds on a shared machine say as much about the other jobs as about the solver, so
this measures ``time.process_time`` per puzzle (CP-SAT's one worker thread included) through
the front, checks each answer against the stored one and the rule checker, and prints the
median, the total and the ``--top`` slowest with their split between the first answer and
the proof (wall seconds, from the solver's figures), solves, cuts and the solve from which
``lazy-cpsat``'s wall levels came in. ``--log``: JSON lines of finished puzzles (a rerun
resumes). The figures of 2026-12-01 are in ``docs/experiments/nurikabe.md``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from common import CORPUS

from pencilsat.puzzles.nurikabe import check, parse_puzzle, parse_solution
from pencilsat.strategies.front import solve

JANKO = CORPUS / "nurikabe" / "janko"
FIELDS = ("encode_s", "solve_s", "uniqueness_s", "conflicts", "sat_calls", "cuts",
          "levels_from_call")


def measure(name: str, encoding: str, cap: float) -> dict[str, Any]:
    """One puzzle on one strategy: CPU and wall seconds, verdict, agreement, figures."""
    puzzle = parse_puzzle((JANKO / f"{name}.txt").read_text(), name)
    stored = parse_solution((JANKO / f"{name}.sol").read_text(), puzzle)
    backend = "cpsat" if encoding.endswith("cpsat") else "cnf"
    cpu, wall = time.process_time(), time.perf_counter()
    result = solve(puzzle, encoding=encoding, backend=backend, time_limit=cap)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    ok = (result.verdict.value == "unique" and result.solution == stored
          and not check(puzzle, result.solution))
    stats = result.stats.to_dict()
    return {"name": name, "cpu": round(cpu, 4), "wall": round(wall, 4),
            "verdict": result.verdict.value, "ok": ok, **{k: stats.get(k) for k in FIELDS}}


def tail(rows: list[dict[str, Any]], top: int) -> str:
    """The median, total and slowest rows as text."""
    cpus = [row["cpu"] for row in rows]
    bad = [row["name"] for row in rows if not row["ok"]]
    lines = [f"{len(rows)} puzzles, median CPU {statistics.median(cpus):.4f} s, total "
             f"{sum(cpus):.1f} s; not unique with the stored answer: {bad or 'none'}",
             "puzzle CPU_s wall_s first_s proof_s calls cuts levels_from"]
    for row in sorted(rows, key=lambda row: -row["cpu"])[:top]:
        lines.append(" ".join(str(row[k] if not isinstance(row[k], float) else round(row[k], 2))
                              for k in ("name", "cpu", "wall", "solve_s", "uniqueness_s",
                                        "sat_calls", "cuts", "levels_from_call")))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("encoding", choices=("lazy", "lazy-cpsat"))
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--log", help="JSON lines of finished puzzles: a rerun resumes")
    args = parser.parse_args()
    done: dict[str, dict[str, Any]] = {}
    if args.log and Path(args.log).exists():
        for line in Path(args.log).read_text().splitlines():
            row = json.loads(line)
            done[row["name"]] = row
    names = sorted(path.stem for path in JANKO.glob("*.txt"))[::args.stride]
    rows = []
    for name in names:
        row = done.get(name) or measure(name, args.encoding, args.cap)
        if name not in done and args.log:
            with open(args.log, "a") as log:
                log.write(json.dumps(row) + "\n")
        rows.append(row)
    print(tail(rows, args.top))


if __name__ == "__main__":
    main()
