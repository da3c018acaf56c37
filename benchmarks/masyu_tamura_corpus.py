"""Tamura's reference model on the whole Masyu corpus: does it agree with every ``.sol``?

``masyu_strategies.py`` times every strategy, but runs ``tamura`` only on the puzzles of at
most 100 cells (it takes seconds to minutes on bigger ones). This script runs it on every
corpus Masyu (janko, Tatham, the seeds) with its default CNF backend and CaDiCaL, a cap per
puzzle, and counts the verdicts: ``agree`` (unique, exactly the ``.sol`` edges, accepted by
the rule checker), ``unknown`` (the cap was reached) or wrong. ``--jobs`` puzzles run at once
in separate processes, so the times are for a loaded machine: this is about the answers.

Writes ``benchmarks/results/masyu_tamura_corpus.md`` and ``.json``.
Usage: ``python benchmarks/masyu_tamura_corpus.py [--cap 300] [--jobs 2] [--largest-first]
[--log FILE]`` (about an hour on 2 cores; the biggest janko, 40x58, takes about 3 minutes
and 12.9 M clauses). ``--only NAME ...`` runs just those puzzles (the ``unknown`` ones again
with a bigger ``--cap``, say, or another ``--sat-solver`` or ``--backend cpsat``) and
writes ``masyu_tamura_corpus_retry_<backend>[_<sat solver>].md`` / ``.json`` instead, so the
whole run's files stay.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table, median, write_results  # noqa: E402
from masyu_strategies import corpus, outcome, timed_run  # noqa: E402


def _one(job: tuple[int, float, tuple[str, str, str | None]]) -> dict[str, Any]:
    index, cap, config = job
    item = _items()[index]
    seconds, result = timed_run(config, item["puzzle"], cap)
    record = {"puzzle": item["name"], "group": item["group"], "cells": item["cells"],
              "seconds": round(seconds, 3), "verdict": str(result.verdict),
              "outcome": outcome(item, result)}
    if result.verdict == "unknown":  # where the cap came: before the first answer, or after
        record["first_solve_s"] = result.stats.solve_s
        record["first_answer"] = (None if result.solution is None else
                                  "the .sol" if result.solution == item["expected"] else "other")
    return record


@cache
def _items() -> list[dict[str, Any]]:
    """The corpus puzzles with a ``.sol`` file, smallest first (read once per process)."""
    return sorted((i for i in corpus() if i["expected"] is not None), key=lambda i: i["cells"])


def _unknowns(records: list[dict[str, Any]]) -> list[str]:
    """One line per puzzle at the cap: did the first solve finish, and with which answer?"""
    lines = []
    for r in records:
        if r["verdict"] != "unknown":
            continue
        if r.get("first_answer") is None:
            how = "no answer by the cap"
        else:
            how = (f"first answer ({r['first_answer']}) in {r['first_solve_s']:.1f} s, "
                   "the uniqueness proof unfinished")
        lines.append(f"- `{r['puzzle']}` ({r['cells']} cells): {how}")
    return ["Unknown (at the cap):", "", *lines, ""] if lines else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=300.0, help="seconds per puzzle")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--largest-first", action="store_true",
                        help="the biggest puzzles first (the slowest: a partial run covers them)")
    parser.add_argument("--log", type=Path, default=None,
                        help="also append each record to this file as a JSON line")
    parser.add_argument("--only", nargs="+", metavar="NAME", default=None,
                        help="just these puzzles, e.g. janko/716_15x15 (results: *_retry_*)")
    parser.add_argument("--backend", choices=("cnf", "cpsat"), default="cnf")
    parser.add_argument("--sat-solver", default="cadical", help="for the cnf backend")
    args = parser.parse_args()
    began = time.perf_counter()
    config = ("tamura", args.backend, args.sat_solver if args.backend == "cnf" else None)
    names = [item["name"].removesuffix(".txt") for item in _items()]
    order = list(range(len(names)))
    if args.only is not None:
        wanted = {name.removesuffix(".txt") for name in args.only}
        if missing := sorted(wanted - set(names)):
            parser.error(f"not a corpus Masyu with a .sol file: {', '.join(missing)} "
                         "(names look like janko/716_15x15)")
        order = [i for i in order if names[i] in wanted]
    jobs = [(i, args.cap, config)
            for i in (reversed(order) if args.largest_first else order)]
    with ProcessPoolExecutor(args.jobs) as pool:
        records = []
        for done, record in enumerate(pool.map(_one, jobs), start=1):
            records.append(record)
            if args.log is not None:
                with args.log.open("a") as log:
                    log.write(json.dumps(record) + "\n")
            if done % 50 == 0 or record["outcome"] != "agree":
                print(done, record, flush=True)
    rows = []
    for group in dict.fromkeys(r["group"] for r in records):
        mine = [r for r in records if r["group"] == group]
        seconds = [r["seconds"] for r in mine]
        rows.append([group, len(mine), f"{median(seconds):.2f}", f"{max(seconds):.2f}",
                     sum(r["outcome"] == "agree" for r in mine),
                     sum(r["verdict"] == "unknown" for r in mine),
                     sum(r["outcome"] not in ("agree", "unknown") for r in mine)])
    agree = sum(r["outcome"] == "agree" for r in records)
    body = "\n".join([
        f"`{'/'.join(filter(None, config))}` on {'the chosen' if args.only else 'every'} "
        f"corpus Masyu with a `.sol` file ({len(records)} puzzles), cap {args.cap:g} s per puzzle, "
        f"{args.jobs} at once (times on a loaded machine). `agree`: unique with exactly the "
        "`.sol` edges and accepted by the rule checker; `unknown`: the cap was reached; "
        "`wrong`: anything else.",
        "",
        markdown_table(["group", "puzzles", "median s", "max s", "agree", "unknown", "wrong"],
                       rows),
        "",
        f"In all: {agree}/{len(records)} agree; "
        f"{time.perf_counter() - began:.0f} s wall.",
        "",
        *_unknowns(records),
        "Reproduce: `python benchmarks/masyu_tamura_corpus.py"
        + (f" --only {' '.join(args.only)} --cap {args.cap:g} --backend {args.backend}"
           + (f" --sat-solver {args.sat_solver}" if args.backend == "cnf" else "") + "`"
           if args.only else "`") + ".",
    ])
    retry = "_".join(["masyu_tamura_corpus_retry", *filter(None, config[1:])])
    stem, title = ((retry, "Tamura's Masyu model on chosen puzzles again")
                   if args.only else
                   ("masyu_tamura_corpus", "Tamura's Masyu model on the whole corpus"))
    write_results(stem, title, body,
                  {"args": {**vars(args), "log": str(args.log) if args.log else None},
                   "config": config, "records": records})


if __name__ == "__main__":
    main()
