"""Profile ``pencilsat generate numberlink``: CPU seconds per puzzle by size and symmetry,
and where they go (drawing the lines, the uniqueness proofs, the repairs: the proofs after
the first), beside janko's published Numberlink (their symmetries and pairs per size).

Each order (the plain rules, ``--symmetry``, ``--variant full``) is made by
``Order.make(seed)`` in this process, one after another (CPU time of the process); the
proofs are timed by wrapping the generator's ``prove``. Each made puzzle is checked: the
rule checker, and the genre's CP-SAT strategy proves it unique with the generator's answer
(under its variant's rules); a symmetric order's ends stand symmetric; a ``full`` answer
uses every cell.

Usage: nice -n 5 python benchmarks/numberlink_generate.py [--seeds 5]
Writes benchmarks/results/numberlink_generate.md and .json.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table, median, write_results  # noqa: E402

from pencilsat.core.registry import rules_of  # noqa: E402
from pencilsat.core.result import Verdict  # noqa: E402
from pencilsat.generators import numberlink  # noqa: E402
from pencilsat.generators.order import Order  # noqa: E402
from pencilsat.puzzles.numberlink import parse_puzzle  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "numberlink" / "janko"
ORDERS = [(12, None, None), (15, None, None), (20, None, None), (25, None, None),
          (30, None, None), (40, None, None), (10, "rot2", None), (10, "mirror", None),
          (15, "rot2", None), (15, "mirror", None), (20, "rot2", None), (20, "mirror", None),
          (30, "rot2", None), (30, "mirror", None), (10, None, "full"), (15, None, "full"),
          (20, None, "full"), (30, None, "full"), (40, None, "full"), (15, "rot2", "full"),
          (20, "mirror", "full")]
"""(side, symmetry, variant) per order."""
SECOND = "lazy-cpsat"
"""The strategy that re-proves each made puzzle (not the generator's default)."""
SECOND_LIMIT = 30.0
"""Seconds for ``SECOND``; past them the generator's own strategy (``lazy``) re-proves it
from scratch, and the row says so (long lines up to 20x20 can take minutes in CP-SAT)."""


def profile(side: int, symmetry: str | None, variant: str | None,
            seed: int) -> dict[str, Any]:
    """One puzzle made and checked, with its CPU seconds split."""
    proofs: list[float] = []
    prove = numberlink.prove

    def timed(puzzle: Any) -> Any:
        start = time.process_time()
        out = prove(puzzle)
        proofs.append(time.process_time() - start)
        return out

    numberlink.prove = timed  # type: ignore[assignment]
    try:
        start = time.process_time()
        made = Order("numberlink", side, side, symmetry=symmetry, variant=variant).make(seed)
        total = time.process_time() - start
    finally:
        numberlink.prove = prove  # type: ignore[assignment]
    puzzle, answer = made.puzzle, made.solution
    assert rules_of(puzzle).check(puzzle, answer) == []
    again, by = solve(puzzle, encoding=SECOND, time_limit=SECOND_LIMIT), SECOND
    if again.verdict == Verdict.UNKNOWN:
        again, by = solve(puzzle, encoding="lazy"), "lazy"
    assert again.verdict == Verdict.UNIQUE and again.solution == answer
    ends = np.asarray(puzzle.numbers) > 0
    if symmetry:
        twin = ends[::-1, ::-1] if symmetry == "rot2" else ends[:, ::-1]
        assert (ends == twin).all()
    assert puzzle.filled == (variant == "full") and (not puzzle.filled or not unused(answer))
    return {"size": f"{side}x{side}", "symmetry": symmetry or "-",
            "variant": variant or "-", "seed": seed,
            "cpu": round(total, 3), "proofs": len(proofs),
            "first_proof": round(proofs[0], 3), "repairs": round(sum(proofs[1:]), 3),
            "drawing": round(total - sum(proofs), 3), "candidates": made.candidates,
            "pairs": made.clues, "unused": unused(answer), "proved_by": by}


def unused(answer: Any) -> int:
    """The cells no line of ``answer`` runs through."""
    used = {cell for cell, degree in answer.degree().items() if degree}
    return answer.width * answer.height - len(used)


def janko_census() -> tuple[Counter[str], dict[str, list[int]]]:
    """janko's Numberlink: which symmetries their ends have, and their pairs per size."""
    kinds: Counter[str] = Counter()
    pairs: dict[str, list[int]] = {}
    for path in sorted(CORPUS.glob("*.txt")):
        ends = np.asarray(parse_puzzle(path.read_text()).numbers) > 0
        height, width = ends.shape
        has = [name for name, twin in (
            ("rot2", ends[::-1, ::-1]), ("mirror left-right", ends[:, ::-1]),
            ("mirror up-down", ends[::-1, :]),
            ("rot4", np.rot90(ends) if width == height else None)) if
            twin is not None and (ends == twin).all()]
        kinds[" + ".join(has) or "none"] += 1
        pairs.setdefault(f"{width}x{height}", []).append(int(ends.sum()) // 2)
    return kinds, pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    rows = []
    load = os.getloadavg()[0]
    for side, symmetry, variant in ORDERS:
        for seed in range(1, args.seeds + 1):
            rows.append(profile(side, symmetry, variant, seed))
            print(rows[-1], flush=True)
    table = []
    for side, symmetry, variant in ORDERS:
        mine = [r for r in rows if r["size"] == f"{side}x{side}"
                and r["symmetry"] == (symmetry or "-") and r["variant"] == (variant or "-")]
        table.append([f"{side}x{side}", symmetry or "-", variant or "-",
                      median([r["cpu"] for r in mine]),
                      max(r["cpu"] for r in mine), median([r["first_proof"] for r in mine]),
                      median([r["repairs"] for r in mine]),
                      median([r["drawing"] for r in mine]),
                      sum(r["proofs"] for r in mine), sum(r["candidates"] for r in mine),
                      median([r["pairs"] for r in mine]),
                      median([r["unused"] for r in mine]),
                      sum(r["proved_by"] != SECOND for r in mine)])
    kinds, pairs = janko_census()
    census = [[kind, n] for kind, n in kinds.most_common()]
    sizes = [[size, len(ns), sorted(ns)[len(ns) // 2]] for size, ns in
             sorted(pairs.items(), key=lambda kv: int(kv[0].split("x")[0])
                    * int(kv[0].split("x")[1]))]
    body = "\n\n".join([
        f"Command: `nice -n 5 python benchmarks/numberlink_generate.py --seeds {args.seeds}`. "
        f"Seeds 1-{args.seeds} per order, CPU seconds of `Order.make(seed)` (medians; "
        "`first proof`: the first uniqueness proof, `repairs`: the proofs after it, of a cut "
        "or a join; `drawing`: the rest: the lines, the cuts, the loop). Every puzzle passed "
        f"the rule checker and `{SECOND}` proved it unique with the generator's answer (within "
        f"{SECOND_LIMIT:.0f} s; past them `lazy` from scratch: `by lazy` counts those); the "
        "symmetric ones' ends stand symmetric; the `full` ones use every cell. "
        f"Load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end "
        "(2 cores shared with other work: CPU seconds, not wall).",
        markdown_table(["size", "symmetry", "variant", "CPU s", "max", "first proof", "repairs",
                        "drawing", "proofs", "candidates", "pairs", "unused cells",
                        "by lazy"], table),
        "## janko's Numberlink\n\nThe symmetries of the ends of janko's "
        f"{sum(kinds.values())} Numberlink (`../shared/corpus/numberlink/janko`):",
        markdown_table(["symmetry of the ends", "puzzles"], census),
        "Pairs per size (median), to set beside the `pairs` column above:",
        markdown_table(["size", "puzzles", "pairs (median)"], sizes)])
    write_results("numberlink_generate", "Numberlink made to order: sizes and symmetry",
                  body, {"rows": rows, "census": dict(kinds), "janko_pairs": pairs})


if __name__ == "__main__":
    main()
