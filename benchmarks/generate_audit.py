"""Generate audit: every genre ``pencilsat generate`` makes, many seeds at several sizes and
every level, each made puzzle checked independently of the generator.

Run from the repository root: ``nice -n 5 python benchmarks/generate_audit.py [--genre NAME]
[--scale K] [--out NAME]``. Writes ``benchmarks/results/generate_audit.{md,json}``. Each
genre's orders (``orders``): a small grid (the brute-force oracle's), the usual size without
a target and at every level the generator offers, a score band, a symmetry where offered,
a non-square grid where allowed and the largest grid offered (10,000 cells for most genres
is minutes per puzzle: those take 20x20 or 15x15, said in the page). ``--scale K``
multiplies the seeds (``--scale 2``: about 8 CPU minutes in all, 756 puzzles; ``--kind``
and ``--genre`` pick orders and genres). Each puzzle is made with ``--certify`` and then,
from its text alone:

- the text, puz.link URL (and Tatham game ID) read back to the same puzzle;
- two strategies (the default on CNF, the first on CP-SAT) say ``unique`` with the
  generator's answer, which the genre's rule checker accepts;
- the level and score regraded (the grader, or the study measure of the banded genres)
  as claimed, and the level asked for, or the score in the band asked for;
- the certificate's folder accepted by ``certify.store.check_folder`` (``pencilsat check``);
- on grids of at most ``--oracle-cells`` cells, the brute-force oracle (``tests/oracles``,
  ``tests/desk/brute_force.py``) finds exactly the one answer;
- a genre's variants (``VARIANTS``: Numberlink's ``full``) made small, usual, symmetric and
  largest, checked as above under the variant's rules;
- without a target or a symmetry, the clue set minimal: each given clue taken away, the
  default strategy finds the puzzle no longer unique (``NO_MINIMAL_CLAIM``: the genres
  that claim no minimal set).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "src"), str(REPO / "tests"), str(REPO / "tests" / "desk"),
                str(REPO / "benchmarks")]

from common import oracle_answers  # noqa: E402
from verdict_audit import Audit, check_answers, check_formats, run  # noqa: E402

from pencilsat.api import check  # noqa: E402
from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES as REGISTRY  # noqa: E402
from pencilsat.core.registry import generated  # noqa: E402
from pencilsat.core.result import Verdict  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402
from pencilsat.to_order import generation_offer, make, measure_for, order_for  # noqa: E402

RESULTS = REPO / "benchmarks" / "results"
GRADED = ("masyu", "sudoku", "lightup")
"""Genres with a human-technique grader (``pencilsat grade``); the rest with levels are
banded by a study measure."""
SMALL = {"starbattle": (5, 5), "fillomino": (4, 3), "lits": (6, 6)}
"""The small grid per genre (4x4 where not named, the oracles' size; Fillomino's oracle
takes minutes at 4x4, a second at 4x3; LITS is made from 6x6)."""
LARGEST = {"sudoku": (9, 9), "skyscrapers": (9, 9), "jigsawsudoku": (9, 9),
           "killersudoku": (9, 9), "kakuro": (12, 12), "starbattle": (16, 16),
           "norinori": (20, 20), "galaxies": (30, 30), "numberlink": (40, 40),
           "nurikabe": (10, 10), "fillomino": (15, 15), "yajilin": (15, 15),
           "heyawake": (20, 20), "masyu": (20, 20), "lits": (10, 10)}
"""The largest grid offered, where the genre has a limit of its own; the genres offered up
to 10,000 cells take 20x20 (a few seconds each), those slower there 15x15."""
NON_SQUARE = (8, 6)
MINIMAL_KINDS = ("small", "usual", "6x6", "non-square", "largest")
"""The orders without a target or a symmetry, whose clue set is claimed minimal."""
NO_MINIMAL_CLAIM = (*generated(all_given=True), *generated(kind="structure"), "nurikabe")
"""Genres that claim no minimal clue set: every clue given, the structure the clues, or
(Nurikabe) a number on every island, placed by a search of its own; its clue tools take a
number away as ``?``, which many puzzles survive."""
SIX = ("sudoku", "killersudoku", "jigsawsudoku")
"""Genres whose 6x6 form (boxes 3 wide and 2 tall, or drawn) is audited too."""
SCORE_BANDS = {"masyu": (1.0, 2.0), "sudoku": (1.5, 2.5), "lightup": (2.0, 4.0)}
"""A ``--score`` band per graded genre (the banded genres take their middle band's)."""


@dataclass(frozen=True)
class Plan:
    """One order to audit: a size, a target, a symmetry, and how many seeds."""

    kind: str
    width: int
    height: int
    seeds: int
    level: int | None = None
    score: tuple[float, float] | None = None
    symmetry: str | None = None
    variant: str | None = None


VARIANTS = {"numberlink": ("full",)}
"""The variants ``generate --variant`` makes, per genre: audited small, usual, symmetric and
at the largest grid."""
SYMMETRIC_SMALL = ("numberlink",)
"""Genres whose symmetric orders are audited on the small grid too (the oracle's)."""


def orders(genre: str, offer: dict[str, Any], scale: int) -> list[Plan]:
    """The orders audited for ``genre`` (seeds multiplied by ``scale``)."""
    usual = tuple(int(v) for v in offer["size"].split("x"))
    w, h = usual
    plans = [Plan("small", *SMALL.get(genre, (4, 4)), 6 * scale),
             Plan("usual", w, h, 4 * scale)]
    levels = offer["levels"]
    if levels:
        plans += [Plan(f"level {lv}", w, h, 2 * scale, level=lv)
                  for lv in range(levels[0], levels[1] + 1)]
        if genre in SCORE_BANDS:
            band = SCORE_BANDS[genre]
        else:
            from pencilsat.generators.study_measure import BANDS

            band = BANDS[genre][len(BANDS[genre]) // 2]
        plans.append(Plan("score", w, h, scale, score=band))
    if offer["symmetry"]:
        plans += [Plan("rot2", w, h, scale, symmetry="rot2"),
                  Plan("mirror", w, h, scale, symmetry="mirror")]
    if genre in SYMMETRIC_SMALL:
        plans += [Plan(f"{symmetry} small", *SMALL.get(genre, (4, 4)), 3 * scale,
                       symmetry=symmetry) for symmetry in ("rot2", "mirror")]
    if genre in SIX and usual != (6, 6):
        plans.append(Plan("6x6", 6, 6, 2 * scale))
    try:
        order_for(genre, *NON_SQUARE)
        plans.append(Plan("non-square", *NON_SQUARE, 2 * scale))
    except InputError:
        pass
    large = LARGEST.get(genre, (20, 20))
    if large != usual:
        plans.append(Plan("largest", *large, 1))
    for variant in VARIANTS.get(genre, ()):
        plans += [Plan(f"{variant} small", *SMALL.get(genre, (4, 4)), 3 * scale,
                       variant=variant),
                  Plan(variant, w, h, 2 * scale, variant=variant),
                  Plan(f"{variant} rot2", w, h, scale, symmetry="rot2", variant=variant),
                  Plan(f"{variant} largest", *large, 1, variant=variant)]
    return plans


@dataclass
class Tally:
    """What one genre's audit found."""

    audit: Audit
    made: Counter[str]
    checks: Counter[str]
    refused: list[str]
    seconds: float = 0.0
    wall: float = 0.0


def audit_made(tally: Tally, where: str, genre: str, made: Any, plan: Plan,
               oracle_cells: int, time_limit: float) -> None:
    """Every independent check of one made puzzle (a failure is a discrepancy)."""
    from pencilsat.certify.store import check_folder
    from pencilsat.formats.puzzlink import parse_url

    audit, checks = tally.audit, tally.checks
    rules = audit.genre.rules()
    puzzle = rules.parse_puzzle(made.text, "")
    if puzzle != made.puzzle:
        audit.fail(where, "its text reads back another puzzle")
    if made.url is not None:
        if parse_url(made.url) != made.puzzle:
            audit.fail(where, "its url reads back another puzzle")
        else:
            checks["url"] += 1
    elif audit.genre.puzzlink_codec:
        audit.fail(where, "no url, though the genre has a puzz.link codec")
    check_formats(audit, where, puzzle)
    problems = check(puzzle, made.solution)
    if problems:
        audit.fail(where, f"the rule checker refuses the answer: {problems[0]}")
    else:
        checks["rule checker"] += 1
    for strategy, backend in strategies(audit.genre):
        label = f"{strategy}/{backend}"
        result = run(audit, "strategy", puzzle, time_limit, encoding=strategy, backend=backend)
        if result is None:
            continue
        check_answers(audit, f"{where} [{label}]", puzzle, result)
        if result.verdict == Verdict.UNKNOWN:
            audit.unknown[label] += 1
            audit.unknown_at.append(f"{where} [{label}]")
        elif result.verdict != Verdict.UNIQUE:
            audit.fail(where, f"{label} says {result.verdict.value}")
        elif result.solution != made.solution:
            audit.fail(where, f"{label}'s unique answer is not the generator's")
        else:
            checks[f"unique {label}"] += 1
    check_level(tally, where, genre, puzzle, made, plan)
    if made.made is None or made.made.certificate is None:
        audit.fail(where, f"no certificate written ({made.made and made.made.certificate_note})")
    else:
        cert = check_folder(made.made.certificate)
        text = (Path(made.made.certificate) / "puzzle.txt").read_text()
        if not cert.certified or not made.made.certified:
            audit.fail(where, f"certificate not accepted: {cert.reason}")
        elif rules.parse_puzzle(text, "") != puzzle:
            audit.fail(where, "the certificate's puzzle is not the one made")
        else:
            checks["certificate"] += 1
    if puzzle.width * puzzle.height <= oracle_cells:
        check_oracle(tally, where, puzzle, made.solution)
    if plan.kind in MINIMAL_KINDS and genre not in NO_MINIMAL_CLAIM:
        check_minimal(tally, where, puzzle, made.solution, time_limit)


def check_minimal(tally: Tally, where: str, puzzle: Any, answer: Any,
                  time_limit: float) -> None:
    """Without a target or a symmetry the clue set is minimal: each given clue taken away,
    the answer is no longer the only one (``multiple``; ``none`` or ``unique`` with another
    answer where the answer breaks a rule without it: a Nurikabe island's number)."""
    from verdict_audit import audit_rules

    clue_rules = audit_rules(puzzle)
    outcomes: Counter[str] = Counter()
    for clue in clue_rules.given(puzzle):
        result = solve(clue_rules.without(puzzle, clue), time_limit=time_limit)
        outcomes[result.verdict.value] += 1
        if result.verdict == Verdict.UNIQUE and result.solution == answer:
            tally.audit.fail(where, f"not minimal: unique without the clue {clue}")
            return
    if outcomes["unknown"]:
        tally.checks["minimal unknown"] += 1
    else:
        tally.checks["minimal"] += 1
    tally.checks["clues taken away"] += sum(outcomes.values())
    tally.checks["taken away, unique with another answer"] += outcomes["unique"]


def strategies(genre: Any) -> list[tuple[str, str]]:
    """The default strategy on its first backend and the first strategy on CP-SAT."""
    default = genre.strategy(genre.default_strategy)
    chosen = [(default.name, default.backends[0])]
    cpsat = next((s for s in genre.strategies if "cpsat" in s.backends), None)
    if cpsat is not None:
        chosen.append((cpsat.name, "cpsat"))
    return chosen


def check_level(tally: Tally, where: str, genre: str, puzzle: Any, made: Any,
                plan: Plan) -> None:
    """The claimed level and score regraded, and the target met."""
    audit = tally.audit
    if genre in GRADED:
        from pencilsat.api import grade

        graded = grade(puzzle)
        level = None if graded.grade is None else graded.grade.level
        score = None if graded.grade is None else graded.grade.score
    elif measure_for(genre) is not None:
        from pencilsat.generators.study_measure import StudyMeasure

        grading = StudyMeasure(genre, measure_for(genre)).grade(puzzle)
        level, score = grading.level, grading.score
    else:
        level = score = None
    if level != made.level:
        audit.fail(where, f"claims level {made.level}, regraded {level}")
    elif (score is None) != (made.score is None) or (
            score is not None and abs(score - made.score) > 1e-9):
        audit.fail(where, f"claims score {made.score}, regraded {score}")
    else:
        tally.checks["level regraded"] += 1
    if plan.level is not None and made.level != plan.level:
        audit.fail(where, f"level {plan.level} asked, {made.level} made")
    if plan.score is not None and not (
            made.score is not None and plan.score[0] <= made.score <= plan.score[1]):
        audit.fail(where, f"score band {plan.score} asked, {made.score} made")


def check_oracle(tally: Tally, where: str, puzzle: Any, answer: Any) -> None:
    answers = oracle_answers(puzzle, 20.0)
    if isinstance(answers, str):  # "timed out", "no oracle"
        tally.checks[{"timed out": "oracle timed out"}.get(answers, answers)] += 1
        return
    if len(answers) != 1:
        tally.audit.fail(where, f"the brute-force oracle finds {len(answers)} answers")
    elif answers[0] != answer:
        tally.audit.fail(where, "the brute-force oracle's one answer is not the generator's")
    else:
        tally.checks["oracle one answer"] += 1


def audit_genre(genre: str, offer: dict[str, Any], args: argparse.Namespace,
                folder: Path) -> Tally:
    tally = Tally(Audit(REGISTRY[genre]), Counter(), Counter(), [])
    start, wall = time.process_time(), time.perf_counter()
    for plan in orders(genre, offer[genre], args.scale):
        if args.kind and plan.kind not in args.kind:
            continue
        order = order_for(genre, plan.width, plan.height, level=plan.level, score=plan.score,
                          symmetry=plan.symmetry, certify=str(folder), variant=plan.variant)
        for seed in range(1, plan.seeds + 1):
            where = order.command(seed).removeprefix("pencilsat generate ")
            try:
                made = make(order, seed)
            except InputError as err:  # a budget spent: said, not a discrepancy
                tally.refused.append(f"{where}: {err}")
                print("REFUSED", where, err, flush=True)
                continue
            except Exception as err:
                tally.audit.fail(where, f"generate raised {type(err).__name__}: {err}")
                continue
            tally.made[plan.kind] += 1
            tally.audit.puzzles += 1
            try:
                audit_made(tally, where, genre, made, plan, args.oracle_cells,
                           args.time_limit)
            except Exception as err:
                tally.audit.fail(where, f"the audit raised {type(err).__name__}: {err}")
    tally.seconds = time.process_time() - start
    tally.wall = time.perf_counter() - wall
    tally.audit.seconds = tally.seconds
    print(f"{genre}: {tally.audit.puzzles} puzzles, {len(tally.audit.problems)} "
          f"discrepancies, {tally.seconds:.0f} s", flush=True)
    return tally


def page(tallies: list[Tally], args: argparse.Namespace) -> str:
    command = (f"nice -n {os.nice(0)} python benchmarks/generate_audit.py --scale {args.scale} "
               f"--oracle-cells {args.oracle_cells} --time-limit {args.time_limit} "
               f"--workers {args.workers}"
               + "".join(f" --genre {g}" for g in args.genre or [])
               + "".join(f" --kind '{k}'" for k in args.kind or []))
    lines = [
        "# Generate audit: can an editor sign what `pencilsat generate` makes?", "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} (load "
        f"{os.getloadavg()[0]:.1f}):", "", f"```sh\n{command}\n```", "",
        "Each puzzle made with `--certify`, then from its text alone: the text, URL and game "
        "ID read back; two strategies (the default on CNF, the first on CP-SAT) `unique` "
        "with the generator's answer; the rule checker; the level and score regraded; the "
        "certificate checked by `pencilsat check`'s reader; on grids of at most "
        f"{args.oracle_cells} cells the brute-force oracle; without a target or a symmetry, "
        "each clue taken away, no longer unique with the answer (`minimal`; not claimed by "
        "the genres with every clue given, those whose clues are their structure, and "
        "Nurikabe). Orders (seeds 1..N each): a small grid, the usual size without a target, "
        "at each level, a score band, each symmetry offered, each variant offered "
        "(Numberlink's full), 8x6 and 6x6 where allowed, the "
        "largest grid offered (20x20 or 15x15 for the genres offered up to 10,000 cells). "
        "CPU s per genre is its worker's; wall s is summed over the workers.", "",
        "| genre | puzzles by order | refused | checks passed | CPU s | wall s | discrepancies |",
        "|---|---|---|---|---|---|---|"]
    for t in tallies:
        lines.append(f"| {t.audit.genre.name} | {_tally(t.made)} | {len(t.refused)} | "
                     f"{_tally(t.checks + t.audit.formats)} | {t.seconds:.0f} | {t.wall:.0f} | "
                     f"{len(t.audit.problems)} |")
    total = sum(t.audit.puzzles for t in tallies)
    lines += ["", f"{total} puzzles in {len(tallies)} genres, "
                  f"{sum(len(t.audit.problems) for t in tallies)} discrepancies, "
                  f"{sum(t.seconds for t in tallies):.0f} CPU s, "
                  f"{sum(t.wall for t in tallies):.0f} s of wall.", ""]
    for t in tallies:
        lines += [f"- {p}" for p in t.audit.problems]
    refused = [r for t in tallies for r in t.refused]
    if refused:
        lines += ["", "Orders refused (a budget spent without a puzzle):", ""]
        lines += [f"- {r}" for r in refused]
    unknown = [f"{t.audit.genre.name} {w}" for t in tallies for w in t.audit.unknown_at]
    if unknown:
        lines += ["", "Strategy runs left `unknown` at the time limit:", ""]
        lines += [f"- {u}" for u in unknown]
    return "\n".join(lines) + "\n"


SLOW = ("fillomino", "galaxies", "norinori", "ripple", "starbattle", "yajilin", "shakashaka",
        "slant", "slitherlink", "kakuro", "numberlink")
"""The genres whose audit took longest at ``--scale 1`` (started first on the workers)."""


def _slow_first(genre: str) -> int:
    return SLOW.index(genre) if genre in SLOW else len(SLOW)


def _tally(counter: Counter[str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counter.items())


def write(tallies: list[Tally], args: argparse.Namespace) -> str:
    text = page(tallies, args)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{args.out}.md").write_text(text)
    data = {t.audit.genre.name: {"made": dict(t.made), "checks": dict(t.checks),
                                 "formats": dict(t.audit.formats), "refused": t.refused,
                                 "cpu_s": round(t.seconds, 1), "wall_s": round(t.wall, 1),
                                 "discrepancies": t.audit.problems,
                                 "unknown_at": t.audit.unknown_at}
            for t in tallies}
    (RESULTS / f"{args.out}.json").write_text(json.dumps(data, indent=1) + "\n")
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", help="only these genres (repeatable)")
    parser.add_argument("--scale", type=int, default=1, help="seeds per order multiplied")
    parser.add_argument("--oracle-cells", type=int, default=16)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--kind", action="append",
                        help="only these orders (repeatable): small, usual, level 1, ...")
    parser.add_argument("--workers", type=int, default=1, help="genres audited at once")
    parser.add_argument("--out", default="generate_audit")
    args = parser.parse_args()
    offer = generation_offer()
    genres = [genre for genre in generated() if not args.genre or genre in args.genre]
    tallies: dict[str, Tally] = {}
    with tempfile.TemporaryDirectory(prefix="generate-audit-") as folder, \
            ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(audit_genre, genre, offer, args, Path(folder)): genre
                   for genre in sorted(genres, key=_slow_first)}
        for future in as_completed(futures):
            tallies[futures[future]] = future.result()
            # after each genre: a run stopped early keeps what it found
            write([tallies[g] for g in genres if g in tallies], args)
    print(write([tallies[g] for g in genres], args))


if __name__ == "__main__":
    main()
