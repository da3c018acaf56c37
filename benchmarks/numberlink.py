"""Numberlink: every janko puzzle (Arukone) on both strategies, solving and proving
uniqueness.

``python benchmarks/numberlink.py [--cap 60] [--stride 1] [--log FILE] [--logged-only]
[--largest-first] [--skip-largest N] [--largest N] [--strategy lazy] [--stem numberlink]
[--note TEXT]``

``--logged-only`` tables the rows the ``--log`` file holds and solves nothing more: the page
of a run stopped before its end, which says how many of the set it covers. The run goes
smallest first, or largest first with ``--largest-first`` (the hard proofs come first, so a
stopped run still says where the set fails); the page lists the puzzles in size order either way.
``--skip-largest N`` leaves the N largest puzzles out (a run that has them elsewhere),
``--largest N`` keeps only the N largest,
``--strategy`` runs one of the two, ``--stem`` names the page, ``--note`` adds a paragraph
to it (which code ran, at what load).

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Numberlink of the
corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/numberlink.md``). puzzlekit 0.3.4 has no Numberlink solver (none of its
100-odd solvers is for numberlink, numlin or arukone), and neither has cspuz, so there is no
comparison.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, fields

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


@dataclass
class Selected(JankoBench):
    """The set without its ``skip_largest`` largest puzzles, smallest first (largest
    first with ``largest_first``)."""

    skip_largest: int = 0
    largest_first: bool = False
    largest: int = 0

    def items(self, stride: int) -> list[Item]:
        items = super().items(1)
        items = items[:len(items) - self.skip_largest][::stride]
        if self.largest:
            items = items[-self.largest:]
        return items[::-1] if self.largest_first else items

    def ours(self, item: Item, config: tuple[str, str], cap: float) -> Row:
        """:meth:`JankoBench.ours` with the process's CPU seconds (``cpu``): on a loaded
        machine a 60 s cap of wall leaves a run a few seconds of CPU."""
        began = time.process_time()
        row = super().ours(item, config, cap)
        row["cpu"] = time.process_time() - began
        return row


def per_puzzle(bench: JankoBench, rows: list[Row]) -> str:
    """Each puzzle's verdict, wall and CPU seconds per strategy, for rows that have CPU."""
    lines = []
    for label in bench.configs:
        shown = [f"{r['name']} {r[label]['verdict']}"
                 f"{', = .sol' if r[label]['agrees'] else ''} {r[label]['s']:.1f}/"
                 f"{r[label]['cpu']:.1f} s" for r in rows if "cpu" in r.get(label, {})]
        if shown:
            lines.append(f"{label}, verdict and wall/CPU seconds: " + "; ".join(shown) + ".")
    return "\n\n".join(lines)


def slowest(bench: JankoBench, rows: list[Row]) -> str:
    """The slowest puzzle of each strategy."""
    out = []
    for label in bench.configs:
        row = max(rows, key=lambda r: r[label]["s"])
        out.append(f"{label}: {row['name']} ({row[label]['s']:.2f} s)")
    return "Slowest puzzle: " + "; ".join(out) + "."


def logged(bench: JankoBench, log: str | None, stride: int) -> list[Row]:
    """The ``--log`` rows of the set's puzzles, in the set's order (no solve)."""
    if not log:
        raise SystemExit("--logged-only needs --log FILE")
    done = resumed(log)
    return [done[item["name"]] for item in bench.items(stride) if item["name"] in done]


def coverage(bench: JankoBench, rows: list[Row], stride: int) -> str:
    """How much of the set a stopped run's rows cover."""
    total = len(bench.items(stride))
    largest = max((row["cells"] for row in rows), default=0)
    smallest = min((row["cells"] for row in rows), default=0)
    if len(rows) == total:
        return (f"This page covers the whole set, {total} puzzles of {smallest} to {largest} "
                "cells.")
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
    parser.add_argument("--skip-largest", type=int, default=0, metavar="N",
                        help="leave out the N largest puzzles of the set")
    parser.add_argument("--largest", type=int, default=0, metavar="N",
                        help="keep only the N largest puzzles of the set")
    parser.add_argument("--strategy", choices=[c[0] for c in BENCH.configs.values()],
                        help="run this strategy only (default both)")
    parser.add_argument("--stem", default="numberlink",
                        help="write benchmarks/results/STEM.md and .json")
    parser.add_argument("--note", default="",
                        help="a paragraph for the page (which code ran, at what load)")
    args = parser.parse_args()
    args.no_puzzlekit = True
    configs = {label: config for label, config in BENCH.configs.items()
               if args.strategy in (None, config[0])}
    bench = Selected(**{f.name: getattr(BENCH, f.name) for f in fields(BENCH)},
                     skip_largest=args.skip_largest, largest_first=args.largest_first,
                     largest=args.largest)
    bench.configs = configs
    if args.logged_only:
        rows = logged(bench, args.log, args.stride)
    else:
        warm_up()
        rows = run(bench, args)
        rows.sort(key=lambda row: (row["cells"], row["name"]))
    body, data = summary(bench, rows, args.cap, "")
    if args.note:
        body += "\n\n" + args.note
    if per_puzzle(bench, rows):
        body += "\n\n" + per_puzzle(bench, rows)
    if args.logged_only:
        body += "\n\n" + coverage(bench, rows, args.stride)
    body += "\n\n" + slowest(bench, rows) + "\n"
    body += ("\npuzzlekit 0.3.4 has no Numberlink solver (nor has cspuz), so there is no "
             "comparison with it.\n")
    shown = [a for a in sys.argv[1:] if a not in ("--note", args.note)]
    command = "python benchmarks/numberlink.py " + " ".join(shown) + (
        " --note TEXT" if args.note else "")
    data.update(command=command, rows=rows, note=args.note)
    heading = "both strategies" if len(bench.configs) > 1 else next(iter(bench.configs))
    write_results(args.stem, f"Numberlink: {heading} on janko",
                  f"Command: `{command.strip()}`\n\n{body}", data)


if __name__ == "__main__":
    main()
