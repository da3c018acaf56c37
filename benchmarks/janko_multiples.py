"""The janko puzzles that are `multiple`: every answer, and rules that would single one out.

Shikaku, Norinori, Kakuro (``--others``): every answer (``pencilsat.solve(count=...)``), which
is the stored one and the cells where the others differ. Numberlink (names, or ``--all``
for every janko puzzle): the answers, up to ``--count``, under three rules, each answer
checked by the genre's rule checker: ``rules`` (unused cells allowed, janko's rules),
``filled`` (every cell used) and ``filled-apart`` (every cell used, and two cells of one
line side by side are joined by it: no line runs beside itself). The clauses are the
encoding's (``build(allow_loops=True)``, :func:`~pencilsat.encodings.numberlink.filled`);
each model's loops are forbidden one by one and each answer by "some edge of it unused",
so the count is exact below the cap. One JSON line a puzzle and rule; results in
``benchmarks/results/janko_multiples.md``.

``python benchmarks/janko_multiples.py --others``
``python benchmarks/janko_multiples.py [--count 3] [--cpu 120] [--rule R]... (--all | NAME...)``
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
from common import CORPUS
from pysat.solvers import Solver

import pencilsat
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.numberlink import ONE_HOT_MOST, build, filled, label_variables
from pencilsat.puzzles.numberlink import (
    NumberlinkPuzzle,
    NumberlinkSolution,
    check,
    parse_puzzle,
    parse_solution,
)

JANKO = CORPUS / "numberlink" / "janko"
OTHERS = ["shikaku/janko/127_16x22", "shikaku/janko/128_20x20",
          "norinori/janko/177_12x22", "kakuro/janko/257_24x28"]
RULES = ["rules", "filled", "filled-apart"]
SLICE = 20_000
"""Conflicts between two looks at the CPU clock."""


def others(count: int) -> None:
    """Every answer of the non-Numberlink puzzles, the stored one marked, and for each
    other answer the cells (row, column) where its rows differ from the stored rows."""
    for path in OTHERS:
        rows = pencilsat.solve(str(CORPUS / f"{path}.txt"), count=count).to_dict()
        stored = [cells(r) for r in (CORPUS / f"{path}.sol").read_text().splitlines()[1:]]
        answers = []
        for i, answer in enumerate(rows["solutions"]):
            tokens, grid = [cells(r) for r in answer], stored
            if path.startswith("shikaku"):  # region numbers: compare each cell's region
                tokens, grid = regions(tokens), regions(grid)
            differ = [[y, x] for y, row in enumerate(tokens) for x, t in enumerate(row)
                      if t != grid[y][x]]
            answers.append({"answer": i + 1, "stored": not differ, "differs_at": differ})
        print(json.dumps({"puzzle": path, "verdict": rows["verdict"], "count": rows["count"],
                          "complete": rows["count_complete"], "answers": answers}), flush=True)


def cells(row: str) -> list[str]:
    """A solution row's cells: its tokens (a token grid) or its characters (a char grid)."""
    return row.split() if " " in row else list(row)


def regions(grid: list[list[str]]) -> list[list[Any]]:
    """Each cell's region as the set of its cells (numbering left out)."""
    members: dict[str, set[tuple[int, int]]] = {}
    for y, row in enumerate(grid):
        for x, t in enumerate(row):
            members.setdefault(t, set()).add((y, x))
    return [[frozenset(members[t]) for t in row] for row in grid]


def apart(puzzle: NumberlinkPuzzle, grid: GridEdges, first: int) -> list[list[int]]:
    """"Two cells side by side on one line are joined by it": per edge and pair, the edge
    or not both labels (one-hot labels only)."""
    labels, _ = label_variables(puzzle, first)
    end_a, end_b, _ = grid.arrays()
    out: list[list[int]] = []
    for v in range(1, len(grid) + 1):
        a, b = labels[end_a[v]], labels[end_b[v]]
        out.extend([v, -int(x), -int(y)] for x, y in zip(a.tolist(), b.tolist(), strict=True))
    return out


