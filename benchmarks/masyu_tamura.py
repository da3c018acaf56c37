"""Time Tamura's reference encoding on the seed 36x20 for each backend and SAT solver.

Usage: ``python benchmarks/masyu_tamura.py [--repeat 3] [--puzzle PATH]``. Writes
``benchmarks/results/masyu_tamura.md`` and ``.json``: encode, solve and uniqueness seconds
(median of the repeats) with encoding size and solver effort. Target of issue 2: CNF solve +
uniqueness proof within 10 s (Sugar needed 513 s in 2008).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, markdown_table, median, write_results  # noqa: E402

from pencilsat.puzzles import masyu  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402

CONFIGS = [("tamura", "cnf", "cadical"), ("tamura", "cnf", "glucose"),
           ("tamura", "cnf", "minisat"), ("tamura", "cpsat", None),
           ("tamura-log", "cnf", "cadical"), ("tamura-log", "cnf", "minisat")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--puzzle", type=Path, default=CORPUS / "masyu/seed_36x20.txt")
    args = ap.parse_args()
    puzzle = masyu.parse_puzzle(args.puzzle.read_text())
    expected = masyu.parse_solution(args.puzzle.with_suffix(".sol").read_text())
    rows, data = [], []
    for encoding, backend, sat in CONFIGS:
        runs = []
        for _ in range(args.repeat):
            r = solve(puzzle, encoding=encoding, backend=backend, sat_solver=sat)
            assert r.verdict == "unique" and r.solution == expected, r.verdict
            runs.append(r.stats)
        enc = median([s.encode_s for s in runs])
        sol = median([s.solve_s for s in runs])
        uni = median([s.uniqueness_s for s in runs])
        st = runs[0]
        rows.append([encoding, backend, st.sat_solver or "-", st.variables, st.clauses,
                     st.conflicts, enc, sol, uni, sol + uni])
        data.append({"encoding": encoding, "backend": backend, "sat_solver": st.sat_solver,
                     "variables": st.variables,
                     "clauses": st.clauses, "conflicts": st.conflicts,
                     "encode_s": enc, "solve_s": sol, "uniqueness_s": uni,
                     "runs": [s.to_json() for s in runs]})
        print(rows[-1], flush=True)
    body = (f"Puzzle: `{args.puzzle.name}` ({puzzle.width}x{puzzle.height}), `tamura` = order "
            f"encoding with fixed start and tight number domains, `tamura-log` = the same model "
            f"with the numbers log-encoded; verdict `unique` with the printed solution in "
            f"every run. Seconds, median of {args.repeat} in-process runs.\n\n"
            + markdown_table(["encoding", "backend", "SAT solver", "variables", "clauses",
                              "conflicts", "encode s", "solve s", "uniqueness s",
                              "solve+uniqueness s"], rows)
            + "\n\nReproduce: `python benchmarks/masyu_tamura.py`.\n")
    write_results("masyu_tamura", "Tamura's Masyu encoding on the seed 36x20", body,
                  {"puzzle": str(args.puzzle.name), "configs": data})


if __name__ == "__main__":
    main()
