"""Numberlink: does splitting the hard proof into cases make it cheaper? (issue 44)

The proof that decides janko's largest Numberlink grids is the "unfilled" case of
``numberlink_ground_truth.py`` (the search's formula, normal form, loops allowed, the stored
answer forbidden, some cell unused): 547_20x20 takes about 480,000 CaDiCaL conflicts. Here it
is split three ways on one incremental CaDiCaL 1.9.5, each case under an assumption, every
refuted case's facts then added for good:

- ``lines``: by the first line (longest first, or ``--order short``) that differs from the
  stored answer; once refuted, that line is the stored one;
- ``cells``: by the first cell (row by row, or from the centre, ``--order centre``) where an
  edge of the stored answer goes unused; once refuted, the cell's edges are the stored ones;
- ``unused``: by a count of unused cells, ``at most K`` and ``at least K + 1`` (a sequential
  counter and a totalizer, ``unused:K``);
- ``whole``: no split, as the formula is (``whole:plain``) or with a variable "cell used"
  for each cell whose edges all stand in a clause of four or more literals, in their place
  (``whole:used``: shorter clauses, 782,006 literals down to 515,698 on 559_20x20).

Prints one JSON line a puzzle (conflicts of each costly case, in all, CPU seconds) and writes
``benchmarks/results/numberlink_proof_splits.md`` with ``--page``.

``python benchmarks/numberlink_proof_splits.py NAME... [--splits lines:long,cells:rows,unused:4]
[--cpu 600] [--page]``
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from common import write_results
from numberlink_ground_truth import cases, lines, proof_formula, solve_capped
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from pencilsat.encodings.loops.edges import GridEdges

COSTLY = 2000
"""A case of more conflicts than this is listed on its own."""


def split_cases(args: Any, grid: GridEdges, stored: Any, height: int, width: int
                ) -> list[list[int]]:
    """The stored answer's edge variables each case of ``lines`` or ``cells`` leaves out."""
    if args.split == "lines":
        out = []
        for walk in lines(stored):
            pairs = zip(walk, walk[1:], strict=False)
            out.append([grid.var[(a, b) if (a, b) in grid.var else (b, a)] for a, b in pairs])
        return sorted(out, key=len, reverse=args.order != "short")
    at: dict[tuple[int, int], list[int]] = {}
    for edge in stored.edges:
        for cell in edge:
            at.setdefault(cell, []).append(grid.var[edge])
    order = sorted(at)
    if args.order == "centre":
        order.sort(key=lambda rc: abs(rc[0] - height / 2) + abs(rc[1] - width / 2))
    return [at[cell] for cell in order]


def with_used(clauses: list[list[int]], grid: GridEdges, top: int) -> list[list[int]]:
    """``clauses`` with each cell's whole edge set in a clause of 4+ literals replaced by a
    new variable "the cell is used" (defined by its edges), once a clause."""
    end_a, end_b, _ = grid.arrays()
    edges_of = [frozenset(int(e) for e in row if e) for row in grid.sides.tolist()]
    used: dict[int, int] = {}
    out = []
    for clause in clauses:
        positive = {lit for lit in clause if 0 < lit <= len(grid)}
        if len(clause) >= 4:
            cell = next((c for lit in positive for c in (int(end_a[lit]), int(end_b[lit]))
                         if edges_of[c] <= positive), None)
            if cell is not None:
                used.setdefault(cell, top + len(used) + 1)
                clause = [lit for lit in clause if lit not in edges_of[cell]] + [used[cell]]
        out.append(clause)
    for cell, var in used.items():
        out.append([-var, *edges_of[cell]])
        out.extend([-e, var] for e in edges_of[cell])
    return out


