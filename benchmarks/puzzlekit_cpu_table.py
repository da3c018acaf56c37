"""Tables of a ``puzzlekit_cpu.py --log`` file: the ratios by size, the slowest puzzles and
the verdicts, for a genre's results page.

``python benchmarks/puzzlekit_cpu_table.py GENRE LOG [--by-shape] [--slowest 8] [--every K]``

Groups the timed puzzles by the genre script's size groups (``--by-shape``: by the grid's
shape, the name's ``RxC`` suffix), and for each prints the medians of the three CPU columns,
puzzlekit / ours as the ratio of medians (before, after) and the median of the per-puzzle
ratios (after); then the puzzles where puzzlekit or ours took longest, those with the least
ratio, and how many each side found unique with the stored answer. Prints markdown.
``--every K`` keeps only the puzzles a ``--stride K`` run takes (an earlier sample's).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import defaultdict
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}"


def ratio(row: dict) -> float:
    """puzzlekit / ours (after) on one puzzle."""
    return float(row["puzzlekit"]["cpu"] / row["after"]["cpu"])


def group_row(label: str, rows: list[dict]) -> str:
    """One table line: count, three medians, two ratios of medians, the median ratio."""
    before, after, kit = ([row[side]["cpu"] for row in rows]
                          for side in ("before", "after", "puzzlekit"))
    each = median(ratio(row) for row in rows)
    return (f"| {label} | {len(rows)} | {ms(median(before))} | {ms(median(after))} | "
            f"{ms(median(kit))} | {median(kit) / median(before):.1f}x | "
            f"{median(kit) / median(after):.1f}x | {each:.1f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("genre")
    parser.add_argument("log", type=Path)
    parser.add_argument("--by-shape", action="store_true")
    parser.add_argument("--slowest", type=int, default=8)
    parser.add_argument("--every", type=int, default=1, help="only a --stride K run's puzzles")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    bench = importlib.import_module(args.genre).BENCH
    cells = {i["name"]: i["cells"] for i in bench.items(1)}
    sample = {i["name"] for i in bench.items(args.every)}
    rows = [row for row in map(json.loads, args.log.read_text().splitlines())
            if row["name"] in sample]
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        name = row["name"]
        if name.startswith("tatham/"):
            label = "Tatham's"
        elif args.by_shape:
            label = name.rsplit("_", 1)[1]
        else:
            label = bench.group_of(cells[name])
        groups[label].append(row)
    print("| puzzles | count | before ms | after ms | puzzlekit ms | puzzlekit / before | "
          "puzzlekit / after | median ratio after |")
    print("|---|---|---|---|---|---|---|---|")
    for label in sorted(groups, key=lambda g: min(cells[r["name"]] for r in groups[g])):
        print(group_row(label, groups[label]))
    print(group_row("**all**", rows))
    for title, key in (("puzzlekit's slowest", lambda r: -r["puzzlekit"]["cpu"]),
                       ("ours' slowest (after)", lambda r: -r["after"]["cpu"]),
                       ("least ratio (after)", ratio)):
        print(f"\n{title}: " + ", ".join(
            f"{r['name']} ({ms(r['puzzlekit']['cpu'])} / {ms(r['after']['cpu'])} ms, "
            f"{ratio(r):.1f}x)"
            for r in sorted(rows, key=key)[:args.slowest]))
    below = sum(r["puzzlekit"]["cpu"] < 10 * r["after"]["cpu"] for r in rows)
    print(f"\nbelow 10x one by one (after): {below} of {len(rows)}")
    for side in ("before", "after", "puzzlekit"):
        fails = [r["name"] for r in rows if not r[side]["agrees"]]
        print(f"{side}: unique with the stored answer on {len(rows) - len(fails)} of {len(rows)}"
              + (f"; not on {', '.join(fails)}" if fails else ""))


if __name__ == "__main__":
    main()
