"""What the Jigsaw and Killer Sudoku benchmarks share: puzzlekit timed as a uniqueness check
(its solve, then the found grid forbidden on its own model and a second solve that must find
nothing) and a pass over Tatham's sets (every level) on both strategies."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from common import CORPUS, markdown_table, median
from janko_bench import Item, Row

from pencilsat.strategies.front import solve


def blocking_resolve(solver: Any, cap: float, start: float) -> tuple[float, str, list | None]:
    """After puzzlekit's ``solver.solve``: its grid, then "some cell differs" added over
    its integer cell variables ``solver.x`` and a second solve. Seconds since ``start``,
    ``unique`` / ``multiple`` / its status, and the grid's rows."""
    from ortools.sat.python import cp_model

    result = solver.solve({"time_limit_sec": cap})
    status = result.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return time.perf_counter() - start, str(status), None
    grid = [[0 if v == "-" else int(v) for v in row]  # '-': an empty cell (Skyscrapers)
            for row in result.solution_data["solution_grid"].matrix]
    differs = []
    for (r, c), var in solver.x.items():
        flag = solver.model.NewBoolVar(f"differs_{r}_{c}")
        solver.model.Add(var != grid[r][c]).OnlyEnforceIf(flag)
        differs.append(flag)
    solver.model.AddBoolOr(differs)
    solver.solver.parameters.max_time_in_seconds = max(cap - (time.perf_counter() - start),
                                                       0.01)
    again = solver.solver.Solve(solver.model)
    verdict = {cp_model.INFEASIBLE: "unique", cp_model.OPTIMAL: "multiple",
               cp_model.FEASIBLE: "multiple"}.get(again, "Timeout")
    return time.perf_counter() - start, verdict, grid


def puzzlekit_outcome(make: Callable[[], Any], item: Item, cap: float) -> Row:
    start = time.perf_counter()
    seconds, verdict, grid = blocking_resolve(make(), cap, start)
    agrees = verdict == "unique" and grid == item["solution"].grid.tolist()
    return {"s": seconds, "status": verdict, "agrees": agrees}


def tatham_section(genre: str, parse_puzzle: Callable[[str, str], Any],
                   parse_solution: Callable[[str], Any],
                   configs: dict[str, tuple[str, str]], cap: float) -> tuple[str, dict]:
    """Every Tatham puzzle of ``genre`` on each configuration: per level, the puzzles
    ``unique`` with the stored answer, median and max seconds, the slowest named."""
    rows = []
    for txt in sorted((CORPUS / genre / "tatham").rglob("*.txt")):
        puzzle = parse_puzzle(txt.read_text(), txt.stem)
        expected = parse_solution(txt.with_suffix(".sol").read_text())
        row: dict[str, Any] = {"level": txt.parent.name, "name": f"{txt.parent.name}/{txt.stem}"}
        for label, (encoding, backend) in configs.items():
            start = time.perf_counter()
            result = solve(puzzle, encoding=encoding, backend=backend, time_limit=cap)
            row[label] = {"s": time.perf_counter() - start,
                          "agrees": result.verdict == "unique" and result.solution == expected}
        rows.append(row)
    table = []
    for label in configs:
        for level in sorted({r["level"] for r in rows}):
            picked = [r for r in rows if r["level"] == level]
            times = [r[label]["s"] for r in picked]
            table.append([label, level, len(picked), sum(r[label]["agrees"] for r in picked),
                          f"{median(times):.3f}", f"{max(times):.2f}"])
        times = [r[label]["s"] for r in rows]
        worst = max(rows, key=lambda r: r[label]["s"])
        table.append([f"**{label}**", "all", len(rows), sum(r[label]["agrees"] for r in rows),
                      f"**{median(times):.3f}**",
                      f"**{max(times):.2f}** ({worst['name']})"])
    text = ("\n## Tatham's sets (Solo, every level)\n\n"
            + markdown_table(["strategy", "level", "puzzles", "unique, = .sol", "median s",
                              "max s"], table) + "\n")
    return text, {"rows": rows}


def slowest(configs: list[str], rows: list[Row]) -> str:
    """The slowest janko puzzle of each configuration and of puzzlekit, named."""
    lines = ["\n## The slowest\n"]
    for label in [*configs, "puzzlekit"]:
        timed = [r for r in rows if label in r]
        if timed:
            worst = max(timed, key=lambda r: r[label]["s"])
            lines.append(f"- {label}: {worst['name']} ({worst[label]['s']:.3f} s)")
    return "\n".join(lines)
