"""Benchmark the Light Up grader (Kashima 2010) on every Light Up of the shared corpus.

Writes benchmarks/results/grade_lightup.md and .json: share finished per set, cost and level
distributions, level against Tatham's easy/tricky/hard, the Spearman correlation of cost with
Tatham's level, grading time per size group, and soundness (every deduction checked against the
corpus solution) over every puzzle.

Run from the repository root:  python benchmarks/grade_lightup.py [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from pencilsat.grading.lightup import grade_lightup  # noqa: E402
from pencilsat.puzzles.lightup import parse_puzzle, parse_solution  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
RESULTS = ROOT / "benchmarks" / "results"
TATHAM_LEVEL = {"easy": 1, "tricky": 2, "hard": 3}
GRADE_ORDER = ["easy", "tricky", "hard", "beyond-hard", "other"]
LEVEL_COLUMNS = [str(k) for k in range(1, 8)] + ["unrated"]


def corpus_items() -> list[dict]:
    janko_grades = {}
    for line in (CORPUS / "tatham_grades.tsv").read_text().splitlines()[1:]:
        path, _, grade = line.split("\t")
        if path.startswith("lightup/"):
            janko_grades[path] = grade.split()[-1]
    items = []
    for txt in sorted((CORPUS / "lightup").rglob("*.txt")):
        rel = txt.relative_to(CORPUS).as_posix()
        parts = rel.split("/")
        if parts[1] == "tatham":
            set_name, grade = f"tatham {parts[2]}", parts[2].rsplit("-", 1)[1]
        else:
            set_name, grade = parts[1], janko_grades.get(rel, "other")
        items.append({"file": rel, "set": set_name,
                      "tatham": grade if grade in GRADE_ORDER else "other"})
    return items


def grade_one(item: dict) -> dict:
    txt = CORPUS / item["file"]
    puzzle = parse_puzzle(txt.read_text(), name=txt.name)
    start = time.process_time()  # CPU: what a grade costs, whatever else the machine runs
    grade = grade_lightup(puzzle)
    seconds = time.process_time() - start
    sol_path = txt.with_suffix(".sol")
    checked = violations = 0
    bad_steps = []
    if sol_path.exists():
        bulbs = parse_solution(sol_path.read_text()).bulbs
        for step in grade.steps:
            checked += 1
            wrong = (set(step.bulbs) - bulbs or set(step.no_bulb) & bulbs
                     or (step.exactly_one_bulb
                         and len(set(step.exactly_one_bulb) & bulbs) != 1))
            if wrong:
                violations += 1
                bad_steps.append(step.text)
    return {**item, "width": puzzle.width, "height": puzzle.height, "seconds": seconds,
            "finished": grade.finished, "level": grade.level, "cost": grade.extras.cost,
            "progress": grade.extras.progress, "steps": len(grade.steps), "checked": checked,
            "violations": violations, "bad_steps": bad_steps[:3],
            "has_solution": sol_path.exists(), "techniques": grade.techniques}


def spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rho: Pearson correlation of average ranks (ties share their mean rank)."""
    def ranks(values: list[float]) -> np.ndarray:
        a = np.asarray(values, dtype=float)
        order = np.argsort(a, kind="mergesort")
        r = np.empty(len(a))
        r[order] = np.arange(1, len(a) + 1)
        for v in np.unique(a):
            mask = a == v
            r[mask] = r[mask].mean()
        return r
    if len(x) < 3:
        return float("nan")
    return float(np.corrcoef(ranks(x), ranks(y))[0, 1])


def size_group(row: dict) -> str:
    cells = row["width"] * row["height"]
    if cells <= 100:
        return "<= 10x10"
    if cells <= 400:
        return "<= 400 cells"
    if cells <= 1000:
        return "<= 1000 cells"
    if cells <= 2500:
        return "<= 2500 cells"
    return "> 2500 cells"


SIZE_GROUPS = ["<= 10x10", "<= 400 cells", "<= 1000 cells", "<= 2500 cells", "> 2500 cells"]


def _set_order(name: str) -> tuple:
    base, _, group = name.partition(", ")
    return base, SIZE_GROUPS.index(group) if group else -1


