"""Benchmark ``pencilsat.generate(..., time_limit=)``: does the limit hold inside a candidate?

For every genre made, a big order (the largest size it takes, or 30x30) with a short limit,
for seeds 1..N: the wall time from the call to its return, past the limit (``over``), and the
verdict. A ``unique`` puzzle made within the limit is checked (the rule checker, and the
genre's default strategy proves it unique with the generator's answer); an ``unknown`` must
have no puzzle. The limit holds when ``over`` stays under about a second.

Usage: python benchmarks/generate_time_limit.py [--limit 2] [--seeds 2] [--genres ...]
Writes benchmarks/results/generate_time_limit.md and .json.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table, write_results  # noqa: E402

import pencilsat  # noqa: E402
from pencilsat.core.registry import generated, rules_of  # noqa: E402
from pencilsat.core.result import Verdict  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402

BIG = {"sudoku": (9, 9), "skyscrapers": (9, 9), "jigsawsudoku": (9, 9),
       "killersudoku": (9, 9), "kakuro": (12, 12), "starbattle": (16, 16),
       "norinori": (20, 20), "numberlink": (12, 12), "heyawake": (20, 20)}
"""The largest size of the genres that take less than 30x30 (docs/generate.md)."""


def checked(made: Any) -> str:
    """``ok``, or why a puzzle made under the limit fails its checks."""
    if rules_of(made.puzzle).check(made.puzzle, made.solution):
        return "rule checker"
    proof = solve(made.puzzle)
    if proof.verdict != Verdict.UNIQUE or proof.solution != made.solution:
        return f"proof: {proof.verdict}"
    return "ok"


def run(genres: list[str], limit: float, seeds: int) -> list[dict[str, Any]]:
    rows = []
    for genre in genres:
        width, height = BIG.get(genre, (30, 30))
        for seed in range(1, seeds + 1):
            start, start_cpu = time.perf_counter(), time.process_time()
            made = pencilsat.generate(genre, width, height, seed=seed, time_limit=limit)
            wall = time.perf_counter() - start
            cpu = time.process_time() - start_cpu
            if made.verdict == "unique":
                check = checked(made)
            else:
                check = "ok" if made.puzzle is None and made.solution is None else "a puzzle"
            row = {"genre": genre, "size": f"{width}x{height}", "seed": seed,
                   "limit_s": limit, "verdict": made.verdict, "wall_s": round(wall, 2),
                   "over_s": round(max(wall - limit, 0.0), 2), "cpu_s": round(cpu, 2),
                   "check": check, "load": round(os.getloadavg()[0], 1)}
            print(row, flush=True)
            rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=2.0)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--genres", nargs="*", default=list(generated()))
    args = parser.parse_args()
    rows = run(args.genres, args.limit, args.seeds)
    worst = max(rows, key=lambda row: row["over_s"])
    columns = ["genre", "size", "seed", "limit_s", "verdict", "wall_s", "over_s", "cpu_s",
               "check", "load"]
    body = "\n".join([
        f"`python benchmarks/generate_time_limit.py --limit {args.limit:g} --seeds "
        f"{args.seeds}`: each genre's biggest order (30x30 where it takes it) with a "
        f"{args.limit:g} s limit; `over`: wall seconds past the limit, from the call to its "
        "return; `check`: a puzzle made in time passes the rule checker and the default "
        "strategy's proof, an `unknown` has no puzzle. Wall time on a shared machine "
        "(`load`: the 1-minute load average).",
        "",
        f"Worst: {worst['genre']} {worst['size']} seed {worst['seed']}, "
        f"{worst['over_s']} s past the limit.",
        "",
        markdown_table(columns, [[row[c] for c in columns] for row in rows]),
    ])
    write_results("generate_time_limit", "Generation's time limit inside a candidate", body,
                  {"rows": rows})


if __name__ == "__main__":
    main()
