"""From the records to the answers: correlations per measure, the combined predictor, the
best single measure and the grader's figures, for one label set.

A count a grader did not log (a technique never used, no step at a level) is 0, not missing;
every other measure a record lacks is missing and that record is left out of the measure's
correlation (``n`` says how many took part). The combined predictor uses the measures that at
least half the puzzles have; it also appears among the measures as ``combined.heldout``, and
the same predictor of the SAT-side families alone as ``combined.sat.heldout`` (the one the
targets judge). Numeric labels (a rating, seconds) also get Pearson's r with their logarithm,
weighted when the LABELS file has weights; ordered levels get the AUC of each pair of
neighbouring levels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pencilsat.study.labels import Labels
from pencilsat.study.predictor import UNANCHORED, Prediction, predict
from pencilsat.study.stats import (
    Correlation,
    PairedTest,
    adjacent_aucs,
    correlate,
    paired_test,
    untied_ceiling,
)

ZERO_WHEN_ABSENT = ("grade.technique.", "grade.steps.level", "grade.trials", "gup.waves.")
"""Counts that a record leaves out when they are 0."""
SAT_FAMILIES = ("cdcl", "gup", "default", "cpsat")
"""The families measured with SAT or CP-SAT solvers (the study's question)."""
COMBINED = "combined.heldout"
COMBINED_SAT = "combined.sat.heldout"
"""The combined predictor of the SAT-side measures alone: what the targets judge (the grader
is a comparison, not a predictor of SAT effort)."""
GRADER = ("grade.level", "grade.score")
SAT_MODEL = UNANCHORED
"""The SAT-side predictor's fit: a ridge towards zero, unweighted. The anchor (the predictor of
every measure chooses it in-fold) lowered it on the Cloud Sudoku times (0.563 to 0.546, paired
95 % [-0.038, -0.008]; ``benchmarks/results/human_combined.md``): its many tied counters
gain by being averaged, not by following one."""


@dataclass(frozen=True)
class Analysis:
    """One label set's figures: the measures (``matrix``, puzzles x ``names``), the
    labels, their groups and weights, every measure's correlations, the combined predictors
    (every measure; SAT-side alone), the largest Spearman an untied measure can reach on
    these labels, the adjacent-level AUCs and the paired tests of the headline measures."""

    names: list[str]
    matrix: np.ndarray
    label: np.ndarray
    groups: np.ndarray
    puzzles: list[str]
    correlations: dict[str, list[Correlation]]
    prediction: Prediction | None
    failed: list[tuple[str, str]]
    weights: np.ndarray | None = None
    sat_prediction: Prediction | None = None
    ceiling: float = math.nan
    adjacent: dict[str, list[tuple[float, float, float, int]]] = field(default_factory=dict)
    paired: list[PairedTest] = field(default_factory=list)
    resamples: int = 1000

    def pooled(self, name: str) -> Correlation:
        return self.correlations[name][-1]

    def ranked(self, families: tuple[str, ...] | None = None, least: float = 0.5,
               ) -> list[str]:
        """Measures (of ``families``, all by default) that at least ``least`` of the
        puzzles have, by the size of their pooled Spearman, largest first."""
        total = len(self.label)
        chosen = [name for name in self.correlations
                  if name not in (COMBINED, COMBINED_SAT)
                  and (families is None or name.split(".")[0] in families)
                  and self.pooled(name).n >= least * total
                  and not math.isnan(self.pooled(name).spearman)]
        return sorted(chosen, key=lambda name: (-abs(self.pooled(name).spearman), name))

    def best(self, families: tuple[str, ...] | None = None) -> str | None:
        ranked = self.ranked(families)
        return ranked[0] if ranked else None

    def values(self, name: str) -> np.ndarray:
        """A measure's value per puzzle (NaN where missing), the predictors' held-out
        predictions included."""
        if name == COMBINED and self.prediction is not None:
            return self.prediction.heldout
        if name == COMBINED_SAT and self.sat_prediction is not None:
            return self.sat_prediction.heldout
        return self.matrix[:, self.names.index(name)]


@dataclass(frozen=True)
class MeasureTable:
    """The measured records of a label set as arrays: puzzles x measures (NaN where a record
    lacks a measure), the labels, their weights (``None``: unweighted) and groups."""

    names: list[str]
    matrix: np.ndarray
    label: np.ndarray
    weights: np.ndarray | None
    groups: np.ndarray
    puzzles: list[str]

    def usable(self, families: tuple[str, ...] | None = None) -> list[int]:
        """The columns the predictors use: measures (of ``families``, every one by default)
        that at least half the puzzles have and that vary."""
        return [j for j, name in enumerate(self.names)
                if (families is None or name.split(".")[0] in families)
                and np.isfinite(self.matrix[:, j]).sum() >= 0.5 * len(self.label)
                and np.nanstd(self.matrix[:, j]) > 0]


def measure_table(records: list[dict[str, Any]], labels: Labels) -> MeasureTable:
    """The records with measures (in ``records``' order) as a :class:`MeasureTable`."""
    measured = [r for r in records if r.get("measures")]
    names = sorted({name for r in measured for name in r["measures"]})
    matrix = np.full((len(measured), len(names)), math.nan)
    for i, record in enumerate(measured):
        for j, name in enumerate(names):
            value = record["measures"].get(name)
            if value is None and name.startswith(ZERO_WHEN_ABSENT):
                value = 0.0
            if value is not None:
                matrix[i, j] = float(value)
    item_of = {item.puzzle: item for item in labels.items}
    label = np.array([item_of[r["puzzle"]].label for r in measured], dtype=float)
    weights = (np.array([item_of[r["puzzle"]].weight for r in measured], dtype=float)
               if labels.weighted else None)
    groups = np.array([str(r["group"]) for r in measured], dtype=object)
    return MeasureTable(names, matrix, label, weights, groups,
                        [r["puzzle"] for r in measured])


def analyse(records: list[dict[str, Any]], labels: Labels, folds: int = 5,
            resamples: int = 1000) -> Analysis:
    """Every figure of the report for ``records`` (in LABELS order)."""
    measured = [r for r in records if r.get("measures")]
    failed = [(r["puzzle"], r["reason"] or "no measures") for r in records
              if not r.get("measures")]
    table = measure_table(records, labels)
    names, matrix, label = table.names, table.matrix, table.label
    weights, groups, puzzles = table.weights, table.groups, table.puzzles

    def correlations_of(values: np.ndarray) -> list[Correlation]:
        known = np.isfinite(values)
        return correlate(values[known], label[known], groups[known], resamples,
                         None if weights is None else weights[known], labels.numeric)

    correlations: dict[str, list[Correlation]] = {}
    for j, name in enumerate(names):
        if np.isfinite(matrix[:, j]).sum() >= 4:
            correlations[name] = correlations_of(matrix[:, j])
    prediction = sat_prediction = None
    usable, sat = table.usable(), table.usable(SAT_FAMILIES)
    if len(measured) >= 2 * folds and usable:
        sat_names = [names[j] for j in sat]
        prediction = predict(matrix[:, usable], [names[j] for j in usable], label, groups,
                             puzzles, folds=folds, resamples=resamples, single_from=sat_names,
                             weights=weights)
        correlations[COMBINED] = correlations_of(prediction.heldout)
        if sat:
            sat_prediction = predict(matrix[:, sat], sat_names, label, groups, puzzles,
                                     folds=folds, resamples=resamples, ablate=False,
                                     model=SAT_MODEL)
            correlations[COMBINED_SAT] = correlations_of(sat_prediction.heldout)
    analysis = Analysis(names, matrix, label, groups, puzzles, correlations, prediction,
                        failed, weights, sat_prediction, untied_ceiling(label, groups))
    adjacent = {}
    if labels.order:
        for name in _compared(analysis):
            values = analysis.values(name)
            known = np.isfinite(values)
            adjacent[name] = adjacent_aucs(values[known], label[known], groups[known])
    return replace(analysis, adjacent=adjacent, paired=_paired(analysis, resamples),
                   resamples=resamples)


def _compared(analysis: Analysis) -> list[str]:
    """The measures the report compares: the best SAT-side one, the SAT-side predictor,
    the grader's level and score, the predictor of every measure."""
    wanted = [analysis.best(SAT_FAMILIES), COMBINED_SAT, *GRADER, COMBINED]
    return [name for name in dict.fromkeys(wanted) if name and name in analysis.correlations]


def _paired(analysis: Analysis, resamples: int) -> list[PairedTest]:
    """Paired bootstrap tests: does the best SAT-side measure, or the SAT-side predictor,
    rank the labels better than the grader's level and score? Each measure is oriented by
    the sign of its own pooled Spearman (a measure that falls as the label rises ranks by
    its negative)."""
    tests = []
    for a in (analysis.best(SAT_FAMILIES), COMBINED_SAT):
        for b in GRADER:
            if not a or a not in analysis.correlations or b not in analysis.correlations:
                continue
            tests.append(paired_test(a, _oriented(analysis, a), b, _oriented(analysis, b),
                                     analysis.label, analysis.groups, resamples))
    return tests


def _oriented(analysis: Analysis, name: str) -> np.ndarray:
    rho = analysis.pooled(name).spearman
    return analysis.values(name) * (-1.0 if rho < 0 else 1.0)
