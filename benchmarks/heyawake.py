"""Heyawake: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/heyawake.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

Runs in one process, one puzzle at a time, the configurations of a puzzle back to back (a
busy machine slows them alike), and writes ``benchmarks/results/heyawake.md`` and ``.json``:

1. ``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Heyawake: time per
   puzzle (encode + solve + uniqueness proof, through the solving front, which also referees
   the answer with the rule checker), the verdict and agreement with the ``.sol``; median and
   max per size group, and the ratio to puzzlekit.
2. puzzlekit's Heyawake solver (CP-SAT, connectivity by heights) on the same puzzles, if it
   is installed (a benchmark-only package). It only solves, with no uniqueness proof, on
   CP-SAT's default number of workers (ours use one). It takes 20-30 s on a 17x17 or a
   14x24 where ours take 0.1 s (26 November 2026), so ``--puzzlekit-stride k`` runs it on
   every k-th puzzle (of the list sorted by size) to keep a run within the hour; the ratios
   are over the puzzles it ran on, and a puzzle it did not finish counts its cap.
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

from pencilsat.puzzles.heyawake import (  # noqa: E402
    NO_CLUE,
    HeyawakePuzzle,
    parse_puzzle,
    parse_solution,
)
from pencilsat.strategies.front import solve  # noqa: E402

CONFIGS = {"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")}
GROUPS = ((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
          (10**9, "larger"))


def group_of(cells: int) -> str:
    return next(group for bound, group in GROUPS if cells <= bound)


def puzzles(stride: int) -> list[dict[str, Any]]:
    items = []
    for txt in sorted((CORPUS / "heyawake" / "janko").glob("*.txt")):
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


def puzzlekit(puzzle: HeyawakePuzzle, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build and solve, its status and its shading."""
    try:
        from puzzlekit.solvers.heyawake import HeyawakeSolver
    except ImportError:
        return None
    grid = [["-" if v == NO_CLUE else str(int(v)) for v in row] for row in puzzle.clues]
    regions = [[str(int(v)) for v in row] for row in puzzle.rooms]
    start = time.perf_counter()
    result = HeyawakeSolver(puzzle.height, puzzle.width, grid, regions).solve(
        {"time_limit_sec": cap})
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
    for index, item in enumerate(puzzles(args.stride)):
        if item["name"] in done:
            rows.append(done[item["name"]])
            continue
        row: dict[str, Any] = {"name": item["name"], "cells": item["cells"]}
        for label, config in CONFIGS.items():
            row[label] = ours(item, config, args.cap)
        if not args.no_puzzlekit and index % args.puzzlekit_stride == 0:
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


def summary(rows: list[dict[str, Any]], cap: float) -> tuple[str, dict[str, Any]]:
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
    lines.append("## Both strategies on every janko Heyawake\n")
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
        lines.append("puzzlekit only solves (no uniqueness proof, which is part of our time), "
                     f"on CP-SAT's default workers ({len(ran)} of {len(rows)} puzzles, every "
                     "k-th by size; ours on the same puzzles in the columns below). A puzzle "
                     "it did not finish counts its cap, so its ratios are lower bounds.\n")
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
                           f"{median(pk) / median(mine):.1f}x", f"{median(ratios):.1f}x",
                           f"{max(pk) / max(mine):.1f}x"])
            data["puzzlekit"]["vs"][label] = {"median_s": median(mine), "max_s": max(mine),
                                              "ratio_of_medians": median(pk) / median(mine),
                                              "median_ratio": median(ratios),
                                              "ratio_of_maxima": max(pk) / max(mine)}
        lines.append(markdown_table(["ours", "our median s", "our max s", "puzzlekit median s",
                                     "puzzlekit max s", "ratio of medians", "median ratio",
                                     "ratio of maxima"], ptable))
        agree = data["puzzlekit"]["agrees"]
        lines.append(f"\npuzzlekit found the stored answer on {agree} of {len(ran)}; "
                     "the others: " + (", ".join(f"{r['name']} ({r['puzzlekit']['status']})"
                                                 for r in ran if not r["puzzlekit"]["agrees"])
                                       or "none"))
    return "\n".join(lines), data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--puzzlekit-cap", type=float, default=60.0)
    parser.add_argument("--puzzlekit-stride", type=int, default=1)
    parser.add_argument("--no-puzzlekit", action="store_true")
    parser.add_argument("--log", help="JSON lines of finished puzzles: a rerun resumes")
    args = parser.parse_args()
    rows = run(args)
    body, data = summary(rows, args.cap)
    command = "python benchmarks/heyawake.py " + " ".join(sys.argv[1:])
    data.update(command=command, rows=rows)
    write_results("heyawake", "Heyawake: both strategies and puzzlekit",
                  f"Command: `{command.strip()}`\n\n{body}", data)


if __name__ == "__main__":
    main()
