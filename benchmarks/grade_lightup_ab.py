"""Light Up grades of this tree against another tree: the same grades, and CPU per grade.

Each round grades the chosen puzzles in a fresh process per source tree, the two trees
alternating (which goes first alternates too), so that the shared machine's load falls on
both alike; a puzzle's figure is its minimum CPU seconds over the rounds. Every grade's
record (each step's text and trial record, the level, the score) must be identical between
the trees; the differing files are listed.

Usage, from the repository root:
  python benchmarks/grade_lightup_ab.py --before /work/base/src [--rounds 3]
      [--select slow|check] [FILE ...]
``slow`` (default): the largest janko and the slowest grades; ``check``: every Tatham
puzzle, every 3rd janko and the largest (one round unless --rounds is given). Files are
corpus paths under lightup/ (e.g. janko/839_17x17.txt). Writes nothing but its table.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "lightup"
SLOW = ["janko/839_17x17.txt", "janko/530_100x100.txt", "janko/940_50x80.txt",
        "janko/370_31x45.txt", "janko/559_10x10.txt", "janko/453_10x10.txt",
        "janko/556_10x10.txt", "janko/105_10x10.txt", "janko/211_10x10.txt",
        "janko/586_10x10.txt", "janko/282_10x10.txt"]

WORKER = """
import json, sys, time
from pencilsat.grading.lightup import grade_lightup
from pencilsat.puzzles.lightup import parse_puzzle
out = {}
for rel in sys.argv[2:]:
    puzzle = parse_puzzle(open(sys.argv[1] + '/' + rel).read(), name=rel)
    start = time.process_time()
    grade = grade_lightup(puzzle)
    seconds = time.process_time() - start
    record = [[s.text, repr(s.trial)] for s in grade.steps]
    out[rel] = {'seconds': seconds, 'record': [record, grade.level, repr(grade.score)]}
print(json.dumps(out))
"""


def check_files() -> list[str]:
    tatham = sorted(p.relative_to(CORPUS).as_posix() for p in (CORPUS / "tatham").rglob("*.txt"))
    janko = sorted(p.relative_to(CORPUS).as_posix() for p in (CORPUS / "janko").glob("*.txt"))
    return tatham + sorted(set(janko[::3]) | set(SLOW[:4]))


def run(src: str, files: list[str]) -> dict:
    done = subprocess.run([sys.executable, "-c", WORKER, str(CORPUS), *files], check=True,
                          capture_output=True, text=True, env={"PYTHONPATH": src})
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True, help="the other tree's src directory")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--select", choices=["slow", "check"], default="slow")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or (SLOW if args.select == "slow" else check_files())
    rounds = args.rounds or (3 if args.select == "slow" or args.files else 1)
    trees = {"before": args.before, "after": str(ROOT / "src")}
    best: dict[str, dict[str, float]] = {name: {} for name in trees}
    records: dict[str, dict[str, object]] = {name: {} for name in trees}
    start = time.perf_counter()
    for k in range(rounds):
        for name in (("before", "after") if k % 2 == 0 else ("after", "before")):
            for rel, row in run(trees[name], files).items():
                seconds = best[name].get(rel, row["seconds"])
                best[name][rel] = min(seconds, row["seconds"])
                records[name][rel] = row["record"]
    differ = [rel for rel in files if records["before"][rel] != records["after"][rel]]
    print(f"{len(files)} grades, {rounds} round(s), {time.perf_counter() - start:.0f} s wall; "
          f"records differing: {len(differ)} {differ[:20]}")
    print("| puzzle | before s | after s | ratio |\n|---|---|---|---|")
    shown = files if len(files) <= 20 else sorted(
        files, key=lambda rel: -best["before"][rel])[:20]
    for rel in shown:
        b, a = best["before"][rel], best["after"][rel]
        print(f"| {rel} | {b:.3f} | {a:.3f} | {b / a if a else float('nan'):.2f}x |")
    total_b, total_a = sum(best["before"].values()), sum(best["after"].values())
    print(f"| all {len(files)} | {total_b:.2f} | {total_a:.2f} | {total_b / total_a:.2f}x |")


if __name__ == "__main__":
    main()
