"""Benchmark of the graders' ``score``: Spearman with every labelled set of the corpus.

For a genre, grades every labelled puzzle, reads the score's features from each grade (the
library's own feature function), then reports for each target set:

- the Spearman of the shipped ``score`` (weights fitted on all of these puzzles: in-sample);
- the **cross-validated** Spearman: k-fold by puzzle, weights refitted on k-1 folds and the
  held-out fold scored with them (``score_fit.py``), repeated over several random splits
  (mean and lowest);
- the weights a fit on all puzzles gives (what ``grading/<genre>/score.py`` ships);
- the untied ceiling: the best Spearman any score without ties can reach on the set
  (``score_fit.untied_ceiling``; the papers' few levels tie, and can pass it).

Label sets: Sudoku: Tatham's six levels (``sudoku/tatham``), the Radcliffe rating
(``kaggle_radcliffe_curated5000.tsv``), the Sudoku Explainer rating
(``sudoku_exchange_diabolical_se_sample160.tsv``). Light Up and Masyu: the level asked of
Tatham's generator (``tatham/<size>-<level>``) and Tatham's solver's grade of the janko puzzles
(``tatham_grades.tsv``). Every logged deduction is also checked against the puzzle's solution
(the count of contradicting ones is reported).

Usage: ``python benchmarks/grade_score.py --genre sudoku|lightup|masyu [--workers 2]
[--every K] [--folds 5] [--repeats 5] [--refit]`` (``--refit``: reuse the stored grades in
``results/grade_score_<genre>.json``, only fit and report again). Writes
``results/grade_score_<genre>.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import csv
import json
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_fit import (  # noqa: E402
    cross_validate,
    fit_pairwise,
    fit_weights,
    spearman,
    untied_ceiling,
)

CORPUS = ROOT.parent / "shared" / "corpus"
RESULTS = ROOT / "benchmarks" / "results"
SUDOKU_LEVELS = ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"]


@dataclass(frozen=True)
class Target:
    """A set the score is judged on: its puzzles (a filter on rows) and the issue's goal."""

    name: str
    keep: Callable[[dict[str, Any]], bool]
    goal: float | None


# --- Sudoku ----------------------------------------------------------------------------------

