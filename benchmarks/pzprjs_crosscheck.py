"""pencilsat's puzz.link codecs and answers against pzprjs itself (the code behind puzz.link).

``python benchmarks/pzprjs_crosscheck.py [--genre NAME ...] [--every K]``

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
and accepts the one pzprjs accepts. A test board with no cells in its file (pzprjs's
"blank board" cases: its rule that an answer is not empty) is no puzzle to read; such boards
are counted aside ("+K blank").

A genre whose answer adapter (``peers/pzprjs_driver/answers/<genre>.js``) is not written yet
gets the codec columns only. Writes ``benchmarks/results/pzprjs_crosscheck.{md,json}``
(or ``--out STEM``), with the first disagreements of each kind.
"""

from __future__ import annotations

import argparse
import json
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

from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES, Genre  # noqa: E402
from pencilsat.formats.puzzlink import parse_url, to_url  # noqa: E402
from pencilsat.formats.pzprv3_file import read_pzprv3_file  # noqa: E402
from pencilsat.formats.solution_input import read_solution  # noqa: E402

DRIVER = REPO / "benchmarks" / "peers" / "pzprjs_driver" / "driver.js"
SHOWN = 5  # disagreements kept per kind and genre
_BLANK = ("pzprjs refuses an answer with no {} ({}), no rule of the genre: pencilsat accepts "
          "one where the clues allow it (a {} of all white cells: {})")
NOTES = {  # what pzprjs checks beyond the genre's rules, for the page's notes
    "heyawake": _BLANK.format("shaded cell", "brNoShade", "Heyawake", "one room, no number"),
    "hitori": _BLANK.format("shaded cell", "brNoShade", "Hitori", "a Latin square"),
    "kurodoko": _BLANK.format("shaded cell", "brNoShade", "Kurodoko",
                              "3x3, a 5 in the middle"),
    "shakashaka": _BLANK.format("triangle", "brNoTriangle", "Shakashaka", "no black cell"),
}


def answered(genre: Genre, every: int) -> Iterator[tuple[str, Any, Any]]:
    """(name, puzzle, stored answer) of every ``every``-th answered puzzle of the genre's
    corpus folder, in path order."""
    rules = genre.rules()
    root = CORPUS / genre.corpus.split("/")[0]
    pairs = [(txt, txt.with_suffix(".sol")) for txt in sorted(root.rglob("*.txt"))
             if txt.with_suffix(".sol").exists()]
    for txt, sol in pairs[::every]:
        puzzle = rules.parse_puzzle(txt.read_text(), txt.name)
        yield str(txt.relative_to(CORPUS)), puzzle, rules.parse_solution(sol.read_text(), puzzle)


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


def own_tests(genre: Genre, pids: list[str], driver: Driver, row: dict[str, Any]) -> None:
    """pzprjs's test answers of each type in ``pids`` against pencilsat's rule checker."""
    rules = genre.rules()
    row.update(test_cases=0, test_read=0, test_agree=0, test_blank=0)
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
            else:
                said = broken[0] if broken else "accepted"
                _disagree(row, "checker disagrees", name,
                          f"pzprjs {case['check']['code'] or 'complete'}, pencilsat {said}")


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
                      _tests_agree(r)])
    header = ["genre", "pzprjs type", "answered puzzles", "no URL form", "read as written",
              "pzprjs accepts the answer", "spoiled answers refused", "pzprjs's URL read back",
              "pzprjs's file read back", "pzprjs's test answers: checker agrees"]
    notes = []
    for r in rows:
        for kind, shown in r["disagreements"].items():
            notes.append(f"- {r['genre']}, {kind}: " + "; ".join(shown))
    sample = "every answered puzzle" if every == 1 else f"every {every}th answered puzzle"
    return (f"pzprjs {LIBRARY.parents[2].name} (`benchmarks/pzprjs_build.py`), node; "
            f"{sample} of each genre's corpus folder. Columns: see "
            "`benchmarks/pzprjs_crosscheck.py`.\n\n" + markdown_table(header, table)
            + "\n\n## Disagreements (the first of each kind)\n\n"
            + ("\n".join(notes) if notes else "None.") + "\n"
            + _notes([r["genre"] for r in rows]))


def _notes(genres: list[str]) -> str:
    said = [f"- {genre}: {NOTES[genre]}." for genre in genres if genre in NOTES]
    return "\n## pzprjs's other rules\n\n" + "\n".join(said) + "\n" if said else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(GENRES),
                        help="this genre only (repeatable; default: every genre with a URL)")
    parser.add_argument("--every", type=int, default=1, help="every K-th puzzle only")
    parser.add_argument("--out", default="pzprjs_crosscheck", help="results file stem")
    args = parser.parse_args()
    names = args.genre or [n for n, g in GENRES.items() if g.puzzlink_codec is not None]
    driver = Driver()
    rows = []
    try:
        for name in names:
            rows.append(crosscheck(GENRES[name], args.every, driver))
            print(json.dumps({k: v for k, v in rows[-1].items() if k != "disagreements"}),
                  flush=True)
    finally:
        driver.close()
    write_results(args.out, "pencilsat's URLs and answers against pzprjs", page(rows, args.every),
                  rows)
    print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
