"""Light Up and Sudoku: corpus agreement on both backends, solve+uniqueness times, batch throughput.

Usage: ``python benchmarks/lightup_sudoku.py [--quick] [--no-puzzlekit] [--batch-only]
[--tdoku GIT] [--before OLD/src]``. Writes
``benchmarks/results/lightup_sudoku.md`` and ``.json``.

* Light Up: every Tatham and janko puzzle on the CNF backend (default strategy ``direct``) and on
  CP-SAT (``csp`` model), verdict and solution compared with the stored one; janko solve +
  uniqueness seconds per size group (target: max <= 0.2 s); the three strategies compared.
* Sudoku: every Tatham Solo puzzle on both backends; the clause sets compared.
* Sudoku batch (``pencilsat.strategies.sudoku_batch``): throughput with uniqueness on Royle's 49,158
  17-clue puzzles, magictour's top 1465 and the forum's hardest 1106 (375 lines), one process,
  one thread, with and without the numpy branching; against tdoku (C++ with SIMD, built from
  source by ``benchmarks/tdoku_build.py``) timed in the same run, each side in a fresh process
  (``--before OLD/src`` adds an older pencilsat, e.g. a checkout of main). Wall-clock and
  process CPU time are both given: on a shared machine CPU time is the fairer "one core"
  figure. ``--batch-only`` reruns this section alone and splices it into the existing page.
* puzzlekit (OR-Tools CP-SAT models, solve only, no uniqueness proof), when installed: the same
  puzzles, our time / its time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from pencilsat.puzzles import lightup, sudoku  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402
from pencilsat.strategies.sudoku_batch import solve_batch  # noqa: E402

sys.path.insert(0, str(REPO / "benchmarks"))
import tdoku_build  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
RESULTS = REPO / "benchmarks" / "results"
BATCH_FILES = ("royle_17clue.txt", "magictour_top1465.txt", "forum_hardest_1106.txt")
BATCH_IN_A_PROCESS = """
import json, sys, time
from collections import Counter
sys.path.insert(0, sys.argv[1])
from pencilsat.strategies.sudoku_batch import solve_batch
if "glibc-defaults" in sys.argv[3:]:  # the batch's mallopt call made a no-op
    from pencilsat.strategies import sudoku_singles
    sudoku_singles.keep_freed_memory = lambda: None
options = {"kernel": True} if "kernel" in sys.argv[3:] else {}
options = {"kernel": False} if "numpy" in sys.argv[3:] else options
warm_up = {"kernel": False} if "numpy-warm-up" in sys.argv[3:] else options
lines = open(sys.argv[2]).read().splitlines()
cpu = time.process_time()
for _ in solve_batch(lines[:20], **warm_up):  # imports, tables (and the kernel's load)
    pass  # outside the timing, as tdoku's build
warm_up = time.process_time() - cpu
verdicts = Counter()
cpu = time.process_time()
for rec in solve_batch(lines, **options):
    verdicts[rec["verdict"]] += 1
print(json.dumps({"puzzles": len(lines), "verdicts": verdicts,
                  "cpu_s": time.process_time() - cpu, "warm_up_cpu_s": warm_up}))
