"""The Sudoku batch's compiled kernel (numba) against tdoku and the numpy path, one run.

``python benchmarks/sudoku_numba.py [--rounds 2] [--tdoku GIT]`` writes
``benchmarks/results/sudoku_numba.md`` and ``.json``. Needs numba (``pip install -e
'.[fast]'``) and g++ for tdoku (``benchmarks/tdoku_build.py``).

Per file (Royle's 17-clue set, magictour_top1465, forum_hardest_1905_se11plus), each in a
fresh process, interleaved, best of ``--rounds``, CPU seconds of the solving loop:
tdoku counting to two; ``solve_batch`` with the numpy path (``kernel=False``), with the
kernel (``kernel=True``, loaded in a 20-line warm-up) and by default (the kernel once the
process's numpy work pays for loading it, the load then inside the timing); the kernel's
call alone without records (``count_lines``); the first prototype (cell masks,
``benchmarks/sudoku_numba_cells.py``). Then numba's import and the kernel's load from a warm
and from a cold cache, the break-even batch size per file, and every line of the three files
through ``solve_batch`` with and without the kernel (verdicts and answers compared, every
50th kernel answer through the rule checker).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import tdoku_build
from lightup_sudoku import CORPUS, REPO, pencilsat_in_a_process, table

FILES = ("royle_17clue.txt", "magictour_top1465.txt", "forum_hardest_1905_se11plus.txt")
RESULTS = REPO / "benchmarks" / "results"
KERNEL_CALL = """
import json, sys, time
t = time.process_time()
import numpy as np
import numba
numba_import = time.process_time() - t
sys.path.insert(0, sys.argv[1])
from pencilsat.strategies import sudoku_kernel
lines = [x.strip() for x in open(sys.argv[2]) if len(x.strip()) == 81]
raw = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(-1, 81)
t = time.process_time()
sudoku_kernel.count_lines(raw[:1])
first = time.process_time() - t
t = time.process_time()
status, _, nodes = sudoku_kernel.count_lines(raw)
print(json.dumps({"puzzles": len(raw), "cpu_s": time.process_time() - t,
                  "numba_import_cpu_s": numba_import, "first_call_cpu_s": first,
                  "nodes_per_puzzle": float(nodes.mean()),
                  "verdicts": np.bincount(status, minlength=4).tolist()}))
"""


def kernel_call(path: Path, cache_dir: str | None = None) -> dict[str, Any]:
    """The kernel's one call over a file in a fresh process (``cache_dir``: numba's cache
    there, an empty one for a compile)."""
    env = dict(os.environ)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    out = subprocess.run([sys.executable, "-c", KERNEL_CALL, str(REPO / "src"), str(path)],
                         env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def cells_call(path: Path) -> dict[str, Any]:
    """The first prototype (cell masks) on a file in a fresh process."""
    script = REPO / "benchmarks" / "sudoku_numba_cells.py"
    out = subprocess.run([sys.executable, str(script), "--one", str(path)], check=True,
                         capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


WHO = ("tdoku", "numpy", "kernel", "default", "kernel call", "cells call")


def run(who: str, path: Path) -> dict[str, Any]:
    if who == "tdoku":
        return tdoku_build.run(path)
    if who == "kernel call":
        return kernel_call(path)
    if who == "cells call":
        return cells_call(path)
    kernel = {"numpy": False, "kernel": True, "default": None}[who]
    # "default" passes nothing: solve_batch decides (kernel=None)
    return pencilsat_in_a_process(REPO / "src", path, kernel=kernel)


def measure(rounds: int) -> dict[str, dict[str, Any]]:
    """Per file and contender the run of least CPU, ``rounds`` interleaved rounds."""
    data: dict[str, dict[str, Any]] = {}
    for name in FILES:
        path = CORPUS / "sudoku" / name
        best: dict[str, dict[str, Any]] = {}
        for _ in range(rounds):
            for who in WHO:
                res = run(who, path)
                if who not in best or res["cpu_s"] < best[who]["cpu_s"]:
                    best[who] = res
        data[name] = best
        print(name, {who: round(res["puzzles"] / res["cpu_s"]) for who, res in best.items()},
              flush=True)
    return data


OTHER_FILES = ("norvig_hardest.txt", "norvig_top95.txt", "euler96_easy50.txt",
               "forum_hardest_1106.txt", "kaggle_radcliffe_curated5000.tsv",
               "sudoku_exchange_diabolical_se_sample160.tsv", "tdoku_test_puzzles.tsv")
"""The corpus's other Sudoku files (of a .tsv its first column), every answer checked."""


