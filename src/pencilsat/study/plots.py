"""One PNG per chosen measure: the measure against the label, one panel per group, with the
spread.

Few distinct labels (levels): a box per label (quartiles, whiskers at the 5th and 95th
percentiles) over the puzzles drawn as points; many (ratings): the points, with the median
and the 10-90 % band of the measure in ten label bins. A measure spanning more than two orders
of magnitude is drawn on a log axis (zeros at the axis floor). matplotlib is imported here
only, with the file-only Agg backend; jitter comes from a fixed seed.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence

import numpy as np

MAX_PANELS = 6
FEW_LABELS = 12


def file_name(measure: str) -> str:
    """A file name for ``measure`` (letters, digits, dots, dashes)."""
    return re.sub(r"[^A-Za-z0-9.\-]+", "_", measure) + ".png"


def draw(path: str, measure: str, values: np.ndarray, label: np.ndarray, groups: np.ndarray,
         label_names: Sequence[str], title: str) -> None:
    """Draw ``values`` of ``measure`` against ``label`` to ``path`` (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    known = np.isfinite(values)
    values, label, groups = values[known], label[known], groups[known]
    names = sorted(set(groups.tolist()))[:MAX_PANELS]
    figure, axes = plt.subplots(1, max(1, len(names)), figsize=(4.2 * max(1, len(names)), 3.6),
                                squeeze=False, sharey=True)
    log = _log_axis(values)
    rng = np.random.default_rng(7)
    for axis, name in zip(axes[0], names, strict=False):
        rows = groups == name
        y = values[rows]
        if log:
            y = np.maximum(y, _floor(values))
        x = label[rows]
        levels = sorted(set(x.tolist()))
        if len(levels) <= FEW_LABELS:
            data = [y[x == level] for level in levels]
            axis.boxplot(data, positions=range(len(levels)), whis=(5, 95), showfliers=False,
                         widths=0.5)
            for i, level in enumerate(levels):
                points = y[x == level]
                axis.scatter(i + rng.uniform(-0.18, 0.18, len(points)), points, s=6,
                             alpha=0.45, color="tab:blue", linewidths=0)
            axis.set_xticks(range(len(levels)))
            axis.set_xticklabels([_label_text(level, label_names) for level in levels],
                                 rotation=30, ha="right", fontsize=8)
        else:
            axis.scatter(x, y, s=5, alpha=0.35, color="tab:blue", linewidths=0)
            _bands(axis, x, y)
        if log:
            axis.set_yscale("log")
        axis.set_title(f"{name} (n={int(rows.sum())})", fontsize=9)
        axis.set_xlabel("label", fontsize=8)
    axes[0][0].set_ylabel(measure, fontsize=8)
    figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    figure.savefig(path, dpi=90, metadata={"Software": None})
    plt.close(figure)


def _label_text(level: float, names: Sequence[str]) -> str:
    if names and float(level).is_integer() and 0 <= int(level) < len(names):
        return names[int(level)]
    return f"{level:g}"


def _log_axis(values: np.ndarray) -> bool:
    positive = values[values > 0]
    return bool(len(positive) and values.min() >= 0
                and positive.max() / positive.min() > 100)


def _floor(values: np.ndarray) -> float:
    positive = values[values > 0]
    return float(positive.min()) / 2 if len(positive) else 1.0


def _bands(axis: object, x: np.ndarray, y: np.ndarray) -> None:
    """The median and the 10-90 % band of ``y`` in ten bins of ``x``."""
    edges = np.unique(np.quantile(x, np.linspace(0, 1, 11)))
    if len(edges) < 3:
        return
    centres, low, mid, high = [], [], [], []
    for a, b in zip(edges[:-1], edges[1:], strict=True):
        rows = (x >= a) & ((x < b) | (b == edges[-1]))
        if rows.sum() < 3:
            continue
        centres.append(float(np.median(x[rows])))
        q = np.quantile(y[rows], [0.1, 0.5, 0.9])
        low.append(q[0])
        mid.append(q[1])
        high.append(q[2])
    if not centres or any(math.isnan(v) for v in mid):
        return
    axis.fill_between(centres, low, high, color="tab:orange", alpha=0.25,  # type: ignore[attr-defined]
                      label="10-90 %")
    axis.plot(centres, mid, color="tab:orange", label="median")  # type: ignore[attr-defined]
    axis.legend(fontsize=7)  # type: ignore[attr-defined]
