"""pencilsat's puzz.link codecs and answers against pzprjs itself (the code behind puzz.link).

``python benchmarks/pzprjs_crosscheck.py [--genre NAME ...] [--every K] [--near-miss K]``

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
gets the codec columns only. Writes ``benchmarks/results/pzprjs_crosscheck.{md,json}``
(or ``--out STEM``), with the first disagreements of each kind.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections.abc import Iterator
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

DRIVER = REPO / "benchmarks" / "peers" / "pzprjs_driver" / "driver.js"
NOTES = DRIVER.parent / "notes"
SHOWN = 5  # disagreements kept per kind and genre
SOLVE_SECONDS = 60


def answered(genre: Genre, every: int) -> Iterator[tuple[str, Any, Any]]:
    """(name, puzzle, stored answer) of every ``every``-th answered puzzle of the genre's
    corpus folder, in path order (a file of one-line puzzles counts each line)."""
    rules = genre.rules()
    root = CORPUS / genre.corpus.split("/")[0]
    pairs = [(txt, txt.with_suffix(".sol")) for txt in sorted(root.rglob("*.txt"))
             if txt.with_suffix(".sol").exists()]
    items = [item for txt, sol in pairs for item in _pieces(rules, txt, sol)]
    for name, text, sol_text in items[::every]:
        puzzle = rules.parse_puzzle(text, name)
        yield name, puzzle, rules.parse_solution(sol_text, puzzle)


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
    """One node process running the driver; requests and answers one JSON line each."""

    def __init__(self) -> None:
        if not LIBRARY.exists():
            raise SystemExit(f"{LIBRARY} is missing: run benchmarks/pzprjs_build.py first")
        self.process = subprocess.Popen(["node", str(DRIVER), str(LIBRARY)], text=True,
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


def crosscheck(genre: Genre, every: int, driver: Driver) -> dict[str, Any]:
    rules = genre.rules()
    row: dict[str, Any] = {"genre": genre.name, "puzzles": 0, "no_url": 0, "read_as_written": 0,
                           "adapter": None, "accepted": 0, "spoiled_refused": 0, "spoilable": 0,
                           "url_back": 0, "file_back": 0, "pids": [], "disagreements": {}}

    def disagree(kind: str, name: str, detail: str) -> None:
        _disagree(row, kind, name, detail)

    for name, puzzle, answer in answered(genre, every):
        row["puzzles"] += 1
        try:
            url = to_url(puzzle)
        except InputError as err:
            row["no_url"] += 1
            disagree("no URL form (pencilsat writes none, and says why)", name,
                     str(err).splitlines()[0])
            continue
        out = driver.ask({"genre": genre.name, "url": url,
                          "rows": rules.solution_rows(puzzle, answer)})
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
                disagree(key, name, f"{problem} ({code[:80]!r})")
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
                disagree("spoiled answer accepted", name, url)
    if row["adapter"]:
        own_tests(genre, row["pids"], driver, row)
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
    for name, puzzle, answer in answered(genre, every):
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
                          f"pzprjs {board['check']['code'] or 'complete'}, pencilsat {said} "
                          f"({' / '.join(sent)[:160]})")


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


def _disagree(row: dict[str, Any], kind: str, name: str, detail: str) -> None:
    shown = row["disagreements"].setdefault(kind, [])
    if len(shown) < SHOWN:
        shown.append(f"{name}: {detail}")


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
    sample = "every answered puzzle" if every == 1 else f"every {every}th answered puzzle"
    return (f"pzprjs {LIBRARY.parents[2].name} (`benchmarks/pzprjs_build.py`), node; "
            f"{sample} of each genre's corpus folder. Columns: see "
            "`benchmarks/pzprjs_crosscheck.py`.\n\n" + markdown_table(header, table)
            + "\n\n## Disagreements (the first of each kind)\n\n"
            + ("\n".join(notes) if notes else "None.") + "\n" + genre_notes(rows))


def genre_notes(rows: list[dict[str, Any]]) -> str:
    """The notes on each genre's counts and findings (``peers/pzprjs_driver/notes/<genre>.md``,
    kept beside the adapters so that each genre's are written with its adapter)."""
    found = [(r["genre"], NOTES / f"{r['genre']}.md") for r in rows]
    texts = [f"- **{genre}**: " + " ".join(path.read_text().split()) for genre, path in found
             if path.exists()]
    return "\n## Notes\n\n" + "\n".join(texts) + "\n" if texts else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(GENRES),
                        help="this genre only (repeatable; default: every genre with a URL)")
    parser.add_argument("--every", type=int, default=1, help="every K-th puzzle only")
    parser.add_argument("--out", default="pzprjs_crosscheck", help="results file stem")
    parser.add_argument("--near-miss", type=int, default=0,
                        help="also K near misses of each answer (genres with an adapter)")
    args = parser.parse_args()
    names = args.genre or [n for n, g in GENRES.items() if g.puzzlink_codec is not None]
    driver = Driver()
    rows = []
    try:
        for name in names:
            rows.append(crosscheck(GENRES[name], args.every, driver))
            if args.near_miss and rows[-1]["adapter"]:
                near_misses(GENRES[name], args.every, args.near_miss, driver, rows[-1])
            print(json.dumps({k: v for k, v in rows[-1].items() if k != "disagreements"}),
                  flush=True)
    finally:
        driver.close()
    write_results(args.out, "pencilsat's URLs and answers against pzprjs", page(rows, args.every),
                  rows)
    print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
