"""Where a Kakuro solve's CPU goes, phase by phase, on named janko puzzles.

``python benchmarks/kakuro_phases.py NAME... [--repeat 2000]`` (``PYTHONPATH=OTHER/src`` to
measure another tree: only calls both trees have are used)

Each phase is timed alone, warm, as ``time.process_time`` over ``--repeat`` calls (the best
of three such rounds, in microseconds): reading the puzzle's text, the front's whole solve
(``pencilsat.solve``'s path: strategy, proof, referee), the ``direct`` strategy alone, its
deductions (``narrowed_masks``: the candidates' narrowing), the encoding a puzzle the
narrowing leaves open takes (``open_cnf`` where the tree has it, else ``complete_cnf``) and
the rule checker on the answer. What the strategy spends beyond its deductions and encoding
is the load, the two solver calls and the proof's own work (for a settled grid only the
proof); what the front spends beyond the strategy and the checker is its own. cProfile of the
same calls: ``--profile``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pencilsat.strategies.front import solve

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kakuro  # noqa: E402

from pencilsat.encodings import kakuro as encoding  # noqa: E402
from pencilsat.puzzles.kakuro import DIGITS, check, format_puzzle, parse_puzzle  # noqa: E402
from pencilsat.strategies.kakuro import run_direct  # noqa: E402


def best_us(call: Callable[[], object], repeat: int) -> float:
    """The best of three rounds of ``repeat`` calls, microseconds a call."""
    call()
    rounds = []
    for _ in range(3):
        start = time.process_time()
        for _ in range(repeat):
            call()
        rounds.append((time.process_time() - start) / repeat * 1e6)
    return min(rounds)


def open_encoding(puzzle: object) -> Callable[[], object] | None:
    """The encoding ``direct`` builds for a puzzle the narrowing leaves open (``None``: it
    settles it)."""
    found = encoding.narrowed_masks(puzzle)
    masks = found[1] if isinstance(found, tuple) else found  # older trees: (cells, masks, groups)
    if masks is None or all(not m & (m - 1) for m in masks):
        return None
    if hasattr(encoding, "open_cnf"):
        return lambda: encoding.open_cnf(puzzle, masks)
    cells = [(int(r), int(c)) for r, c in zip(*puzzle.white.nonzero(), strict=True)]
    cands = {cell: [d for d in DIGITS if m >> d & 1] for cell, m in zip(cells, masks, strict=True)}
    return lambda: encoding.complete_cnf(puzzle, None, cands)


def phases_of(puzzle: object, repeat: int) -> tuple[bool, dict[str, float]]:
    """Whether the narrowing settles ``puzzle``, and each phase's microseconds."""
    text = format_puzzle(puzzle)
    solution = solve(puzzle).solution
    encode = open_encoding(puzzle)
    if encode is not None:
        repeat = max(1, repeat // 10)
    return encode is None, {
        "read": best_us(lambda: parse_puzzle(text), repeat),
        "solve": best_us(lambda: solve(puzzle), repeat),
        "strategy": best_us(lambda: run_direct(puzzle), repeat),
        "deductions": best_us(lambda: encoding.narrowed_masks(puzzle), repeat),
        "encoding": 0.0 if encode is None else best_us(encode, repeat),
        "check": best_us(lambda: check(puzzle, solution), repeat),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="+")
    parser.add_argument("--repeat", type=int, default=2000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    items = {item["name"]: item for item in kakuro.BENCH.items(1)}
    print("| puzzle | read | front: solve | strategy | deductions | encoding | load, solve, "
          "proof | rule check | front's own |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in args.names:
        puzzle = items[name]["puzzle"]
        settled, phases = phases_of(puzzle, args.repeat)
        repeat = args.repeat if settled else max(1, args.repeat // 10)
        rest = phases["strategy"] - phases["deductions"] - phases["encoding"]
        front = phases["solve"] - phases["strategy"] - phases["check"]
        print(f"| {name}{'' if settled else ' (open)'} | {phases['read']:.0f} | "
              f"{phases['solve']:.0f} | {phases['strategy']:.0f} | {phases['deductions']:.0f} | "
              f"{phases['encoding']:.0f} | {rest:.0f} | {phases['check']:.0f} | {front:.0f} |")
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
            for _ in range(repeat):
                solve(puzzle)
            profile.disable()
            pstats.Stats(profile, stream=sys.stderr).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
