"""Every URL and file form pzprjs writes, read by pencilsat: the same puzzle, or refused by name.

``python benchmarks/pzprjs_forms.py [--genre NAME ...] [--every K]``

Needs node and pzprjs built by ``benchmarks/pzprjs_build.py``. For every K-th corpus puzzle
of each genre with a puzz.link codec, pzprjs (``peers/pzprjs_driver/forms.js``) opens
pencilsat's URL and writes the board in each form it has for the genre: its URL
(``pzprv3``), its file inside a URL (``pzprfile``), Kanpen's URLs (``kanpen``, ``kanpenp``)
and Heyawake-app's (``heyaapp``), its file (``pzpr``) and Kanpen's files (``pbox``,
``pbox_xml``). pencilsat reads each one as a user would give it (``pencilsat.parse_puzzle``:
the format detected). Counted per genre and form: **the same puzzle** (equal, or written
by pencilsat as the same URL), **refused by name**
(a clear error; the first is shown) and **another puzzle** (read, but not the one written:
the failure that matters, as it gives a verdict on a puzzle the user did not give).
Writes ``benchmarks/results/pzprjs_forms.{md,json}`` (or ``--out STEM``).
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
from pzprjs_crosscheck import Driver  # noqa: E402

import pencilsat  # noqa: E402
from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES, Genre  # noqa: E402
from pencilsat.formats.puzzlink import to_url  # noqa: E402

SCRIPT = REPO / "benchmarks" / "peers" / "pzprjs_driver" / "forms.js"
FORMS = ("pzprv3", "pzprfile", "kanpen", "kanpenp", "heyaapp", "pzpr", "pbox", "pbox_xml")


def _url(puzzle: Any) -> str | None:
    """pencilsat's URL of ``puzzle`` (the same puzzle written in one way: Heyawake's room
    clue goes to the room's top-left cell), or None."""
    try:
        return to_url(puzzle)
    except InputError:
        return None


def forms_of(genre: Genre, every: int, node: Driver) -> dict[str, Any]:
    tally: dict[str, dict[str, Any]] = {}
    for puzzle in list(corpus_puzzles(genre))[::every]:
        try:
            url = to_url(puzzle)
        except InputError:
            continue
        out = node.ask({"url": url})
        if "error" in out:
            raise SystemExit(f"pzprjs failed on {url}: {out['error']}")
        for form, text in out["forms"].items():
            row = tally.setdefault(form, {"same": 0, "refused": 0, "other": 0, "reason": "",
                                          "example": ""})
            try:
                back = pencilsat.parse_puzzle(text)
            except InputError as err:
                row["refused"] += 1
                row["reason"] = row["reason"] or str(err).splitlines()[0][:200]
                continue
            if back == puzzle or _url(back) == url:
                row["same"] += 1
            else:
                row["other"] += 1
                row["example"] = row["example"] or text.split("?")[0][:60]  # not the puzzle
    return {"genre": genre.name, "forms": tally}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(GENRES))
    parser.add_argument("--every", type=int, default=10, help="every K-th puzzle (default 10)")
    parser.add_argument("--out", default="pzprjs_forms", help="results file stem")
    args = parser.parse_args()
    if not LIBRARY.exists():
        raise SystemExit(f"{LIBRARY} is missing: run benchmarks/pzprjs_build.py first")
    names = args.genre or [n for n, g in GENRES.items() if g.puzzlink_codec is not None]
    node = Driver(SCRIPT)
    rows = []
    try:
        for name in names:
            rows.append(forms_of(GENRES[name], args.every, node))
            print(json.dumps(rows[-1]), flush=True)
    finally:
        node.close()
    table, notes = [], []
    for r in rows:
        for form in FORMS:
            if form in r["forms"]:
                t = r["forms"][form]
                table.append([r["genre"], form, t["same"], t["refused"], t["other"],
                              t["reason"][:150]])
                if t["other"]:
                    notes.append(f"- {r['genre']}, {form}: {t['example']!r}")
    body = (f"pzprjs {LIBRARY.parents[2].name}; every {args.every}th corpus puzzle of each "
            "genre. Columns: see `benchmarks/pzprjs_forms.py`.\n\n"
            + markdown_table(["genre", "form pzprjs writes", "the same puzzle",
                              "refused by name", "another puzzle", "first reason refused"],
                             table)
            + "\n\n## Read as another puzzle (the first of each)\n\n"
            + ("\n".join(notes) or "None.") + "\n")
    write_results(args.out, "Every form pzprjs writes, read by pencilsat", body, rows)
    print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
