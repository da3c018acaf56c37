"""Numberlink's ``lazy-cpsat`` with and without CP-SAT's circuit constraint, whole solves
(first answer, windows, proof) under a CPU cap, interleaved per puzzle.

``python benchmarks/numberlink_cpsat_models.py NAME... [--stride K] [--cpu 60]
[--time-limit 60] [--before SRC] [--config base] [--config circuit:linearization_level=0] ...``

A config is ``MODEL[:NAME=VALUE,...]``: ``base`` (``lazy-cpsat`` as this tree has it),
``before`` (the same from the tree ``--before`` names, on ``PYTHONPATH``), ``circuit`` or
``routes`` (:func:`~pencilsat.strategies.numberlink_circuit.add_circuit`), then CP-SAT
parameters. Each solve runs in a fresh process with its own time limit (``--time-limit``,
wall seconds, as a user's run has; it also sets how long the filled first try may take) and
``RLIMIT_CPU`` at ``--cpu`` seconds (a run stopped there is ``unknown``): on a loaded
machine a wall-clock limit alone says little. ``--stride K``: every K-th janko puzzle, smallest
first, instead of names. One JSON line per puzzle and config: verdict, whether the answer
is the stored one (and the checker's word on it), CPU seconds of the process. Results in
``benchmarks/results/numberlink_circuit.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

from common import CORPUS, parameter_value

JANKO = CORPUS / "numberlink" / "janko"

CHILD = """
import json, resource, sys, time
from ortools.sat.python import cp_model  # imported before the clock, as in a warm process
from pencilsat.puzzles.numberlink import check, parse_puzzle, parse_solution
from pencilsat.strategies.numberlink import run_cpsat
name, circuit, params, cpu = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), float(sys.argv[4])
limit = float(sys.argv[6]) or None
resource.setrlimit(resource.RLIMIT_CPU, (int(cpu) + 1, int(cpu) + 2))
path = sys.argv[5]
puzzle = parse_puzzle(open(f"{path}/{name}.txt").read(), name)
stored = parse_solution(open(f"{path}/{name}.sol").read(), puzzle)
began = time.process_time()
more = {} if circuit in ("base", "before") else {"circuit": circuit}
if params:
    more["parameters"] = params
result = run_cpsat(puzzle, time_limit=limit, **more)
print(json.dumps({"verdict": result.verdict.value, "agrees": result.solution == stored,
                  "checker": check(puzzle, result.solution) if result.solution else None,
                  "cpu": round(time.process_time() - began, 2),
                  "conflicts": result.stats.conflicts, "message": result.message}))
"""


def parse_config(text: str) -> tuple[str, dict[str, Any]]:
    model, _, rest = text.partition(":")
    params = dict(item.split("=", 1) for item in rest.split(",") if item)
    return model, {k: parameter_value(v) for k, v in params.items()}


def one(name: str, config: str, cpu: float, limit: float, before: str) -> dict[str, Any]:
    model, params = parse_config(config)
    env = dict(os.environ, PYTHONPATH=before) if model == "before" else None
    began = time.perf_counter()
    child = subprocess.run([sys.executable, "-c", CHILD, name, model, json.dumps(params),
                            str(cpu), str(JANKO), str(limit)], capture_output=True, text=True,
                           env=env)
    row: dict[str, Any] = {"name": name, "config": config,
                           "wall": round(time.perf_counter() - began, 1)}
    if child.returncode == 0:
        row.update(json.loads(child.stdout.strip().splitlines()[-1]))
    else:
        row.update(verdict="unknown", cpu=cpu, stopped=f"rc {child.returncode}",
                   error=child.stderr.strip().splitlines()[-1:] if child.returncode > 0
                   else None)
    return row


def names_by_stride(stride: int) -> list[str]:
    from pencilsat.puzzles.numberlink import parse_puzzle

    sized = []
    for txt in JANKO.glob("*.txt"):
        if not txt.with_suffix(".sol").exists():
            continue
        puzzle = parse_puzzle(txt.read_text(), txt.stem)
        sized.append((puzzle.width * puzzle.height, txt.stem))
    return [name for _, name in sorted(sized)][::stride]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--stride", type=int, default=0)
    parser.add_argument("--cpu", type=float, default=60.0)
    parser.add_argument("--config", action="append", default=[])
    parser.add_argument("--before", default="/work/base14/src",
                        help="the source tree config 'before' runs (PYTHONPATH)")
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="the run's own time limit (wall seconds; 0: none): it sets how "
                        "long the filled first try may take")
    args = parser.parse_args()
    names = args.names or names_by_stride(args.stride)
    configs = args.config or ["base", "circuit:linearization_level=0"]
    for i, name in enumerate(names):
        order = configs if i % 2 == 0 else configs[::-1]  # interleaved
        for config in order:
            print(json.dumps(one(name, config, args.cpu, args.time_limit, args.before)),
                  flush=True)


if __name__ == "__main__":
    main()
