"""The Sudoku batch's compiled kernel (ahead of time, and numba's JIT) against tdoku and the
numpy path, one run.

``python benchmarks/sudoku_numba.py [--rounds 2] [--tdoku GIT]`` writes
``benchmarks/results/sudoku_numba.md`` and ``.json``. Needs numba (``pip install -e
'.[fast]'``), a C compiler for the kernel compiled ahead of time and g++ for tdoku
(``benchmarks/tdoku_build.py``).

Per file (Royle's 17-clue set, magictour_top1465, forum_hardest_1905_se11plus), each in a
fresh process, interleaved, best of ``--rounds``, CPU seconds of the solving loop:
tdoku counting to two; ``solve_batch`` with the numpy path (``kernel=False``), with the
kernel (``kernel=True``, loaded in a 20-line warm-up: compiled ahead of time, and numba's
JIT with an empty cache folder), and by default (``kernel`` not passed) with every load
timed (the 20-line warm-up counted too): with the module compiled ahead of time in the
user's cache, and without it (an empty cache folder and no compiler: numba's JIT once the
numpy work pays, the default before this module); each kernel's call alone without records
(``count_lines``). Then the loads (numba's import and the JIT kernel's load from a warm and
a cold cache, the module compiled ahead of time found and loaded, its build), the break-even
batch size per file, and every line of the Sudoku files through ``solve_batch`` with and
without the kernel (verdicts and answers compared, every 50th kernel answer through the rule
checker), and the ahead-of-time kernel's counts against the JIT's on the three files.
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
NO_AOT = tempfile.mkdtemp(prefix="sudoku-numba-empty-cache-")
"""An empty cache folder: no kernel compiled ahead of time there."""
JIT_ONLY = {"PENCILSAT_CACHE_DIR": NO_AOT, "CC": "/no/such/cc"}
"""The environment of the JIT runs: no module compiled ahead of time, and no build started."""
COMPILED_CALL = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np
from pencilsat.strategies import sudoku_singles
t = time.process_time()
from pencilsat.strategies import sudoku_kernel_loader as loader
imported = time.process_time() - t
t = time.process_time()
kernel = loader.ready()
load = time.process_time() - t
assert kernel is not None and kernel.how == "aot" and "numba" not in sys.modules
lines = [x.strip() for x in open(sys.argv[2]) if len(x.strip()) == 81]
raw = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(-1, 81)
t = time.process_time()
status, _, nodes = kernel.count_lines(raw)
print(json.dumps({"puzzles": len(raw), "cpu_s": time.process_time() - t, "load_cpu_s": load,
                  "import_cpu_s": imported,
                  "nodes_per_puzzle": float(nodes.mean()),
                  "verdicts": np.bincount(status, minlength=4).tolist()}))
"""
BUILD = """
import json, os, resource, subprocess, sys, time
sys.path.insert(0, sys.argv[1])
from pencilsat.strategies import sudoku_kernel_cache as cache
target = cache.module_path()
wall = time.perf_counter()
done = subprocess.run(cache.build_command(target), env=cache.build_env(), capture_output=True,
                      text=True)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"ok": done.returncode == 0 and os.path.isfile(target),
                  "cpu_s": used.ru_utime + used.ru_stime,
                  "wall_s": time.perf_counter() - wall, "bytes": os.path.getsize(target)}))
"""
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


def in_a_process(script: str, path: Path | None = None,
                 env: dict[str, str] | None = None) -> dict[str, Any]:
    """A script's JSON line, in a fresh process (``sys.argv``: the sources, ``path``)."""
    args = [sys.executable, "-c", script, str(REPO / "src")] + ([str(path)] if path else [])
    out = subprocess.run(args, check=True, capture_output=True, text=True,
                         env=None if env is None else {**os.environ, **env}).stdout
    result: dict[str, Any] = json.loads(out)
    return result


WHO = ("tdoku", "numpy", "kernel", "kernel, JIT", "default", "default, JIT", "compiled call",
       "JIT call")


