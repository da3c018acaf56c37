"""Numberlink: every janko puzzle (Arukone) on both strategies, solving and proving
uniqueness.

``python benchmarks/numberlink.py [--cap 60] [--stride 1] [--log FILE] [--logged-only]
[--largest-first]``

``--logged-only`` tables the rows the ``--log`` file holds and solves nothing more: the page
of a run stopped before its end, which says how many of the set it covers. The run goes
smallest first, or largest first with ``--largest-first`` (the hard proofs come first, so a
stopped run still says where the set fails); the page lists the puzzles in size order either way.

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Numberlink of the
corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/numberlink.md``). puzzlekit 0.3.4 has no Numberlink solver (none of its
100-odd solvers is for numberlink, numlin or arukone), and neither has cspuz, so there is no
comparison.
"""

from __future__ import annotations

import sys
from dataclasses import fields

from common import write_results
from janko_bench import Item, JankoBench, Row, arguments, resumed, run, summary

from pencilsat.puzzles.numberlink import parse_puzzle, parse_solution

BENCH = JankoBench(
    genre="numberlink", title="Numberlink", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")),
    extra_stats=("sat_calls", "cuts"))


class LargestFirst(JankoBench):
    """The set in the order a ``--largest-first`` run takes it."""

    def items(self, stride: int) -> list[Item]:
        return super().items(stride)[::-1]


def slowest(rows: list[Row]) -> str:
    """The slowest puzzle of each strategy."""
    out = []
    for label in BENCH.configs:
        row = max(rows, key=lambda r: r[label]["s"])
        out.append(f"{label}: {row['name']} ({row[label]['s']:.2f} s)")
    return "Slowest puzzle: " + "; ".join(out) + "."


def logged(log: str | None, stride: int) -> list[Row]:
    """The ``--log`` rows of the set's puzzles, in the set's order (no solve)."""
    if not log:
        raise SystemExit("--logged-only needs --log FILE")
    done = resumed(log)
    return [done[item["name"]] for item in BENCH.items(stride) if item["name"] in done]


def coverage(rows: list[Row], stride: int) -> str:
    """How much of the set a stopped run's rows cover."""
    total = len(BENCH.items(stride))
    largest = max((row["cells"] for row in rows), default=0)
    smallest = min((row["cells"] for row in rows), default=0)
    return (f"This page covers {len(rows)} of the set's {total} puzzles: the run was stopped "
            f"there, the puzzles measured having {smallest} to {largest} cells.")


def warm_up() -> None:
    """Import both backends before the first timed puzzle."""
    from pencilsat.strategies.front import solve

    puzzle = parse_puzzle("numberlink 2 2\n1 .\n. 1\n")
    for encoding, backend in BENCH.configs.values():
        solve(puzzle, encoding=encoding, backend=backend)


def main() -> None:
    parser = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0,
                       puzzlekit_stride=False)
    parser.add_argument("--logged-only", action="store_true",
                        help="table the --log file's rows, solve nothing more")
    parser.add_argument("--largest-first", action="store_true",
                        help="solve the largest puzzles first")
    args = parser.parse_args()
    args.no_puzzlekit = True
    if args.logged_only:
        rows = logged(args.log, args.stride)
    else:
        warm_up()
        bench = (LargestFirst(**{f.name: getattr(BENCH, f.name) for f in fields(BENCH)})
                 if args.largest_first else BENCH)
        rows = run(bench, args)
        rows.sort(key=lambda row: (row["cells"], row["name"]))
    body, data = summary(BENCH, rows, args.cap, "")
    if args.logged_only:
        body += "\n\n" + coverage(rows, args.stride)
    body += "\n\n" + slowest(rows) + "\n"
    body += ("\npuzzlekit 0.3.4 has no Numberlink solver (nor has cspuz), so there is no "
             "comparison with it.\n")
    command = "python benchmarks/numberlink.py " + " ".join(sys.argv[1:])
    data.update(command=command, rows=rows)
    write_results("numberlink", "Numberlink: both strategies on janko",
                  f"Command: `{command.strip()}`\n\n{body}", data)


if __name__ == "__main__":
    main()
