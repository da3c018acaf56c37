"""Numberlink's filled variant (every cell on a line, pzprjs' ``arukone``) on every janko
Numberlink of the corpus, the flag added in memory: verdict, wall and CPU seconds of one
strategy, and whether the stored answer fills the grid.

``python benchmarks/numberlink_filled.py [--cap 60] [--stride 1] [--also NAME ...]
[--min-cells N] [--max-cells N] [--strategy lazy] [--log FILE] [--logged-only]
[--stem numberlink_filled]``

``--also`` adds named puzzles (``565_10x10``) to every ``stride``-th one; ``--min-cells`` /
``--max-cells`` keep the grids of at least / at most N cells; ``--stem`` names the page.

Smallest first. Each solved puzzle is a line of the ``--log`` file (JSON), read back on the
next run, so a stopped run resumes; ``--logged-only`` writes the page from the log alone.
A puzzle whose stored answer leaves cells unused has no filled answer if janko's is its
only one; the others are ``unique`` or ``multiple`` (janko's rules allow unused cells, so a
second filled answer is no contradiction). Results: ``benchmarks/results/numberlink_filled.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from common import CORPUS, markdown_table, median, write_results

from pencilsat.puzzles import numberlink as N
from pencilsat.strategies.front import solve

BACKENDS = {"lazy": "cnf", "lazy-cpsat": "cpsat"}


def pairs() -> list[tuple[int, Path, Path]]:
    """(cells, puzzle, answer) of every answered janko Numberlink, smallest first."""
    out = []
    for txt in sorted((CORPUS / "numberlink" / "janko").glob("*.txt")):
        sol = txt.with_suffix(".sol")
        if sol.exists():
            width, height = (int(v) for v in txt.read_text().split()[1:3])
            out.append((width * height, txt, sol))
    return sorted(out, key=lambda item: (item[0], item[1].name))


def measure(txt: Path, sol: Path, strategy: str, cap: float) -> dict[str, object]:
    plain = N.parse_puzzle(txt.read_text(), txt.stem)
    puzzle = N.NumberlinkPuzzle(plain.numbers, name=txt.stem, filled=True)
    stored = N.parse_solution(sol.read_text(), plain)
    began, cpu = time.perf_counter(), time.process_time()
    result = solve(puzzle, encoding=strategy, backend=BACKENDS[strategy], time_limit=cap)
    return {"name": txt.stem, "cells": plain.width * plain.height,
            "verdict": result.verdict.value, "s": time.perf_counter() - began,
            "cpu": time.process_time() - cpu,
            "stored_fills": not N.check(puzzle, stored),
            "answer_checked": all(not N.check(puzzle, shown) for shown in
                                  (result.solution, result.second_solution) if shown is not None),
            "stored_answer": result.solution is not None and result.solution == stored,
            "plain_first": result.stats.extra.get("plain_first"),
            "load": os.getloadavg()[0]}


def page(rows: list[dict], args: argparse.Namespace, total: int) -> str:
    strategy, cap, stride, also = args.strategy, args.cap, args.stride, args.also
    verdicts = sorted({r["verdict"] for r in rows})
    loads = [r["load"] for r in rows if "load" in r]
    table = []
    for fills in (True, False):
        part = [r for r in rows if r["stored_fills"] == fills]
        if part:
            table.append(["fills" if fills else "leaves cells unused", len(part)]
                         + [sum(r["verdict"] == v for r in part) for v in verdicts]
                         + [f"{median([r['s'] for r in part]):.2f}",
                            f"{max(r['s'] for r in part):.2f}",
                            f"{median([r['cpu'] for r in part]):.2f}",
                            f"{max(r['cpu'] for r in part):.2f}"])
    header = ["janko's stored answer", "puzzles", *verdicts, "median s", "max s",
              "median CPU s", "max CPU s"]
    unfilled = ", ".join(f"{r['name']} {r['verdict']}" for r in rows if not r["stored_fills"])
    multiple = ", ".join(r["name"] for r in rows if r["verdict"] == "multiple")
    unknown = ", ".join(r["name"] for r in rows if r["verdict"] == "unknown")
    return "\n\n".join([
        f"`{strategy}` on {len(rows)} of the {total} janko Numberlink puzzles of the corpus"
        + (f" (every {stride}th, smallest first" if stride > 1 else " (all, smallest first")
        + (f", and {', '.join(also)}" if also else "")
        + (f"; grids of at least {args.min_cells} cells" if args.min_cells else "")
        + (f"; grids of at most {args.max_cells} cells" if args.max_cells else "")
        + ") with the filled rule (every cell on a line) "
        f"added in memory, cap {cap:.0f} s of wall each, niced on a shared 2-core machine"
        + (f" (load average {min(loads):.1f}-{max(loads):.1f} over the run)." if loads else "."),
        "Command: `nice -n 5 python benchmarks/numberlink_filled.py --cap "
        f"{cap:.0f} --stride {stride}" + (f" --also {' '.join(also)}" if also else "")
        + (f" --min-cells {args.min_cells}" if args.min_cells else "")
        + (f" --max-cells {args.max_cells}" if args.max_cells else "")
        + f" --strategy {strategy} --log {args.log} --stem {args.stem}`",
        markdown_table(header, table),
        f"Stored answers leaving cells unused: {unfilled or 'none'}.",
        f"Multiple when filled: {multiple or 'none'}.",
        f"Unknown (cap reached): {unknown or 'none'}.",
        "Unique with another answer than the stored one: "
        + (", ".join(r["name"] for r in rows if r["verdict"] == "unique"
                     and not r.get("stored_answer", True)) or "none") + ".",
        "Every answer returned (both of a `multiple`) passed the rule checker with the "
        "filled rule: "
        + ("yes." if all(r["answer_checked"] for r in rows) else "NO."),
    ])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--also", nargs="*", default=[])
    parser.add_argument("--min-cells", type=int, default=0)
    parser.add_argument("--max-cells", type=int, default=0)
    parser.add_argument("--stem", default="numberlink_filled")
    parser.add_argument("--strategy", choices=sorted(BACKENDS), default="lazy")
    parser.add_argument("--log", type=Path, default=Path("/tmp/numberlink_filled.jsonl"))
    parser.add_argument("--logged-only", action="store_true")
    args = parser.parse_args()
    everything = pairs()
    items = [item for item in everything if item[0] >= args.min_cells
             and (not args.max_cells or item[0] <= args.max_cells)]
    items = items[::args.stride]
    chosen = {txt.stem for _, txt, _ in items}
    items += [item for item in everything
              if item[1].stem in args.also and item[1].stem not in chosen]
    done = {}
    if args.log.exists():
        done = {row["name"]: row for row in map(json.loads, args.log.read_text().splitlines())}
    if not args.logged_only:
        for _, txt, sol in items:
            if txt.stem in done:
                continue
            row = measure(txt, sol, args.strategy, args.cap)
            done[txt.stem] = row
            with args.log.open("a") as log:
                log.write(json.dumps(row) + "\n")
            print(row["name"], row["verdict"], f"{row['s']:.2f}", flush=True)
    rows = [done[txt.stem] for _, txt, _ in items if txt.stem in done]
    write_results(args.stem, "Numberlink, filled variant (pzprjs arukone)",
                  page(rows, args, len(everything)), rows)


if __name__ == "__main__":
    main()
