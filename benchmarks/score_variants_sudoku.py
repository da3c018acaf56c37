"""Variants of the Sudoku score's fit, each judged held out by puzzle and on the holdout.

Issue 43: the fit with the forcing probe's features lifted Tatham's levels on new puzzles but
lowered the Radcliffe rating on puzzles outside the fit (0.862 -> 0.837). Each variant here
is a way to fit the weights (a loss, a weighting of the sets, a set of features); for each:

- **held out by puzzle** (what chooses a variant): 5-fold by a hash of the puzzle id, weights
  refitted without the held-out fold, mean over 5 salts, on the four targets of
  ``grade_score.py`` (the 614 puzzles of ``results/grade_score_sudoku.json``);
- **holdout** (judges, chooses nothing): the weights fitted on all 614 scored on the 250
  Radcliffe puzzles outside the fit and the 180 new Tatham puzzles
  (``results/grade_score_sudoku_holdout.json``, from ``score_holdout_sudoku.py``).

Goals (issue 43): Radcliffe >= 0.85, SE >= 0.6, Tatham's six levels >= 0.85, intermediate
and above >= 0.6, each on puzzles outside the fit.

Usage: ``python benchmarks/score_variants_sudoku.py``. Writes
``results/grade_score_sudoku_variants.md``.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_fit import cross_validate, fit_pairwise, fit_weights, spearman  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
GOALS = {"Radcliffe": 0.85, "SE": 0.6, "Tatham six": 0.85, "Tatham int+": 0.6}
OLD_WEIGHTS = {"level": 0.0827, "pair_steps": 0.0264, "chain_steps": 0.0216,
               "bottlenecks": 0.0318, "narrow_steps": 0.0247, "scarce_trials": 0.1169,
               "first_bottleneck": 0.3086, "first_trial": 0.0391, "unfinished": 0.2589,
               "long_forcing": 0.0660}
"""The weights before ``forcing_stalls`` and ``hardest_forcing`` (commit 1a1d017)."""
EQUAL_SETS_WEIGHTS = {"level": 0.0675, "level2_steps": 0.0106, "pair_steps": 0.0492,
                      "narrow_steps": 0.0041, "scarce_trials": 0.0990,
                      "first_bottleneck": 0.2721, "unfinished": 0.1260, "long_forcing": 0.0202,
                      "forcing_stalls": 0.0896, "hardest_forcing": 0.0634}
"""The weights with them, every set weighing the same (commit 01542bf, before issue 43's
Radcliffe weighting)."""
NEW = ("forcing_stalls", "hardest_forcing")

Features = Callable[[dict[str, float]], dict[str, float]]


def _lengths(forcing: list[list[int | None]]) -> list[int]:
    return [15 if f[0] is None else int(f[0]) for f in forcing]


EXTRA: dict[str, Callable[[list[list[int | None]]], float]] = {
    "hard_stalls": lambda f: math.log1p(sum(1 for n in _lengths(f) if n > 3)),
    "sum_forcing": lambda f: math.log1p(sum(_lengths(f))),
    "second_forcing": lambda f: math.log1p(sorted(_lengths(f))[-2] if len(f) > 1 else 0),
}
"""Candidate features of the count of hard steps (idea 2), from the stored forcing probe's
stalls (``forcing``: length, refuted, candidates; 15 where singles refute none, as in
``score.py``): stalls needing more than 3 placements, the lengths summed, the second
longest."""


def plain(f: dict[str, float]) -> dict[str, float]:
    return dict(f)


def gated(f: dict[str, float]) -> dict[str, float]:
    """The forcing features only where some stall needed a chain longer than the shortest
    refutation (``long_forcing`` > 0; 0 elsewhere): monotone in each feature. (Gating at
    level 3 changes nothing: the probe only runs where the grade needs more than singles.)"""
    out = {k: v for k, v in f.items() if k not in NEW}
    top = 1.0 if f["long_forcing"] > 0 else 0.0
    for k in NEW:
        out[k + "@long"] = top * f[k]
    return out


def both(f: dict[str, float]) -> dict[str, float]:
    """The forcing features everywhere and again where a chain was long."""
    return {**f, **{k + "@long": (1.0 if f["long_forcing"] > 0 else 0.0) * f[k]
                    for k in NEW}}


def without_new(f: dict[str, float]) -> dict[str, float]:
    return {k: v for k, v in f.items() if k not in NEW}


@dataclass(frozen=True)
class Variant:
    name: str
    features: Features = plain
    fit: str = "lsq"
    ridge: float = 1e-3
    set_weight: dict[str, float] = field(default_factory=dict)
    """Extra weight of a set in the loss (1 each unless named)."""
    split_tatham: bool = False
    """Tatham's intermediate and above as a rank target of its own beside the six levels."""
    extra: tuple[str, ...] = ()
    """Features of :data:`EXTRA` added to the 18."""


