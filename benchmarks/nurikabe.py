"""Nurikabe: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/nurikabe.py [--cap 120] [--stride 1] [--puzzlekit-cap 30]
[--puzzlekit-max-flood 10000] [--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

Runs in one process, one puzzle at a time, the configurations of a puzzle back to back (a
busy machine slows them alike), and writes ``benchmarks/results/nurikabe.md`` and ``.json``:

1. ``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Nurikabe, the
   ``?`` puzzles included: time per puzzle (encode + solve + uniqueness proof, through the
   solving front, which also referees the answer with the rule checker), the verdict and
   agreement with the ``.sol``; median and max per size group, and the puzzles at the cap.
2. puzzlekit's Nurikabe solver (CP-SAT, a flood fill per number) on the same puzzles, if it
   is installed (a benchmark-only package). It only solves, with no uniqueness proof, and
   reads no ``?`` number; its model has (n + 1) x cells flood variables per number, whose
   building alone took 115 s and 1.6 GB on a 20x36, so it runs only where that count is at
   most ``--puzzlekit-max-flood``, with its own time limit ``--puzzlekit-cap``, on every
   ``--puzzlekit-stride``-th such puzzle (it takes seconds where we take a tenth).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, markdown_table, median, write_results  # noqa: E402

from pencilsat.puzzles.nurikabe import NurikabePuzzle, parse_puzzle, parse_solution  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402

CONFIGS = {"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")}
GROUPS = ((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
          (900, "up to 30x30"), (10**9, "larger"))


def group_of(cells: int) -> str:
    return next(group for bound, group in GROUPS if cells <= bound)


def puzzles(stride: int) -> list[dict[str, Any]]:
    items = []
    for txt in sorted((CORPUS / "nurikabe" / "janko").glob("*.txt")):
        puzzle = parse_puzzle(txt.read_text(), txt.stem)
        cells = puzzle.width * puzzle.height
        items.append({"name": txt.stem, "puzzle": puzzle, "cells": cells,
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


def flood_variables(puzzle: NurikabePuzzle) -> int | None:
    """The size of puzzlekit's flood fill; ``None`` when it cannot read the puzzle (``?``)."""
    numbers = [n for _, n in puzzle.numbered_cells()]
    if None in numbers:
        return None
    return sum(n + 1 for n in numbers if n > 1) * puzzle.width * puzzle.height