def puzzle_lines(path: Path) -> list[str]:
    """The 81-character puzzles of a file (a .tsv's first column)."""
    rows = [line.split("\t")[0].strip() for line in path.read_text().splitlines()]
    return [row for row in rows if len(row) == 81]


def agreement(path: Path, every: int = 50) -> dict[str, int]:
    """Every line through ``solve_batch`` with and without the kernel: lines with the same
    verdict and answers, the kernel's decisions, and every ``every``-th of its answers
    checked."""
    sys.path.insert(0, str(REPO / "src"))
    from pencilsat.puzzles.sudoku import check, parse_line, parse_solution
    from pencilsat.strategies.sudoku_batch import solve_batch

    lines = puzzle_lines(path)
    with_kernel = list(solve_batch(lines, kernel=True))
    numpy_only = list(solve_batch(lines, kernel=False))
    same = sum((a["verdict"], a.get("solution"), a.get("second_solution"))
               == (b["verdict"], b.get("solution"), b.get("second_solution"))
               for a, b in zip(with_kernel, numpy_only, strict=True))
    by_kernel = [i for i, r in enumerate(with_kernel) if r["stats"]["decided_by"] == "kernel"]
    rejected = 0
    for i in by_kernel[::every]:
        if "solution" in with_kernel[i]:
            puzzle = parse_line(lines[i])
            rejected += bool(check(puzzle, parse_solution(with_kernel[i]["solution"], puzzle)))
    return {"lines": len(lines), "same": same, "by_kernel": len(by_kernel),
            "checked": len(by_kernel[::every]), "rejected": rejected}


NOTES = """## How it got there (issue 46, 2026-11-29, branch numba46a)

- The first prototype, cell masks (`benchmarks/sudoku_numba_cells.py`, the column above):
  naked singles through a queue over the 20 peers, hidden singles by house, first the
  fewest-candidates cell as the branch. Forum_hardest_1905_se11plus: 346 branches a puzzle,
  ~590 us; hidden singles only over houses that changed and one locked-candidates pass:
  281; the branch cell's tie broken by the open cells of its houses: 210; by the digits its
  open peers share with it, bivalue peers three times: 139 (tdoku: 62 guesses a puzzle, a
  split counting once), ~340-410 us a puzzle, no faster than the numpy rounds (a C
  transcription of its propagation ran at the same speed: the 20-peer loops and house
  scans are branchy, ~2.5 us a branch).
- The kernel kept: per digit three 27-bit band words, so a placement is a few word
  operations, naked singles are bit-sliced over the nine digits, hidden singles are sought
  only for the digits whose board changed, locked candidates are two table lookups a band
  and a stack. Same branches, 1.3 us a branch: 232 us a forum puzzle, then 186 us once
  locked candidates went to tables (from loops over segments).
- Locked candidates: no pass 182 branches (forum) and 48 (magictour), one pass per fixed
  point 141 and 17.6, passes until nothing changes 140 and 17.4 at more time: one kept.
- With the records: numba's import leaves ~100,000 objects the collector's full passes
  scanned (~45 ms each), which halved magictour's rate; `gc.freeze()` after the load
  removes that. magictour still pays ~12 us a line over the call alone in this run.
- What a puzzle with several solutions gets: its two answers depend on the search's order,
  so the kernel returns it undecided and the numpy rounds give theirs; a puzzle past a
  million branches would go the same way (none does).
"""