def weighted_lsq(x: np.ndarray, y: np.ndarray, groups: np.ndarray, ridge: float,
                 set_weight: dict[str, float]) -> np.ndarray:
    """``fit_weights`` with a set weighing ``set_weight[set]`` times as much in the loss."""
    return fit_weights(x, y, groups, ridge=ridge, group_weight=set_weight)


def split_groups(groups: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, ...]:
    """Duplicate Tatham's intermediate-and-above rows as a group ``tatham+`` of its own."""
    hard = (groups == "tatham") & (y >= 3)
    return hard, np.concatenate([groups, np.array(["tatham+"] * int(hard.sum()))])


def make_fit(v: Variant) -> Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    def fit(x: np.ndarray, y: np.ndarray, groups: np.ndarray) -> np.ndarray:
        if v.split_tatham:
            hard, groups = split_groups(groups, y)
            x, y = np.vstack([x, x[hard]]), np.concatenate([y, y[hard]])
        if v.fit == "pairwise":
            return fit_pairwise(x, y, groups, ridge=v.ridge)
        return weighted_lsq(x, y, groups, v.ridge, v.set_weight)
    return fit


VARIANTS = [
    Variant("lsq, every set weighing the same (the fit before)"),
    Variant("lsq without the two forcing features", features=without_new),
    Variant("lsq, Radcliffe weighing 1.5x", set_weight={"radcliffe": 1.5}),
    Variant("lsq, Radcliffe weighing 2x (shipped)", set_weight={"radcliffe": 2}),
    Variant("lsq, Radcliffe weighing 2.5x", set_weight={"radcliffe": 2.5}),
    Variant("lsq, Radcliffe weighing 3x", set_weight={"radcliffe": 3}),
    Variant("lsq, Radcliffe 2x, ridge 0.1", set_weight={"radcliffe": 2}, ridge=0.1),
    Variant("lsq, Radcliffe 2x, ridge 1", set_weight={"radcliffe": 2}, ridge=1.0),
    Variant("lsq, Tatham int+ a rank target of its own", split_tatham=True),
    Variant("lsq, Tatham int+ own target, Radcliffe 2x", split_tatham=True,
            set_weight={"radcliffe": 2}),
    Variant("lsq, Tatham int+ own target, Radcliffe 2.5x", split_tatham=True,
            set_weight={"radcliffe": 2.5}),
    Variant("lsq, ridge 0.01", ridge=0.01),
    Variant("lsq, ridge 0.1", ridge=0.1),
    Variant("lsq, ridge 1", ridge=1.0),
    Variant("pairwise, ridge 0.001", fit="pairwise"),
    Variant("pairwise, ridge 0.1", fit="pairwise", ridge=0.1),
    Variant("+ hard_stalls", extra=("hard_stalls",)),
    Variant("+ hard_stalls, Radcliffe 2x", extra=("hard_stalls",),
            set_weight={"radcliffe": 2}),
    Variant("+ sum_forcing", extra=("sum_forcing",)),
    Variant("+ sum_forcing, Radcliffe 2x", extra=("sum_forcing",),
            set_weight={"radcliffe": 2}),
    Variant("+ second_forcing, Radcliffe 2x", extra=("second_forcing",),
            set_weight={"radcliffe": 2}),
    Variant("+ all three, Radcliffe 2x", extra=tuple(EXTRA), set_weight={"radcliffe": 2}),
    Variant("piecewise: forcing features only where a chain was long", features=gated),
    Variant("piecewise: forcing features everywhere and again where long", features=both),
    Variant("piecewise where long, Radcliffe 2x", features=gated,
            set_weight={"radcliffe": 2}),
]


def _matrix(rows: list[dict[str, Any]], features: Features, names: list[str] | None = None,
            extra: tuple[str, ...] = ()) -> tuple[np.ndarray, list[str]]:
    dicts = [features({**r["features"], **{e: EXTRA[e](r["forcing"]) for e in extra}})
             for r in rows]
    names = names or list(dicts[0])
    return np.array([[d[n] for n in names] for d in dicts], dtype=float), names


