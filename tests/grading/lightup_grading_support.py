"""Test support for the Light Up grader: boards drawn like the digest's diagrams, the 8
symmetries, and corpus access."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from conftest import CORPUS as CORPUS_ROOT

from pencilsat.core.values import Cell
from pencilsat.grading.lightup.finder import effective
from pencilsat.grading.lightup.geometry import Geometry
from pencilsat.grading.lightup.state import Board, Marks
from pencilsat.puzzles.lightup import LightUpPuzzle

CORPUS = CORPUS_ROOT / "lightup"

_PUZZLE_CHAR = {".": -1, "+": -1, "x": -1, "L": -1, "*": -1, "#": -2,
                **{str(k): k for k in range(5)}}


def cell(name: str) -> Cell:
    """Thesis coordinates: 'B3' is column B, row 3 -> (2, 1)."""
    return int(name[1:]) - 1, ord(name[0]) - ord("A")


def cells(names: str) -> set[Cell]:
    return {cell(n) for n in names.split()}


def board_from_rows(rows: list[str]) -> Board:
    """Digest diagram rows: '.' unknown, '#' black, 0-4 clue, 'x' cannot-place, 'L' light,
    '+' lit (must be lit by some 'L'), '*' = 'L'."""
    grid = [row.replace(" ", "") for row in rows]
    puzzle = LightUpPuzzle(np.array([[_PUZZLE_CHAR[ch] for ch in row] for row in grid]))
    board = Board.from_puzzle(puzzle)
    changed: set[int] = set()
    width = puzzle.width
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in "L*":
                board.place_light(r * width + c, changed)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == "x":
                board.forbid(r * width + c, changed)
    return board


def symmetric_variants(rows: list[str]):
    """Yield (rows', mapping) for the 8 symmetries; mapping sends an original cell to its image."""
    grid = np.array([list(row.replace(" ", "")) for row in rows])
    h, w = grid.shape
    index = np.arange(h * w).reshape(h, w)
    for k in range(4):
        for flip in (False, True):
            g, ix = np.rot90(grid, k), np.rot90(index, k)
            if flip:
                g, ix = np.fliplr(g), np.fliplr(ix)
            where = {divmod(int(ix[r, c]), w): (r, c)
                     for r in range(ix.shape[0]) for c in range(ix.shape[1])}
            yield ["".join(row) for row in g], where


def run_detector(board: Board, detect) -> Marks:
    """Union of the detector's effective deductions over every anchor."""
    total = Marks()
    for anchor in range(board.geo.n):
        board.reads = set()
        total = total.merged(effective(board, detect(board, anchor)))
    return total


def effect_cells(board: Board, marks: Marks) -> tuple[set[Cell], set[Cell], set[Cell]]:
    return (set(board.cells(marks.lights)), set(board.cells(marks.no_light)),
            set(board.cells(marks.restriction)))


def corpus_pairs(folder: str) -> list[tuple[Path, Path]]:
    base = CORPUS / folder
    return [(p, p.with_suffix(".sol")) for p in sorted(base.rglob("*.txt"))
            if p.with_suffix(".sol").exists()]


def all_solutions(puzzle: LightUpPuzzle, limit: int = 200) -> list[frozenset[int]]:
    """Every solution (up to ``limit``) as sets of cell indices, by brute force: the test
    oracle for tiny grids."""
    geo = Geometry.from_puzzle(puzzle)
    whites = [i for i in range(geo.n) if geo.white[i]]
    position = {i: k for k, i in enumerate(whites)}
    out: list[frozenset[int]] = []

    def clues_possible(lights: set[int], k: int) -> bool:
        for clue in geo.clues:
            placed = sum(1 for j in geo.nbrs[clue] if j in lights)
            still_open = sum(1 for j in geo.nbrs[clue] if position[j] >= k)
            if placed > geo.number[clue] or placed + still_open < geo.number[clue]:
                return False
        return True

    def extend(k: int, lights: set[int]) -> None:
        if len(out) >= limit or not clues_possible(lights, k):
            return
        if k == len(whites):
            lit = set().union(*(geo.seen[i] for i in lights)) if lights else set()
            if lit >= set(whites):
                out.append(frozenset(lights))
            return
        i = whites[k]
        if not any(j in lights for j in geo.seen[i] if j != i):
            lights.add(i)
            extend(k + 1, lights)
            lights.discard(i)
        extend(k + 1, lights)

    extend(0, set())
    return out
