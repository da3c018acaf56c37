"""Numberlink's brute-force oracle: every set of edges of a tiny grid (walked edge by edge,
a cell's degree checked once its last edge is decided: 1 on a number, 0 or 2 elsewhere, and
2 in the filled variant, which the oracle applies itself) that the rule checker accepts for
the plain rules, and small random puzzles made around random lines."""

from __future__ import annotations

import random

import numpy as np

from pencilsat.puzzles import numberlink as N


def _edges(width: int, height: int) -> list[N.Edge]:
    out = []
    for r in range(height):
        for c in range(width):
            if c + 1 < width:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < height:
                out.append(((r, c), (r + 1, c)))
    return out


def solutions(puzzle: N.NumberlinkPuzzle) -> list[N.NumberlinkSolution]:
    """Every answer the rule checker accepts, in the order of the walk."""
    width, height = puzzle.width, puzzle.height
    edges = _edges(width, height)
    last: dict[N.Cell, int] = {}
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    closing: list[list[N.Cell]] = [[] for _ in edges]
    for cell, i in last.items():
        closing[i].append(cell)
    numbered = {(r, c): int(puzzle.numbers[r, c]) for r in range(height) for c in range(width)
                if puzzle.numbers[r, c]}
    degree = dict.fromkeys(last, 0)
    chosen: list[N.Edge] = []
    out = []
    plain = N.NumberlinkPuzzle(puzzle.numbers)  # the checker without the filled rule
    passed = (2,) if puzzle.filled else (0, 2)

    def fits(cell: N.Cell) -> bool:
        return degree[cell] == 1 if cell in numbered else degree[cell] in passed

    def extend(i: int) -> None:
        if i == len(edges):
            if not _lines_join_equal_numbers(chosen, numbered):
                return  # the checker would say so, more slowly
            answer = N.NumberlinkSolution.of(chosen, width, height)
            if not N.check(plain, answer):
                out.append(answer)
            return
        a, b = edges[i]
        for use in (False, True):
            if use:
                if degree[a] >= (1 if a in numbered else 2) or \
                        degree[b] >= (1 if b in numbered else 2):
                    continue
                degree[a] += 1
                degree[b] += 1
                chosen.append((a, b))
            if all(fits(cell) for cell in closing[i]):
                extend(i + 1)
            if use:
                degree[a] -= 1
                degree[b] -= 1
                chosen.pop()

    if width * height == 1:
        answer = N.NumberlinkSolution.of([], width, height)
        return [] if N.check(plain, answer) or puzzle.filled else [answer]
    extend(0)
    return out


def _lines_join_equal_numbers(chosen: list[N.Edge], numbered: dict[N.Cell, int]) -> bool:
    """Whether the line from each number (one edge at a number, two at any other cell it
    passes) ends on the same number."""
    neighbours: dict[N.Cell, list[N.Cell]] = {}
    for a, b in chosen:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    for start, value in numbered.items():
        before, cell = start, neighbours[start][0]
        while cell not in numbered:
            step = neighbours[cell]
            before, cell = cell, step[1] if step[0] == before else step[0]
        if numbered[cell] != value:
            return False
    return True


SMALL = ((2, 2), (3, 2), (2, 3), (3, 3), (4, 3), (3, 4))


def random_puzzle(rng: random.Random, sizes: tuple[tuple[int, int], ...] = SMALL,
                  pairs: tuple[int, int] = (1, 3), unknown: float = 0.0) -> N.NumberlinkPuzzle:
    """A grid of one of ``sizes`` (width, height; 2x2 to 4x3 unless asked) with ``pairs``
    (fewest, most) pairs, each the ends of a random walk over free cells (a walk of one
    cell is dropped), so the walks are an answer; each pair is two ``?`` ends with chance
    ``unknown``."""
    width, height = rng.choice(sizes)
    numbers = np.zeros((height, width), dtype=np.int32)
    used: set[N.Cell] = set()
    label = 0
    for _ in range(rng.randint(*pairs)):
        free = [(r, c) for r in range(height) for c in range(width) if (r, c) not in used]
        if len(free) < 2:
            break
        walk = [rng.choice(free)]
        for _ in range(rng.randint(1, width * height)):
            r, c = walk[-1]
            steps = [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                     if 0 <= n[0] < height and 0 <= n[1] < width and n not in used
                     and n not in walk]
            if not steps:
                break
            walk.append(rng.choice(steps))
        if len(walk) < 2:
            continue
        label += 1
        used.update(walk)
        value = rng.choice([label, label + 10])
        if unknown and rng.random() < unknown:
            value = N.UNKNOWN
        numbers[walk[0]] = numbers[walk[-1]] = value
    return N.NumberlinkPuzzle(numbers)
