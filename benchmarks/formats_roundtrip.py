"""Measure the URL / game-ID codecs of every genre on the whole corpus: correctness, size, speed.

Run from the repository root: ``python benchmarks/formats_roundtrip.py [--genre NAME]``.
Writes ``benchmarks/results/formats_roundtrip.{md,json}``. The genres come from the registry:
for each genre with a puzz.link codec and/or a Tatham game-ID codec, every puzzle file of its
corpus folder (janko, Tatham's sets, pzprjs' examples; Sudoku: Tatham's sets, a line each) is
exported and read back; the table counts exact round trips (the puzzle read back equals the
puzzle written), code length per cell and the median time of one export + import. A puzzle a
codec refuses by name (a form the other program cannot write) is counted as refused, with the
first reason; 'same code again' counts the puzzles whose read-back writes the same code.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES, Genre  # noqa: E402
from pencilsat.formats.puzzlink import parse_url, to_url  # noqa: E402
from pencilsat.formats.tatham import parse_game_id, to_game_id  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
RESULTS = REPO / "benchmarks" / "results"


def corpus_puzzles(genre: Genre) -> Iterator[Any]:
    """Every puzzle of the genre's corpus folder; Sudoku's are the lines of Tatham's sets."""
    rules = genre.rules()
    root = CORPUS / genre.corpus.split("/")[0]
    if genre.name == "sudoku":
        for path in sorted((root / "tatham").glob("*.txt")):
            for line in path.read_text().splitlines():
                if line.strip():
                    yield rules.parse_puzzle(line, path.name)
        return
    for path in sorted(root.rglob("*.txt")):
        yield rules.parse_puzzle(path.read_text(), path.name)


def measure(items: list[Any], export: Callable[[Any], str],
            read: Callable[[str], Any]) -> dict[str, Any]:
    ok, stable, refused, lengths, times = 0, 0, 0, [], []
    reason = ""
    for puzzle in items:
        start = time.perf_counter()
        try:
            code = export(puzzle)
        except InputError as err:
            refused += 1
            reason = reason or str(err).splitlines()[0]
            continue
        back = read(code)
        times.append(time.perf_counter() - start)
        ok += back == puzzle
        stable += export(back) == code
        lengths.append(len(code) / (puzzle.width * puzzle.height))
    return {"puzzles": len(items), "exact_round_trips": ok, "same_code_again": stable,
            "refused": refused,
            "refused_because": reason,
            "mean_chars_per_cell": statistics.mean(lengths) if lengths else None,
            "median_ms": 1000 * statistics.median(times) if times else None,
            "max_ms": 1000 * max(times) if times else None}


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", help="only these genres (repeatable)")
    args = parser.parse_args()
    data: dict[str, Any] = {}
    rows = []
    for genre in GENRES.values():
        if args.genre and genre.name not in args.genre:
            continue
        codecs: list[tuple[str, Callable[[Any], str], Callable[[str], Any]]] = []
        if genre.puzzlink_codec:
            codecs.append(("puzz.link URL", to_url, parse_url))
        if genre.tatham_codec:
            codecs.append(("Tatham game ID", to_game_id,
                           functools.partial(parse_game_id, genre=genre.tatham[0])))
        if not codecs:
            continue
        items = list(corpus_puzzles(genre))
        for name, export, read in codecs:
            result = measure(items, export, read)
            data[f"{genre.name} / {name}"] = result
            refused = (f"{result['refused']} ({result['refused_because']})"
                       if result["refused"] else "0")
            rows.append([genre.title, name, result["puzzles"], result["exact_round_trips"],
                         result["same_code_again"], refused, _fmt(result["mean_chars_per_cell"]),
                         _fmt(result["median_ms"]), _fmt(result["max_ms"])])
            print(" | ".join(str(v) for v in rows[-1]), flush=True)
    header = ["genre", "code", "puzzles", "exact round trips", "same code again",
              "refused by name",
              "chars per cell", "median ms", "max ms"]
    table = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    table += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    body = (f"# Format codecs on the corpus\n\nMeasured {stamp} on {platform.machine()}, "
            f"Python {platform.python_version()}: `python benchmarks/formats_roundtrip.py`.\n"
            "Every corpus puzzle of every genre with a codec (Sudoku: Tatham's sets) is "
            "exported and read back; time is export + import, chars per cell is code length "
            "/ cells. 'Same code again': the puzzle read back writes the same code (Heyawake: "
            "pzprjs keeps a room's clue in the room's top-left cell, so a clue the text "
            "format puts elsewhere in its room comes back there, the same puzzle). 'Refused "
            "by name': the codec says the puzzle has a form the other program cannot "
            "write.\n\n" + "\n".join(table) + "\n")
    if not args.genre:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "formats_roundtrip.md").write_text(body)
        (RESULTS / "formats_roundtrip.json").write_text(json.dumps(data, indent=1) + "\n")
    print(body)


if __name__ == "__main__":
    main()
