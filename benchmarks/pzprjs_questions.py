"""pzprjs's '?' clues through pencilsat: read, written back, and the same board to pzprjs.

``python benchmarks/pzprjs_questions.py [--genre NAME ...] [--every K]``

Needs node and pzprjs built by ``benchmarks/pzprjs_build.py``. The corpus has no '?' clue
(janko prints none), yet pzprjs writes one wherever its editor lets a number be unknown. For
every K-th puzzle of each genre with a puzz.link codec, pzprjs
(``benchmarks/peers/pzprjs_driver/questions.js``) opens pencilsat's URL and makes its first,
middle and last numbered cell (pzprjs's ``qnum`` 0 or more, in a genre whose editor lets a
number be '?': not Kakuro, whose ``disInputHatena`` forbids it) a '?' (``qnum`` -2), one at
a time, and writes the URL of each such board. pencilsat reads that URL and writes its own;
pzprjs opens pencilsat's and writes it again. Counted per genre:

- **kept**: pzprjs's URL of the board pencilsat wrote is the one it was given (pencilsat
  read every clue, the '?' included, and wrote them so that pzprjs reads the same board);
- **refused by name**: pencilsat says what it cannot read (the first reason is shown);
- **changed**: pencilsat read the URL but pzprjs reads pencilsat's URL as another board
  (a clue lost or read as something else: a wrong puzzle, the failure that matters).

- **answers pzprjs accepts** (genres with a pzprjs answer adapter,
  ``peers/pzprjs_driver/answers/<genre>.js``): pencilsat solves each board with a '?' and
  pzprjs checks the answer by its own rules, so pencilsat's meaning of the '?' is pzprjs's
  (``unknown`` at the time limit and ``none`` are counted apart; a '?' only widens a puzzle
  whose answer fits it, so ``none`` is rare).

In genres whose ``qnum`` -2 is not an unknown number (Light Up: a black cell without one)
the same check holds: whatever pzprjs means by it, pencilsat must keep it. Writes
``benchmarks/results/pzprjs_questions.{md,json}`` (or ``--out STEM``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "benchmarks"))

from common import markdown_table, write_results  # noqa: E402
from formats_roundtrip import corpus_puzzles  # noqa: E402
from pzprjs_build import LIBRARY  # noqa: E402
from pzprjs_crosscheck import DRIVER, Driver  # noqa: E402

import pencilsat  # noqa: E402
from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES, Genre  # noqa: E402
from pencilsat.formats.puzzlink import parse_url, to_url  # noqa: E402

SCRIPT = REPO / "benchmarks" / "peers" / "pzprjs_driver" / "questions.js"
SHOWN = 5
SECONDS = 30


class Questions(Driver):
    """``questions.js`` in one node process; a failure of pzprjs ends the run."""

    def __init__(self) -> None:
        super().__init__(SCRIPT)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = super().ask(request)
        if "error" in answer:
            raise SystemExit(f"pzprjs failed on {request}: {answer['error']}")
        return answer


def puzzles(genre: Genre, every: int) -> list[tuple[str, Any]]:
    """(label, puzzle) of every ``every``-th corpus puzzle, as formats_roundtrip lists them."""
    return [(f"{genre.name} #{i}", p) for i, p in enumerate(corpus_puzzles(genre))][::every]


def questions(genre: Genre, every: int, pzprjs: Questions, checker: Driver
              ) -> dict[str, Any]:
    adapter = (DRIVER.parent / "answers" / f"{genre.name}.js").exists()
    row: dict[str, Any] = {"genre": genre.name, "puzzles": 0, "no_numbers": 0, "boards": 0,
                           "kept": 0, "refused": 0, "changed": 0, "refused_because": "",
                           "changed_examples": [], "adapter": adapter, "solved": 0,
                           "accepted": 0, "verdicts": {}, "refused_answers": []}
    for name, puzzle in puzzles(genre, every):
        try:
            url = to_url(puzzle)
        except InputError:
            continue
        row["puzzles"] += 1
        count = pzprjs.ask({"url": url, "question": 0})["cells"]
        if count == 0:
            row["no_numbers"] += 1
            continue
        for k in sorted({0, count // 2, count - 1}):
            given = pzprjs.ask({"url": url, "question": k})["url"]
            row["boards"] += 1
            try:
                ours = to_url(parse_url(given))
            except InputError as err:
                row["refused"] += 1
                row["refused_because"] = row["refused_because"] or str(err).splitlines()[0]
                continue
            again = pzprjs.ask({"url": ours})["url"]
            if again == given:
                row["kept"] += 1
                if adapter:
                    judge(genre, parse_url(given), given, checker, row, f"{name} cell {k}")
            else:
                row["changed"] += 1
                if len(row["changed_examples"]) < SHOWN:
                    row["changed_examples"].append(f"{name} cell {k}")  # not the URLs: corpus
    return row


def judge(genre: Genre, puzzle: Any, url: str, checker: Driver, row: dict[str, Any],
          label: str) -> None:
    """pencilsat's answer to a board with a '?', checked by pzprjs's rules."""
    result = pencilsat.solve(puzzle, time_limit=SECONDS)
    verdict = result.verdict.value
    row["verdicts"][verdict] = row["verdicts"].get(verdict, 0) + 1
    if result.solution is None:
        return
    row["solved"] += 1
    out = checker.ask({"genre": genre.name, "url": url,
                       "rows": genre.rules().solution_rows(puzzle, result.solution)})
    if "error" not in out and out["check"]["complete"]:
        row["accepted"] += 1
    elif len(row["refused_answers"]) < SHOWN:
        said = out.get("error") or f"{out['check']['code']}: {out['check']['text']}"
        row["refused_answers"].append(f"{label}: {said}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(GENRES))
    parser.add_argument("--every", type=int, default=10, help="every K-th puzzle (default 10)")
    parser.add_argument("--out", default="pzprjs_questions", help="results file stem")
    args = parser.parse_args()
    names = args.genre or [n for n, g in GENRES.items() if g.puzzlink_codec is not None]
    pzprjs, checker = Questions(), Driver()
    rows = []
    try:
        for name in names:
            rows.append(questions(GENRES[name], args.every, pzprjs, checker))
            print(json.dumps(rows[-1]), flush=True)
    finally:
        pzprjs.close()
        checker.close()
    table = [[r["genre"], r["puzzles"], r["no_numbers"], r["boards"], r["kept"], r["refused"],
              r["changed"], r["refused_because"][:160],
              f"{r['accepted']}/{r['solved']}" if r["adapter"] else "-",
              ", ".join(f"{k} {v}" for k, v in sorted(r["verdicts"].items())) or "-"]
             for r in rows]
    body = (f"pzprjs {LIBRARY.parents[2].name}; every {args.every}th puzzle of each genre's "
            "corpus folder; a board per '?' (the first, middle and last numbered cell). "
            "Columns: see `benchmarks/pzprjs_questions.py`.\n\n"
            + markdown_table(["genre", "puzzles", "no cell that may be '?'", "boards with a '?'",
                              "kept", "refused by name", "changed", "first reason refused",
                              "answers pzprjs accepts", "verdicts"], table)
            + "\n\n## Changed boards (the first of each genre)\n\n"
            + ("\n".join(f"- {r['genre']}: " + "; ".join(r["changed_examples"])
                         for r in rows if r["changed_examples"]) or "None.")
            + "\n\n## Answers pzprjs refused (the first of each genre)\n\n"
            + ("\n".join(f"- {r['genre']}: " + "; ".join(r["refused_answers"])
                         for r in rows if r["refused_answers"]) or "None.") + "\n")
    write_results(args.out, "pzprjs's '?' clues through pencilsat", body, rows)
    print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
