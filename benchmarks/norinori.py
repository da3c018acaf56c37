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

from typing import Any

from common import differs, puzzlekit_unique
from janko_bench import Item, JankoBench, main_with_cpu

from pencilsat.puzzles.norinori import FORMAT, parse_puzzle


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """puzzlekit's build, solve and blocking re-solve (``common.puzzlekit_unique``)."""
    try:
        from puzzlekit.solvers.norinori import NorinoriSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    regions = [[str(v) for v in row] for row in puzzle.regions.ids.tolist()]
    return puzzlekit_unique(
        lambda: NorinoriSolver(puzzle.height, puzzle.width, regions), cap,
        read=lambda solver, rows: [[ch == "x" for ch in row] for row in rows],
        forbid=lambda solver, cells: solver.model.AddBoolOr(differs(solver.x, cells)),
        stored=item["solution"].shaded.tolist())


BENCH = JankoBench(
    genre="norinori", title="Norinori", parse_puzzle=parse_puzzle,
    parse_solution=FORMAT.parse_solution,
    configs={"clauses (cnf)": ("clauses", "cnf"), "linear (cpsat)": ("linear", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (10**9, "larger")),
    puzzlekit=puzzlekit, extra_stats=("sat_calls",))


def note(rows: list[dict[str, Any]]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit is timed as solve + a blocking re-solve on its own model (the "
            "uniqueness check ours includes), on CP-SAT's default workers "
            f"({ran} of {len(rows)} puzzles). A puzzle it did not finish counts its cap.")


def main() -> None:
    main_with_cpu(BENCH, __doc__.split("\n")[0], "Norinori: both strategies and puzzlekit", note)


if __name__ == "__main__":
    main()
