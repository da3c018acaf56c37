"""Benchmark the Masyu generator: time per size and seed, and where the time goes.

For each size and seed: ``generate_masyu`` wall time, the time spent pinning loops
(``pinned_loop``: solve the loop's full pearl set, move or re-route while another loop keeps
those pearls) and removing pearls (``remove_pearls_while_unique``), loops drawn and given
up, re-routings, pearls kept. Every puzzle is re-checked: ``lazy`` must call it unique and the
rule checker must accept its answer. The same proof is also timed (the fastest of
``PROOF_REPEAT`` runs, with its SAT calls): minimal unique puzzles are what editors verify, and
their cost grows differently from the loose random puzzles of ``masyu_strategies.py``. Writes
benchmarks/results/masyu_generate.md and .json.

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

from common import loglog_slope, markdown_table, median, write_results  # noqa: E402

from pencilsat.core.result import Verdict  # noqa: E402
from pencilsat.generators import masyu as generator  # noqa: E402
from pencilsat.puzzles import masyu  # noqa: E402
from pencilsat.strategies import masyu_lazy  # noqa: E402

SIZES = "10x10,20x20,36x20,40x40,50x50,60x60,80x80,100x100"
SEEDS = "1,2,3"
PROOF_REPEAT = 3
PROOF_FIT_MIN_CELLS = 400
"""The proof's growth exponent is fitted from 20x20 on: below that, fixed costs dominate."""


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
    proofs = []
    for _ in range(PROOF_REPEAT):
        start = time.perf_counter()
        result = masyu_lazy.run(puzzle)
        proofs.append((time.perf_counter() - start, result))
    proof_s, result = min(proofs, key=lambda pair: pair[0])
    valid = all(r.verdict == Verdict.UNIQUE and not masyu.check(puzzle, r.solution)
                for _, r in proofs)
    stats = result.stats
    return {"size": f"{width}x{height}", "cells": width * height, "seed": seed,
            "seconds": seconds, "pin_s": meter.pin_s, "removal_s": meter.removal_s,
            "loops": meter.loops, "given_up": meter.given_up, "reroutes": meter.reroutes,
            "pearls": len(puzzle.pearl_cells()), "valid": valid, "proof_s": proof_s,
            "proof_calls": stats.extra.get("sat_calls"),
            "uniqueness_share": stats.uniqueness_s / max(stats.solve_s + stats.uniqueness_s,
                                                         1e-9)}


def proof_exponent(per_size: list[tuple[int, float]]) -> float | None:
    """k in proof time ~ cells^k: least-squares slope of log(median) on log(cells), from
    ``PROOF_FIT_MIN_CELLS`` cells on."""
    return loglog_slope([(c, t) for c, t in per_size if c >= PROOF_FIT_MIN_CELLS])


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
             "yes" if r["valid"] else "NO", round(r["proof_s"] * 1000, 1), r["proof_calls"]]
            for r in runs]
    per_size, proof_rows, proof_medians = [], [], []
    for width, height in sizes:
        mine = [r for r in runs if r["size"] == f"{width}x{height}"]
        times = [r["seconds"] for r in mine]
        per_size.append([f"{width}x{height}", len(times), round(median(times), 2),
                         round(max(times), 2)])
        proof = median([r["proof_s"] for r in mine])
        proof_medians.append((width * height, proof))
        proof_rows.append([f"{width}x{height}", round(proof * 1000, 1),
                           round(max(r["proof_s"] for r in mine) * 1000, 1),
                           median([r["proof_calls"] for r in mine]),
                           round(median([r["uniqueness_share"] for r in mine]), 2)])
    exponent = proof_exponent(proof_medians)
    fitted = ("too few sizes to fit" if exponent is None else
              f"proof time ~ cells^{exponent:.2f} from {PROOF_FIT_MIN_CELLS} cells on "
              "(least squares on the medians)")
    body = "\n\n".join([
        "`generate_masyu(W, H, seed)` in-process, one run per size and seed, on a shared "
        "machine. `pin s`: pinning loops (solving each loop's full pearl set, moving to "
        "another loop or re-routing); `removal s`: the uniqueness trials that drop pearls; "
        "`loops`: random loops drawn, `given up`: of those, not pinned; `re-routes`: calls "
        "of `reroute`. `valid`: `lazy` proves the puzzle unique and the rule checker "
        "accepts its answer.",
        markdown_table(["size", "seeds", "median s", "max s"], per_size),
        "Proving the generated puzzles unique with the default strategy (`lazy`), each the "
        f"fastest of {PROOF_REPEAT} runs: {fitted}. `uniqueness share`: the part of the solver "
        "time spent after the answer was found.",
        markdown_table(["size", "proof median ms", "proof max ms", "SAT calls median",
                        "uniqueness share"], proof_rows),
        markdown_table(["size", "seed", "seconds", "pin s", "removal s", "loops", "given up",
                        "re-routes", "pearls", "valid", "proof ms", "SAT calls"], rows),
        f"Reproduce: `python benchmarks/masyu_generate.py --sizes {args.sizes} "
        f"--seeds {args.seeds}`.",
    ])
    write_results("masyu_generate", "Masyu generator: time per size", body,
                  {"runs": runs, "proof_exponent": exponent})


if __name__ == "__main__":
    main()
