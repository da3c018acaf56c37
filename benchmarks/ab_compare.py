"""Old against new in one run: the same workloads on this checkout and on another one.

Usage: ``python benchmarks/ab_compare.py --other ../old/src [--rounds 3]``. Each workload
runs in a fresh process per source tree, the two trees alternating round by round so that
the shared machine's load falls on both alike; each workload reports the figure it is judged
by (seconds, or puzzles per second), and the table gives the median over the rounds and the
ratio new/old. Workloads: every janko Masyu solved and proven (median and max per puzzle),
the seed 36x20 (median of 10), the janko Light Up up to 100x100 (max), Royle's 17-clue
Sudokus through the batch path (puzzles per second), and grading samples of each genre, with
and without the score (``--no-score``: the level only).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, RESULTS, markdown_table, median, write_results  # noqa: E402

PRELUDE = f"""
import gc, glob, json, statistics, time
import pencilsat
CORPUS = {str(CORPUS)!r}
def timed(path, call):
    puzzle = pencilsat.read_puzzle(path)
    gc.collect()
    start = time.perf_counter()
    result = call(puzzle)
    return time.perf_counter() - start, result
def tatham_sudoku_sample(grade):
    lines = []
    for path in sorted(glob.glob(CORPUS + '/sudoku/tatham/*.txt')):
        lines += open(path).read().split()
    lines = lines[::4]
    start = time.perf_counter()
    for line in lines:
        grade(pencilsat.read_puzzle(line))
    return {{'value': time.perf_counter() - start, 'n': len(lines)}}
"""

WORKLOADS = {
    "janko Masyu, solve + prove (median s)": """
times = [timed(p, pencilsat.solve)[0] for p in sorted(glob.glob(CORPUS + '/masyu/janko/*.txt'))]
print(json.dumps({'value': statistics.median(times), 'max': max(times), 'n': len(times)}))
""",
    "seed Masyu 36x20, solve + prove (median of 10, s)": """
path = CORPUS + '/masyu/seed_36x20.txt'
times = [timed(path, pencilsat.solve)[0] for _ in range(10)]
print(json.dumps({'value': statistics.median(times)}))
""",
    "janko Light Up up to 100x100, solve + prove (max s)": """
times = [timed(p, pencilsat.solve)[0] for p in sorted(glob.glob(CORPUS + '/lightup/janko/*.txt'))]
print(json.dumps({'value': max(times), 'median': statistics.median(times), 'n': len(times)}))
""",
    "Royle 17-clue Sudoku batch (puzzles/s)": """
try:
    from pencilsat.strategies.sudoku_batch import solve_batch
except ImportError:
    from pencilsat.solvers.sudoku_batch import solve_batch
lines = open(CORPUS + '/sudoku/royle_17clue.txt').read().split()
start = time.perf_counter()
records = list(solve_batch(lines))
elapsed = time.perf_counter() - start
print(json.dumps({'value': len(records) / elapsed, 'n': len(records)}))
""",
    "grade: janko Masyu, every 20th (total s)": """
paths = sorted(glob.glob(CORPUS + '/masyu/janko/*.txt'))[::20]
print(json.dumps({'value': sum(timed(p, pencilsat.grade)[0] for p in paths), 'n': len(paths)}))
""",
    "grade: janko Light Up, every 20th (total s)": """
paths = sorted(glob.glob(CORPUS + '/lightup/janko/*.txt'))[::20]
print(json.dumps({'value': sum(timed(p, pencilsat.grade)[0] for p in paths), 'n': len(paths)}))
""",
    "grade --faithful (the thesis alone): janko Light Up, every 20th (total s)": """
paths = sorted(glob.glob(CORPUS + '/lightup/janko/*.txt'))[::20]
def faithful(p):
    try:
        return pencilsat.grade(p, faithful=True)
    except TypeError:  # the old tree had no trials: its grade is the thesis's
        return pencilsat.grade(p)
print(json.dumps({'value': sum(timed(p, faithful)[0] for p in paths), 'n': len(paths)}))
""",
    "grade: Tatham Sudoku, every 4th (total s)": """
print(json.dumps(tatham_sudoku_sample(pencilsat.grade)))
""",
    "grade --no-score (level only): janko Masyu, every 20th (total s)": """
paths = sorted(glob.glob(CORPUS + '/masyu/janko/*.txt'))[::20]
print(json.dumps({'value': sum(timed(p, level_only)[0] for p in paths), 'n': len(paths)}))
""",
    "grade --no-score (level only): janko Light Up, every 20th (total s)": """
