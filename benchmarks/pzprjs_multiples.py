"""pencilsat's ``multiple`` verdicts checked by pzprjs: both answers shown must be right.

``python benchmarks/pzprjs_multiples.py [--genre NAME ...] [--every K] [--clues N]``

Needs node and pzprjs built by ``benchmarks/pzprjs_build.py``. A ``multiple`` verdict shows
two answers; pencilsat's own checker accepts both, but a checker shares its author's reading
of the rules. Here pzprjs (the code behind puzz.link) judges them. For every K-th answered
corpus puzzle of each genre with clue tools, a puzz.link codec and a pzprjs answer adapter,
up to N clues are taken away one at a time (the clue tools' ``without``, which only widens a
puzzle) and each such puzzle is solved; where the verdict is ``multiple``, pzprjs opens the
puzzle's URL and checks the first and the second answer by its own rules (each must be
accepted; they must differ). Counted per genre: puzzles solved, ``multiple`` verdicts,
answers pzprjs accepts. Writes ``benchmarks/results/pzprjs_multiples.{md,json}``.
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
from pzprjs_build import LIBRARY  # noqa: E402
from pzprjs_crosscheck import DRIVER, Driver, answered  # noqa: E402

import pencilsat  # noqa: E402
from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES  # noqa: E402
from pencilsat.formats.puzzlink import to_url  # noqa: E402

ADAPTERS = DRIVER.parent / "answers"
SECONDS = 30
SHOWN = 5


def check_genre(genre: str, every: int, clues: int, driver: Driver) -> dict[str, Any]:
    rules = GENRES[genre].rules()
    assert rules.clues is not None
    row: dict[str, Any] = {"genre": genre, "solved": 0, "multiple": 0, "other": {},
                           "answers": 0, "accepted": 0, "problems": []}
    for name, puzzle, _, _ in answered(GENRES[genre], every):
        given = rules.clues.given(puzzle)
        for clue in given[:: max(1, len(given) // clues)][:clues]:
            wider = rules.clues.without(puzzle, clue)
            try:
                url = to_url(wider)
            except InputError:
                continue
            result = pencilsat.solve(wider, time_limit=SECONDS)
            row["solved"] += 1
            verdict = result.verdict.value
            if verdict != "multiple":
                row["other"][verdict] = row["other"].get(verdict, 0) + 1
                continue
            row["multiple"] += 1
            if result.solution == result.second_solution:
                row["problems"].append(f"{name} without {clue}: the two answers are equal")
            for answer in (result.solution, result.second_solution):
                out = driver.ask({"genre": genre, "url": url,
                                  "rows": rules.solution_rows(wider, answer)})
                row["answers"] += 1
                if "error" not in out and out["check"]["complete"]:
                    row["accepted"] += 1
                elif len(row["problems"]) < SHOWN:
                    said = out.get("error") or out["check"]["code"]
                    row["problems"].append(f"{name} without {clue}: {said} ({url})")
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(GENRES))
    parser.add_argument("--every", type=int, default=10, help="every K-th puzzle (default 10)")
    parser.add_argument("--clues", type=int, default=3, help="clues taken away per puzzle")
    parser.add_argument("--out", default="pzprjs_multiples", help="results file stem")
    args = parser.parse_args()
    names = args.genre or [n for n, g in GENRES.items() if g.puzzlink_codec is not None
                           and g.rules().clues is not None and (ADAPTERS / f"{n}.js").exists()]
    driver = Driver()
    rows = []
    try:
        for name in names:
            rows.append(check_genre(name, args.every, args.clues, driver))
            print(json.dumps(rows[-1]), flush=True)
    finally:
        driver.close()
    table = [[r["genre"], r["solved"], r["multiple"],
              ", ".join(f"{k} {v}" for k, v in sorted(r["other"].items())) or "-",
              f"{r['accepted']}/{r['answers']}"] for r in rows]
    body = (f"pzprjs {LIBRARY.parents[2].name}; every {args.every}th answered corpus puzzle, "
            f"up to {args.clues} clues taken away one at a time, {SECONDS} s a solve. "
            "Columns: see `benchmarks/pzprjs_multiples.py`.\n\n"
            + markdown_table(["genre", "puzzles solved", "multiple", "other verdicts",
                              "answers of multiple verdicts pzprjs accepts"], table)
            + "\n\n## Problems\n\n"
            + ("\n".join(f"- {r['genre']}: " + "; ".join(r["problems"])
                         for r in rows if r["problems"]) or "None.") + "\n")
    write_results(args.out, "Multiple verdicts' two answers checked by pzprjs", body, rows)
    print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
