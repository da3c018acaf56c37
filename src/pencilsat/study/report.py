"""The study's files: ``correlations.csv``, ``report.md``, ``summary.json`` and the plots.

``correlations.csv`` has one row per measure and group (``pooled`` for the within-group
pooled value): ``measure,group,n,spearman,kendall,ci_low,ci_high,mc_error,c_index,
pearson_log,pearson_low,pearson_high``, the interval being the Spearman's (``mc_error``: the
Monte Carlo error of its bounds), the Pearson columns filled for numeric labels only.

``report.md`` is written for a reader who has not seen the code: the question, the answer in
one paragraph of words, the headline table, the paired tests behind every "better than",
the labels' provenance and nature, the limitations (ties, small groups, choices made on the
scored data, a missing group column), then what carries the predictor, every measure (a
measure that does not vary reads "constant"), the plots and the puzzles left out.
``summary.json`` holds the answer's figures for other tools (the benchmark's summary).
"""

from __future__ import annotations

import csv
import json
import math
import os
from typing import Any

import numpy as np

from pencilsat.study.analysis import COMBINED, COMBINED_SAT, SAT_FAMILIES, Analysis
from pencilsat.study.labels import NO_GROUP_WARNING, Labels
from pencilsat.study.measures import MeasureSettings
from pencilsat.study.plots import draw, file_name
from pencilsat.study.stats import Correlation, PairedTest

TOP_WEIGHTS = 10
ALL_MEASURES_SHOWN = 60
SMALL_GROUP = 20
"""Groups with fewer puzzles are named in the limitations."""
NATURE_TEXT = {
    "rating": "a rating made by a program or a rater (the techniques a solver needs), not a "
              "human solving time",
    "time": "people's solving times: what editors and players mean by difficulty",
}
CSV_COLUMNS = ["measure", "group", "n", "spearman", "kendall", "ci_low", "ci_high",
               "mc_error", "c_index", "pearson_log", "pearson_low", "pearson_high"]


