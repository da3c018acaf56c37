"""CPU tails: every corpus puzzle of a genre through every strategy and backend it registers,
in CPU seconds, to find the puzzles a held-out judge's 60 s could miss.

Run from the repository root: ``nice -n 5 python benchmarks/tails.py [--genres a,b]
[--stride N] [--keep-largest K] [--cap S] [--log FILE] [--stem NAME]``. A genre's puzzles
are its registry corpus (``janko``; Sudoku: Tatham's 9x9 Solo sets, not the big batch
files), those with a stored answer, read as ``verdict_audit.py`` reads them; sorted by
cells, every ``stride``-th and the ``keep-largest`` largest. Each solve goes through the
solving front (which referees every answer with the rule checker) under ``--cap`` seconds,
timed with ``time.process_time`` (the process's CPU, CP-SAT's worker threads included), and
counts as agreeing when it is ``unique`` with the stored answer; each strategy solves the
genre's smallest puzzle once untimed first (imports, first calls). Writes
``benchmarks/results/<stem>.md`` and ``.json``: per genre and strategy the puzzles, the
agreeing ones, median, p99 and max CPU, and the five slowest puzzles. ``--log`` keeps one
JSON line per puzzle and genre; a rerun with the same log skips what it holds.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SOURCE = sys.argv[sys.argv.index("--src") + 1] if "--src" in sys.argv else str(REPO / "src")
"""The tree pencilsat is imported from: ``--src DIR`` (``tails_ab.py``'s old side), else
this checkout's."""
sys.path[:0] = [SOURCE, str(REPO / "benchmarks")]
PACKAGE = importlib.import_module("pencilsat")
"""Imported from SOURCE before ``verdict_audit`` puts this checkout's ``src`` first."""

from common import CORPUS, emit_row, markdown_table, median, write_results  # noqa: E402
from verdict_audit import corpus_items, load  # noqa: E402

from pencilsat.core.registry import GENRES, Genre  # noqa: E402
from pencilsat.core.result import Verdict  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402

Row = dict[str, Any]


LEAVE_OUT: set[str] = set()
"""``genre:strategy`` pairs ``--leave-out`` names (e.g. Masyu's reference ``tamura``)."""


def configs(genre: Genre) -> list[tuple[str, str]]:
    """(strategy, backend) of every strategy on every backend it runs on, but those left
    out."""
    return [(s.name, b) for s in genre.strategies for b in s.backends
            if f"{genre.name}:{s.name}" not in LEAVE_OUT]


def puzzles(genre: Genre, stride: int, keep_largest: int) -> list[tuple[str, Any, Any]]:
    """(name, puzzle, stored answer) by cells ascending: every ``stride``-th and the
    ``keep_largest`` largest, those with a stored answer only."""
    where = CORPUS / genre.corpus
    if where.is_file():  # Sudoku's batch files: take its Tatham 9x9 sets instead
        where = CORPUS / genre.name / "tatham"
    items = sorted(corpus_items(where), key=lambda t: (t[0], t[1]))
    chosen = set(range(0, len(items), stride)) | set(range(len(items) - keep_largest,
                                                           len(items)))
    out = []
    for index in sorted(i for i in chosen if i >= 0):
        name, puzzle, answer = load(genre, items[index][1], items[index][2])
        if answer is not None:
            out.append((name, puzzle, answer))
    return out


def timed(puzzle: Any, answer: Any, strategy: str, backend: str, cap: float) -> Row:
    """One solve's CPU seconds, wall seconds, verdict and whether it agrees."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = solve(puzzle, encoding=strategy, backend=backend, time_limit=cap)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    agrees = result.verdict == Verdict.UNIQUE and result.solution == answer
    return {"cpu": round(cpu, 4), "wall": round(wall, 4), "verdict": result.verdict.value,
            "agrees": bool(agrees)}


def warm(genre: Genre, chosen: list[tuple[str, Any, Any]], cap: float) -> None:
    """Each strategy once on the genre's first puzzle, untimed: imports, first calls."""
    for strategy, backend in configs(genre):
        solve(chosen[0][1], encoding=strategy, backend=backend, time_limit=cap)


def measured(genre: Genre, name: str, puzzle: Any, answer: Any, cap: float) -> Row:
    """One puzzle's row: every strategy and backend timed."""
    row: Row = {"genre": genre.name, "name": name, "cells": puzzle.width * puzzle.height}
    for strategy, backend in configs(genre):
        row[f"{strategy}/{backend}"] = timed(puzzle, answer, strategy, backend, cap)
    return row


def stride_of(genre: Genre, args: argparse.Namespace) -> int:
    return 1 if genre.name in args.every.split(",") else args.stride


def serve(args: argparse.Namespace) -> None:
    """``tails_ab.py``'s worker: reads ``genre index`` lines, answers each with the row of
    that puzzle of :func:`puzzles` (``--stride``, ``--every``, ``--keep-largest``)."""
    print(f"pencilsat from {Path(str(PACKAGE.__file__)).parent}", file=sys.stderr, flush=True)
    chosen: dict[str, list[tuple[str, Any, Any]]] = {}
    for line in sys.stdin:
        name, index = line.split()
        genre = GENRES[name]
        if name not in chosen:
            chosen[name] = puzzles(genre, stride_of(genre, args), args.keep_largest)
            warm(genre, chosen[name], args.cap)
        print(json.dumps(measured(genre, *chosen[name][int(index)], args.cap)), flush=True)


def survey(genre: Genre, args: argparse.Namespace, done: dict[tuple[str, str], Row],
           log: Any) -> list[Row]:
    rows = []
    chosen = puzzles(genre, stride_of(genre, args), args.keep_largest)
    warm(genre, chosen, args.cap)
    for name, puzzle, answer in chosen:
        if (genre.name, name) in done:
            rows.append(done[genre.name, name])
            continue
        row = measured(genre, name, puzzle, answer, args.cap)
        emit_row(row, log)
        rows.append(row)
    return rows


def p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.99 * len(xs)))] if xs else float("nan")


