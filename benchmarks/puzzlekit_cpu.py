"""CPU seconds per puzzle of a genre's default strategy, before and after a change, and of
puzzlekit 0.3.4, interleaved puzzle by puzzle: how the 10x goal of issue 41 is measured.

``python benchmarks/puzzlekit_cpu.py GENRE --before OLD/src [--stride 2] [--offset 0]
[--json FILE] [--log FILE]``

Three worker processes (the default strategy through the front on ``--before``'s source
tree, the same on this checkout, and puzzlekit's solve + blocking re-solve through the
genre script's ``puzzlekit``) take every ``stride``-th puzzle of the genre script's list;
each puzzle's three calls run under ``time.process_time`` (every thread: CP-SAT's workers
count), in the six orders in turn, after one warm-up pass over all of them. The orders
matter: a call right after puzzlekit's pays for its CP-SAT threads (caches, a core still
busy); rotating one order made "before" follow puzzlekit twice as often as "after", and
main's own code measured 7% faster in the "after" seat (1.14 against 1.06 ms). On a shared
machine wall seconds favour a solver running several threads, and a cold single run per
puzzle measures the caches as much as the code; this measures warm, interleaved CPU.
Prints one line: the three medians, the ratios of medians and the median ratios. A puzzle
puzzlekit cannot take (its script returns ``None``: Killer Sudoku's 6x6 with 3x2 boxes) is
left out of all three; counting its zero CPU made puzzlekit look several times faster than it is.
``--offset k`` starts each list (janko, then Tatham's) at its k-th puzzle, so that two runs of
one stride take different puzzles; ``--log`` writes each timed puzzle's line (with both
sides' verdicts: unique with the stored answer or not) as it is measured, so a run stopped
early keeps what it measured. The load averages at the start and the end are printed too.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent


def worker(mode: str) -> None:
    """Read ``genre name`` lines; print the CPU seconds of one call per line."""
    sys.path.insert(0, str(HERE))
    from pencilsat.strategies.front import solve

    benches: dict[str, tuple[dict, object]] = {}
    for line in sys.stdin:
        genre, name = line.split()
        if genre not in benches:
            bench = importlib.import_module(genre).BENCH
            benches[genre] = ({i["name"]: i for i in bench.items(1)}, bench)
        items, bench = benches[genre]
        item = items[name]
        config = next(iter(bench.configs.values()))  # type: ignore[attr-defined]
        start = time.process_time()
        if mode == "puzzlekit":
            outcome = bench.puzzlekit(item, 60)  # type: ignore[attr-defined]
        else:
            result = solve(item["puzzle"], encoding=config[0], backend=config[1])
        cpu = time.process_time() - start
        if mode == "puzzlekit":
            seen = {"ran": outcome is not None,
                    "agrees": outcome is not None and outcome.get("agrees"),
                    "status": outcome and outcome.get("status")}
        else:  # unique, with the stored answer (read after the clock stopped)
            seen = {"ran": True, "verdict": result.verdict.value,
                    "agrees": result.verdict == "unique" and result.solution == item["solution"]}
        print(json.dumps({"cpu": cpu, **seen}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("genre")
    parser.add_argument("--before", required=True, help="the source tree (src) to compare")
    parser.add_argument("--stride", type=int, default=2)
    parser.add_argument("--offset", type=int, default=0, help="start each list at this puzzle")
    parser.add_argument("--json", type=Path, help="also write every puzzle's three CPU times here")
    parser.add_argument("--log", type=Path, help="append each timed puzzle's line here as it ends")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    sys.path.insert(0, str(HERE))
    items = importlib.import_module(args.genre).BENCH.items(1)
    names = [i["name"] for part in (False, True)
             for i in [i for i in items if i["name"].startswith("tatham/") == part]
             [args.offset::args.stride]]
    load_start = os.getloadavg()
    log = args.log.open("a") if args.log else None
    here_src = str(HERE.parent / "src")

    def start(src: str, mode: str) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, __file__, args.genre, "--before", args.before, "--worker", mode],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env=dict(os.environ, PYTHONPATH=src))

    workers = {"before": start(args.before, "ours"), "after": start(here_src, "ours"),
               "puzzlekit": start(here_src, "puzzlekit")}
    cpu: dict[str, list[float]] = {label: [] for label in workers}
    agreed = dict.fromkeys(workers, 0)  # timed puzzles unique with the stored answer
    kept: list[str] = []
    orders = list(itertools.permutations(workers))
    skipped = 0
    for rep in range(2):
        for i, name in enumerate(names):
            row = {}
            for label in orders[i % len(orders)]:
                proc = workers[label]
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write(f"{args.genre} {name}\n")
                proc.stdin.flush()
                row[label] = json.loads(proc.stdout.readline())
            if not row["puzzlekit"]["ran"]:  # a puzzle puzzlekit cannot take (Killer 6x6)
                skipped += rep
            elif rep:
                kept.append(name)
                for label, seen in row.items():
                    cpu[label].append(seen["cpu"])
                    agreed[label] += bool(seen["agrees"])
                if log:
                    log.write(json.dumps({"name": name, **row}) + "\n")
                    log.flush()
    for proc in workers.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    before, after, kit = cpu["before"], cpu["after"], cpu["puzzlekit"]
    if args.json:
        args.json.write_text(json.dumps(
            [{"name": n, "before": b, "after": a, "puzzlekit": k}
             for n, b, a, k in zip(kept, before, after, kit, strict=True)], indent=1) + "\n")

    def ratio(ours: list[float]) -> str:
        each = median([k / o for k, o in zip(kit, ours, strict=True)])
        return f"{median(kit) / median(ours):.1f}x (median ratio {each:.1f}x)"

    load_end = os.getloadavg()
    print(f"{args.genre}: {len(names) - skipped} puzzles (every {args.stride}th"
          f"{f' from the {args.offset}th' if args.offset else ''}"
          f"{f', {skipped} puzzlekit cannot take left out' if skipped else ''}), median CPU ms: "
          f"before {median(before) * 1e3:.2f}, after {median(after) * 1e3:.2f}, puzzlekit "
          f"{median(kit) * 1e3:.2f}; puzzlekit / ours before {ratio(before)}, after "
          f"{ratio(after)}; unique with the stored answer: before {agreed['before']}, after "
          f"{agreed['after']}, puzzlekit {agreed['puzzlekit']}; load average "
          f"{load_start[0]:.1f} at the start, {load_end[0]:.1f} at the end")


if __name__ == "__main__":
    main()
