"""Certificates per genre on the janko corpus: the proof's size and the check's time against
the verdict's (issue 42's goal: median check <= 2x the verdict), plus how many are certified.

    python benchmarks/certificates.py [--stride N] [--genres masyu,lightup,...] [--cap S]

The verdict is ``pencilsat.solve`` with the genre's default strategy (solve + uniqueness); the
check is what ``pencilsat check`` does after reading the files: the cuts re-justified and the
DRAT proof checked by dratify (native engine when cdclkit-native is installed). Building the
certificate (the certificate's own cut loop and CaDiCaL's proof) is reported apart.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from common import CORPUS, markdown_table, median, write_results  # noqa: E402

from pencilsat.api import read_puzzle, solve  # noqa: E402
from pencilsat.certify.certificate import build  # noqa: E402
from pencilsat.core.registry import GENRES  # noqa: E402


def sources(name: str, stride: int) -> list[tuple[str, str]]:
    """(label, puzzle source) of every janko puzzle of the genre (its registry corpus
    folder), every ``stride``th; Sudoku, whose corpus is a file, takes Tatham's Solo sets,
    one puzzle a line."""
    folder = CORPUS / GENRES[name].corpus
    files = sorted((folder if folder.is_dir() else CORPUS / name / "janko").glob("*.txt"))
    if files:
        return [(path.name, str(path)) for path in files[::stride]]
    out = []
    for path in sorted((CORPUS / name / "tatham").glob("*.txt")):
        for number, line in enumerate(path.read_text().split(), start=1):
            out.append((f"{path.name}:{number}", line))
    return out[::stride]


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stride", type=int, default=1, help="every Nth janko puzzle")
    ap.add_argument("--genres", default=",".join(GENRES))
    ap.add_argument("--cap", type=float, default=60.0, help="seconds per verdict")
    ap.add_argument("--stem", default="certificates",
                    help="results file name in benchmarks/results (default: certificates)")
    args = ap.parse_args()
    rows, data = [], {}
    for name in args.genres.split(","):
        per: list[dict] = []
        for label, source in sources(name, args.stride):
            puzzle = read_puzzle(source)
            start = time.perf_counter()
            result = solve(puzzle, time_limit=args.cap)
            verdict_s = time.perf_counter() - start
            if result.verdict.value not in ("unique", "none"):
                per.append({"puzzle": label, "verdict": result.verdict.value,
                            "certified": False})
                continue
            cert = build(puzzle, result.verdict.value, result.solution)
            per.append({"puzzle": label, "verdict": result.verdict.value,
                        "certified": cert.certified, "reason": cert.reason,
                        "verdict_s": verdict_s, "build_s": cert.build_s,
                        "check_s": cert.check_s, "proof_bytes": cert.proof_bytes,
                        "cuts": len(cert.cuts)})
            print(f"{name} {label} {cert.certified} verdict {verdict_s:.3f}s "
                  f"check {cert.check_s:.3f}s proof {cert.proof_bytes}", flush=True)
        done = [p for p in per if "check_s" in p]
        ratios = [p["check_s"] / max(p["verdict_s"], 1e-6) for p in done]
        slowest = max(done, key=lambda p: p["check_s"])["puzzle"] if done else "-"
        rows.append([name, len(per), sum(p["certified"] for p in per),
                     median([p["proof_bytes"] / 1000 for p in done]),
                     max((p["proof_bytes"] / 1000 for p in done), default=float("nan")),
                     median([p["verdict_s"] for p in done]), median([p["build_s"] for p in done]),
                     median([p["check_s"] for p in done]),
                     median(ratios), percentile(ratios, 0.9), max(ratios, default=float("nan")),
                     slowest])
        data[name] = per
    header = ["genre", "puzzles", "certified", "proof kB median", "proof kB max",
              "verdict s median", "build s median", "check s median", "check/verdict median",
              "check/verdict p90", "check/verdict max", "slowest check"]
    body = (markdown_table(header, rows)
            + f"\n\n`python benchmarks/certificates.py --stride {args.stride}` (janko, every "
            f"{args.stride}th puzzle, verdict cap {args.cap:g} s). The check is the cut "
            "checks plus dratify on the DRAT proof; the build is the certificate's own cut "
            "loop plus CaDiCaL's proof.\n")
    write_results(args.stem, "Certificates: proof size and check time per genre", body, data)
    print(body)


if __name__ == "__main__":
    main()
