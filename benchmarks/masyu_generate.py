"""Benchmark the Masyu generator: time per size and seed, and where the time goes.

For each size and seed: ``generate_masyu`` wall time, the time spent pinning loops
(``pinned_loop``: solve the loop's full pearl set, move or re-route while another loop keeps
those pearls) and removing pearls (``remove_pearls_while_unique``), loops drawn and given
up, re-routings, pearls kept. Every puzzle is re-checked: ``lazy`` must call it unique and the
rule checker must accept its answer. Writes benchmarks/results/masyu_generate.md and .json.

Usage: python benchmarks/masyu_generate.py [--sizes 10x10,36x20,60x60] [--seeds 1,2,3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table, median, write_results  # noqa: E402

from pencilsat.encodings import masyu_lazy  # noqa: E402
from pencilsat.generators import masyu as generator  # noqa: E402
from pencilsat.puzzles import masyu  # noqa: E402
from pencilsat.solvers.result import Verdict  # noqa: E402

SIZES = "10x10,20x20,36x20,40x40,50x50,60x60"
SEEDS = "1,2,3"


class _Meter:
    """Wraps the generator's stages to count and time them (the generator itself stays
    unchanged; the wrappers are removed after each run)."""

    def __init__(self) -> None:
        self.pin_s = self.removal_s = 0.0
        self.loops = self.given_up = self.reroutes = 0
        self._saved: dict[str, Any] = {}

    def __enter__(self) -> _Meter:
        for name in ("pinned_loop", "remove_pearls_while_unique", "reroute"):
            self._saved[name] = getattr(generator, name)
        pin, remove, reroute = (self._saved[n] for n in
                                ("pinned_loop", "remove_pearls_while_unique", "reroute"))

        def timed_pin(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            loop = pin(*args, **kwargs)
            self.pin_s += time.perf_counter() - start
            self.loops += 1
            self.given_up += loop is None
            return loop

        def timed_remove(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            puzzle = remove(*args, **kwargs)
            self.removal_s += time.perf_counter() - start
            return puzzle

        def counted_reroute(*args: Any, **kwargs: Any) -> Any:
            self.reroutes += 1
            return reroute(*args, **kwargs)

        generator.pinned_loop = timed_pin
        generator.remove_pearls_while_unique = timed_remove
        generator.reroute = counted_reroute
        return self

    def __exit__(self, *exc: object) -> None:
        for name, value in self._saved.items():
            setattr(generator, name, value)


def run_one(width: int, height: int, seed: int) -> dict[str, Any]:
    with _Meter() as meter:
        start = time.perf_counter()
        puzzle = generator.generate_masyu(width, height, seed=seed)
        seconds = time.perf_counter() - start
    result = masyu_lazy.run(puzzle)
    valid = (result.verdict == Verdict.UNIQUE
             and not masyu.check(puzzle, result.solution))
    return {"size": f"{width}x{height}", "cells": width * height, "seed": seed,
            "seconds": seconds, "pin_s": meter.pin_s, "removal_s": meter.removal_s,
            "loops": meter.loops, "given_up": meter.given_up, "reroutes": meter.reroutes,
            "pearls": len(puzzle.pearl_cells()), "valid": valid}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES, help=f"WxH list (default {SIZES})")
    parser.add_argument("--seeds", default=SEEDS, help=f"seed list (default {SEEDS})")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    seeds = [int(s) for s in args.seeds.split(",")]
    runs = []
    for width, height in sizes:
        for seed in seeds:
            run = run_one(width, height, seed)
            runs.append(run)
            print({k: round(v, 2) if isinstance(v, float) else v for k, v in run.items()},
                  flush=True)
    rows = [[r["size"], r["seed"], round(r["seconds"], 2), round(r["pin_s"], 2),
             round(r["removal_s"], 2), r["loops"], r["given_up"], r["reroutes"], r["pearls"],
             "yes" if r["valid"] else "NO"] for r in runs]
    per_size = []
    for width, height in sizes:
        times = [r["seconds"] for r in runs if r["size"] == f"{width}x{height}"]
        per_size.append([f"{width}x{height}", len(times), round(median(times), 2),
                         round(max(times), 2)])
    body = "\n\n".join([
        "`generate_masyu(W, H, seed)` in-process, one run per size and seed, on a shared "
        "machine. `pin s`: pinning loops (solving each loop's full pearl set, moving to "
        "another loop or re-routing); `removal s`: the uniqueness trials that drop pearls; "
        "`loops`: random loops drawn, `given up`: of those, not pinned; `re-routes`: calls "
        "of `reroute`. `valid`: `lazy` proves the puzzle unique and the rule checker "
        "accepts its answer.",
        markdown_table(["size", "seeds", "median s", "max s"], per_size),
        markdown_table(["size", "seed", "seconds", "pin s", "removal s", "loops", "given up",
                        "re-routes", "pearls", "valid"], rows),
        f"Reproduce: `python benchmarks/masyu_generate.py --sizes {args.sizes} "
        f"--seeds {args.seeds}`.",
    ])
    write_results("masyu_generate", "Masyu generator: time per size", body, {"runs": runs})


if __name__ == "__main__":
    main()
