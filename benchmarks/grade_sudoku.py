"""Benchmark of the Sato (2010) Sudoku grader on the corpus sets.

Writes ``benchmarks/results/grade_sudoku.md`` and ``.json``:
- level distribution per set (and how many the method finishes);
- confusion table against Tatham's six levels (and Radcliffe's five labels);
- Spearman correlation (numpy ranks, ties averaged) of the grade and of the count of hard
  (level-3) steps with the Sudoku Explainer ratings of the SE-160 and the Radcliffe ratings of
  the 5,000;
- grading throughput (CPU time per puzzle, one process);
- soundness: every placement of every step checked against the unique solution (stored for
  Tatham and Radcliffe; computed here by an exact-cover solver for the other sets).

Usage: ``python benchmarks/grade_sudoku.py [--every K]`` (K > 1 samples every K-th puzzle).
"""

from __future__ import annotations

import argparse
import csv
import json
import platform
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from pencilsat.grading.sudoku import grade_sudoku  # noqa: E402
from pencilsat.puzzles.sudoku import parse_line  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "sudoku"
RESULTS = ROOT / "benchmarks" / "results"
TATHAM_LEVELS = ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"]
RADCLIFFE_LABELS = ["Beginner", "Easy", "Medium", "Hard", "Expert"]


# --- reference solutions: Knuth's exact cover (Algorithm X) on dict-of-sets -----------------

def _exact_cover_rows() -> dict[tuple[int, int, int], list[tuple[str, int, int]]]:
    rows = {}
    for r in range(9):
        for c in range(9):
            b = r // 3 * 3 + c // 3
            for d in range(1, 10):
                rows[(r, c, d)] = [("cell", r, c), ("row", r, d), ("col", c, d), ("box", b, d)]
    return rows


ROWS = _exact_cover_rows()


def solve_exact_cover(puzzle: str, limit: int = 2) -> list[str]:
    """Up to ``limit`` solutions; the column with fewest rows is covered first."""
    columns: dict[tuple, set] = {}
    for key, cols in ROWS.items():
        for col in cols:
            columns.setdefault(col, set()).add(key)

    def select(key):
        removed = []
        for col in ROWS[key]:
            for other in columns[col]:
                for col2 in ROWS[other]:
                    if col2 != col:
                        columns[col2].discard(other)
            removed.append(columns.pop(col))
        return removed

    def deselect(key, removed):
        for col in reversed(ROWS[key]):
            columns[col] = removed.pop()
            for other in columns[col]:
                for col2 in ROWS[other]:
                    if col2 != col:
                        columns[col2].add(other)

    chosen = []
    for i, ch in enumerate(puzzle):
        if ch not in ".0":
            key = (i // 9, i % 9, int(ch))
            if any(col not in columns or key not in columns[col] for col in ROWS[key]):
                return []
            select(key)
            chosen.append(key)
    found: list[str] = []

    def search():
        if not columns:
            grid = [0] * 81
            for r, c, d in chosen:
                grid[r * 9 + c] = d
            found.append("".join(map(str, grid)))
            return
        col = min(columns, key=lambda k: len(columns[k]))
        for key in list(columns[col]):
            removed = select(key)
            chosen.append(key)
            search()
            chosen.pop()
            deselect(key, removed)
            if len(found) >= limit:
                return

    search()
    return found


# --- statistics ------------------------------------------------------------------------------

def rank(values) -> np.ndarray:
    """1-based ranks, ties given their average rank."""
    x = np.asarray(values, dtype=float)
    _, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)
    return (ends - (counts - 1) / 2.0)[inverse]


def spearman(a, b) -> float:
    ra, rb = rank(a), rank(b)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    denom = np.sqrt((ra * ra).sum() * (rb * rb).sum())
    return float((ra * rb).sum() / denom) if denom else float("nan")


# --- corpus ----------------------------------------------------------------------------------

