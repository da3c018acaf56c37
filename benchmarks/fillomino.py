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
    "Seconds are wall seconds under a load average of 13-16 on 2 cores (other sessions' "
    "work and this session's three benchmark processes, `sizes` and two of `sizes-"
    "cpsat`): several times the CPU seconds. Both strategies first label every size above"
    " the givens (and above 3) as one open label `K` ('K or more', cut only when smaller "
    "than `K`); a model holding `K` makes the run start again with every size apart. "
    "Janko's answers use only given sizes, so the open run stands on all of them: "
    "209_20x36 has 11,304 literals instead of 254,232. Before (every size apart), `sizes`"
    " left 266_9x9, 579_17x17, 589_17x17, 34_13x37 and 179/209/87_20x36 unknown at 60 s; "
    "now all but 266_9x9 take 0.1-0.7 s of CPU. A block too small is cut with the fences "
    "of up to eight growing areas around it (three before: 10-45% less CPU on the "
    "slowest). 266_9x9 (givens up to 15 on a 9x9) takes about 6 s of CPU on `sizes` (10 s"
    " with three fences): some 400 SAT calls and 16,500 cuts, most for blocks of 8-15 too"
    " small; over 60 s of wall at this load. `sizes-cpsat` makes the same cuts but CP-SAT"
    " solves from scratch each time, 0.3-0.7 s of CPU per call on a 20x36 (11,000 "
    "literals, about 100 conflicts a call), where `sizes` needs 80-140 calls; hinting the"
    " last model did not help (209_20x36: 45 calls in 25 s of CPU, 50 without). Its "
    "earlier model (every block one tree of its size, no cut) was slower on every puzzle "
    "measured and was removed.")


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