paths = sorted(glob.glob(CORPUS + '/lightup/janko/*.txt'))[::20]
print(json.dumps({'value': sum(timed(p, level_only)[0] for p in paths), 'n': len(paths)}))
""",
    "grade --faithful --no-score (level only): janko Light Up, every 20th (total s)": """
paths = sorted(glob.glob(CORPUS + '/lightup/janko/*.txt'))[::20]
print(json.dumps({'value': sum(timed(p, lambda q: level_only(q, faithful=True))[0]
                               for p in paths), 'n': len(paths)}))
""",
    "grade --no-score (level only): Tatham Sudoku, every 4th (total s)": """
print(json.dumps(tatham_sudoku_sample(level_only)))
""",
}
HIGHER_IS_BETTER = {"Royle 17-clue Sudoku batch (puzzles/s)"}
LEVEL_ONLY = """
import inspect
def level_only(p, faithful=False):
    # the old tree has no score (nor faithful): its plain grade is the level only. Asked of
    # the signature, not by catching TypeError, so a TypeError inside the new grader shows.
    options = inspect.signature(pencilsat.grade).parameters
    if 'score' not in options:
        return pencilsat.grade(p, faithful=True) if faithful and 'faithful' in options else (
            pencilsat.grade(p))
    return pencilsat.grade(p, faithful=faithful, score=False)
"""


def run(src: Path, code: str) -> dict[str, float]:
    proc = subprocess.run([sys.executable, "-c", PRELUDE + LEVEL_ONLY + code],
                          capture_output=True, text=True,
                          env={"PYTHONPATH": str(src), "OPENBLAS_NUM_THREADS": "1", "PATH": ""},
                          timeout=3600)
    if proc.returncode:
        raise RuntimeError(f"{src}: {proc.stderr[-2000:]}")
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--other", type=Path, required=True, help="the other checkout's src")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", nargs="*", help="workload names containing these words")
    args = ap.parse_args()
    trees = {"old": args.other.resolve(), "new": REPO / "src"}
    chosen = {name: code for name, code in WORKLOADS.items()
              if not args.only or any(word in name for word in args.only)}
    results: dict[str, dict[str, list[dict[str, float]]]] = {
        name: {"old": [], "new": []} for name in chosen}
    for round_ in range(args.rounds):
        for name, code in chosen.items():
            order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
            for tree in order:
                results[name][tree].append(run(trees[tree], code))
            print(round_, name, {t: results[name][t][-1] for t in order}, flush=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for by_tree in results.values():
        by_tree["measured"] = stamp  # type: ignore[assignment]
    previous = RESULTS / "ab_compare.json"
    if args.only and previous.exists():  # the rows not run again keep their last figures
        kept = json.loads(previous.read_text())
        results = {name: results.get(name, kept.get(name)) for name in WORKLOADS
                   if name in results or name in kept}
    rows = []
    for name, by_tree in results.items():
        old = median([r["value"] for r in by_tree["old"]])
        new = median([r["value"] for r in by_tree["new"]])
        better = new >= old if name in HIGHER_IS_BETTER else new <= old
        extra = ""
        if "max" in by_tree["new"][0]:
            extra = (f"max {median([r['max'] for r in by_tree['old']]):.3f} -> "
                     f"{median([r['max'] for r in by_tree['new']]):.3f} s")
        noise = "yes" if better else "within 5%" if abs(new / old - 1) <= 0.05 else "no"
        rows.append([name, f"{old:.4g}", f"{new:.4g}", f"{new / old:.2f}", noise,
                     by_tree.get("measured", "") + (f"; {extra}" if extra else "")])
    body = (f"Medians over {args.rounds} rounds, the two trees alternating; old = "
            f"`{trees['old']}`, new = this checkout. The machine is shared: compare within the "
            "row. `--only` runs some rows again and keeps the others' last figures (each row "
            "says when it was measured).\n\n"
            + markdown_table(["workload", "old", "new", "new/old", "as good", "measured; also"],
                             rows)
            + "\n\nThe grade rows do more work in the new tree, as issue 29 asks: Light Up "
              "follows contradiction trials where the thesis's 25 techniques stall (the old "
              "tree stopped there, unrated; the `--faithful` row compares the thesis alone, "
              "plus the score's second run of the six counting techniques alone), Sudoku's "
              "score surveys the later trial candidates and runs the forcing probe, "
              "and Masyu's reads every level's solve. The `--no-score` rows grade the level "
              "only in the new tree (`score=False`: no forcing probe, no counting run, no "
              "Sudoku trial survey or step options) "
              "against the old tree's plain grade, which had no score."
            + "\n\nReproduce: `python benchmarks/ab_compare.py --other OLD/src`.\n")
    write_results("ab_compare", "Old against new in one run", body, results)


if __name__ == "__main__":
    main()