def page(data: dict[str, dict[str, Any]], cold: dict[str, Any], warm: dict[str, Any],
         agree: dict[str, dict[str, int]], rounds: int) -> str:
    import numba
    import numpy as np

    rows, even_rows = [], []
    load = warm["numba_import_cpu_s"] + warm["first_call_cpu_s"]
    for name, best in data.items():
        rate = {who: res["puzzles"] / res["cpu_s"] for who, res in best.items()}

        def vs(who: str, rate: dict[str, float] = rate) -> str:
            return f"1/{rate['tdoku'] / rate[who]:.1f}"

        rows.append([name, best["tdoku"]["puzzles"], rate["tdoku"], rate["numpy"], vs("numpy"),
                     rate["kernel"], vs("kernel"), f"{rate['kernel'] / rate['numpy']:.2f}x",
                     rate["default"], vs("default"), rate["kernel call"], vs("kernel call"),
                     rate["cells call"], vs("cells call"),
                     best["tdoku"]["guesses"] / best["tdoku"]["puzzles"],
                     best["kernel call"]["nodes_per_puzzle"]])
        gain = 1 / rate["numpy"] - 1 / rate["kernel"]
        even_rows.append([name, 1e6 / rate["numpy"], 1e6 / rate["kernel"], 1e6 * gain,
                          round(load / gain) if gain > 0 else "never"])
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return (
        "# Sudoku batch: the compiled kernel (numba) against tdoku and the numpy path\n\n"
        f"Measured {stamp}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
        f"at the end (other jobs shared the machine); numba {numba.__version__}, numpy "
        f"{np.__version__}, tdoku {tdoku_build.TDOKU_COMMIT[:7]}. `python "
        f"benchmarks/sudoku_numba.py --rounds {rounds}`.\n\n"
        f"## Rates (puzzles per CPU second, best of {rounds} interleaved runs, each in a "
        "fresh process)\n\n"
        + table(["set", "puzzles", "tdoku", "numpy path", "vs tdoku", "kernel", "vs tdoku",
                 "kernel / numpy", "default", "vs tdoku", "kernel call alone", "vs tdoku",
                 "first prototype (cell masks), call alone", "vs tdoku",
                 "tdoku guesses a puzzle", "kernel branches a puzzle"], rows)
        + "\n\n*tdoku* counts solutions to two without writing one. *numpy path*, *kernel* "
        "and *default*: `solve_batch` with its records, `kernel=False`, `kernel=True` (the "
        "kernel loaded in a 20-line warm-up, outside the timing, as tdoku's build is) and "
        "the default (the kernel once the process's numpy work, spent and estimated for "
        "the rest of a chunk on its first 1,024 lines, passes a second: its load then "
        "inside the timing). *Call alone*: the "
        "kernel's `count_lines` over the whole file, no records. Branches: children tried "
        "(a bivalue split is two); tdoku's guesses count one a split.\n\n"
        "## The load, and the break-even batch size\n\n"
        + table(["numba cache", "import numba", "first call (load or compile)",
                 "magictour, call alone"],
                [["warm (loads)", warm["numba_import_cpu_s"], warm["first_call_cpu_s"],
                  warm["cpu_s"]],
                 ["cold (compiles)", cold["numba_import_cpu_s"], cold["first_call_cpu_s"],
                  cold["cpu_s"]]])
        + f"\n\nCPU seconds. The load a process pays once (warm cache): {load:.2f} s.\n\n"
        + table(["set", "numpy path us a line", "kernel us a line", "saved us a line",
                 "lines that pay for the load"], even_rows)
        + "\n\n## Same verdicts and answers as the numpy path (every line of every Sudoku "
        "file of the corpus; the other files' kernel answers all checked)\n\n"
        + table(["set", "lines", "same verdict and answers", "decided by the kernel",
                 "kernel answers checked", "rejected by the rule checker"],
                [[name, a["lines"], a["same"], a["by_kernel"], a["checked"], a["rejected"]]
                 for name, a in agree.items()])
        + "\n\n" + NOTES)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--tdoku", metavar="GIT", help="clone, mirror or URL of t-dillon/tdoku")
    args = ap.parse_args()
    tdoku_build.build(args.tdoku)
    magictour = CORPUS / "sudoku" / "magictour_top1465.txt"
    with tempfile.TemporaryDirectory() as cache:
        cold = kernel_call(magictour, cache)
    warm = kernel_call(magictour)
    data = measure(args.rounds)
    agree = {name: agreement(CORPUS / "sudoku" / name) for name in FILES}
    agree.update((name, agreement(CORPUS / "sudoku" / name, 1)) for name in OTHER_FILES)
    text = page(data, cold, warm, agree, args.rounds)
    (RESULTS / "sudoku_numba.md").write_text(text)
    (RESULTS / "sudoku_numba.json").write_text(json.dumps(
        {"runs": data, "cold": cold, "warm": warm, "agreement": agree}, indent=1) + "\n")
    print(text)


if __name__ == "__main__":
    main()
