"""Fillomino: every janko puzzle and Tatham's Filling sets on both strategies, solving and
proving uniqueness.

``python benchmarks/fillomino.py [--cap 60] [--stride 1] [--log FILE] [--only LABEL]``

``sizes`` (CNF, the default: block sizes cut on each model) and ``sizes-cpsat`` (CP-SAT: the
same clauses and cuts, solved again after each batch) on every janko Fillomino and every
Tatham Filling puzzle of the corpus, as ``janko_bench`` runs and tables them (results in
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


CHANGES = (
    "Seconds are wall seconds on a machine shared with other sessions (both strategies in "
    "one process, `nice`, beside other sessions' runs and this branch's own CPU sweep: "
    "several times the CPU seconds, and only comparable within one run). Since the run of "
    "2026-11-29, `sizes-cpsat` writes ring clauses (a cell of k has a k at each distance "
    "its ball of fewer than k cells leaves), turns CP-SAT's symmetry detection off, gives "
    "a solve that reaches 5,000 conflicts with no model its SAT inprocessing back, reads "
    "only the answer's variables of each model and loads its clauses as one text-format "
    "message: janko 219_20x36 16.0 -> 4.7 s of CPU, 266_9x9 7.0 -> 4.4 in one interleaved "
    "run at a load of 6-14 (the section 'sizes-cpsat without its long tail' below).")


def note(rows: list[Row]) -> str:
    return ("puzzlekit 0.3.4 has no Fillomino solver: no comparison. Our time is the solve "
            "and the uniqueness proof.\n\n" + CHANGES)


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
