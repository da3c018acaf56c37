"""Grades the Sudoku score's holdout: labelled puzzles that no fit of ``grade_score.py`` sees.

Two sets, graded once and stored with their features so that any weights can be judged on
them without grading again (``score_variants_sudoku.py``):

- **Radcliffe, outside the fit**: rows 2, 22, 42, ... (0-based) of
  ``kaggle_radcliffe_curated5000.tsv``, 250 puzzles; the fits take rows 0, 20, 40, ...
  (``--every 20``) or 0, 5, 10, ... (``--every 5``), so none of them.
- **New Tatham puzzles**: the 180 puzzles ``sudoku_unseen_tatham.py`` generated with Tatham's
  Solo (``3x3d<level>#h43unseen``, none in the corpus), read back from its stored game IDs,
  so the set does not need Solo installed.

Usage: ``python benchmarks/score_holdout_sudoku.py [--workers 2]``. Writes
``results/grade_score_sudoku_holdout.json``.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from grade_score import CORPUS, RESULTS, sudoku_grade  # noqa: E402

STORED = RESULTS / "grade_score_sudoku_holdout.json"
UNSEEN = RESULTS / "sudoku_unseen_tatham.json"


def radcliffe_outside(offset: int = 2, every: int = 20) -> list[dict[str, Any]]:
    """Rows ``offset``, ``offset + every``, ... of the Radcliffe file (0-based)."""
    path = CORPUS / "sudoku" / "kaggle_radcliffe_curated5000.tsv"
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [{"id": f"radcliffe:{i + 2}", "group": "radcliffe",
             "label": float(rows[i]["radcliffe_difficulty"]), "puzzle": rows[i]["puzzle"],
             "solution": rows[i]["solution"]} for i in range(offset, len(rows), every)]


def unseen_tatham() -> list[dict[str, Any]]:
    """The stored new Tatham puzzles as one-line Sudokus, labelled with the level asked."""
    from pencilsat.formats.detect import read_input

    items = []
    for row in json.loads(UNSEEN.read_text())["puzzles"]:
        clues = read_input(row["id"]).clues
        line = "".join(str(int(v)) if v else "." for v in clues.flat)
        items.append({"id": row["id"], "group": "tatham", "label": row["label"],
                      "puzzle": line})
    return items


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    items = {"radcliffe": radcliffe_outside(), "tatham": unseen_tatham()}
    start = time.perf_counter()
    graded = {}
    with Pool(args.workers) as pool:
        for name, chunk in items.items():
            graded[name] = pool.map(sudoku_grade, chunk, chunksize=4)
    wall = time.perf_counter() - start
    wrong = sum(r["contradicting"] for rows in graded.values() for r in rows)
    STORED.write_text(json.dumps({"wall": wall, "workers": args.workers,
                                  "contradicting": wrong, **graded}) + "\n")
    print(f"{sum(len(v) for v in graded.values())} puzzles graded in {wall:.0f} s, "
          f"{wrong} contradicting deductions")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
