"""Fillomino: every janko puzzle and Tatham's Filling sets on both strategies, solving and
proving uniqueness.

``python benchmarks/fillomino.py [--cap 60] [--stride 1] [--log FILE]``

``sizes`` (CNF, the default: block sizes cut on each model) and ``sizes-cpsat`` (CP-SAT:
every block one tree of exactly its size) on every janko Fillomino and every Tatham Filling
puzzle of the corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/fillomino.md``). puzzlekit 0.3.4 has no Fillomino solver (it reads
Fillomino URLs only), so there is no comparison column.
"""

from __future__ import annotations

from janko_bench import SIZE_GROUPS, JankoBench, Row, main_with_tatham

from pencilsat.puzzles.fillomino import parse_puzzle, parse_solution

BENCH = JankoBench(
    genre="fillomino", title="Fillomino", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"sizes (cnf)": ("sizes", "cnf"), "sizes-cpsat (cpsat)": ("sizes-cpsat", "cpsat")},
    groups=SIZE_GROUPS, with_tatham=True)


def note(rows: list[Row]) -> str:
    return ("puzzlekit 0.3.4 has no Fillomino solver: no comparison. Our time is the solve "
            "and the uniqueness proof.")


def main() -> None:
    main_with_tatham(BENCH, __doc__.split("\n")[0], "Fillomino: both strategies",
                     note, "Filling", ((63, "9x7"), (117, "13x9")))


if __name__ == "__main__":
    main()
