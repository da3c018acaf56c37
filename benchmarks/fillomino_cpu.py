"""Fillomino: one strategy's verdict, CPU and wall seconds per puzzle, as JSON lines.

``python benchmarks/fillomino_cpu.py STRIDE CAP LOG [NAME ...] [--encoding sizes-cpsat]``

Every ``STRIDE``-th janko Fillomino (sorted by cell count, then name), the janko puzzles
named (e.g. ``266_9x9``) and every Tatham Filling, each solved once with a ``CAP`` s time
limit; one line per puzzle appended to ``LOG`` (name, verdict, whether the answer is the
stored one, CPU by ``time.process_time``, wall, solves, cuts), and a rerun skips the names
already there. CPU is the figure to compare on a loaded machine, where the wall time of a
``nice`` run is several times larger.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
from common import CORPUS

from pencilsat.puzzles.fillomino import parse_puzzle, parse_solution
from pencilsat.strategies.front import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("stride", type=int)
    parser.add_argument("cap", type=float)
    parser.add_argument("log", type=Path)
    parser.add_argument("names", nargs="*")
    parser.add_argument("--encoding", default="sizes-cpsat")
    args = parser.parse_args()
    root = CORPUS / "fillomino"
    janko = sorted((root / "janko").glob("*.txt"),
                   key=lambda p: (parse_puzzle(p.read_text()).numbers.size, p.name))
    items = [p for i, p in enumerate(janko) if i % args.stride == 0 or p.stem in args.names]
    items += sorted((root / "tatham").rglob("*.txt"))
    done = ({json.loads(line)["name"] for line in args.log.read_text().splitlines()}
            if args.log.exists() else set())
    backend = "cpsat" if args.encoding.endswith("cpsat") else "cnf"
    for txt in items:
        name = str(txt.relative_to(root))
        if name in done:
            continue
        puzzle = parse_puzzle(txt.read_text(), txt.stem)
        expected = parse_solution(txt.with_suffix(".sol").read_text())
        cpu, wall = time.process_time(), time.perf_counter()
        result = solve(puzzle, encoding=args.encoding, backend=backend, time_limit=args.cap)
        row = {"name": name, "verdict": str(result.verdict.value),
               "ok": result.solution is not None
               and bool(np.array_equal(result.solution.numbers, expected.numbers)),
               "cpu": round(time.process_time() - cpu, 3),
               "wall": round(time.perf_counter() - wall, 3),
               "calls": result.stats.extra.get("sat_calls"),
               "cuts": result.stats.extra.get("cuts")}
        with args.log.open("a") as log:
            log.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
