"""From the records to the answers: correlations per measure, the combined predictor, the
best single measure and the grader's figures, for one label set.

A count a grader did not log (a technique never used, no step at a level) is 0, not missing;
every other measure a record lacks is missing and that record is left out of the measure's
correlation (``n`` says how many took part). The combined predictor uses the measures that at
least half the puzzles have; it also appears among the measures as ``combined.heldout``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from pencilsat.study.labels import Labels
from pencilsat.study.predictor import Prediction, predict
from pencilsat.study.stats import Correlation, correlate

ZERO_WHEN_ABSENT = ("grade.technique.", "grade.steps.level", "grade.trials", "gup.waves.")
"""Counts that a record leaves out when they are 0."""
SAT_FAMILIES = ("cdcl", "gup", "default", "cpsat")
"""The families measured with SAT or CP-SAT solvers (the study's question)."""
COMBINED = "combined.heldout"


@dataclass(frozen=True)
class Analysis:
    """One label set's figures."""

    names: list[str]
    matrix: np.ndarray
    label: np.ndarray
    groups: np.ndarray
    puzzles: list[str]
    correlations: dict[str, list[Correlation]]
    prediction: Prediction | None
    failed: list[tuple[str, str]]

    def pooled(self, name: str) -> Correlation:
        return self.correlations[name][-1]

    def ranked(self, families: tuple[str, ...] | None = None, least: float = 0.5,
               ) -> list[str]:
        """Measures (of ``families``, all by default) that at least ``least`` of the
        puzzles have, by the size of their pooled Spearman, largest first."""
        total = len(self.label)
        chosen = [name for name in self.correlations
                  if name != COMBINED and (families is None or name.split(".")[0] in families)
                  and self.pooled(name).n >= least * total
                  and not math.isnan(self.pooled(name).spearman)]
        return sorted(chosen, key=lambda name: (-abs(self.pooled(name).spearman), name))

    def best(self, families: tuple[str, ...] | None = None) -> str | None:
        ranked = self.ranked(families)
        return ranked[0] if ranked else None


def analyse(records: list[dict[str, Any]], labels: Labels, folds: int = 5,
            resamples: int = 1000) -> Analysis:
    """Every figure of the report for ``records`` (in LABELS order)."""
    measured = [r for r in records if r.get("measures")]
    failed = [(r["puzzle"], r["reason"] or "no measures") for r in records
              if not r.get("measures")]
    names = sorted({name for r in measured for name in r["measures"]})
    matrix = np.full((len(measured), len(names)), math.nan)
    for i, record in enumerate(measured):
        for j, name in enumerate(names):
            value = record["measures"].get(name)
            if value is None and name.startswith(ZERO_WHEN_ABSENT):
                value = 0.0
            if value is not None:
                matrix[i, j] = float(value)
    value_of = {item.puzzle: item.label for item in labels.items}
    label = np.array([value_of[r["puzzle"]] for r in measured], dtype=float)
    groups = np.array([str(r["group"]) for r in measured], dtype=object)
    puzzles = [r["puzzle"] for r in measured]
    correlations: dict[str, list[Correlation]] = {}
    for j, name in enumerate(names):
        known = np.isfinite(matrix[:, j])
        if known.sum() >= 4:
            correlations[name] = correlate(matrix[known, j], label[known], groups[known],
                                           resamples)
    prediction = None
    usable = [j for j, name in enumerate(names)
              if np.isfinite(matrix[:, j]).sum() >= 0.5 * len(measured)
              and np.nanstd(matrix[:, j]) > 0]
    if len(measured) >= 2 * folds and usable:
        prediction = predict(matrix[:, usable], [names[j] for j in usable], label, groups,
                             puzzles, folds=folds, resamples=resamples)
        known = np.isfinite(prediction.heldout)
        correlations[COMBINED] = correlate(prediction.heldout[known], label[known],
                                           groups[known], resamples)
    return Analysis(names, matrix, label, groups, puzzles, correlations, prediction, failed)
