"""Verdict audit: every genre's strategies, count, backbone, checker, formats and verify
cross-checked on corpus puzzles and seeded mutants of them (issue 44).

Run from the repository root: ``nice -n 5 python benchmarks/verdict_audit.py [--genre NAME]
[--puzzles N] [--per-kind K] [--time-limit S]``. Writes ``benchmarks/results/
verdict_audit.{md,json}`` (``--out``). The genres come from the registry; each takes N
corpus puzzles (the smallest half by cells, a deterministic stride; ``--half large``: the
larger half, a seeded draw, ``--tatham M`` more from its Tatham corpus) and their mutants
(``verdict_mutants.py``: a clue removed, changed, two changed each way, added; regions
merged or moved...; ``verdict_reanswered.py``: clues put back as another answer shows them,
``--kind`` picks kinds). Each puzzle runs every strategy
on every backend it registers, then ``count`` (to 3) and ``backbone`` on each backend's
default (the backbone by both methods on CNF), and, on grids of at most ``--oracle-cells``
cells, the brute-force oracle of ``tests/oracles`` (``tests/desk/brute_force.py``) under a
time limit. What it checks is
listed in ``audit_puzzle``; each failed check is one discrepancy, printed as it is found.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "src"), str(REPO / "tests"), str(REPO / "tests" / "desk"),
                str(REPO / "benchmarks")]

from common import oracle_answers  # noqa: E402
from verdict_mutants import Mutant, mutants  # noqa: E402
from verdict_reanswered import reanswered  # noqa: E402

from pencilsat.api import check  # noqa: E402
from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES, Genre  # noqa: E402
from pencilsat.core.result import SolveResult, Verdict  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402
from pencilsat.strategies.solution_space import Exploration  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
RESULTS = REPO / "benchmarks" / "results"
NOTES = Path.home() / ".cache" / "pencilsat" / "verdict_audit"
"""The clue notes of each run (:func:`notes_file`)."""


def corpus_puzzles(genre: Genre, count: int, half: str = "small", tatham: int = 0,
                   seed: str = "") -> list[tuple[str, Any, Any]]:
    """``count`` puzzles of the genre's corpus (name, puzzle, stored answer or None).

    ``half="small"``: the smallest half by cells of the corpus the registry names, every
    k-th in order of size (the first audit's sample). ``half="large"``: the larger half by
    cells, ``count`` of them drawn with a seeded random choice, and ``tatham`` more from
    the larger half of the genre's Tatham corpus (``<genre dir>/tatham``) when it has one.
    """
    where = CORPUS / genre.corpus
    items = corpus_items(where, first_lines=2000 if half == "small" else None)
    if half == "small":
        chosen = _smallest_half(items, count)
    else:
        rng = random.Random(f"{seed}/{genre.name}")
        chosen = _larger_half(items, count, rng)
        extra = where.parent / "tatham"
        if tatham and extra.is_dir():
            chosen += _larger_half(corpus_items(extra), tatham, rng)
    return [load(genre, name, source) for _, name, source in chosen]


Item = tuple[int, str, Any]
"""A corpus entry: its cells, its name and where it is (a puzzle file, or a line and the
line of its answer when the source has a ``.sol`` of lines)."""


def corpus_items(where: Path, first_lines: int | None = None) -> list[Item]:
    """Every puzzle of a corpus source: a file of one puzzle a line, or a directory of
    ``.txt`` puzzle files (each with its ``.sol``) or of line files (Tatham's Solo)."""
    items: list[Item] = []
    files = [where] if where.is_file() else sorted(where.rglob("*.txt"))
    for txt in files:
        text = txt.read_text()
        head = text.split("\n", 1)[0].split()
        if len(head) >= 3 and head[1].isdigit() and head[2].isdigit():
            items.append((int(head[1]) * int(head[2]), txt.stem, txt))
            continue
        sol = txt.with_suffix(".sol")
        answers = sol.read_text().splitlines() if sol.exists() else []
        lines = text.splitlines()[:first_lines]
        for number, line in enumerate(lines):
            if line.strip():
                answer = answers[number].strip() if number < len(answers) else None
                items.append((len(line.strip()), f"{txt.name}:{number + 1}",
                              (line.strip(), answer)))
    return items


def _smallest_half(items: list[Item], count: int) -> list[Item]:
    items = sorted(items, key=lambda t: (t[0], t[1]))
    half = items[: max(count, (len(items) + 1) // 2)]
    step = max(1, len(half) // count)
    return half[::step][:count]


def _larger_half(items: list[Item], count: int, rng: random.Random) -> list[Item]:
    """``count`` of the larger half by cells (ties by name), drawn at random, in order of
    size. A line corpus of equal lengths (Sudoku) is in file order: its second half."""
    items = sorted(items, key=lambda t: (t[0], _natural(t[1])))
    half = items[len(items) // 2:]
    return sorted(rng.sample(half, min(count, len(half))),
                  key=lambda t: (t[0], _natural(t[1])))


def _natural(name: str) -> tuple[Any, ...]:
    return tuple(int(part) if part.isdigit() else part
                 for part in re.split(r"(\d+)", name))


def load(genre: Genre, name: str, source: Any) -> tuple[str, Any, Any]:
    rules = genre.rules()
    if isinstance(source, Path):
        puzzle = rules.parse_puzzle(source.read_text(), name)
        sol = source.with_suffix(".sol")
        answer = rules.parse_solution(sol.read_text(), puzzle) if sol.exists() else None
        return name, puzzle, answer
    line, answer_line = source
    puzzle = rules.parse_puzzle(line, name)
    answer = rules.parse_solution(answer_line, puzzle) if answer_line else None
    return name, puzzle, answer


class Audit:
    """The tallies of one genre and its discrepancies."""

    def __init__(self, genre: Genre) -> None:
        self.genre = genre
        self.puzzles = 0
        self.mutants: Counter[str] = Counter()
        self.verdicts: Counter[str] = Counter()
        self.runs: Counter[str] = Counter()
        self.unknown: Counter[str] = Counter()
        """Strategy runs that ended ``unknown`` (time limit), by strategy/backend."""
        self.unknown_at: list[str] = []
        self.oracle = Counter[str]()
        self.formats: Counter[str] = Counter()
        self.verify: Counter[str] = Counter()
        self.problems: list[str] = []
        self.clue_notes: list[str] = []
        self.oracle_too_slow: int | None = None
        self.certify_cells = 0
        self.certify_now = False
        """Certify this puzzle whatever its size (the sampled corpus puzzles of --certify)."""
        self.sampled: list[str] = []
        self.certificates: Counter[str] = Counter()
        self.seconds = 0.0
        self.reanswer_tries: Counter[str] = Counter()
        """How the tries at a reanswered mutant ended (``built``, ``wider unique``...)."""

    def fail(self, where: str, what: str) -> None:
        line = f"{self.genre.name} {where}: {what}"
        self.problems.append(line)
        print("DISCREPANCY", line, flush=True)


def run(audit: Audit, kind: str, puzzle: Any, time_limit: float, **options: Any
        ) -> SolveResult | None:
    audit.runs[kind] += 1
    try:
        return solve(puzzle, time_limit=time_limit, **options)
    except Exception as err:  # a SolverBugError or a crash: a discrepancy either way
        audit.fail(f"{kind} {options}", f"raised {type(err).__name__}: {err}")
        return None


def audit_puzzle(audit: Audit, where: str, puzzle: Any, stored: Any, keeps_answer: bool,
                 restricts: bool, time_limit: float, oracle_cells: int, corpus: bool = False
                 ) -> tuple[Verdict, Any]:
    """Check one puzzle (``corpus``: a corpus puzzle, not a mutant); returns the verdict the
    strategies agree on and the answer when it is unique (for the added clues)."""
    genre, rules = audit.genre, audit.genre.rules()
    results = {}
    for strategy in genre.strategies:
        for backend in strategy.backends:
            label = f"{strategy.name}/{backend}"
            result = run(audit, "strategy", puzzle, time_limit, encoding=strategy.name,
                         backend=backend)
            if result is not None:
                results[label] = result
                check_answers(audit, f"{where} [{label}]", puzzle, result)
    verdicts = {label: r.verdict for label, r in results.items()}
    decided = {v for v in verdicts.values() if v != Verdict.UNKNOWN}
    for label, v in verdicts.items():
        if v == Verdict.UNKNOWN:
            audit.unknown[label] += 1
            audit.unknown_at.append(f"{where} [{label}]")
    if len(decided) > 1:
        audit.fail(where, f"strategies disagree: {verdicts}")
    verdict = decided.pop() if len(decided) == 1 else Verdict.UNKNOWN
    answer = next((r.solution for r in results.values() if r.verdict == Verdict.UNIQUE), None)
    if verdict == Verdict.UNIQUE:
        for label, r in results.items():
            if r.verdict == Verdict.UNIQUE and r.solution != answer:
                audit.fail(where, f"unique answers differ between strategies ({label})")
    if restricts and verdict not in (Verdict.UNIQUE, Verdict.UNKNOWN):
        what = ("the corpus puzzle with its stored answer" if corpus
                else "a clue of the answer added")
        audit.fail(where, f"{what}, but the verdict is {verdict.value}")
    if restricts and stored is not None and answer is not None and answer != stored:
        audit.fail(where, "unique, but not with the stored answer")
    elif keeps_answer and stored is not None and answer is not None and answer != stored \
            and not rules.check(puzzle, stored):
        audit.fail(where, "unique, but not with the answer that solves it")
    if keeps_answer and stored is not None:
        if rules.check(puzzle, stored):
            audit.fail(where, f"the answer it was built to keep breaks a rule: "
                              f"{rules.check(puzzle, stored)[0]}")
        elif verdict == Verdict.NONE:
            audit.fail(where, "none, but the answer it was built to keep passes the checker")
    backends = sorted({b for s in genre.strategies for b in s.backends})
    explored: dict[str, SolveResult | None] = {}
    for backend in backends:
        explored[f"count/{backend}"] = counted = run(
            audit, "count", puzzle, time_limit, backend=backend, explore=Exploration(count=3))
        check_count(audit, f"{where} [count/{backend}]", puzzle, verdict, counted)
        for method in ("auto", "blocking") if backend == "cnf" else ("auto",):
            label = f"backbone/{backend}/{method}"
            explored[label] = backbone = run(
                audit, "backbone", puzzle, time_limit, backend=backend,
                explore=Exploration(backbone=True, method=method))
            check_backbone(audit, f"{where} [{label}]", puzzle, verdict, results, backbone)
    if keeps_answer and stored is not None and not rules.check(puzzle, stored):
        check_known_answer(audit, where, stored, explored)
    complete = {label: frozenset(r.backbone.undecided) for label, r in explored.items()
                if r is not None and r.backbone is not None and r.backbone.complete
                and r.verdict != Verdict.UNKNOWN}
    if len(set(complete.values())) > 1:
        audit.fail(where, "complete backbones differ: " + ", ".join(
            f"{label} {len(cells)} undecided" for label, cells in complete.items()))
    cells = puzzle.width * puzzle.height
    if cells <= oracle_cells and (audit.oracle_too_slow is None
                                  or cells < audit.oracle_too_slow):
        check_oracle(audit, where, puzzle, verdict, results, explored)
    if (cells <= audit.certify_cells or audit.certify_now) and verdict != Verdict.UNKNOWN:
        check_certificate(audit, where, results, time_limit)
    check_formats(audit, where, puzzle)
    if answer is not None:
        check_verify(audit, where, puzzle, answer, rules)
    return verdict, answer


def check_answers(audit: Audit, where: str, puzzle: Any, result: SolveResult) -> None:
    """Every answer passes the checker and keeps the clues; a multiple's two differ."""
    rules = audit.genre.rules()
    for answer in (result.solution, result.second_solution):
        if answer is None:
            continue
        problems = rules.check(puzzle, answer)
        if problems:
            audit.fail(where, f"answer breaks a rule: {problems[0]}")
        other = clues_offered_otherwise(puzzle, answer)
        if other and not problems:
            audit.clue_notes.append(f"{where}: the clue tools offer another value for "
                                    f"{other[:3]}")
    if result.verdict == Verdict.MULTIPLE:
        if result.solution is None or result.second_solution is None:
            audit.fail(where, "multiple without two answers")
        elif result.solution == result.second_solution or \
                not result.solution.differing_cells(result.second_solution):
            audit.fail(where, "multiple's two answers are the same")
        elif set(result.differences) != set(
                result.solution.differing_cells(result.second_solution)):
            audit.fail(where, "differences are not the cells where the answers differ")
    if result.verdict == Verdict.UNIQUE and result.solution is None:
        audit.fail(where, "unique without an answer")
    if result.verdict == Verdict.NONE and result.solution is not None:
        audit.fail(where, "none with an answer")


def clues_offered_otherwise(puzzle: Any, answer: Any) -> list[str]:
    """The given clues the clue tools would not give back: each clue taken away, the clue
    ``offered`` for its place by ``answer`` is another. Independent of the checker, but not
    a failure by itself: a genre offers one clue the answer obeys where several would do
    (a Hitori number on a shaded cell), so each is looked at by hand."""
    clue_rules = audit_rules(puzzle)
    if clue_rules is None:
        return []
    before = set(clue_rules.offered(puzzle, answer))
    out = []
    for clue in clue_rules.given(puzzle):
        offered = set(clue_rules.offered(clue_rules.without(puzzle, clue), answer)) - before
        if offered and (clue.label, clue.value) not in {(o.label, o.value) for o in offered}:
            out.append(str(clue))
    return out


def audit_rules(puzzle: Any) -> Any:
    from pencilsat.core.registry import genre_of

    return genre_of(puzzle).rules().clues


def check_count(audit: Audit, where: str, puzzle: Any, verdict: Verdict,
                result: SolveResult | None) -> None:
    if result is None or result.count is None or result.verdict == Verdict.UNKNOWN:
        return
    found = result.count.solutions
    rules = audit.genre.rules()
    if verdict != Verdict.UNKNOWN and result.verdict != verdict:
        audit.fail(where, f"verdict {result.verdict.value} against {verdict.value}")
    expected = {Verdict.UNIQUE: (1, True), Verdict.NONE: (0, True)}
    if result.verdict in expected and (len(found), result.count.complete) != \
            expected[result.verdict] and result.count.complete:
        audit.fail(where, f"count {len(found)} for {result.verdict.value}")
    if result.verdict == Verdict.MULTIPLE and len(found) < 2 and result.count.complete:
        audit.fail(where, f"count {len(found)} (complete) for multiple")
    for i, answer in enumerate(found):
        if rules.check(puzzle, answer):
            audit.fail(where, f"counted answer {i} breaks a rule")
        if any(answer == other for other in found[:i]):
            audit.fail(where, f"counted answer {i} is listed twice")


def check_backbone(audit: Audit, where: str, puzzle: Any, verdict: Verdict,
                   results: dict[str, SolveResult], result: SolveResult | None) -> None:
    if result is None or result.backbone is None or result.verdict == Verdict.UNKNOWN:
        return
    backbone = result.backbone
    undecided = set(backbone.undecided)
    if verdict != Verdict.UNKNOWN and result.verdict != verdict:
        audit.fail(where, f"verdict {result.verdict.value} against {verdict.value}")
    if result.verdict == Verdict.UNIQUE and (undecided or not backbone.complete):
        audit.fail(where, f"unique, but {len(undecided)} cells undecided")
    if result.verdict == Verdict.MULTIPLE and backbone.complete and not undecided:
        audit.fail(where, "multiple, but no cell undecided")
    for label, other in results.items():
        if other.verdict == Verdict.MULTIPLE and backbone.complete:
            differ = set(other.solution.differing_cells(other.second_solution))
            if not differ <= undecided:
                audit.fail(where, f"{label}'s two answers differ on {len(differ - undecided)} "
                                  "cells the backbone says are decided")


def check_known_answer(audit: Audit, where: str, known: Any,
                       explored: dict[str, SolveResult | None]) -> None:
    """An answer known to solve the puzzle (the checker accepts it) is in every complete
    count, and differs from a backbone's answer only on cells it leaves undecided."""
    for label, r in explored.items():
        if r is None or r.verdict == Verdict.UNKNOWN:
            continue
        if r.count is not None and r.count.complete and known not in r.count.solutions:
            audit.fail(where, f"{label}: a complete count of {len(r.count.solutions)} "
                              "without the answer known to solve it")
        if r.backbone is not None and r.backbone.complete and r.solution is not None:
            decided = set(r.solution.differing_cells(known)) - set(r.backbone.undecided)
            if decided:
                audit.fail(where, f"{label}: the answer known to solve it differs on "
                                  f"{len(decided)} cells the backbone says are decided")


def check_oracle(audit: Audit, where: str, puzzle: Any, verdict: Verdict,
                 results: dict[str, SolveResult],
                 explored: dict[str, SolveResult | None]) -> None:
    """The verdict, answer, count and backbone against every answer by enumeration."""
    answers = oracle_answers(puzzle, 5.0)
    if isinstance(answers, str):  # "timed out", "no oracle"
        audit.oracle[answers] += 1
        if answers == "timed out":
            audit.oracle_too_slow = puzzle.width * puzzle.height
        return
    audit.oracle["ran"] += 1
    truth = {0: Verdict.NONE, 1: Verdict.UNIQUE}.get(len(answers), Verdict.MULTIPLE)
    if verdict != Verdict.UNKNOWN and verdict != truth:
        audit.fail(where, f"verdict {verdict.value}, the oracle finds {len(answers)} answers")
    if truth == Verdict.UNIQUE:
        for label, r in results.items():
            if r.verdict == Verdict.UNIQUE and r.solution != answers[0]:
                audit.fail(where, f"{label}'s answer is not the oracle's")
    differ = {cell for a in answers[1:] for cell in answers[0].differing_cells(a)}
    for label, r in explored.items():
        if r is None or r.verdict == Verdict.UNKNOWN:
            continue
        if r.count is not None and r.count.complete != (len(answers) <= 3) \
                or r.count is not None and len(r.count.solutions) != min(3, len(answers)):
            audit.fail(where, f"{label}: {len(r.count.solutions)} listed (complete "
                              f"{r.count.complete}), the oracle finds {len(answers)}")
        if r.backbone is not None and r.backbone.complete \
                and set(r.backbone.undecided) != differ:
            audit.fail(where, f"{label}: {len(r.backbone.undecided)} cells undecided, the "
                              f"oracle's answers differ on {len(differ)}")


def check_certificate(audit: Audit, where: str, results: dict[str, SolveResult],
                      time_limit: float) -> None:
    """The default strategy's verdict certified (``solve --certify``): every part holds,
    or the certificate is refused as a whole (a time limit, a genre it cannot take)."""
    from pencilsat.certify.certificate import certify_result

    genre = audit.genre
    label = f"{genre.default_strategy}/{genre.strategy(genre.default_strategy).backends[0]}"
    result = results.get(label)
    if result is None or result.verdict == Verdict.UNKNOWN:
        return
    try:
        cert = certify_result(result, time_limit)
    except InputError as err:  # a genre's complete formula refused by name (large grids)
        audit.certificates[f"refused: {str(err)[:60]}"] += 1
        return
    except Exception as err:
        audit.fail(f"{where} [certify]", f"raised {type(err).__name__}: {err}")
        return
    if cert.certified:
        audit.certificates[f"{result.verdict.value} certified"] += 1
        return
    failed = {part: state for part, state in cert.parts.items() if state != "holds"}
    if failed:
        audit.fail(f"{where} [certify]", f"{result.verdict.value} not certified: {failed}")
    else:
        audit.certificates[f"refused: {cert.reason[:60]}"] += 1


def check_formats(audit: Audit, where: str, puzzle: Any) -> None:
    """The text, URL and game-ID round trips read back the same puzzle."""
    from pencilsat.formats.puzzlink import parse_url, to_url
    from pencilsat.formats.tatham import parse_game_id, to_game_id

    rules = audit.genre.rules()
    trips: list[tuple[str, Any, Any]] = [
        ("text", rules.format_puzzle, lambda s: rules.parse_puzzle(s, ""))]
    if audit.genre.puzzlink_codec:
        trips.append(("url", to_url, parse_url))
    if audit.genre.tatham_codec:
        trips.append(("game id", to_game_id,
                      lambda s: parse_game_id(s, audit.genre.tatham[0])))
    for name, write, read in trips:
        try:
            code = write(puzzle)
        except InputError:
            audit.formats[f"{name} refused"] += 1
            continue
        try:
            back = read(code)
        except Exception as err:
            audit.fail(where, f"{name} round trip does not read back: {err}")  # no code: it is the
            # corpus puzzle itself, which the project never holds
            continue
        if back == puzzle:
            audit.formats[f"{name} same"] += 1
        elif _same_rooms_and_numbers(puzzle, back):
            audit.formats[f"{name} number moved in its room"] += 1
        else:
            audit.fail(where, f"{name} round trip reads back another puzzle")


def _same_rooms_and_numbers(puzzle: Any, back: Any) -> bool:
    """Whether two Heyawake puzzles differ only in which cell of a room holds its number
    (or ``?``): pzprjs' URL does not say, its reader puts it in the room's ``getTopCell``,
    and the rules read a number by its room."""
    if not hasattr(puzzle, "room_clues") or not np.array_equal(puzzle.rooms, back.rooms):
        return False

    def by_room(p: Any) -> list[Any]:
        marks = [None if clue is None else clue[1] for clue in p.room_clues()]
        for r, c in zip(*np.nonzero(p.unknown), strict=True):
            marks[int(p.rooms[r, c])] = "?"
        return marks

    return by_room(puzzle) == by_room(back)


def check_verify(audit: Audit, where: str, puzzle: Any, answer: Any, rules: Any) -> None:
    """``verify`` accepts the unique answer (rows and drawing) and refuses a changed one."""
    rows = rules.solution_rows(puzzle, answer)
    for form, data in (("rows", rows), ("drawing", rules.draw_text(puzzle, answer))):
        try:
            problems = check(puzzle, data)
        except InputError as err:
            audit.fail(where, f"verify cannot read the answer's {form}: {err}")
            continue
        if problems:
            audit.fail(where, f"verify refuses the answer's {form}: {problems[0]}")
        else:
            audit.verify[f"{form} accepted"] += 1
    rng = random.Random(where)
    alphabet = sorted({ch for row in rows for ch in row})
    for attempt in range(40):
        r = rng.randrange(len(rows))
        if not rows[r]:
            continue
        c = rng.randrange(len(rows[r]))
        options = [ch for ch in alphabet if ch != rows[r][c]]
        if not options:
            break
        changed = list(rows)
        changed[r] = rows[r][:c] + rng.choice(options) + rows[r][c + 1:]
        if attempt % 2:  # a swap of two cells keeps the symbols' counts
            r2, c2 = rng.randrange(len(rows)), rng.randrange(len(rows[0]))
            if c2 >= len(rows[r2]) or rows[r2][c2] == rows[r][c]:
                continue
            changed = [list(row) for row in rows]
            changed[r][c], changed[r2][c2] = rows[r2][c2], rows[r][c]
            changed = ["".join(row) for row in changed]
        try:
            problems = check(puzzle, changed)
        except InputError:
            continue
        if problems:
            audit.verify["changed refused"] += 1
        else:
            audit.fail(where, f"verify accepts a changed answer (row {r}, column {c})")
        return
    audit.verify["changed unreadable"] += 1


def audit_genre(genre: Genre, args: argparse.Namespace) -> Audit:
    audit = Audit(genre)
    audit.certify_cells = args.certify_cells
    start = time.process_time()
    count, tatham = args.puzzles, args.tatham
    for fewer in args.fewer or []:
        name, _, counts = fewer.partition("=")
        if name == genre.name:
            count, tatham = (int(n) for n in counts.split(","))
    for number, (name, puzzle, stored) in enumerate(corpus_puzzles(
            genre, count, args.half, tatham, args.seed)):
        audit.puzzles += 1
        audit.sampled.append(f"{name} ({puzzle.width}x{puzzle.height})")
        audit.certify_now = number < args.certify
        verdict, answer = audit_puzzle(audit, name, puzzle, stored, stored is not None,
                                       True, args.time_limit, args.oracle_cells, corpus=True)
        audit.certify_now = False
        audit.verdicts[f"corpus:{verdict.value}"] += 1
        rng = random.Random(f"{genre.name}/{name}")
        built = mutants(puzzle, answer, rng, args.per_kind)
        if not args.kind or "reanswered" in args.kind:
            built += reanswered(puzzle, answer, rng, args.per_kind, args.time_limit,
                                audit.reanswer_tries)
        for mutant in built:
            if args.kind and mutant.kind not in args.kind:
                continue
            if mutant.problem:
                audit.fail(f"{name} ({mutant.what})", mutant.problem)
                continue
            audit.mutants[mutant.kind] += 1
            audit_mutant(audit, name, mutant, answer, args.time_limit, args.oracle_cells)
        print(f"{genre.name} {name}: {dict(audit.verdicts)} runs {sum(audit.runs.values())}",
              flush=True)
    audit.seconds = time.process_time() - start
    return audit


def audit_mutant(audit: Audit, name: str, mutant: Mutant, answer: Any, time_limit: float,
                 oracle_cells: int) -> None:
    known = mutant.answer if mutant.answer is not None else answer
    verdict, _ = audit_puzzle(audit, f"{name} ({mutant.what})", mutant.puzzle,
                              known if mutant.keeps_answer else None, mutant.keeps_answer,
                              mutant.restricts, time_limit, oracle_cells)
    audit.verdicts[f"{mutant.kind}:{verdict.value}"] += 1


def page(audits: list[Audit], args: argparse.Namespace) -> str:
    lines = [
        "# Verdict audit (issue 44" + (")" if args.half == "small" else ", the larger half)"), "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
        f"`nice -n {os.nice(0)} python benchmarks/verdict_audit.py --puzzles {args.puzzles} "
        f"--per-kind {args.per_kind} "
        f"--time-limit {args.time_limit} --oracle-cells {args.oracle_cells} "
        f"--certify-cells {args.certify_cells} --half {args.half} --tatham {args.tatham} "
        f"--seed {args.seed} --certify {args.certify}"
        + "".join(f" --fewer {f}" for f in args.fewer or [])
        + "".join(f" --genre {g}" for g in args.genre or [])
        + "".join(f" --kind {k}" for k in args.kind or []) + "`.", "",
        "Per genre: corpus puzzles (" + ("the smallest half by cells, a stride" if
                                         args.half == "small" else
                                         "the larger half by cells, a seeded draw; the "
                                         "names are `sampled` in the JSON") +
        "), their mutants by "
        "kind, the verdicts the strategies agreed on (`kind:verdict` for the mutants), the "
        "solver runs (every strategy on every backend, then count to 3 and backbone on each "
        "backend's default, the backbone by both methods on CNF), the brute-force oracle, "
        "the format round trips, verify, and the discrepancies found.", "",
        "| genre | puzzles | mutants | verdicts | runs | unknown | oracle | certificates "
        "| formats | verify | CPU s | discrepancies |", "|" + "---|" * 12]
    for a in audits:
        lines.append(
            f"| {a.genre.name} | {a.puzzles} | {_tally(a.mutants)} | "
            f"{_tally(a.verdicts)} | {sum(a.runs.values())} | {_tally(a.unknown) or 0} | "
            f"{_tally(a.oracle) or '-'} | {_tally(a.certificates) or '-'} | "
            f"{_tally(a.formats)} | {_tally(a.verify)} | {a.seconds:.0f} | "
            f"{len(a.problems)} |")
    total = sum(sum(a.runs.values()) for a in audits)
    lines += ["", f"{total} solver runs in all, "
                  f"{sum(len(a.problems) for a in audits)} discrepancies.", ""]
    for a in audits:
        for problem in a.problems:
            lines.append(f"- {problem}")
    unknown = [where for a in audits for where in a.unknown_at]
    if unknown:
        lines += ["", "Strategy runs left `unknown` at the time limit:", ""]
        lines += [f"- {a.genre.name} {where}" for a in audits for where in a.unknown_at]
    tries = [f"{a.genre.name}: {_tally(a.reanswer_tries)}" for a in audits if a.reanswer_tries]
    if tries:
        lines += ["", "Tries at a reanswered mutant (`wider unique`: the puzzle with the "
                  "clues taken away stayed unique; `no clue at a place`: its other answers "
                  "show none of the removed one's kind there): " + "; ".join(tries) + "."]
    notes = Counter(a.genre.name for a in audits for _ in a.clue_notes)
    if notes:
        lines += ["", "Answers (accepted by the checker) for which the clue tools offer "
                  "another value for a given clue, per genre (looked at by hand in "
                  f"`~/.cache/pencilsat/verdict_audit/{notes_file(args.out).name}`, "
                  "outside the project: they name corpus clues and their places): "
                  + _tally(notes) + "."]
    return "\n".join(lines) + "\n"


def _tally(counter: Counter[str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counter.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", help="only these genres (repeatable)")
    parser.add_argument("--puzzles", type=int, default=6)
    parser.add_argument("--per-kind", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--oracle-cells", type=int, default=25)
    parser.add_argument("--certify-cells", type=int, default=0,
                        help="certify the verdicts of grids of at most this many cells")
    parser.add_argument("--half", choices=("small", "large"), default="small",
                        help="the corpus half sampled: the smallest (a stride) or the "
                             "larger (a seeded random draw)")
    parser.add_argument("--tatham", type=int, default=0,
                        help="with --half large: this many more of the genre's Tatham "
                             "corpus (its larger half)")
    parser.add_argument("--seed", default="audit44e", help="the larger half's draw")
    parser.add_argument("--fewer", action="append", metavar="GENRE=N,M",
                        help="this genre takes N puzzles and M Tatham ones (a slow genre)")
    parser.add_argument("--certify", type=int, default=0,
                        help="certify the verdicts of the first N corpus puzzles of each "
                             "genre, whatever their size")
    parser.add_argument("--kind", action="append",
                        help="audit only the mutants of these kinds (repeatable): removed, "
                             "changed, balanced, added, reanswered, merged, moved")
    parser.add_argument("--out", default="verdict_audit")
    args = parser.parse_args()
    audits = []
    for genre in GENRES.values():
        if args.genre and genre.name not in args.genre:
            continue
        audits.append(audit_genre(genre, args))
        write(audits, args)  # after each genre: a run stopped early keeps what it found
    print(write(audits, args))


def write(audits: list[Audit], args: argparse.Namespace) -> str:
    text = page(audits, args)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{args.out}.md").write_text(text)
    data = {a.genre.name: {"puzzles": a.puzzles, "mutants": dict(a.mutants),
                           "verdicts": dict(a.verdicts), "runs": dict(a.runs),
                           "unknown": dict(a.unknown), "oracle": dict(a.oracle),
                           "formats": dict(a.formats), "verify": dict(a.verify),
                           "certificates": dict(a.certificates),
                           "cpu_s": round(a.seconds, 1), "discrepancies": a.problems,
                           "clue_notes": len(a.clue_notes), "sampled": a.sampled,
                           "unknown_at": a.unknown_at,
                           "reanswer_tries": dict(a.reanswer_tries)}
            for a in audits}
    (RESULTS / f"{args.out}.json").write_text(json.dumps(data, indent=1) + "\n")
    notes = [f"{a.genre.name} {note}" for a in audits for note in a.clue_notes]
    if notes:
        notes_file(args.out).parent.mkdir(parents=True, exist_ok=True)
        notes_file(args.out).write_text("\n".join(notes) + "\n")
    return text


def notes_file(out: str) -> Path:
    """Where a run's clue notes go: outside the project, since each names given clues of a
    corpus puzzle and their places (corpus data stays in ../shared/corpus)."""
    return NOTES / f"{Path(out).name}_clue_notes.txt"


if __name__ == "__main__":
    main()
