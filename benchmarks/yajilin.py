"""Yajilin: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/yajilin.py [--cap 120] [--stride 1] [--puzzlekit-cap 60]
[--no-puzzlekit] [--log FILE]``

``lazy`` (CNF, the default) and ``circuit`` (CP-SAT) on every janko Yajilin, as
``janko_bench`` runs and tables them (results in ``benchmarks/results/yajilin.md``), and
puzzlekit's Yajilin solver (CP-SAT ``AddCircuit``, a benchmark-only package) on every
puzzle, given black cells as its ``x`` (an arrow looks across them, as in the corpus). It
only solves, with no uniqueness proof; its answer is compared with the ``.sol``.
"""

from __future__ import annotations

from typing import Any

from janko_bench import Item, JankoBench, arguments, puzzlekit_run, run, summary, write

from pencilsat.puzzles.yajilin import (
    BLOCK,
    EMPTY,
    YajilinPuzzle,
    parse_puzzle,
    parse_solution,
    solution_rows,
)

PUZZLEKIT_DIRECTION = {1: "n", 2: "s", 3: "w", 4: "e"}
PUZZLEKIT_PIPE = {"ns": "|", "ew": "-", "en": "L", "nw": "J", "sw": "7", "es": "F"}
"""puzzlekit's loop tokens (sorted letters) as the corpus's pipe letters."""


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


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build and solve, its status, and whether its answer (as corpus
    rows) is the stored one."""
    try:
        from puzzlekit.solvers.yajilin import YajilinSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    seconds, status, matrix = puzzlekit_run(
        lambda: YajilinSolver(puzzle.height, puzzle.width, puzzlekit_grid(puzzle)), cap)
    rows = None if matrix is None else [
        "".join("#" if token == "x" else PUZZLEKIT_PIPE.get("".join(sorted(token)), ".")
                for token in row) for row in matrix]
    agrees = rows == solution_rows(puzzle, item["solution"])
    return {"s": seconds, "status": status, "agrees": agrees}


BENCH = JankoBench(
    genre="yajilin", title="Yajilin", parse_puzzle=parse_puzzle, parse_solution=parse_solution,
    configs={"lazy (cnf)": ("lazy", "cnf"), "circuit (cpsat)": ("circuit", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (900, "up to 30x30"), (10**9, "larger")),
    puzzlekit=puzzlekit, extra_stats=("sat_calls",), ratio_of_maxima=False)


def note(rows: list[dict[str, Any]]) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit only solves (no uniqueness proof, which is part of our time); "
            f"{ran} of {len(rows)} puzzles.")


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=120.0, puzzlekit_cap=60.0,
                     puzzlekit_stride=False).parse_args()
    rows = run(BENCH, args)
    body, data = summary(BENCH, rows, args.cap, note(rows))
    write(BENCH, "Yajilin: both strategies and puzzlekit", body, data, rows)


if __name__ == "__main__":
    main()
