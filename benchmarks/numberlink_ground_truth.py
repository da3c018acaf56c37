"""Numberlink: is a janko puzzle unique under the rules at all? The search's proof formula
(normal form, loops allowed, the stored answer forbidden) on a PySAT solver (CaDiCaL 1.9.5
unless ``--solver``) under a CPU cap (``--cpu 0``: none, one call, as the pages were measured;
see :func:`solve_capped`), whole or in its two cases; or
a second answer looked for in windows.

``python benchmarks/numberlink_ground_truth.py NAME... [--mode full|filled|unfilled|windows]
[--cpu 900] [--shape quadrant|band|square|line] [--size 10] [--margin 2] [--budget 5000]
[--solver cadical195] [--option NAME=VALUE]... [--process ROUNDS] [--lemmas] [--amo]``

``filled``: with every cell used ("no second answer fills the grid", cheap); ``unfilled``:
with some cell unused (when the stored answer fills the grid, every such answer differs
from it). Both unsatisfiable and no detour (:func:`~pencilsat.encodings.numberlink.detour`)
of the stored answer: the puzzle is unique (docs/encodings.md, Numberlink, normal form).
``windows``: the stored answer kept outside each window (quadrants, bands, squares of
``--size`` a side half a side apart, or each line grown by ``--margin`` cells), at most
``--budget`` conflicts a window. Every model found is checked by the rule checker. One JSON
line per puzzle (conflicts, CPU seconds, and for a model its unused cells and checker
verdict); results in ``benchmarks/results/numberlink_ground_truth.md``. ``--option`` sets
a CaDiCaL option (``configure``), ``--process`` runs CaDiCaL 1.9.5's preprocessing first;
``--lemmas`` and ``--amo`` add rules tried and left out (:func:`corner_lemmas`,
:func:`label_at_most_one`; ``benchmarks/results/numberlink_proof_solvers.md``). Solvers
that cannot be interrupted (Lingeling) need an outer cap (``ulimit -t``); Kissat reports no
conflicts (-1).
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from typing import Any

import numpy as np
from common import CORPUS
from pysat.solvers import Solver

from pencilsat.backends.pysat_calls import interruptible
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.numberlink import build, detour, filled, label_variables
from pencilsat.puzzles.numberlink import (
    EMPTY,
    NumberlinkPuzzle,
    NumberlinkSolution,
    check,
    parse_puzzle,
    parse_solution,
)
from pencilsat.strategies.numberlink import LoopsDropped
from pencilsat.strategies.numberlink_windows import bands, kept_outside, quadrants

JANKO = CORPUS / "numberlink" / "janko"


def cases(puzzle: NumberlinkPuzzle, grid: GridEdges, mode: str, top: int) -> list[list[int]]:
    """The clauses a mode adds: every cell used, or some cell unused (a variable a cell)."""
    if mode == "filled":
        return filled(puzzle)
    if mode != "unfilled":
        return []
    out: list[list[int]] = []
    unused: list[int] = []
    for cell in np.flatnonzero(puzzle.numbers.ravel() == EMPTY).tolist():
        top += 1
        unused.append(top)
        edges = list(grid.incident_ids[cell])
        out.extend([-top, -e] for e in edges)
        out.append([top, *edges])
    return [*out, unused]


def corner_lemmas(puzzle: NumberlinkPuzzle, grid: GridEdges) -> list[list[int]]:
    """Implied by the reduced and ordered-turn rules: an unused cell ``u`` and its diagonal
    ``d`` after it; the two cells beside both are not on one line (one-hot labels)."""
    width, height = puzzle.width, puzzle.height
    labels, _ = label_variables(puzzle, len(grid) + 2)
    out: list[list[int]] = []
    for u in range(width * height):
        r, c = divmod(u, width)
        if r + 1 >= height or puzzle.numbers.ravel()[u] != EMPTY:
            continue
        around = [int(e) for e in grid.sides[u].tolist() if e]
        for dc in (-1, 1):
            if 0 <= c + dc < width:
                x, y = u + width, u + dc
                out.extend([*around, -int(labels[x, k]), -int(labels[y, k])]
                           for k in range(labels.shape[1]))
    return out


def label_at_most_one(puzzle: NumberlinkPuzzle, grid: GridEdges, top: int
                      ) -> list[list[int]]:
    """Each unnumbered cell's one-hot label at most one, as a sequential counter (variables
    from ``top + 1`` on): the rules state it pairwise up to ``AT_MOST_ONE_MOST`` pairs only."""
    labels, _ = label_variables(puzzle, len(grid) + 2)
    out = []
    for cell in np.flatnonzero(puzzle.numbers.ravel() == EMPTY).tolist():
        lits = [int(v) for v in labels[cell]]
        aux = list(range(top + 1, top + len(lits)))
        top += len(aux)
        for i, x in enumerate(lits):
            if i < len(aux):
                out.append([-x, aux[i]])
                if i:
                    out.append([-aux[i - 1], aux[i]])
            if i:
                out.append([-x, -aux[i - 1]])
    return out


def windows(puzzle: NumberlinkPuzzle, stored: NumberlinkSolution, args: Any
            ) -> list[np.ndarray]:
    width, height = puzzle.width, puzzle.height
    if args.shape == "quadrant":
        return quadrants(width, height)
    if args.shape == "band":
        return bands(width, height)
    rows, columns = np.divmod(np.arange(width * height), width)
    if args.shape == "square":
        size = args.size

        def starts(extent: int) -> list[int]:
            out = list(range(0, max(1, extent - size + 1), max(1, size // 2)))
            return out if out[-1] == max(0, extent - size) else [*out, extent - size]
        return [(rows >= r) & (rows < r + size) & (columns >= c) & (columns < c + size)
                for r in starts(height) for c in starts(width)]
    out = []
    for line in lines(stored):
        inside = np.zeros(width * height, dtype=bool)
        for r, c in line:
            inside |= (abs(rows - r) + abs(columns - c)) <= args.margin
        out.append(inside)
    return out


def lines(answer: NumberlinkSolution) -> list[list[tuple[int, int]]]:
    """Each line's cells, from one end to the other."""
    links: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in answer.edges:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen: set[tuple[int, int]] = set()
    out = []
    for start in sorted(c for c, ends in links.items() if len(ends) == 1):
        if start in seen:
            continue
        walk = [start]
        while nxt := [n for n in links[walk[-1]] if len(walk) < 2 or n != walk[-2]]:
            walk.append(nxt[0])
        seen.update(walk)
        out.append(walk)
    return out