def sudoku_items(every: int) -> list[dict[str, Any]]:
    folder = CORPUS / "sudoku"
    items: list[dict[str, Any]] = []
    for k, level in enumerate(SUDOKU_LEVELS, start=1):
        puzzles = (folder / "tatham" / f"{level}.txt").read_text().split()
        answers = (folder / "tatham" / f"{level}.sol").read_text().split()
        for i, (p, s) in enumerate(zip(puzzles, answers, strict=True)):
            items.append({"id": f"tatham/{level}:{i + 1}", "group": "tatham", "label": k,
                          "puzzle": p, "solution": s})
    with open(folder / "sudoku_exchange_diabolical_se_sample160.tsv", newline="") as handle:
        for i, r in enumerate(csv.DictReader(handle, delimiter="\t")):
            items.append({"id": f"se160:{i + 2}", "group": "se160",
                          "label": float(r["se_rating"]), "puzzle": r["puzzle"]})
    with open(folder / "kaggle_radcliffe_curated5000.tsv", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    for i, r in enumerate(rows[::every]):
        items.append({"id": f"radcliffe:{i * every + 2}", "group": "radcliffe",
                      "label": float(r["radcliffe_difficulty"]), "puzzle": r["puzzle"],
                      "solution": r["solution"]})
    return items


def sudoku_grade(item: dict[str, Any]) -> dict[str, Any]:
    from grade_sudoku import solve_exact_cover

    from pencilsat.grading.sudoku import grade_sudoku
    from pencilsat.grading.sudoku.score import sudoku_features
    from pencilsat.puzzles.sudoku import parse_line

    solution = item.get("solution") or solve_exact_cover(item["puzzle"], limit=1)[0]
    start = time.process_time()
    grade = grade_sudoku(parse_line(item["puzzle"]))
    seconds = time.process_time() - start
    wrong = sum(1 for s in grade.steps for r, c, d in s.placements
                if int(solution[r * 9 + c]) != d)
    return {"id": item["id"], "group": item["group"], "label": item["label"],
            "level": grade.level, "finished": grade.finished, "score": grade.score,
            "features": sudoku_features(grade.steps, grade.level or 0, grade.finished,
                                        grade.extras.forcing),
            "forcing": [list(f) for f in grade.extras.forcing],
            "steps": len(grade.steps), "contradicting": wrong, "seconds": seconds}


SUDOKU_TARGETS = [
    Target("Radcliffe rating (5,000)", lambda r: r["group"] == "radcliffe", 0.85),
    Target("SE rating (160)", lambda r: r["group"] == "se160", 0.6),
    Target("Tatham's six levels", lambda r: r["group"] == "tatham", 0.85),
    Target("Tatham intermediate and above", lambda r: r["group"] == "tatham"
           and r["label"] >= 3, 0.6),
]


# --- Light Up and Masyu: Tatham's generator levels and his solver's grade of janko -------------

def tatham_grades(genre: str) -> dict[str, str]:
    """Tatham's solver's grade of each corpus file of ``genre`` (``tatham_grades.tsv``)."""
    grades = {}
    for line in (CORPUS / "tatham_grades.tsv").read_text().splitlines()[1:]:
        path, _, grade = line.split("\t")
        if path.startswith(genre + "/"):
            grades[path] = grade.split()[-1]
    return grades


def grid_items(genre: str, scale: dict[str, int]) -> list[dict[str, Any]]:
    """Every Tatham-generated puzzle (group ``tatham``, label = the level asked for) and every
    janko puzzle Tatham's solver grades on the scale (group ``janko``)."""
    items: list[dict[str, Any]] = []
    for txt in sorted((CORPUS / genre / "tatham").glob("*/*.txt")):
        size, level = txt.parent.name.rsplit("-", 1)
        items.append({"id": str(txt.relative_to(CORPUS)), "group": "tatham",
                      "label": scale[level], "size": size, "file": str(txt)})
    for path, grade in sorted(tatham_grades(genre).items()):
        if path.startswith(f"{genre}/janko/") and grade in scale:
            txt = CORPUS / path
            size = txt.stem.split("_")[-1]
            items.append({"id": path, "group": "janko", "label": scale[grade], "size": size,
                          "file": str(txt)})
    return items


LIGHTUP_SCALE = {"easy": 1, "tricky": 2, "hard": 3, "beyond-hard": 4}


def lightup_items(every: int) -> list[dict[str, Any]]:
    return grid_items("lightup", LIGHTUP_SCALE)[::every]


def lightup_grade(item: dict[str, Any]) -> dict[str, Any]:
    from pencilsat.grading.lightup import grade_lightup
    from pencilsat.grading.lightup.score import lightup_features
    from pencilsat.puzzles.lightup import parse_puzzle, parse_solution

    txt = Path(item["file"])
    puzzle = parse_puzzle(txt.read_text(), name=txt.name)
    start = time.process_time()
    grade = grade_lightup(puzzle)
    seconds = time.process_time() - start
    solution = parse_solution(txt.with_suffix(".sol").read_text())
    wrong = sum(1 for s in grade.steps if not s.agrees_with(solution))
    return {"id": item["id"], "group": item["group"], "label": item["label"],
            "size": item["size"], "level": grade.level, "finished": grade.finished,
            "score": grade.score,
            "features": lightup_features(grade.steps, grade.level or 0, puzzle.width,
                                          puzzle.height,
                                          counting_open=grade.extras.counting_open),
            "steps": len(grade.steps), "contradicting": wrong, "seconds": seconds}


LIGHTUP_TARGETS = [
    *(Target(f"Tatham's levels, {size}", lambda r, s=size: r["group"] == "tatham"
             and r["size"] == s, 0.8) for size in ("10x10", "18x10", "24x14")),
    Target("Tatham's levels, all sizes together", lambda r: r["group"] == "tatham", None),
    Target("Tatham's grade of janko (easy..beyond-hard)", lambda r: r["group"] == "janko",
           None),
    Target("Tatham's grade of janko, 10x10", lambda r: r["group"] == "janko"
           and r["size"] == "10x10", None),
]


MASYU_SCALE = {"easy": 1, "tricky": 2, "beyond-tricky": 3}


def masyu_items(every: int) -> list[dict[str, Any]]:
    """Tatham's generated Masyu (all) and every ``every``-th janko puzzle of the grade list."""
    items = grid_items("masyu", MASYU_SCALE)
    tatham = [i for i in items if i["group"] == "tatham"]
    return tatham + [i for i in items if i["group"] == "janko"][::every]


def masyu_grade(item: dict[str, Any]) -> dict[str, Any]:
    from pencilsat.grading.masyu import grade_masyu
    from pencilsat.grading.masyu.score import masyu_features
    from pencilsat.puzzles.masyu import parse_puzzle, parse_solution

    txt = Path(item["file"])
    puzzle = parse_puzzle(txt.read_text(), name=txt.name)
    start = time.process_time()
    grade = grade_masyu(puzzle)
    seconds = time.process_time() - start
    answer = txt.with_suffix(".sol")   # a few large janko puzzles come without one
    solution = parse_solution(answer.read_text()) if answer.exists() else None
    wrong = sum(1 for s in grade.steps if solution and not s.agrees_with(solution))
    return {"id": item["id"], "group": item["group"], "label": item["label"],
            "size": item["size"], "level": grade.level, "finished": grade.finished,
            "score": grade.score,
            "features": masyu_features(grade.steps, grade.extras, grade.level or 0,
                                       puzzle.width, puzzle.height),
            "steps": len(grade.steps), "contradicting": wrong, "seconds": seconds}


MASYU_TARGETS = [
    *(Target(f"Tatham's levels, {size}", lambda r, s=size: r["group"] == "tatham"
             and r["size"] == s, 0.7) for size in ("10x10", "18x10")),
    Target("Tatham's grade of janko (easy, tricky, beyond)", lambda r: r["group"] == "janko",
           0.7),
    Target("Tatham's grade of janko, 10x10", lambda r: r["group"] == "janko"
           and r["size"] == "10x10", None),
]


# --- the run ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Genre:
    items: Callable[[int], list[dict[str, Any]]]
    grade: Callable[[dict[str, Any]], dict[str, Any]]
    targets: list[Target]
    features: str
    """``module:FEATURES`` naming the features and their meaning."""
    fit: str = "pairwise"
    """``pairwise`` (logistic loss on pairs) or ``lsq`` (least squares on centred ranks): the
    one that did better held out (issue 29: lsq for Sudoku, pairwise for Light Up and Masyu)."""
    ridge: float = 1e-3
    """The fit's penalty on the squared standardised weights: larger spreads the weight over
    more features (Light Up: 0.1; any of 0.03-1 did better held out on Tatham's sizes
    than 0.001, docs/experiments/graders.md)."""
    group_weight: dict[str, float] | None = None
    """A set's weight in the ``lsq`` loss (1 each unless named). Sudoku: Radcliffe 2, the
    variant with the largest smallest margin over the four goals held out by puzzle
    (issue 43, ``score_variants_sudoku.py``)."""


FITS = {"pairwise": fit_pairwise, "lsq": fit_weights}

GENRES: dict[str, Genre] = {
    "sudoku": Genre(sudoku_items, sudoku_grade, SUDOKU_TARGETS,
                    "pencilsat.grading.sudoku.score", fit="lsq",
                    group_weight={"radcliffe": 2.0}),
    "lightup": Genre(lightup_items, lightup_grade, LIGHTUP_TARGETS,
                     "pencilsat.grading.lightup.score", ridge=0.1),
    "masyu": Genre(masyu_items, masyu_grade, MASYU_TARGETS, "pencilsat.grading.masyu.score"),
}


def _matrix(rows: list[dict[str, Any]], names: list[str]) -> tuple[np.ndarray, ...]:
    x = np.array([[r["features"][n] for n in names] for r in rows], dtype=float)
    y = np.array([r["label"] for r in rows], dtype=float)
    groups = np.array([r["group"] for r in rows])
    return x, y, groups


def evaluate(rows: list[dict[str, Any]], genre: Genre, k: int, repeats: int
             ) -> dict[str, Any]:
    import importlib

    module = importlib.import_module(genre.features)
    names = list(module.FEATURES)
    fitted = [r for r in rows if r["group"] is not None]
    x, y, groups = _matrix(fitted, names)
    extra = {"group_weight": genre.group_weight} if genre.group_weight else {}
    fit = partial(FITS[genre.fit], ridge=genre.ridge, **extra)
    weights = fit(x, y, groups)
    ids = [r["id"] for r in fitted]
    held_out = [cross_validate(x, y, groups, ids, k=k, seed=seed, fit=fit)
                for seed in range(repeats)]
    # the shipped model on the stored features (the same as the grades' own score once the
    # weights are in the library)
    shipped = np.array([module.MODEL(r["features"]) if r["finished"] or r["score"] is not None
                        else np.nan for r in fitted])
    # by set: weights fitted without any puzzle of the target's set (what a new set of
    # puzzles from that source meets); only where there are other sets to fit on
    by_set = {}
    for g in np.unique(groups):
        train = groups != g
        if len(np.unique(groups[train])):
            by_set[g] = x[~train] @ fit(x[train], y[train], groups[train])
    report = []
    for target in genre.targets:
        mask = np.array([target.keep(r) for r in fitted])
        if mask.sum() < 3:
            continue
        cv = [spearman(p[mask], y[mask]) for p in held_out]
        ok = mask & ~np.isnan(shipped)
        sets = np.unique(groups[mask])
        unseen = None
        if len(sets) == 1 and sets[0] in by_set:
            inside = mask[groups == sets[0]]
            unseen = spearman(by_set[sets[0]][inside], y[mask])
        report.append({"unseen_set": unseen, "target": target.name, "n": int(mask.sum()),
                       "goal": target.goal,
                       "cv_mean": float(np.mean(cv)), "cv_min": float(np.min(cv)),
                       "shipped": spearman(shipped[ok], y[ok]),
                       "ceiling": untied_ceiling(y[mask]),
                       "level": spearman([r["level"] or 0 for r, m in zip(fitted, mask,
                                                                           strict=True) if m],
                                         y[mask])})
    return {"weights": dict(zip(names, (float(w) for w in weights), strict=True)),
            "shipped_weights": dict(module.MODEL.weights), "targets": report,
            "folds": k, "repeats": repeats, "fit": genre.fit, "ridge": genre.ridge,
            "group_weight": genre.group_weight}


def markdown(genre_name: str, rows: list[dict[str, Any]], result: dict[str, Any],
             meta: dict[str, Any]) -> str:
    import importlib

    module = importlib.import_module(GENRES[genre_name].features)
    wrong = sum(r["contradicting"] for r in rows)
    out = [f"# Score benchmark: {genre_name}", "",
           f"Generated by `{meta['command']}` ({meta['python']}, {meta['workers']} workers, "
           f"{meta['wall']:.0f} s wall" + (f"; fitted again by `{meta['refit']}`"
                                             if meta.get("refit") else "") +
           f"). {len(rows)} labelled puzzles graded; every logged "
           f"deduction checked against the solution: **{wrong} contradicting**.", "",
           "## Spearman of the score with each label set", "",
           f"Cross-validated: {result['folds']}-fold, a puzzle's fold from a hash of its id, "
           f"weights refitted ({result['fit']} fit, ridge {result.get('ridge', 1e-3):g}"
           + "".join(f", {g} weighing {w:g}x" for g, w in
                     (result.get("group_weight") or {}).items()) + ") "
           "without the held-out fold, "
           f"{result['repeats']} splits (hash "
           f"salts; mean, lowest). In-sample: the "
           "shipped weights (fitted on all of these puzzles). Level: the paper's level alone. "
           "Untied ceiling: the best a score without ties can reach (the labels' own order, "
           "ties between equal labels broken); a tied score such as the level can pass it.",
           "Set held out: weights fitted on the other sets only, none of the target's set "
           "seen (empty with one set).",
           "", "| target | n | goal | cross-validated (mean) | lowest split | set held out "
           "| in-sample score | level | untied ceiling |",
           "|---|---|---|---|---|---|---|---|---|"]
    for t in result["targets"]:
        goal = "" if t["goal"] is None else f">= {t['goal']}"
        unseen = "" if t.get("unseen_set") is None else f"{t['unseen_set']:.3f}"
        out.append(f"| {t['target']} | {t['n']} | {goal} | {t['cv_mean']:.3f} | "
                   f"{t['cv_min']:.3f} | {unseen} | {t['shipped']:.3f} | {t['level']:.3f} | "
                   f"{t['ceiling']:.3f} |")
    out += ["", "## Weights", "", "| feature | meaning | fitted on all | shipped |",
            "|---|---|---|---|"]
    for name, meaning in module.FEATURES.items():
        out.append(f"| `{name}` | {meaning} | {result['weights'][name]:.4f} | "
                   f"{result['shipped_weights'].get(name, 0.0):.4f} |")
    scale = module.MODEL.scale
    out += ["", f"score = {scale:g} x sum(weight x feature)."]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", required=True, choices=sorted(GENRES))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--every", type=int, default=1, help="large sets: every K-th puzzle")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--refit", action="store_true",
                        help="reuse the stored grades, only fit and report again")
    args = parser.parse_args(argv)
    genre = GENRES[args.genre]
    stored = RESULTS / f"grade_score_{args.genre}.json"
    command = "python benchmarks/grade_score.py " + " ".join(argv if argv is not None
                                                             else sys.argv[1:])
    if args.refit:
        data = json.loads(stored.read_text())
        rows, meta = data["puzzles"], data["meta"]
        meta["refit"] = command
    else:
        items = genre.items(args.every)
        start = time.perf_counter()
        with Pool(args.workers) as pool:
            rows = pool.map(genre.grade, items, chunksize=8)
        meta = {"command": command, "python": platform.python_version(),
                "workers": args.workers, "wall": time.perf_counter() - start}
    result = evaluate(rows, genre, args.folds, args.repeats)
    RESULTS.mkdir(parents=True, exist_ok=True)
    stored.write_text(json.dumps({"meta": meta, "result": result, "puzzles": rows}) + "\n")
    text = markdown(args.genre, rows, result, meta)
    (RESULTS / f"grade_score_{args.genre}.md").write_text(text)
    print(text)
    return 1 if any(r["contradicting"] for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