def targets(pred: np.ndarray, y: np.ndarray, groups: np.ndarray) -> dict[str, float]:
    t = groups == "tatham"
    hard = t & (y >= 3)
    return {"Radcliffe": spearman(pred[groups == "radcliffe"], y[groups == "radcliffe"]),
            "SE": spearman(pred[groups == "se160"], y[groups == "se160"]),
            "Tatham six": spearman(pred[t], y[t]),
            "Tatham int+": spearman(pred[hard], y[hard])}


def judge(v: Variant, rows: list[dict[str, Any]], holdout: dict[str, list[dict[str, Any]]],
          repeats: int = 5) -> dict[str, Any]:
    x, names = _matrix(rows, v.features, extra=v.extra)
    y = np.array([r["label"] for r in rows], dtype=float)
    groups = np.array([r["group"] for r in rows])
    ids = [r["id"] for r in rows]
    fit = make_fit(v)
    splits = [targets(cross_validate(x, y, groups, ids, k=5, seed=s, fit=fit), y, groups)
              for s in range(repeats)]
    cv = {k: float(np.mean([s[k] for s in splits])) for k in GOALS}
    weights = fit(x, y, groups)
    return {"variant": v.name, "cv": cv, "weights": dict(zip(names, weights.tolist(),
                                                             strict=True)),
            "holdout": score_holdout(lambda xs: xs @ weights, v.features, names, holdout,
                                     v.extra)}


def score_holdout(model: Callable[[np.ndarray], np.ndarray], features: Features,
                  names: list[str], holdout: dict[str, list[dict[str, Any]]],
                  extra: tuple[str, ...] = ()) -> dict[str, float]:
    rad, tat = holdout["radcliffe"], holdout["tatham"]
    xr, _ = _matrix(rad, features, names, extra)
    xt, _ = _matrix(tat, features, names, extra)
    yr = np.array([r["label"] for r in rad], dtype=float)
    yt = np.array([r["label"] for r in tat], dtype=float)
    pt = model(xt)
    hard = yt >= 3
    return {"Radcliffe": spearman(model(xr), yr), "Tatham six": spearman(pt, yt),
            "Tatham int+": spearman(pt[hard], yt[hard])}


