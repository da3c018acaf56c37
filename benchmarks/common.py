"""Small shared helpers for benchmark scripts: corpus location, medians, table writing."""

from __future__ import annotations

import json
import platform
import statistics
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
RESULTS = REPO / "benchmarks" / "results"


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def loglog_slope(points: list[tuple[float, float]]) -> float | None:
    """k in y ~ x^k: least-squares slope of log(y) on log(x); ``None`` under two points."""
    import numpy as np

    if len(points) < 2:
        return None
    x, y = np.log([p[0] for p in points]), np.log([p[1] for p in points])
    return float(np.polyfit(x, y, 1)[0])


def machine() -> str:
    import os

    return f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, " \
        f"Python {platform.python_version()}"


def markdown_table(header: list[str], rows: list[list[Any]]) -> str:
    def cell(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(out)


def write_results(stem: str, title: str, body: str, data: Any) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    (RESULTS / f"{stem}.md").write_text(f"# {title}\n\nMeasured {stamp} on {machine()}.\n\n"
                                        + body + "\n")
    (RESULTS / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n")
