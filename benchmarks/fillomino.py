"""Fillomino: every janko puzzle and Tatham's Filling sets on both strategies, solving and
proving uniqueness.

``python benchmarks/fillomino.py [--cap 60] [--stride 1] [--log FILE] [--only LABEL]``

``sizes`` (CNF, the default: block sizes cut on each model) and ``sizes-cpsat`` (CP-SAT:
every block one tree of exactly its size) on every janko Fillomino and every Tatham Filling
puzzle of the corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/fillomino.md``). puzzlekit 0.3.4 has no Fillomino solver (it reads
Fillomino URLs only), so there is no comparison column.
"""

from __future__ import annotations

import argparse
import sys

from common import RESULTS
from janko_bench import SIZE_GROUPS, JankoBench, Row, main_with_tatham

from pencilsat.puzzles.fillomino import parse_puzzle, parse_solution

BENCH = JankoBench(
    genre="fillomino", title="Fillomino", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"sizes (cnf)": ("sizes", "cnf"), "sizes-cpsat (cpsat)": ("sizes-cpsat", "cpsat")},
    groups=SIZE_GROUPS, with_tatham=True)


CPSAT_SAMPLE = (
    "`sizes-cpsat` was not run over the corpus here (`--only 'sizes (cnf)'`): it takes "
    "seconds of CPU per 10x10, about 1 h of CPU for the corpus. Measured by hand "
    "(`pencilsat.solve(p, encoding='sizes-cpsat', backend='cpsat', time_limit=60)`, CPU "
    "seconds, load average 11-17): janko 13_5x4 0.67 unique; 335_10x10 5.8 unique; "
    "606_10x10 5.5 unique; 234_10x10, 266_9x9 and 485_10x10 unknown at 60 s wall (7-13 s "
    "CPU). The tree model solved lazily (no tree, the CNF run's cuts on CP-SAT) was slower "
    "still (335_10x10 6.7 s CPU, 23 calls; 606_10x10 unknown).")


CNF_CHANGES = (
    "Seconds are wall seconds under a load average of 11-18 on 2 cores (other sessions' "
    'work): 4-9x the CPU seconds in the runs timed both ways. The `sizes` run cuts a '
    "block of `k` with fewer than `k` cells by 'this cell is not `k`, or a cell of the "
    "fence is `k`' per cell of the block, for the fences around three growing areas of "
    'fewer than `k` cells; and an area that may be `k` with a given `k` and fewer than '
    '`2k` cells counts exactly `k` cells of `k`. Before (all cells of the block in one '
    'cut, no count), 17 janko puzzles were unknown at 60 s; janko 234_10x10 took 4,597 '
    'SAT calls (85 now), 291_10x10 and 485_10x10 did not finish (4 and 26 calls now).')


def note(rows: list[Row]) -> str:
    text = ("puzzlekit 0.3.4 has no Fillomino solver: no comparison. Our time is the solve "
            "and the uniqueness proof.\n\n" + CNF_CHANGES)
    if "sizes-cpsat (cpsat)" not in BENCH.configs:
        text += "\n\n" + CPSAT_SAMPLE
    return text


def main() -> None:
    """``--only LABEL`` (repeatable) runs only those configurations (e.g. ``sizes (cnf)``)."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--only", action="append", default=[])
    picked, rest = parser.parse_known_args()
    if picked.only:
        BENCH.configs = {label: BENCH.configs[label] for label in picked.only}
    sys.argv[1:] = rest
    main_with_tatham(BENCH, __doc__.split("\n")[0], "Fillomino: both strategies",
                     note, "Filling", ((63, "9x7"), (117, "13x9")))
    page = RESULTS / "fillomino.md"  # the note goes with puzzlekit's table, which has none
    only = "".join(f" --only '{label}'" for label in picked.only)
    page.write_text(page.read_text() + f"\n## Notes\n\nRun with{only or ' every strategy'}."
                    f"\n\n{note([])}\n")


if __name__ == "__main__":
    main()
