"""The Sudoku score's shipped weights are what ``benchmarks/grade_score.py`` fits from its
stored grades (lsq, the Radcliffe set weighing twice: issue 43), and a set's weight in the
fit moves the score towards that set's labels."""

from __future__ import annotations

import importlib
import json
import sys

import numpy as np
from conftest import REPO

from pencilsat.grading.sudoku.score import MODEL

STORED = REPO / "benchmarks/results/grade_score_sudoku.json"


def _benchmark():
    if str(REPO / "benchmarks") not in sys.path:
        sys.path.insert(0, str(REPO / "benchmarks"))
    return importlib.import_module("grade_score")


def _stored():
    rows = json.loads(STORED.read_text())["puzzles"]
    names = list(MODEL.weights)
    x = np.array([[r["features"][n] for n in names] for r in rows], dtype=float)
    y = np.array([r["label"] for r in rows], dtype=float)
    groups = np.array([r["group"] for r in rows])
    return names, x, y, groups


def test_shipped_weights_are_the_fit_of_the_stored_grades():
    bench = _benchmark()
    genre = bench.GENRES["sudoku"]
    names, x, y, groups = _stored()
    fitted = bench.fit_weights(x, y, groups, ridge=genre.ridge,
                               group_weight=genre.group_weight)
    assert genre.group_weight == {"radcliffe": 2.0}
    assert [round(float(w), 4) for w in fitted] == [MODEL.weights[n] for n in names]


def test_weighing_a_set_more_ranks_that_set_better_in_sample():
    bench = _benchmark()
    _, x, y, groups = _stored()
    radcliffe = groups == "radcliffe"
    rho = {}
    for weight in (1.0, 3.0):
        w = bench.fit_weights(x, y, groups, group_weight={"radcliffe": weight})
        rho[weight] = bench.spearman(x[radcliffe] @ w, y[radcliffe])
    assert rho[3.0] > rho[1.0]
