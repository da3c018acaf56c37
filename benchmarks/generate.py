"""Benchmark ``pencilsat generate``: per genre, size and level, the acceptance rate and the
time per kept puzzle, each puzzle checked; Tatham's generators beside it.

For each order (genre, size, level) and seed 1..N: ``Order.make(seed)`` timed in this
process (wall time, one process, on a machine shared with other work). Each puzzle kept is
then checked, untimed: a CP-SAT strategy (not the generator's SAT trials) proves it unique
with the generator's answer, the rule checker accepts the answer, and ``pencilsat grade``'s
path (``grading.front.grade``) gives the level asked for. Acceptance = puzzles kept /
candidate chains tried (``Generated.candidates``).

Slitherlink and Nurikabe have no grader: their levels are bands of the study measures
``gup.up_open`` and ``rules_open`` (``generators.study_measure``), and the check is that the
measure of the puzzle kept is in the band asked for. Nurikabe's second strategy is
``lazy-cpsat`` (CP-SAT; the generator proves with the CNF ``lazy``). Tatham has no Nurikabe
generator, so it has no side-by-side row.

Tatham: Debian's ``sgt-puzzles`` (``/usr/games/sgt-pearl``, ``sgt-lightup``, ``sgt-solo``,
``sgt-loopy``) run as ``--generate 1 'PARAMS#SEED'`` for seeds 1..M, wall time per process
(process start included: about 0.01 s). Tatham's levels are his own solver's; the level of
ours each is nearest to is read from the shared corpus: the corpus's Tatham puzzles of that
size and level graded by our grader (Slitherlink: the band of its measure), the most common level
(the table lists the distribution).

The genres of the generic clue maker (``generators/clue_genres.py``: Slant, Kurodoko,
Fillomino, Skyscrapers, Nonogram, Jigsaw and Killer Sudoku, Ripple Effect, Heyawake, Tents,
Shakashaka, Shikaku, Hitori, Hashiwokakero, Yajilin, Kakuro) have no grader: one order per
size, without a level, each puzzle checked by the genre's other strategy and the rule
checker; Slant, Skyscrapers, Jigsaw Sudoku and Tents also at their levels (bands of
``gup.up_open``) at their first size, checked as Slitherlink's. Tatham's programs are not on
this machine for them; the corpus's Tatham sets stand beside them instead: his clue counts,
his generator's seconds per puzzle as the corpus manifest recorded them (Killer Sudoku and
Tents: his puzzles give every sum and count; ours a minimal set), and (genres with bands)
the band each of his puzzles falls in.

The genres whose clues are their structure (``generators/structure_genres.py``: Star
Battle, Norinori, LITS, Spiral Galaxies, Numberlink) have no grader and no clue to remove:
one order per size, each puzzle checked by the genre's other strategy (CP-SAT) and the rule checker;
"clues" counts their regions, galaxies or pairs, and a candidate is one structure drawn
(with its changes). Tatham's Galaxies is not installed here.

Usage: python benchmarks/generate.py [--seeds 20] [--tatham-seeds 20] [--genres ...]
Writes benchmarks/results/generate.md and .json; the rows of genres not in ``--genres`` are
kept from the previous results, with the date they were measured.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, RESULTS, markdown_table, median, write_results  # noqa: E402

from pencilsat.core.registry import rules_of  # noqa: E402
from pencilsat.core.result import Verdict  # noqa: E402
from pencilsat.formats.detect import read_puzzle  # noqa: E402
from pencilsat.generators.clue_genres import CLUE_GENRES  # noqa: E402
from pencilsat.generators.loop import Target  # noqa: E402
from pencilsat.generators.order import Order  # noqa: E402
from pencilsat.generators.study_measure import BANDS, StudyMeasure  # noqa: E402
from pencilsat.grading.front import grade  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402
from pencilsat.study.generation import MEASURES  # noqa: E402

ORDERS = {
    "masyu": (10, 10, (1, 2, 3)),
    "sudoku": (9, 9, (1, 2, 3)),
    "lightup": (10, 10, (1, 2, 3, 4, 5)),
    "slitherlink": (10, 10, (1, 2, 3)),
    "nurikabe": (10, 10, (1, 2, 3)),
}
CLUE_ORDERS = {
    # genre: the sizes made (Tatham's corpus sizes among them, to compare clue counts)
    "slant": [(10, 10), (12, 10)],
    "kurodoko": [(10, 10), (9, 9)],
    "fillomino": [(10, 10), (9, 7), (15, 15)],
    "skyscrapers": [(6, 6), (9, 9)],
    "nonogram": [(10, 10)],
    "jigsawsudoku": [(9, 9), (6, 6)],
    "killersudoku": [(9, 9), (6, 6)],
    "ripple": [(10, 10), (8, 8)],
    "heyawake": [(10, 10), (20, 20)],
    "tents": [(10, 10), (15, 15)],
    "shakashaka": [(10, 10)],
    "shikaku": [(10, 10), (9, 9)],
    "hitori": [(10, 10), (8, 8)],
    "hashi": [(10, 10)],
    "yajilin": [(10, 10), (15, 15)],
    "kakuro": [(10, 10)],
}
STRUCTURE_ORDERS = {
    # genre: the sizes made (generators/structure_genres.py: no clue to remove, no level)
    "starbattle": [(10, 10), (8, 8)],
    "norinori": [(10, 10), (8, 8)],
    "lits": [(10, 10), (8, 8)],
    "galaxies": [(10, 10), (15, 15)],
    "numberlink": [(10, 10), (12, 12), (15, 15), (20, 20), (30, 30)],
}
TATHAM_CORPUS = {
    # genre: (corpus folder name, manifest genre name) of Tatham's sets in the corpus
    "slant": "gokigen", "kurodoko": "kurodoko", "fillomino": "fillomino",
    "skyscrapers": "skyscrapers", "nonogram": "nonogram", "jigsawsudoku": "jigsawsudoku",
    "killersudoku": "killersudoku", "tents": "tents", "shikaku": "shikaku", "hitori": "hitori",
    "hashi": "hashi", "yajilin": "yajilin", "kakuro": "kakuro",
}
SECOND_STRATEGY = {"masyu": ("circuit", "cpsat"), "sudoku": ("extended", "cpsat"),
                   "lightup": ("csp", "cpsat"), "slitherlink": ("circuit", "cpsat"),
                   "nurikabe": ("lazy-cpsat", "cpsat"), "slant": ("lazy-cpsat", "cpsat"),
                   "kurodoko": ("lazy-cpsat", "cpsat"), "fillomino": ("sizes-cpsat", "cpsat"),
                   "skyscrapers": ("cpsat", "cpsat"), "nonogram": ("automata-cpsat", "cpsat"),
                   "jigsawsudoku": ("cpsat", "cpsat"), "killersudoku": ("cpsat", "cpsat"),
                   "ripple": ("cpsat", "cpsat"), "heyawake": ("lazy-cpsat", "cpsat"),
                   "tents": ("cpsat", "cpsat"), "shakashaka": ("linear", "cpsat"),
                   "shikaku": ("cover-cpsat", "cpsat"), "hitori": ("lazy-cpsat", "cpsat"),
                   "hashi": ("lazy-cpsat", "cpsat"), "yajilin": ("circuit", "cpsat"),
                   "kakuro": ("cpsat", "cpsat"), "starbattle": ("linear", "cpsat"),
                   "norinori": ("linear", "cpsat"), "lits": ("lazy-cpsat", "cpsat"),
                   "galaxies": ("lazy-cpsat", "cpsat"), "numberlink": ("lazy-cpsat", "cpsat")}
TATHAM = {
    # genre: (program, [(Tatham level, params, corpus folder or file)])
    "masyu": ("sgt-pearl", [("easy", "10x10de", "masyu/tatham/10x10-easy"),
                            ("tricky", "10x10dt", "masyu/tatham/10x10-tricky")]),
    "sudoku": ("sgt-solo", [("trivial", "3x3dt", "sudoku/tatham/trivial.txt"),
                            ("basic", "3x3db", "sudoku/tatham/basic.txt"),
                            ("intermediate", "3x3di", "sudoku/tatham/intermediate.txt"),
                            ("advanced", "3x3da", "sudoku/tatham/advanced.txt")]),
    "lightup": ("sgt-lightup", [("easy", "10x10b20s2d0", "lightup/tatham/10x10-easy"),
                                ("tricky", "10x10b20s2d1", "lightup/tatham/10x10-tricky"),
                                ("hard", "10x10b20s2d2", "lightup/tatham/10x10-hard")]),
    "slitherlink": ("sgt-loopy", [("easy", "10x10t0de", "slitherlink/tatham/10x10-easy"),
                                  ("normal", "10x10t0dn", "slitherlink/tatham/10x10-normal"),
                                  ("tricky", "10x10t0dt", "slitherlink/tatham/10x10-tricky"),
                                  ("hard", "10x10t0dh", "slitherlink/tatham/10x10-hard")]),
}


def p90(xs: list[float]) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.9 * (len(xs) - 1)))]


def checked(order: Order, made: Any) -> str | None:
    """Why the puzzle fails its checks, or ``None``."""
    encoding, backend = SECOND_STRATEGY[order.genre]
    proof = solve(made.puzzle, encoding=encoding, backend=backend)
    if proof.verdict != Verdict.UNIQUE or proof.solution != made.solution:
        return f"second strategy: {proof.verdict}"
    if rules_of(made.puzzle).check(made.puzzle, made.solution):
        return "rule checker"
    if order.target.level is None:  # a clue-maker genre without a target: nothing to grade
        return None
    if order.genre in MEASURES:
        assert order.target.level is not None
        low, high = BANDS[order.genre][order.target.level - 1]
        measured = MEASURES[order.genre](made.puzzle)
        return None if low <= measured <= high else f"measure {measured:.3f} off the band"
    graded = grade(made.puzzle)
    if graded.grade is None or graded.grade.level != order.target.level:
        return f"grade says level {graded.grade.level if graded.grade else None}"
    return None


def orders_of(genre: str) -> list[tuple[int, int, tuple[int | None, ...]]]:
    if genre in STRUCTURE_ORDERS:
        return [(width, height, (None,)) for width, height in STRUCTURE_ORDERS[genre]]
    if genre in CLUE_ORDERS:
        levels = tuple(range(1, len(BANDS[genre]) + 1)) if genre in BANDS else ()
        return ([(width, height, (None, *levels)) for width, height in CLUE_ORDERS[genre][:1]]
                + [(width, height, (None,)) for width, height in CLUE_ORDERS[genre][1:]])
    return [ORDERS[genre]]


def run_orders(genres: list[str], seeds: int) -> list[dict[str, Any]]:
    rows = []
    for genre, (width, height, levels) in ((g, o) for g in genres for o in orders_of(g)):
        for level in levels:
            order = Order(genre, width, height, Target(level=level),
                          measure=MEASURES.get(genre))
            times, candidates, grades, clues, failures = [], [], [], [], []
            cpu: list[float] = []
            for seed in range(1, seeds + 1):
                start, start_cpu = time.perf_counter(), time.process_time()
                made = order.make(seed)
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                candidates.append(made.candidates)
                grades.append(made.grades)
                clues.append(made.clues)
                why = checked(order, made)
                if why:
                    failures.append(f"seed {seed}: {why}")
            row = {"genre": genre, "size": f"{width}x{height}", "level": level,
                   "kept": seeds, "verified": seeds - len(failures), "failures": failures,
                   "candidates": sum(candidates), "acceptance": seeds / sum(candidates),
                   "median_s": median(times), "p90_s": p90(times), "max_s": max(times),
                   "median_cpu_s": median(cpu), "p90_cpu_s": p90(cpu),
                   "grades_per_puzzle": statistics.mean(grades),
                   "clues_mean": statistics.mean(clues), "times": times, "cpu_times": cpu,
                   "load": round(os.getloadavg()[0], 1)}
            print(f"{genre} {width}x{height} {order.target.describe()}: "
                  f"median {row['median_s']:.2f} s, p90 {row['p90_s']:.2f} s, "
                  f"acceptance {row['acceptance']:.2f}, verified {row['verified']}/{seeds}",
                  flush=True)
            rows.append(row)
    return rows


def corpus_puzzles(where: str) -> list[Any]:
    path = CORPUS / where
    if path.is_file():
        return [read_puzzle(line.strip()) for line in path.read_text().splitlines()
                if line.strip()]
    return [read_puzzle(p.read_text(), str(p)) for p in sorted(path.glob("*.txt"))]


def level_of(genre: str, puzzle: Any) -> int | None:
    """Our level of a puzzle: the grader's, or the band of the genre's study measure."""
    if genre in MEASURES:
        return StudyMeasure(genre, MEASURES[genre]).grade(puzzle).level
    graded = grade(puzzle, time_limit=60)
    return graded.grade.level if graded.grade else None


def run_tatham(genres: list[str], seeds: int) -> list[dict[str, Any]]:
    rows = []
    for genre in [g for g in genres if g in TATHAM]:
        program, sets = TATHAM[genre]
        binary = shutil.which(program) or f"/usr/games/{program}"
        runnable = Path(binary).exists()
        for tatham_level, params, where in sets:
            levels: Counter[int | None] = Counter()
            for puzzle in corpus_puzzles(where):
                levels[level_of(genre, puzzle)] += 1
            times = []
            if runnable:
                for seed in range(1, seeds + 1):
                    start = time.perf_counter()
                    subprocess.run([binary, "--generate", "1", f"{params}#{seed}"],
                                   check=True, capture_output=True, timeout=600)
                    times.append(time.perf_counter() - start)
            nearest = max((lv for lv in levels if lv is not None), key=lambda lv: levels[lv],
                          default=None)
            row = {"genre": genre, "tatham_level": tatham_level, "params": params,
                   "our_levels": {str(k): v for k, v in sorted(levels.items(),
                                                               key=lambda kv: str(kv[0]))},
                   "nearest_level": nearest, "runs": len(times),
                   "median_s": median(times) if times else None,
                   "p90_s": p90(times) if times else None, "times": times}
            print(f"tatham {genre} {tatham_level}: median {row['median_s']}, nearest L{nearest}",
                  flush=True)
            rows.append(row)
    return rows


def report(ours: list[dict[str, Any]], tatham: list[dict[str, Any]], seeds: int,
           tatham_seeds: int, genres: str) -> str:
    body = [f"`python benchmarks/generate.py --seeds {seeds} --tatham-seeds {tatham_seeds} "
            f"--genres {genres}`: "
            "`Order(genre, W, H, Target(level=L)).make(seed)` for seeds 1..N in one process; "
            "every puzzle then checked (a CP-SAT strategy proves it unique with the "
            "generator's answer, the rule checker accepts the answer, `pencilsat grade` gives "
            "level L; Slitherlink, Nurikabe and the clue maker's genres with bands: the study "
            "measure, `gup.up_open` or `rules_open`, is in band L, docs/generate.md; level "
            "`-`: no target, a minimal clue set, only the first two checks). Rows measured on "
            "another day say so. Acceptance: puzzles kept / candidate chains tried (a chain: "
            "one answer and one random removal order; Nurikabe: one answer drawn, with its "
            "reshapes). "
            "Time per kept puzzle includes every rejected candidate before it; `s`: wall "
            "time, `CPU s`: the process's CPU time (the machine is shared: under load the "
            "wall time is several times the CPU time; rows without it predate it).", ""]
    body.append(markdown_table(
        ["genre", "size", "level", "puzzles", "verified", "acceptance", "median s", "p90 s",
         "max s", "median CPU s", "p90 CPU s", "grades per puzzle", "clues (mean)",
         "candidates per puzzle", "load", "measured"],
        [[r["genre"], r["size"], "-" if r["level"] is None else r["level"], r["kept"],
          r["verified"], r["acceptance"], r["median_s"], r["p90_s"], r["max_s"],
          r.get("median_cpu_s", "-"), r.get("p90_cpu_s", "-"), r["grades_per_puzzle"],
          r["clues_mean"], r["candidates"] / r["kept"], r.get("load", "-"),
          r.get("measured", "")] for r in ours]))
    failures = [f"- {r['genre']} level {r['level']}: {f}" for r in ours for f in r["failures"]]
    body += ["", "Failed checks: " + ("none." if not failures else "")] + failures
    body += ["", "## Tatham's generators side by side", "",
             "Debian `sgt-puzzles` 20230122.806ae71-2, `--generate 1 'PARAMS#SEED'` for seeds "
             f"{_seed_ranges(tatham)}, wall time per process. `our levels`: the shared corpus's "
             "puzzles from Tatham's generator at that size and level, graded by pencilsat "
             "(Slitherlink: the band of `gup.up_open`, `no level` between two bands; the "
             "level each is nearest to is the most common one).", ""]
    body.append(markdown_table(
        ["genre", "Tatham level", "params", "our levels of his puzzles", "nearest level",
         "Tatham median s", "Tatham p90 s", "ours median s (that level)", "ratio ours/Tatham"],
        [[t["genre"], t["tatham_level"], t["params"],
          ", ".join(f"L{k}: {v}" if k != "None" else f"no level: {v}"
                    for k, v in t["our_levels"].items()), t["nearest_level"],
          t["median_s"], t["p90_s"], *_ours_at(ours, t)] for t in tatham]))
    clue_rows = tatham_corpus_rows([r["genre"] for r in ours if r["genre"] in CLUE_GENRES])
    if clue_rows:
        body += ["", "## Tatham's puzzles of the clue-maker genres, from the corpus", "",
                 "Tatham's programs for these genres are not installed here: his sets in the "
                 "shared corpus give his clue counts (`ClueRules.given`) and his generator's "
                 "seconds per puzzle as the corpus manifest recorded them (another machine "
                 "and day); for the genres with bands, the band of `gup.up_open` each of "
                 "his puzzles falls in (`no level`: between two bands).", ""]
        body.append(markdown_table(
            ["genre", "size", "Tatham level", "puzzles", "clues (mean)",
             "his seconds (median)", "our levels of his puzzles"], clue_rows))
    return "\n".join(body)


def tatham_corpus_rows(genres: list[str]) -> list[list[Any]]:
    """Per Tatham set of the genres in the corpus: size, level, count, mean clues, and the
    median of the manifest's generation seconds."""
    manifest = CORPUS / "tatham_manifest_genres.tsv"
    seconds: dict[str, list[float]] = {}
    if manifest.exists():
        for line in manifest.read_text().splitlines()[1:]:
            fields = line.split("\t")
            if len(fields) > 8 and fields[8]:
                seconds.setdefault(str(Path(fields[6]).parent), []).append(float(fields[8]))
    rows: list[list[Any]] = []
    for genre in [g for g in dict.fromkeys(genres) if g in TATHAM_CORPUS]:
        for folder in sorted((CORPUS / TATHAM_CORPUS[genre] / "tatham").glob("*")):
            puzzles = corpus_puzzles(str(folder.relative_to(CORPUS)))
            if not puzzles:
                continue
            clues = [len(rules_of(p).clues.given(p)) for p in puzzles]
            size, _, level = folder.name.partition("-")
            took = seconds.get(str(folder.relative_to(CORPUS)), [])
            ours = Counter(level_of(genre, p) for p in puzzles) if genre in BANDS else None
            rows.append([genre, size, level, len(puzzles), statistics.mean(clues),
                         median(took) if took else "-",
                         ", ".join(f"L{k}: {v}" if k is not None else f"no level: {v}"
                                   for k, v in sorted(ours.items(), key=lambda kv: str(kv[0])))
                         if ours else "-"])
    return rows