def answer_of(puzzle: NumberlinkPuzzle, grid: GridEdges, stored: NumberlinkSolution,
              model: list[int]) -> dict[str, Any]:
    """The model's loops dropped, checked: unused cells, checker verdict, differs."""
    truth = tuple(v > 0 for v in model[:len(grid)])
    kept = LoopsDropped(None, puzzle).lines(truth)
    answer = NumberlinkSolution(grid.edge_pairs([i + 1 for i, on in enumerate(kept) if on]),
                                puzzle.width, puzzle.height)
    return {"checker": check(puzzle, answer) or "accepted", "differs": answer != stored,
            "unused": puzzle.width * puzzle.height - len(answer.degree())}


SLICE = 50_000
"""Conflicts a slice of a capped CaDiCaL solve (tens of CPU seconds on the 20x20 proofs)."""


def solve_capped(solver: Any, began: float, cpu: float, assumptions: list[int] | None = None
                 ) -> bool | None:
    """``solve_limited``, or ``None`` once this process has spent ``cpu`` seconds of CPU since
    ``began`` (``time.process_time``). A solver that answers ``interrupt`` is interrupted by
    a watching thread; CaDiCaL does not (PySAT raises on the watching thread and the solve ran
    on past the cap), so it solves in slices of :data:`SLICE` conflicts, the clock looked at
    between two: it stops within a slice of the cap. A sliced search takes another path than
    one call (559_20x20's whole formula: 77,777 conflicts against 68,523), so ``cpu`` of 0 or
    less is one call without a cap, as the results pages were measured."""
    assumed = assumptions or []
    if cpu <= 0:
        return bool(solver.solve(assumptions=assumed))
    if not interruptible(solver):
        while time.process_time() - began < cpu:
            solver.conf_budget(SLICE)
            answer = solver.solve_limited(assumptions=assumed)
            if answer is not None:
                return bool(answer)
        return None
    stop = threading.Event()

    def watch() -> None:
        while not stop.wait(1.0):
            if time.process_time() - began > cpu:
                solver.interrupt()
                return
    threading.Thread(target=watch, daemon=True).start()
    try:
        answer = solver.solve_limited(assumptions=assumed, expect_interrupt=True)
    finally:
        stop.set()
    solver.clear_interrupt()
    return None if answer is None else bool(answer)


