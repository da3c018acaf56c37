"""pzprjs's answer check against pencilsat's rule checker on every answer of tiny boards.

``python benchmarks/pzprjs_tiny_boards.py [--genre NAME ...] [--boards N] [--seed S]``

pzprjs's own test answers are a handful per genre (``pzprjs_crosscheck.py``); here each genre
gets ``--boards`` tiny puzzles made up from a seeded RNG (3x3; Norinori and LITS 4x3, Star
Battle 4x4 with one star, Shakashaka 3x2 with four or five white cells; the region genres,
Tents and Shakashaka built around a random answer pencilsat accepts, so that some answers
are right), and every answer of each board
(every shading; every tent placement; every star set of one star a row; every triangle or
none in each white cell) goes to both checkers: pzprjs's through the driver and the genre's
adapter (``peers/pzprjs_driver``), pencilsat's through ``read_solution`` and the rule checker.
Counted per genre: the answers both accept, both refuse, those only pzprjs's rule that an
answer is not empty refuses (the notes beside the adapters, ``peers/pzprjs_driver/notes``),
and any other disagreement, shown. Writes ``benchmarks/results/pzprjs_tiny_boards.{md,json}``.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from common import markdown_table, write_results
from pzprjs_crosscheck import NOTES, Driver

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES
from pencilsat.formats.puzzlink import to_url
from pencilsat.formats.solution_input import read_solution
from pencilsat.puzzles.lits import named_shading
from pencilsat.puzzles.regions import Regions

BLANK_CODES = ("brNoShade", "brNoTriangle")
SHOWN = 3


def _grid(rows: Any) -> str:
    return "\n".join(" ".join(str(v) for v in row) for row in rows)


def _rooms(rng: random.Random, width: int, height: int, labels: int) -> str:
    """Room rows numbered from 1: the 4-connected pieces of random labels."""
    lab = np.array([[rng.randrange(labels) for _ in range(width)] for _ in range(height)])
    return _grid((Regions.from_labels(lab).ids + 1).tolist())


def _grown(rng: random.Random, width: int, height: int, seeds: list[list[tuple[int, int]]]) -> str:
    """Room rows numbered from 1: each seed's cells one room, grown over the other cells at
    random (a cell joins a room beside it)."""
    ids = np.zeros((height, width), dtype=int)
    for room, cells in enumerate(seeds, start=1):
        for cell in cells:
            ids[cell] = room
    while (ids == 0).any():
        r, c = (int(v) for v in rng.choice(np.argwhere(ids == 0).tolist()))
        beside = [int(ids[r + dr, c + dc]) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                  if 0 <= r + dr < height and 0 <= c + dc < width and ids[r + dr, c + dc]]
        if beside:
            ids[r, c] = rng.choice(beside)
    return _grid((Regions.from_labels(ids).ids + 1).tolist())


def _pieces(rng: random.Random, width: int, height: int, shapes: list[list[tuple[int, int]]],
            count: int) -> list[list[tuple[int, int]]]:
    """``count`` random placements of the ``shapes`` (turned and mirrored), not overlapping."""
    taken: set[tuple[int, int]] = set()
    placed = []
    for _ in range(200):
        shape = rng.choice(shapes)
        for _ in range(rng.randrange(4)):
            shape = [(c, -r) for r, c in shape]
        if rng.random() < 0.5:
            shape = [(r, -c) for r, c in shape]
        r0, c0 = rng.randrange(height), rng.randrange(width)
        cells = [(r0 + r - shape[0][0], c0 + c - shape[0][1]) for r, c in shape]
        if all(0 <= r < height and 0 <= c < width and (r, c) not in taken for r, c in cells):
            placed.append(cells)
            taken.update(cells)
            if len(placed) == count:
                break
    return placed


def _regions_from_pieces(genre: str, shapes: list[list[tuple[int, int]]], count: int,
                         ) -> Callable[[random.Random, int, int], tuple[str, list[str]]]:
    """A maker of a region puzzle built around pieces its answer shades: the pieces, each
    grown into a region, and that answer (kept only when pencilsat accepts it)."""
    def make(rng: random.Random, width: int, height: int) -> tuple[str, list[str]]:
        pieces = _pieces(rng, width, height, shapes, count)
        grid = [["."] * width for _ in range(height)]
        for cells in pieces:
            for r, c in cells:
                grid[r][c] = "#"
        return (f"{genre} {width} {height}\n" + _grown(rng, width, height, pieces),
                ["".join(row) for row in grid])
    return make


def _numbers(rng: random.Random, genre: str, width: int, height: int, low: int) -> str:
    cells: list[list[Any]] = [["."] * width for _ in range(height)]
    for _ in range(rng.randint(1, 3)):
        cells[rng.randrange(height)][rng.randrange(width)] = rng.randint(low, 5)
    return f"{genre} {width} {height}\n" + _grid(cells)


def _heyawake(rng: random.Random, width: int, height: int) -> str:
    rooms = _rooms(rng, width, height, 3)
    ids = np.array([row.split() for row in rooms.splitlines()], dtype=int)
    clues: list[list[Any]] = [["."] * width for _ in range(height)]
    for room in range(1, int(ids.max()) + 1):
        cells = np.argwhere(ids == room)
        if rng.random() < 0.6:
            clues[cells[0][0]][cells[0][1]] = rng.randint(0, min(3, len(cells)))
    return f"heyawake {width} {height}\n" + _grid(clues) + "\n" + rooms


def _tents(rng: random.Random, width: int, height: int) -> tuple[str, list[str]]:
    """Tents and their trees (a tree beside each tent) at random, the counts the tents'."""
    pairs = _pieces(rng, width, height, [[(0, 0), (0, 1)]], rng.randint(1, 2))
    grid = [["."] * width for _ in range(height)]
    for tent, tree in pairs:
        grid[tent[0]][tent[1]], grid[tree[0]][tree[1]] = "A", "T"
    tents = np.array([[ch == "A" for ch in row] for row in grid])
    counts = " ".join(str(int(v)) for v in tents.sum(axis=0))
    rows = ["".join("T" if ch == "T" else "." for ch in row) + f" {int(tents[r].sum())}"
            for r, row in enumerate(grid)]
    return f"tents {width} {height}\n{counts}\n" + "\n".join(rows), ["".join(r) for r in grid]