"""


def table(header: list[str], rows: list[list[Any]]) -> str:
    def cell(v: Any) -> str:
        if isinstance(v, float):
            return f"{v:.3f}" if v < 100 else f"{v:,.0f}"
        return f"{v:,}" if isinstance(v, int) else str(v)

    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(out + ["| " + " | ".join(cell(v) for v in r) + " |" for r in rows])


def lightup_pairs(folder: str) -> list[tuple[Path, Path]]:
    return [(t, t.with_suffix(".sol")) for t in sorted((CORPUS / folder).rglob("*.txt"))
            if t.with_suffix(".sol").exists()]


def timed_solve(puzzle: Any, **options: Any) -> tuple[Any, float]:
    t = time.perf_counter()
    r = solve(puzzle, **options)
    return r, time.perf_counter() - t


def size_group(cells: int) -> str:
    for limit, name in ((100, "<= 10x10"), (400, "<= 20x20"), (1000, "<= 1000 cells"),
                        (2500, "<= 50x50")):
        if cells <= limit:
            return name
    return "> 2500 cells (50x80, 100x100)"


# ------------------------------------------------------------------ Light Up

def bench_lightup(step: int) -> tuple[str, dict[str, Any]]:
    tatham = lightup_pairs("lightup/tatham")[::step]
    janko = lightup_pairs("lightup/janko")[::step]
    agreement_rows, data = [], {"agreement": {}, "janko_groups": {}, "strategies": {}}
    janko_times: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for backend in ("cnf", "cpsat"):
        for name, pairs in (("tatham", tatham), ("janko", janko)):
            counts: Counter[str] = Counter()
            bad: list[str] = []
            total = 0.0
            for txt, sol in pairs:
                p = lightup.parse_puzzle(txt.read_text())
                expected = lightup.parse_solution(sol.read_text())
                r, dt = timed_solve(p, backend=backend)
                total += dt
                counts[r.verdict.value] += 1
                if r.verdict != "unique" or r.solution != expected:
                    bad.append(f"{txt.name}: {r.verdict.value}")
                if backend == "cnf" and name == "janko":
                    janko_times[size_group(p.width * p.height)].append((dt, txt.name))
            agreement_rows.append([name, backend, len(pairs), counts["unique"],
                                   len(pairs) - len(bad), total, ", ".join(bad[:5]) or "-"])
            data["agreement"][f"{name}/{backend}"] = {
                "puzzles": len(pairs), "verdicts": dict(counts), "disagreements": bad,
                "total_s": total}
            print("lightup", name, backend, dict(counts), len(bad), f"{total:.1f}s", flush=True)
    group_rows = []
    for group in sorted(janko_times, key=lambda g: max(t for t, _ in janko_times[g])):
        ts = janko_times[group]
        worst = max(ts)
        group_rows.append([group, len(ts), statistics.median(t for t, _ in ts), worst[0],
                           worst[1]])
        data["janko_groups"][group] = {"puzzles": len(ts),
                                       "median_s": statistics.median(t for t, _ in ts),
                                       "max_s": worst[0], "max_puzzle": worst[1]}
    # strategies on the same subset
    subset = tatham[::2] + janko[::10]
    strat_rows = []
    for encoding, backend in (("direct", "cnf"), ("csp", "cnf"), ("card", "cnf"),
                              ("csp", "cpsat"), ("card", "cpsat")):
        times, enc_s, clauses = [], 0.0, 0
        for txt, _ in subset:
            p = lightup.parse_puzzle(txt.read_text())
            r, dt = timed_solve(p, encoding=encoding, backend=backend)
            assert r.verdict == "unique", (txt, r.verdict)
            times.append(dt)
            enc_s += r.stats.encode_s or 0.0
            clauses += r.stats.clauses or 0
        strat_rows.append([encoding, backend, len(subset), sum(times), enc_s,
                           sum(times) - enc_s, max(times), clauses // len(subset)])
        data["strategies"][f"{encoding}/{backend}"] = {
            "puzzles": len(subset), "total_s": sum(times), "encode_s": enc_s,
            "max_s": max(times), "mean_clauses": clauses // len(subset)}
        print("lightup strategy", encoding, backend, f"{sum(times):.1f}s", flush=True)
    body = (
        "### Agreement with the stored solutions (default strategy per backend)\n\n"
        + table(["set", "backend", "puzzles", "unique", "unique with stored solution",
                 "total s", "disagreements"], agreement_rows)
        + "\n\n### janko Light Up, CNF backend (`direct`, CaDiCaL 1.9.5): solve + uniqueness "
          "wall seconds per puzzle, encoding included\n\n"
        + table(["size group", "puzzles", "median s", "max s", "slowest"], group_rows)
        + "\n\n### Strategies (Tatham every 2nd + janko every 10th)\n\n"
        + table(["strategy", "backend", "puzzles", "total s", "of which encode s",
                 "solve+uniqueness s", "max s", "mean clauses (CP-SAT: constraints)"],
                strat_rows)
    )
    return body, data


# ------------------------------------------------------------------ Sudoku

def tatham_sudoku(step: int) -> list[tuple[str, str]]:
    out = []
    for txt in sorted((CORPUS / "sudoku/tatham").glob("*.txt")):
        out += list(zip(txt.read_text().split(), txt.with_suffix(".sol").read_text().split(),
                        strict=True))
    return out[::step]


def bench_sudoku(step: int) -> tuple[str, dict[str, Any]]:
    items = tatham_sudoku(step)
    rows, data = [], {}
    for encoding, backend in (("direct", "cnf"), ("extended", "cnf"), ("minimal", "cnf"),
                              ("extended", "cpsat"), ("minimal", "cpsat")):
        counts: Counter[str] = Counter()
        bad, times, conflicts, enc_s = 0, [], 0, 0.0
        for line, sol in items:
            r, dt = timed_solve(sudoku.parse_line(line), encoding=encoding, backend=backend)
            counts[r.verdict.value] += 1
            bad += r.verdict != "unique" or sudoku.format_line(r.solution.grid) != sol
            times.append(dt)
            conflicts += r.stats.conflicts or 0
            enc_s += r.stats.encode_s or 0.0
        rows.append([encoding, backend, len(items), len(items) - bad, sum(times), enc_s,
                     max(times), conflicts if backend == "cnf" else "-"])
        data[f"{encoding}/{backend}"] = {"puzzles": len(items), "verdicts": dict(counts),
                                         "disagreements": bad, "total_s": sum(times),
                                         "encode_s": enc_s, "max_s": max(times),
                                         "conflicts": conflicts}
        print("sudoku", encoding, backend, dict(counts), bad, f"{sum(times):.1f}s", flush=True)
    body = ("### Tatham Solo (all six levels): agreement and clause sets\n\n"
            + table(["strategy", "backend", "puzzles", "unique with stored solution",
                     "total s", "of which encode s", "max s", "conflicts (CNF)"], rows))
    return body, data


def run_batch_timed(lines: list[str], **options: Any) -> dict[str, Any]:
    counts: Counter[str] = Counter()
    by: Counter[str] = Counter()
    cpu, wall = time.process_time(), time.perf_counter()
    for rec in solve_batch(lines, **options):
        counts[rec["verdict"]] += 1
        by[rec.get("stats", {}).get("decided_by", "-")] += 1
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"puzzles": len(lines), "verdicts": dict(counts), "decided_by": dict(by),
            "wall_s": wall, "cpu_s": cpu, "per_s_wall": len(lines) / wall,
            "per_s_cpu": len(lines) / cpu}


def pencilsat_in_a_process(src: Path, lines_file: Path, glibc_defaults: bool = False,
                           kernel: bool | None = None, env: dict[str, str] | None = None,
                           numpy_warm_up: bool = False) -> dict[str, Any]:
    """``solve_batch`` of the pencilsat in ``src`` on a file, in a fresh process: verdict
    counts and the CPU seconds of the batch (imports and a 20-line warm-up excluded; the
    warm-up's own in ``warm_up_cpu_s``). ``glibc_defaults``: without
    ``sudoku_singles.keep_freed_memory``'s mallopt call; ``kernel``: ``solve_batch``'s option
    (``None``: not passed, as an older tree has none; ``True``: the compiled kernel, loaded
    in the warm-up); ``env``: variables set for the process; ``numpy_warm_up``: the warm-up
    on the numpy path (``kernel=False``), so that the kernel's load is inside the timing."""
    args = [sys.executable, "-c", BATCH_IN_A_PROCESS, str(src), str(lines_file)]
    args += ["glibc-defaults"] if glibc_defaults else []
    args += [] if kernel is None else ["kernel" if kernel else "numpy"]
    args += ["numpy-warm-up"] if numpy_warm_up else []
    out = subprocess.run(args, check=True, capture_output=True, text=True,
                         env=None if env is None else {**os.environ, **env}).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def kernel_installed() -> bool:
    """Whether numba is there for the compiled kernel's column."""
    import importlib.util

    return importlib.util.find_spec("numba") is not None


def describe(src: Path | None) -> str:
    """An older pencilsat's ``src`` folder with its commit, when it is in a git checkout."""
    if src is None:
        return "-"
    head = subprocess.run(["git", "-C", str(src), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True)
    return f"commit {head.stdout.strip()} ({src})" if head.returncode == 0 else str(src)


def bench_tdoku(quick: bool, before: Path | None, tdoku_git: str | None,
                repeats: int = 2) -> tuple[str, dict[str, Any]]:
    """pencilsat (now, and ``before``) against tdoku, interleaved, best of ``repeats``."""
    tdoku_build.build(tdoku_git)
    rows, data = [], {}
    for name in BATCH_FILES:
        path = CORPUS / "sudoku" / name
        if quick:
            lines = path.read_text().splitlines()
            path = RESULTS / f".quick_{name}"
            path.write_text("\n".join(lines[:3000]) + "\n")
        best: dict[str, dict[str, Any]] = {}
        for _ in range(repeats):
            for who in ("tdoku", "tdoku+solution", "now", "now-kernel", "now-glibc", "before"):
                if who == "before" and before is None:
                    continue
                if who == "now-kernel" and not kernel_installed():
                    continue
                if who.startswith("tdoku"):
                    res = tdoku_build.run(path, solve=who != "tdoku")
                else:
                    res = pencilsat_in_a_process(
                        before if who == "before" else REPO / "src", path,
                        glibc_defaults=who == "now-glibc",
                        kernel=True if who == "now-kernel" else None)
                if who not in best or res["cpu_s"] < best[who]["cpu_s"]:
                    best[who] = res
        if quick:
            path.unlink()
        rate = {who: res["puzzles"] / res["cpu_s"] for who, res in best.items()}
        counts = {k: best["tdoku"][k] for k in ("unique", "none", "multiple")
                  if best["tdoku"][k]}
        agree = all(best[who]["verdicts"] == counts for who in best if who.startswith(
            ("now", "before")))
        mallopt = f"{rate['now'] / rate['now-glibc']:.2f}x"
        row = [name, best["tdoku"]["puzzles"], json.dumps(counts), "yes" if agree else "NO",
               rate["tdoku"], rate["tdoku+solution"]]
        if before is not None:
            row += [rate["before"], f"1/{rate['tdoku'] / rate['before']:.1f}"]
        row += [rate["now"], f"1/{rate['tdoku'] / rate['now']:.1f}"]
        if before is not None:
            row.append(f"{rate['now'] / rate['before']:.2f}x")
        if "now-kernel" in rate:
            row += [rate["now-kernel"], f"1/{rate['tdoku'] / rate['now-kernel']:.1f}"]
        row += [rate["now-glibc"], mallopt]
        rows.append(row)
        data[name] = {"runs": best, "per_s_cpu": rate, "verdicts_agree": agree}
        print("tdoku", name, rate, flush=True)
    header = ["set", "puzzles", "tdoku verdicts (solutions counted to 2)",
              "pencilsat verdicts the same", "tdoku /s CPU",
              "tdoku with the solution /s CPU"]
    if before is not None:
        header += ["pencilsat before /s CPU", "before vs tdoku"]
    header += ["pencilsat now /s CPU", "now vs tdoku"]
    if before is not None:
        header.append("now / before")
    if kernel_installed():
        header += ["now, compiled kernel /s CPU", "kernel vs tdoku"]
    header += ["now with glibc's malloc defaults /s CPU", "mallopt gives"]
    body = (f"### Against tdoku, same run (best of {repeats} interleaved runs each, each in "
            "a fresh process; CPU seconds of the solving loop, reading and imports excluded)"
            "\n\n" + table(header, rows)
            + "\n\ntdoku " + tdoku_build.TDOKU_COMMIT[:7] + " built by "
            "`benchmarks/tdoku_build.py` (`-O3 -march=native`); its rate counts solutions up "
            "to two (the uniqueness proof), without writing the solution; pencilsat's also "
            "returns the solution. \"before\": " + describe(before) + ". \"now\": "
            "`solve_batch`'s default (the numba kernel once the process's numpy work passes "
            "a second, its load then inside the timing); \"compiled kernel\": "
            "`kernel=True`, loaded in the warm-up (`benchmarks/results/sudoku_numba.md`). "
            "\"glibc's "
            "malloc defaults\": the same code with `sudoku_singles.keep_freed_memory` (its "
            "mallopt call) made a no-op, so each round's temporaries are mmapped and "
            "page-faulted anew.")
    return body, data


def bench_floor(quick: bool, tdoku: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Where the numpy path's floor is: one round of ``sudoku_singles._round`` (naked and
    hidden singles, locked candidates) timed alone at several batch sizes, and per file the
    rounds and branches a puzzle costs (rate ~ 1 / (rounds per puzzle x cost of a round)),
    with the cost of a round 1/4 of tdoku's rate (``tdoku``: :func:`bench_tdoku`'s data)
    would allow."""
    import numpy as np

    from pencilsat.strategies import sudoku_branching as B
    from pencilsat.strategies import sudoku_singles as S

    S.keep_freed_memory()  # as solve_batch does: else large rounds page-fault anew
    royle = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()
    size_rows: list[list[Any]] = []
    data: dict[str, Any] = {"round": {}, "files": {}}
    for b in (256, 1024, 4096, 16384):
        _, cand = S.singles(S.candidates(royle[:b]), max_rounds=2)  # a typical mid state
        c = np.ascontiguousarray(cand.T)
        row: list[Any] = [b]
        for locked in (False, True):
            reps, best = max(3, 40_000 // b), float("inf")
            for _ in range(3):
                t = time.process_time()
                for _ in range(reps):
                    S._round(c, locked)
                best = min(best, (time.process_time() - t) / reps)
            row += [best * 1e6, best / b * 1e9]
            data["round"][f"{b}/{'locked' if locked else 'singles'}"] = best
        size_rows.append(row)
    file_rows = []
    counted = {"puzzle_rounds": 0, "rounds": 0, "branch_rows": 0}
    real_round, real_children = B._round, B._children

    def counting_round(c: Any, locked: bool) -> Any:
        counted["puzzle_rounds"] += c.shape[1]
        counted["rounds"] += 1
        return real_round(c, locked)

    def counting_children(mask: Any) -> Any:
        digit, origin = real_children(mask)
        counted["branch_rows"] += len(origin)
        return digit, origin

    for name in BATCH_FILES:
        lines = (CORPUS / "sudoku" / name).read_text().splitlines()[:3000 if quick else None]
        counted.update(puzzle_rounds=0, rounds=0, branch_rows=0)
        B._round, B._children = counting_round, counting_children
        try:
            cpu = time.process_time()
            for _ in solve_batch(lines):
                pass
            cpu = time.process_time() - cpu
        finally:
            B._round, B._children = real_round, real_children
        n = len(lines)
        branches = counted["branch_rows"] / n  # children made by splits
        quarter = tdoku[name]["per_s_cpu"]["tdoku"] / 4
        file_rows.append([name, n, branches, counted["puzzle_rounds"] / n, counted["rounds"],
                          cpu / counted["puzzle_rounds"] * 1e9, n / cpu, cpu / n * 1e6,
                          1e6 / quarter, 1e9 / (quarter * counted["puzzle_rounds"] / n)])
        data["files"][name] = {**counted, "puzzles": n, "cpu_s": cpu}
    body = ("### Where the floor is (numpy path)\n\n"
            "One round (naked + hidden singles, then locked candidates) over B puzzles at "
            "once, CPU, best of 3:\n\n"
            + table(["B puzzles", "singles only: us per round", "ns per puzzle-round",
                     "with locked candidates: us per round", "ns per puzzle-round"],
                    size_rows)
            + "\n\nPer file, through `solve_batch` (counters around the numpy calls):\n\n"
            + table(["set", "puzzles", "branches per puzzle", "puzzle-rounds per puzzle",
                     "numpy rounds (one per lane)", "CPU ns per puzzle-round, all included",
                     "puzzles/s CPU", "us per puzzle", "us per puzzle at 1/4 of tdoku",
                     "ns per puzzle-round 1/4 of tdoku would allow, same rounds"], file_rows)
            + "\n\nBranches are the children splits make (a split on a cell of k candidates "
            "makes k); singles and branching run in one loop of rounds "
            "(`sudoku_branching.decide`), so a numpy round serves every open branch of every "
            "puzzle of the chunk.")
    return body, data


ISSUE_46_NOTES = """### What was tried for issue 46 (measured 2026-11-29, not rerun by this script)

Branch and round counts are exact (they do not depend on the load); rates are interleaved A/B
runs in fresh processes on the loaded machine.

* **Kept: one loop of rounds for singles and branching** (`sudoku_branching.decide`): a
  puzzle whose round fills no cell is split at once and its children join the next round,
  instead of a level-by-level search where every level waits for its slowest branch. Numpy
  rounds 123 -> 30 (magictour), 152 -> 36 (forum), 460 -> 109 (Royle), the same
  puzzle-rounds and branches: each round's fixed cost (~0.3 ms) is paid a quarter as often.
* **Kept: no confirmation round**: a round that fills no cell ends the puzzle's singles
  (before: a round that changes nothing). Puzzle-rounds per puzzle 68.8 -> 64.1 (magictour),
  710 -> 651 (forum), 13.5 -> 13.3 (Royle); branches within 2%.
* **Kept: the branch cell in uint8** (same cells; it was a quarter of the forum's time),
  the first least score by a min over `score << 7 | cell` (argmin along the cell axis costs
  ~0.7 us a column), and the stalled, completed and split columns taken by `np.compress`
  instead of fancy indexing along the puzzle axis (forum +17%, magictour +8%).
* **Not kept: naked pairs per house** after each round (prototype: 36 pairwise comparisons
  per house kind). It cuts puzzle-rounds per puzzle 64.1 -> 50.0 (magictour), 651 -> 585
  (forum), 13.3 -> 11.1 (Royle) and branches 21.2 -> 17.7, 262 -> 255, 1.49 -> 1.15, but
  the prototype halved the rate (magictour 10,500 -> 4,600/s, forum 1,040 -> 455/s): in
  numpy it costs more than a round of singles and locked candidates together. The hidden
  singles' accumulation (72 small calls) is ~18% of a round; per-digit counts through a
  uint64 lookup and sums cost more (4x the bytes).
* **Not kept: a second naked-singles pass in each round** (after locked candidates): puzzle-rounds
  per puzzle 64.1 -> 56.2 (magictour), 651 -> 592 (forum), 13.3 -> 11.4 (Royle), branches
  the same, but the prototype was slower (magictour 10,200 -> 9,200/s, forum 1,060 -> 930/s,
  Royle 48,300 -> 44,600/s): the pass costs ~14 calls over the masks, about a quarter of a
  round, for 9-14% fewer puzzle-rounds.
* **Locked candidates** stay: without them magictour drops 9,400 -> 3,100/s, forum 920 ->
  500/s, Royle 40,000 -> 16,200/s.
* **Bivalue cells first** (branch weight 6, 10, 30 instead of 4): forum 262 -> 273, 279,
  279 branches per puzzle, magictour unchanged: the current score stays.
* **mallopt** (`sudoku_singles.keep_freed_memory`): kept, see "mallopt gives" above. The
  pure-numpy alternative (every temporary of a round, ~60 calls, written through `out=`
  into buffers kept across rounds) was not done; without it glibc mmaps and page-faults
  each round's multi-megabyte temporaries anew.
* **Kept (second pass): lanes** (`sudoku_branching.LANE`): the rounds run lane by lane, each
  lane the branches of whole puzzles, cut in two past 8,192 columns and joined with its
  neighbour under 4,096. A round alone costs 450 ns a column at 2,048-4,096 columns, 513 at
  8,192, 634 at 16,384 (the forum's rounds averaged 14,800 columns, weighted by columns;
  Royle's chunks 16,384). Whole puzzles per lane keep every answer the same (a test cuts
  lanes at 48 columns and compares).
* **Kept: one take per round** for the columns that stay and the children (their parent
  columns), the children's digits then written in: it replaces a compress of the moving
  columns, one per digit of the split ones and a concatenation. A gather along the puzzle
  axis of (81, B) uint16 masks costs ~2 ns an element (~10x an elementwise pass), so each
  avoided copy counts. With the lanes: forum +25-40%, magictour +8%, Royle +5-11% against
  the code before (interleaved, fresh processes; the table above: 1.40x, 1.08x, 1.11x).
* **Kept: initial masks by one table lookup** (`candidates_of`): 16 instead of 69 ms a
  chunk of 16,384 lines (~3 us a Royle puzzle of ~15).
* **Not kept: children in place** (the first child of a split takes its column's place,
  dropped columns are filled from the end: only moved columns are copied): decide alone,
  best of 3 alternating processes, magictour 19,800 -> 20,000/s, forum 2,000 -> 1,930/s,
  Royle 104,700 -> 109,700/s (within the noise), and a multiple's two answers would then
  have to be ordered by content instead of column order (other answers than today's).
* **Not kept: locked candidates before hidden singles**: puzzle-rounds 64.1 -> 71.6
  (magictour), 651 -> 680 (forum), 12.4 -> 13.6 (Royle's first 16,384): after hidden
  singles they also spread the digits those just placed over most of their peers.
* **Not kept: a contradiction check after locked candidates** (every house still holds every
  digit): puzzle-rounds -2% (magictour), -4% (forum), -1% (Royle), rate -18%, -22%, -23%.
* **Not kept: other branch scores**: open peers counted as bivalue peers only: magictour
  21.2 -> 24.9 branches, forum 262 -> 385; weight 2, 3, 5 instead of 4: forum 245, 255, 270
  branches, magictour 23.3, 21.5, 21.2, Royle (first 16,384) 1.59, 1.27, 1.15 (4: 1.16).
  Which branch a count-to-two search takes first does not matter on these files: every
  puzzle is unique, so every branch is searched to its end.
* **Not kept: hidden singles' accumulation over one (9, 27, B) gather** (24 calls instead of
  72, three times the bytes): a round over 512 columns 340 -> 304 us, over 4,096 1,890 ->
  2,026 us.
* **Floor of the hard files, first pass** (two runs of `--batch-only` at 16:17 and 16:20 UTC, load
  11-14; the tables above are the second): tdoku searches about as many nodes (magictour:
  ~9 guesses; here 21.2 children from ~10.5 splits), but a node costs here ~2.9
  puzzle-rounds (a child's rounds until it stalls, dies or completes: 64.1 puzzle-rounds
  for 22.2 nodes a magictour puzzle, 651 for 263 on the forum's) at 0.85-1.24 us each all
  included (magictour; forum 0.76-0.81), of which the round alone is ~68% of the CPU
  (locked candidates 19%; about 50 elementwise passes over the masks), the takes and
  compresses ~12%, the branch cell ~7%, the rest bookkeeping and the per-call costs of
  ~150 numpy calls a lane-round. 1/4 of tdoku allows 616-723 ns a puzzle-round at today's
  rounds (forum 527-558): 28-42% less than now, more than everything outside the round;
  or, at today's cost, 28-31% fewer puzzle-rounds (46 instead of 64 a magictour puzzle,
  450 instead of 651 on the forum's), from stronger reasoning that costs less than the
  rounds it saves (none of the tried ones did).

Third pass (branch sudokubatch46s; counts exact, from `decide`'s counters; rates of `decide`
alone, base and new interleaved in one process, 30 alternations, load 6-8; "before" = main
at fb3c19c):

* **Kept: a child's digit placed with the table `_PLACING`** (`sudoku_branching`): the
  child's column is ANDed with a mask that holds the digit at the cell and removes it from
  the 20 peers, so the child's first round already places the singles that leaves.
  Puzzle-rounds per puzzle 64.1 -> 59.4 (magictour), 651 -> 607 (forum), 13.3 -> 12.9
  (Royle); branches within 0.2%. About 80 ns a child (a gather of 81 table entries; the
  same through 20 peer indices costs 240 ns).
* **Kept: bivalue peers weigh a quarter more in the branch score** (`BIVALUE_SHARE`:
  candidates x 16 - 4 x open peers - bivalue peers, still uint8, one more add): branches
  21.2 -> 20.1 (magictour), 262 -> 256 (forum), 1.49 -> 1.38 (Royle); puzzle-rounds 59.4 ->
  56.8, 607 -> 593, 12.9 -> 12.7. The lexicographic tie-break (bivalue peers only among equal
  scores) gives the same within 1%; bivalue peers as a penalty, trivalue peers either way and
  the peers' candidate total do worse or nothing.
* With both (and completed grids checked by views instead of a (27, 9, D) gather, lane takes
  with `mode="clip"`, -8% a take): `decide` in one process 1.09-1.12x the base on magictour,
  1.01-1.07x on the forum's, 1.02-1.09x on Royle. `solve_batch` in fresh processes, now and
  before alternated 12 times (`python benchmarks/sudoku_batch_alternate.py --before OLD/src`;
  8 times on Royle), load 7.1-8.0, two runs: magictour medians 1.05x and 1.13x (maxima 1.07x,
  1.05x; median pairs 1.13x, 1.09x), forum 1.10x and 1.01x (1.04x, 1.03x; 1.13x, 1.01x),
  Royle 0.92x (maxima 1.02x, median pair 0.99x). The
  best-of-2 table above cannot resolve this: its two runs on this code gave now / before
  1.01x, 1.01x, 1.04x (19:22 UTC) and 0.95x, 0.89x, 0.99x (19:35 UTC, the one shown) for
  Royle, magictour and the forum's. The outputs of the three files are the same (md5 of the
  JSON lines without their times); the two answers of a multiple can differ from main's (the
  rounds in which grids complete move), both still checked.
* **Branch choice, what it could give**: a one-round lookahead over every bivalue cell of a
  stalled branch (both children run a round; the cell whose children keep the fewest
  candidates, a dead child counting 0) cuts branches 21.2 -> 12.6 and puzzle-rounds 59.4 ->
  36.7 (magictour), 262 -> 181 and 607 -> 410 (forum), not counting the lookahead's own ~2
  rounds per bivalue cell and split. Limited to the 2, 3 or 5 best cells by the score (the
  chosen pair's round reused) the total column-rounds are 64.5, 72.4, 92.9 (magictour) and
  680, 798, 1,074 (forum) against 59.4 and 607: not kept.
* **Not kept: a score counting the digits the cell shares with its peers** (score x 8 - 16 x
  shared digits with bivalue peers - 4 x shared digits with other open peers): magictour
  51.3, forum 483 puzzle-rounds (against 56.8, 593; 17.8 and 202 branches). In numpy it
  needs per-digit peer counts; restricted to the 3 cells of least score (their 20 peers
  gathered, a 512 x 512 table of shared digits x weight) it keeps 51.4 and 515, but costs
  ~780 ns a split column (peer gather 217, index arithmetic 100, sum over 20 67, three
  mins 78, table 44; ~400 ns at best rearranged), about what the rounds it saves cost:
  `decide` 1.03x and 1.00x the base in its run (without it 1.09-1.12x and 1.01-1.07x).
  With 2 cells, arranged for the gather (flat indices, the sum along the first axis): 53.3
  and 540 puzzle-rounds at ~250 ns a split column, `decide` 0.93-0.97x (magictour) and
  0.95-1.07x (forum) the kept code, 20 alternations in each order.
  Counting houses where a digit of the cell has 2 places (a hidden single in the other
  child) did worse (magictour 74, forum 950).
* **Not kept: locked candidates on the masks before hidden singles** (both from the same
  masks, so they could share the minirow and minicolumn ORs): puzzle-rounds 59.4 -> 69.7
  (magictour), 607 -> 689 (forum).
* **Not kept: locked candidates every other round** (a round without them costs ~73%; a
  branch stalls only after a full round): column-rounds magictour 38.8 full + 40.8 light
  (68.6 full-round equivalents against 59.4), forum 436 + 400 (728 against 607).
* **Not kept: no clash check in the rounds** (the house sums, ~3 of the ~49 passes of a
  round; a completed grid is still checked): puzzle-rounds +4% (magictour 61.9), +3% (forum
  625), branches 22.3 and 272.
* **Not kept: one pass less here and there** (naked singles as an AND of inverted house
  ORs, the hidden singles' select by a multiply, dead cells from the OR of `c3 - 1`): the
  round alone 506 -> 510 ns a column (no change). A round is ~49 passes over the (81, B)
  uint16 masks at ~10-12.5 ns a column each at 4,096 columns; `np.bitwise_count` costs 1.2
  ns an element (96 ns a column, 8 passes' worth), `np.where` 4-18x a bit-trick pass, a
  transpose 0.6-1.1 ns an element, so none of them replaces the bit tricks.
* **Floor now** (the run at 19:22 UTC, load 7.6): magictour 56.8 puzzle-rounds a puzzle at
  920 ns each all included (52 us a puzzle; 1/4 of tdoku allowed 39 us), the forum's 593 at
  854 ns (506 us; 369 allowed): 1/4 needs 25-27% less, 688 and 623 ns a puzzle-round at
  today's rounds or 42 and 432 puzzle-rounds at today's cost. In the run shown (19:35 UTC,
  load 7.7) magictour needed 38% less (1,209 ns a puzzle-round), the forum's 9% (tdoku itself
  ran at 7,590/s there, against 10,828/s before): the distance moved by 13-18 points.
  The rounds are ~64% of the CPU (in-cache passes, bound by bytes, not calls); the lookahead
  above shows the search could use ~35% fewer rounds; the kept score takes a tenth of that,
  the per-digit score a third to two thirds, at a cost in numpy gathers equal to its saving."""


def bench_batch(quick: bool, before: Path | None = None,
                tdoku_git: str | None = None) -> tuple[str, dict[str, Any]]:
    tdoku_body, tdoku_data = bench_tdoku(quick, before, tdoku_git)
    floor_body, floor_data = bench_floor(quick, tdoku_data)
    rows, data = [], {"tdoku": tdoku_data, "floor": floor_data}
    for name in BATCH_FILES:
        lines = (CORPUS / "sudoku" / name).read_text().splitlines()
        if quick:
            lines = lines[:3000]
        tdoku_rate = tdoku_data[name]["per_s_cpu"]["tdoku"]
        for label, options in (("", {}), (" (numpy branching off: SAT after singles)",
                                           {"branching": False})):
            res = run_batch_timed(lines, **options)
            data[name + ("" if not options else "/no-branching")] = res
            rows.append([name + label, res["puzzles"], json.dumps(res["verdicts"]),
                         res["decided_by"].get("singles", 0),
                         res["decided_by"].get("branching", 0),
                         res["decided_by"].get("kernel", 0),
                         res["decided_by"].get("search", 0),
                         res["wall_s"],
                         res["per_s_wall"], res["per_s_cpu"],
                         f"1/{tdoku_rate / res['per_s_cpu']:.1f}"])
            print("batch", name + label, res, flush=True)
    solver_rows = []
    royle = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()[:5000]
    for sat in ("cadical153", "cadical195", "glucose3", "glucose42", "minisat22"):
        res = run_batch_timed(royle, sat_solver=sat, branching=False)
        solver_rows.append([sat, res["per_s_wall"], res["per_s_cpu"]])
        data[f"solver/{sat}"] = res
        print("batch solver", sat, res["per_s_cpu"], flush=True)
    res = run_batch_timed(royle, singles=False, branching=False)
    solver_rows.append(["cadical153 without the numpy singles pre-filter", res["per_s_wall"],
                        res["per_s_cpu"]])
    data["no-singles"] = res
    renew_rows = []
    for renew in (250, 1000, 10**9):
        res = run_batch_timed(royle, renew=renew, branching=False)
        renew_rows.append(["never" if renew == 10**9 else renew, res["per_s_wall"],
                           res["per_s_cpu"]])
        data[f"renew/{renew}"] = res
    body = (tdoku_body + "\n\n" + floor_body + "\n\n" + ISSUE_46_NOTES
            + "\n\n### Sudoku batch with uniqueness (one process, one thread, "
            "default CaDiCaL 1.5.3)"
            "\n\n" + table(["set", "puzzles", "verdicts", "decided by numpy singles",
                            "decided by numpy branching",
                            "decided by the numba kernel (the default once numpy work "
                            "in this process passed a second)", "decided by SAT search",
                            "wall s", "puzzles/s wall", "puzzles/s CPU",
                            "vs tdoku (CPU, this run)"], rows)
            + "\n\n### SAT solver for the batch (first 5,000 of Royle, numpy branching off)\n\n"
            + table(["PySAT solver", "puzzles/s wall", "puzzles/s CPU"], solver_rows)
            + "\n\n### Rebuilding the solver every N puzzles (first 5,000 of Royle, numpy "
            "branching off)\n\n"
            + table(["renew every", "puzzles/s wall", "puzzles/s CPU"], renew_rows))
    return body, data


# ------------------------------------------------------------------ puzzlekit

def bench_puzzlekit(step: int) -> tuple[str, dict[str, Any]]:
    try:
        import puzzlekit
    except ImportError:
        return ("puzzlekit is not installed (`pip install puzzlekit`): no comparison.",
                {"installed": False})
    version = getattr(puzzlekit, "__version__", "?")
    rows, data = [], {"installed": True, "version": version}

    def pk_sudoku(line: str) -> str:
        grid = "\n".join(" ".join("-" if ch in ".0" else ch for ch in line[r * 9:r * 9 + 9])
                         for r in range(9))
        res = puzzlekit.solve(f"9 9\n{grid}", "sudoku")
        return "".join(str(res.sol_grid).split()[2:])  # "9 9" header, then the digits

    def pk_lightup(p: lightup.LightUpPuzzle) -> Any:
        rows_ = lightup.puzzle_rows(p)
        grid = "\n".join(" ".join({".": "-", "#": "x"}.get(ch, ch) for ch in row)
                         for row in rows_)
        return puzzlekit.solve(f"{p.height} {p.width}\n{grid}", "akari")

    pk_sudoku("." * 81)  # warm-up: first call imports OR-Tools
    sets = {
        "sudoku royle_17clue (every 100th)":
            (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()[::100 * step],
        "sudoku magictour_top1465 (every 5th)":
            (CORPUS / "sudoku/magictour_top1465.txt").read_text().splitlines()[::5 * step],
    }
    for name, lines in sets.items():
        t = time.perf_counter()
        answers = [pk_sudoku(line) for line in lines]
        theirs = time.perf_counter() - t
        t = time.perf_counter()
        ours = [sudoku.format_line(solve(sudoku.parse_line(line)).solution.grid)
                for line in lines]
        ours_front = time.perf_counter() - t
        agree = sum(a == b for a, b in zip(answers, ours, strict=True))
        t = time.perf_counter()
        for _ in solve_batch(lines):
            pass
        ours_batch = time.perf_counter() - t
        rows.append([name, len(lines), agree, theirs, ours_front, ours_batch,
                     f"{theirs / ours_front:.1f}x", f"{theirs / ours_batch:.0f}x"])
        data[name] = {"puzzles": len(lines), "same_solution": agree,
                      "puzzlekit_s": theirs, "ours_front_s": ours_front,
                      "ours_batch_s": ours_batch}
        print("puzzlekit", name, data[name], flush=True)
    janko = lightup_pairs("lightup/janko")[::10 * step]
    puzzles = [lightup.parse_puzzle(t.read_text()) for t, _ in janko]
    t = time.perf_counter()
    for p in puzzles:
        pk_lightup(p)
    theirs = time.perf_counter() - t
    t = time.perf_counter()
    for p in puzzles:
        solve(p)
    ours = time.perf_counter() - t
    rows.append(["Light Up janko (every 10th)", len(puzzles), "-", theirs, ours, "-",
                 f"{theirs / ours:.1f}x", "-"])
    data["lightup janko"] = {"puzzles": len(puzzles), "puzzlekit_s": theirs, "ours_front_s": ours}
    print("puzzlekit lightup", data["lightup janko"], flush=True)
    body = (f"puzzlekit {version} (CP-SAT models; it solves only, it does not prove "
            "uniqueness) against pencilsat (solve + uniqueness proof), wall seconds for the "
            "whole set, in the same process.\n\n"
            + table(["set", "puzzles", "same solution", "puzzlekit s", "pencilsat front s",
                     "pencilsat batch s",
                     "speed-up (front)", "speed-up (batch)"], rows))
    return body, data


def splice_batch(body: str, d: dict[str, Any], quick: bool) -> None:
    """Replace the Sudoku batch section of the existing page (and its JSON) by a new run."""
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    section = (f"## Sudoku batch\n\nThis section rerun alone {stamp} "
               f"(`python benchmarks/lightup_sudoku.py --batch-only"
               f"{' --quick' if quick else ''}`; load average {load:.1f} at the end on "
               f"{os.cpu_count()} cores: other jobs shared the machine).\n\n{body}\n")
    page = RESULTS / "lightup_sudoku.md"
    text = page.read_text()
    start = text.index("## Sudoku batch\n")
    end = text.find("\n## ", start + 1)
    page.write_text(text[:start] + section + ("" if end < 0 else text[end:]))
    data_file = RESULTS / "lightup_sudoku.json"
    data = json.loads(data_file.read_text())
    data["Sudoku batch"] = d
    data_file.write_text(json.dumps(data, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="every 10th puzzle (smoke run)")
    ap.add_argument("--no-puzzlekit", action="store_true")
    ap.add_argument("--batch-only", action="store_true",
                    help="rerun the Sudoku batch section alone, into the existing page")
    ap.add_argument("--tdoku", metavar="GIT", help="clone, mirror or URL of t-dillon/tdoku "
                    "(default GitHub; needed once, for the build)")
    ap.add_argument("--before", metavar="OLD/src", type=Path,
                    help="the src folder of an older pencilsat to time against tdoku too")
    args = ap.parse_args()
    if args.batch_only:
        body, d = bench_batch(args.quick, args.before, args.tdoku)
        splice_batch(body, d, args.quick)
        return
    step = 10 if args.quick else 1
    started = time.perf_counter()
    parts, data = [], {}
    for title, fn in (("Light Up", lambda: bench_lightup(step)),
                      ("Sudoku", lambda: bench_sudoku(step)),
                      ("Sudoku batch", lambda: bench_batch(args.quick, args.before,
                                                           args.tdoku))):
        body, d = fn()
        parts.append(f"## {title}\n\n{body}")
        data[title] = d
    if not args.no_puzzlekit:
        body, d = bench_puzzlekit(step)
        parts.append(f"## Comparison with puzzlekit\n\n{body}")
        data["puzzlekit"] = d
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    head = (f"# Light Up and Sudoku\n\nMeasured {stamp} on {platform.machine()}, "
            f"{os.cpu_count()} cores (load average {load:.1f} at the end: other jobs shared "
            f"the machine), Python {platform.python_version()}; "
            f"{'quick run (every 10th puzzle)' if args.quick else 'full run'}, "
            f"{time.perf_counter() - started:.0f} s.\n\n"
            "Reproduce: `python benchmarks/lightup_sudoku.py`.\n\n")
    (RESULTS / "lightup_sudoku.md").write_text(head + "\n\n".join(parts) + "\n")
    (RESULTS / "lightup_sudoku.json").write_text(json.dumps(data, indent=1) + "\n")

if __name__ == "__main__":
    main()
