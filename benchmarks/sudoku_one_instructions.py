"""Instructions one Sudoku line costs through ``pencilsat.solve(line)``, counted by callgrind:
a figure the machine's load does not move (CPU time on this shared machine swings by 2x
between runs of the same code, see ``sudoku_one_at_a_time.md``).

Usage: ``python benchmarks/sudoku_one_instructions.py [--other ../main/src] [--count 300]
[--file royle_17clue.txt]``. Each source tree runs twice under ``valgrind --tool=callgrind``
with ``PYTHONHASHSEED=0``: both runs import, solve the same two warm-up lines (lines 1001
and 1002, so that the thread's solver is built) and then the first 0 or ``--count`` lines
of the file; the difference over ``--count`` is the instructions a puzzle costs. User space
only: the kernel's (reading ``/proc``, say) are not counted. The top entries of the
difference by function (exclusive) say where they go. Needs valgrind.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, markdown_table, write_results  # noqa: E402

CHILD = """
import sys
import pencilsat
path, count = sys.argv[1], int(sys.argv[2])
lines = [raw.split()[0] for raw in open(path) if raw.split() and not raw.startswith("#")]
for line in lines[1000:1002]:
    pencilsat.solve(line)
for line in lines[:count]:
    pencilsat.solve(line)
"""


def run(src: Path, path: Path, count: int, out: Path) -> int:
    """Instructions of one run under callgrind (its profile written to ``out``)."""
    env = {"PYTHONPATH": str(src), "PATH": os.environ.get("PATH", ""), "PYTHONHASHSEED": "0",
           "OPENBLAS_NUM_THREADS": "1"}
    proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                           sys.executable, "-c", CHILD, str(path), str(count)],
                          capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from callgrind:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def by_function(profile: Path) -> collections.Counter[str]:
    """Exclusive instructions per function of a callgrind profile."""
    text = subprocess.run(["callgrind_annotate", "--threshold=100", str(profile)],
                          capture_output=True, text=True, check=True).stdout
    counts: collections.Counter[str] = collections.Counter()
    for line in text.splitlines():
        found = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S.*?)(?: \[.*\])?$", line)
        if found and "PROGRAM TOTALS" not in line:
            name = re.sub(r"^(\?\?\?|\S*?\.(?:c|cc|cpp|h)):", "", found.group(2))
            counts[name] += int(found.group(1).replace(",", ""))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, help="another checkout's src to compare with")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--file", default="royle_17clue.txt")
    parser.add_argument("--top", type=int, default=12, help="functions listed per tree")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    trees = {"this": REPO / "src"}
    if args.other is not None:
        trees["other"] = args.other.resolve()
    path = CORPUS / "sudoku" / args.file
    per_puzzle: dict[str, float] = {}
    tops: dict[str, list[tuple[str, float]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for tree, src in trees.items():
            idle, busy = Path(scratch, f"{tree}.0"), Path(scratch, f"{tree}.n")
            per_puzzle[tree] = (run(src, path, args.count, busy)
                                - run(src, path, 0, idle)) / args.count
            diff = by_function(busy)
            diff.subtract(by_function(idle))
            tops[tree] = [(name, n / args.count) for name, n in diff.most_common(args.top)]
            print(f"{tree}: {per_puzzle[tree]:,.0f} instructions a puzzle", flush=True)
    rows = [[tree, round(per_puzzle[tree])] for tree in trees]
    body = (f"`pencilsat.solve(line)` on the first {args.count} lines of `{args.file}`, "
            "instructions a puzzle (user space, callgrind)"
            + (f"; other: `{args.other}`" if args.other else "") + ".\n\n"
            + markdown_table(["tree", "instructions a puzzle"], rows))
    if "other" in trees:
        body += f"\n\nthis/other: {per_puzzle['this'] / per_puzzle['other']:.3f}"
    for tree in trees:
        body += (f"\n\nWhere {tree}'s go (exclusive, a puzzle):\n\n"
                 + markdown_table(["function", "instructions"],
                                  [[f"`{name[:60]}`", round(n)] for name, n in tops[tree]]))
    print(body)
    write_results("sudoku_one_instructions", "One Sudoku at a time: instructions", body,
                  {"per_puzzle": per_puzzle, "count": args.count, "file": args.file,
                   "top": tops})


if __name__ == "__main__":
    main()