def _nonogram(rng: random.Random, width: int, height: int) -> str:
    picture = np.array([[rng.random() < 0.5 for _ in range(width)] for _ in range(height)])

    def clue(line: np.ndarray) -> str:
        runs = [len(list(group)) for shaded, group in itertools.groupby(line) if shaded]
        return " ".join(map(str, runs)) or "0"

    return (f"nonogram {width} {height}\n" + "\n".join(clue(col) for col in picture.T) + "\n"
            + "\n".join(clue(row) for row in picture))


def _shakashaka(rng: random.Random, width: int, height: int) -> tuple[str, list[str]]:
    """Black cells, each numbered with the triangles beside it or not, and a random answer
    with a triangle (kept only when pencilsat accepts it)."""
    cells = [["#"] * width for _ in range(height)]
    while sum(row.count(".") for row in cells) not in (4, 5):
        cells = [[rng.choice([".", ".", "#"]) for _ in range(width)] for _ in range(height)]
    answer = [row[:] for row in cells]
    while all(token in (".", "#") for row in answer for token in row):  # a triangle at least
        answer = [[rng.choice(["."] * 3 + ["nw", "ne", "sw", "se"]) if ch == "." else ch
                   for ch in row] for row in cells]
    for r in range(height):
        for c in range(width):
            if cells[r][c] == "#" and rng.random() < 0.7:
                near = [answer[r + dr][c + dc] for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= r + dr < height and 0 <= c + dc < width]
                cells[r][c] = answer[r][c] = str(sum(t in ("nw", "ne", "sw", "se") for t in near))
    return (f"shakashaka {width} {height}\n" + _grid(cells),
            [" ".join(row) for row in answer])


