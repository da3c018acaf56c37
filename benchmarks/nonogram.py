"""Nonogram: every janko puzzle and Tatham's Pattern sets on both strategies, and puzzlekit
on the janko puzzles, solving and proving uniqueness.

``python benchmarks/nonogram.py [--cap 60] [--stride 1] [--puzzlekit-cap 60]
[--puzzlekit-stride 1] [--no-puzzlekit] [--log FILE]``

``automata`` (CNF, the default: each line's run automaton as clauses) and
``automata-cpsat`` (CP-SAT, one ``AddAutomaton`` per line) on every janko Nonogram and
every Tatham Pattern puzzle of the corpus, as ``janko_bench`` runs and tables them
(results in ``benchmarks/results/nonogram.md``), and puzzlekit's Nonogram solver (CP-SAT:
a start position per run, each cell's cover by a row's runs equal to its cover by the
column's, through reified range checks) if it is installed (a benchmark-only package).
puzzlekit proves nothing about uniqueness, so its time here is its build and solve plus a
blocking re-solve on the same CP-SAT model (the answer it found forbidden: some cell
differs), as our uniqueness proof does.
"""

from __future__ import annotations

from typing import Any

from common import Cells, differs, puzzlekit_unique
from janko_bench import Item, JankoBench, Row, main_with_tatham

from pencilsat.puzzles.nonogram import FORMAT, parse_puzzle


def filled(solver: Any, grid: list) -> Cells:
    """puzzlekit's answer grid as shaded cells (``x`` filled)."""
    return [[ch == "x" for ch in row] for row in grid]


def forbid(solver: Any, cells: Cells) -> None:
    """"Some cell differs from ``cells``" on puzzlekit's model (its ``board_vars``)."""
    solver.model.AddBoolOr(differs({(r, c): var for r, row in enumerate(solver.board_vars)
                                    for c, var in enumerate(row)}, cells))


def puzzlekit(item: Item, cap: float) -> Row | None:
    """puzzlekit's build, solve and blocking re-solve (``common.puzzlekit_unique``) on the
    clues as its lists of strings."""
    try:
        from puzzlekit.solvers.nonogram import NonogramSolver
    except ImportError:
        return None
    puzzle = item["puzzle"]
    clues = [[[str(n) for n in clue] for clue in side] for side in (puzzle.rows, puzzle.columns)]
    return puzzlekit_unique(lambda: NonogramSolver(puzzle.height, puzzle.width, *clues), cap,
                            read=filled, forbid=forbid, stored=item["solution"].shaded.tolist())


BENCH = JankoBench(
    genre="nonogram", title="Nonogram", parse_puzzle=parse_puzzle,
    parse_solution=FORMAT.parse_solution,
    configs={"automata (cnf)": ("automata", "cnf"),
             "automata-cpsat (cpsat)": ("automata-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (750, "up to 25x30"), (10**9, "larger")),
    puzzlekit=puzzlekit, extra_stats=("sat_calls",), with_tatham=True)


def note(rows: list[Row]) -> str:
    timed = [row for row in rows if "puzzlekit" in row]
    agreed = sum(row["puzzlekit"]["agrees"] for row in timed)
    return (f"puzzlekit ran on {len(timed)} of the {len(rows)} janko puzzles (every k-th by "
            f"size, ``--puzzlekit-stride``) and agreed with the stored answer on {agreed}: its "
            "build, its solve and the same model solved again with its answer forbidden (our "
            "uniqueness proof's counterpart), on CP-SAT's default workers. A puzzle it did not "
            "finish counts its cap, so its ratios are lower bounds.")


def main() -> None:
    main_with_tatham(BENCH, __doc__.split("\n")[0], "Nonogram: both strategies and puzzlekit",
                     note, "Pattern", ((100, "10x10"), (225, "15x15")))


if __name__ == "__main__":
    main()
