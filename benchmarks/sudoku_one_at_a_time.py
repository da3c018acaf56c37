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
How: a 9x9 puzzle on the default solver is decided on a MiniSat 2.2 kept per thread
(`pencilsat.strategies.sudoku_shared`), loaded once with the 10,530 extended clauses and
rebuilt every 600 puzzles: the clues are assumed and propagated first (a clash, or every
cell forced, decides the puzzle: with the learnt clauses of earlier puzzles, about 60% of
Royle's); otherwise one solve gives the answer and a second, under a blocking clause
guarded by a fresh literal (retired by a unit afterwards), proves it unique. A puzzle with
several answers is solved again by the reproducible path (the bitset search of
`sudoku_propagate`, a fresh CaDiCaL past its caps), so that its two answers are its own.
The effort figures reported (conflicts, decisions, propagations, clauses, decided_by) are
those of the reproducible path, computed when first read (`DeferredStats`): this benchmark
reads only the verdict, so it does not pay for them; a caller that reads them (the JSON
output, the CLI's figures) pays for both. The answer checked by the rule checker is the
shared solver's. The 729 literals PySAT returns (the propagation's trail, the model) are
packed by one `struct` call and filtered by numpy; the clue literals come from numpy; the
solution grid is not copied; the line is read by one array lookup without an import
statement on the way (`api`, `detect` and `run_direct` load their modules once); the
resident size is read at most every 10 ms, not on every solve; the rule checker tests the
range by `bytes` and `translate` and the clues by `compress` before its sum of powers of
two.

The kept solver's backend, timed on the shared solver's own work (propagate the clues, then
solve, read the model, block and solve again when propagation leaves cells open) over the
same 300 Royle lines in one process, CPU us a puzzle at load 11-14 on 2 cores: Glucose 4
257-261, Glucose 3 257-262, MiniSat 2.2 266-275, CaDiCaL 1.5.3 282-288, MapleChrono 442,
CaDiCaL 1.9.5 627-643 (its propagate alone 408); Lingeling has no propagate in PySAT.
Through `pencilsat.solve` MiniSat saves about 50 us a Royle puzzle (propagation 91 us
against CaDiCaL's 116, the model 8 against 17, and its learnt clauses settle 189 of the
300 lines, not 172) and is the one chosen: Glucose does not stop promptly at a conflict
budget, which a time limit needs (the desk passes one on every call; the watching thread
of `solve_until` costs more than the solve). The price is on hard puzzles: magictour 0.93-0.99x
and the forum's hardest 0.97-0.98x of CaDiCaL's rate (two runs of 3 rounds).

Where a Royle puzzle's time goes (CPU us a puzzle through `pencilsat.solve(line)`, averaged
over the 300 lines, load 11-14 on 2 cores, the C calls of PySAT wrapped in
`time.process_time`), CaDiCaL before -> MiniSat after: about 600 -> 500 in all; the SAT
calls 268 -> 213 (propagating the clues 116 -> 91, on every puzzle; the two solves 122 ->
109; the model 17 -> 8; the blocking clause and the budgets 12 -> 5), the shared solver's
Python 147 -> 128 (the clue literals 13, the forced literals filtered and sorted 19 on
the lines propagation settles, the solution grid 25, the result 12), reading the line 60
-> 50, the rule checker 55 -> 49, the front and the API 70 -> 63. 4,000/s needs 250 us in
all: below the SAT calls and the rule checker alone on this machine at this load. Tried
and left out, measured on the same 300 Royle lines: one solve under the clues instead of
propagate-then-solve (CaDiCaL, SAT calls only: 344 us against 282; it pays only if a solve
that made no decision is taken as proof of uniqueness, which CaDiCaL's variable
elimination makes unsound and MiniSat's decision counter does not document); the minimal
clause set (7,371 clauses: propagation settles none of the 300 and the solves take 10x
longer: 2,600 us against 260); the extended set without the cells' at-most-one clauses or
without the houses' at-least-one clauses (as bad); a pure-Python singles pass before any
SAT call (the bitset fixpoint of `sudoku_propagate`) settles the same lines as the solver's
propagation but costs 125-150 us against 85-100; adding the 5,832 locked-candidates
clauses lets propagation settle 261 of 300 Royle lines, but makes each propagation 2.9x
dearer (78 -> 224 us), a loss on average; building the solution grid without its
dataclass's copy (2.5 us).

Since (sudokuone46o), counted in instructions, which the load does not move
(`python benchmarks/sudoku_one_instructions.py --other <main>/src`, page
`sudoku_one_instructions.md`): 1,070,900 instructions a Royle puzzle against 1,238,400
before (0.865). What is left: MiniSat's own work about 600,000 (its `propagate` 239,000,
of which propagating the clues on every puzzle about 135,000; choosing decisions and undoing
them on the variable heap 138,000; conflict analysis and enqueueing 50,000; removing
satisfied clauses after a guard is retired 19,000), PySAT building and freeing the Python
lists of literals (the trail on every puzzle, the model on the 37% left open) about
150,000, packing the 729 literals about 70,000 (per call: the struct 113,000 with its
numpy filter, a Python comprehension 171,000, a set intersection 153,000-173,000,
`np.array` 246,000, `np.fromiter` 193,000), and everything else (numpy's calls, the
interpreter running the reading, front, API, rule checker and result) about 250,000, of
which the interpreter's own loop 37,000 (178,000 before). MiniSat through PySAT is about
750,000 of the 1,070,000: the Python around it cannot double the rate; that needs fewer or
cheaper SAT calls. Tried and left out: one solve first, its decision counter taken as the
proof that propagation settled the puzzle (PySAT creates an unused variable 0, which
MiniSat decides once: a settled solve makes 2 decisions, not 1): it settles 181 of the 300,
not 187, and the SAT part costs 206-236 us a puzzle against 168-204 for
propagate-then-solve (three interleaved runs); a rule checker by per-house sets (1.6-2x
dearer) or by numpy fancy indexing (no cheaper than the sum of powers of two). CPU time
swings by 2x between runs here (the code before measured 2,100-4,250/s on Royle the same
day), so interleaved rounds give a noisy ratio: the machine is shared, compare ratios and
instructions."""


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
