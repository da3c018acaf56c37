"""Slitherlink: both strategies and puzzlekit on every janko puzzle, the other corpus sets, and
the measurements behind ``lazy``'s defaults.

``python benchmarks/slitherlink.py [--quick] [--circuit-cap 60] [--settings]``.

Runs in one process, one puzzle at a time, and writes ``benchmarks/results/slitherlink.md``
and ``.json``:

1. ``lazy`` (CNF) and ``circuit`` (CP-SAT) on every janko Slitherlink: wall time per puzzle
   (encode + solve + uniqueness, in-process) and the solve + uniqueness part alone, median
   and max per strategy and per size group, and agreement with the ``.sol`` files.
2. puzzlekit's CP-SAT Slitherlink solver on the same puzzles in the same run, if it is
   installed (a benchmark-only comparison, never a dependency): it only solves, with no
   uniqueness proof, on CP-SAT's default number of workers (ours use one).
3. The Tatham Loopy set (answers from ``loopysolver``) and ``puzzlekit-other`` (no answers:
   verdicts, and puzzlekit's answer where it finds one).
4. ``--settings``: janko per size group with exact or region cuts and the colouring, the
   SAT solvers, and random loose puzzles (the numbers of a random loop, each kept with chance
   0.6) at 45x45 and 60x60 with exact or region cuts.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from common import CORPUS, markdown_table, median, write_results  # noqa: E402

from pencilsat.core.result import Verdict  # noqa: E402
from pencilsat.generators.masyu import random_loop  # noqa: E402
from pencilsat.puzzles import slitherlink as S  # noqa: E402
from pencilsat.strategies import slitherlink as strategies  # noqa: E402

GROUPS = [(100, "<=100 cells"), (300, "101-300 cells"), (720, "301-720 cells"),
          (10**9, ">720 cells")]
COMMAND = "python benchmarks/slitherlink.py"
SOLVED = ("unique", "multiple", "none", "Optimal", "Feasible", "Infeasible")
"""Verdicts (ours) and statuses (puzzlekit's) of a run that finished within its limit."""


def load(folder: str) -> list[dict[str, Any]]:
    items = []
    for path in sorted((CORPUS / "slitherlink" / folder).rglob("*.txt")):
        puzzle = S.parse_puzzle(path.read_text(), name=path.stem)
        sol = path.with_suffix(".sol")
        cells = puzzle.width * puzzle.height
        items.append({"name": str(path.relative_to(CORPUS / "slitherlink")), "puzzle": puzzle,
                      "cells": cells,
                      "group": next(label for limit, label in GROUPS if cells <= limit),
                      "expected": S.parse_solution(sol.read_text()) if sol.exists() else None})
    return items


def timed(run: Any, puzzle: S.SlitherlinkPuzzle, **options: Any) -> tuple[float, Any]:
    gc.collect()
    start = time.perf_counter()
    result = run(puzzle, **options)
    return time.perf_counter() - start, result


def outcome(item: dict[str, Any], verdict: str, solution: Any) -> str:
    """``agree`` (unique, the .sol answer), the verdict when there is no .sol, or what went
    wrong."""
    if solution is not None and S.check(item["puzzle"], solution):
        return "INVALID"
    if item["expected"] is None:
        return f"{verdict} (no .sol)"
    if verdict != "unique":
        return verdict
    return "agree" if solution == item["expected"] else "DIFFERENT"


# ---------------------------------------------------------------- puzzlekit

def puzzlekit_run(puzzle: S.SlitherlinkPuzzle) -> tuple[float, str, S.SlitherlinkSolution | None]:
    """Seconds of puzzlekit's solve (its 30 s default limit), its status and its answer."""
    from puzzlekit.solvers.slitherlink import SlitherlinkSolver

    rows = [["-" if v < 0 else str(v) for v in row] for row in puzzle.clues.tolist()]
    gc.collect()
    start = time.perf_counter()
    result = SlitherlinkSolver(puzzle.height, puzzle.width, rows).solve()
    seconds = time.perf_counter() - start
    status = result.solution_data.get("status", "")
    answer = None
    if status in ("Optimal", "Feasible"):
        answer = _puzzlekit_answer(result.solution_data["solution_grid"].matrix, puzzle)
    return seconds, status, answer


def _puzzlekit_answer(matrix: list[list[str]], puzzle: S.SlitherlinkPuzzle) -> Any:
    """puzzlekit writes per cell the sum of 8 (top), 4 (left), 2 (bottom) and 1 (right)."""
    lines = set()
    for r, row in enumerate(matrix):
        for c, value in enumerate(row):
            if value == "-":
                continue
            top, left, right, bottom = S.cell_sides((r, c))
            for bit, side in ((8, top), (4, left), (2, bottom), (1, right)):
                if int(value) & bit:
                    lines.add(side)
    return S.SlitherlinkSolution(frozenset(lines), puzzle.width, puzzle.height)


def have_puzzlekit() -> bool:
    try:
        import puzzlekit.solvers.slitherlink  # noqa: F401
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------- sections

STRATEGIES = {"lazy/cnf": (strategies.run_lazy, {}),
              "circuit/cpsat": (strategies.run_circuit, {})}


def run_corpus(items: list[dict[str, Any]], circuit_cap: float,
               with_puzzlekit: bool) -> list[dict[str, Any]]:
    records = []
    for name, (run, options) in STRATEGIES.items():
        cap = circuit_cap if name.startswith("circuit") else None
        began = time.perf_counter()
        for item in items:
            seconds, result = timed(run, item["puzzle"], time_limit=cap, **options)
            stats = result.stats
            records.append({"config": name, "puzzle": item["name"], "group": item["group"],
                            "cells": item["cells"], "seconds": seconds,
                            "search_s": (stats.solve_s or 0) + (stats.uniqueness_s or 0),
                            "verdict": str(result.verdict),
                            "outcome": outcome(item, str(result.verdict), result.solution)})
        print(f"{name}: {len(items)} puzzles in {time.perf_counter() - began:.1f} s", flush=True)
    if with_puzzlekit:
        began = time.perf_counter()
        for item in items:
            seconds, status, answer = puzzlekit_run(item["puzzle"])
            verdict = "unique" if answer is not None else status
            found = outcome(item, verdict, answer)
            broken = S.check(item["puzzle"], answer) if answer is not None else []
            records.append({"config": "puzzlekit (solve only)", "puzzle": item["name"],
                            "group": item["group"], "cells": item["cells"],
                            "seconds": seconds, "search_s": None, "verdict": status,
                            "outcome": found, "broken": str(broken[0]) if broken else None})
        print(f"puzzlekit: {len(items)} puzzles in {time.perf_counter() - began:.1f} s",
              flush=True)
    return records


def summary_rows(records: list[dict[str, Any]], by_group: bool) -> list[list[Any]]:
    rows = []
    configs = list(dict.fromkeys(r["config"] for r in records))
    groups = [label for _, label in GROUPS] if by_group else [None]
    for config in configs:
        for group in groups:
            rs = [r for r in records if r["config"] == config
                  and (group is None or r["group"] == group)]
            if not rs:
                continue
            times = [r["seconds"] for r in rs]
            search = [r["search_s"] for r in rs if r["search_s"] is not None]
            agree = sum(r["outcome"] == "agree" for r in rs)
            with_sol = sum("no .sol" not in r["outcome"] for r in rs)
            wrong = sum(r["outcome"] in ("INVALID", "DIFFERENT") for r in rs)
            unsolved = sum(r["verdict"] not in SOLVED for r in rs)
            rows.append([config, group or "all", len(rs), f"{median(times):.4f}",
                         f"{max(times):.3f}",
                         f"{median(search):.4f}" if search else "-",
                         f"{max(search):.3f}" if search else "-",
                         f"{agree}/{with_sol}", unsolved, wrong])
    return rows


def ratio_rows(records: list[dict[str, Any]]) -> tuple[list[list[Any]], dict[str, Any]]:
    """Per strategy against puzzlekit: medians, maxima, the ratio of medians and the median
    of per-puzzle ratios."""
    theirs = {r["puzzle"]: r["seconds"] for r in records if r["config"].startswith("puzzlekit")}
    rows, data = [], {}
    for config in STRATEGIES:
        ours = {r["puzzle"]: r["seconds"] for r in records if r["config"] == config}
        common = sorted(set(ours) & set(theirs))
        if not common:
            continue
        mine = [ours[p] for p in common]
        other = [theirs[p] for p in common]
        of_medians = median(other) / median(mine)
        per_puzzle = median([theirs[p] / ours[p] for p in common])
        rows.append([config, len(common), f"{median(mine):.4f}", f"{max(mine):.3f}",
                     f"{median(other):.4f}", f"{max(other):.3f}", f"{of_medians:.1f}x",
                     f"{per_puzzle:.1f}x"])
        data[config] = {"puzzles": len(common), "ours_median_s": median(mine),
                        "ours_max_s": max(mine), "puzzlekit_median_s": median(other),
                        "puzzlekit_max_s": max(other), "ratio_of_medians": of_medians,
                        "median_per_puzzle_ratio": per_puzzle}
    return rows, data


def other_sets(with_puzzlekit: bool) -> tuple[list[list[Any]], list[dict[str, Any]]]:
    """The Tatham set against loopysolver's answers, ``puzzlekit-other`` against puzzlekit."""
    rows, data = [], []
    for folder in ("tatham", "puzzlekit-other"):
        items = load(folder)
        for name, (run, options) in STRATEGIES.items():
            times, outcomes, pk_agree, pk_total = [], [], 0, 0
            for item in items:
                seconds, result = timed(run, item["puzzle"], time_limit=60, **options)
                times.append(seconds)
                found = outcome(item, str(result.verdict), result.solution)
                outcomes.append(found)
                if folder == "puzzlekit-other" and with_puzzlekit and name == "lazy/cnf":
                    _, _, answer = puzzlekit_run(item["puzzle"])
                    if answer is not None and result.verdict == Verdict.UNIQUE:
                        pk_total += 1
                        pk_agree += answer == result.solution
                data.append({"set": folder, "config": name, "puzzle": item["name"],
                             "seconds": seconds, "outcome": found})
            tally = ", ".join(f"{outcomes.count(o)} {o}" for o in sorted(set(outcomes)))
            extra = f"; puzzlekit's answer equal on {pk_agree}/{pk_total}" if pk_total else ""
            rows.append([folder, name, len(items), f"{median(times):.4f}",
                         f"{max(times):.3f}", tally + extra])
            print(rows[-1], flush=True)
    return rows, data


def loose_random(size: int, seed: int, keep: float = 0.6) -> S.SlitherlinkPuzzle:
    """The numbers of a random loop on a size x size grid, each kept with chance ``keep``."""
    rng = random.Random(seed)
    loop = random_loop(size + 1, size + 1, rng)
    clues = np.full((size, size), S.NO_CLUE, dtype=np.int8)
    for r in range(size):
        for c in range(size):
            used = sum(side in loop.edges for side in S.cell_sides((r, c)))
            if used < 4 and rng.random() < keep:
                clues[r, c] = used
    return S.SlitherlinkPuzzle(clues)


def settings_section(items: list[dict[str, Any]]) -> tuple[list[list[Any]], list[list[Any]],
                                                            list[list[Any]]]:
    """Janko per size group and random loose grids under each setting of ``lazy``."""
    variants = {"exact cuts": strategies.LazySettings(cut="loop"),
                "region cuts": strategies.LazySettings(cut="region"),
                "region cuts + colouring": strategies.LazySettings(cut="region", sides=True)}
    per_group = []
    for label, settings in variants.items():
        for group in [g for _, g in GROUPS]:
            times = [timed(strategies.run_lazy, i["puzzle"], settings=settings)[0]
                     for i in items if i["group"] == group]
            per_group.append([label, group, len(times), f"{median(times):.4f}",
                              f"{max(times):.3f}", f"{sum(times):.2f}"])
        print(per_group[-1], flush=True)
    solvers = []
    for sat in ("minisat22", "glucose4", "cadical195"):
        times = [timed(strategies.run_lazy, i["puzzle"], sat_solver=sat)[0] for i in items]
        solvers.append([sat, len(times), f"{median(times):.4f}", f"{max(times):.3f}"])
        print(solvers[-1], flush=True)
    random_rows = []
    for size in (45, 60):
        puzzles = [loose_random(size, seed) for seed in range(5)]
        for label in ("exact cuts", "region cuts"):
            runs = [timed(strategies.run_lazy, p, settings=variants[label], time_limit=120)
                    for p in puzzles]
            times = [t for t, _ in runs]
            calls = [r.stats.extra.get("sat_calls") for _, r in runs]
            verdicts = "".join(str(r.verdict)[0] for _, r in runs)
            random_rows.append([f"{size}x{size}", label, f"{median(times):.3f}",
                                f"{max(times):.3f}", verdicts, calls])
            print(random_rows[-1], flush=True)
    return per_group, solvers, random_rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="every 10th janko puzzle")
    ap.add_argument("--circuit-cap", type=float, default=60.0,
                    help="time limit per puzzle for circuit (s)")
    ap.add_argument("--settings", action="store_true",
                    help="also measure lazy's settings (cuts, colouring, SAT solvers)")
    ap.add_argument("--no-puzzlekit", action="store_true")
    args = ap.parse_args()

    items = load("janko")[::10 if args.quick else 1]
    load_at_start = os.getloadavg()[0]
    gc.collect()
    gc.freeze()  # the loaded puzzles and answers: each run's gc.collect() skips them
    with_puzzlekit = have_puzzlekit() and not args.no_puzzlekit
    records = run_corpus(items, args.circuit_cap, with_puzzlekit)
    overall = summary_rows(records, by_group=False)
    grouped = summary_rows(records, by_group=True)
    ratios, ratio_data = ratio_rows(records) if with_puzzlekit else ([], {})
    others, other_data = other_sets(with_puzzlekit)

    header = ["config", "group", "puzzles", "median s", "max s", "search median s",
              "search max s", "agree", "time-outs", "wrong"]
    command = COMMAND + (" --quick" if args.quick else "") + (" --settings"
                                                               if args.settings else "")
    body = [
        f"Command: `{command}`. Wall time per puzzle in one process (encode + solve + "
        "uniqueness); *search* is solve + uniqueness alone. `lazy` on MiniSat, `circuit` on "
        f"CP-SAT with one worker and a {args.circuit_cap:.0f} s cap, puzzlekit with its own "
        "30 s default. *agree*: verdict unique (puzzlekit: solved) and the `.sol` answer; "
        "*time-outs*: runs that hit their cap; *wrong*: an invalid or different answer. "
        f"Load average at the start: {load_at_start:.1f} (a shared machine: figures move "
        "by tens of per cent between runs).",
        "", f"## All janko Slitherlink ({len(items)} puzzles)", "",
        markdown_table(header, overall), "", "### Per size group", "",
        markdown_table(header, grouped),
    ]
    if with_puzzlekit:
        body += [
            "", "## Against puzzlekit", "",
            "puzzlekit 0.3.4's `SlitherlinkSolver` (CP-SAT `AddCircuit`, numbers as sums) on "
            "the same puzzles in the same run. It only **solves**: it proves nothing about "
            "uniqueness, while our times include the proof. It runs on CP-SAT's default "
            "number of workers; ours on one. A puzzlekit time-out counts as its 30 s cap. "
            "Ratio: puzzlekit's time over ours.", "",
            markdown_table(["ours", "puzzles", "ours median s", "ours max s",
                            "puzzlekit median s", "puzzlekit max s", "ratio of medians",
                            "median per-puzzle ratio"], ratios),
        ]
        invalid = [r for r in records if r.get("broken")]
        if invalid:
            body += ["", "puzzlekit's answers our checker refuses: " + "; ".join(
                f"{r['puzzle']} ({r['broken']})" for r in invalid) + "."]
    body += ["", "## Other corpus sets", "",
             "`tatham`: Loopy's puzzles, answers from `loopysolver`; `puzzlekit-other`: no "
             "answers (verdicts counted; puzzlekit's answer compared where both found one).",
             "", markdown_table(["set", "config", "puzzles", "median s", "max s", "outcomes"],
                                others)]
    data: dict[str, Any] = {"records": records, "vs_puzzlekit": ratio_data,
                            "other_sets": other_data}
    if args.settings:
        per_group, solvers, random_rows = settings_section(items)
        body += ["", "## lazy's settings", "",
                 "Janko per size group (wall time per puzzle):", "",
                 markdown_table(["setting", "group", "puzzles", "median s", "max s", "total s"],
                                per_group),
                 "", "SAT solvers (default settings, all janko above):", "",
                 markdown_table(["SAT solver", "puzzles", "median s", "max s"], solvers),
                 "", "Random loose puzzles (numbers of a random loop kept with chance 0.6, "
                 "seeds 0-4; verdicts u/m/n):", "",
                 markdown_table(["size", "setting", "median s", "max s", "verdicts",
                                 "SAT calls"], random_rows)]
        data["settings"] = {"per_group": per_group, "sat_solvers": solvers,
                            "random": random_rows}
    write_results("slitherlink", "Slitherlink: lazy, circuit and puzzlekit", "\n".join(body),
                  data)
    print("\n".join(body))


if __name__ == "__main__":
    main()
