"""LITS' brute-force oracle: every answer of a tiny puzzle, by trying every choice of one
tetromino per region (pruned where two chosen ones of the same letter touch across a border)
and the rule checker; random small puzzles with regions grown around a random answer."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles import lits
from pencilsat.puzzles.polyominoes import placements
from pencilsat.puzzles.regions import NO_REGION, canonical_regions
from pencilsat.puzzles.shading import regions as regions_of


def solutions(puzzle: lits.LitsPuzzle) -> list[lits.LitsSolution]:
    """Every answer the rule checker accepts, in the order of the choices."""
    regions = puzzle.regions.cells()
    options = [placements(cells, lits.SHAPES) for cells in regions]
    letter_at: dict[tuple[int, int], str] = {}
    out = []

    def extend(k: int) -> None:
        if k == len(options):
            shaded = np.zeros(puzzle.region_ids.shape, dtype=bool)
            for cell in letter_at:
                shaded[cell] = True
            if len(regions_of(shaded)) > 1 or _has_block(shaded):
                return  # the checker would say so, more slowly
            answer = lits.named_shading(puzzle, shaded)
            if not lits.check(puzzle, answer):
                out.append(answer)
            return
        for letter, cells in options[k]:
            if any(cell in letter_at for cell in cells):
                continue
            if any(letter_at.get(n) == letter for cell in cells for n in _around(cell)):
                continue
            for cell in cells:
                letter_at[cell] = letter
            extend(k + 1)
            for cell in cells:
                del letter_at[cell]

    extend(0)
    return out


def _has_block(shaded: np.ndarray) -> bool:
    return bool((shaded[1:, 1:] & shaded[:-1, 1:] & shaded[1:, :-1] & shaded[:-1, :-1]).any())


def _around(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def random_puzzle(rng: random.Random) -> lits.LitsPuzzle:
    """A 4x4 to 5x4 grid around a random answer: 2 to 4 tetrominoes placed one by one next
    to the shaded cells (no two of a letter touching, no 2x2 block), each the start of its
    region; the other cells join a neighbouring region at random or are blocked (at 20%,
    50% or 80%, drawn per puzzle): tight regions make some puzzles unique."""
    while True:
        width, height = rng.choice([(4, 4), (5, 4), (4, 5)])
        pieces = _random_answer(rng, width, height, rng.randint(2, 4))
        if pieces is not None:
            return lits.LitsPuzzle(canonical_regions(_regions_around(rng, pieces, width,
                                                                     height)))


def _random_answer(rng: random.Random, width: int, height: int,
                   count: int) -> list[tuple[str, list[tuple[int, int]]]] | None:
    every = placements([(r, c) for r in range(height) for c in range(width)], lits.SHAPES)
    chosen = [rng.choice(every)]
    shaded = set(chosen[0][1])
    while len(chosen) < count:
        fits = [(letter, cells) for letter, cells in every
                if not shaded & set(cells)
                and any(n in shaded for cell in cells for n in _around(cell))
                and not any(n in placed for cell in cells for n in _around(cell)
                            for other, placed in chosen if other == letter)
                and not _makes_block(shaded | set(cells))]
        if not fits:
            return None
        chosen.append(rng.choice(fits))
        shaded |= set(chosen[-1][1])
    return chosen


def _makes_block(shaded: set[tuple[int, int]]) -> bool:
    return any({(r + 1, c), (r, c + 1), (r + 1, c + 1)} <= shaded for r, c in shaded)


def _regions_around(rng: random.Random, pieces: list[tuple[str, list[tuple[int, int]]]],
                    width: int, height: int) -> np.ndarray:
    labels = np.full((height, width), -2, dtype=np.int32)
    blocked = rng.choice([0.2, 0.5, 0.8])
    for k, (_, cells) in enumerate(pieces):
        for cell in cells:
            labels[cell] = k
    while True:
        frontier = [(int(r), int(c)) for r, c in np.argwhere(labels == -2)
                    if any(0 <= n[0] < height and 0 <= n[1] < width and labels[n] >= 0
                           for n in _around((int(r), int(c))))]
        if not frontier:
            break
        r, c = rng.choice(frontier)
        near = [int(labels[n]) for n in _around((r, c))
                if 0 <= n[0] < height and 0 <= n[1] < width and labels[n] >= 0]
        labels[r, c] = NO_REGION if rng.random() < blocked else rng.choice(near)
    labels[labels == -2] = NO_REGION  # walled in by blocked cells
    return labels
