"""Benchmark the Sato (2007) Masyu grader on the shared corpus.

Writes benchmarks/results/grade_masyu.md and .json: level distribution on the janko and Tatham
sets, confusion tables against Tatham's labels (folder level for the Tatham sets,
tatham_grades.tsv for janko), the share finished by deduction alone, grading time per size
group, and a soundness count (deductions checked against the corpus solution) over every
Masyu with a solution.

Usage: python benchmarks/grade_masyu.py [--workers 2] [--time-cap 120] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
CORPUS = ROOT.parent / "shared" / "corpus"
RESULTS = ROOT / "benchmarks" / "results"
SIZE_GROUPS = ((100, "<=100 cells"), (200, "101-200"), (400, "201-400"), (720, "401-720"),
               (10**9, ">720"))


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout


def grade_one(args: tuple[str, int]) -> dict:
    """Grade one corpus file in a worker; check every step against the solution."""
    from pencilsat.grading.masyu import grade_masyu
    from pencilsat.puzzles.masyu import parse_puzzle, parse_solution

    path, cap = args
    p = Path(path)
    puzzle = parse_puzzle(p.read_text(), name=p.name)
    sol_path = p.with_suffix(".sol")
    out = {"file": str(p.relative_to(CORPUS)), "cells": puzzle.width * puzzle.height,
           "size": f"{puzzle.width}x{puzzle.height}"}
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(cap)
    start = time.perf_counter()
    try:
        grade = grade_masyu(puzzle)
    except _Timeout:
        out.update(timeout=True, seconds=time.perf_counter() - start)
        return out
    finally:
        signal.alarm(0)
    out.update(timeout=False, seconds=time.perf_counter() - start, level=grade.level,
               technique_level=grade.extras.technique_level, finished=grade.finished,
               level_up=grade.extras.level_up, tedium=grade.extras.tedium, steps=len(grade.steps),
               techniques=grade.techniques)
    if sol_path.exists():
        solution = parse_solution(sol_path.read_text())
        wrong = [s for s in grade.steps if not s.agrees_with(solution)]
        out["checked"] = True
        out["unsound_steps"] = [f"{s.technique}: {s.text}" for s in wrong[:3]]
        out["unsound"] = len(wrong)
    else:
        out["checked"] = False
    return out


def labels() -> dict[str, str]:
    """Tatham's label per corpus file: folder level for Tatham sets, grades TSV for janko."""
    out = {}
    for line in (CORPUS / "tatham_grades.tsv").read_text().splitlines()[1:]:
        parts = line.split("\t")
        if parts[0].startswith("masyu/"):
            out[parts[0]] = parts[-1]
    for p in (CORPUS / "masyu" / "tatham").glob("*/*.txt"):
        out[str(p.relative_to(CORPUS))] = p.parent.name.split("-")[-1]
    return out


def size_group(cells: int) -> str:
    return next(name for limit, name in SIZE_GROUPS if cells <= limit)


def confusion(rows: list[dict], label_of: dict[str, str]) -> tuple[list[str], dict]:
    table: dict[str, Counter] = defaultdict(Counter)
    for r in rows:
        lab = label_of.get(r["file"])
        if lab is None or r.get("timeout"):
            continue
        table[lab][r["level"]] += 1
    order = [x for x in ("easy", "tricky", "beyond-tricky", "unknown") if x in table]
    order += sorted(set(table) - set(order))
    return order, table


