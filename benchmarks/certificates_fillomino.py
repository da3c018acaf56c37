"""Fillomino certificates: every ``stride``th janko Fillomino, the four 20x36 and Tatham's 40,
certified or not, with the CPU seconds of the verdict, of building the certificate and of
checking it again from its files (what ``pencilsat check DIR`` does).

    python benchmarks/certificates_fillomino.py [--stride 10] [--cap 120] [--stem NAME]

The verdict is ``pencilsat.solve`` (the ``sizes`` strategy); the build is the certificate's
own cut loop and the prover's DRAT proof (its in-process check is left out of the build
figure); the check reads the folder ``--proof-out`` writes, rebuilds the clauses from the
puzzle file with the manifest's open label, checks every cut and runs dratify.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from common import CORPUS, markdown_table, median, write_results  # noqa: E402

from pencilsat.api import read_puzzle, solve  # noqa: E402
from pencilsat.certify import certificate  # noqa: E402
from pencilsat.certify.store import check_folder, write  # noqa: E402

IN_BUILD_CHECK: list[float] = []
"""CPU seconds of the check ``build`` runs in process (left out of the build figure)."""
_verify = certificate.verify


def _timed_verify(*args: object, **kwargs: object) -> None:
    start = time.process_time()
    _verify(*args, **kwargs)  # type: ignore[arg-type]
    IN_BUILD_CHECK.append(time.process_time() - start)


certificate.verify = _timed_verify  # type: ignore[assignment]

LARGEST = ("179_20x36", "209_20x36", "219_20x36", "87_20x36")


def sources(stride: int) -> list[tuple[str, str, Path]]:
    """(set, label, file): every ``stride``th janko puzzle, the four 20x36, Tatham's 40."""
    janko = sorted((CORPUS / "fillomino" / "janko").glob("*.txt"))
    picked = janko[::stride] + [p for p in janko if p.stem in LARGEST
                                and p not in janko[::stride]]
    tatham = sorted((CORPUS / "fillomino" / "tatham").glob("*/*.txt"))
    return ([("janko", p.stem, p) for p in picked]
            + [("tatham", f"{p.parent.name}/{p.stem}", p) for p in tatham])


def measure(path: Path, cap: float) -> dict:
    puzzle = read_puzzle(str(path))
    start = time.process_time()
    result = solve(puzzle, time_limit=cap)
    verdict_s = time.process_time() - start
    row: dict = {"verdict": result.verdict.value, "verdict_s": verdict_s}
    if result.verdict.value not in ("unique", "none"):
        return {**row, "certified": False, "reason": "no verdict to certify"}
    IN_BUILD_CHECK.clear()
    start = time.process_time()
    cert = certificate.build(puzzle, result.verdict.value, result.solution)
    total = time.process_time() - start
    row.update(certified=cert.certified, reason=cert.reason, cuts=len(cert.cuts),
               proof_kb=cert.proof_bytes / 1000, settings=cert.settings)
    if not cert.certified:
        return row
    row["build_s"] = total - sum(IN_BUILD_CHECK)
    with tempfile.TemporaryDirectory() as folder:
        write(folder, cert, puzzle, result.solution)
        start = time.process_time()
        again = check_folder(folder)
        row["check_s"] = time.process_time() - start
    row["checked"] = again.certified
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stride", type=int, default=10, help="every Nth janko puzzle")
    ap.add_argument("--cap", type=float, default=120.0, help="seconds per verdict")
    ap.add_argument("--stem", default="certificates_fillomino",
                    help="results file name in benchmarks/results")
    args = ap.parse_args()
    rows, data = [], []
    for group, label, path in sources(args.stride):
        row = {"set": group, "puzzle": label, **measure(path, args.cap)}
        data.append(row)
        print(group, label, row.get("certified"), row.get("checked"),
              f"verdict {row['verdict_s']:.2f} build {row.get('build_s', 0):.2f} "
              f"check {row.get('check_s', 0):.2f}", row.get("reason"), flush=True)
    for group in ("janko", "tatham"):
        done = [r for r in data if r["set"] == group]
        ok = [r for r in done if r.get("checked")]
        rows.append([group, len(done), len(ok),
                     median([r["verdict_s"] for r in ok]), median([r["build_s"] for r in ok]),
                     median([r["check_s"] for r in ok]),
                     max((r["build_s"] for r in ok), default=float("nan")),
                     max((r["check_s"] for r in ok), default=float("nan")),
                     median([r["proof_kb"] for r in ok])])
    header = ["set", "puzzles", "certified and checked", "verdict s median", "build s median",
              "check s median", "build s max", "check s max", "proof kB median"]
    big = [[r["puzzle"], r["verdict_s"], r.get("build_s", float("nan")),
            r.get("check_s", float("nan")), r.get("proof_kb", float("nan")), r.get("cuts", 0),
            r.get("settings", {}).get("open_label", "-"), r.get("checked", False)]
           for r in sorted(data, key=lambda r: -r.get("build_s", 1e9))[:10]]
    body = (markdown_table(header, rows)
            + "\n\nThe ten slowest builds (a failure first):\n\n"
            + markdown_table(["puzzle", "verdict s", "build s", "check s", "proof kB", "cuts",
                              "open label", "checked"], big)
            + f"\n\n`python benchmarks/certificates_fillomino.py --stride {args.stride} "
            f"--cap {args.cap:g} --stem {args.stem}` (CPU seconds: the verdict; the "
            "certificate's cut loop and proof; `pencilsat check` of its folder: clauses "
            "rebuilt, cuts checked, dratify on the proof). Janko: "
            + ("all" if args.stride == 1 else f"every {args.stride}th puzzle and the four "
               "20x36") + "; Tatham: all 40. Run niced on the shared 2-core machine.\n")
    write_results(args.stem, "Certificates: Fillomino", body, data)
    print(body)


if __name__ == "__main__":
    main()
