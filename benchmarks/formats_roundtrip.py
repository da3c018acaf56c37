"""Measure the URL / game-ID codecs on the whole corpus: correctness, size and speed.

Run from the repository root: ``python benchmarks/formats_roundtrip.py``. Writes
``benchmarks/results/formats_roundtrip.{md,json}``. For every Masyu and Light Up corpus file
and every Tatham Solo puzzle it exports a puzz.link URL and a Tatham game ID, reads both back,
and counts exact round trips; it reports code length per cell and the median time per
export+import.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from pencilsat.formats.puzzlink import parse_url, to_url  # noqa: E402
from pencilsat.formats.tatham import parse_game_id, to_game_id  # noqa: E402
from pencilsat.puzzles import lightup, masyu, sudoku  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
RESULTS = REPO / "benchmarks" / "results"


def puzzles() -> dict[str, list]:
    out: dict[str, list] = {"masyu": [], "lightup": [], "sudoku (Tatham sets)": []}
    for genre, parse in (("masyu", masyu.parse_puzzle), ("lightup", lightup.parse_puzzle)):
        out[genre] = [parse(p.read_text()) for p in sorted((CORPUS / genre).rglob("*.txt"))]
    for path in sorted((CORPUS / "sudoku" / "tatham").glob("*.txt")):
        out["sudoku (Tatham sets)"] += [sudoku.parse_line(line) for line in
                                        path.read_text().splitlines()]
    return out


def measure(items: list, export, read) -> dict:
    ok, lengths, times = 0, [], []
    for puzzle in items:
        start = time.perf_counter()
        code = export(puzzle)
        back = read(code)
        times.append(time.perf_counter() - start)
        ok += back == puzzle
        lengths.append(len(code) / (puzzle.width * puzzle.height))
    return {"puzzles": len(items), "exact_round_trips": ok,
            "mean_chars_per_cell": statistics.mean(lengths),
            "median_ms": 1000 * statistics.median(times), "max_ms": 1000 * max(times)}


def main() -> None:
    data = {}
    rows = []
    for genre, items in puzzles().items():
        tatham_genre = {"masyu": "pearl", "lightup": "lightup"}.get(genre, "solo")
        for name, export, read in (
            ("puzz.link URL", to_url, parse_url),
            ("Tatham game ID", to_game_id, lambda t, g=tatham_genre: parse_game_id(t, g)),
        ):
            result = measure(items, export, read)
            data[f"{genre} / {name}"] = result
            rows.append([genre, name, result["puzzles"], result["exact_round_trips"],
                         f"{result['mean_chars_per_cell']:.3f}", f"{result['median_ms']:.3f}",
                         f"{result['max_ms']:.3f}"])
    header = ["genre", "code", "puzzles", "exact round trips", "chars per cell",
              "median ms", "max ms"]
    table = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    table += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    body = (f"# Format codecs on the corpus\n\nMeasured {stamp} on {platform.machine()}, "
            f"Python {platform.python_version()}.\nEach puzzle is exported and read back; "
            "time is export + import, chars per cell is code length / cells.\n\n"
            + "\n".join(table) + "\n")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "formats_roundtrip.md").write_text(body)
    (RESULTS / "formats_roundtrip.json").write_text(json.dumps(data, indent=1) + "\n")
    print(body)


if __name__ == "__main__":
    main()
