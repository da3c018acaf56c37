"""Build tdoku (t-dillon/tdoku, C++ with SIMD) as the Sudoku batch's native peer, offline.

``python benchmarks/tdoku_build.py [--tdoku GIT]``

GIT is a clone, a mirror or a URL of the repository (default: GitHub's). Only ``src/``,
``include/`` and ``LICENSE`` are taken, at the commit pinned below, into ``BUILD``; no edit to
tdoku. pencilsat's driver (benchmarks/peers/tdoku_driver/driver.cc: one 81-character line
per puzzle in, one JSON line out with the verdict counts and the process CPU seconds of the
solving loop alone) is compiled with tdoku's solver as tdoku's own build does it
(``-O3 -march=native``, C++14). About 30 seconds.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

TDOKU_COMMIT = "af426180dc53aef89b82868e7b3fdfcf42165654"
BUILD = Path.home() / ".cache" / "pencilsat" / f"tdoku-{TDOKU_COMMIT[:7]}"
DRIVER = BUILD / "pencilsat_tdoku_driver"
DRIVER_SOURCE = Path(__file__).resolve().parent / "peers" / "tdoku_driver" / "driver.cc"
GITHUB = "https://github.com/t-dillon/tdoku.git"


def export(git: str, into: Path) -> None:
    """``src``, ``include`` and ``LICENSE`` of ``git`` at the pinned commit, into ``into``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", git, tmp], check=True)
        archive = subprocess.run(["git", "-C", tmp, "archive", TDOKU_COMMIT, "src",
                                  "include", "LICENSE"], check=True,
                                 capture_output=True).stdout
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def build(git: str | None = None) -> Path:
    """The driver, built unless it already is (rebuilt when driver.cc is newer)."""
    if DRIVER.exists() and DRIVER.stat().st_mtime >= DRIVER_SOURCE.stat().st_mtime:
        return DRIVER
    if not (BUILD / "src" / "solver_dpll_triad_simd.cc").exists():
        if BUILD.exists():
            shutil.rmtree(BUILD)
        export(git or GITHUB, BUILD)
    (BUILD / "pencilsat").mkdir(exist_ok=True)
    shutil.copy(DRIVER_SOURCE, BUILD / "pencilsat" / "driver.cc")
    subprocess.run(["g++", "-O3", "-march=native", "-std=c++14", "-o", str(DRIVER),
                    "src/solver_dpll_triad_simd.cc", "src/util.cc", "pencilsat/driver.cc"],
                   cwd=BUILD, check=True)
    return DRIVER


def run(lines_file: Path, solve: bool = False, git: str | None = None) -> dict[str, Any]:
    """tdoku on a file of one-line Sudokus: ``puzzles``, ``none``/``unique``/``multiple``
    (solutions counted up to two) and ``cpu_s`` of the solving loop. ``solve``: a unique
    puzzle is then solved again for its solution (as tdoku's example program does)."""
    args = [str(build(git))] + (["--solve"] if solve else [])
    with lines_file.open("rb") as stdin:
        out = subprocess.run(args, stdin=stdin, check=True, capture_output=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tdoku", help="clone, mirror or URL of t-dillon/tdoku")
    args = ap.parse_args()
    print(build(args.tdoku))


if __name__ == "__main__":
    main()
