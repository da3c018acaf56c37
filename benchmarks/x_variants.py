"""The X (diagonal) variant: the 26 janko Killer and Jigsaw Sudokus that are ``multiple`` under
the plain rules, solved as X puzzles (``D`` added to the header in memory) on both
strategies, and the cost of the editor's hint on the plain reading.

``python benchmarks/x_variants.py [--repeats 3]``

Per puzzle, interleaved, ``--repeats`` rounds of: ``direct`` (CNF) and ``cpsat`` on the X
puzzle through the solving front (which referees every answer against the X rule checker),
then the plain puzzle on the front (``multiple``) and through ``pencilsat.solve`` (the same
plus the hint's X solve). Each figure is the median of the rounds, in CPU seconds of this
process (``time.process_time``, CP-SAT's one worker included) and wall seconds. Every X
verdict must be ``unique`` with the stored answer, every hint ``unique``: the run stops
otherwise. Results in ``benchmarks/results/x_variants.md``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from common import markdown_table, write_results

import pencilsat
from pencilsat.core.result import Verdict
from pencilsat.puzzles import jigsawsudoku, killersudoku
from pencilsat.strategies.front import solve

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
KEYS = {"killersudoku": (196, 197, 198, 248, 249, 257, 716, 717, 718, 719, 720, 726, 727,
                         728),
        "jigsawsudoku": (651, 652, 654, 655, 661, 662, 664, 665, 671, 672, 674, 675)}
MODELS: dict[str, Any] = {"killersudoku": killersudoku, "jigsawsudoku": jigsawsudoku}
CONFIGS = (("direct", "cnf"), ("cpsat", "cpsat"))


def read(genre: str, key: int) -> tuple[Any, Any, Any]:
    """The plain puzzle, the X puzzle and the stored answer."""
    txt = next((CORPUS / genre / "janko").glob(f"{key}_*.txt"))
    model = MODELS[genre]
    lines = txt.read_text().splitlines()
    plain = model.parse_puzzle("\n".join(lines) + "\n", txt.stem)
    x = model.parse_puzzle("\n".join([lines[0] + " D", *lines[1:]]) + "\n", txt.stem)
    return plain, x, model.FORMAT.parse_solution(txt.with_suffix(".sol").read_text())


def timed(run: Any) -> tuple[Any, float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    result = run()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def measure(genre: str, key: int, repeats: int) -> dict[str, Any]:
    plain, x, stored = read(genre, key)
    runs: dict[str, list[tuple[float, float]]] = {}
    for _ in range(repeats):
        for encoding, backend in CONFIGS:
            result, cpu, wall = timed(lambda e=encoding, b=backend: solve(x, encoding=e,
                                                                          backend=b))
            if result.verdict != Verdict.UNIQUE or result.solution != stored:
                raise SystemExit(f"{genre} {key} {encoding}: {result.verdict.value}")
            runs.setdefault(encoding, []).append((cpu, wall))
        result, cpu, wall = timed(lambda: solve(plain))
        assert result.verdict == Verdict.MULTIPLE
        runs.setdefault("plain", []).append((cpu, wall))
        result, cpu, wall = timed(lambda: pencilsat.solve(plain))
        if result.x_variant is None or result.x_variant.verdict != "unique":
            raise SystemExit(f"{genre} {key}: no hint")
        runs.setdefault("hint", []).append((cpu, wall))
    row: dict[str, Any] = {"genre": genre, "puzzle": plain.name}
    for name, values in runs.items():
        row[f"{name}_cpu"] = statistics.median(v[0] for v in values)
        row[f"{name}_wall"] = statistics.median(v[1] for v in values)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    solve(read("jigsawsudoku", 651)[1])  # imports and first loads, untimed
    solve(read("killersudoku", 196)[1], encoding="cpsat", backend="cpsat")
    rows = [measure(genre, key, args.repeats) for genre, keys in KEYS.items() for key in keys]
    table = [[r["genre"], r["puzzle"], r["direct_cpu"], r["direct_wall"], r["cpsat_cpu"],
              r["cpsat_wall"], r["plain_cpu"], r["hint_cpu"]] for r in rows]
    totals = {name: sum(r[name] for r in rows)
              for name in ("direct_cpu", "cpsat_cpu", "plain_cpu", "hint_cpu")}
    body = (
        "Command: `nice -n 19 python benchmarks/x_variants.py "
        f"--repeats {args.repeats}` (medians of {args.repeats} interleaved rounds).\n\n"
        "All 26 are `unique` as X puzzles with the stored answer on both strategies; read "
        "plain, all 26 are `multiple` and `pencilsat.solve` adds the hint (unique as an X "
        "puzzle) to each.\n\n"
        + markdown_table(["genre", "puzzle", "direct CPU s", "direct wall s", "cpsat CPU s",
                          "cpsat wall s", "plain (front) CPU s", "plain + hint CPU s"], table)
        + "\n\nSums (CPU s): " + ", ".join(f"{k} {v:.3f}" for k, v in totals.items()) + "\n")
    write_results("x_variants", "X (diagonal) variants: the 26 janko puzzles", body, rows)
    print(body)


if __name__ == "__main__":
    main()
