"""pencilsat's ``multiple`` verdicts checked by pzprjs: both answers shown must be right.

``python benchmarks/pzprjs_multiples.py [--genre NAME ...] [--every K] [--clues N]``
``python benchmarks/pzprjs_multiples.py --janko --out pzprjs_janko_multiples``

Needs node and pzprjs built by ``benchmarks/pzprjs_build.py``. A ``multiple`` verdict shows
two answers; pencilsat's own checker accepts both, but a checker shares its author's reading
of the rules. Here pzprjs (the code behind puzz.link) judges them. For every K-th answered
corpus puzzle of each genre with clue tools, a puzz.link codec and a pzprjs answer adapter,
up to N clues are taken away one at a time (the clue tools' ``without``, which only widens a
puzzle) and each such puzzle is solved; where the verdict is ``multiple``, pzprjs opens the
puzzle's URL and checks the first and the second answer by its own rules (each must be
accepted; they must differ). Counted per genre: puzzles solved, ``multiple`` verdicts,
answers pzprjs accepts. With ``--janko``, janko's own puzzles with a second answer
(``benchmarks/janko_multiples.py``, docs/known-gaps.md) instead: each solved as it is, and
both answers given to pzprjs, so that their being ``multiple`` rests on pzprjs's rules too,
not on pencilsat's checker alone. Writes ``benchmarks/results/pzprjs_multiples.{md,json}``.
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

from common import CORPUS, markdown_table, write_results  # noqa: E402
from janko_multiples import OTHERS  # noqa: E402
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
                    row["problems"].append(f"{name} without {clue}: {said}")
    return row


JANKO_NUMBERLINK = ("565_10x10 424_12x12 435_12x12 445_12x12 388_10x15 487_15x15 531_15x15 "
                    "308_15x20 566_16x24 578_19x25 528_20x20 537_20x20 546_20x20 549_20x20 "
                    "572_25x40").split()
"""janko's Numberlink with a second answer under its rules (docs/known-gaps.md)."""


def janko(driver: Driver) -> list[dict[str, Any]]:
    """janko's puzzles with a second answer, each solved and both answers checked by pzprjs."""
    out = []
    for path in [*OTHERS, *(f"numberlink/janko/{n}" for n in JANKO_NUMBERLINK)]:
        genre = GENRES[path.split("/")[0]]
        rules = genre.rules()
        puzzle = rules.parse_puzzle((CORPUS / f"{path}.txt").read_text(), path)
        result = pencilsat.solve(puzzle, time_limit=120)
        row: dict[str, Any] = {"puzzle": path, "verdict": result.verdict.value, "accepted": None}
        if result.verdict.value == "multiple":
            url = to_url(puzzle)
            row["accepted"] = [driver.ask({"genre": genre.name, "url": url,
                                           "rows": rules.solution_rows(puzzle, answer)})
                               ["check"]["complete"]
                               for answer in (result.solution, result.second_solution)]
        out.append(row)
        print(json.dumps(row), flush=True)
    return out


def janko_page(rows: list[dict[str, Any]]) -> str:
    table = [[r["puzzle"], r["verdict"],
              "-" if r["accepted"] is None else f"{sum(r['accepted'])}/2"] for r in rows]
    return (f"pzprjs {LIBRARY.parents[2].name}; janko's puzzles with a second answer, each "
            "solved by pencilsat (120 s) and both answers checked by pzprjs's rules.\n\n"
            + markdown_table(["puzzle", "pencilsat's verdict", "answers pzprjs accepts"], table)
            + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(GENRES))
    parser.add_argument("--every", type=int, default=10, help="every K-th puzzle (default 10)")
    parser.add_argument("--clues", type=int, default=3, help="clues taken away per puzzle")
    parser.add_argument("--janko", action="store_true",
                        help="janko's puzzles with a second answer instead")
    parser.add_argument("--out", default="pzprjs_multiples", help="results file stem")
    args = parser.parse_args()
    if args.janko:
        driver = Driver()
        try:
            found = janko(driver)
        finally:
            driver.close()
        write_results(args.out, "janko's second answers checked by pzprjs", janko_page(found),
                      found)
        print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())
        return
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
