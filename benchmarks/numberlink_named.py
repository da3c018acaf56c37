"""Numberlink: named janko puzzles on both strategies, wall and CPU seconds.

``python benchmarks/numberlink_named.py NAME[,NAME...] LOG [CAP [STRATEGY]]`` solves each
puzzle with ``lazy`` and ``lazy-cpsat`` (or ``STRATEGY`` alone; cap ``CAP`` seconds of wall,
60 unless given: a loaded machine leaves a 60 s run a few seconds of CPU) through the
front, one after another in one process, and appends a JSON line per puzzle and strategy
to ``LOG``: verdict, agreement with the stored answer, wall and CPU seconds. For rerunning
the puzzles a full run left open (``benchmarks/numberlink.py``) without the rest of the
set.
"""

from __future__ import annotations

import sys
import time

from common import CORPUS, emit_row

from pencilsat.puzzles.numberlink import parse_puzzle, parse_solution
from pencilsat.strategies.front import solve


def main() -> None:
    folder = CORPUS / "numberlink" / "janko"
    solve(parse_puzzle("numberlink 2 2\n1 .\n. 1\n"))  # imports before the first timing
    cap = float(sys.argv[3]) if len(sys.argv) > 3 else 60.0
    chosen = [(e, b) for e, b in (("lazy", "cnf"), ("lazy-cpsat", "cpsat"))
              if len(sys.argv) <= 4 or e == sys.argv[4]]
    with open(sys.argv[2], "a") as log:
        for name in sys.argv[1].split(","):
            puzzle = parse_puzzle((folder / f"{name}.txt").read_text(), name)
            stored = parse_solution((folder / f"{name}.sol").read_text())
            for encoding, backend in chosen:
                cpu, wall = time.process_time(), time.perf_counter()
                result = solve(puzzle, encoding=encoding, backend=backend, time_limit=cap)
                row = {"name": name, "strategy": encoding, "verdict": result.verdict.value,
                       "agrees": result.verdict.value == "unique" and result.solution == stored,
                       "wall": round(time.perf_counter() - wall, 1),
                       "cpu": round(time.process_time() - cpu, 1)}
                emit_row(row, log)


if __name__ == "__main__":
    main()
