"""Slant (Gokigen Naname): every janko puzzle and Tatham's Slant sets on both strategies,
solving and proving uniqueness.

``python benchmarks/slant.py [--cap 60] [--stride 1] [--log FILE]``

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Gokigen Naname and
every Tatham Slant puzzle of the corpus, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/slant.md``). puzzlekit 0.3.4 has no Slant solver (its 100-odd solvers
include none for gokigen, slant or wagiri), so there is no comparison with it.
"""

from __future__ import annotations

import sys
from typing import Any

from common import CORPUS, markdown_table, median, write_results
from janko_bench import Item, JankoBench, Row, arguments, missed_lines, run, strategy_table, summary

from pencilsat.puzzles.slant import parse_puzzle, parse_solution


class SlantBench(JankoBench):
    """The janko puzzles, then Tatham's Slant sets (named ``tatham/<set>/<file>``)."""

    def items(self, stride: int) -> list[Item]:
        items = super().items(stride)
        for txt in sorted((CORPUS / "gokigen" / "tatham").glob("*/*.txt"))[::stride]:
            puzzle = self.parse_puzzle(txt.read_text(), txt.stem)
            items.append({"name": f"tatham/{txt.parent.name}/{txt.stem}", "puzzle": puzzle,
                          "cells": puzzle.width * puzzle.height,
                          "solution": self.parse_solution(txt.with_suffix(".sol").read_text())})
        return items


BENCH = SlantBench(
    genre="gokigen", title="Gokigen Naname", parse_puzzle=parse_puzzle,
    parse_solution=parse_solution,
    configs={"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")))

TATHAM = JankoBench(
    genre="gokigen", title="Slant", parse_puzzle=parse_puzzle, parse_solution=parse_solution,
    configs=BENCH.configs, groups=((64, "8x8"), (120, "12x10")))


def slowest(rows: list[Row]) -> str:
    """The slowest puzzle of each strategy."""
    out = []
    for label in BENCH.configs:
        row = max(rows, key=lambda r: r[label]["s"])
        out.append(f"{label}: {row['name']} ({row[label]['s']:.2f} s)")
    return "Slowest puzzle: " + "; ".join(out) + "."


def tatham_section(rows: list[Row], data: dict[str, Any]) -> list[str]:
    """Both strategies on Tatham's sets, per level."""
    tatham = [r for r in rows if r["name"].startswith("tatham/")]
    if not tatham:
        return []
    part: dict[str, Any] = {"configs": {}}
    lines = ["\n## Both strategies on Tatham's Slant\n",
             strategy_table(TATHAM, tatham, list(BENCH.configs), part),
             *missed_lines(list(BENCH.configs), part)]
    table = []
    for level in sorted({r["name"].split("/")[1] for r in tatham}):
        picked = [r for r in tatham if r["name"].split("/")[1] == level]
        table.append([level, len(picked),
                      *(f"{median([r[label]['s'] for r in picked]):.4f}"
                        for label in BENCH.configs),
                      f"{median([r['lazy (cnf)']['cuts'] for r in picked]):g}"])
    lines += ["\nMedian seconds per set (and the median of `lazy`'s cuts):\n",
              markdown_table(["set", "puzzles", *BENCH.configs, "lazy cuts"], table),
              "\n" + slowest(tatham)]
    data["tatham"] = part
    return lines


def warm_up() -> None:
    """Import both backends before the first timed puzzle."""
    from pencilsat.strategies.front import solve

    puzzle = parse_puzzle("gokigen 2 2\n1..\n...\n...\n")
    for encoding, backend in BENCH.configs.values():
        solve(puzzle, encoding=encoding, backend=backend)


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0,
                     puzzlekit_stride=False).parse_args()
    args.no_puzzlekit = True
    warm_up()
    rows = run(BENCH, args)
    janko = [r for r in rows if not r["name"].startswith("tatham/")]
    body, data = summary(BENCH, janko, args.cap, "")
    body += "\n\n" + slowest(janko) + "\n"
    body += "\n".join(tatham_section(rows, data))
    body += ("\n\npuzzlekit 0.3.4 has no Slant solver, so there is no comparison with it.\n")
    command = "python benchmarks/slant.py " + " ".join(sys.argv[1:])
    data.update(command=command, rows=rows)
    write_results("slant", "Slant: both strategies on janko and Tatham",
                  f"Command: `{command.strip()}`\n\n{body}", data)


if __name__ == "__main__":
    main()
