"""The editor's desk: backbone methods compared, and the clue tool on big and on minimal
puzzles.

Usage: ``python benchmarks/desk.py [--sudokus 100] [--repeat 3]``. Writes
``benchmarks/results/desk.md`` and ``.json``.

- backbone of a non-unique 36x20 Masyu (the seed with every 12th pearl removed), of a 9x9
  Sudoku with about a thousand solutions (the first Royle 17-clue puzzle, in file order,
  that one removed clue leaves with 700-1,500 solutions, counted exactly with ``--count``)
  of a non-unique janko Light Up (numbers removed), of janko Slitherlink 216 (20x36, every
  10th number removed) and of janko Nurikabe 1063 (10x10, its first size made ``?``), by
  both methods of
  :mod:`pencilsat.strategies.solution_space` on the default strategy; median of
  ``--repeat`` runs;
- the clue tool on the seed 36x20 Masyu and on the first ``--sudokus`` Royle 17-clue
  Sudokus (each is minimal: every clue needed).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, markdown_table, median, write_results  # noqa: E402

from pencilsat.api import read_puzzle  # noqa: E402
from pencilsat.core.registry import GENRES  # noqa: E402
from pencilsat.desk.clues import check_clues  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402
from pencilsat.strategies.solution_space import Exploration  # noqa: E402

METHODS = ("blocking", "assumptions")


def masyu_36x20_ambiguous() -> Any:
    seed = read_puzzle(str(CORPUS / "masyu/seed_36x20.txt"))
    rules = GENRES["masyu"].rules().clues
    assert rules is not None
    puzzle = seed
    for clue in rules.given(seed)[::12]:
        puzzle = rules.without(puzzle, clue)
    return puzzle


def sudoku_with_about_1000() -> tuple[Any, int, str]:
    rules = GENRES["sudoku"].rules().clues
    assert rules is not None
    for number, line in enumerate((CORPUS / "sudoku/royle_17clue.txt").read_text().split(), 1):
        puzzle = read_puzzle(line)
        for clue in rules.given(puzzle):
            fewer = rules.without(puzzle, clue)
            listed = solve(fewer, explore=Exploration(count=2000)).count
            assert listed is not None
            if listed.complete and 700 <= len(listed.solutions) <= 1500:
                # named by its place in the corpus, not copied into the results
                return fewer, len(listed.solutions), \
                    f"royle_17clue.txt, line {number}, without {clue}"
    raise RuntimeError("no such Sudoku among Royle's")


def lightup_ambiguous() -> Any:
    rules = GENRES["lightup"].rules().clues
    assert rules is not None
    puzzle = read_puzzle(str(CORPUS / "lightup/janko/101_10x10.txt"))
    for clue in rules.given(puzzle)[::2]:
        puzzle = rules.without(puzzle, clue)
    return puzzle


def weakened(path: str, genre: str, every: int, first_only: bool = False) -> Any:
    """The corpus puzzle at ``path`` without every ``every``-th clue (or its first only)."""
    rules = GENRES[genre].rules().clues
    assert rules is not None
    puzzle = read_puzzle(str(CORPUS / path))
    given = rules.given(puzzle)
    for clue in given[:1] if first_only else given[::every]:
        puzzle = rules.without(puzzle, clue)
    return puzzle


def backbone_rows(repeat: int) -> tuple[list[list[Any]], list[dict[str, Any]]]:
    sudoku, count, origin = sudoku_with_about_1000()
    cases = [("Masyu 36x20, every 12th pearl removed", masyu_36x20_ambiguous()),
             (f"Sudoku 9x9 with {count} solutions", sudoku),
             ("Light Up janko 101 (10x10), every 2nd number removed", lightup_ambiguous()),
             ("Slitherlink janko 216 (20x36), every 10th number removed",
              weakened("slitherlink/janko/216_20x36.txt", "slitherlink", 10)),
             ("Nurikabe janko 1063 (10x10), its first size made ?",
              weakened("nurikabe/janko/1063_10x10.txt", "nurikabe", 1, first_only=True))]
    rows, data = [], []
    for name, puzzle in cases:
        for method in METHODS:
            times, result = [], None
            for _ in range(repeat):
                start = time.perf_counter()
                result = solve(puzzle, explore=Exploration(backbone=True, method=method))
                times.append(time.perf_counter() - start)
            assert result is not None and result.backbone is not None
            backbone = result.backbone
            cells = puzzle.width * puzzle.height
            rows.append([name, method, result.verdict.value, len(backbone.undecided), cells,
                         backbone.solutions_seen, median(times)])
            data.append({"case": name, "method": method, "verdict": result.verdict.value,
                         "undecided": len(backbone.undecided), "cells": cells,
                         "solutions_seen": backbone.solutions_seen, "seconds": times,
                         "complete": backbone.complete})
    data.append({"sudoku_origin": origin, "sudoku_solutions": count})
    return rows, data


def clue_rows(sudokus: int) -> tuple[list[list[Any]], dict[str, Any]]:
    seed = read_puzzle(str(CORPUS / "masyu/seed_36x20.txt"))
    start = time.perf_counter()
    report = check_clues(seed)
    seed_s = time.perf_counter() - start
    lines = (CORPUS / "sudoku/royle_17clue.txt").read_text().split()[:sudokus]
    minimal, times = 0, []
    for line in lines:
        start = time.perf_counter()
        royle = check_clues(read_puzzle(line))
        times.append(time.perf_counter() - start)
        minimal += royle.minimal is True
    rows = [["seed 36x20 Masyu", len(report.clues), len(report.redundant),
             str(report.minimal), seed_s],
            [f"{len(lines)} Royle 17-clue Sudokus", 17 * len(lines), 0,
             f"{minimal} of {len(lines)} minimal", sum(times)]]
    data = {"seed_36x20": {"clues": len(report.clues), "redundant": len(report.redundant),
                           "seconds": seed_s},
            "royle": {"puzzles": len(lines), "minimal": minimal, "seconds": times}}
    return rows, data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sudokus", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    backbone, backbone_data = backbone_rows(args.repeat)
    clues, clue_data = clue_rows(args.sudokus)
    body = ("## Backbone: blocking against one flipped atom per call\n\n"
            f"Median of {args.repeat} runs, default strategy of each genre, whole run "
            "(solve, proof, backbone).\n\n"
            + markdown_table(["puzzle", "method", "verdict", "undecided cells", "cells",
                              "solutions seen", "seconds"], backbone)
            + f"\n\nThe Sudoku: {backbone_data[-1]['sudoku_origin']}.\n\n"
            "## Clue tool\n\n"
            + markdown_table(["puzzles", "clues", "redundant", "minimal", "seconds"], clues)
            + "\n\nReproduce: `python benchmarks/desk.py`.")
    write_results("desk", "The editor's desk: backbone and clue tool",
                  body, {"backbone": backbone_data, "clues": clue_data})
    print(body)


if __name__ == "__main__":
    main()
