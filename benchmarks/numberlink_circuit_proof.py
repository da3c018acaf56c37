"""Numberlink on CP-SAT: the uniqueness proof alone (the search's formula, the stored answer
forbidden) with and without CP-SAT's circuit constraint, under CP-SAT parameters.

``python benchmarks/numberlink_circuit_proof.py NAME... [--model clauses|circuit|routes]
[--cpu 60] [--workers 1] [--presolve] [--param NAME=VALUE ...] [--hint]``

``clauses``: ``lazy-cpsat``'s proof formula (``build(shortest=True, allow_loops=True)`` as
Boolean ORs, "some edge of the stored answer unused"); ``circuit``: the same plus
:func:`~pencilsat.strategies.numberlink_circuit.add_circuit` (one circuit through the
chained pairs); ``routes``: with a depot (``add_multiple_circuit``). ``--hint``: the stored
answer as CP-SAT's hint. One JSON line per puzzle: status, conflicts, CPU seconds of the
process (one worker: the solve's CPU) and wall seconds. Results in
``benchmarks/results/numberlink_circuit.md``.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from typing import Any

from common import CORPUS, parameter_value
from ortools.sat.python import cp_model

from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.numberlink import build
from pencilsat.puzzles.numberlink import parse_puzzle, parse_solution
from pencilsat.strategies.numberlink_circuit import add_circuit

JANKO = CORPUS / "numberlink" / "janko"


def one(name: str, args: Any) -> dict[str, Any]:
    began, wall = time.process_time(), time.perf_counter()
    puzzle = parse_puzzle((JANKO / f"{name}.txt").read_text(), name)
    stored = parse_solution((JANKO / f"{name}.sol").read_text(), puzzle)
    grid = GridEdges(puzzle.width, puzzle.height)
    encoding = build(puzzle, shortest=True, allow_loops=True)
    cp = cp_model.CpModel()
    variables = [cp.new_bool_var(f"v{v}") for v in range(encoding.num_vars + 1)]

    def literal(lit: int) -> Any:
        return variables[lit] if lit > 0 else variables[-lit].Not()

    for clause in [*encoding.clauses, [-grid.var[e] for e in stored.edges]]:
        cp.add_bool_or([literal(lit) for lit in clause])
    if args.model != "clauses":
        add_circuit(cp, variables, puzzle, depot=args.model == "routes")
    if args.hint:
        for e, v in grid.var.items():
            cp.add_hint(variables[v], e in stored.edges)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = args.workers
    solver.parameters.cp_model_presolve = args.presolve
    for item in args.param:
        key, text = item.split("=", 1)
        named = getattr(type(solver.parameters), text, None)  # an enum value by its name
        setattr(solver.parameters, key, parameter_value(text) if named is None else named)
    built = time.process_time() - began
    done = threading.Event()

    def watch() -> None:  # a CPU cap: on a loaded machine wall seconds say little
        while not done.wait(0.2):
            if time.process_time() - began > args.cpu:
                solver.stop_search()
                return
    threading.Thread(target=watch, daemon=True).start()
    status = solver.solve(cp)
    done.set()
    return {"name": name, "model": args.model, "params": args.param, "hint": args.hint,
            "workers": args.workers, "status": solver.status_name(status),
            "conflicts": int(solver.response_proto.num_conflicts),
            "build_cpu": round(built, 1), "cpu": round(time.process_time() - began, 1),
            "wall": round(time.perf_counter() - wall, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="+", help="janko names, e.g. 559_20x20")
    parser.add_argument("--model", default="clauses", choices=["clauses", "circuit", "routes"])
    parser.add_argument("--cpu", type=float, default=60.0,
                        help="CPU seconds of the process (build and solve) at most")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--presolve", action="store_true")
    parser.add_argument("--hint", action="store_true")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    for name in args.names:
        print(json.dumps(one(name, args)), flush=True)


if __name__ == "__main__":
    main()
