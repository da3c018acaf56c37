"""Yajilin: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/yajilin.py [--cap 120] [--stride 1] [--puzzlekit-cap 60]
[--no-puzzlekit] [--log FILE]``

Runs in one process, one puzzle at a time, the configurations of a puzzle back to back (a
busy machine slows them alike), and writes ``benchmarks/results/yajilin.md`` and ``.json``:

1. ``lazy`` (CNF, the default) and ``circuit`` (CP-SAT) on every janko Yajilin: time per
   puzzle (encode + solve + uniqueness proof, through the solving front, which also
   referees the answer with the rule checker), the verdict and agreement with the ``.sol``;
   median and max per size group.
2. puzzlekit's Yajilin solver (CP-SAT ``AddCircuit``, a benchmark-only package) on the same
   puzzles, given black cells as its ``x`` (an arrow looks across them, as in the corpus).
   It only solves, with no uniqueness proof; its answer is compared with the ``.sol``.
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

from pencilsat.puzzles.yajilin import (  # noqa: E402
    BLOCK,
    EMPTY,
    YajilinPuzzle,
    parse_puzzle,
    parse_solution,
    solution_rows,
)
from pencilsat.strategies.front import solve  # noqa: E402

CONFIGS = {"lazy (cnf)": ("lazy", "cnf"), "circuit (cpsat)": ("circuit", "cpsat")}
GROUPS = ((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
          (900, "up to 30x30"), (10**9, "larger"))
PUZZLEKIT_DIRECTION = {1: "n", 2: "s", 3: "w", 4: "e"}
PUZZLEKIT_PIPE = {"ns": "|", "ew": "-", "en": "L", "nw": "J", "sw": "7", "es": "F"}
"""puzzlekit's loop tokens (sorted letters) as the corpus's pipe letters."""


def group_of(cells: int) -> str:
    return next(group for bound, group in GROUPS if cells <= bound)


def puzzles(stride: int) -> list[dict[str, Any]]:
    items = []
    for txt in sorted((CORPUS / "yajilin" / "janko").glob("*.txt")):
        puzzle = parse_puzzle(txt.read_text(), txt.stem)
        items.append({"name": txt.stem, "puzzle": puzzle, "cells": puzzle.width * puzzle.height,
                      "solution": parse_solution(txt.with_suffix(".sol").read_text())})
    items.sort(key=lambda i: (i["cells"], i["name"]))
    return items[::stride]


def ours(item: dict[str, Any], config: tuple[str, str], cap: float) -> dict[str, Any]:
    start = time.perf_counter()
    result = solve(item["puzzle"], encoding=config[0], backend=config[1], time_limit=cap)
    seconds = time.perf_counter() - start
    agrees = result.verdict == "unique" and result.solution == item["solution"]
    return {"s": seconds, "verdict": result.verdict.value, "agrees": agrees,
            "sat_calls": result.stats.extra.get("sat_calls")}


def puzzlekit_grid(puzzle: YajilinPuzzle) -> list[list[str]]:
    grid = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            value = int(puzzle.numbers[r, c])
            row.append("-" if value == EMPTY else "x" if value == BLOCK else
                       f"{value}{PUZZLEKIT_DIRECTION[int(puzzle.arrows[r, c])]}")
        grid.append(row)
    return grid


def puzzlekit(puzzle: YajilinPuzzle, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build and solve, and its answer as corpus rows."""
    try:
        from puzzlekit.solvers.yajilin import YajilinSolver
    except ImportError:
        return None
    start = time.perf_counter()
    result = YajilinSolver(puzzle.height, puzzle.width, puzzlekit_grid(puzzle)).solve(
        {"time_limit_sec": cap})
    seconds = time.perf_counter() - start
    status = result.solution_data.get("status")
    rows = None
    if status in ("Optimal", "Feasible"):
        rows = ["".join("#" if token == "x" else
                        PUZZLEKIT_PIPE.get("".join(sorted(token)), ".") for token in row)
                for row in result.solution_data["solution_grid"].matrix]
    return {"s": seconds, "status": status, "rows": rows}


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    log = open(args.log, "a") if args.log else None  # noqa: SIM115 (open for the whole run)
    done = {}
    if args.log and Path(args.log).exists():
        for line in Path(args.log).read_text().splitlines():
            row = json.loads(line)
            done[row["name"]] = row
    rows = []
    for item in puzzles(args.stride):
        if item["name"] in done:
            rows.append(done[item["name"]])
            continue
        row: dict[str, Any] = {"name": item["name"], "cells": item["cells"]}
        for label, config in CONFIGS.items():
            row[label] = ours(item, config, args.cap)
        if not args.no_puzzlekit:
            found = puzzlekit(item["puzzle"], args.puzzlekit_cap)
            if found is not None:
                answer = found.pop("rows")
                found["agrees"] = answer == solution_rows(item["puzzle"], item["solution"])
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
    lines.append("## Both strategies on every janko Yajilin\n")
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
        lines.append("puzzlekit only solves (no uniqueness proof, which is part of our "
                     f"time); {len(ran)} of {len(rows)} puzzles.\n")
        pk = [r["puzzlekit"]["s"] for r in ran]
        ptable = []
        data["puzzlekit"] = {"puzzles": len(ran), "median_s": median(pk), "max_s": max(pk),
                             "agrees": sum(r["puzzlekit"]["agrees"] for r in ran), "vs": {}}
        for label in CONFIGS:
            mine = [r[label]["s"] for r in ran]
            ratios = [r["puzzlekit"]["s"] / r[label]["s"] for r in ran]
            ptable.append([label, f"{median(mine):.3f}", f"{max(mine):.2f}",
                           f"{median(pk):.3f}", f"{max(pk):.2f}",
                           f"{median(pk) / median(mine):.1f}x", f"{median(ratios):.1f}x"])
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
    parser.add_argument("--puzzlekit-cap", type=float, default=60.0)
    parser.add_argument("--no-puzzlekit", action="store_true")
    parser.add_argument("--log", help="JSON lines of finished puzzles: a rerun resumes")
    args = parser.parse_args()
    rows = run(args)
    body, data = summary(rows, args.cap)
    command = "python benchmarks/yajilin.py " + " ".join(sys.argv[1:])
    data.update(command=command, rows=rows)
    write_results("yajilin", "Yajilin: both strategies and puzzlekit",
                  f"Command: `{command.strip()}`\n\n{body}", data)


if __name__ == "__main__":
    main()
