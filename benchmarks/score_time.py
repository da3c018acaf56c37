"""Fitting and checking the Sudoku grader's ``score_time`` on human solving times.

Grades every puzzle of the shared part of the Cloud Sudoku data
(``../shared/corpus/sudoku/human/cloud_sudoku_times.tsv``: Wang 2024, mean solving seconds of
10-43 players per puzzle), reads the finding measures (``grading/sudoku/finding.py``) and the
model's figures (``grading/sudoku/human_time.py``) from each grade, then:

- the Spearman of every finding measure, the technique score and the level with mean solving
  time, with a 95 % bootstrap interval (nothing fitted);
- the model's figure **cross-validated**: 5-fold by a hash of the game number, coefficients
  refitted without the held-out fold (``score_fit.fit_log_linear``: least squares on log
  time, non-negative coefficients), over several salts (mean, lowest), with the bootstrap
  interval of the first split and Pearson on log time;
- the **nested** figure of the choice of figures: in each outer training part, a forward
  selection from the declared :data:`POOL` (17 figures of the grade, fixed before any fit:
  Pelánek's finding costs, options, dependency and empty cells, the digit-scanning models,
  the level and the technique score) by an inner 5-fold cross-validation, then the fit of
  the chosen figures, scored on the held-out fold only: the estimate of the whole procedure
  that chose ``human_time.py``'s figures, and which figures each fold chose;
- the coefficients fitted on every puzzle and the interval's bounds (10th and 90th percentile
  of the held-out errors in log seconds), printed in the form ``human_time.py`` stores.

Usage: ``python benchmarks/score_time.py [--workers 2] [--folds 5] [--repeats 5] [--refit]
[--check]`` (``--refit``: reuse the stored grades in ``results/score_time_sudoku.json``;
``--check``: exit 1 unless the fit equals the stored constants to 4 decimals). Writes
``results/score_time_sudoku.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import platform
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_fit import (  # noqa: E402
    bootstrap_spearman,
    fit_log_linear,
    folds,
    spearman,
)

HUMAN = ROOT.parent / "shared" / "corpus" / "sudoku" / "human" / "cloud_sudoku_times.tsv"
RESULTS = ROOT / "benchmarks" / "results"
STORED = RESULTS / "score_time_sudoku.json"


def human_items(every: int = 1) -> list[dict[str, Any]]:
    """The shared human file's rows (every ``every``-th): game number, puzzle, players, mean
    seconds."""
    with open(HUMAN, newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [{"id": r["game"], "puzzle": r["puzzle"], "players": int(r["completions"]),
             "seconds": float(r["mean_seconds"]), "d_to": _optional(r["d_to"]),
             "d_tr": _optional(r["d_tr"])} for r in rows[::every]]


def _optional(text: str) -> float | None:
    return float(text) if text.strip() else None


def grade_item(item: dict[str, Any]) -> dict[str, Any]:
    """One puzzle's finding measures, model figures, level and technique score."""
    from pencilsat.grading.sudoku import grade_sudoku
    from pencilsat.grading.sudoku.finding import finding_measures
    from pencilsat.grading.sudoku.human_time import features_of
    from pencilsat.puzzles.sudoku import parse_line

    puzzle = parse_line(item["puzzle"])
    grade = grade_sudoku(puzzle)
    clues = [int(v) for v in puzzle.clues.flat]
    found = finding_measures(clues, grade.steps)
    return {"id": item["id"], **{k: item[k] for k in LABELS},
            "level": grade.level, "score": grade.score, "finding": found,
            "features": features_of(found, grade.score or 0.0)}


def _log(name: str) -> Callable[[dict[str, Any]], float]:
    return lambda row: math.log(max(1.0, row["finding"][name]))


def _raw(name: str, sign: float = 1.0) -> Callable[[dict[str, Any]], float]:
    return lambda row: sign * row["finding"][name]