def markdown(rows: list[dict], label_of: dict[str, str], wall: float, args) -> str:
    out = ["# Masyu grader (Sato 2007) on the shared corpus", ""]
    out.append(f"Command: `python benchmarks/grade_masyu.py --workers {args.workers}"
               f" --time-cap {args.time_cap}`; {len(rows)} puzzles, wall time {wall:.0f} s"
               f" on {args.workers} workers. Per-puzzle cap {args.time_cap} s (timeouts are"
               f" listed, not graded).")
    out.append("")
    sets = {"janko": [r for r in rows if r["file"].startswith("masyu/janko/")],
            "tatham": [r for r in rows if r["file"].startswith("masyu/tatham/")],
            "seed": [r for r in rows if r["file"].startswith("masyu/seed")]}
    out += ["## Level distribution", "",
            "| set | puzzles | level 1 | level 2 | level 3 | finished by deduction |"
            " of which without trials | level-up applied | timeouts |",
            "|---|---|---|---|---|---|---|---|---|"]
    for name, rs in sets.items():
        done = [r for r in rs if not r["timeout"]]
        lv = Counter(r["level"] for r in done)
        fin = sum(r["finished"] for r in done)
        up = sum(r["level_up"] for r in done)
        plain = sum(1 for r in done if r["finished"] and "MUJYUNSYORI" not in r["techniques"])
        share = f"{fin}/{len(done)} ({100 * fin / max(1, len(done)):.1f} %)"
        out.append(f"| {name} | {len(rs)} | {lv[1]} | {lv[2]} | {lv[3]} | {share} | {plain} |"
                   f" {up} | {len(rs) - len(done)} |")
    out.append("")
    out.append("Level 3 includes puzzles the grader did not finish (depth-1 trials exhausted or"
               " the trial budget reached); the paper prints level 3 for both.")
    out.append("")
    for name, title in (("tatham", "Tatham sets: grader level vs the level requested from"
                         " Tatham's generator"),
                        ("janko", "janko: grader level vs Tatham's grade (tatham_grades.tsv)")):
        order, table = confusion(sets[name], label_of)
        out += [f"## {title}", "", "| Tatham label | level 1 | level 2 | level 3 | total |",
                "|---|---|---|---|---|"]
        for lab in order:
            c = table[lab]
            out.append(f"| {lab} | {c[1]} | {c[2]} | {c[3]} | {sum(c.values())} |")
        out.append("")
    out += ["## Grading time per size group (seconds)", "",
            "| size group | puzzles | median | max | finished |", "|---|---|---|---|---|"]
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        groups[size_group(r["cells"])].append(r)
    for _, name in SIZE_GROUPS:
        rs = groups.get(name, [])
        if not rs:
            continue
        times = [r["seconds"] for r in rs]
        fin = sum(1 for r in rs if r.get("finished"))
        out.append(f"| {name} | {len(rs)} | {statistics.median(times):.2f} | {max(times):.2f}"
                   f" | {fin} |")
    b36 = [r["seconds"] for r in rows if r["size"] in ("36x20", "20x36")]
    if b36:
        out += ["", f"36x20 boards ({len(b36)}): median {statistics.median(b36):.2f} s,"
                f" max {max(b36):.2f} s (issue target: median <= 1 s, max <= 30 s)."]
    seed36 = [r for r in rows if r["file"].endswith("seed_36x20.txt")]
    if seed36:
        r = seed36[0]
        out += ["", f"Seed 36x20: level {r.get('level')}, technique level"
                f" {r.get('technique_level')}, tedium {r.get('tedium')}, finished"
                f" {r.get('finished')}, {r.get('steps')} steps, {r['seconds']:.2f} s."]
    checked = [r for r in rows if r.get("checked")]
    unsound = [r for r in checked if r["unsound"]]
    steps = sum(r["steps"] for r in checked)
    out += ["", "## Soundness", "",
            f"{len(checked)} puzzles with a corpus solution graded, {steps} logged steps"
            f" checked against the solution: **{len(unsound)} puzzles with a contradicting"
            f" step** ({sum(r['unsound'] for r in unsound)} steps).",
            f"Timeouts (not checked): {sum(1 for r in rows if r['timeout'])}."]
    for r in unsound[:10]:
        out.append(f"- {r['file']}: {r['unsound_steps']}")
    tech = Counter()
    for r in rows:
        tech.update({k: 1 for k in r.get("techniques", {})})
    out += ["", "## Techniques: puzzles in which each fired", "",
            "| technique | puzzles |", "|---|---|"]
    for k, v in tech.most_common():
        out.append(f"| {k} | {v} |")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--time-cap", type=int, default=120)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--from-json", action="store_true",
                    help="rewrite the markdown from the stored JSON without grading again")
    args = ap.parse_args()
    if args.from_json:
        data = json.loads((RESULTS / "grade_masyu.json").read_text())
        args.workers, args.time_cap = data["workers"], data["time_cap"]
        text = markdown(data["puzzles"], labels(), data["wall_seconds"], args)
        (RESULTS / "grade_masyu.md").write_text(text)
        print(text)
        return
    files = sorted(str(p) for p in (CORPUS / "masyu").rglob("*.txt"))
    if args.limit:
        files = files[: args.limit]
    start = time.perf_counter()
    rows = []
    with Pool(args.workers) as pool:
        for k, r in enumerate(pool.imap_unordered(grade_one, [(f, args.time_cap)
                                                             for f in files]), 1):
            rows.append(r)
            if k % 50 == 0:
                print(f"{k}/{len(files)} {time.perf_counter() - start:.0f}s", flush=True)
    rows.sort(key=lambda r: r["file"])
    wall = time.perf_counter() - start
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "grade_masyu.md").write_text(markdown(rows, labels(), wall, args))
    (RESULTS / "grade_masyu.json").write_text(json.dumps(
        {"wall_seconds": wall, "workers": args.workers, "time_cap": args.time_cap,
         "puzzles": rows}, indent=1))
    print((RESULTS / "grade_masyu.md").read_text())


if __name__ == "__main__":
    main()