def run(who: str, path: Path) -> dict[str, Any]:
    if who == "tdoku":
        return tdoku_build.run(path)
    if who == "JIT call":
        return kernel_call(path)
    if who == "compiled call":
        return in_a_process(COMPILED_CALL, path)
    kernel = {"numpy": False, "kernel": True, "kernel, JIT": True, "default": None,
              "default, JIT": None}[who]
    # "default" passes nothing: solve_batch decides (kernel=None)
    return pencilsat_in_a_process(REPO / "src", path, kernel=kernel,
                                  env=JIT_ONLY if who.endswith("JIT") else None,
                                  numpy_warm_up=who.startswith("default"))


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
    """Every line through ``solve_batch`` with and without the kernel (compiled ahead of
    time): lines with the same verdict and answers, the kernel's decisions, and every
    ``every``-th of its answers checked."""
    sys.path.insert(0, str(REPO / "src"))
    from pencilsat.puzzles.sudoku import check, parse_line, parse_solution
    from pencilsat.strategies import sudoku_kernel_loader as loader
    from pencilsat.strategies.sudoku_batch import solve_batch

    lines = puzzle_lines(path)
    kernel = loader.ready()
    assert kernel is not None and kernel.how == "aot"
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


def same_counts(path: Path) -> dict[str, int]:
    """The kernel compiled ahead of time against numba's JIT on every line of a file: lines
    with the same status, answer and branches."""
    import numpy as np

    from pencilsat.strategies import sudoku_kernel_loader as loader

    lines = puzzle_lines(path)
    raw = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(-1, 81)
    aot, jit = loader.ready(), loader.jit_kernel()
    assert aot is not None and jit is not None and (aot.how, jit.how) == ("aot", "jit")
    (s1, a1, n1), (s2, a2, n2) = aot.count_lines(raw), jit.count_lines(raw)
    same = (s1 == s2) & (a1 == a2).all(axis=1) & (n1 == n2)
    return {"lines": len(lines), "same": int(same.sum())}


