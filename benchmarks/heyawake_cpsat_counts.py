"""Heyawake's ``lazy-cpsat``: room counts as linear sums (before) or as clauses (now).

``python benchmarks/heyawake_cpsat_counts.py [--every 3] [--cap 60]``: every K-th janko
Heyawake, the two ways interleaved puzzle by puzzle (CPU seconds of this process, the verdict
and the answer against the stored one), plus the extra URLs given with ``--url`` (e.g. the
puzzles from the wild that ``benchmarks/pzprjs_wild.py`` found `unknown` on ``lazy-cpsat``).
Writes ``benchmarks/results/heyawake_cpsat_counts.{md,json}``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from common import CORPUS, markdown_table, median, write_results

from pencilsat.formats.detect import read_input
from pencilsat.puzzles.heyawake import parse_puzzle, parse_solution
from pencilsat.strategies.connected_runs import run_shading_cpsat
from pencilsat.strategies.heyawake import ROOM_COUNTS, build

WAYS = {"sums": None, "clauses": ROOM_COUNTS}


def timed(puzzle: Any, way: str, cap: float) -> tuple[float, str, Any]:
    began = time.process_time()
    result = run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                               time_limit=cap, count_clauses=WAYS[way])
    return time.process_time() - began, result.verdict, result.solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--url", action="append", default=[])
    args = parser.parse_args()
    folder = CORPUS / "heyawake" / "janko"
    names = sorted(folder.glob("*.txt"))[::args.every]
    rows: list[dict[str, Any]] = []
    for path in names:
        puzzle = parse_puzzle(path.read_text(), path.name)
        stored = parse_solution(path.with_suffix(".sol").read_text(), puzzle)
        row: dict[str, Any] = {"name": path.stem, "cells": puzzle.width * puzzle.height}
        for way in WAYS:
            seconds, verdict, answer = timed(puzzle, way, args.cap)
            row[way] = round(seconds, 4)
            row[f"{way}_ok"] = verdict == "unique" and answer == stored
        rows.append(row)
    for n, url in enumerate(args.url, 1):
        puzzle = read_input(url)
        row = {"name": f"url {n}", "cells": puzzle.width * puzzle.height}
        for way in WAYS:
            seconds, verdict, _ = timed(puzzle, way, args.cap)
            row[way], row[f"{way}_ok"] = round(seconds, 4), verdict
        rows.append(row)
    janko = [r for r in rows if not r["name"].startswith("url")]
    table = [[way, f"{sum(r[f'{way}_ok'] for r in janko)}/{len(janko)}",
              f"{median([r[way] for r in janko]):.3f}", f"{sum(r[way] for r in janko):.1f}",
              f"{max(r[way] for r in janko):.2f}"] for way in WAYS]
    ratios = sorted(r["clauses"] / r["sums"] for r in janko if r["sums"] > 0)
    body = (f"One janko Heyawake in {args.every} ({len(janko)} puzzles), `lazy-cpsat` with the "
            "room counts as linear sums (before) and as clauses (now), interleaved puzzle by "
            f"puzzle, CPU seconds, cap {args.cap:g} s. `python "
            f"benchmarks/heyawake_cpsat_counts.py --every {args.every}`.\n\n"
            + markdown_table(["counts", "unique, = .sol", "median s", "total s", "max s"],
                             table)
            + f"\n\nPer puzzle, clauses / sums: median {median(ratios):.2f}, "
            f"10th-90th percentile {ratios[len(ratios) // 10]:.2f}-"
            f"{ratios[len(ratios) * 9 // 10]:.2f}.\n")
    extra = [r for r in rows if r["name"].startswith("url")]
    if extra:
        body += "\n" + markdown_table(["puzzle", "cells", "sums s", "verdict", "clauses s",
                                       "verdict"],
                                      [[r["name"], r["cells"], r["sums"], r["sums_ok"],
                                        r["clauses"], r["clauses_ok"]] for r in extra]) + "\n"
    write_results("heyawake_cpsat_counts", "Heyawake lazy-cpsat: room counts as sums or clauses",
                  body, rows)
    print(body)


if __name__ == "__main__":
    main()
