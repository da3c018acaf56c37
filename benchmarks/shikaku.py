"""Shikaku: every janko puzzle on both strategies, and puzzlekit on the same puzzles; then
Tatham's Rectangles sets on both strategies.

``python benchmarks/shikaku.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``cover`` (CNF, the default) and ``cover-cpsat`` (CP-SAT) on every janko Shikaku, as
``janko_bench`` runs and tables them (results in ``benchmarks/results/shikaku.md``), and
puzzlekit's Shikaku solver (CP-SAT, one candidate rectangle per number and per cell: the
same exact cover) on the same puzzles if it is installed (a benchmark-only package): its
solve, then the same model solved again with its rectangles blocked, so that its time covers
a uniqueness proof as ours does.
"""

from __future__ import annotations

import time
from typing import Any

from common import CORPUS, markdown_table, median
from janko_bench import Item, JankoBench, arguments, run, summary, write

from pencilsat.puzzles.shikaku import EMPTY, FORMAT, parse_puzzle
from pencilsat.strategies.front import solve


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build, solve and blocking re-solve, the status of the
    re-solve (``Infeasible``: unique), and whether its first answer is the stored one."""
    try:
        from ortools.sat.python import cp_model
        from puzzlekit.solvers.shikaku import ShikakuSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    grid = [["-" if v == EMPTY else str(int(v)) for v in row] for row in puzzle.numbers]
    start = time.perf_counter()
    solver = ShikakuSolver(puzzle.height, puzzle.width, grid)
    result = solver.solve({"time_limit_sec": cap})
    status = result.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return {"s": time.perf_counter() - start, "status": status, "agrees": False}
    rows = [" ".join(row) for row in result.solution_data["solution_grid"].matrix]
    chosen = [x for x in solver.x.values() if solver.solver.Value(x)]
    solver.model.AddBoolOr([x.Not() for x in chosen])
    solver.solver.parameters.max_time_in_seconds = max(0.0, cap - (time.perf_counter() - start))
    again = solver.solver.Solve(solver.model)
    seconds = time.perf_counter() - start
    second = {cp_model.INFEASIBLE: "Infeasible (unique)", cp_model.FEASIBLE: "second answer",
              cp_model.OPTIMAL: "second answer"}.get(again, "Unknown")
    first = FORMAT.from_rows(rows)
    return {"s": seconds, "status": second,
            "agrees": first == item["solution"] and again == cp_model.INFEASIBLE}


BENCH = JankoBench(
    genre="shikaku", title="Shikaku", parse_puzzle=parse_puzzle,
    parse_solution=FORMAT.parse_solution,
    configs={"cover (cnf)": ("cover", "cnf"), "cover-cpsat (cpsat)": ("cover-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")),
    puzzlekit=puzzlekit, extra_stats=("sat_calls",))


def note(rows: list[dict[str, Any]]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit's time is its build, its solve and a blocking re-solve (the "
            f"uniqueness proof), on CP-SAT's default workers ({ran} of {len(rows)} puzzles, "
            "every k-th by size; ours on the same puzzles in the columns below); it agrees "
            "when its answer is the stored one and the re-solve is infeasible. A puzzle it did "
            "not finish counts its cap, so its ratios are lower bounds.")


def tatham_section(cap: float) -> tuple[str, dict[str, Any]]:
    """Both strategies on each of Tatham's Rectangles sets: unique with the stored answer,
    median and max seconds."""
    table, data = [], {}
    for folder in sorted((CORPUS / "shikaku" / "tatham").iterdir()):
        for strategy, backend in (("cover", "cnf"), ("cover-cpsat", "cpsat")):
            seconds, agree = [], 0
            files = sorted(folder.glob("*.txt"))
            for txt in files:
                puzzle = parse_puzzle(txt.read_text(), txt.stem)
                expected = FORMAT.parse_solution(txt.with_suffix(".sol").read_text())
                start = time.perf_counter()
                result = solve(puzzle, encoding=strategy, backend=backend, time_limit=cap)
                seconds.append(time.perf_counter() - start)
                agree += result.verdict == "unique" and result.solution == expected
            table.append([folder.name, strategy, str(len(files)), str(agree),
                          f"{median(seconds):.3f}", f"{max(seconds):.3f}"])
            data[f"{folder.name} {strategy}"] = {"puzzles": len(files), "unique": agree,
                                                 "median_s": median(seconds),
                                                 "max_s": max(seconds)}
    body = ("\n## Tatham's Rectangles sets\n\n"
            + markdown_table(["set", "strategy", "puzzles", "unique, = .sol", "median s",
                              "max s"], table) + "\n")
    return body, data


def cpu_section(stride: int, cap: float) -> tuple[str, dict[str, Any]]:
    """CPU seconds (every thread's, this process) of ``cover`` and of puzzlekit's solve and
    blocking re-solve on every ``stride``-th janko puzzle: a measure a machine busy with
    other work stretches far less than the wall."""
    ours, theirs = [], []
    for item in BENCH.items(stride):
        start = time.process_time()
        solve(item["puzzle"], encoding="cover", backend="cnf", time_limit=cap)
        ours.append(time.process_time() - start)
        start = time.process_time()
        if puzzlekit(item, cap) is None:
            return "", {}
        theirs.append(time.process_time() - start)
    mine, other = median(ours), median(theirs)
    body = (f"\n## CPU seconds, every {stride}th janko puzzle ({len(ours)})\n\n"
            + markdown_table(["", "median CPU s", "max CPU s"],
                             [["cover (cnf)", f"{mine:.4f}", f"{max(ours):.4f}"],
                              ["puzzlekit (solve + blocking re-solve)", f"{other:.4f}",
                               f"{max(theirs):.4f}"]])
            + f"\n\nRatio of CPU medians: {other / mine:.1f}x.\n")
    return body, {"stride": stride, "ours_median_cpu_s": mine, "puzzlekit_median_cpu_s": other}


def slowest_section(rows: list[dict[str, Any]]) -> str:
    """The two slowest puzzles of each strategy (the first puzzle run pays the imports)."""
    lines = ["\n## Slowest puzzles\n"]
    for label in [*BENCH.configs, "puzzlekit"]:
        timed = sorted((row for row in rows if label in row), key=lambda row: -row[label]["s"])
        named = ", ".join(f"{row['name']} ({row[label]['s']:.3f} s)" for row in timed[:2])
        lines.append(f"- {label}: {named}")
    first = rows[0]["name"] if rows else "-"
    return "\n".join(lines) + f"\n\n{first} is the first puzzle run: its time holds the imports.\n"


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0).parse_args()
    rows = run(BENCH, args)
    body, data = summary(BENCH, rows, args.cap, note(rows))
    body += slowest_section(rows)
    tatham, data["tatham"] = tatham_section(args.cap)
    cpu = ""
    if not args.no_puzzlekit:
        cpu, data["cpu"] = cpu_section(4, args.cap)
    write(BENCH, "Shikaku: both strategies and puzzlekit", body + tatham + cpu, data, rows)


if __name__ == "__main__":
    main()