def _seed_ranges(tatham: list[dict[str, Any]]) -> str:
    """The seeds the Tatham rows were measured on ("1..20"; rows kept from an earlier run
    carry their own count)."""
    counts = sorted({int(t.get("seeds", 0)) for t in tatham})
    return ", ".join(f"1..{n}" for n in counts if n > 0) or "none"


def _ours_at(ours: list[dict[str, Any]], t: dict[str, Any]) -> list[Any]:
    mine = next((r for r in ours if r["genre"] == t["genre"]
                 and r["level"] == t["nearest_level"]), None)
    if mine is None or not t["median_s"]:
        return ["-", "-"]
    return [mine["median_s"], mine["median_s"] / t["median_s"]]


def previous_rows(genres: list[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of the last results for genres not rerun now, each with its measuring date
    (the page's, for rows written before rows carried one)."""
    data_path, page = RESULTS / "generate.json", RESULTS / "generate.md"
    if not data_path.exists():
        return [], []
    data = json.loads(data_path.read_text())
    found = re.search(r"Measured (\d{4}-\d\d-\d\d \d\d:\d\d UTC)",
                      page.read_text() if page.exists() else "")
    when = found[1] if found else ""
    ours = [dict(r, measured=r.get("measured") or when) for r in data.get("ours", [])
            if r["genre"] not in genres]
    tatham = [r for r in data.get("tatham", []) if r["genre"] not in genres]
    return ours, tatham


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--tatham-seeds", type=int, default=20)
    parser.add_argument("--genres", default="masyu,sudoku,lightup")
    args = parser.parse_args()
    genres = args.genres.split(",")
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    ours = [dict(r, measured=stamp) for r in run_orders(genres, args.seeds)]
    tatham = [dict(t, seeds=args.tatham_seeds) for t in run_tatham(genres, args.tatham_seeds)]
    kept_ours, kept_tatham = previous_rows(genres)
    ours, tatham = kept_ours + ours, kept_tatham + tatham
    write_results("generate", "Generating to order: acceptance and time per puzzle",
                  report(ours, tatham, args.seeds, args.tatham_seeds, args.genres),
                  {"ours": ours, "tatham": tatham})


if __name__ == "__main__":
    main()