POOL: dict[str, Callable[[dict[str, Any]], float]] = {
    "sweep": _log("sweep.checks"),
    "digits": _log("person.digits.sum"),
    "digits2": _log("person.digits.sq"),
    "technique": lambda row: math.log1p(max(0.0, row["score"] or 0.0)),
    "level": lambda row: float(row["level"] or 0),
    "candidates": _log("candidates"),
    "cells_to_fill": _raw("cells_to_fill"),
    "person.scan": _log("person.scan.sum"),
    "person.cost": _log("person.cost.sum"),
    "cost.sum": _log("cost.sum"),
    "cost.max": _log("cost.max"),
    "few_options": _raw("options.mean", -1.0),
    "narrow": _raw("narrow"),
    "dependent": _raw("dependent"),
    "layers": _raw("layers"),
    "stuck": _raw("person.stuck"),
    "passes": _raw("sweep.passes"),
}
"""The figures the nested selection may choose from, each oriented to grow with difficulty
(the fit's coefficients are non-negative), declared before any fit."""


LABELS = ("players", "seconds", "d_to", "d_tr")
"""The corpus's columns in a row: read from ../shared/corpus, never stored in the project."""


def without_labels(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows as stored: measures only, the human times left in the corpus."""
    return [{k: v for k, v in row.items() if k not in LABELS} for row in rows]


def stored_rows() -> list[dict[str, Any]]:
    """The stored measures, each joined by game number with its players and mean seconds
    from the shared human file."""
    labels = {item["id"]: item for item in human_items()}
    rows = json.loads(STORED.read_text())["puzzles"]
    return [{**row, **{k: labels[row["id"]].get(k) for k in LABELS}} for row in rows]


def stored_figures(rows: list[dict[str, Any]]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The rows' game numbers, ``human_time.py``'s figures (a row each, its ``FEATURES`` in
    order) and mean seconds."""
    from pencilsat.grading.sudoku.human_time import FEATURES

    x = np.array([[r["features"][n] for n in FEATURES] for r in rows], dtype=float)
    return [r["id"] for r in rows], x, np.array([r["seconds"] for r in rows], dtype=float)


def fit(rows: list[dict[str, Any]], k: int = 5, repeats: int = 5) -> dict[str, Any]:
    """The fit on every row, its interval from the held-out errors of the first salt's ``k``
    folds, and the cross-validated Spearman of each of ``repeats`` salts: what
    ``human_time.py`` stores (the figures that only describe the fit are :func:`evaluate`'s)."""
    from pencilsat.grading.sudoku.human_time import FEATURES

    names = list(FEATURES)
    ids, x, seconds = stored_figures(rows)
    log_y = np.log(seconds)
    held_out = []
    for seed in range(repeats):
        fold = folds(ids, k, seed)
        pred = np.empty(len(rows))
        for f in range(k):
            train = fold != f
            intercept, coef = fit_log_linear(x[train], log_y[train])
            pred[~train] = intercept + x[~train] @ coef
        held_out.append(pred)
    cv = [spearman(p, seconds) for p in held_out]
    errors = log_y - held_out[0]
    low, high = (float(v) for v in np.percentile(errors, [10, 90]))
    intercept, coef = fit_log_linear(x, log_y)
    return {
        "n": len(rows), "features": names, "intercept": intercept,
        "coefficients": dict(zip(names, (float(c) for c in coef), strict=True)),
        "low": low, "high": high, "folds": k, "repeats": repeats,
        "cv_mean": float(np.mean(cv)), "cv_min": float(np.min(cv)),
        "held_out": held_out[0], "errors": errors,
    }


def evaluate(rows: list[dict[str, Any]], k: int = 5, repeats: int = 5) -> dict[str, Any]:
    """The fit on every row, the cross-validated figures and the single measures' Spearman."""
    result = fit(rows, k, repeats)
    held_out, errors = result.pop("held_out"), result.pop("errors")
    seconds = np.array([r["seconds"] for r in rows], dtype=float)
    single = {}
    columns: dict[str, list[float]] = {f"finding.{n}": [r["finding"][n] for r in rows]
                                       for n in rows[0]["finding"]}
    columns["grade.level"] = [r["level"] for r in rows]
    columns["grade.score"] = [r["score"] for r in rows]
    for name, values in columns.items():
        v = np.array(values, dtype=float)
        single[name] = (spearman(v, seconds), *bootstrap_spearman(v, seconds))
    inside = (errors >= result["low"]) & (errors <= result["high"])
    agreement = label_agreement(rows, held_out)
    return {
        **result,
        "cv_interval": bootstrap_spearman(held_out, seconds),
        "cv_pearson_log": float(np.corrcoef(held_out, np.log(seconds))[0, 1]),
        "cv_median_error": float(np.median(np.abs(errors))),
        "inside": float(inside.mean()), "single": single, "agreement": agreement,
    }


def _cv_predict(x: np.ndarray, log_y: np.ndarray, ids: list[str], k: int, seed: int
                ) -> np.ndarray:
    fold = folds(ids, k, seed)
    pred = np.empty(len(ids))
    for f in range(k):
        train = fold != f
        intercept, coef = fit_log_linear(x[train], log_y[train])
        pred[~train] = intercept + x[~train] @ coef
    return pred


def forward_select(x: np.ndarray, log_y: np.ndarray, ids: list[str], k: int, seed: int,
                   most: int = 5, gain: float = 0.001) -> list[int]:
    """Columns of ``x`` chosen one at a time, each the one that raises the inner
    ``k``-fold held-out Spearman most, until none raises it by ``gain`` or ``most`` are
    chosen."""
    seconds = np.exp(log_y)
    chosen: list[int] = []
    best = -1.0
    while len(chosen) < most:
        scored = [(spearman(_cv_predict(x[:, [*chosen, j]], log_y, ids, k, seed), seconds), j)
                  for j in range(x.shape[1]) if j not in chosen]
        score, j = max(scored)
        if score <= best + gain:
            break
        best = score
        chosen.append(j)
    return chosen


def nested(rows: list[dict[str, Any]], k: int = 5, repeats: int = 3) -> dict[str, Any]:
    """The held-out Spearman of choosing figures from :data:`POOL` and fitting them, the
    choice made inside each outer training part (module doc): per salt, and the figures
    each fold chose."""
    names = list(POOL)
    x = np.array([[POOL[n](r) for n in names] for r in rows], dtype=float)
    seconds = np.array([r["seconds"] for r in rows], dtype=float)
    log_y = np.log(seconds)
    ids = [r["id"] for r in rows]
    scores, picks = [], []
    for seed in range(repeats):
        fold = folds(ids, k, seed)
        pred = np.empty(len(rows))
        for f in range(k):
            train = np.flatnonzero(fold != f)
            test = np.flatnonzero(fold == f)
            chosen = forward_select(x[train], log_y[train], [ids[i] for i in train], k,
                                    1000 + seed)
            picks.append([names[c] for c in chosen])
            intercept, coef = fit_log_linear(x[train][:, chosen], log_y[train])
            pred[test] = intercept + x[test][:, chosen] @ coef
        scores.append(spearman(pred, seconds))
    on_all = forward_select(x, log_y, ids, k, 999)
    return {"scores": scores, "mean": float(np.mean(scores)), "min": float(np.min(scores)),
            "max": float(np.max(scores)), "picks": picks,
            "on_all": [names[c] for c in on_all]}


MODELS: dict[str, tuple[str, ...]] = {
    "sweep, digits, level (the model of 28 Nov)": ("sweep", "digits", "level"),
    "sweep, digits2, technique (today's)": ("sweep", "digits2", "technique"),
    "sweep, digits2, level": ("sweep", "digits2", "level"),
    "sweep alone": ("sweep",),
}
"""Fixed sets of :data:`POOL` figures scored the same way, for comparison."""


def compare(rows: list[dict[str, Any]], k: int = 5, repeats: int = 5) -> dict[str, Any]:
    """Each of :data:`MODELS` cross-validated over ``repeats`` salts: mean and lowest."""
    seconds = np.array([r["seconds"] for r in rows], dtype=float)
    ids = [r["id"] for r in rows]
    out = {}
    for label, names in MODELS.items():
        x = np.array([[POOL[n](r) for n in names] for r in rows], dtype=float)
        cv = [spearman(_cv_predict(x, np.log(seconds), ids, k, seed), seconds)
              for seed in range(repeats)]
        out[label] = {"mean": float(np.mean(cv)), "min": float(np.min(cv)),
                      "max": float(np.max(cv))}
    return out


def label_agreement(rows: list[dict[str, Any]], held_out: np.ndarray) -> dict[str, Any]:
    """How far the label itself can be trusted: on the puzzles that carry Wang's two
    time-based difficulty metrics (D_TO, D_TR, computed by the paper from the same play
    records), the Spearman of the mean seconds with each, and of the held-out estimate with
    the mean seconds and with each (95 % bootstrap intervals). When the estimate agrees with
    D_TO better than the mean seconds do, the mean seconds, not the estimate, bound the
    figure (the players' mix weighs on a plain mean)."""
    chosen = [i for i, r in enumerate(rows) if r.get("d_to") is not None]
    if len(chosen) < 10:
        return {"n": len(chosen)}
    seconds = np.array([rows[i]["seconds"] for i in chosen], dtype=float)
    estimate = held_out[chosen]
    out: dict[str, Any] = {"n": len(chosen)}
    for metric in ("d_to", "d_tr"):
        values = np.array([rows[i][metric] for i in chosen], dtype=float)
        out[f"seconds~{metric}"] = (spearman(seconds, values),
                                    *bootstrap_spearman(seconds, values))
        out[f"estimate~{metric}"] = (spearman(estimate, values),
                                     *bootstrap_spearman(estimate, values))
    out["estimate~seconds"] = (spearman(estimate, seconds),
                               *bootstrap_spearman(estimate, seconds))
    return out


def source_block(result: dict[str, Any]) -> str:
    """The constants as ``human_time.py`` stores them."""
    lines = [f"INTERCEPT = {result['intercept']:.4f}", "COEFFICIENTS: dict[str, float] = {"]
    lines += [f'    "{n}": {c:.4f},' for n, c in result["coefficients"].items()]
    lines += ["}", f"LOW, HIGH = {result['low']:.4f}, {result['high']:.4f}"]
    return "\n".join(lines)


def matches_stored(result: dict[str, Any]) -> bool:
    """Whether the fit equals ``human_time.py``'s constants to 4 decimals."""
    from pencilsat.grading.sudoku import human_time as model

    fitted = [result["intercept"], result["low"], result["high"],
              *result["coefficients"].values()]
    stored = [model.INTERCEPT, model.LOW, model.HIGH, *model.COEFFICIENTS.values()]
    return list(result["coefficients"]) == list(model.COEFFICIENTS) and all(
        abs(a - b) < 5e-5 for a, b in zip(fitted, stored, strict=True))


def markdown(result: dict[str, Any], meta: dict[str, Any]) -> str:
    lo, hi = result["cv_interval"]
    out = ["# score_time: the Sudoku grader's human-time estimate", "",
           f"Generated by `{meta['command']}` ({meta['python']}, {meta['workers']} workers, "
           f"{meta['wall']:.0f} s wall). {result['n']} puzzles of the shared part of the Cloud "
           "Sudoku data (Wang 2024; mean solving seconds of 10-43 players each).", "",
           "## The model held out", "",
           f"{result['folds']}-fold cross-validation, a puzzle's fold from a hash of its game "
           f"number, {result['repeats']} salts. Spearman with mean solving time: "
           f"**{result['cv_mean']:.3f}** (lowest split {result['cv_min']:.3f}; 95 % bootstrap "
           f"interval of the first split {lo:.3f} .. {hi:.3f}); Pearson on log time "
           f"{result['cv_pearson_log']:.3f}; median error a factor of "
           f"{np.exp(result['cv_median_error']):.2f}; {100 * result['inside']:.0f} % of the "
           "held-out mean times inside the interval.", "",
           *_nested_lines(result),
           *_agreement_lines(result.get("agreement", {})),
           "## Fitted on every puzzle (what `human_time.py` stores)", "", "```python",
           source_block(result), "```", "",
           "## Single measures (nothing fitted)", "",
           "| measure | Spearman | 95 % interval |", "|---|---|---|"]
    for name, (rho, low, high) in sorted(result["single"].items(), key=lambda kv: -abs(
            kv[1][0]) if kv[1][0] == kv[1][0] else 0):
        out.append(f"| `{name}` | {rho:.3f} | {low:.3f} .. {high:.3f} |")
    return "\n".join(out) + "\n"


def _nested_lines(result: dict[str, Any]) -> list[str]:
    lines = []
    found = result.get("nested")
    if found and found["scores"]:
        counts: dict[str, int] = {}
        for pick in found["picks"]:
            key = ", ".join(pick)
            counts[key] = counts.get(key, 0) + 1
        lines += ["## The choice of figures held out (nested)", "",
                  f"A forward selection from {len(POOL)} declared figures "
                  f"({', '.join(f'`{n}`' for n in POOL)}) inside each outer training part "
                  "(inner 5-fold), then the fit of the chosen figures, scored on the held-out "
                  f"fold: Spearman **{found['mean']:.3f}** over {len(found['scores'])} salts "
                  f"(range {found['min']:.3f} .. {found['max']:.3f}). The choice on every "
                  f"puzzle: {', '.join(f'`{n}`' for n in found['on_all'])}. Chosen in the "
                  "training parts:", "", "| figures | folds |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])]
        lines.append("")
    models = result.get("models")
    if models:
        lines += ["## Fixed sets of figures, cross-validated the same way", "",
                  "| figures | Spearman, mean | range over salts |", "|---|---|---|"]
        lines += [f"| {label} | {m['mean']:.3f} | {m['min']:.3f} .. {m['max']:.3f} |"
                  for label, m in models.items()]
        lines.append("")
    return lines


def _agreement_lines(agreement: dict[str, Any]) -> list[str]:
    if "estimate~seconds" not in agreement:
        return []
    names = {"seconds~d_to": "mean seconds against D_TO",
             "seconds~d_tr": "mean seconds against D_TR",
             "estimate~seconds": "held-out estimate against mean seconds",
             "estimate~d_to": "held-out estimate against D_TO",
             "estimate~d_tr": "held-out estimate against D_TR"}
    lines = ["## How far the label can be trusted", "",
             f"On the {agreement['n']} puzzles that carry Wang's time-based difficulty "
             "metrics D_TO and D_TR (computed by the paper from the same play records), "
             "Spearman with 95 % bootstrap intervals:", "",
             "| pair | Spearman | 95 % interval |", "|---|---|---|"]
    for key, name in names.items():
        rho, low, high = agreement[key]
        lines.append(f"| {name} | {rho:.3f} | {low:.3f} .. {high:.3f} |")
    return [*lines, ""]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--nested", type=int, default=3,
                        help="salts of the nested selection (0: skip it)")
    parser.add_argument("--refit", action="store_true",
                        help="reuse the stored grades, only fit and report again")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless the fit equals human_time.py's constants")
    args = parser.parse_args(argv)
    command = "python benchmarks/score_time.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    if args.refit:
        rows, meta = stored_rows(), json.loads(STORED.read_text())["meta"]
    else:
        start = time.perf_counter()
        with Pool(args.workers) as pool:
            rows = pool.map(grade_item, human_items(), chunksize=16)
        meta = {"command": command.strip(), "python": platform.python_version(),
                "workers": args.workers, "wall": time.perf_counter() - start}
    result = evaluate(rows, args.folds, args.repeats)
    result["nested"] = nested(rows, args.folds, args.nested)
    result["models"] = compare(rows, args.folds, args.repeats)
    RESULTS.mkdir(parents=True, exist_ok=True)
    STORED.write_text(json.dumps({"meta": meta, "result": result,
                                        "puzzles": without_labels(rows)}) + "\n")
    text = markdown(result, meta)
    (RESULTS / "score_time_sudoku.md").write_text(text)
    print(text)
    if args.check and not matches_stored(result):
        print("the fit differs from human_time.py's constants:\n" + source_block(result))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
