"""Nurikabe's study measure ``rules_open`` on janko's puzzles of one size: how it spreads them
over the generator's three bands and how it ranks the solver's effort.

For each ``corpus/nurikabe/janko/*_WxH.txt``: ``rules_open`` (timed), and the ``lazy``
strategy's run without the rules (``NurikabeSettings(rules=False)``, so that the effort is
not what the rules already did): SAT conflicts per cell and seconds. Reported: the
measure's quartiles, the puzzles per band (``generators.study_measure.BANDS``) with their
median conflicts per cell, and Spearman's rank correlation of the measure with conflicts
per cell and with time (scipy).

Usage: python benchmarks/nurikabe_measure.py [--size 10x10]
Writes benchmarks/results/nurikabe_measure.md and .json.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from common import CORPUS, markdown_table, write_results  # noqa: E402
from scipy.stats import spearmanr  # noqa: E402

from pencilsat.encodings.nurikabe import NurikabeSettings  # noqa: E402
from pencilsat.formats.detect import read_puzzle  # noqa: E402
from pencilsat.generators.study_measure import BANDS  # noqa: E402
from pencilsat.strategies.nurikabe import run_cnf  # noqa: E402
from pencilsat.study.generation import rules_open  # noqa: E402


def measure(size: str) -> list[dict[str, float | str]]:
    rows: list[dict[str, float | str]] = []
    for path in sorted((CORPUS / "nurikabe" / "janko").glob(f"*_{size}.txt")):
        puzzle = read_puzzle(path.read_text(), path.name)
        start = time.perf_counter()
        score = rules_open(puzzle)
        measure_s = time.perf_counter() - start
        start = time.perf_counter()
        result = run_cnf(puzzle, settings=NurikabeSettings(rules=False))
        solve_s = time.perf_counter() - start
        cells = puzzle.width * puzzle.height
        rows.append({"name": path.name, "rules_open": score, "measure_s": measure_s,
                     "conflicts_per_cell": (result.stats.conflicts or 0) / cells,
                     "solve_s": solve_s, "verdict": result.verdict.value})
    return rows


def report(rows: list[dict[str, float | str]], size: str) -> str:
    score = np.array([r["rules_open"] for r in rows], dtype=float)
    conflicts = np.array([r["conflicts_per_cell"] for r in rows], dtype=float)
    seconds = np.array([r["solve_s"] for r in rows], dtype=float)
    taken = np.array([r["measure_s"] for r in rows], dtype=float)
    quartiles = np.percentile(score, [25, 50, 75])
    bands = []
    for level, (low, high) in enumerate(BANDS["nurikabe"], start=1):
        inside = (score >= low) & (score <= high)
        bands.append([level, f"{low:g} to {high:g}", int(inside.sum()),
                      float(np.median(conflicts[inside])) if inside.any() else "-",
                      float(np.median(seconds[inside])) if inside.any() else "-"])
    between = len(rows) - sum(int(b[2]) for b in bands)
    return "\n".join([
        f"`python benchmarks/nurikabe_measure.py --size {size}`: `rules_open` of each janko "
        f"{size} Nurikabe ({len(rows)} puzzles), and the `lazy` strategy without the rules "
        "(its SAT conflicts per cell and seconds, on a machine shared with other work).", "",
        f"- quartiles of `rules_open`: {quartiles[0]:.3f}, {quartiles[1]:.3f}, "
        f"{quartiles[2]:.3f}; {int((score == 0).sum())} at 0, largest {score.max():.3f}",
        f"- Spearman with conflicts per cell: {spearmanr(score, conflicts)[0]:.3f}; with "
        f"seconds: {spearmanr(score, seconds)[0]:.3f}",
        f"- time per measure: median {np.median(taken) * 1e3:.1f} ms, p90 "
        f"{np.percentile(taken, 90) * 1e3:.1f} ms", "",
        markdown_table(["band", "rules_open", "puzzles", "conflicts per cell (median)",
                        "lazy s (median)"], bands),
        "", f"Between two bands: {between}."])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="10x10")
    args = parser.parse_args()
    rows = measure(args.size)
    write_results("nurikabe_measure", "Nurikabe's study measure rules_open on janko",
                  report(rows, args.size), rows)


if __name__ == "__main__":
    main()
