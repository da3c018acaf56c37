"""Puzzles pencilsat makes, and their answers, checked by pzprjs (the code behind puzz.link).

``python benchmarks/pzprjs_generated.py [--genre NAME ...] [--seeds N]``

Needs node and pzprjs built by ``benchmarks/pzprjs_build.py``. For each genre with a maker, a
puzz.link codec and a pzprjs answer adapter (``peers/pzprjs_driver/answers/<genre>.js``),
``generate`` makes puzzles of seeds 1..N at a small grid (the brute-force oracles' size), at
the genre's usual size, at each of its levels and in each of its variants; ``solve`` answers
each. pzprjs opens the made puzzle's URL and checks, by its own rules, the generator's answer
and the solver's (each must be accepted), and the same answers spoiled (refused). The corpus
cross-check (``pzprjs_crosscheck.py``) covers published puzzles; this one covers the shapes
only a generator writes (clue densities, sizes, levels, symmetric layouts).
Writes ``benchmarks/results/pzprjs_generated.{md,json}`` (or ``--out STEM``).
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
from generate_audit import SMALL, VARIANTS  # noqa: E402
from pzprjs_build import LIBRARY  # noqa: E402
from pzprjs_crosscheck import DRIVER, Driver  # noqa: E402

import pencilsat  # noqa: E402
from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES  # noqa: E402
from pencilsat.formats.puzzlink import to_url  # noqa: E402
from pencilsat.to_order import generation_offer  # noqa: E402

ADAPTERS = DRIVER.parent / "answers"
SHOWN = 5


def orders(genre: str, offer: dict[str, Any]) -> list[dict[str, Any]]:
    """The orders made per seed: small, usual, each level, each variant at the usual size."""
    w, h = (int(v) for v in offer["size"].split("x"))
    small = SMALL.get(genre, (4, 4))
    out: list[dict[str, Any]] = [{"width": small[0], "height": small[1]},
                                 {"width": w, "height": h}]
    if offer["levels"]:
        low, high = offer["levels"]
        out += [{"width": w, "height": h, "level": lv} for lv in range(low, high + 1)]
    out += [{"width": w, "height": h, "variant": v} for v in VARIANTS.get(genre, ())]
    return out


def check_genre(genre: str, offer: dict[str, Any], seeds: int, driver: Driver) -> dict[str, Any]:
    rules = GENRES[genre].rules()
    row: dict[str, Any] = {"genre": genre, "made": 0, "not_made": 0, "answers": 0,
                           "accepted": 0, "spoiled": 0, "spoiled_refused": 0, "problems": []}
    for order in orders(genre, offer):
        for seed in range(1, seeds + 1):
            made = pencilsat.generate(genre, seed=seed, time_limit=60, **order)
            if made.verdict != "unique":
                row["not_made"] += 1
                continue
            row["made"] += 1
            solved = pencilsat.solve(made.puzzle)
            answers = [("generator", made.solution)]
            if solved.solution is not None:
                answers.append(("solver", solved.solution))
            label = (f"{order['width']}x{order['height']} seed {seed}"
                     + "".join(f" {k} {order[k]}" for k in ("level", "variant") if k in order))
            try:
                url = to_url(made.puzzle)
            except InputError as err:
                row["problems"].append(f"{label}: no URL ({str(err).splitlines()[0]})")
                continue
            for who, answer in answers:
                out = driver.ask({"genre": genre, "url": url,
                                  "rows": rules.solution_rows(made.puzzle, answer)})
                if "error" in out:
                    row["problems"].append(f"{label}: driver error {out['error'][:100]}")
                    continue
                row["answers"] += 1
                if out["check"]["complete"]:
                    row["accepted"] += 1
                elif len(row["problems"]) < SHOWN:
                    row["problems"].append(f"{label}, the {who}'s answer: "
                                           f"{out['check']['code']} ({url})")
                if out["spoiled"] is not None:
                    row["spoiled"] += 1
                    row["spoiled_refused"] += not out["spoiled"]["complete"]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(GENRES))
    parser.add_argument("--seeds", type=int, default=3, help="seeds 1..N per order")
    parser.add_argument("--out", default="pzprjs_generated", help="results file stem")
    args = parser.parse_args()
    offer = generation_offer()
    names = args.genre or [n for n in offer if GENRES[n].puzzlink_codec is not None
                           and (ADAPTERS / f"{n}.js").exists()]
    driver = Driver()
    rows = []
    try:
        for name in names:
            rows.append(check_genre(name, offer[name], args.seeds, driver))
            print(json.dumps(rows[-1]), flush=True)
    finally:
        driver.close()
    table = [[r["genre"], r["made"], r["not_made"], f"{r['accepted']}/{r['answers']}",
              f"{r['spoiled_refused']}/{r['spoiled']}"] for r in rows]
    body = (f"pzprjs {LIBRARY.parents[2].name}; seeds 1..{args.seeds} per order (a small grid, "
            "the usual size, each level, each variant). Columns: see "
            "`benchmarks/pzprjs_generated.py`.\n\n"
            + markdown_table(["genre", "made", "not made (limit)",
                              "answers pzprjs accepts (generator's and solver's)",
                              "spoiled answers refused"], table)
            + "\n\n## Problems\n\n"
            + ("\n".join(f"- {r['genre']}: " + "; ".join(r["problems"])
                         for r in rows if r["problems"]) or "None.") + "\n")
    write_results(args.out, "Made puzzles' answers checked by pzprjs", body, rows)
    print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
