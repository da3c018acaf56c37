"""Norinori: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/norinori.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--cpu-stride 5] [--no-puzzlekit] [--log FILE]``

``clauses`` (CNF, the default) and ``linear`` (CP-SAT) on every janko Norinori, as
``janko_bench`` runs and tables them (results in ``benchmarks/results/norinori.md``), and
puzzlekit's Norinori solver (CP-SAT: a shaded cell's neighbours sum to 1, two per region;
a benchmark-only package) on the same puzzles if it is installed. puzzlekit proves no
uniqueness, so it is timed as a uniqueness check would run it: its solve, then, on the same
model, the found answer forbidden ("some cell differs") and a second solve, which must find
nothing; both on CP-SAT's default number of workers (ours use one). Both sides solve the
smallest puzzle once, untimed, before the run, so no import (PySAT, OR-Tools) is timed.

On a shared machine the seconds are wall-clock seconds under whatever load there is, which
favours a solver running several threads; so on every ``--cpu-stride``-th puzzle both are
run once more and their CPU seconds (``time.process_time``: every thread of the process)
are tabled too.
"""

from __future__ import annotations

import time
from typing import Any

from common import markdown_table, median
from janko_bench import Item, JankoBench, arguments, run, summary, write

from pencilsat.puzzles.norinori import FORMAT, parse_puzzle
from pencilsat.strategies.front import solve


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build, solve and blocking re-solve, its status (``unique``
    when the re-solve finds nothing) and whether its first answer is the stored one."""
    try:
        from ortools.sat.python import cp_model
        from puzzlekit.solvers.norinori import NorinoriSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    regions = [[str(v) for v in row] for row in puzzle.regions.ids.tolist()]
    start = time.perf_counter()
    solver = NorinoriSolver(puzzle.height, puzzle.width, regions)
    result = solver.solve({"time_limit_sec": cap})
    status = result.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return {"s": time.perf_counter() - start, "status": status, "agrees": False}
    shaded = [[ch == "x" for ch in row] for row in result.solution_data["solution_grid"].matrix]
    solver.model.AddBoolOr([solver.x[r, c].Not() if shaded[r][c] else solver.x[r, c]
                            for r in range(puzzle.height) for c in range(puzzle.width)])
    solver.solver.parameters.max_time_in_seconds = max(cap - (time.perf_counter() - start),
                                                       0.01)
    again = solver.solver.Solve(solver.model)
    seconds = time.perf_counter() - start
    verdict = {cp_model.INFEASIBLE: "unique", cp_model.OPTIMAL: "multiple",
               cp_model.FEASIBLE: "multiple"}.get(again, "Timeout")
    return {"s": seconds, "status": verdict,
            "agrees": verdict == "unique" and shaded == item["solution"].shaded.tolist()}


BENCH = JankoBench(
    genre="norinori", title="Norinori", parse_puzzle=parse_puzzle,
    parse_solution=FORMAT.parse_solution,
    configs={"clauses (cnf)": ("clauses", "cnf"), "linear (cpsat)": ("linear", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (10**9, "larger")),
    puzzlekit=puzzlekit, extra_stats=("sat_calls",))


def slowest(rows: list[dict[str, Any]]) -> str:
    """The slowest puzzle of each configuration and of puzzlekit, named."""
    lines = ["\n## The slowest\n"]
    for label in [*BENCH.configs, "puzzlekit"]:
        timed = [r for r in rows if label in r]
        if timed:
            worst = max(timed, key=lambda r: r[label]["s"])
            lines.append(f"- {label}: {worst['name']} ({worst[label]['s']:.3f} s)")
    return "\n".join(lines)


def cpu_seconds(stride: int, cap: float, with_puzzlekit: bool) -> Any:
    """A ``run`` column maker: on every ``stride``-th puzzle, the CPU seconds of the default
    strategy (through the front) and of puzzlekit's solve + blocking re-solve."""
    seen = 0

    def more(item: Item, row: dict[str, Any]) -> None:
        nonlocal seen
        seen += 1
        if (seen - 1) % stride:
            return
        start = time.process_time()
        solve(item["puzzle"], encoding="clauses", backend="cnf", time_limit=cap)
        row["cpu"] = {"clauses (cnf)": time.process_time() - start}
        if with_puzzlekit:
            start = time.process_time()
            if puzzlekit(item, cap) is not None:
                row["cpu"]["puzzlekit"] = time.process_time() - start

    return more


def cpu_table(rows: list[dict[str, Any]]) -> str:
    """Median and max CPU seconds of ours and puzzlekit where both ran, and the ratio."""
    both = [r["cpu"] for r in rows if "puzzlekit" in r.get("cpu", {})]
    if not both:
        return ""
    ours = [c["clauses (cnf)"] for c in both]
    theirs = [c["puzzlekit"] for c in both]
    table = markdown_table(
        ["", "puzzles", "median CPU s", "max CPU s"],
        [["clauses (cnf)", len(ours), f"{median(ours):.4f}", f"{max(ours):.3f}"],
         ["puzzlekit", len(theirs), f"{median(theirs):.4f}", f"{max(theirs):.3f}"]])
    ratio = median([t / o for o, t in zip(ours, theirs, strict=True)])
    return (f"\n## CPU seconds\n\nEach run once more, `time.process_time` (all threads); "
            f"median ratio puzzlekit / ours **{ratio:.1f}x**, ratio of medians "
            f"{median(theirs) / median(ours):.1f}x.\n\n{table}\n")


def warm_up(args: Any) -> None:
    """One untimed solve of the smallest puzzle by every configuration and puzzlekit."""
    item = BENCH.items(1)[0]
    for config in BENCH.configs.values():
        BENCH.ours(item, config, args.cap)
    if not args.no_puzzlekit:
        puzzlekit(item, args.puzzlekit_cap)


def main() -> None:
    parser = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0)
    parser.add_argument("--cpu-stride", type=int, default=5)
    args = parser.parse_args()
    warm_up(args)
    rows = run(BENCH, args, more=cpu_seconds(args.cpu_stride, args.cap,
                                             not args.no_puzzlekit))
    ran = sum("puzzlekit" in row for row in rows)
    note = ("puzzlekit is timed as solve + a blocking re-solve on its own model (the "
            "uniqueness check ours includes), on CP-SAT's default workers "
            f"({ran} of {len(rows)} puzzles). A puzzle it did not finish counts its cap.")
    body, data = summary(BENCH, rows, args.cap, note)
    write(BENCH, "Norinori: both strategies and puzzlekit",
          body + "\n" + slowest(rows) + "\n" + cpu_table(rows), data, rows)


if __name__ == "__main__":
    main()