def write_report(folder: str, labels: Labels, records: list[dict[str, Any]],
                 analysis: Analysis, settings: MeasureSettings, plots: bool = True,
                 nature: str | None = None, about: str | None = None) -> None:
    write_csv(os.path.join(folder, "correlations.csv"), analysis)
    chosen = plotted(analysis)
    if plots:
        for name in chosen:
            draw(os.path.join(folder, "plots", file_name(name)), name, analysis.values(name),
                 analysis.label, analysis.groups, labels.order,
                 f"{os.path.basename(labels.path)}: {name}")
    with open(os.path.join(folder, "report.md"), "w", encoding="utf-8") as handle:
        handle.write(markdown(labels, records, analysis, settings, chosen if plots else [],
                              nature, about))
    with open(os.path.join(folder, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump(summary(records, analysis, labels, nature, about), handle, indent=1,
                  ensure_ascii=False)
        handle.write("\n")


def summary(records: list[dict[str, Any]], analysis: Analysis, labels: Labels | None = None,
            nature: str | None = None, about: str | None = None) -> dict[str, Any]:
    """The answer's figures: the headline rows, the single SAT-side measure chosen in each
    fold, the paired tests, the ceiling and adjacent AUCs for tied labels, the predictor's
    largest weights and its family ablation."""
    rows = []
    for what, measure in headline(analysis):
        row = analysis.pooled(measure)
        rows.append({"what": what, "measure": measure, "n": row.n,
                     "spearman": _round(row.spearman), "kendall": _round(row.kendall),
                     "ci_low": _round(row.ci_low), "ci_high": _round(row.ci_high),
                     "mc_error": _round(row.mc_error), "c_index": _round(row.c_index),
                     "pearson_log": _round(row.pearson_log),
                     "pearson_low": _round(row.pearson_low),
                     "pearson_high": _round(row.pearson_high), "constant": row.constant})
    prediction = analysis.prediction
    return {
        "puzzles": len(records), "measured": len(analysis.label),
        "without_measures": len(analysis.failed),
        "groups": sorted(set(analysis.groups.tolist())),
        "nature": nature, "about": about,
        "numeric": bool(labels.numeric) if labels else None,
        "weighted": bool(labels.weighted) if labels else None,
        "warnings": list(labels.warnings) if labels else [],
        "untied_ceiling": _round(analysis.ceiling),
        "headline": rows,
        "single_heldout": None if prediction is None else _round(prediction.single_heldout),
        "single_choices": [] if prediction is None else sorted(set(prediction.single_choices)),
        "paired": [{"a": t.a, "b": t.b, "n": t.n, "difference": _round(t.difference),
                    "ci_low": _round(t.ci_low), "ci_high": _round(t.ci_high),
                    "p_value": _round(t.p_value)} for t in analysis.paired],
        "adjacent": {name: [[_level(labels, low), _level(labels, high), _round(auc), n]
                            for low, high, auc, n in pairs]
                     for name, pairs in analysis.adjacent.items()},
        "weights": [] if prediction is None else [
            [name, _round(weight)] for name, weight in prediction.weights[:TOP_WEIGHTS]],
        "without_family": [] if prediction is None else [
            [family, _round(value)] for family, value in prediction.without_family],
    }


def _level(labels: Labels | None, value: float) -> str:
    if labels and labels.order and float(value).is_integer():
        return labels.order[int(value)]
    return f"{value:g}"


def _round(value: float | None) -> float | None:
    return None if value is None or math.isnan(value) else round(float(value), 4)


def write_csv(path: str, analysis: Analysis) -> None:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(CSV_COLUMNS)
        for name in sorted(analysis.correlations):
            for row in analysis.correlations[name]:
                out.writerow([name, row.group, row.n, _num(row.spearman), _num(row.kendall),
                              _num(row.ci_low), _num(row.ci_high), _num(row.mc_error),
                              _num(row.c_index), _num(row.pearson_log),
                              _num(row.pearson_low), _num(row.pearson_high)])


def plotted(analysis: Analysis) -> list[str]:
    """The measures drawn: the predictors, the best SAT measure, the best of any kind, the
    grader's level and score, the hierarchy's level and deepest step."""
    wanted = [COMBINED_SAT, COMBINED, analysis.best(SAT_FAMILIES), analysis.best(),
              "grade.level", "grade.score", "gup.level", "gup.depth.max",
              "cdcl.cadical.solve.conflicts"]
    out: list[str] = []
    for name in wanted:
        if name and name in analysis.correlations and name not in out:
            out.append(name)
    return out


def headline(analysis: Analysis) -> list[tuple[str, str]]:
    """The rows of the answer table: (what, measure)."""
    rows = [("best single SAT measure", analysis.best(SAT_FAMILIES)),
            ("best single measure", analysis.best()),
            ("grader level", "grade.level"), ("grader score", "grade.score"),
            ("baseline (size, givens)", analysis.best(("size",))),
            ("SAT-side predictor, held out", COMBINED_SAT),
            ("combined predictor, held out", COMBINED)]
    return [(what, name) for what, name in rows if name and name in analysis.correlations]


def markdown(labels: Labels, records: list[dict[str, Any]], analysis: Analysis,
             settings: MeasureSettings, plots: list[str], nature: str | None = None,
             about: str | None = None) -> str:
    name = os.path.basename(labels.path)
    groups = sorted(set(analysis.groups.tolist()))
    lines = [f"# Study of `{name}`", ""]
    order = f"; labels ranked {' < '.join(labels.order)}" if labels.order else ""
    lines += [f"{len(records)} puzzles, {len(analysis.label)} measured, "
              f"{len(analysis.failed)} without measures (listed at the end); groups: "
              f"{', '.join(groups)}{order}.", ""]
    for warning in labels.warnings:
        lines += [f"**Warning:** {warning}.", ""]
    lines += ["## Question", "",
              "Does the effort a SAT solver spends on a puzzle (CDCL counters on a fixed "
              "encoding, the level and steps of generalised unit propagation, CP-SAT's search, "
              "the default strategy's calls) rank these puzzles as their labels do, and "
              "better than the human-technique grader? Ranking, not value: Spearman's rho "
              "within each group, pooled.", "",
              "## Answer", "", answer(labels, analysis, nature), "",
              "| | measure | Spearman | 95 % interval | Kendall | C-index | "
              + ("Pearson, log label | " if labels.numeric else "") + "n |",
              "|---|---|---|---|---|---|" + ("---|" if labels.numeric else "") + "---|"]
    for what, measure in headline(analysis):
        row = analysis.pooled(measure)
        pearson = f"{_with_interval(row.pearson_log, row.pearson_low, row.pearson_high)} | " \
            if labels.numeric else ""
        lines.append(f"| {what} | `{measure}` | {_rho(row)} | {_ci(row)} | "
                     f"{_fmt(row.kendall)} | {_fmt(row.c_oriented)} | {pearson}{row.n} |")
    lines += ["", "Spearman's rho pooled within groups (the groups' values weighted by their "
              "sizes); its 95 % interval a BCa bootstrap (resampling puzzles within groups; "
              f"Monte Carlo error of the bounds at most {_fmt(_mc_max(analysis), 3)}). "
              "C-index: of the pairs of puzzles with different labels in the same group, the "
              "share the measure orders the same way (ties in the measure count one half; "
              "the AUC for two levels), taken in the measure's own direction: 1 - C for a "
              "measure with a negative Spearman (the raw C is in `correlations.csv`)."
              + (" Pearson's r with the logarithm of the label"
                 + (", weighted by the weight column" if labels.weighted else "")
                 + ", BCa interval." if labels.numeric else ""), ""]
    prediction = analysis.prediction
    if prediction is not None:
        chosen = sorted(set(prediction.single_choices))
        lines += [f"The best single SAT-side measure chosen on the training folds alone "
                  f"scores {_fmt(prediction.single_heldout)} on the held-out puzzles (its "
                  f"values put on the common scale of training percentiles; chosen: "
                  f"{', '.join(f'`{c}`' for c in chosen)}).", ""]
    lines += _paired_section(analysis)
    lines += _adjacent_section(labels, analysis)
    lines += _labels_section(labels, nature, about)
    lines += _limitations(labels, analysis)
    if prediction is not None:
        lines += ["## What carries the combined predictor", "",
                  f"Ridge regression on within-group percentiles of {len(prediction.measures)} "
                  "measures, k-fold by puzzle, shrunk towards zero or towards the best single "
                  "measure (an inner split chooses which, and the penalty). Largest "
                  "standardised weights of the model fitted on every puzzle, relative to the "
                  "largest:", "", "| measure | weight |",
                  "|---|---|"]
        top = max((abs(w) for _, w in prediction.weights), default=0.0) or 1.0
        for measure, weight in prediction.weights[:TOP_WEIGHTS]:
            lines.append(f"| `{measure}` | {weight / top:+.2f} |")
        lines += ["", "Held-out Spearman with a whole family of measures left out:", "",
                  "| left out | held-out Spearman | change |", "|---|---|---|"]
        for family, value in prediction.without_family:
            lines.append(f"| {family} | {_fmt(value)} | "
                         f"{_fmt(value - prediction.spearman, signed=True)} |")
        lines.append("")
    lines += ["## Every measure", "",
              f"By the size of the pooled Spearman (the first {ALL_MEASURES_SHOWN}; all in "
              "`correlations.csv`); per group the Bonett-Wright interval is in the file.", "",
              "| measure | n | Spearman | 95 % interval | Kendall | C-index | "
              + " | ".join(groups) + " |",
              "|---" * (6 + len(groups)) + "|"]
    for measure in [COMBINED_SAT, COMBINED, *analysis.ranked(least=0.0)][:ALL_MEASURES_SHOWN]:
        if measure not in analysis.correlations:
            continue
        rows = {r.group: r for r in analysis.correlations[measure]}
        pooled = rows["pooled"]
        per_group = " | ".join(_rho(rows[g]) if g in rows else "" for g in groups)
        lines.append(f"| `{measure}` | {pooled.n} | {_rho(pooled)} | {_ci(pooled)} | "
                     f"{_fmt(pooled.kendall)} | {_fmt(pooled.c_oriented)} | {per_group} |")
    if plots:
        lines += ["", "## Plots", ""]
        for measure in plots:
            lines += [f"![{measure}](plots/{file_name(measure)})", ""]
    if analysis.failed:
        lines += ["", "## Puzzles without measures", "", "| puzzle | reason |", "|---|---|"]
        for puzzle, reason in analysis.failed:
            lines.append(f"| `{puzzle}` | {reason} |")
        lines.append("")
    notes = sorted({note for r in records for note in r.get("notes") or []})
    if notes:
        lines += ["", "## Notes", "", *(f"- {note}" for note in notes), ""]
    lines += ["", "## Settings", "",
              ", ".join(f"{k} {v}" for k, v in settings.to_dict().items()) + ".", ""]
    return "\n".join(lines)


def answer(labels: Labels, analysis: Analysis, nature: str | None) -> str:
    """The answer in one paragraph of words, every figure from the analysis."""
    what = {"time": "people's solving times", "rating": "the rating"}.get(nature or "",
                                                                          "the label")
    best = analysis.best(SAT_FAMILIES)
    if best is None:
        return "No SAT-side measure could be correlated with the labels (too few puzzles)."
    row = analysis.pooled(best)
    text = (f"Of the SAT-side measures, `{best}` ranks the {len(analysis.label)} puzzles "
            f"most like {what}: Spearman {_rho(row)} (95 % {_ci(row)}), a choice made on "
            "the same puzzles it is scored on")
    prediction = analysis.prediction
    if prediction is not None and not math.isnan(prediction.single_heldout):
        text += (f"; chosen on training folds only, the best SAT-side measure scores "
                 f"{_fmt(prediction.single_heldout)} on held-out puzzles")
    text += ". "
    if COMBINED_SAT in analysis.correlations:
        sat = analysis.pooled(COMBINED_SAT)
        text += (f"The SAT-side measures combined (ridge regression, scored only on puzzles "
                 f"held out of its fitting) reach {_rho(sat)} ({_ci(sat)}). ")
    graded = [(name, analysis.pooled(name)) for name in ("grade.level", "grade.score")
              if name in analysis.correlations]
    if graded:
        text += "The human-technique grader's " + " and its ".join(
            f"{'level' if name.endswith('level') else 'score'} reaches {_rho(r)}"
            for name, r in graded) + ". "
    for test in analysis.paired:
        if test.a == COMBINED_SAT:
            text += _verdict(test) + " "
    if not labels.numeric:
        text += (f"The labels are tied levels, so even a perfect measure without ties would "
                 f"reach a Spearman of only {_fmt(analysis.ceiling)}; the C-index (pairs "
                 f"ordered right, 1 = every pair, 0.5 = chance) of `{best}` is "
                 f"{_fmt(row.c_oriented)}" + (" (taken in its own direction, 1 - C: it falls "
                 "as the label rises)" if row.spearman < 0 else "") + ".")
    elif not math.isnan(row.pearson_log):
        text += (f"With the logarithm of the label, `{best}` has Pearson's r "
                 f"{_with_interval(row.pearson_log, row.pearson_low, row.pearson_high)}"
                 + (" (weighted)" if labels.weighted else "") + ".")
    return text.strip()


def _verdict(test: PairedTest) -> str:
    """One sentence on a paired test."""
    b = "level" if test.b.endswith("level") else "score"
    a = "The SAT-side predictor" if test.a == COMBINED_SAT else f"`{test.a}`"
    if math.isnan(test.difference):
        return ""
    figures = (f"difference {_fmt(test.difference, signed=True)}, 95 % "
               f"[{_fmt(test.ci_low, signed=True)}, {_fmt(test.ci_high, signed=True)}], "
               f"paired bootstrap p {_p(test.p_value, relation=True)}")
    if test.ci_low > 0:
        return f"{a} ranks better than the grader's {b} ({figures})."
    if test.ci_high < 0:
        return f"{a} ranks worse than the grader's {b} ({figures})."
    return f"{a} cannot be told apart from the grader's {b} ({figures})."


def _paired_section(analysis: Analysis) -> list[str]:
    if not analysis.paired:
        return []
    lines = ["## Better than the grader? Paired tests", "",
             "Each comparison scores both measures on the same puzzles and the same bootstrap "
             "resamples; the difference of their pooled Spearman (each oriented by its own "
             "sign), its 95 % percentile interval, and the share of resamples in which the "
             "first is not better (one-sided p).", "",
             "| measure | against | n | difference | 95 % interval | p |",
             "|---|---|---|---|---|---|"]
    for t in analysis.paired:
        lines.append(f"| `{t.a}` | `{t.b}` | {t.n} | {_fmt(t.difference, signed=True)} | "
                     f"{_fmt(t.ci_low, signed=True)} .. {_fmt(t.ci_high, signed=True)} | "
                     f"{_p(t.p_value)} |")
    return [*lines, ""]


def _adjacent_section(labels: Labels, analysis: Analysis) -> list[str]:
    if not analysis.adjacent or not labels.order:
        return []
    pairs = next(iter(analysis.adjacent.values()))
    names = [f"{_level(labels, low)} vs {_level(labels, high)}" for low, high, _, _ in pairs]
    lines = ["## Neighbouring levels", "",
             "The AUC of each measure between two neighbouring levels, within groups: the "
             "share of (lower, higher) pairs it orders right (0.5: it does not separate them).",
             "", "| measure | " + " | ".join(names) + " |", "|---" * (1 + len(names)) + "|"]
    for measure, values in analysis.adjacent.items():
        by_pair = {(low, high): auc for low, high, auc, _ in values}
        lines.append(f"| `{measure}` | " + " | ".join(
            _fmt(by_pair.get((low, high), math.nan)) for low, high, _, _ in pairs) + " |")
    counts = ", ".join(f"{name} {n}" for name, (_, _, _, n) in zip(names, pairs, strict=True))
    return [*lines, "", f"Puzzles in each pair of levels: {counts}.", ""]


def _labels_section(labels: Labels, nature: str | None, about: str | None) -> list[str]:
    kind = (f"ordered levels ({' < '.join(labels.order)})" if labels.order
            else "numbers")
    lines = ["## The labels", ""]
    lines.append(f"What they are: {NATURE_TEXT[nature]}." if nature in NATURE_TEXT else
                 "What they are: not stated (`--labels-are rating` or `time`); read the "
                 "figures as agreement with whoever made the labels.")
    lines.append(f"Where they come from: {about}." if about else
                 "Where they come from: not stated (`--about`).")
    lines.append(f"Read as {kind}" + (", each puzzle weighted by its weight column (in the "
                                      "Pearson figures)" if labels.weighted else "") + ".")
    return [*lines[:2], " ".join(lines[2:]), ""]


def _limitations(labels: Labels, analysis: Analysis) -> list[str]:
    items = []
    if not labels.numeric or analysis.ceiling < 0.995:
        items.append(f"**Ties.** The labels have ties: a measure without ties can reach a "
                     f"Spearman of at most {_fmt(analysis.ceiling)} here, so compare Spearman "
                     "values with that ceiling, and read the C-index (ties-aware) beside them.")
    sizes = {g: int((analysis.groups == g).sum()) for g in sorted(set(analysis.groups.tolist()))}
    small = [f"{g} ({n})" for g, n in sizes.items() if n < SMALL_GROUP]
    if small:
        items.append(f"**Small groups.** {', '.join(small)} puzzles: their own coefficients "
                     "are rough (Bonett-Wright intervals in `correlations.csv`); they weigh in "
                     "the pool by their size only.")
    items.append("**Selection on the scored data.** The best single measure is chosen on the "
                 "puzzles it is scored on, so its value is optimistic; the in-fold choice and "
                 "the predictors are scored on held-out puzzles only. Their intervals resample "
                 "the held-out predictions and leave out the variation of the fitting itself.")
    ungrouped = [w for w in labels.warnings if w.startswith(NO_GROUP_WARNING[:30])]
    if ungrouped:
        items.append("**No groups.** " + "; ".join(ungrouped) + ".")
    items.append(f"**Resampling.** {analysis.resamples:,} bootstrap resamples from a fixed "
                 f"seed; the bounds move by about {_fmt(_mc_max(analysis), 3)} (Monte Carlo "
                 "error) with another seed.")
    items.append("**Ranking, not cause.** A measure that ranks the labels well need not be "
                 "what makes a puzzle hard; solver-made ratings can favour SAT-side inference "
                 "that mimics their technique ladder.")
    return ["## Limitations", "", *(f"- {item}" for item in items), ""]


def _mc_max(analysis: Analysis) -> float:
    errors = [rows[-1].mc_error for rows in analysis.correlations.values()
              if not math.isnan(rows[-1].mc_error)]
    return max(errors) if errors else math.nan


def _rho(row: Correlation) -> str:
    return "constant" if row.constant else _fmt(row.spearman)


def _ci(row: Correlation) -> str:
    if row.constant:
        return "constant"
    return f"[{_fmt(row.ci_low)}, {_fmt(row.ci_high)}]"


def _with_interval(value: float, low: float, high: float) -> str:
    if math.isnan(value):
        return "-"
    return f"{value:.2f} [{_fmt(low)}, {_fmt(high)}]"


def _p(value: float, relation: bool = False) -> str:
    """A p-value to three places (``relation``: with its sign, "= 0.004" or "< 0.001")."""
    if math.isnan(value):
        return "-"
    if value < 0.001:
        return "< 0.001"
    return f"= {value:.3f}" if relation else f"{value:.3f}"


def _fmt(value: float | None, digits: int = 2, signed: bool = False) -> str:
    if value is None or (isinstance(value, float | np.floating) and math.isnan(value)):
        return "-"
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def _num(value: float) -> str:
    return "" if math.isnan(value) else f"{value:.6f}"