def puzzlekit(puzzle: NurikabePuzzle, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build and solve, and whether it found the stored answer."""
    try:
        from puzzlekit.solvers.nurikabe import NurikabeSolver
    except ImportError:
        return None
    grid = [["-" if v == 0 else str(int(v)) for v in row] for row in puzzle.numbers]
    start = time.perf_counter()
    result = NurikabeSolver(puzzle.height, puzzle.width, grid).solve({"time_limit_sec": cap})
    seconds = time.perf_counter() - start
    status = result.solution_data.get("status")
    shaded = None
    if status in ("Optimal", "Feasible"):
        shaded = [[ch == "x" for ch in row] for row in result.solution_data["solution_grid"]
                  .matrix]
    return {"s": seconds, "status": status, "shaded": shaded}


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    log = open(args.log, "a") if args.log else None  # noqa: SIM115 (open for the whole run)
    done = {}
    if args.log and Path(args.log).exists():
        for line in Path(args.log).read_text().splitlines():
            row = json.loads(line)
            done[row["name"]] = row
    rows = []
    eligible = 0
    for item in puzzles(args.stride):
        flood = flood_variables(item["puzzle"])
        picked = flood is not None and flood <= args.puzzlekit_max_flood
        if picked:
            eligible += 1  # counted for resumed rows too: the same every k-th on a rerun
        if item["name"] in done:
            rows.append(done[item["name"]])
            continue
        row: dict[str, Any] = {"name": item["name"], "cells": item["cells"]}
        for label, config in CONFIGS.items():
            row[label] = ours(item, config, args.cap)
        row["flood"] = flood
        if not args.no_puzzlekit and picked and (eligible - 1) % args.puzzlekit_stride == 0:
            found = puzzlekit(item["puzzle"], args.puzzlekit_cap)
            if found is not None:
                shaded = found.pop("shaded")
                found["agrees"] = shaded is not None and (
                    shaded == item["solution"].shaded.tolist())
                row["puzzlekit"] = found
        print(json.dumps(row), flush=True)
        if log:
            log.write(json.dumps(row) + "\n")
            log.flush()
        rows.append(row)
    return rows


def summary(rows: list[dict[str, Any]], cap: float,
            stride: int = 1) -> tuple[str, dict[str, Any]]:
    lines, data = [], {"configs": {}, "puzzlekit": None}
    table = []
    for label in CONFIGS:
        for _, group in GROUPS:
            picked = [r for r in rows if group_of(r["cells"]) == group]
            if not picked:
                continue
            times = [r[label]["s"] for r in picked]
            table.append([label, group, len(picked), sum(r[label]["agrees"] for r in picked),
                          f"{median(times):.3f}", f"{max(times):.2f}"])
        times = [r[label]["s"] for r in rows]
        agree = sum(r[label]["agrees"] for r in rows)
        table.append([f"**{label}**", "all", len(rows), agree, f"**{median(times):.3f}**",
                      f"**{max(times):.2f}**"])
        data["configs"][label] = {
            "puzzles": len(rows), "unique_and_agrees": agree, "median_s": median(times),
            "max_s": max(times), "total_s": sum(times),
            "not_agreeing": [(r["name"], r[label]["verdict"], round(r[label]["s"], 1))
                             for r in rows if not r[label]["agrees"]]}
    lines.append("## Both strategies on every janko Nurikabe\n")
    lines.append(f"Seconds per puzzle (encode + solve + uniqueness proof), cap {cap:g} s.\n")
    lines.append(markdown_table(["strategy", "size", "puzzles", "unique, = .sol", "median s",
                                 "max s"], table))
    for label in CONFIGS:
        missed = data["configs"][label]["not_agreeing"]
        if missed:
            lines.append(f"\n{label}: not `unique` with the stored answer: "
                         + ", ".join(f"{n} ({v}, {s} s)" for n, v, s in missed))
    ran = [r for r in rows if "puzzlekit" in r]
    if ran:
        lines.append("\n## puzzlekit on the same puzzles\n")
        lines.append("puzzlekit only solves (no uniqueness proof, which is part of our time); "
                     f"it ran where it can read the puzzle (no `?`) and its model has at most "
                     f"the flood size set, every {stride}-th of those ({len(ran)} of "
                     f"{len(rows)} puzzles).\n")
        pk = [r["puzzlekit"]["s"] for r in ran]
        ptable = []
        data["puzzlekit"] = {"puzzles": len(ran), "median_s": median(pk), "max_s": max(pk),
                             "agrees": sum(r["puzzlekit"]["agrees"] for r in ran),
                             "vs": {}}
        for label in CONFIGS:
            mine = [r[label]["s"] for r in ran]
            ratios = [r["puzzlekit"]["s"] / r[label]["s"] for r in ran]
            ptable.append([label, f"{median(mine):.3f}", f"{max(mine):.2f}",
                           f"{median(pk):.3f}", f"{max(pk):.2f}",
                           f"{median(pk) / median(mine):.0f}x", f"{median(ratios):.0f}x"])
            data["puzzlekit"]["vs"][label] = {"median_s": median(mine), "max_s": max(mine),
                                              "ratio_of_medians": median(pk) / median(mine),
                                              "median_ratio": median(ratios)}
        lines.append(markdown_table(["ours", "our median s", "our max s", "puzzlekit median s",
                                     "puzzlekit max s", "ratio of medians",
                                     "median ratio"], ptable))
        agree = data["puzzlekit"]["agrees"]
        lines.append(f"\npuzzlekit found the stored answer on {agree} of {len(ran)}; "
                     "the others: " + (", ".join(f"{r['name']} ({r['puzzlekit']['status']})"
                                                 for r in ran if not r["puzzlekit"]["agrees"])
                                       or "none"))
    return "\n".join(lines), data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cap", type=float, default=120.0)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--puzzlekit-cap", type=float, default=30.0)
    parser.add_argument("--puzzlekit-max-flood", type=int, default=10_000)
    parser.add_argument("--puzzlekit-stride", type=int, default=1)
    parser.add_argument("--no-puzzlekit", action="store_true")
    parser.add_argument("--log", help="JSON lines of finished puzzles: a rerun resumes")
    args = parser.parse_args()
    rows = run(args)
    body, data = summary(rows, args.cap, args.puzzlekit_stride)
    command = "python benchmarks/nurikabe.py " + " ".join(sys.argv[1:])
    data.update(command=command, rows=rows)
    write_results("nurikabe", "Nurikabe: both strategies and puzzlekit",
                  f"Command: `{command.strip()}`\n\n{body}", data)


if __name__ == "__main__":
    main()
