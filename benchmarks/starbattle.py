"""Star Battle: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/starbattle.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``clauses`` (CNF, the default) and ``linear`` (CP-SAT) on every janko Star Battle, as
``janko_bench`` runs and tables them (results in ``benchmarks/results/starbattle.md``), and
puzzlekit's Star Battle solver (CP-SAT, the counts as linear sums; a benchmark-only
package) on the same puzzles if it is installed. puzzlekit proves no uniqueness, so it is
timed as a uniqueness check would run it: its solve, then, on the same model, the found
answer forbidden ("some cell differs") and a second solve, which must find nothing; both
solves on CP-SAT's default number of workers (ours use one). Both sides solve the smallest
puzzle once, untimed, before the run, so no import (PySAT, OR-Tools) is timed.
"""

from __future__ import annotations

import time
from typing import Any

from janko_bench import Item, JankoBench, arguments, run, summary, write

from pencilsat.puzzles.regions import NO_REGION
from pencilsat.puzzles.starbattle import parse_puzzle, parse_solution


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build, solve and blocking re-solve, its status (``unique``
    when the re-solve finds nothing) and whether its first answer is the stored one."""
    try:
        from ortools.sat.python import cp_model
        from puzzlekit.solvers.starbattle import StarbattleSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    regions = [["#" if v == NO_REGION else str(v + 1) for v in row]
               for row in puzzle.regions.ids.tolist()]
    start = time.perf_counter()
    solver = StarbattleSolver(puzzle.height, puzzle.width, puzzle.stars, regions)
    result = solver.solve({"time_limit_sec": cap})
    status = result.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return {"s": time.perf_counter() - start, "status": status, "agrees": False}
    matrix = result.solution_data["solution_grid"].matrix
    stars = [[ch == "x" for ch in row] for row in matrix]
    solver.model.AddBoolOr([solver.x[r, c].Not() if stars[r][c] else solver.x[r, c]
                            for r in range(puzzle.height) for c in range(puzzle.width)])
    solver.solver.parameters.max_time_in_seconds = max(cap - (time.perf_counter() - start),
                                                       0.01)
    again = solver.solver.Solve(solver.model)
    seconds = time.perf_counter() - start
    verdict = {cp_model.INFEASIBLE: "unique", cp_model.OPTIMAL: "multiple",
               cp_model.FEASIBLE: "multiple"}.get(again, "Timeout")
    return {"s": seconds, "status": verdict,
            "agrees": verdict == "unique" and stars == item["solution"].shaded.tolist()}


BENCH = JankoBench(
    genre="starbattle", title="Star Battle", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"clauses (cnf)": ("clauses", "cnf"), "linear (cpsat)": ("linear", "cpsat")},
    groups=((64, "up to 8x8"), (100, "up to 10x10"), (10**9, "larger")),
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


def warm_up(args: Any) -> None:
    """One untimed solve of the smallest puzzle by every configuration and puzzlekit."""
    item = BENCH.items(1)[0]
    for config in BENCH.configs.values():
        BENCH.ours(item, config, args.cap)
    if not args.no_puzzlekit:
        puzzlekit(item, args.puzzlekit_cap)


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0).parse_args()
    warm_up(args)
    rows = run(BENCH, args)
    ran = sum("puzzlekit" in row for row in rows)
    note = ("puzzlekit is timed as solve + a blocking re-solve on its own model (the "
            "uniqueness check ours includes), on CP-SAT's default workers "
            f"({ran} of {len(rows)} puzzles). A puzzle it did not finish counts its cap.")
    body, data = summary(BENCH, rows, args.cap, note)
    write(BENCH, "Star Battle: both strategies and puzzlekit", body + "\n" + slowest(rows),
          data, rows)


if __name__ == "__main__":
    main()
