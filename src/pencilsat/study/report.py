"""The study's files: ``correlations.csv``, ``report.md`` and the plots in ``plots/``.

``correlations.csv`` has one row per measure and group (``pooled`` for the within-group
pooled value): ``measure,group,n,spearman,kendall,ci_low,ci_high``, the interval being the
Spearman's. ``report.md`` starts with the answer (the best single SAT measure, the best of
any kind, the grader, the baselines and the combined predictor, held out), then what carries
the predictor, every measure, the plots and the puzzles left out with their reasons;
``summary.json`` holds the answer's figures for other tools (the benchmark's summary).
"""

from __future__ import annotations

import csv
import json
import math
import os
from typing import Any

from pencilsat.study.analysis import COMBINED, SAT_FAMILIES, Analysis
from pencilsat.study.labels import Labels
from pencilsat.study.measures import MeasureSettings
from pencilsat.study.plots import draw, file_name

TOP_WEIGHTS = 10
ALL_MEASURES_SHOWN = 60


def write_report(folder: str, labels: Labels, records: list[dict[str, Any]],
                 analysis: Analysis, settings: MeasureSettings, plots: bool = True) -> None:
    write_csv(os.path.join(folder, "correlations.csv"), analysis)
    chosen = plotted(analysis)
    if plots:
        for name in chosen:
            draw(os.path.join(folder, "plots", file_name(name)), name, _values(analysis, name),
                 analysis.label, analysis.groups, labels.order,
                 f"{os.path.basename(labels.path)}: {name}")
    with open(os.path.join(folder, "report.md"), "w", encoding="utf-8") as handle:
        handle.write(markdown(labels, records, analysis, settings, chosen if plots else []))
    with open(os.path.join(folder, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump(summary(records, analysis), handle, indent=1, ensure_ascii=False)
        handle.write("\n")


def summary(records: list[dict[str, Any]], analysis: Analysis) -> dict[str, Any]:
    """The answer's figures: the headline rows, the single measure chosen in each fold,
    the predictor's largest weights and its family ablation."""
    rows = []
    for what, measure in headline(analysis):
        assert measure is not None
        row = analysis.pooled(measure)
        rows.append({"what": what, "measure": measure, "n": row.n,
                     "spearman": _round(row.spearman), "kendall": _round(row.kendall),
                     "ci_low": _round(row.ci_low), "ci_high": _round(row.ci_high)})
    prediction = analysis.prediction
    return {
        "puzzles": len(records), "measured": len(analysis.label),
        "without_measures": len(analysis.failed),
        "groups": sorted(set(analysis.groups.tolist())),
        "headline": rows,
        "single_heldout": None if prediction is None else _round(prediction.single_heldout),
        "single_choices": [] if prediction is None else sorted(set(prediction.single_choices)),
        "weights": [] if prediction is None else [
            [name, _round(weight)] for name, weight in prediction.weights[:TOP_WEIGHTS]],
        "without_family": [] if prediction is None else [
            [family, _round(value)] for family, value in prediction.without_family],
    }


def _round(value: float) -> float | None:
    return None if value is None or math.isnan(value) else round(float(value), 4)


def write_csv(path: str, analysis: Analysis) -> None:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(["measure", "group", "n", "spearman", "kendall", "ci_low", "ci_high"])
        for name in sorted(analysis.correlations):
            for row in analysis.correlations[name]:
                out.writerow([name, row.group, row.n, _num(row.spearman), _num(row.kendall),
                              _num(row.ci_low), _num(row.ci_high)])


def plotted(analysis: Analysis) -> list[str]:
    """The measures drawn: the combined predictor, the best SAT measure, the best of any
    kind, the grader's level and score, the hierarchy's level and deepest step."""
    wanted = [COMBINED, analysis.best(SAT_FAMILIES), analysis.best(), "grade.level",
              "grade.score", "gup.level", "gup.depth.max", "cdcl.cadical.solve.conflicts"]
    out: list[str] = []
    for name in wanted:
        if name and name in analysis.correlations and name not in out:
            out.append(name)
    return out


def headline(analysis: Analysis) -> list[tuple[str, str | None]]:
    """The rows of the answer table: (what, measure)."""
    best_sat = analysis.best(SAT_FAMILIES)
    rows = [("best single SAT measure", best_sat), ("best single measure", analysis.best())]
    rows += [("grader level", "grade.level"), ("grader score", "grade.score"),
             ("baseline (size, givens)", analysis.best(("size",))),
             ("combined predictor, held out", COMBINED)]
    return [(what, name) for what, name in rows if name and name in analysis.correlations]


def markdown(labels: Labels, records: list[dict[str, Any]], analysis: Analysis,
             settings: MeasureSettings, plots: list[str]) -> str:
    name = os.path.basename(labels.path)
    groups = sorted(set(analysis.groups.tolist()))
    lines = [f"# Study of `{name}`", ""]
    order = f"; labels ranked {' < '.join(labels.order)}" if labels.order else ""
    lines += [f"{len(records)} puzzles, {len(analysis.label)} measured, "
              f"{len(analysis.failed)} without measures (listed at the end); groups: "
              f"{', '.join(groups)}{order}.", ""]
    lines += ["## Answer", "",
              "Spearman's rho of each figure with the label, pooled within groups (Fisher z, "
              "weights n - 3), 95 % bootstrap interval; Kendall's tau-b beside it.", "",
              "| | measure | Spearman | 95 % interval | Kendall | n |", "|---|---|---|---|---|---|"]
    for what, measure in headline(analysis):
        assert measure is not None
        row = analysis.pooled(measure)
        lines.append(f"| {what} | `{measure}` | {_fmt(row.spearman)} | "
                     f"{_fmt(row.ci_low)} .. {_fmt(row.ci_high)} | {_fmt(row.kendall)} | "
                     f"{row.n} |")
    prediction = analysis.prediction
    if prediction is not None:
        chosen = sorted(set(prediction.single_choices))
        lines += ["", f"The best single measure chosen on the training folds alone scores "
                  f"{_fmt(prediction.single_heldout)} on the held-out puzzles (chosen: "
                  f"{', '.join(f'`{c}`' for c in chosen)}).", "",
                  "## What carries the combined predictor", "",
                  f"Ridge regression on within-group percentiles of {len(prediction.measures)} "
                  "measures, k-fold by puzzle. Largest standardised weights of the model fitted "
                  "on every puzzle, relative to the largest:", "", "| measure | weight |",
                  "|---|---|"]
        top = max((abs(w) for _, w in prediction.weights), default=0.0) or 1.0
        for measure, weight in prediction.weights[:TOP_WEIGHTS]:
            lines.append(f"| `{measure}` | {weight / top:+.2f} |")
        lines += ["", "Held-out Spearman with a whole family of measures left out:", "",
                  "| left out | held-out Spearman | change |", "|---|---|---|"]
        for family, value in prediction.without_family:
            lines.append(f"| {family} | {_fmt(value)} | "
                         f"{_fmt(value - prediction.spearman, signed=True)} |")
    lines += ["", "## Every measure", "",
              f"By the size of the pooled Spearman (the first {ALL_MEASURES_SHOWN}; all in "
              "`correlations.csv`).", "",
              "| measure | n | Spearman | 95 % interval | Kendall | "
              + " | ".join(groups) + " |",
              "|---" * (5 + len(groups)) + "|"]
    for measure in [COMBINED, *analysis.ranked(least=0.0)][:ALL_MEASURES_SHOWN]:
        if measure not in analysis.correlations:
            continue
        rows = {r.group: r for r in analysis.correlations[measure]}
        pooled = rows["pooled"]
        per_group = " | ".join(_fmt(rows[g].spearman) if g in rows else "" for g in groups)
        lines.append(f"| `{measure}` | {pooled.n} | {_fmt(pooled.spearman)} | "
                     f"{_fmt(pooled.ci_low)} .. {_fmt(pooled.ci_high)} | "
                     f"{_fmt(pooled.kendall)} | {per_group} |")
    if plots:
        lines += ["", "## Plots", ""]
        for measure in plots:
            lines += [f"![{measure}](plots/{file_name(measure)})", ""]
    if analysis.failed:
        lines += ["## Puzzles without measures", "", "| puzzle | reason |", "|---|---|"]
        for puzzle, reason in analysis.failed:
            lines.append(f"| `{puzzle}` | {reason} |")
        lines.append("")
    notes = sorted({note for r in records for note in r.get("notes") or []})
    if notes:
        lines += ["## Notes", "", *(f"- {note}" for note in notes), ""]
    lines += ["## Settings", "",
              ", ".join(f"{k} {v}" for k, v in settings.to_dict().items()) + ".", ""]
    return "\n".join(lines)


def _values(analysis: Analysis, name: str) -> Any:
    if name == COMBINED:
        assert analysis.prediction is not None
        return analysis.prediction.heldout
    return analysis.matrix[:, analysis.names.index(name)]


def _fmt(value: float, signed: bool = False) -> str:
    if value is None or math.isnan(value):
        return "-"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def _num(value: float) -> str:
    return "" if math.isnan(value) else f"{value:.6f}"
