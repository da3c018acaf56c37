"""pencilsat's puzz.link codecs and answers against pzprjs itself (the code behind puzz.link).

``python benchmarks/pzprjs_crosscheck.py [--genre NAME ...] [--every K] [--near-miss K]
[--broken-clue K]``

Needs node and pzprjs built by ``benchmarks/pzprjs_build.py``. For every answered corpus
puzzle of every genre with a puzz.link codec (janko's, pzprjs's examples; the stored answer,
which pencilsat proves unique elsewhere), pencilsat writes the puzzle's URL and its answer's
rows; pzprjs (``benchmarks/peers/pzprjs_driver``) opens the URL, puts the answer on its board
and runs its own answer check. Counted per genre:

- **read as written**: pzprjs read the genre and size pencilsat wrote;
- **pzprjs accepts the answer**: pzprjs's check of the stored answer is complete, so pzprjs
  reads the clues of our URL as a puzzle that answer solves (a clue misread shows here);
- **spoiled answers refused**: the same answer with one element changed fails pzprjs's check
  (the control that the adapter puts the answer where pzprjs looks);
- **pzprjs's URL / file read back**: the URL and the ``pzprv3`` file pzprjs writes of the board
  it read are read by pencilsat as the same puzzle (the corpus puzzle, or the puzzle pencilsat
  reads from its own URL: a Heyawake URL keeps a room's number, not its cell, and both put it
  in the room's top-left cell).

Then pzprjs's own test answers of each type read (its ``test/script/<pid>.js``
"failcheck" boards: answers pzprjs's developers wrote to break each rule, the last one right):
pencilsat reads each board's puzzle from its file and its answer as rows (the adapter's
``rows``), and **pencilsat's rule checker agrees** when it refuses every answer pzprjs refuses
and accepts the one pzprjs accepts; **the solver agrees** when, on each test puzzle whose
right answer both accept, pencilsat's verdict is not ``none`` and, when ``unique``, is that
answer (a wrong verdict would show here). A test board with no cells in its file (pzprjs's
"blank board" cases: its rule that an answer is not empty) is no puzzle to read; such
boards are counted aside ("+K blank").

With ``--near-miss K``, K near misses of each answer (one or two cells given another token of
its rows) are judged by pzprjs and by pencilsat's rule checker, on the board as the adapter
reads it back: **near misses: checkers agree** counts the boards both accept or both refuse.

A genre whose answer adapter (``peers/pzprjs_driver/answers/<genre>.js``) is not written yet
gets the codec columns only; an adapter's ``rows`` must read back the rows sent, and pencilsat
refuse the spoiled answer too. A variant in :data:`FULL_VARIANTS` gets its own row, the
genre's other pzprjs types their tests, ``--broken-clue K`` answers breaking one clue
(:func:`broken_clues`); ``peers/pzprjs_driver/notes/<genre>.md`` says why a count is not N/N.
Writes ``benchmarks/results/pzprjs_crosscheck.{md,json}`` (or ``--out STEM``).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "benchmarks"))

from common import CORPUS, markdown_table, write_results  # noqa: E402
from pzprjs_build import LIBRARY  # noqa: E402

import pencilsat  # noqa: E402
from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES, Genre  # noqa: E402
from pencilsat.formats.puzzlink import parse_url, to_url  # noqa: E402
from pencilsat.formats.pzprv3_file import read_pzprv3_file  # noqa: E402
from pencilsat.formats.solution_input import read_solution  # noqa: E402
from pencilsat.strategies.front import solve  # noqa: E402

DRIVER = REPO / "benchmarks" / "peers" / "pzprjs_driver" / "driver.js"
NOTES = DRIVER.parent / "notes"  # <genre>.md: why a count of the genre is not N/N
TESTS = LIBRARY.parents[2] / "test" / "script"
SHOWN = 5  # disagreements kept per kind and genre
SOLVE_SECONDS = 60
MOST_CLUES_TRIED = 5  # clues taken away, one at a time, to find an answer breaking one
FULL_VARIANTS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "masyu": ("loop_full", lambda p: type(p)(p.pearls, p.name, loop_full=True)),
    "numberlink": ("filled", lambda p: replace(p, filled=True)),
}
"""A genre's variant in which the loop or the lines visit every cell, made of a plain puzzle:
a stored answer that visits every cell solves it too (uniquely), so those answers are checked
as that variant as well (its own row): pzprjs's flag or type of it, and its check; the other
stored answers (cells left out) must be refused as that variant."""


def answered(genre: Genre, every: int, variant: str | None = None
             ) -> Iterator[tuple[str, Any, Any, bool]]:
    """(name, puzzle, stored answer, whether pencilsat's checker accepts it) of every
    ``every``-th answered puzzle of the genre's corpus folder, in path order (a file of
    one-line puzzles counts each line); with ``variant`` (of :data:`FULL_VARIANTS`), each
    puzzle as that variant."""
    rules = genre.rules()
    root = CORPUS / genre.corpus.split("/")[0]
    pairs = [(txt, txt.with_suffix(".sol")) for txt in sorted(root.rglob("*.txt"))
             if txt.with_suffix(".sol").exists()]
    items = [item for txt, sol in pairs for item in _pieces(rules, txt, sol)]
    for name, text, sol_text in items[::every]:
        puzzle = rules.parse_puzzle(text, name)
        answer = rules.parse_solution(sol_text, puzzle)
        if variant is not None:
            puzzle = FULL_VARIANTS[genre.name][1](puzzle)
        yield name, puzzle, answer, variant is None or not rules.check(puzzle, answer)


def _pieces(rules: Any, txt: Path, sol: Path) -> list[tuple[str, str, str]]:
    """(name, puzzle text, answer text) of a corpus file: the file itself, or each line of a
    file of one-line puzzles (Sudoku's) that its answer file pairs line by line."""
    name, text, sol_text = str(txt.relative_to(CORPUS)), txt.read_text(), sol.read_text()
    try:
        rules.parse_puzzle(text, txt.name)
    except InputError:
        lines, answers = text.split(), sol_text.split()
        if len(lines) < 2 or len(lines) != len(answers):
            raise
        return [(f"{name}:{i}", line, answer)
                for i, (line, answer) in enumerate(zip(lines, answers, strict=True), 1)]
    return [(name, text, sol_text)]


class Driver:
    """One node process running a driver script (default: ``driver.js``) on the built
    pzprjs; requests and answers one JSON line each."""

    def __init__(self, script: Path = DRIVER) -> None:
        if not LIBRARY.exists():
            raise SystemExit(f"{LIBRARY} is missing: run benchmarks/pzprjs_build.py first")
        self.process = subprocess.Popen(["node", str(script), str(LIBRARY)], text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("the pzprjs driver stopped")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def reads_back(code: str, puzzles: tuple[Any, ...], read: Any) -> str | None:
    """None when ``read`` makes one of ``puzzles`` of ``code``; else what it read or why not."""
    try:
        back = read(code)
    except InputError as err:
        return "refused: " + str(err).splitlines()[0]
    return None if any(back == puzzle for puzzle in puzzles) else "another puzzle"


def crosscheck(genre: Genre, every: int, driver: Driver,
               variant: str | None = None) -> dict[str, Any]:
    rules = genre.rules()
    label = genre.name if variant is None else f"{genre.name} ({variant})"
    row: dict[str, Any] = {"genre": label, "puzzles": 0, "no_url": 0, "read_as_written": 0,
                           "adapter": None, "accepted": 0, "spoiled_refused": 0, "spoilable": 0,
                           "url_back": 0, "file_back": 0, "pids": [], "disagreements": {}}

    def disagree(kind: str, name: str, detail: str) -> None:
        _disagree(row, kind, name, detail)

    for name, puzzle, answer, fits in answered(genre, every, variant):
        if not fits:  # a variant's puzzle whose stored answer leaves cells out
            row["cells_left_out"] = row.get("cells_left_out", 0) + 1
            out = driver.ask({"genre": genre.name, "url": to_url(puzzle),
                              "rows": rules.solution_rows(puzzle, answer)})
            if out.get("adapter") and not out["check"]["complete"]:
                row["cells_left_out_refused"] = row.get("cells_left_out_refused", 0) + 1
            else:
                disagree("answer leaving cells out accepted", name, out.get("error", ""))
            continue
        row["puzzles"] += 1
        try:
            url = to_url(puzzle)
        except InputError as err:
            row["no_url"] += 1
            disagree("no URL form (pencilsat writes none, and says why)", name,
                     str(err).splitlines()[0])
            continue
        sent = rules.solution_rows(puzzle, answer)
        out = driver.ask({"genre": genre.name, "url": url, "rows": sent})
        if "error" in out:
            disagree("driver error", name, out["error"].splitlines()[0])
            continue
        if out["pid"] not in row["pids"]:
            row["pids"].append(out["pid"])
        if (out["cols"], out["rows"]) == (puzzle.width, puzzle.height):
            row["read_as_written"] += 1
        else:
            disagree("size", name, f"pzprjs read {out['cols']}x{out['rows']}")
        puzzles = (puzzle, parse_url(url))
        for key, code, read in (("url_back", out["url"], parse_url),
                                ("file_back", out["file"], read_pzprv3_file)):
            problem = reads_back(code, puzzles, read)
            if problem is None:
                row[key] += 1
            else:
                disagree(key, name, problem)  # the code itself is a corpus puzzle: not shown
        row["adapter"] = out["adapter"]
        if not out["adapter"]:
            continue
        if out["check"]["complete"]:
            row["accepted"] += 1
        else:
            disagree("answer refused", name, f"{out['check']['code']}: {out['check']['text']}")
        if out["spoiled"] is not None:
            row["spoilable"] += 1
            if not out["spoiled"]["complete"]:
                row["spoiled_refused"] += 1
            else:
                disagree("spoiled answer accepted", name, "")
        adapter_controls(rules, puzzle, name, sent, out, row)
    if row["adapter"] and variant is None:
        others = [pid for pid in genre.puzzlink  # a type the corpus does not use (arukone)
                  if pid not in row["pids"] and (TESTS / f"{pid}.js").exists()]
        own_tests(genre, row["pids"] + others, driver, row)
    return row


def near_misses(genre: Genre, every: int, count: int, driver: Driver,
                row: dict[str, Any]) -> None:
    """``count`` near misses of each answer (one or two cells given another token of its
    rows, seeded) judged by pzprjs and by pencilsat's rule checker, each on the board's rows
    as the adapter reads them back: a board read back as other rows than those sent (a
    given's cell changed, a mark the adapter does not put) is not counted."""
    rules = genre.rules()
    rnd = random.Random(1)
    row.update(near_misses=0, near_agree=0)
    for name, puzzle, answer, _ in answered(genre, every):
        try:
            url = to_url(puzzle)
        except InputError:
            continue
        boards = [_near_miss(rules.solution_rows(puzzle, answer), rnd) for _ in range(count)]
        out = driver.ask({"variants": genre.name, "url": url, "boards": boards})
        if "error" in out:
            _disagree(row, "near miss driver error", name, out["error"].splitlines()[0])
            continue
        for sent, board in zip(boards, out["boards"], strict=True):
            if board["rows"] != sent:
                continue
            row["near_misses"] += 1
            try:
                broken = [str(v) for v in rules.check(puzzle, read_solution(puzzle, sent))]
            except InputError as err:
                broken = ["unreadable: " + str(err).splitlines()[0]]
            if (not broken) == board["check"]["complete"]:
                row["near_agree"] += 1
            else:
                said = broken[0] if broken else "accepted"
                _disagree(row, "near miss judged otherwise", name,
                          f"pzprjs {board['check']['code'] or 'complete'}, pencilsat {said}")


def _near_miss(rows: list[str], rnd: random.Random) -> list[str]:
    """``rows`` with one or two cells given another token of the rows (characters, or
    space-separated tokens when the rows hold spaces)."""
    spaced = any(" " in line for line in rows)
    grid = [line.split() if spaced else list(line) for line in rows]
    cells = [(r, c) for r, line in enumerate(grid) for c in range(len(line))]
    tokens = sorted({token for line in grid for token in line})
    for _ in range(rnd.choice((1, 2))):
        r, c = rnd.choice(cells)
        grid[r][c] = rnd.choice([t for t in tokens if t != grid[r][c]] or tokens)
    return [" ".join(line) if spaced else "".join(line) for line in grid]


def adapter_controls(rules: Any, puzzle: Any, name: str, sent: list[str],
                     out: dict[str, Any], row: dict[str, Any]) -> None:
    """The adapter's ``rows`` gives back the rows ``sent`` it put on the board, and pencilsat's
    checker refuses the spoiled board's answer too (each a disagreement when not)."""
    if out.get("rows_back") is not None and out["rows_back"] != sent:
        _disagree(row, "adapter rows differ", name, f"read back {out['rows_back'][:3]}")
    if out.get("spoiled_rows") is not None:
        try:
            broken = rules.check(puzzle, read_solution(puzzle, out["spoiled_rows"]))
        except InputError:
            broken = ["unreadable"]
        if not broken:
            _disagree(row, "pencilsat accepts the spoiled answer", name, "")


def broken_clues(genre: Genre, every: int, driver: Driver, row: dict[str, Any]) -> None:
    """Answers that break one clue: for every ``every``-th answered puzzle, the first of its
    clues (pencilsat's clue tools) whose removal lets the puzzle have another answer; that
    answer must be refused on the puzzle (unless the puzzle has it too) and accepted on the
    puzzle without the clue, by pzprjs and by pencilsat's checker alike."""
    rules = genre.rules()
    if rules.clues is None:
        return
    row.update(broken_clues=0, broken_clue_agree=0)
    for name, puzzle, answer, _ in answered(genre, every):
        for clue in rules.clues.given(puzzle)[:MOST_CLUES_TRIED]:
            wider = rules.clues.without(puzzle, clue)
            result = solve(wider)
            if result.verdict != "multiple":
                continue
            # the stored answer solves ``wider`` too; the other answer is the one whose rows
            # differ from its rows the most (a Hashiwokakero answer carries its islands' '?')
            stored = "".join(rules.solution_rows(puzzle, answer))
            other = max((result.solution, result.second_solution), key=lambda a: _apart(
                "".join(rules.solution_rows(wider, a)), stored))
            rows = rules.solution_rows(wider, other)
            try:
                urls = [to_url(p) for p in (puzzle, wider)]
            except InputError:  # a clue taken away that no URL writes (a Nonogram '?' line)
                continue
            outs = [driver.ask({"genre": genre.name, "url": url, "rows": rows}) for url in urls]
            if any(out.get("rows_back") not in (None, rows) for out in outs):
                continue  # pzprjs's board cannot hold the answer (a shaded number, Kurodoko)
            verdicts = [out.get("check", {}).get("complete") for out in outs]
            ours = [not rules.check(p, other) for p in (puzzle, wider)]
            row["broken_clues"] += 1
            if verdicts == ours and ours[1]:  # ours[0]: a puzzle with two answers (janko's)
                row["broken_clue_agree"] += 1
                row["broken_clue_second"] = row.get("broken_clue_second", 0) + ours[0]
            else:
                _disagree(row, "an answer breaking one clue", name,
                          f"{clue}: pzprjs {verdicts}, pencilsat {ours} (on the puzzle, "
                          "without the clue)")
            break


def own_tests(genre: Genre, pids: list[str], driver: Driver, row: dict[str, Any]) -> None:
    """pzprjs's test answers of each type in ``pids`` against pencilsat's rule checker."""
    rules = genre.rules()
    row.update(test_cases=0, test_read=0, test_agree=0, test_solved=0, test_solver_agrees=0,
               test_blank=0)
    for pid in pids:
        out = driver.ask({"tests": genre.name, "pid": pid})
        if "error" in out:
            row["disagreements"].setdefault("test driver error", []).append(
                f"{pid}: {out['error'].splitlines()[0]}")
            continue
        for number, case in enumerate(out["cases"]):
            name = f"{pid} test {number} ({case['expected'] or 'right'})"
            if case["file"].rstrip("/").count("/") < 4:  # pzprv3/<pid>/<rows>/<cols>: blank
                row["test_blank"] += 1
                continue
            row["test_cases"] += 1
            try:
                puzzle = read_pzprv3_file(case["file"].replace("/", "\n"))
            except InputError as err:
                _disagree(row, "test puzzle refused", name, str(err).splitlines()[0])
                continue
            row["test_read"] += 1
            if case["rows"] is None:
                _disagree(row, "test answer without rows", name, case["file"][:80])
                continue
            try:
                answer = read_solution(puzzle, case["rows"])
                broken = [str(v) for v in rules.check(puzzle, answer)]
            except InputError as err:
                broken = ["unreadable: " + str(err).splitlines()[0]]
            if (not broken) == case["check"]["complete"]:
                row["test_agree"] += 1
                if not broken:
                    solver_agrees(puzzle, answer, name, row)
            else:
                said = broken[0] if broken else "accepted"
                _disagree(row, "checker disagrees", name,
                          f"pzprjs {case['check']['code'] or 'complete'}, pencilsat {said}")


def solver_agrees(puzzle: Any, answer: Any, name: str, row: dict[str, Any]) -> None:
    """pzprjs's right answer to its own test puzzle, which pencilsat's checker accepts, against
    pencilsat's verdict: never ``none``; when ``unique``, that very answer."""
    result = pencilsat.solve(puzzle, time_limit=SOLVE_SECONDS)
    row["test_solved"] += 1
    verdict = result.verdict.value
    if verdict == "unique" and result.solution != answer:
        _disagree(row, "solver's unique answer is not pzprjs's", name, "")
    elif verdict == "none":
        _disagree(row, "solver says none", name, "")
    elif verdict == "unknown":
        _disagree(row, "solver stopped", name, f"{SOLVE_SECONDS} s")
    else:
        row["test_solver_agrees"] += 1


def _apart(a: str, b: str) -> int:
    """How many characters two rows texts differ in (a longer one's extra ones counted)."""
    return sum(x != y for x, y in zip(a, b, strict=False)) + abs(len(a) - len(b))


def _disagree(row: dict[str, Any], kind: str, name: str, detail: str) -> None:
    shown = row["disagreements"].setdefault(kind, [])
    if len(shown) < SHOWN:  # a quoted grid row in a message is a piece of the puzzle
        shown.append(f"{name}: " + re.sub(r"'(?:[^'\s]{1,3} ){4,}[^']*'", "'...'", detail))


def _tests_agree(r: dict[str, Any]) -> str:
    if "test_cases" not in r:
        return "-"
    blank = f" (+{r['test_blank']} blank)" if r["test_blank"] else ""
    return f"{r['test_agree']}/{r['test_cases']}{blank}"


def page(rows: list[dict[str, Any]], every: int) -> str:
    table = []
    for r in rows:
        checked = r["puzzles"] - r["no_url"]
        answers = "-" if not r["adapter"] else f"{r['accepted']}/{checked}"
        spoiled = "-" if not r["adapter"] else f"{r['spoiled_refused']}/{r['spoilable']}"
        table.append([r["genre"], ", ".join(r["pids"]), r["puzzles"], r["no_url"],
                      f"{r['read_as_written']}/{checked}", answers, spoiled,
                      f"{r['url_back']}/{checked}", f"{r['file_back']}/{checked}",
                      _tests_agree(r),
                      f"{r['test_solver_agrees']}/{r['test_solved']}" if "test_cases" in r
                      else "-"])
        if any("near_misses" in r for r in rows):
            table[-1].append(f"{r['near_agree']}/{r['near_misses']}" if "near_misses" in r
                             else "-")
    header = ["genre", "pzprjs type", "answered puzzles", "no URL form", "read as written",
              "pzprjs accepts the answer", "spoiled answers refused", "pzprjs's URL read back",
              "pzprjs's file read back", "pzprjs's test answers: checker agrees",
              "pzprjs's right answers: solver agrees"]
    if any("near_misses" in r for r in rows):
        header.append("near misses: checkers agree")
    notes = []
    for r in rows:
        for kind, shown in r["disagreements"].items():
            notes.append(f"- {r['genre']}, {kind}: " + "; ".join(shown))
    explained = [f"- **{r['genre']}**: the other {r['cells_left_out']} answered puzzles, whose "
                 "answer leaves cells out, as this variant: pzprjs refuses "
                 f"{r.get('cells_left_out_refused', 0)}/{r['cells_left_out']}"
                 for r in rows if "cells_left_out" in r]
    explained += [f"- **{r['genre']}**: answers breaking one clue (`--broken-clue`): pzprjs and "
                  "pencilsat refuse each on the puzzle and accept it without the clue: "
                  f"{r['broken_clue_agree']}/{r['broken_clues']}"
                  + (f" ({r['broken_clue_second']} of them a second answer of the puzzle "
                     "itself, which both accept)" if r.get("broken_clue_second") else "")
                  for r in rows if "broken_clues" in r]
    explained += [f"- **{r['genre']}**: " + " ".join((NOTES / f"{r['genre']}.md").read_text()
                                                     .split())
                  for r in rows if (NOTES / f"{r['genre']}.md").exists()]
    sample = "every answered puzzle" if every == 1 else f"every {every}th answered puzzle"
    return (f"pzprjs {LIBRARY.parents[2].name} (`benchmarks/pzprjs_build.py`), node; "
            f"{sample} of each genre's corpus folder. Columns: see "
            "`benchmarks/pzprjs_crosscheck.py`.\n\n" + markdown_table(header, table)
            + "\n\n## Disagreements (the first of each kind)\n\n"
            + ("\n".join(notes) if notes else "None.") + "\n"
            + ("\n## Notes (and `peers/pzprjs_driver/notes/<genre>.md`)\n\n" + "\n".join(explained)
               + "\n" if explained else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(GENRES),
                        help="this genre only (repeatable; default: every genre with a URL)")
    parser.add_argument("--every", type=int, default=1, help="every K-th puzzle only")
    parser.add_argument("--broken-clue", type=int, default=0, metavar="K",
                        help="answers breaking one clue, of every K-th puzzle (0: none)")
    parser.add_argument("--out", default="pzprjs_crosscheck", help="results file stem")
    parser.add_argument("--near-miss", type=int, default=0,
                        help="also K near misses of each answer (genres with an adapter)")
    args = parser.parse_args()
    names = args.genre or [n for n, g in GENRES.items() if g.puzzlink_codec is not None]
    driver = Driver()
    rows = []
    try:
        for name in names:
            for variant in (None, *FULL_VARIANTS.get(name, ())[:1]):
                rows.append(crosscheck(GENRES[name], args.every, driver, variant))
                if variant is None and args.near_miss and rows[-1]["adapter"]:
                    near_misses(GENRES[name], args.every, args.near_miss, driver, rows[-1])
                if variant is None and args.broken_clue:
                    broken_clues(GENRES[name], args.broken_clue, driver, rows[-1])
                print(json.dumps({k: v for k, v in rows[-1].items() if k != "disagreements"}),
                      flush=True)
    finally:
        driver.close()
    write_results(args.out, "pencilsat's URLs and answers against pzprjs", page(rows, args.every),
                  rows)
    print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
