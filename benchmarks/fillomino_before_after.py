"""Fillomino: one strategy's CPU seconds on named janko puzzles, older code against this
tree's, interleaved, each run in a fresh process.

``python benchmarks/fillomino_before_after.py OLD_SRC ENCODING NAME [NAME ...]``

``OLD_SRC`` is a copy of another commit's ``src`` (``git archive main src | tar -x -C DIR``,
then ``DIR/src``); each puzzle (e.g. ``219_20x36``) is solved by the old code, then by this
tree's, with a 300 s limit. One line per run: the name, ``old`` or ``new``, and a JSON
object (verdict, whether the answer is the stored one, CPU seconds of the solve by
``time.process_time``, wall seconds, solves, cuts, conflicts).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from common import CORPUS

HERE_SRC = Path(__file__).resolve().parent.parent / "src"
CHILD = r'''
import json, sys, time
from pencilsat.api import read_puzzle
from pencilsat.puzzles.fillomino import parse_solution
from pencilsat.strategies.front import solve
path, encoding = sys.argv[1], sys.argv[2]
puzzle = read_puzzle(path)
cpu, wall = time.process_time(), time.perf_counter()
result = solve(puzzle, encoding=encoding,
               backend="cpsat" if encoding.endswith("cpsat") else "cnf", time_limit=300)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
stored = parse_solution(open(path[:-4] + ".sol").read())
print(json.dumps({"verdict": str(result.verdict), "ok": result.solution == stored,
                  "cpu": round(cpu, 2), "wall": round(wall, 2),
                  "solves": result.stats.extra.get("sat_calls"),
                  "cuts": result.stats.extra.get("cuts"),
                  "conflicts": result.stats.conflicts}))
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old_src", type=Path)
    parser.add_argument("encoding")
    parser.add_argument("names", nargs="+")
    args = parser.parse_args()
    for name in args.names:
        path = CORPUS / "fillomino" / "janko" / f"{name}.txt"
        for label, src in (("old", args.old_src), ("new", HERE_SRC)):
            env = {**os.environ, "PYTHONPATH": str(src)}
            done = subprocess.run([sys.executable, "-c", CHILD, str(path), args.encoding],
                                  capture_output=True, text=True, env=env, check=False)
            lines = done.stdout.strip().splitlines()
            print(name, label, lines[-1] if lines else done.stderr[-300:], flush=True)


if __name__ == "__main__":
    main()
