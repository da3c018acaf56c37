"""What checking a DRAT proof in a forked child (``pencilsat.certify.bounded``: the memory cap
and the deadline) costs over checking it in this process, on a few certificates.

    python benchmarks/check_in_a_child.py [--repeats N]

Each certificate is built once; then the check (dratify, as ``pencilsat check`` runs it) is
timed in this process and in a child, interleaved, ``--repeats`` times: the median wall time
and CPU time (this process's and its children's user + system) of each, and the difference.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from common import CORPUS, markdown_table, median, write_results  # noqa: E402

from pencilsat.api import read_puzzle, solve  # noqa: E402
from pencilsat.certify.bounded import CHILD_FROM_BYTES, run_bounded  # noqa: E402
from pencilsat.certify.certificate import build  # noqa: E402
from pencilsat.certify.refutation import _check, _dratify  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SOURCES = [str(REPO / "examples" / "masyu_10x10.txt"), str(REPO / "examples" / "masyu_36x20.txt"),
           *(str(p) for p in sorted((CORPUS / "lightup" / "janko").glob("*.txt"))[:2]),
           *(str(p) for p in sorted((CORPUS / "slitherlink" / "janko").glob("*.txt"))[-2:])]


def cpu() -> float:
    import resource

    return sum(u.ru_utime + u.ru_stime for u in (resource.getrusage(resource.RUSAGE_SELF),
                                                 resource.getrusage(resource.RUSAGE_CHILDREN)))


def timed(formula: str, proof: str, child: bool) -> tuple[float, float]:
    wall, spent = time.perf_counter(), cpu()
    outcome = run_bounded(lambda: _check(formula, proof, None), None, 2**30, child)
    assert outcome.ok, outcome.reason
    return time.perf_counter() - wall, cpu() - spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=15)
    args = ap.parse_args()
    _dratify()
    rows, data = [], []
    for source in SOURCES:
        puzzle = read_puzzle(source)
        result = solve(puzzle)
        cert = build(puzzle, result.verdict.value, result.solution, result.second_solution)
        assert cert.certified, cert.reason
        runs: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
        for _ in range(args.repeats):
            for child in (False, True):
                runs[child].append(timed(cert.formula_text, cert.proof_text, child))
        here = [median([r[i] for r in runs[False]]) * 1e3 for i in (0, 1)]
        there = [median([r[i] for r in runs[True]]) * 1e3 for i in (0, 1)]
        path = Path(source)
        name = path.name if path.parent.name == "examples" else \
            f"{path.parent.parent.name}/{path.name}"
        rows.append([name, f"{cert.proof_bytes:,}", f"{here[0]:.1f}", f"{there[0]:.1f}",
                     f"{there[0] - here[0]:+.1f}", f"{here[1]:.1f}", f"{there[1]:.1f}"])
        data.append({"source": name, "proof_bytes": cert.proof_bytes, "here_ms": here,
                     "child_ms": there})
    load = os.getloadavg()[0]
    body = (f"Median of {args.repeats} interleaved runs; load {load:.1f} (2 cores). The child "
            f"is used from {CHILD_FROM_BYTES:,} bytes of proof.\n\n" + markdown_table(
                ["certificate", "proof bytes", "wall here ms", "wall child ms", "child - here",
                 "CPU here ms", "CPU child ms"], rows))
    write_results("check_in_a_child", "The proof's check in a forked child", body, data)
    print(body)


if __name__ == "__main__":
    main()