def page(rows: list[Row], genres: list[Genre], args: argparse.Namespace) -> tuple[str, Any]:
    table, slow_lines, data = [], [], {}
    for genre in genres:
        mine = [r for r in rows if r["genre"] == genre.name]
        if not mine:
            continue
        for strategy, backend in configs(genre):
            label = f"{strategy}/{backend}"
            runs = [(r[label]["cpu"], r["name"], r) for r in mine if label in r]
            cpu = [c for c, _, _ in runs]
            agree = sum(r[label]["agrees"] for _, _, r in runs)
            slowest = sorted(runs, reverse=True)[:5]
            table.append([genre.name, label, len(runs), agree, f"{median(cpu):.3f}",
                          f"{p99(cpu):.2f}", f"{max(cpu):.2f}"])
            slow_lines.append(f"- {genre.name} {label}: " + ", ".join(
                f"{n} ({r['cells']} cells) {c:.2f}" for c, n, r in slowest))
            data[f"{genre.name} {label}"] = {
                "puzzles": len(runs), "agree": agree, "median_cpu": median(cpu),
                "p99_cpu": p99(cpu), "max_cpu": max(cpu),
                "slowest": [(n, c) for c, n, _ in slowest],
                "not_agreeing": [(n, r[label]["verdict"]) for _, n, r in runs
                                 if not r[label]["agrees"]]}
    missed = [f"- {key}: {v['not_agreeing']}" for key, v in data.items() if v["not_agreeing"]]
    body = (f"Command: `nice -n 5 python benchmarks/tails.py --genres "
            f"{','.join(g.name for g in genres)} --stride {args.stride} --every "
            f"{args.every} --keep-largest {args.keep_largest} --cap {args.cap:g}"
            + (f" --leave-out {args.leave_out}" if args.leave_out else "")
            + "`. Load average at the end: "
            f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores shared with other "
            "runs). CPU seconds (`time.process_time`: CP-SAT's workers add up) of one solve "
            "with its uniqueness proof through the solving front; \"agree\": `unique` with "
            "the stored answer.\n\n"
            + markdown_table(["genre", "strategy/backend", "puzzles", "agree", "median CPU",
                              "p99 CPU", "max CPU"], table)
            + "\n\n## Five slowest per strategy (CPU seconds)\n\n" + "\n".join(slow_lines)
            + "\n\n## Not agreeing\n\n" + ("\n".join(missed) or "None: every run agreed."))
    return body, data


def arguments() -> argparse.ArgumentParser:
    """The options both scripts take (``tails_ab.py`` passes them to its workers)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--genres", default=",".join(GENRES),
                    help="genres, comma separated (default: every genre of the registry)")
    ap.add_argument("--stride", type=int, default=1, help="every Nth puzzle by cells")
    ap.add_argument("--keep-largest", type=int, default=10,
                    help="the K largest puzzles whatever the stride")
    ap.add_argument("--cap", type=float, default=60.0, help="seconds per solve")
    ap.add_argument("--log", help="JSON lines kept as they come; a rerun resumes from it")
    ap.add_argument("--leave-out", default="",
                    help="genre:strategy pairs not run, comma separated (masyu:tamura)")
    ap.add_argument("--stem", default="tails", help="results file name (default: tails)")
    ap.add_argument("--every", default="", help="genres taken at stride 1, comma separated")
    ap.add_argument("--src", default=SOURCE, help="the tree pencilsat is imported from")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    return ap


def main() -> None:
    args = arguments().parse_args()
    LEAVE_OUT.update(filter(None, args.leave_out.split(",")))
    if args.serve:
        serve(args)
        return
    genres = [GENRES[name] for name in args.genres.split(",")]
    done: dict[tuple[str, str], Row] = {}
    if args.log and Path(args.log).exists():
        for line in Path(args.log).read_text().splitlines():
            row = json.loads(line)
            done[row["genre"], row["name"]] = row
    log = open(args.log, "a") if args.log else None  # noqa: SIM115
    rows = [row for genre in genres for row in survey(genre, args, done, log)]
    body, data = page(rows, genres, args)
    write_results(args.stem, "CPU tails of every strategy on the corpus", body,
                  {"rows": rows, "summary": data})
    print(body)


if __name__ == "__main__":
    main()
