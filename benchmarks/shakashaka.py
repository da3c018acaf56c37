"""Shakashaka: every janko puzzle on both strategies.

``python benchmarks/shakashaka.py [--cap 60] [--stride 1] [--log FILE]``

``clauses`` (CNF on MiniCard, the default) and ``linear`` (CP-SAT) on every janko Shakashaka
of the corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/shakashaka.md``). puzzlekit 0.3.4 has no Shakashaka solver (its
``solvers`` package lists none, 28 November 2026), so there is no comparison; the page
splits our time into building the clauses and the solver's work instead. Both strategies
solve the smallest puzzle once, untimed, before the run, so no import is timed.
"""

from __future__ import annotations

import time
from typing import Any

from common import median
from janko_bench import Item, JankoBench, arguments, run, summary, write

from pencilsat.puzzles.shakashaka import parse_puzzle, parse_solution
from pencilsat.strategies.front import solve


class ShakashakaBench(JankoBench):
    """The janko run, each row with the strategy's own split of its time."""

    def ours(self, item: Item, config: tuple[str, str], cap: float) -> dict[str, Any]:
        """Seconds, verdict and agreement as every janko run has them, plus building (and
        loading) the model and the two solver calls."""
        start = time.perf_counter()
        result = solve(item["puzzle"], encoding=config[0], backend=config[1], time_limit=cap)
        seconds = time.perf_counter() - start
        stats = result.stats
        agrees = result.verdict == "unique" and result.solution == item["solution"]
        return {"s": seconds, "verdict": result.verdict.value, "agrees": agrees,
                "encode_s": stats.encode_s,
                "search_s": (stats.solve_s or 0.0) + (stats.uniqueness_s or 0.0)}


BENCH = ShakashakaBench(
    genre="shakashaka", title="Shakashaka", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"clauses (cnf)": ("clauses", "cnf"), "linear (cpsat)": ("linear", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")),
    puzzlekit=None, extra_stats=())


def split(rows: list[dict[str, Any]]) -> str:
    """Per strategy, the median of building (and loading) and of the two solver calls."""
    lines = ["\n## Where the time goes\n",
             "| strategy | median encode s | median solve + uniqueness s | slowest puzzle |",
             "|---|---|---|---|"]
    for label in BENCH.configs:
        worst = max(rows, key=lambda row: row[label]["s"])
        lines.append(f"| {label} | {median([r[label]['encode_s'] for r in rows]):.3f} | "
                     f"{median([r[label]['search_s'] for r in rows]):.4f} | "
                     f"{worst['name']} ({worst['cells']} cells), {worst[label]['s']:.3f} s |")
    return "\n".join(lines)


def warm_up() -> None:
    item = BENCH.items(1)[0]
    for config in BENCH.configs.values():
        BENCH.ours(item, config, 60.0)


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0,
                     puzzlekit_stride=False).parse_args()
    warm_up()
    rows = run(BENCH, args)
    body, data = summary(BENCH, rows, args.cap, "")
    write(BENCH, "Shakashaka: both strategies (puzzlekit 0.3.4 has no Shakashaka)",
          body + "\n" + split(rows), data, rows)


if __name__ == "__main__":
    main()
