"""Old against new on the CPU tails: the puzzles of ``tails.py`` solved by two source trees
in one run, puzzle by puzzle.

Run from the repository root, the old tree unpacked first (``git archive main src | tar -x
-C /tmp/old``): ``nice -n 5 python benchmarks/tails_ab.py --against /tmp/old/src --genres
killersudoku [--stride N] [--every G] [--keep-largest K] [--leave-out G:S] --stem NAME``.
Two workers (``tails.py --serve``, one per tree, each warmed on the genre's first puzzle)
time every strategy of each puzzle in turn, the one that goes first alternating, so the
shared machine's load falls on both alike. Writes ``benchmarks/results/<stem>.md`` and
``.json``: per genre and strategy the puzzles each tree agrees on, median, p99 and max CPU
seconds old and new, and the new tree's five slowest.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table, median, write_results  # noqa: E402
from tails import GENRES, LEAVE_OUT, Row, arguments, configs, p99, puzzles, stride_of  # noqa: E402

SIDES = ("old", "new")


def worker(src: str, argv: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(Path(__file__).with_name("tails.py")),
                             "--serve", "--src", src, *argv],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def asked(side: subprocess.Popen[str], genre: str, index: int) -> Row:
    assert side.stdin is not None and side.stdout is not None
    side.stdin.write(f"{genre} {index}\n")
    side.stdin.flush()
    row: Row = json.loads(side.stdout.readline())
    return row


def table(rows: list[Row]) -> tuple[str, Any]:
    lines, slow, data = [], [], {}
    for name in dict.fromkeys(r["genre"] for r in rows):
        mine = [r for r in rows if r["genre"] == name]
        for strategy, backend in configs(GENRES[name]):
            label = f"{strategy}/{backend}"
            cpu = {s: [r[s][label]["cpu"] for r in mine] for s in SIDES}
            agree = {s: sum(r[s][label]["agrees"] for r in mine) for s in SIDES}
            lines.append([name, label, len(mine), f"{agree['old']} / {agree['new']}",
                          *(f"{f(cpu['old']):.3f} / {f(cpu['new']):.3f}"
                            for f in (median, p99, max))])
            worst = sorted(((r["new"][label]["cpu"], r["name"]) for r in mine), reverse=True)
            slow.append(f"- {name} {label}: " + ", ".join(f"{n} {c:.2f}" for c, n in worst[:5]))
            data[f"{name} {label}"] = {s: {"agree": agree[s], "median_cpu": median(cpu[s]),
                                           "p99_cpu": p99(cpu[s]), "max_cpu": max(cpu[s])}
                                       for s in SIDES}
    text = markdown_table(["genre", "strategy/backend", "puzzles", "agree old / new",
                           "median CPU old / new", "p99 old / new", "max old / new"], lines)
    return text + "\n\nThe new tree's five slowest (CPU seconds):\n\n" + "\n".join(slow), data


def main() -> None:
    ap = arguments()
    ap.add_argument("--against", required=True, help="the old tree's src directory")
    ap.add_argument("--rows", help="no run: the page of the rows a run printed (JSON lines)")
    args = ap.parse_args()
    LEAVE_OUT.update(filter(None, args.leave_out.split(",")))
    if args.rows:
        rows = [json.loads(line) for line in Path(args.rows).read_text().splitlines()
                if line.startswith("{")]
    else:
        rows = compared(args)
    text, data = table(rows)
    argv = [arg for arg in sys.argv[1:] if arg not in ("--rows", args.rows)]
    body = (f"Command: `nice -n 5 python benchmarks/tails_ab.py {' '.join(argv)}`; "
            f"old: `{args.against}`, new: this checkout. Load average at the end: "
            f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores shared). CPU "
            "seconds of one solve with its uniqueness proof; \"agree\": `unique` with the "
            "stored answer.\n\n" + text)
    write_results(args.stem, "CPU tails, old against new", body, {"rows": rows,
                                                                  "summary": data})
    print(body)


def compared(args: argparse.Namespace) -> list[Row]:
    """Every puzzle's row, each side timed by its worker."""
    passed = [arg for arg in sys.argv[1:] if arg not in ("--against", args.against)]
    trees = {"old": worker(args.against, passed), "new": worker(args.src, passed)}
    rows = []
    for name in args.genres.split(","):
        genre = GENRES[name]
        for index, (label, puzzle, _) in enumerate(puzzles(genre, stride_of(genre, args),
                                                           args.keep_largest)):
            row: Row = {"genre": name, "name": label,
                        "cells": puzzle.width * puzzle.height}
            for side in (SIDES if index % 2 == 0 else SIDES[::-1]):
                row[side] = {k: v for k, v in asked(trees[side], name, index).items()
                             if "/" in k}
            print(json.dumps(row), flush=True)
            rows.append(row)
    for tree in trees.values():
        assert tree.stdin is not None
        tree.stdin.close()
        tree.wait()
    return rows


if __name__ == "__main__":
    main()
