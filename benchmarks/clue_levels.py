"""Where Tatham's levels fall on the clue maker's study measure, and whether the measure falls
along the generator's chains: the figures behind ``generators/study_measure.py``'s bands for
Slant, Skyscrapers, Jigsaw Sudoku and Tents (and Killer Sudoku's, which gets none).

For each genre's Tatham sets in the corpus (``tatham_manifest_genres.tsv``): ``up_open`` of
every puzzle (CPU time per puzzle), per size Spearman's rho with his levels and the C-index
(AUC) between neighbouring levels, each level's quantiles, and how many of his puzzles each
band holds, and Spearman's rho of the band each puzzle falls in with his level (what a
band promises). Then, per banded genre at its usual size, seeds 1..N: one removal chain of
the loop (``loop._chain``, as ``generate`` draws it), every puzzle along it measured; a step
"falls" when the measure is lower after a clue went (the bisection assumes it never does);
and ``--generated`` puzzles made at each level, their measure beside his levels'.

Usage: python benchmarks/clue_levels.py [--chains 30] [--generated 20]
Writes benchmarks/results/clue_levels.md and .json.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, markdown_table, write_results  # noqa: E402

from pencilsat.formats.detect import read_puzzle  # noqa: E402
from pencilsat.generators.loop import Target, _chain  # noqa: E402
from pencilsat.generators.order import Order  # noqa: E402
from pencilsat.generators.seeded import seeded_random  # noqa: E402
from pencilsat.generators.study_measure import BANDS, StudyMeasure  # noqa: E402
from pencilsat.generators.symmetry import orbits_of  # noqa: E402
from pencilsat.study.generation import MEASURES, up_open  # noqa: E402
from pencilsat.study.stats import c_index, spearman  # noqa: E402

GENRES = {
    # genre: (manifest name, levels easiest first, the size chains are drawn at)
    "slant": ("gokigen", ("easy", "hard"), (10, 10)),
    "skyscrapers": ("skyscrapers", ("easy", "hard", "extreme", "unreasonable"), (6, 6)),
    "jigsawsudoku": ("jigsawsudoku", ("trivial", "basic", "intermediate", "advanced",
                                      "extreme", "unreasonable"), (9, 9)),
    "tents": ("tents", ("easy", "tricky"), (10, 10)),
    "killersudoku": ("killersudoku", ("trivial", "basic", "intermediate", "advanced",
                                      "extreme", "unreasonable"), (9, 9)),
}
QUANTILES = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)


def measured(genre: str) -> list[dict[str, Any]]:
    name, levels, _ = GENRES[genre]
    rows = []
    with open(CORPUS / "tatham_manifest_genres.tsv") as table:
        for row in csv.DictReader(table, delimiter="\t"):
            if row["genre"] != name:
                continue
            path = CORPUS / row["puzzle_file"]
            puzzle = read_puzzle(path.read_text(), str(path))
            start = time.process_time()
            value = up_open(puzzle)
            rows.append({"size": row["size"], "level": row["difficulty"],
                         "rank": levels.index(row["difficulty"]), "up_open": value,
                         "cpu_s": time.process_time() - start})
    return rows


def ranking(genre: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    levels = GENRES[genre][1]
    sizes = sorted({r["size"] for r in rows})
    per_size = {s: spearman([r["up_open"] for r in rows if r["size"] == s],
                            [r["rank"] for r in rows if r["size"] == s]) for s in sizes}
    counts = {s: sum(r["size"] == s for r in rows) for s in sizes}
    pooled = sum(per_size[s] * counts[s] for s in sizes) / sum(counts.values())
    neighbours = {}
    for low, high in zip(levels, levels[1:], strict=False):
        aucs, weights = [], []
        for s in sizes:
            pair = [r for r in rows if r["size"] == s and r["level"] in (low, high)]
            aucs.append(c_index([r["up_open"] for r in pair], [r["rank"] for r in pair]))
            weights.append(sum(r["level"] == low for r in pair)
                           * sum(r["level"] == high for r in pair))
        neighbours[f"{low}-{high}"] = float(np.average(aucs, weights=weights))
    banded: dict[str, float] = {}
    if genre in BANDS:
        study = StudyMeasure(genre, up_open)
        for s in sizes:
            here = [r for r in rows if r["size"] == s]
            # a puzzle between bands counts as the band below
            found = [study.level_of(r["up_open"]) or 0 for r in here]
            banded[s] = spearman(found, [r["rank"] for r in here])
        banded["pooled"] = sum(banded[s] * counts[s] for s in sizes) / sum(counts.values())
    return {"spearman": per_size, "pooled": pooled, "neighbours": neighbours,
            "bands_spearman": banded,
            "cpu_ms_median": 1000 * statistics.median(r["cpu_s"] for r in rows)}


def generated(genre: str, seeds: int) -> list[list[Any]]:
    """``seeds`` puzzles made at each level at the genre's usual size: their measure and
    clue count."""
    width, height = GENRES[genre][2]
    out = []
    for level in range(1, len(BANDS[genre]) + 1):
        order = Order(genre, width, height, Target(level=level), measure=MEASURES[genre])
        made = [order.make(seed) for seed in range(1, seeds + 1)]
        values = [m.grading.score for m in made]
        quantiles = " ".join(f"{q:.2f}" for q in np.quantile(values, QUANTILES))
        out.append([genre, f"{width}x{height}", level, seeds, quantiles,
                    statistics.mean(m.clues for m in made)])
    return out


def distribution(genre: str, rows: list[dict[str, Any]]) -> list[list[Any]]:
    levels = GENRES[genre][1]
    study = StudyMeasure(genre, up_open) if genre in BANDS else None
    out = []
    for size in sorted({r["size"] for r in rows}):
        for level in levels:
            values = [r["up_open"] for r in rows if r["size"] == size and r["level"] == level]
            quantiles = " ".join(f"{q:.2f}" for q in np.quantile(values, QUANTILES))
            bands = "-"
            if study is not None:
                found = [study.level_of(v) for v in values]
                bands = ", ".join(f"L{b}: {found.count(b)}"
                                  for b in range(1, len(BANDS[genre]) + 1))
                bands += f", between: {found.count(None)}" if None in found else ""
            out.append([genre, size, level, len(values), quantiles, bands])
    return out


def falls(genre: str, chains: int) -> dict[str, Any]:
    """Steps along real removal chains where ``up_open`` falls as a clue goes."""
    width, height = GENRES[genre][2]
    steps = fell = 0
    worst = 0.0
    for seed in range(1, chains + 1):
        maker = Order(genre, width, height, Target()).maker()
        rng = seeded_random(seed)
        answer = maker.draw_answer(rng)
        if answer is None:
            continue
        cells = maker.candidates(answer)
        frame = getattr(maker, "clue_frame", (width, height))
        trials = maker.trials(answer)
        try:
            chain = _chain(trials, orbits_of(cells, frame[0], frame[1], None), len(cells),
                           maker.start_full, rng)
        finally:
            trials.close()
        if chain is None:
            continue
        values = [up_open(maker.puzzle(answer, chain.kept(k)))
                  for k in range(len(chain.order) + 1)]
        for before, after in zip(values, values[1:], strict=False):
            steps += 1
            if after < before - 1e-12:
                fell += 1
                worst = max(worst, before - after)
    return {"genre": genre, "size": f"{width}x{height}", "chains": chains, "steps": steps,
            "falls": fell, "worst": worst}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chains", type=int, default=30)
    parser.add_argument("--generated", type=int, default=20)
    args = parser.parse_args()
    data: dict[str, Any] = {"ranking": {}, "falls": []}
    dist: list[list[Any]] = []
    made: list[list[Any]] = []
    for genre in GENRES:
        rows = measured(genre)
        data["ranking"][genre] = ranking(genre, rows)
        dist += distribution(genre, rows)
        if genre in BANDS:
            data["falls"].append(falls(genre, args.chains))
            made += generated(genre, args.generated)
        print(genre, data["ranking"][genre]["pooled"], flush=True)
    body = [f"`python benchmarks/clue_levels.py --chains {args.chains} --generated "
            f"{args.generated}`. `up_open` is "
            "`gup.up_open` on the genre's complete clause list (`study.generation.up_open`); "
            "Spearman's rho with Tatham's levels within each size, pooled by size; the AUC "
            "(C-index) between neighbouring levels within sizes, pooled by pairs; the bands' "
            "rho: of the band each of his puzzles falls in (between bands: the one below) "
            "with his level. The study's BCa intervals are in docs/study/*-tatham.", ""]
    body.append(markdown_table(
        ["genre", "Spearman per size", "pooled", "AUC between neighbouring levels",
         "bands' Spearman per size, pooled", "CPU ms per puzzle (median)"],
        [[g, ", ".join(f"{s} {v:.2f}" for s, v in r["spearman"].items()), r["pooled"],
          ", ".join(f"{k} {v:.2f}" for k, v in r["neighbours"].items()),
          ", ".join(f"{k} {v:.2f}" for k, v in r["bands_spearman"].items()) or "-",
          r["cpu_ms_median"]]
         for g, r in data["ranking"].items()]))
    body += ["", "## Tatham's levels on the measure, and the bands they fall in", "",
             "Quantiles: min, 10%, 25%, median, 75%, 90%, max. Bands: "
             + "; ".join(f"{g} " + ", ".join(f"{lo}-{hi}" for lo, hi in BANDS[g])
                         for g in GENRES if g in BANDS) + ".", ""]
    body.append(markdown_table(["genre", "size", "level", "puzzles", "up_open quantiles",
                                "bands"], dist))
    body += ["", "## Does the measure fall as clues go?", "",
             "One removal chain per seed (`loop._chain`, as `generate` draws it), every "
             "puzzle along it measured.", ""]
    body.append(markdown_table(["genre", "size", "chains", "steps", "falls", "largest fall"],
                               [[f["genre"], f["size"], f["chains"], f["steps"], f["falls"],
                                 f["worst"]] for f in data["falls"]]))
    body += ["", "## Puzzles made at each level", "",
             f"`Order(genre, W, H, Target(level=L)).make(seed)`, seeds 1-{args.generated}, "
             "the measure of the puzzle kept (the quantiles as above) beside Tatham's levels' "
             "in the table before. Tents are made with every count, as his are; the others "
             "strip clues along a chain.", ""]
    body.append(markdown_table(["genre", "size", "level", "puzzles", "up_open quantiles",
                                "clues (mean)"], made))
    data["distribution"] = dist
    data["generated"] = made
    write_results("clue_levels", "The clue maker's levels: Tatham's levels on `gup.up_open`",
                  "\n".join(body), data)


if __name__ == "__main__":
    main()
