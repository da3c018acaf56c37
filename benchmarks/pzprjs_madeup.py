"""Made-up boards of the forms the corpus lacks, through pzprjs as the corpus goes through it.

``python benchmarks/pzprjs_madeup.py [--out STEM]``

The corpus's Sudokus are 9x9 without gaps, its Skyscrapers have no gaps, its Ripple Effects
no cut-out cells or ``?`` givens, its Fillominos no ``?`` or flag ``t``. These boards are made
up here (patterns for Sudoku and Skyscrapers; a first solution by pencilsat's solver for the
others, uniqueness not needed) and each goes through ``benchmarks/pzprjs_crosscheck.py``'s
driver: pzprjs reads pencilsat's URL at the size written, accepts pencilsat's answer (which
pencilsat's checker accepts), refuses it spoiled, and its own URL and file read back as the
same puzzle. Writes ``benchmarks/results/pzprjs_madeup.{md,json}``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from common import markdown_table, write_results
from pzprjs_crosscheck import Driver, reads_back

from pencilsat.core.registry import GENRES
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.pzprv3_file import read_pzprv3_file
from pencilsat.strategies.front import solve

DIGITS = "123456789ABCDEFGHIJKLMNOP"


def sudoku(side: int, box: tuple[int, int], gaps: list[tuple[int, int]]) -> tuple[str, str]:
    """A filled pattern grid (boxes ``box`` = width, height), every third cell given."""
    width, height = box
    grid = [[(width * (r % height) + r // height + c) % side for c in range(side)]
            for r in range(side)]
    clue = [[DIGITS[v] if (r * side + c) % 3 == 0 else "." for c, v in enumerate(line)]
            for r, line in enumerate(grid)]
    answer = [[DIGITS[v] for v in line] for line in grid]
    for r, c in gaps:
        clue[r][c] = answer[r][c] = "#"
    shape = f" {width}x{height}" if width != height else ""
    return (f"sudoku {side} {side}{shape}\n" + "\n".join(" ".join(x) for x in clue) + "\n",
            "\n".join("".join(x) for x in answer) + "\n")


def _seen(line: list[int]) -> int:
    tallest = count = 0
    for height in line:
        if height > tallest:
            tallest, count = height, count + 1
    return count


def skyscrapers(side: int, gaps: list[tuple[int, int]],
                givens: list[tuple[int, int]]) -> tuple[str, str]:
    """A Latin square (its gaps 0), every clue around it, ``givens`` given."""
    grid = [[(r + c) % side + 1 for c in range(side)] for r in range(side)]
    for r, c in gaps:
        grid[r][c] = 0
    cols = [[grid[r][c] for r in range(side)] for c in range(side)]
    rows = [["."] + [str(_seen(col)) for col in cols] + ["."]]
    for r in range(side):
        inner = ["#" if (r, c) in gaps else str(grid[r][c]) if (r, c) in givens else "."
                 for c in range(side)]
        rows.append([str(_seen(grid[r]))] + inner + [str(_seen(grid[r][::-1]))])
    rows.append(["."] + [str(_seen(col[::-1])) for col in cols] + ["."])
    answer = [" ".join(str(v) if v else "." for v in line) for line in grid]
    return (f"skyscrapers {side} {side} {side}\n" + "\n".join(" ".join(x) for x in rows) + "\n",
            f"skyscrapers-solution {side} {side}\n" + "\n".join(answer) + "\n")


_SPLIT = ["1 1 1 2 2", "1 # 1 2 2", "3 3 3 4 4", "5 5 6 4 4", "5 5 6 6 6"]
_CUT_ROOMS = ["1 1 # 7 7", "1 1 # 7 7", "2 2 3 3 3", "2 2 3 4 4", "5 5 5 4 4"]
_EMPTY5 = "\n".join([". . . . ."] * 5)
SOLVED = [
    ("ripple", "a cut-out cell", f"ripple 5 5\n{_EMPTY5}\n" + "\n".join(_SPLIT) + "\n"),
    ("ripple", "cut-out cells and ? givens", "ripple 5 5\n? . . . .\n. . . . .\n. . ? . .\n"
     ". . . . .\n. . . . ?\n" + "\n".join(_SPLIT) + "\n"),
    ("ripple", "a cut-out column between two rooms",
     f"ripple 5 5\n{_EMPTY5}\n" + "\n".join(_CUT_ROOMS) + "\n"),
    ("fillomino", "a ? given", "fillomino 4 4\n3 . . .\n. . ? .\n. 1 . .\n. . . 2\n"),
    ("fillomino", "flag t, a ? given", "fillomino 4 4 3\n3 . . .\n. . ? .\n. 1 . .\n. . . 2\n"),
    ("fillomino", "two ? side by side in blocks of 2 and 3 (pzprjs joins them unless the "
     "border is drawn)", "fillomino 6 1\n2 ? ? 3 3 .\n"),
    ("fillomino", "no givens", "fillomino 4 4\n" + "\n".join([". . . ."] * 4) + "\n"),
    ("kakuro", "sums 22 to 24", "kakuro 4 4\n# 24\\ 23\\ 22\\\n\\23 . . .\n\\24 . . .\n"
     "\\22 . . .\n"),
    ("kakuro", "a run without a sum", "kakuro 4 4\n# 24\\ 23\\ 22\\\n\\23 . . .\n\\24 . . .\n"
     "\\ . . .\n"),
]


def boards() -> Iterator[tuple[str, str, Any, Any]]:
    """(genre, what, puzzle, answer) of every made-up board."""
    for side, box in ((4, (2, 2)), (6, (3, 2)), (9, (3, 3)), (16, (4, 4)), (25, (5, 5))):
        for gaps in ([], [(0, 1), (side - 1, side - 2)]):
            what = f"{side}x{side}" + (", 2 gaps" if gaps else "")
            yield ("sudoku", what, *_read("sudoku", *sudoku(side, box, gaps)))
    for side in (4, 5, 7, 9, 10, 12):
        for gaps, givens in (([], [(0, 0), (1, 2)]), ([(1, 1)], [(0, 0)]),
                             ([(0, 0), (2, 3)], [])):
            what = f"{side}x{side}, givens {len(givens)}, gaps {len(gaps)}"
            yield ("skyscrapers", what, *_read("skyscrapers", *skyscrapers(side, gaps, givens)))
    for genre, what, text in SOLVED:
        puzzle = GENRES[genre].rules().parse_puzzle(text, what)
        yield genre, what, puzzle, solve(puzzle).solution


def _read(genre: str, text: str, answer: str) -> tuple[Any, Any]:
    rules = GENRES[genre].rules()
    puzzle = rules.parse_puzzle(text, genre)
    return puzzle, rules.parse_solution(answer, puzzle)


def run(driver: Driver) -> list[dict[str, Any]]:
    out = []
    for genre, what, puzzle, answer in boards():
        rules = GENRES[genre].rules()
        url = to_url(puzzle)
        said = driver.ask({"genre": genre, "url": url,
                           "rows": rules.solution_rows(puzzle, answer)})
        out.append({
            "genre": genre, "board": what, "url": url,
            "pencilsat accepts": not rules.check(puzzle, answer),
            "read as written": (said["cols"], said["rows"]) == (puzzle.width, puzzle.height),
            "pzprjs accepts": said["check"]["complete"],
            "spoiled refused": said["spoiled"] is not None and not said["spoiled"]["complete"],
            "URL back": reads_back(said["url"], (puzzle,), parse_url) is None,
            "file back": reads_back(said["file"], (puzzle,), read_pzprv3_file) is None})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="pzprjs_madeup", help="results file stem")
    args = parser.parse_args()
    driver = Driver()
    try:
        rows = run(driver)
    finally:
        driver.close()
    keys = ["pencilsat accepts", "read as written", "pzprjs accepts", "spoiled refused",
            "URL back", "file back"]
    table = [[r["genre"], r["board"], f"`{r['url'][20:60]}`"]
             + ["yes" if r[k] else "**no**" for k in keys] for r in rows]
    agree = sum(all(r[k] for k in keys) for r in rows)
    body = (f"Made-up boards (`benchmarks/pzprjs_madeup.py`): {agree} of {len(rows)} agree in "
            "every column.\n\n" + markdown_table(["genre", "board", "URL (start)"] + keys, table))
    write_results(args.out, "Made-up boards against pzprjs", body, rows)
    print(body)


if __name__ == "__main__":
    main()