NOTES = """## The kernel compiled ahead of time (issue 46, 2026-11-30, branch aot46b)

- numba's JIT costs a process `import numba` (0.34-0.36 s of CPU in the table above) and a
  first call that loads the kernel's machine code from numba's cache (0.31-0.43 s), and
  leaves ~100,000 objects to the garbage collector (frozen after the load). The module
  `numba.pycc` compiles ahead of time (the same functions, by their Python source) is found
  by a hash of what it is built from and loaded with importlib: 0.5-0.6 ms, and ~5 ms to
  import the loader; numba is not imported. Building it costs 6.5-16 s of CPU once (numba's
  compile and gcc; 10-40 s of wall at loads of 3-7).
- Built for the host CPU (as numba's JIT is): the generic x86-64 target ran 10-20% slower,
  same counts (call alone, 3 interleaved rounds at load 6-7: Royle 130,000, 90,000 and
  98,000/s against 151,000, 117,000 and 102,000/s for the host build and 148,000, 104,000 and
  110,000/s for the JIT; the forum's hardest 4,023-4,387/s against 5,000-5,025/s, the JIT
  4,187-4,816/s).
- The batch's workers on main (c530503): Royle's lines never load the JIT kernel there, in
  any process (each chunk's decision logged: the numpy work stays at 0.9 s in one process
  and 0.37-0.39 s in each of 2 workers, under the second that pays for the load), so the
  extra CPU of 2 workers on main is not numba's load. What the kernel's merge did add to
  every shard of more than 1,024 lines is the probe, a second numpy call for its first
  1,024 lines (2 workers' CPU on Royle, one run at load 6: main 2.69 s, main with the
  kernel switched off 2.47 s, the tree before the merge 2.44 s). With the module compiled
  ahead of time every worker counts with the kernel from its first line, without a probe.

## How the kernel got there (issue 46, 2026-11-29, branch numba46a)

- The first prototype, cell masks (`benchmarks/sudoku_numba_cells.py` until 89ab1b9, in
  git's history; call alone in the run of 2026-11-29 at 1/4.0, 1/5.2 and 1/7.6 of tdoku on
  the three files):
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


def page(data: dict[str, dict[str, Any]], loads: dict[str, dict[str, Any]],
         agree: dict[str, dict[str, int]], same: dict[str, dict[str, int]], rounds: int) -> str:
    import numba
    import numpy as np

    cold, warm, compiled, build = (loads[k] for k in ("cold", "warm", "compiled", "build"))
    rows, even_rows = [], []
    jit_load = warm["numba_import_cpu_s"] + warm["first_call_cpu_s"]
    aot_load = compiled["load_cpu_s"] + compiled["import_cpu_s"]
    for name, best in data.items():
        rate = {who: res["puzzles"] / res["cpu_s"] for who, res in best.items()}

        def vs(who: str, rate: dict[str, float] = rate) -> str:
            return f"1/{rate['tdoku'] / rate[who]:.1f}"

        rows.append([name, best["tdoku"]["puzzles"], rate["tdoku"], rate["numpy"], vs("numpy"),
                     rate["default"], vs("default"), rate["default, JIT"], vs("default, JIT"),
                     rate["kernel"], vs("kernel"), rate["kernel, JIT"], vs("kernel, JIT"),
                     f"{rate['kernel'] / rate['numpy']:.2f}x",
                     rate["compiled call"], vs("compiled call"), rate["JIT call"],
                     vs("JIT call"), best["tdoku"]["guesses"] / best["tdoku"]["puzzles"],
                     best["compiled call"]["nodes_per_puzzle"]])
        gain = 1 / rate["numpy"] - 1 / rate["kernel"]
        even_rows.append([name, 1e6 / rate["numpy"], 1e6 / rate["kernel"], 1e6 * gain,
                          round(aot_load / gain) if gain > 0 else "never",
                          round(jit_load / gain) if gain > 0 else "never"])
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return (
        "# Sudoku batch: the compiled kernel against tdoku and the numpy path\n\n"
        f"Measured {stamp}, {os.cpu_count()} cores, load average {loads['load_start']:.1f} "
        f"at the start and {os.getloadavg()[0]:.1f} at the end (other jobs shared the "
        f"machine); numba {numba.__version__}, numpy {np.__version__}, tdoku "
        f"{tdoku_build.TDOKU_COMMIT[:7]}. `python benchmarks/sudoku_numba.py --rounds "
        f"{rounds}`.\n\n"
        f"## Rates (puzzles per CPU second, best of {rounds} interleaved runs, each in a "
        "fresh process)\n\n"
        + table(["set", "puzzles", "tdoku", "numpy path", "vs tdoku", "default", "vs tdoku",
                 "default without the compiled module (numba's JIT)", "vs tdoku", "kernel",
                 "vs tdoku", "kernel, numba's JIT", "vs tdoku", "kernel / numpy",
                 "compiled kernel call alone", "vs tdoku", "JIT kernel call alone",
                 "vs tdoku", "tdoku guesses a puzzle", "kernel branches a puzzle"], rows)
        + "\n\n*tdoku* counts solutions to two without writing one. *numpy path* and "
        "*kernel*: `solve_batch` with its records, `kernel=False` and `kernel=True` (the "
        "kernel loaded in a 20-line warm-up, outside the timing, as tdoku's build is: the "
        "module compiled ahead of time, or numba's JIT with an empty cache folder). "
        "*default*: `kernel` not passed, every load of a kernel timed (the 20-line warm-up "
        "on the numpy path, `kernel=False`): the module compiled ahead of time from the "
        "first line; without it "
        "(an empty cache folder, no compiler: the default before the module) the numpy path "
        "until the process's numpy work, spent and estimated for the rest of a chunk on its "
        "first 1,024 lines, passes a second, then numba's JIT. *Call alone*: the kernel's "
        "`count_lines` over the whole file, no records. Branches: children tried (a "
        "bivalue split is two); tdoku's guesses count one a split.\n\n"
        "## The load, and the break-even batch size\n\n"
        + table(["kernel", "import numba", "first call (load or compile)",
                 "magictour, call alone"],
                [["numba's JIT, warm cache (loads)", warm["numba_import_cpu_s"],
                  warm["first_call_cpu_s"], warm["cpu_s"]],
                 ["numba's JIT, cold cache (compiles)", cold["numba_import_cpu_s"],
                  cold["first_call_cpu_s"], cold["cpu_s"]],
                 ["compiled ahead of time (found and loaded)",
                  f"- (the loader's import {compiled['import_cpu_s']:.4f})",
                  f"{compiled['load_cpu_s']:.4f}", loads["compiled_magictour"]["cpu_s"]]])
        + f"\n\nCPU seconds. The load a process pays once: {aot_load * 1000:.1f} ms for the "
        "module compiled ahead of time (the loader's import included; numba not imported), "
        f"{jit_load:.2f} s for numba's "
        f"JIT from a warm cache. Building the module (once a user, in the background, "
        f"niced): {build['cpu_s']:.1f} s of CPU (numba's compile and the C compiler), "
        f"{build['wall_s']:.0f} s of wall at this load, {build['bytes'] / 1e6:.1f} MB.\n\n"
        + table(["set", "numpy path us a line", "kernel us a line", "saved us a line",
                 "lines that pay for the compiled module's load",
                 "lines that pay for numba's JIT load"], even_rows)
        + "\n\n## Same verdicts and answers as the numpy path (every line of every Sudoku "
        "file of the corpus, the kernel compiled ahead of time; the other files' kernel "
        "answers all checked)\n\n"
        + table(["set", "lines", "same verdict and answers", "decided by the kernel",
                 "kernel answers checked", "rejected by the rule checker"],
                [[name, a["lines"], a["same"], a["by_kernel"], a["checked"], a["rejected"]]
                 for name, a in agree.items()])
        + "\n\nThe kernel compiled ahead of time against numba's JIT, `count_lines` on every "
        "line: the same status, answer and branches on "
        + "; ".join(f"{v['same']:,} of {v['lines']:,} lines of {name}"
                    for name, v in same.items())
        + ".\n\n" + NOTES)


def loads_measured() -> dict[str, Any]:
    """numba's import and the JIT kernel's load (warm and cold numba cache), the compiled
    module's load, and its build into an empty cache folder."""
    magictour = CORPUS / "sudoku" / "magictour_top1465.txt"
    loads: dict[str, Any] = {"load_start": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as cache:
        loads["build"] = in_a_process(BUILD, env={"PENCILSAT_CACHE_DIR": cache})
        assert loads["build"]["ok"]
    with tempfile.TemporaryDirectory() as cache:
        loads["cold"] = kernel_call(magictour, cache)
    loads["warm"] = kernel_call(magictour)
    loads["compiled_magictour"] = in_a_process(COMPILED_CALL, magictour)
    loads["compiled"] = min((in_a_process(COMPILED_CALL, magictour) for _ in range(5)),
                            key=lambda r: r["load_cpu_s"])
    return loads


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--tdoku", metavar="GIT", help="clone, mirror or URL of t-dillon/tdoku")
    args = ap.parse_args()
    tdoku_build.build(args.tdoku)
    sys.path.insert(0, str(REPO / "src"))
    from pencilsat.strategies import sudoku_kernel_cache as cache

    target = cache.module_path()  # the user's module, built first unless it is there
    if not os.path.isfile(target):
        subprocess.run(cache.build_command(target), env=cache.build_env(), check=True)
    loads = loads_measured()
    data = measure(args.rounds)
    agree = {name: agreement(CORPUS / "sudoku" / name) for name in FILES}
    agree.update((name, agreement(CORPUS / "sudoku" / name, 1)) for name in OTHER_FILES)
    same = {name: same_counts(CORPUS / "sudoku" / name) for name in FILES}
    text = page(data, loads, agree, same, args.rounds)
    (RESULTS / "sudoku_numba.md").write_text(text)
    (RESULTS / "sudoku_numba.json").write_text(json.dumps(
        {"runs": data, "loads": loads, "agreement": agree, "compiled_vs_jit": same},
        indent=1) + "\n")
    print(text)


if __name__ == "__main__":
    main()
