"""Kurodoko: every janko puzzle and Tatham's Range sets on both strategies, and puzzlekit on
the janko puzzles, solving and proving uniqueness.

``python benchmarks/kurodoko.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Kurodoko and every
Tatham Range puzzle of the corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/kurodoko.md``), and puzzlekit's ``kuromasu`` solver (CP-SAT, the
unshaded cells connected by a height flow, sight as chains of visibility literals) if it is
installed (a benchmark-only package). puzzlekit proves nothing about uniqueness, so its time
here is its build and solve plus a blocking re-solve on the same CP-SAT model (the answer it
found forbidden: some cell differs), as our uniqueness proof does.
"""

from __future__ import annotations

import time
from typing import Any

from common import CORPUS, markdown_table, median
from janko_bench import (
    Item,
    JankoBench,
    Row,
    arguments,
    missed_lines,
    run,
    strategy_table,
    summary,
    write,
)

from pencilsat.puzzles.kurodoko import EMPTY, FORMAT, UNKNOWN, parse_puzzle


def parse_solution(text: str) -> Any:
    return FORMAT.parse_solution(text)


class KurodokoBench(JankoBench):
    """The janko puzzles, then Tatham's Range sets (named ``tatham/<set>/<file>``)."""

    def items(self, stride: int) -> list[Item]:
        items = super().items(stride)
        for txt in sorted((CORPUS / "kurodoko" / "tatham").glob("*/*.txt"))[::stride]:
            puzzle = self.parse_puzzle(txt.read_text(), txt.stem)
            items.append({"name": f"tatham/{txt.parent.name}/{txt.stem}", "puzzle": puzzle,
                          "cells": puzzle.width * puzzle.height,
                          "solution": self.parse_solution(txt.with_suffix(".sol").read_text())})
        return items


def puzzlekit(item: Item, cap: float) -> Row | None:
    """Seconds of puzzlekit's build, solve and blocking re-solve, its status, and whether
    its answer is the stored one and the re-solve found no other."""
    try:
        from ortools.sat.python import cp_model
        from puzzlekit.solvers.kuromasu import KuromasuSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    if (puzzle.numbers == UNKNOWN).any():
        return None
    grid = [["-" if v == EMPTY else str(v) for v in row] for row in puzzle.numbers.tolist()]
    start = time.perf_counter()
    solver = KuromasuSolver(puzzle.height, puzzle.width, grid)
    result = solver.solve({"time_limit_sec": cap})
    status = result.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return {"s": time.perf_counter() - start, "status": status, "agrees": False}
    white = {cell: solver.solver.Value(var) == 1 for cell, var in solver.x.items()}
    solver.model.AddBoolOr([var.Not() if white[cell] else var
                            for cell, var in solver.x.items()])
    solver.solver.parameters.max_time_in_seconds = max(0.1, cap - (time.perf_counter() - start))
    again = solver.solver.Solve(solver.model)
    second = {cp_model.INFEASIBLE: "none", cp_model.OPTIMAL: "another",
              cp_model.FEASIBLE: "another"}.get(again, "timeout")
    seconds = time.perf_counter() - start
    shaded = [[not white[r, c] for c in range(puzzle.width)] for r in range(puzzle.height)]
    agrees = shaded == item["solution"].shaded.tolist() and second == "none"
    return {"s": seconds, "status": f"{status}, re-solve {second}", "agrees": agrees}


BENCH = KurodokoBench(
    genre="kurodoko", title="Kurodoko", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")),
    puzzlekit=puzzlekit)

TATHAM = JankoBench(
    genre="kurodoko", title="Range", parse_puzzle=parse_puzzle, parse_solution=parse_solution,
    configs=BENCH.configs, groups=((81, "9x9"), (117, "13x9")))


def slowest(rows: list[Row]) -> str:
    """The slowest puzzle of each strategy."""
    out = []
    for label in BENCH.configs:
        row = max(rows, key=lambda r: r[label]["s"])
        out.append(f"{label}: {row['name']} ({row[label]['s']:.2f} s)")
    return "Slowest puzzle: " + "; ".join(out) + "."


def tatham_section(rows: list[Row], data: dict[str, Any]) -> list[str]:
    """Both strategies on Tatham's Range sets (Range has one level; the sets are sizes)."""
    tatham = [r for r in rows if r["name"].startswith("tatham/")]
    if not tatham:
        return []
    part: dict[str, Any] = {"configs": {}}
    lines = ["\n## Both strategies on Tatham's Range\n",
             strategy_table(TATHAM, tatham, list(BENCH.configs), part),
             *missed_lines(list(BENCH.configs), part)]
    table = []
    for level in sorted({r["name"].split("/")[1] for r in tatham}):
        picked = [r for r in tatham if r["name"].split("/")[1] == level]
        table.append([level, len(picked), *(f"{median([r[label]['s'] for r in picked]):.4f}"
                                            for label in BENCH.configs)])
    lines += ["\nMedian seconds per set:\n",
              markdown_table(["set", "puzzles", *BENCH.configs], table),
              "\n" + slowest(tatham)]
    data["tatham"] = part
    return lines


def note(rows: list[Row]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit's time is its build and solve and a blocking re-solve for uniqueness "
            "(the answer it found forbidden, the same CP-SAT model solved again), against our "
            f"solve and uniqueness proof; {ran} of {len(rows)} janko puzzles. A puzzle it did "
            "not finish counts its cap, so its ratios are lower bounds.")


def warm_up() -> None:
    """Import both backends and puzzlekit before the first timed puzzle (its first solve
    would carry the imports)."""
    from pencilsat.strategies.front import solve

    puzzle = parse_puzzle("kurodoko 3 1\n2 . .\n")
    for encoding, backend in BENCH.configs.values():
        solve(puzzle, encoding=encoding, backend=backend)
    puzzlekit({"puzzle": puzzle, "solution": parse_solution("kurodoko-solution 3 1\n..#\n")},
              10.0)


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0).parse_args()
    warm_up()
    rows = run(BENCH, args, puzzlekit_on=lambda item, index: (
        not item["name"].startswith("tatham/") and index % args.puzzlekit_stride == 0))
    janko = [r for r in rows if not r["name"].startswith("tatham/")]
    body, data = summary(BENCH, janko, args.cap, note(janko))
    body = body.replace("\n## puzzlekit", "\n" + slowest(janko) + "\n\n## puzzlekit", 1)
    body += "\n" + "\n".join(tatham_section(rows, data))
    write(BENCH, "Kurodoko: both strategies and puzzlekit", body, data, rows)


if __name__ == "__main__":
    main()