def one(name: str, args: Any) -> dict[str, Any]:
    puzzle, stored, grid, encoding = proof_formula(name)
    extra = cases(puzzle, grid, "unfilled", encoding.num_vars)
    top = max(abs(lit) for clause in [*encoding.clauses, *extra] for lit in clause)
    row: dict[str, Any] = {"name": name, "split": args.split, "order": args.order,
                           "costly": [], "result": "unsat"}
    began = time.process_time()
    with Solver(name="cadical195") as solver:
        clauses = encoding.clauses + extra
        if args.split == "whole":
            clauses = clauses + [[-grid.var[e] for e in stored.edges]]
            if args.order == "used":
                clauses = with_used(clauses, grid, top)
        for clause in clauses:
            solver.add_clause(clause)
        if args.split == "whole":
            _case(solver, [], "whole", row, began, args.cpu)
        elif args.split == "unused":
            unused = extra[-1]
            below = CardEnc.atmost(unused, bound=args.k, top_id=top, encoding=EncType.seqcounter)
            above = CardEnc.atleast(unused, bound=args.k + 1, top_id=below.nv,
                                    encoding=EncType.totalizer)
            solver.add_clause([-grid.var[e] for e in stored.edges])
            steps = [(f"at most {args.k}", below.clauses),
                     (f"at least {args.k + 1}", above.clauses)]
            switch = above.nv
            for label, clauses in steps:
                switch += 1
                for clause in clauses:
                    solver.add_clause([-switch, *clause])
                if not _case(solver, [switch], label, row, began, args.cpu):
                    break
        else:
            for n, edges in enumerate(split_cases(args, grid, stored, puzzle.height,
                                                  puzzle.width)):
                top += 1
                solver.add_clause([-top, *[-e for e in edges]])
                if not _case(solver, [top], n, row, began, args.cpu):
                    break
                for e in edges:
                    solver.add_clause([e])
        row["conflicts"] = solver.accum_stats()["conflicts"]
    row["cpu"] = round(time.process_time() - began, 1)
    return row


def _case(solver: Solver, assumptions: list[int], label: object, row: dict[str, Any],
          began: float, cpu: float) -> bool:
    """Solve one case; ``False`` (and the row says why) when it has a model or the CPU cap
    (``cpu`` seconds since ``began``) is reached."""
    before = solver.accum_stats()["conflicts"]
    result = solve_capped(solver, began, cpu, assumptions)
    spent = solver.accum_stats()["conflicts"] - before
    if spent > COSTLY:
        row["costly"].append([label, spent])
    if result is False:
        return True
    row["result"] = "model" if result else "cpu cap"
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="+", help="janko names, e.g. 547_20x20")
    parser.add_argument("--splits", default="lines:long,lines:short,cells:rows,cells:centre,"
                        "unused:4", help="SPLIT:ORDER (or unused:K), comma-separated")
    parser.add_argument("--cpu", type=float, default=600.0,
                        help="CPU seconds a run (0: no cap, one call a case)")
    parser.add_argument("--page", action="store_true", help="write the results page")
    args = parser.parse_args()
    rows = []
    for name in args.names:
        for split in args.splits.split(","):
            kind, _, how = split.partition(":")
            run = argparse.Namespace(split=kind, order=how, k=int(how) if kind == "unused"
                                     else 0, cpu=args.cpu)
            rows.append(one(name, run))
            print(json.dumps(rows[-1]), flush=True)
    if args.page:
        body = ("CaDiCaL 1.9.5 through PySAT, one run at a time. `python "
                "benchmarks/numberlink_proof_splits.py " + " ".join(args.names) + " --splits "
                + args.splits + " --page`. The whole proof without a split: "
                "`numberlink_ground_truth.md` (unfilled case).\n\n"
                "| puzzle | split | result | conflicts in all | CPU s | cases over "
                f"{COSTLY:,} conflicts (case: conflicts) |\n|---|---|---|---|---|---|\n")
        body += "".join(f"| {r['name']} | {r['split']} {r['order']} | {r['result']} | "
                        f"{r['conflicts']:,} | {r['cpu']} | "
                        f"{', '.join(f'{a}: {b:,}' for a, b in r['costly'])} |\n"
                        for r in rows)
        write_results("numberlink_proof_splits", "Numberlink: the hard proof split into cases",
                      body, rows)


if __name__ == "__main__":
    main()
