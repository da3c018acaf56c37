"""Nurikabe: every janko puzzle on both strategies, and puzzlekit on the same puzzles.

``python benchmarks/nurikabe.py [--cap 120] [--stride 1] [--puzzlekit-cap 30]
[--puzzlekit-max-flood 10000] [--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Nurikabe, the ``?``
puzzles included, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/nurikabe.md``), and puzzlekit's Nurikabe solver (CP-SAT, a flood fill
per number) on the same puzzles if it is installed (a benchmark-only package). It only
solves, and reads no ``?`` number; its model has (n + 1) x cells flood variables per number,
whose building alone took 115 s and 1.6 GB on a 20x36, so it runs only where that count is
at most ``--puzzlekit-max-flood``, with its own time limit ``--puzzlekit-cap``, on every
``--puzzlekit-stride``-th such puzzle (it takes seconds where we take a tenth).
"""

from __future__ import annotations

from typing import Any

from janko_bench import Item, JankoBench, arguments, run, shaded_outcome, summary, write

from pencilsat.puzzles.nurikabe import NurikabePuzzle, parse_puzzle, parse_solution


def flood_variables(puzzle: NurikabePuzzle) -> int | None:
    """The size of puzzlekit's flood fill; ``None`` when it cannot read the puzzle (``?``)."""
    numbers = [n for _, n in puzzle.numbered_cells()]
    if None in numbers:
        return None
    return sum(n + 1 for n in numbers if n > 1) * puzzle.width * puzzle.height


def puzzlekit(item: Item, cap: float) -> dict[str, Any] | None:
    """Seconds of puzzlekit's build and solve, its status, and whether it found the stored
    answer."""
    try:
        from puzzlekit.solvers.nurikabe import NurikabeSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    grid = [["-" if v == 0 else str(int(v)) for v in row] for row in puzzle.numbers]
    return shaded_outcome(lambda: NurikabeSolver(puzzle.height, puzzle.width, grid), cap, item)


BENCH = JankoBench(
    genre="nurikabe", title="Nurikabe", parse_puzzle=parse_puzzle, parse_solution=parse_solution,
    configs={"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (900, "up to 30x30"), (10**9, "larger")),
    puzzlekit=puzzlekit, item_fields=lambda puzzle: {"flood": flood_variables(puzzle)},
    ratio_of_maxima=False, ratio_digits=0)


def note(rows: list[dict[str, Any]], stride: int) -> str:
    ran = sum("puzzlekit" in row for row in rows)
    return ("puzzlekit only solves (no uniqueness proof, which is part of our time); it ran "
            "where it can read the puzzle (no `?`) and its model has at most the flood size "
            f"set, every {stride}-th of those ({ran} of {len(rows)} puzzles).")


def main() -> None:
    parser = arguments(__doc__.split("\n")[0], cap=120.0, puzzlekit_cap=30.0)
    parser.add_argument("--puzzlekit-max-flood", type=int, default=10_000)
    args = parser.parse_args()
    eligible = 0

    def puzzlekit_on(item: Item, index: int) -> bool:
        """Every ``--puzzlekit-stride``-th puzzle whose flood fill puzzlekit can build."""
        nonlocal eligible
        if item["flood"] is None or item["flood"] > args.puzzlekit_max_flood:
            return False
        eligible += 1
        return (eligible - 1) % args.puzzlekit_stride == 0

    rows = run(BENCH, args, puzzlekit_on=puzzlekit_on)
    body, data = summary(BENCH, rows, args.cap, note(rows, args.puzzlekit_stride))
    write(BENCH, "Nurikabe: both strategies and puzzlekit", body, data, rows)


if __name__ == "__main__":
    main()