def proof_formula(name: str) -> tuple[NumberlinkPuzzle, NumberlinkSolution, GridEdges, Any]:
    """janko's puzzle ``name``, its stored answer, its edge grid and the search's encoding
    (normal form, loops allowed)."""
    puzzle = parse_puzzle((JANKO / f"{name}.txt").read_text(), name)
    stored = parse_solution((JANKO / f"{name}.sol").read_text(), puzzle)
    grid = GridEdges(puzzle.width, puzzle.height)
    return puzzle, stored, grid, build(puzzle, shortest=True, allow_loops=True)


def one(name: str, args: Any) -> dict[str, Any]:
    puzzle, stored, grid, encoding = proof_formula(name)
    row: dict[str, Any] = {
        "name": name, "mode": args.mode,
        "stored_fills": len(stored.degree()) == puzzle.width * puzzle.height,
        "detour": detour(puzzle, stored.edges) is not None}
    if args.solver != "cadical195" or args.option or args.process or args.lemmas or args.amo:
        row.update(solver=args.solver, option=args.option, process=args.process,
                   lemmas=args.lemmas, amo=args.amo)
    began = time.process_time()
    with Solver(name=args.solver) as solver:
        if args.option:
            solver.configure({k: int(v) for k, v in (o.split("=") for o in args.option)})
        for clause in [*encoding.clauses, [-grid.var[e] for e in stored.edges],
                       *cases(puzzle, grid, args.mode, encoding.num_vars),
                       *(label_at_most_one(puzzle, grid, encoding.num_vars + grid.width
                                           * grid.height) if args.amo else []),
                       *(corner_lemmas(puzzle, grid) if args.lemmas else [])]:
            solver.add_clause(clause)
        if args.process:
            solver.solver.process(rounds=args.process)
            row["process_cpu"] = round(time.process_time() - began, 1)
        if args.mode == "windows":
            first = tuple(e in stored.edges for e in grid.edges)
            row.update(shape=args.shape, windows=0, found=None)
            for inside in windows(puzzle, stored, args):
                row["windows"] += 1
                solver.conf_budget(args.budget)
                if solver.solve_limited(assumptions=kept_outside(grid, first, inside)):
                    row["found"] = answer_of(puzzle, grid, stored, solver.get_model())
                    break
        else:
            result = (solver.solve() if args.solver == "lingeling"
                      else solve_capped(solver, began, args.cpu))
            row["result"] = {True: "model", False: "unsat", None: "cpu cap"}[result]
            if result:
                row["found"] = answer_of(puzzle, grid, stored, solver.get_model())
        try:
            row["conflicts"] = solver.accum_stats()["conflicts"]
        except NotImplementedError:  # Kissat
            row["conflicts"] = -1
    row["cpu"] = round(time.process_time() - began, 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="+", help="janko names, e.g. 547_20x20")
    parser.add_argument("--mode", default="full",
                        choices=["full", "filled", "unfilled", "windows"])
    parser.add_argument("--cpu", type=float, default=900.0,
                        help="CPU seconds a proof (0: no cap, one call)")
    parser.add_argument("--shape", default="quadrant",
                        choices=["quadrant", "band", "square", "line"])
    parser.add_argument("--size", type=int, default=10, help="a square's side")
    parser.add_argument("--margin", type=int, default=2, help="cells round each line")
    parser.add_argument("--budget", type=int, default=5000, help="conflicts a window")
    parser.add_argument("--amo", action="store_true",
                        help="every label at most one (sequential counter), any pair count")
    parser.add_argument("--lemmas", action="store_true",
                        help="add the implied corner lemmas (one-hot labels)")
    parser.add_argument("--solver", default="cadical195", help="a PySAT solver name")
    parser.add_argument("--option", action="append", default=[],
                        help="a CaDiCaL option, NAME=VALUE (repeatable)")
    parser.add_argument("--process", type=int, default=0,
                        help="rounds of CaDiCaL 1.9.5 preprocessing before the solve")
    args = parser.parse_args()
    for name in args.names:
        print(json.dumps(one(name, args)), flush=True)


if __name__ == "__main__":
    main()
