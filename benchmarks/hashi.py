"""Hashiwokakero: every janko puzzle on both strategies, and puzzlekit when it has a solver.

``python benchmarks/hashi.py [--cap 60] [--stride 1] [--ablation] [--no-puzzlekit]``

Runs in one process, one puzzle at a time, the configurations of a puzzle back to back (a
busy machine slows them alike), and writes ``benchmarks/results/hashi.md`` and ``.json``:

1. ``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Hashiwokakero:
   time per puzzle (encode + solve + uniqueness proof, through the solving front, which also
   referees the answer with the rule checker), the verdict and agreement with the ``.sol``;
   median and max per size group.
2. With ``--ablation``, the CNF strategy called directly (without the front's referee, so
   compare these rows with each other): its defaults, with the parent pointers (off by
   default), and without the isolated-pair rules (then the lazy cuts do all the connecting).
3. puzzlekit on the same puzzles, if it is installed (a benchmark-only package) and has a
   Hashiwokakero solver: puzzlekit 0.3.4 (the newest on PyPI on 2026-11-26) has none, and the
   results say so rather than compare with another tool.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, markdown_table, median, write_results  # noqa: E402

from pencilsat.encodings.hashi import HashiSettings  # noqa: E402
from pencilsat.puzzles.hashi import parse_puzzle, parse_solution  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402
from pencilsat.strategies.hashi import run_cnf  # noqa: E402

CONFIGS = {"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")}
ABLATION = {"cnf, defaults": HashiSettings(),
            "cnf, with pointers": HashiSettings(pointers=True),
            "cnf, no pair rules (cuts only)": HashiSettings(isolated_pairs=False)}
GROUPS = ((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
          (10**9, "larger"))
PUZZLEKIT_MODULES = ("hashi", "hashiwokakero", "bridges", "hashikake")


def group_of(cells: int) -> str:
    return next(group for bound, group in GROUPS if cells <= bound)


def puzzles(stride: int) -> list[dict[str, Any]]:
    items = []
    for txt in sorted((CORPUS / "hashi" / "janko").glob("*.txt")):
        puzzle = parse_puzzle(txt.read_text(), txt.stem)
        items.append({"name": txt.stem, "puzzle": puzzle,
                      "cells": puzzle.width * puzzle.height,
                      "islands": len(puzzle.islands()),
                      "solution": parse_solution(txt.with_suffix(".sol").read_text())})
    items.sort(key=lambda i: (i["cells"], i["name"]))
    return items[::stride]


def ours(item: dict[str, Any], config: tuple[str, str], cap: float) -> dict[str, Any]:
    start = time.perf_counter()
    result = solve(item["puzzle"], encoding=config[0], backend=config[1], time_limit=cap)
    seconds = time.perf_counter() - start
    agrees = result.verdict == "unique" and result.solution == item["solution"]
    return {"s": seconds, "verdict": result.verdict.value, "agrees": agrees,
            "sat_calls": result.stats.extra.get("sat_calls"),
            "cuts": result.stats.extra.get("cuts")}


def ablated(item: dict[str, Any], settings: HashiSettings, cap: float) -> dict[str, Any]:
    start = time.perf_counter()
    result = run_cnf(item["puzzle"], time_limit=cap, settings=settings)
    seconds = time.perf_counter() - start
    agrees = result.verdict == "unique" and result.solution == item["solution"]
    return {"s": seconds, "verdict": result.verdict.value, "agrees": agrees,
            "sat_calls": result.stats.extra.get("sat_calls"),
            "cuts": result.stats.extra.get("cuts")}


def puzzlekit_solver() -> tuple[str, Any | None]:
    """puzzlekit's version and its Hashiwokakero solver module, ``None`` when it has none."""
    try:
        import puzzlekit
    except ImportError:
        return "not installed", None
    version = getattr(puzzlekit, "__version__", "?")
    for name in PUZZLEKIT_MODULES:
        try:
            return version, importlib.import_module(f"puzzlekit.solvers.{name}")
        except ImportError:
            continue
    return version, None


