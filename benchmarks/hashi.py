"""Hashiwokakero: every janko puzzle on both strategies, and puzzlekit when it has a solver.

``python benchmarks/hashi.py [--cap 60] [--stride 1] [--ablation] [--no-puzzlekit]``

1. ``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Hashiwokakero, as
   ``janko_bench`` runs and tables them (results in ``benchmarks/results/hashi.md``), with
   the connectivity cuts per puzzle.
2. With ``--ablation``, the CNF strategy called directly (without the front's referee, so
   compare these rows with each other): its defaults, with the parent pointers (off by
   default), and without the isolated-pair rules (then the lazy cuts do all the connecting).
3. puzzlekit on the same puzzles, if it is installed (a benchmark-only package) and has a
   Hashiwokakero solver: puzzlekit 0.3.4 (the newest on PyPI on 2026-11-26) has none, and the
   results say so rather than compare with another tool.
"""

from __future__ import annotations

import argparse
import importlib
import time
from typing import Any

from janko_bench import Item, JankoBench, Row, arguments, missed_lines, run, strategy_table, write

from pencilsat.encodings.hashi import HashiSettings
from pencilsat.puzzles.hashi import parse_puzzle, parse_solution
from pencilsat.strategies.front import solve
from pencilsat.strategies.hashi import run_cnf

ABLATION = {"cnf, defaults": HashiSettings(),
            "cnf, with pointers": HashiSettings(pointers=True),
            "cnf, no pair rules (cuts only)": HashiSettings(isolated_pairs=False)}
PUZZLEKIT_MODULES = ("hashi", "hashiwokakero", "bridges", "hashikake")
BENCH = JankoBench(
    genre="hashi", title="Hashiwokakero", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")),
    item_fields=lambda puzzle: {"islands": len(puzzle.islands())})


def ablated(item: Item, settings: HashiSettings, cap: float) -> Row:
    start = time.perf_counter()
    result = run_cnf(item["puzzle"], time_limit=cap, settings=settings)
    seconds = time.perf_counter() - start
    agrees = result.verdict == "unique" and result.solution == item["solution"]
    return {"s": seconds, "verdict": result.verdict.value, "agrees": agrees,
            "sat_calls": result.stats.extra.get("sat_calls"),
            "cuts": result.stats.extra.get("cuts")}


def puzzlekit_solver() -> tuple[str, Any | None]:
    """puzzlekit's version and its Hashiwokakero solver module, ``None`` when it has none."""
    try:
        import puzzlekit
    except ImportError:
        return "not installed", None
    version = getattr(puzzlekit, "__version__", "?")
    for name in PUZZLEKIT_MODULES:
        try:
            return version, importlib.import_module(f"puzzlekit.solvers.{name}")
        except ImportError:
            continue
    return version, None


def warm_up() -> None:
    """Import the solvers (OR-Tools takes about a second) before the clock runs."""
    tiny = parse_puzzle("hashi 3 1\n1.1\n")
    for encoding, backend in BENCH.configs.values():
        solve(tiny, encoding=encoding, backend=backend)


def summary(rows: list[Row], args: argparse.Namespace,
            puzzlekit: str) -> tuple[str, dict[str, Any]]:
    labels = list(BENCH.configs) + (list(ABLATION) if args.ablation else [])
    data: dict[str, Any] = {"configs": {}, "puzzlekit": puzzlekit}

    def mean_cuts(label: str, rows: list[Row]) -> float:
        return sum(r[label]["cuts"] or 0 for r in rows) / len(rows)

    table = strategy_table(BENCH, rows, labels, data,
                           extra=lambda label, rows: f"{mean_cuts(label, rows):.2f}")
    for label in labels:
        data["configs"][label]["mean_cuts"] = mean_cuts(label, rows)
    lines = ["## Every janko Hashiwokakero\n",
             f"Seconds per puzzle (encode + solve + uniqueness proof), cap {args.cap:g} s; "
             "`cuts`: connectivity cuts per puzzle on average.\n", table]
    cnf, cpsat = (data["configs"][label] for label in BENCH.configs)
    ratio = cpsat["median_s"] / cnf["median_s"]
    data["cpsat_over_cnf_median"] = ratio
    lines.append(f"\nCP-SAT over CNF, ratio of medians: {ratio:.1f}x.")
    lines.extend(missed_lines(labels, data))
    if puzzlekit != "skipped":
        lines.append(f"\n## puzzlekit\n\npuzzlekit {puzzlekit}: no Hashiwokakero solver "
                     f"(looked for `puzzlekit.solvers.{{{','.join(PUZZLEKIT_MODULES)}}}`), "
                     "so there is no comparison in this run.")
    return "\n".join(lines), data


def main() -> None:
    parser = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0,
                       puzzlekit_stride=False, log=False)
    parser.add_argument("--ablation", action="store_true")
    args = parser.parse_args()
    version, module = ("skipped", None) if args.no_puzzlekit else puzzlekit_solver()
    if module is not None:
        raise SystemExit(f"puzzlekit {version} has a Hashiwokakero solver ({module.__name__})"
                         ": drive it here before comparing")
    warm_up()

    def with_ablation(item: Item, row: Row) -> None:
        if args.ablation:
            for label, settings in ABLATION.items():
                row[label] = ablated(item, settings, args.cap)

    rows = run(BENCH, args, more=with_ablation)
    body, data = summary(rows, args, version)
    write(BENCH, "Hashiwokakero: both strategies (puzzlekit has no solver)", body, data, rows)


if __name__ == "__main__":
    main()
