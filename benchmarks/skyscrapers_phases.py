"""Where a Skyscrapers solve's CPU goes, phase by phase, on chosen janko puzzles.

``python benchmarks/skyscrapers_phases.py [NAME ...] [--repeat 300] [--profile]``
(default: the median janko 4x4, 5x5 and 6x6 of the default strategy's warm CPU).

Each phase runs ``--repeat`` times in a loop of its own, warm, and reports its median CPU
(``time.process_time``) in microseconds: ``read`` (the puzzle text parsed), ``encode``
(:func:`~pencilsat.encodings.skyscrapers_templates.native_cnf`, as the direct run builds
it: the parts kept per size and clue, or the clauses over the candidates; ``form`` says which),
``load`` (a new MiniCard with the clauses and native constraints), ``solve`` (the first SAT
call), ``proof`` (the answer forbidden and the second call), ``check`` (the independent rule
checker on the answer) and ``whole`` (``pencilsat.solve`` through the front, which includes
all but ``read``); ``front`` is ``whole`` less the phases it includes (the search object,
decoding, the result, the front's own work). ``--profile`` prints cProfile's top functions
of ``--repeat`` whole solves as well.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median
from typing import Any

from common import CORPUS

from pencilsat.backends.bulk_load import at_most_adder, load_clauses
from pencilsat.encodings.skyscrapers_templates import native_cnf, template_cnf
from pencilsat.puzzles.skyscrapers import check, parse_puzzle
from pencilsat.strategies.front import solve

MEDIANS = ("352_4x4", "146_5x5", "277_6x6")
"""The median janko 4x4, 5x5 and 6x6 by warm CPU of the default strategy (2026-11-29)."""


def timed(call: Callable[[], Any], repeat: int) -> float:
    """The median CPU microseconds of ``call`` over ``repeat`` calls (after one untimed)."""
    call()
    times = []
    for _ in range(repeat):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return median(times) * 1e6


def loaded(puzzle: Any) -> Any:
    """A MiniCard holding the direct run's clauses and native constraints."""
    from pysat.solvers import Solver

    cnf = native_cnf(puzzle)
    solver = Solver(name="minicard")
    load_clauses(solver, cnf.clauses)
    at_most = at_most_adder(solver)
    for lits in cnf.at_most_one:
        at_most(lits, 1)
    for lits, count in cnf.counts:
        at_most(lits, count)
        at_most([-lit for lit in lits], len(lits) - count)
    return solver, cnf


def phases(path: Path, repeat: int) -> dict[str, float]:
    """Each phase's median CPU microseconds on the puzzle at ``path``."""
    text = path.read_text()
    puzzle = parse_puzzle(text, path.stem)
    cnf = native_cnf(puzzle)
    out = {"form": float(cnf.clauses == template_cnf(puzzle).clauses),
           "read": timed(lambda: parse_puzzle(text, path.stem), repeat),
           "encode": timed(lambda: native_cnf(puzzle), repeat)}
    # each later step builds and loads again: the earlier steps' medians are taken out
    out["load"] = timed(lambda: loaded(puzzle)[0].delete(), repeat) - out["encode"]

    def first() -> None:
        solver, _ = loaded(puzzle)
        solver.solve()
        solver.delete()

    def both() -> None:
        solver, _ = loaded(puzzle)
        solver.solve()
        model = solver.get_model()
        solver.add_clause([-v if model[v - 1] > 0 else v for v in cnf.answer])
        solver.solve()
        solver.delete()

    made = out["encode"] + out["load"]
    out["solve"] = timed(first, repeat) - made
    out["proof"] = timed(both, repeat) - made - out["solve"]
    answer = solve(puzzle).solution
    out["check"] = timed(lambda: check(puzzle, answer), repeat)
    out["whole"] = timed(lambda: solve(puzzle), repeat)
    out["front"] = out["whole"] - sum(out[k] for k in ("encode", "load", "solve", "proof",
                                                       "check"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", default=list(MEDIANS))
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    keys = ("read", "encode", "load", "solve", "proof", "check", "front", "whole")
    print("| puzzle | " + " | ".join(f"{k} us" for k in keys) + " |")
    print("|---" * (len(keys) + 1) + "|")
    for name in args.names:
        path = CORPUS / "skyscrapers" / "janko" / f"{name}.txt"
        row = phases(path, args.repeat)
        form = "parts" if row["form"] else "over candidates"
        print(f"| {name} ({form}) | " + " | ".join(f"{row[k]:.0f}" for k in keys) + " |")
        if args.profile:
            puzzle = parse_puzzle(path.read_text(), name)
            profile = cProfile.Profile()
            profile.enable()
            for _ in range(args.repeat):
                solve(puzzle)
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