def loops(grid: GridEdges, puzzle: NumberlinkPuzzle, on: list[int]) -> list[list[int]]:
    """The edge variables of each set of joined cells holding no number."""
    end_a, end_b, _ = grid.arrays()
    parent = list(range(puzzle.width * puzzle.height))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for v in on:
        parent[root(int(end_a[v]))] = root(int(end_b[v]))
    numbered = puzzle.numbers.ravel() != 0
    has_number = {root(c) for c in np.flatnonzero(numbered).tolist()}
    groups: dict[int, list[int]] = {}
    for v in on:
        r = root(int(end_a[v]))
        if r not in has_number:
            groups.setdefault(r, []).append(v)
    return list(groups.values())


def answers(puzzle: NumberlinkPuzzle, rule: str, limit: int, cpu: float
            ) -> tuple[list[NumberlinkSolution], bool, int]:
    """Up to ``limit`` answers under ``rule``, whether the list is complete (not cut by the
    CPU cap) and the loops forbidden on the way."""
    grid = GridEdges(puzzle.width, puzzle.height)
    encoding = build(puzzle, allow_loops=True)
    clauses = list(encoding.clauses)
    if rule != "rules":
        clauses.extend(filled(puzzle))
    if rule == "filled-apart":
        clauses.extend(apart(puzzle, grid, len(grid) + 2))
    found: list[NumberlinkSolution] = []
    loops_cut = 0
    began = time.process_time()
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        while len(found) < limit:
            result = None
            while result is None and time.process_time() - began < cpu:
                solver.conf_budget(SLICE)
                result = solver.solve_limited()
            if result is None:
                return found, False, loops_cut
            if not result:
                return found, True, loops_cut
            model = solver.get_model()
            on = [v for v in range(1, len(grid) + 1) if model[v - 1] > 0]
            cut = loops(grid, puzzle, on)
            for group in cut:
                solver.add_clause([-v for v in group])
            loops_cut += len(cut)
            if cut:
                continue
            found.append(NumberlinkSolution(grid.edge_pairs(on), puzzle.width, puzzle.height))
            solver.add_clause([-v for v in on])
    return found, False, loops_cut


def numberlink(name: str, rule: str, limit: int, cpu: float) -> dict[str, Any]:
    puzzle = parse_puzzle((JANKO / f"{name}.txt").read_text(), name)
    stored = parse_solution((JANKO / f"{name}.sol").read_text(), puzzle)
    cells = puzzle.width * puzzle.height
    row: dict[str, Any] = {"name": name, "rule": rule,
                           "stored_unused": cells - len(stored.degree())}
    pairs = len(np.unique(puzzle.numbers[puzzle.numbers != 0]))
    if rule == "filled-apart" and pairs > ONE_HOT_MOST:
        row["skipped"] = f"{pairs} pairs: binary labels"
        return row
    began = time.process_time()
    found, complete, cut = answers(puzzle, rule, limit, cpu)
    row.update(answers=len(found), complete=complete, loops_cut=cut,
               stored_among=stored in found,
               unused=[cells - len(a.degree()) for a in found],
               checker=[not check(puzzle, a) for a in found],
               cpu=round(time.process_time() - began, 2))
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="janko Numberlink names, e.g. 565_10x10")
    parser.add_argument("--others", action="store_true",
                        help="the Shikaku, Norinori and Kakuro puzzles instead")
    parser.add_argument("--all", action="store_true", help="every janko Numberlink")
    parser.add_argument("--rule", action="append", choices=RULES,
                        help="rules to count under (default: all three)")
    parser.add_argument("--count", type=int, default=3, help="answers to look for")
    parser.add_argument("--cpu", type=float, default=120.0, help="CPU seconds a count")
    args = parser.parse_args()
    if args.others:
        others(max(args.count, 20))
        return
    names = args.names or []
    if args.all:
        names = sorted((p.stem for p in JANKO.glob("*.txt")),
                       key=lambda n: (int(np.prod([int(x) for x in n.split("_")[1].split("x")])),
                                      n))
    for name in names:
        for rule in args.rule or RULES:
            print(json.dumps(numberlink(name, rule, args.count, args.cpu)), flush=True)


if __name__ == "__main__":
    main()
