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
    "Seconds are wall seconds on a machine shared with other sessions (a load average of "
    "10-16 on 2 cores while these ran, `sizes` and `sizes-cpsat` in two processes at "
    "once): several times the CPU seconds, and only comparable within one run. Three "
    "changes since the run of 04:59 (755/756 on `sizes`, 705/756 on `sizes-cpsat`): "
    "(1) each given k >= 3 whose reachability levels fit 800 variables has its block "
    "written as levels with 'exactly k at the last level' (no size cut for it): 266_9x9 "
    "(givens up to 15) 414 SAT calls and 16,738 cuts, 7.3 s of CPU, down to 26 calls, 102"
    " cuts, 3-4 s; (2) a model holding the open label K ('K or more') makes the run again"
    " with 2K, every size apart only past the cell count (before: every size apart at "
    "once): 608_10x18 on `sizes` 3.2 -> 0.5 s of CPU, 292_10x10 on `sizes-cpsat` unknown "
    "-> 2.9 s; (3) `sizes-cpsat` gathers the cuts of up to 20 models per CP-SAT solve "
    "(its enumeration with a solution callback) before solving again: 491_7x7 75 solves, "
    "8.5 s of CPU -> 17 solves, 3.1 s. CP-SAT still starts from scratch on every solve.")


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