def summarise(rows: list[dict]) -> dict:
    by_set: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_set[r["set"]].append(r)
    for r in rows:
        if r["set"] == "janko":
            by_set[f"janko, {size_group(r)}"].append(r)
    finished_share = {s: {"puzzles": len(v), "finished": sum(r["finished"] for r in v)}
                      for s, v in sorted(by_set.items(), key=lambda kv: _set_order(kv[0]))}
    levels = Counter(str(r["level"]) if r["finished"] else "unrated" for r in rows)
    ten = [r for r in rows if (r["width"], r["height"]) == (10, 10)]
    levels_10 = Counter(str(r["level"]) if r["finished"] else "unrated" for r in ten)
    costs = [r["cost"] for r in rows if r["finished"]]
    confusion = _confusion(rows)
    confusion_10 = _confusion(ten)
    correlations = {}
    for label, sel in (("all sizes", rows), ("10x10", ten)):
        fin = [r for r in sel if r["finished"] and r["tatham"] in TATHAM_LEVEL]
        correlations[label] = {
            "n": len(fin),
            "cost_vs_tatham": spearman([r["cost"] for r in fin],
                                       [TATHAM_LEVEL[r["tatham"]] for r in fin]),
            "level_vs_tatham": spearman([r["level"] for r in fin],
                                        [TATHAM_LEVEL[r["tatham"]] for r in fin]),
        }
        graded = [r for r in sel if r["tatham"] in TATHAM_LEVEL]
        correlations[label]["finished_vs_tatham_n"] = len(graded)
        correlations[label]["unrated_last_vs_tatham"] = spearman(
            [r["cost"] if r["finished"] else 1e9 + r["cost"] for r in graded],
            [TATHAM_LEVEL[r["tatham"]] for r in graded])
    timing = {}
    for g in SIZE_GROUPS:
        secs = [r["seconds"] for r in rows if size_group(r) == g]
        if secs:
            timing[g] = {"puzzles": len(secs), "mean": statistics.mean(secs),
                         "median": statistics.median(secs), "max": max(secs)}
    biggest = max(rows, key=lambda r: r["width"] * r["height"])
    slowest = max(rows, key=lambda r: r["seconds"])
    small = [r for r in rows if r["width"] <= 12 and r["height"] <= 12]
    tech_use = Counter()
    for r in rows:
        tech_use.update(r["techniques"])
    return {
        "puzzles": len(rows),
        "finished": sum(r["finished"] for r in rows),
        "finished_share_by_set": finished_share,
        "level_distribution": {c: levels.get(c, 0) for c in LEVEL_COLUMNS},
        "level_distribution_10x10": {c: levels_10.get(c, 0) for c in LEVEL_COLUMNS},
        "cost_finished": _describe(costs),
        "cost_finished_10x10": _describe([r["cost"] for r in ten if r["finished"]]),
        "cost_by_tatham_finished": {g: _describe([r["cost"] for r in rows
                                                  if r["tatham"] == g and r["finished"]])
                                    for g in GRADE_ORDER},
        "confusion_level_vs_tatham": confusion,
        "confusion_level_vs_tatham_10x10": confusion_10,
        "spearman": correlations,
        "timing_seconds": timing,
        "max_seconds_10x10": max(r["seconds"] for r in ten),
        "slowest": {"file": slowest["file"], "seconds": slowest["seconds"]},
        "over_half_second_12x12": sorted(
            ((r["file"], r["seconds"]) for r in small if r["seconds"] > 0.5),
            key=lambda fs: -fs[1]),
        "largest": {"file": biggest["file"], "seconds": biggest["seconds"],
                    "finished": biggest["finished"], "progress": biggest["progress"]},
        "soundness": {
            "puzzles_with_solution": sum(r["has_solution"] for r in rows),
            "deductions_checked": sum(r["checked"] for r in rows),
            "violations": sum(r["violations"] for r in rows),
            "violating_files": [r["file"] for r in rows if r["violations"]],
        },
        "technique_uses": dict(tech_use.most_common()),
    }


def _confusion(rows: list[dict]) -> dict[str, dict[str, int]]:
    out = {}
    for g in GRADE_ORDER:
        sel = [r for r in rows if r["tatham"] == g]
        if sel:
            c = Counter(str(r["level"]) if r["finished"] else "unrated" for r in sel)
            out[g] = {col: c.get(col, 0) for col in LEVEL_COLUMNS}
    return out