def fixed(name: str, weights: dict[str, float], rows: list[dict[str, Any]],
          holdout: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    names = list(weights)
    w = np.array([weights[n] for n in names])
    x, _ = _matrix(rows, plain, names)
    y = np.array([r["label"] for r in rows], dtype=float)
    groups = np.array([r["group"] for r in rows])
    return {"variant": name, "cv": targets(x @ w, y, groups),
            "in_sample": True, "weights": weights,
            "holdout": score_holdout(lambda xs: xs @ w, plain, names, holdout)}


def nested(rows: list[dict[str, Any]], candidates: tuple[float, ...] = (1, 1.5, 2, 2.5, 3),
           repeats: int = 3) -> dict[str, Any]:
    """The whole procedure held out: in each outer training part, the Radcliffe weight with
    the largest smallest margin over the goals by an inner 5-fold cross-validation, then the
    fit with it, scored on the held-out fold (mean over ``repeats`` salts; the choices)."""
    from score_fit import folds

    x, _ = _matrix(rows, plain)
    y = np.array([r["label"] for r in rows], dtype=float)
    groups = np.array([r["group"] for r in rows])
    ids = [r["id"] for r in rows]
    figures, chosen = [], []
    for seed in range(repeats):
        fold = folds(ids, 5, 100 + seed)
        pred = np.empty(len(y))
        for f in range(5):
            tr = fold != f
            inner_ids = [i for i, t in zip(ids, tr, strict=True) if t]

            def margin(weight: float, tr: np.ndarray = tr, inner_ids: list[str] = inner_ids,
                       seed: int = seed) -> float:
                fit = make_fit(Variant("", set_weight={"radcliffe": weight}))
                p = cross_validate(x[tr], y[tr], groups[tr], inner_ids, k=5, seed=seed,
                                   fit=fit)
                cv = targets(p, y[tr], groups[tr])
                return min(cv[k] - goal for k, goal in GOALS.items())

            best = max(candidates, key=margin)
            chosen.append(best)
            fit = make_fit(Variant("", set_weight={"radcliffe": best}))
            pred[~tr] = x[~tr] @ fit(x[tr], y[tr], groups[tr])
        figures.append(targets(pred, y, groups))
    return {"cv": {k: float(np.mean([f[k] for f in figures])) for k in GOALS},
            "chosen": [float(c) for c in chosen], "candidates": list(candidates)}


def markdown(results: list[dict[str, Any]], command: str) -> str:
    out = ["# Sudoku score: variants of the fit (issue 43)", "",
           f"Generated by `{command}` from the stored grades of "
           "`results/grade_score_sudoku.json` (614 puzzles: Tatham 204, SE 160, every 20th "
           "Radcliffe) and `results/grade_score_sudoku_holdout.json` "
           "(`python benchmarks/score_holdout_sudoku.py`: 250 Radcliffe puzzles outside the "
           "fit, rows 2, 22, 42, ... 0-based, and the 180 new Tatham puzzles of "
           "`sudoku_unseen_tatham.py`).", "",
           "Held out by puzzle: 5-fold by a hash of the id, mean of 5 salts (the fit on the "
           "other folds). Holdout: the weights fitted on all 614, scored on puzzles no fit "
           "saw. Goals: Radcliffe >= 0.85, SE >= 0.6, Tatham six levels >= 0.85, "
           "intermediate and above >= 0.6. Smallest CV margin: the least of the four "
           "held-out-by-puzzle figures minus its goal; the shipped variant has the largest "
           "among the fits of the score's 18 features (the rows with a feature added, "
           "idea 2, reach up to 0.005 more, less than the spread of the splits, each with "
           "a feature the library does not compute, and do no better outside the fit, so "
           "none was added). Four goals outside the fit: Radcliffe and Tatham on the "
           "holdout, SE held out by puzzle (every SE puzzle is in the fit). A row marked * "
           "is a fixed weight vector (its CV columns are in-sample on the 614).", "",
           "| variant | Radcliffe CV | SE CV | Tatham six CV | Tatham int+ CV | "
           "smallest CV margin | Radcliffe holdout (250) | Tatham six new (180) | "
           "Tatham int+ new (120) | four goals outside the fit |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        cv, ho = r["cv"], r["holdout"]
        star = " *" if r.get("in_sample") else ""
        margin = min(cv[k] - goal for k, goal in GOALS.items())
        outside = {**ho, "SE": cv["SE"]}
        met = "" if r.get("in_sample") else \
            "yes" if all(outside[k] >= goal for k, goal in GOALS.items()) else "no"
        out.append(f"| {r['variant']}{star} | " + " | ".join(
            f"{cv[k]:.3f}" for k in GOALS) + f" | {margin:+.3f} | " + " | ".join(
            f"{ho[k]:.3f}" for k in ("Radcliffe", "Tatham six", "Tatham int+"))
            + f" | {met} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    from pencilsat.grading.sudoku.score import MODEL

    rows = json.loads((RESULTS / "grade_score_sudoku.json").read_text())["puzzles"]
    holdout = json.loads((RESULTS / "grade_score_sudoku_holdout.json").read_text())
    results = [fixed("weights before the forcing features", OLD_WEIGHTS, rows, holdout),
               fixed("weights with them, every set the same", EQUAL_SETS_WEIGHTS, rows,
                     holdout),
               fixed("shipped weights", dict(MODEL.weights), rows, holdout)]
    for v in VARIANTS:
        results.append(judge(v, rows, holdout))
        print(markdown(results[-1:], "").splitlines()[-1], flush=True)
    command = "python benchmarks/score_variants_sudoku.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    chose = nested(rows)
    counts = {c: chose["chosen"].count(c) for c in chose["candidates"]}
    text = markdown(results, command.strip()) + "\n".join([
        "", "## The choice of the Radcliffe weight held out (nested)", "",
        "In each outer training part (5-fold, 3 salts), the Radcliffe weight among "
        f"{', '.join(f'{c:g}' for c in chose['candidates'])} with the largest smallest "
        "margin by an inner 5-fold cross-validation, then the fit with it, scored on the "
        "held-out fold: " + ", ".join(f"{k} {v:.3f}" for k, v in chose["cv"].items())
        + ". Chosen: " + ", ".join(f"{c:g} in {n}" for c, n in counts.items() if n)
        + f" of {len(chose['chosen'])} training parts.", ""])
    results.append({"variant": "nested choice of the Radcliffe weight", **chose})
    (RESULTS / "grade_score_sudoku_variants.md").write_text(text)
    (RESULTS / "grade_score_sudoku_variants.json").write_text(json.dumps(results) + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