def _tsv(name: str) -> list[dict[str, str]]:
    with open(CORPUS / name, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def load_sets(every: int) -> dict[str, list[dict]]:
    sets: dict[str, list[dict]] = {}
    for level in TATHAM_LEVELS:
        puzzles = (CORPUS / "tatham" / f"{level}.txt").read_text().split()
        answers = (CORPUS / "tatham" / f"{level}.sol").read_text().split()
        sets[f"tatham-{level}"] = [{"puzzle": p, "solution": s, "label": level}
                                   for p, s in zip(puzzles, answers, strict=True)][::every]
    for name, file in (("top95", "norvig_top95.txt"), ("top1465", "magictour_top1465.txt")):
        sets[name] = [{"puzzle": p} for p in (CORPUS / file).read_text().split()][::every]
    sets["se160"] = [{"puzzle": r["puzzle"], "rating": float(r["se_rating"])}
                     for r in _tsv("sudoku_exchange_diabolical_se_sample160.tsv")][::every]
    sets["radcliffe5000"] = [
        {"puzzle": r["puzzle"], "solution": r["solution"],
         "rating": float(r["radcliffe_difficulty"]), "label": r["level"]}
        for r in _tsv("kaggle_radcliffe_curated5000.tsv")][::every]
    return sets


# --- run -------------------------------------------------------------------------------------

def grade_set(items: list[dict]) -> dict:
    records, violations, checked, solve_seconds, not_unique = [], [], 0, 0.0, 0
    for index, item in enumerate(items):
        puzzle = item["puzzle"]
        solution = item.get("solution")
        if solution is None:
            t0 = time.process_time()
            found = solve_exact_cover(puzzle, limit=2)
            solve_seconds += time.process_time() - t0
            if len(found) != 1:
                not_unique += 1
                continue
            solution = found[0]
        t0 = time.process_time()
        grade = grade_sudoku(parse_line(puzzle))
        seconds = time.process_time() - t0
        for step in grade.steps:
            for r, c, d in step.placements:
                checked += 1
                if int(solution[r * 9 + c]) != d:
                    violations.append({"index": index, "puzzle": puzzle,
                                       "technique": step.technique, "text": step.text})
        complete_ok = (not grade.finished) or "".join(map(str, grade.extras.grid)) == solution
        if not complete_ok:
            violations.append({"index": index, "puzzle": puzzle, "technique": "final grid"})
        records.append({
            "level": grade.level, "base_level": grade.extras.base_level,
            "finished": grade.finished, "level_up": grade.extras.level_up,
            "hard_steps": grade.extras.hard_steps,
            "level2plus_steps": sum(1 for s in grade.steps if s.level >= 2),
            "steps": len(grade.steps), "seconds": seconds, "techniques": grade.techniques,
            "rating": item.get("rating"), "label": item.get("label"),
        })
    return {"records": records, "violations": violations, "placements_checked": checked,
            "reference_solve_seconds": solve_seconds, "not_unique_skipped": not_unique}


def summarise(name: str, result: dict) -> dict:
    records = result["records"]
    levels = Counter(r["level"] for r in records)
    seconds = np.array([r["seconds"] for r in records])
    techniques: Counter = Counter()
    for r in records:
        techniques.update(r["techniques"])
    summary = {
        "set": name, "puzzles": len(records),
        "levels": {str(k): levels.get(k, 0) for k in (1, 2, 3)},
        "finished": sum(r["finished"] for r in records),
        "level_up_applied": sum(r["level_up"] for r in records),
        "placements_checked": result["placements_checked"],
        "violations": len(result["violations"]),
        "not_unique_skipped": result["not_unique_skipped"],
        "seconds_total": float(seconds.sum()),
        "ms_mean": float(1000 * seconds.mean()) if len(seconds) else 0.0,
        "ms_median": float(1000 * np.median(seconds)) if len(seconds) else 0.0,
        "ms_max": float(1000 * seconds.max()) if len(seconds) else 0.0,
        "reference_solve_seconds": result["reference_solve_seconds"],
        "techniques": dict(techniques.most_common()),
    }
    rated = [r for r in records if r["rating"] is not None]
    if rated:
        ratings = [r["rating"] for r in rated]
        summary["spearman"] = {
            "grade": spearman([r["level"] for r in rated], ratings),
            "grade_plus_unfinished": spearman(
                [r["level"] + (0 if r["finished"] else 1) for r in rated], ratings),
            "hard_steps": spearman([r["hard_steps"] for r in rated], ratings),
            "level2plus_steps": spearman([r["level2plus_steps"] for r in rated], ratings),
        }
    return summary


def confusion(records: list[dict], labels: list[str]) -> dict[str, dict[str, int]]:
    table = {label: {"1": 0, "2": 0, "3": 0, "unfinished": 0} for label in labels}
    for r in records:
        row = table[r["label"]]
        row[str(r["level"])] += 1
        row["unfinished"] += 0 if r["finished"] else 1
    return table


def _rho(value: float) -> str:
    return "n/a (one value only)" if value != value else f"{value:.3f}"


def markdown(summaries: list[dict], tatham: dict, radcliffe: dict, every: int) -> str:
    suffix = "" if every == 1 else f" --every {every}"
    out = ["# Sato (2010) Sudoku grader: benchmark", "",
           f"Generated by `python benchmarks/grade_sudoku.py{suffix}` "
           f"on {platform.python_implementation()} {platform.python_version()}, one process "
           f"({platform.machine()}). CPU time (`time.process_time`) per `grade_sudoku` call.",
           "", "## Level distribution, throughput and soundness", "",
           "| set | puzzles | L1 | L2 | L3 | finished | level-up | ms mean | ms median | "
           "ms max | total s | placements checked | violations |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in summaries:
        lv = s["levels"]
        out.append(f"| {s['set']} | {s['puzzles']} | {lv['1']} | {lv['2']} | {lv['3']} | "
                   f"{s['finished']} | {s['level_up_applied']} | {s['ms_mean']:.1f} | "
                   f"{s['ms_median']:.1f} | {s['ms_max']:.0f} | {s['seconds_total']:.1f} | "
                   f"{s['placements_checked']} | {s['violations']} |")
    for s in summaries:
        if s["set"] == "radcliffe5000":
            out += ["", f"Throughput: the {s['puzzles']} Radcliffe puzzles take "
                        f"{s['seconds_total']:.0f} s of CPU in one process "
                        f"({s['ms_mean']:.1f} ms per puzzle; target: 5,000 in under 300 s)."]
    skipped = sum(s["not_unique_skipped"] for s in summaries)
    out += ["", f"Violations = placements that contradict the unique solution (plus finished "
                f"grids that differ from it). Puzzles skipped as not unique: {skipped}.", ""]
    for title, table in (("Tatham's six levels", tatham), ("Radcliffe's labels", radcliffe)):
        out += [f"## Confusion table: {title} (rows) x Sato level (columns)", "",
                "| label | L1 | L2 | L3 | of which unfinished |", "|---|---|---|---|---|"]
        for label, row in table.items():
            out.append(f"| {label} | {row['1']} | {row['2']} | {row['3']} | "
                       f"{row['unfinished']} |")
        out.append("")
    out += ["## Spearman correlation with external ratings", "",
            "| set | rating | grade (1-3) | grade, +1 if unfinished | hard (level-3) steps | "
            "level>=2 steps |", "|---|---|---|---|---|---|"]
    for s in summaries:
        if "spearman" in s:
            sp = s["spearman"]
            source = "Sudoku Explainer" if s["set"] == "se160" else "Radcliffe"
            cells = " | ".join(_rho(sp[k]) for k in ("grade", "grade_plus_unfinished",
                                                     "hard_steps", "level2plus_steps"))
            out.append(f"| {s['set']} | {source} | {cells} |")
    out += ["", "## Technique use (steps) per set", ""]
    for s in summaries:
        top = ", ".join(f"{k} {v}" for k, v in s["techniques"].items())
        out.append(f"- **{s['set']}**: {top}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="grade every K-th puzzle")
    args = parser.parse_args(argv)
    sets = load_sets(args.every)
    summaries, results = [], {}
    for name, items in sets.items():
        result = grade_set(items)
        results[name] = result
        summaries.append(summarise(name, result))
        s = summaries[-1]
        print(f"{name}: {s['puzzles']} puzzles, levels {s['levels']}, finished {s['finished']}, "
              f"{s['seconds_total']:.1f} s, violations {s['violations']}", flush=True)
    tatham_records = [r for lv in TATHAM_LEVELS for r in results[f"tatham-{lv}"]["records"]]
    tatham = confusion(tatham_records, TATHAM_LEVELS)
    radcliffe = confusion(results["radcliffe5000"]["records"], RADCLIFFE_LABELS)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "grade_sudoku.md").write_text(markdown(summaries, tatham, radcliffe, args.every))
    payload = {"every": args.every, "summaries": summaries, "confusion_tatham": tatham,
               "confusion_radcliffe": radcliffe,
               "violations": {k: v["violations"] for k, v in results.items()}}
    (RESULTS / "grade_sudoku.json").write_text(json.dumps(payload, indent=1) + "\n")
    return 0 if not any(v["violations"] for v in results.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