def warm_up() -> None:
    """Import the solvers (OR-Tools takes about a second) before the clock runs."""
    tiny = parse_puzzle("hashi 3 1\n1.1\n")
    for encoding, backend in CONFIGS.values():
        solve(tiny, encoding=encoding, backend=backend)


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    warm_up()
    rows = []
    for item in puzzles(args.stride):
        row: dict[str, Any] = {"name": item["name"], "cells": item["cells"],
                               "islands": item["islands"]}
        for label, config in CONFIGS.items():
            row[label] = ours(item, config, args.cap)
        if args.ablation:
            for label, settings in ABLATION.items():
                row[label] = ablated(item, settings, args.cap)
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


def summary(rows: list[dict[str, Any]], args: argparse.Namespace,
            puzzlekit: str) -> tuple[str, dict[str, Any]]:
    labels = list(CONFIGS) + (list(ABLATION) if args.ablation else [])
    data: dict[str, Any] = {"configs": {}, "puzzlekit": puzzlekit}
    table = []
    for label in labels:
        for _, group in GROUPS:
            picked = [r for r in rows if group_of(r["cells"]) == group]
            if not picked or label not in CONFIGS:
                continue
            times = [r[label]["s"] for r in picked]
            table.append([label, group, len(picked), sum(r[label]["agrees"] for r in picked),
                          f"{median(times):.3f}", f"{max(times):.2f}", ""])
        times = [r[label]["s"] for r in rows]
        agree = sum(r[label]["agrees"] for r in rows)
        cuts = [r[label]["cuts"] or 0 for r in rows]
        table.append([f"**{label}**", "all", len(rows), agree, f"**{median(times):.3f}**",
                      f"**{max(times):.2f}**", f"{sum(cuts) / len(rows):.2f}"])
        data["configs"][label] = {
            "puzzles": len(rows), "unique_and_agrees": agree, "median_s": median(times),
            "max_s": max(times), "total_s": sum(times), "mean_cuts": sum(cuts) / len(rows),
            "not_agreeing": [(r["name"], r[label]["verdict"], round(r[label]["s"], 1))
                             for r in rows if not r[label]["agrees"]]}
    lines = ["## Every janko Hashiwokakero\n",
             f"Seconds per puzzle (encode + solve + uniqueness proof), cap {args.cap:g} s; "
             "`cuts`: connectivity cuts per puzzle on average.\n",
             markdown_table(["strategy", "size", "puzzles", "unique, = .sol", "median s",
                             "max s", "cuts"], table)]
    cnf, cpsat = (data["configs"][label] for label in CONFIGS)
    ratio = cpsat["median_s"] / cnf["median_s"]
    data["cpsat_over_cnf_median"] = ratio
    lines.append(f"\nCP-SAT over CNF, ratio of medians: {ratio:.1f}x.")
    for label in labels:
        missed = data["configs"][label]["not_agreeing"]
        if missed:
            lines.append(f"\n{label}: not `unique` with the stored answer: "
                         + ", ".join(f"{n} ({v}, {s} s)" for n, v, s in missed))
    if puzzlekit != "skipped":
        lines.append(f"\n## puzzlekit\n\npuzzlekit {puzzlekit}: no Hashiwokakero solver "
                     f"(looked for `puzzlekit.solvers.{{{','.join(PUZZLEKIT_MODULES)}}}`), "
                     "so there is no comparison in this run.")
    return "\n".join(lines), data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--ablation", action="store_true")
    parser.add_argument("--no-puzzlekit", action="store_true")
    args = parser.parse_args()
    version, module = ("skipped", None) if args.no_puzzlekit else puzzlekit_solver()
    if module is not None:
        raise SystemExit(f"puzzlekit {version} has a Hashiwokakero solver ({module.__name__})"
                         ": drive it here before comparing")
    rows = run(args)
    body, data = summary(rows, args, version)
    command = "python benchmarks/hashi.py " + " ".join(sys.argv[1:])
    data.update(command=command, rows=rows)
    write_results("hashi", "Hashiwokakero: both strategies (puzzlekit has no solver)",
                  f"Command: `{command.strip()}`\n\n{body}", data)


if __name__ == "__main__":
    main()
