"""The study's combined predictor before and after the anchor, held out, on the study's sets.

The combined predictor (``study/predictor.py``) used to shrink a ridge over every measure
towards zero; on the Cloud Sudoku times its 60 measures then lost to the grader's time
estimate alone (0.70 against 0.707). Its inner split now chooses both the penalty and what
to shrink towards: zero, or the best single measure of the training part (the *anchor*); and
it weighs the squared errors by the labels' weights (players). This page refits the
predictor before, the anchor alone, and the choice with and without weights, on the measures
a study already made (``build/study/<set>/measures.jsonl`` and
``build/study/labels/<set>.tsv``, written by ``benchmarks/study.py``): every fitted number is
learnt on the training folds only, so each figure is held out.

For each set and each predictor (every measure; the SAT-side families alone): the held-out
pooled Spearman over ``--salts`` salts of the 5 folds (mean and range), the 95 % bootstrap
interval of the first salt, and the paired bootstrap of the difference from the predictor
before (same split, same resamples). For a set with a ``grade.score_time`` (the Cloud Sudoku
times) also that measure's Spearman, for comparison (its coefficients were fitted on the
same puzzles: its figure is a little optimistic).

Usage: ``python benchmarks/human_combined.py [--work build/study] [--sets sudoku-human ...]
[--salts 5] [--stem human_combined]``. Writes ``results/<stem>.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from pencilsat.study.analysis import SAT_FAMILIES, MeasureTable, measure_table  # noqa: E402
from pencilsat.study.labels import read_labels  # noqa: E402
from pencilsat.study.predictor import UNANCHORED, Model, cross_validate, fold_of  # noqa: E402
from pencilsat.study.stats import paired_test, pooled_interval  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
MODELS: dict[str, Model] = {
    "before: towards zero, unweighted": UNANCHORED,
    "towards the anchor only": Model(towards=("best",)),
    "zero or anchor, unweighted": Model(weighted=False),
    "zero or anchor, weighted (committed)": Model(),
}
"""The fits compared; the first is the baseline of the paired differences. Without weights
in the labels the unweighted fit is the committed one and is not run twice."""


def load(work: Path, name: str) -> MeasureTable:
    """A study's measured records and its labels as arrays (the study's own table)."""
    from study import label_sets

    order = {s.name: s.order for s in label_sets(100, 40)}.get(name) or None
    labels = read_labels(work / "labels" / f"{name}.tsv", order)
    records = [json.loads(line) for line in
               (work / name / "measures.jsonl").read_text().splitlines() if line.strip()]
    return measure_table(records, labels)


def compare(table: MeasureTable, columns: list[int], salts: int, resamples: int
            ) -> dict[str, Any]:
    """Every model of :data:`MODELS` on ``columns``, held out over ``salts`` splits."""
    matrix, label, groups = table.matrix[:, columns], table.label, table.groups
    models = {name: model for name, model in MODELS.items()
              if table.weights is not None or name != "zero or anchor, unweighted"}
    runs: dict[str, list[np.ndarray]] = {name: [] for name in models}
    for salt in range(salts):
        fold = np.array([fold_of(p, 5, salt=str(salt) if salt else "") for p in table.puzzles])
        for name, model in models.items():
            runs[name].append(cross_validate(matrix, label, groups, fold, table.puzzles,
                                             table.weights, model))
    base = runs[next(iter(models))][0]
    out: dict[str, Any] = {"measures": len(columns)}
    for name, predictions in runs.items():
        values = [pooled_interval(p, label, groups, 0)[0] for p in predictions]
        rho, low, high = pooled_interval(predictions[0], label, groups, resamples)
        test = paired_test(name, predictions[0], "before", base, label, groups, resamples)
        out[name] = {"mean": float(np.mean(values)), "min": float(np.min(values)),
                     "max": float(np.max(values)), "first": rho, "low": low, "high": high,
                     "gain": test.difference, "gain_low": test.ci_low,
                     "gain_high": test.ci_high}
    return out


def study_set(work: Path, name: str, salts: int, resamples: int) -> dict[str, Any]:
    table = load(work, name)
    result: dict[str, Any] = {"puzzles": len(table.label),
                              "every measure": compare(table, table.usable(), salts, resamples)}
    sat = table.usable(SAT_FAMILIES)
    if sat:
        result["SAT-side"] = compare(table, sat, salts, resamples)
    if "grade.score_time" in table.names:
        values = table.matrix[:, table.names.index("grade.score_time")]
        known = np.isfinite(values)
        rho, low, high = pooled_interval(values[known], table.label[known],
                                         table.groups[known], resamples)
        result["grade.score_time"] = {"spearman": rho, "low": low, "high": high}
    return result


def markdown(results: dict[str, Any], command: str, salts: int) -> str:
    lines = ["# The study's combined predictor before and after the anchor, held out", "",
             f"Generated by `{command}`. Held-out pooled Spearman over {salts} salts of "
             "5-fold cross-validation (mean and range), the 95 % bootstrap interval of the "
             "first salt, and the paired bootstrap of its difference from the predictor "
             "before (95 %). Every fitted number is learnt on the training folds alone.", ""]
    fits = 0
    for name, result in results.items():
        lines += [f"## {name} ({result['puzzles']} puzzles)", ""]
        if "grade.score_time" in result:
            st = result["grade.score_time"]
            lines += [f"`grade.score_time` alone: {st['spearman']:.3f} [{st['low']:.3f}, "
                      f"{st['high']:.3f}] (its coefficients fitted on the Cloud Sudoku times; "
                      "held out there 0.707, `score_time_sudoku.md`).", ""]
        lines += ["| predictor | fit | Spearman (mean) | range over salts | 95 % interval | "
                  "difference [95 % paired] |", "|---|---|---|---|---|---|"]
        for kind in ("every measure", "SAT-side"):
            part = result.get(kind)
            if not part:
                continue
            for fit, v in part.items():
                if fit == "measures":
                    continue
                fits += 1
                lines.append(
                    f"| {kind} ({part['measures']}) | {fit} | {v['mean']:.3f} | "
                    f"{v['min']:.3f} .. {v['max']:.3f} | {v['low']:.3f} .. {v['high']:.3f} | "
                    f"{v['gain']:+.3f} [{v['gain_low']:+.3f}, {v['gain_high']:+.3f}] |")
        lines.append("")
    lines.append(f"{fits} fits in all on this page (the baselines included).")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "study")
    parser.add_argument("--sets", nargs="*", help="study folders of --work (default: all)")
    parser.add_argument("--salts", type=int, default=5)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--stem", default="human_combined")
    args = parser.parse_args(argv)
    names = args.sets or sorted(p.parent.name for p in args.work.glob("*/measures.jsonl"))
    results = {}
    for name in names:
        print(name, file=sys.stderr, flush=True)
        results[name] = study_set(args.work, name, args.salts, args.resamples)
    command = "python benchmarks/human_combined.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{args.stem}.json").write_text(json.dumps(results, indent=1) + "\n")
    text = markdown(results, command.strip(), args.salts)
    (RESULTS / f"{args.stem}.md").write_text(text)
    print(text)
    return 0 if all(not math.isnan(r["every measure"][next(iter(MODELS))]["mean"])
                    for r in results.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