def _describe(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    q = np.percentile(values, [0, 25, 50, 75, 100])
    return {"n": len(values), "mean": float(np.mean(values)), "min": float(q[0]),
            "q1": float(q[1]), "median": float(q[2]), "q3": float(q[3]), "max": float(q[4])}


def markdown(s: dict, meta: dict) -> str:
    out = ["# Light Up grader (Kashima 2010) on the shared corpus", "",
           f"Generated by `python benchmarks/grade_lightup.py` ({meta['workers']} worker "
           f"processes, {meta['python']}, {meta['wall_seconds']:.0f} s wall).", "",
           f"{s['puzzles']} puzzles, {s['finished']} finished by the 25 techniques and, "
           f"where they stall, contradiction trials ({100 * s['finished'] / s['puzzles']:.1f}%;"
           " trials are not in the thesis: `grade --faithful` leaves them out, and an "
           "unfinished puzzle is then unrated, thesis §6).", "",
           "## Soundness", "",
           f"Every deduction of every puzzle checked against the corpus solution: "
           f"{s['soundness']['deductions_checked']} deductions on "
           f"{s['soundness']['puzzles_with_solution']} puzzles, "
           f"**{s['soundness']['violations']} contradictions**.", "",
           "## Share finished per set", "", "| set | puzzles | finished | share |",
           "|---|---|---|---|"]
    for name, v in s["finished_share_by_set"].items():
        out.append(f"| {name} | {v['puzzles']} | {v['finished']} | "
                   f"{100 * v['finished'] / v['puzzles']:.0f}% |")
    out += ["", "## Level distribution (Table 4.8 thresholds)", "",
            "| | " + " | ".join(LEVEL_COLUMNS) + " |", "|---" * (len(LEVEL_COLUMNS) + 1) + "|",
            "| all | " + " | ".join(str(s["level_distribution"][c]) for c in LEVEL_COLUMNS)
            + " |",
            "| 10x10 | " + " | ".join(str(s["level_distribution_10x10"][c])
                                      for c in LEVEL_COLUMNS) + " |",
            "", "Levels are calibrated on 10x10 puzzles only (thesis ch. 6); larger puzzles "
            "accumulate more cost and mostly land in level 7.", "",
            "## Cost of finished puzzles", "",
            "| subset | n | mean | min | q1 | median | q3 | max |",
            "|---|---|---|---|---|---|---|---|"]
    rows = [("all", s["cost_finished"]), ("10x10", s["cost_finished_10x10"])]
    rows += [(f"Tatham {g}", d) for g, d in s["cost_by_tatham_finished"].items()]
    for label, d in rows:
        if d["n"]:
            out.append(f"| {label} | {d['n']} | {d['mean']:.1f} | {d['min']:.1f} | "
                       f"{d['q1']:.1f} | {d['median']:.1f} | {d['q3']:.1f} | {d['max']:.1f} |")
    out += ["", "## Level against Tatham's grade", "",
            "Rows: Tatham's solver grade (folder level for `tatham/`, `tatham_grades.tsv` for "
            "janko; beyond-hard = Tatham's recursion limit). Columns: our level."]
    for title, key in (("all sizes", "confusion_level_vs_tatham"),
                       ("10x10 only (the thesis's calibration size)",
                        "confusion_level_vs_tatham_10x10")):
        out += ["", f"{title}:", "", "| Tatham | " + " | ".join(LEVEL_COLUMNS) + " |",
                "|---" * (len(LEVEL_COLUMNS) + 1) + "|"]
        for g, row in s[key].items():
            out.append(f"| {g} | " + " | ".join(str(row[c]) for c in LEVEL_COLUMNS) + " |")
    out += ["", "## Spearman correlation with Tatham's level (easy=1, tricky=2, hard=3)", "",
            "| subset | finished n | cost | level | all graded n | cost, unrated ranked last |",
            "|---|---|---|---|---|---|"]
    for label, c in s["spearman"].items():
        out.append(f"| {label} | {c['n']} | {c['cost_vs_tatham']:.3f} | "
                   f"{c['level_vs_tatham']:.3f} | {c['finished_vs_tatham_n']} | "
                   f"{c['unrated_last_vs_tatham']:.3f} |")
    out += ["", "## Grading time (CPU seconds per puzzle)", "",
            "| size group | puzzles | mean | median | max |", "|---|---|---|---|---|"]
    for g, t in s["timing_seconds"].items():
        out.append(f"| {g} | {t['puzzles']} | {t['mean']:.3f} | {t['median']:.3f} | "
                   f"{t['max']:.3f} |")
    big = s["largest"]
    big_state = ("finished" if big["finished"]
                 else f"unfinished at {100 * big['progress']:.0f}% lit")
    slow, small = s["slowest"], s["over_half_second_12x12"]
    listed = ", ".join(f"`{f.rsplit('/', 1)[-1]}` {t:.2f} s" for f, t in small[:10])
    out += ["", f"Slowest 10x10: {s['max_seconds_10x10']:.3f} s (target < 1 s). Largest "
            f"puzzle `{big['file']}`: {big['seconds']:.2f} s (target < 30 s), "
            f"{big_state}. Slowest grade: `{slow['file']}`, {slow['seconds']:.2f} s. "
            f"Grids up to 12x12 over 0.5 s: {len(small)}"
            + (f" ({listed}{', ...' if len(small) > 10 else ''})." if small else "."),
            "", "## Technique uses (all puzzles)", "", "| technique | uses |", "|---|---|"]
    for name, n in s["technique_uses"].items():
        out.append(f"| {name} | {n} |")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    items = corpus_items()
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        rows = pool.map(grade_one, items, chunksize=4)
    wall = time.perf_counter() - start
    summary = summarise(rows)
    meta = {"workers": args.workers, "python": platform.python_version(), "wall_seconds": wall}
    RESULTS.mkdir(parents=True, exist_ok=True)
    per_puzzle = [{k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()
                   if k != "techniques" and (k != "bad_steps" or v)} for r in rows]
    (RESULTS / "grade_lightup.json").write_text(json.dumps(
        {"meta": meta, "summary": summary, "puzzles": per_puzzle}, ensure_ascii=False))
    (RESULTS / "grade_lightup.md").write_text(markdown(summary, meta))
    print(markdown(summary, meta))


if __name__ == "__main__":
    main()