DOMINO = [(0, 0), (0, 1)]
TETROMINOES = [[(0, 0), (1, 0), (2, 0), (2, 1)], [(0, 0), (1, 0), (2, 0), (3, 0)],
               [(0, 0), (0, 1), (0, 2), (1, 1)], [(0, 1), (0, 2), (1, 0), (1, 1)]]
MAKERS: dict[str, tuple[int, int, Callable[[random.Random, int, int], Any]]] = {
    "nurikabe": (3, 3, lambda rng, w, h: _numbers(rng, "nurikabe", w, h, 1)),
    "kurodoko": (3, 3, lambda rng, w, h: _numbers(rng, "kurodoko", w, h, 2)),
    "hitori": (3, 3, lambda rng, w, h: f"hitori {w} {h}\n" + _grid(
        [[rng.randint(1, 3) for _ in range(w)] for _ in range(h)])),
    "heyawake": (3, 3, _heyawake),
    "norinori": (4, 3, _regions_from_pieces("norinori", [DOMINO], 3)),
    "lits": (4, 3, _regions_from_pieces("lits", TETROMINOES, 2)),
    "nonogram": (3, 3, _nonogram),
    "tents": (3, 3, _tents),
    "starbattle": (4, 4, lambda rng, w, h: _stars(rng, w, h)),
    "shakashaka": (3, 2, _shakashaka),
}
"""Per genre: the board's width and height, and a maker of a random puzzle's text (or of
the text and an answer it is built around, kept only when pencilsat's checker accepts it)."""


def _stars(rng: random.Random, width: int, height: int) -> tuple[str, list[str]]:
    """One star a row and column at random, each grown into a region."""
    cols = rng.sample(range(width), height)
    stars = [[(r, c)] for r, c in enumerate(cols)]
    return (f"starbattle {width} {height} 1\n" + _grown(rng, width, height, stars),
            ["." * c + "*" + "." * (width - c - 1) for c in cols])


def answers(genre: str, puzzle: Any, rows: list[str]) -> Iterator[list[str]]:
    """Every answer of the board whose empty answer's rows are ``rows``."""
    width, height = puzzle.width, puzzle.height
    if genre == "starbattle":
        for cols in itertools.product(range(width), repeat=height):
            yield ["." * c + "*" + "." * (width - c - 1) for c in cols]
        return
    if genre == "shakashaka":
        grid = [row.split(" ") for row in rows]
        free = [(r, c) for r in range(height) for c in range(width) if grid[r][c] == "."]
        for tokens in itertools.product((".", "nw", "ne", "sw", "se"), repeat=len(free)):
            for (r, c), token in zip(free, tokens, strict=True):
                grid[r][c] = token
            yield [" ".join(row) for row in grid]
        return
    mark = "A" if genre == "tents" else "#"
    free = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
    if genre in ("nurikabe", "kurodoko"):
        free = [(r, c) for r, c in free if puzzle.numbers[r, c] == 0]
    for marks in itertools.product((".", mark), repeat=len(free)):
        grid = [list(row) for row in rows]
        for (r, c), ch in zip(free, marks, strict=True):
            grid[r][c] = ch
        if genre == "lits":
            shaded = np.array([[ch == "#" for ch in row] for row in grid])
            yield ["".join(row) for row in named_shading(puzzle, shaded).letters.tolist()]
        else:
            yield ["".join(row) for row in grid]


def empty_rows(genre: str, puzzle: Any) -> list[str]:
    """The rows of the board with no answer marked (the puzzle's own cells kept)."""
    rules = GENRES[genre].rules()
    if genre == "tents":
        return ["".join("T" if tree else "." for tree in row) for row in puzzle.trees.tolist()]
    if genre == "shakashaka":
        return rules.format_puzzle(puzzle).splitlines()[1:]
    return ["." * puzzle.width] * puzzle.height


