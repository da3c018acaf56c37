"""One Sudoku at a time through the library: ``pencilsat.solve(line)`` on each line of a
file in one process, as the desk and the API call it, in CPU puzzles per second.

Usage: ``python benchmarks/sudoku_one_at_a_time.py [--other ../main/src] [--rounds 3]
[--count 300]``. Each (file, source tree) runs in a fresh process that solves two lines to
warm up (a thread builds its Sudoku solver on its second 9x9 puzzle), then every line one at
a time, timed with ``time.process_time`` (the machine is shared:
wall time measures the neighbours). With ``--other``, this checkout and the other tree
alternate round by round, so that the load falls on both alike; the table gives the median
rate over the rounds and the ratio this/other. Files: the first ``--count`` lines of Royle's
17-clue set (the target), of magictour's top 1465 and of the forum's hardest 1106.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, markdown_table, median, write_results  # noqa: E402

FILES = ("royle_17clue.txt", "magictour_top1465.txt", "forum_hardest_1106.txt")
CHILD = """
import json, sys, time
import pencilsat
path, count = sys.argv[1], int(sys.argv[2])
lines = []
for raw in open(path):
    words = raw.split()
    if words and not words[0].startswith("#"):
        lines.append(words[0])
lines = lines[:count]
for line in lines[-2:]:  # imports, the per-process tables, the thread's solver (2nd puzzle)
    pencilsat.solve(line)
verdicts = {}
start = time.process_time()
for line in lines:
    verdict = str(pencilsat.solve(line).verdict)
    verdicts[verdict] = verdicts.get(verdict, 0) + 1
cpu = time.process_time() - start
print(json.dumps({"rate": len(lines) / cpu, "verdicts": verdicts}))
"""

NOTES = """\
How: a 9x9 puzzle on the default solver is decided on a CaDiCaL kept per thread
(`pencilsat.strategies.sudoku_shared`), loaded once with the 10,530 extended clauses and
rebuilt every 600 puzzles: the clues are assumed and propagated first (a clash, or every
cell forced, decides the puzzle: with the learnt clauses of earlier puzzles, about half of
Royle's); otherwise one solve gives the answer and a second, under a blocking clause
guarded by a fresh literal (retired by a unit afterwards), proves it unique. A puzzle with
several answers is solved again by the reproducible path (the bitset search of
`sudoku_propagate`, a fresh CaDiCaL past its caps), so that its two answers are its own.
The effort figures reported (conflicts, decisions, propagations, clauses, decided_by) are
those of the reproducible path, computed when first read (`DeferredStats`): this benchmark
reads only the verdict, so it does not pay for them; a caller that reads them (the JSON
output, the CLI's figures) pays for both. The answer checked by the rule checker is the
shared solver's.

Where a Royle puzzle's time goes (CPU us a puzzle through `pencilsat.solve(line)`, averaged
over the 300 lines, load 14 on 2 cores, about 390 in all; the thread solver's methods
wrapped in `time.process_time`): the CaDiCaL calls about 235 (the propagation of the clues
100, on every puzzle; the two solves 110, the model 15 and the blocking clause 11, on the
43% propagation leaves open), reading the line about 25, the rule checker about 28, the rest
(front, strategy Python, result objects) about 100. 4,000/s needs 250 us in all: below the
SAT calls alone on this machine at this load. Tried and left out, measured on the same 300
Royle lines: a pure-Python singles pass before any SAT call (the bitset fixpoint of
`sudoku_propagate`, naked and hidden singles on one 729-bit integer) settles the same 148
lines as CaDiCaL's propagation (0 of 300 on magictour and the forum's hardest) but costs
125-150 us on Royle against CaDiCaL's 85-100; adding the 5,832 locked-candidates clauses
(pointing and claiming, implied by the rules) lets propagation settle 261 of 300 Royle
lines, but makes each propagation 2.9x dearer (78 -> 224 us), a loss on average. The machine
is shared, so absolute rates can be several times below an idle machine's: compare the
ratio."""


def _describe(src: Path) -> str:
    """The other tree, with its commit when it is a git checkout."""
    proc = subprocess.run(["git", "-C", str(src), "log", "-1", "--format=%h"],
                          capture_output=True, text=True, check=False)
    commit = f" at {proc.stdout.strip()}" if proc.returncode == 0 else ""
    return f"the checkout in `{src.parent}`{commit}"


def run(src: Path, path: Path, count: int) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path), str(count)],
                          capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(src), "PATH": "", "OPENBLAS_NUM_THREADS": "1"})
    return json.loads(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, help="another checkout's src to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--files", nargs="+", choices=FILES, default=FILES,
                        help="corpus files to time (default: all three)")
    args = parser.parse_args()
    files = tuple(args.files)
    trees = {"this": REPO / "src"}
    if args.other is not None:
        trees["other"] = args.other.resolve()
    rates: dict[str, dict[str, list[float]]] = {f: {t: [] for t in trees} for f in files}
    verdicts: dict[str, dict[str, dict]] = {f: {} for f in files}
    for round_ in range(args.rounds):
        for name in files:
            order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
            for tree in order:
                out = run(trees[tree], CORPUS / "sudoku" / name, args.count)
                rates[name][tree].append(out["rate"])
                verdicts[name][tree] = out["verdicts"]
                print(f"round {round_ + 1} {name} {tree}: {out['rate']:.0f}/s", flush=True)
    header = ["file", "puzzles", "this (/s)"]
    if "other" in trees:
        header += ["other (/s)", "this/other"]
    rows = []
    for name in files:
        this = median(rates[name]["this"])
        row = [name, args.count, round(this)]
        if "other" in trees:
            other = median(rates[name]["other"])
            row += [round(other), round(this / other, 2)]
            if verdicts[name]["this"] != verdicts[name]["other"]:
                raise SystemExit(f"{name}: verdicts differ {verdicts[name]}")
        rows.append(row)
    body = (f"`pencilsat.solve(line)` one line at a time in one process, CPU puzzles per second, "
            f"median of {args.rounds} interleaved rounds"
            + (f" against {_describe(args.other)}" if args.other else "") + ".\n\n"
            + markdown_table(header, rows) + "\n\n" + NOTES)
    print(body)
    write_results("sudoku_one_at_a_time", "One Sudoku at a time through the library", body,
                  {"rates": rates, "verdicts": verdicts, "count": args.count})


if __name__ == "__main__":
    main()