def board(genre: str, rng: random.Random) -> tuple[Any, str]:
    """A random tiny puzzle of the genre that has a URL, and its URL."""
    width, height, make = MAKERS[genre]
    rules = GENRES[genre].rules()
    while True:
        made = make(rng, width, height)
        text, built = made if isinstance(made, tuple) else (made, None)
        try:
            puzzle = rules.parse_puzzle(text, "")
            url = to_url(puzzle)
            if built is not None and genre == "lits":
                shaded = np.array([[ch == "#" for ch in row] for row in built])
                built = ["".join(row) for row in named_shading(puzzle, shaded).letters.tolist()]
            if built is None or not rules.check(puzzle, read_solution(puzzle, built)):
                return puzzle, url
        except InputError:
            continue


def compare(genre: str, boards: int, rng: random.Random, driver: Driver) -> dict[str, Any]:
    rules = GENRES[genre].rules()
    row: dict[str, Any] = {"genre": genre, "boards": boards, "answers": 0, "both_accept": 0,
                           "both_refuse": 0, "blank_rule": 0, "disagree": 0, "shown": []}
    for _ in range(boards):
        puzzle, url = board(genre, rng)
        for rows in answers(genre, puzzle, empty_rows(genre, puzzle)):
            out = driver.ask({"genre": genre, "url": url, "rows": rows})
            if "error" in out:
                raise SystemExit(f"the driver failed on {url}: {out['error'].splitlines()[0]}")
            theirs = out["check"]["complete"]
            try:
                broken = [str(v) for v in rules.check(puzzle, read_solution(puzzle, rows))]
            except InputError as err:
                broken = ["unreadable: " + str(err).splitlines()[0]]
            row["answers"] += 1
            if theirs == (not broken):
                row["both_accept" if theirs else "both_refuse"] += 1
            elif not broken and out["check"]["code"] in BLANK_CODES:
                row["blank_rule"] += 1
            else:
                row["disagree"] += 1
                if len(row["shown"]) < SHOWN:
                    said = broken[0] if broken else "accepted"
                    row["shown"].append(f"{url} {rows}: pzprjs {out['check']['code'] or 'complete'}"
                                        f", pencilsat {said}")
    return row


def page(rows: list[dict[str, Any]], seed: int) -> str:
    table = [[r["genre"], r["boards"], r["answers"], r["both_accept"], r["both_refuse"],
              r["blank_rule"], f"{r['disagree']}"] for r in rows]
    header = ["genre", "boards", "answers checked", "both accept", "both refuse",
              "only pzprjs's blank rule refuses", "other disagreements"]
    shown = [f"- {r['genre']}: " + "; ".join(r["shown"]) for r in rows if r["shown"]]
    notes = [(r["genre"], NOTES / f"{r['genre']}.md") for r in rows if r["blank_rule"]]
    blank = [f"- {genre}: " + " ".join(path.read_text().split()) for genre, path in notes
             if path.exists()]
    return (f"Seed {seed}; tiny made-up boards, every answer of each. Columns: see "
            "`benchmarks/pzprjs_tiny_boards.py`.\n\n" + markdown_table(header, table)
            + "\n\n## Disagreements\n\n" + ("\n".join(shown) if shown else "None.") + "\n"
            + ("\n## pzprjs's blank rule\n\n" + "\n".join(blank) + "\n" if blank else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=sorted(MAKERS),
                        help="this genre only (repeatable; default: all of them)")
    parser.add_argument("--boards", type=int, default=4, help="boards per genre")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="pzprjs_tiny_boards", help="results file stem")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    driver = Driver()
    rows = []
    try:
        for genre in args.genre or list(MAKERS):
            rows.append(compare(genre, args.boards, rng, driver))
            print({k: v for k, v in rows[-1].items() if k != "shown"}, flush=True)
    finally:
        driver.close()
    write_results(args.out, "pzprjs's answer check and pencilsat's rule checker on tiny boards",
                  page(rows, args.seed), rows)
    print(page(rows, args.seed))


if __name__ == "__main__":
    main()
