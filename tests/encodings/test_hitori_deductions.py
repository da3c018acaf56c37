"""Hitori's forced deductions against brute force: every decided cell is so in every answer,
a settled grid is the one answer, the ring test names exactly the cells whose removal splits
the rest, and the quick rule check agrees with the cell-by-cell one."""

from __future__ import annotations

import random

import numpy as np
from conftest import corpus_pairs, every_kth
from desk.brute_force import hitori_solutions as brute_force
from oracles.verdicts import verdict_of

from pencilsat.encodings.hitori_deductions import SHADED, UNDECIDED, cut_cells, settle
from pencilsat.puzzles import hitori as H
from pencilsat.strategies.front import solve


def random_puzzles(count: int, seed: int) -> list[H.HitoriPuzzle]:
    """Small grids (up to 4x4) of few numbers, some '.' or '?' cells among them."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        width, height = rng.randint(1, 4), rng.randint(1, 4)
        largest = rng.randint(1, max(width, height))
        low = H.UNKNOWN if rng.random() < 0.2 else 1
        out.append(H.HitoriPuzzle(np.array([rng.randint(low, largest)
                                            for _ in range(width * height)]
                                           ).reshape(height, width)))
    return out


def shaded_puzzles(count: int, seed: int) -> list[H.HitoriPuzzle]:
    """Small grids (up to 4x4) made around a shading, as a setter would: the unshaded cells
    get numbers their lines do not repeat, a shaded cell the number of an unshaded one of
    its row or column (often a unique puzzle, not always)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        width, height = rng.randint(2, 4), rng.randint(2, 4)
        shaded = np.zeros((height, width), dtype=bool)
        for r in range(height):
            for c in range(width):
                shaded[r, c] = (rng.random() < 0.35 and not (r and shaded[r - 1, c])
                                and not (c and shaded[r, c - 1]))
        numbers = np.zeros((height, width), dtype=np.int64)
        for r in range(height):
            for c in range(width):
                if not shaded[r, c]:
                    used = set(numbers[r][~shaded[r]]) | set(numbers[:, c][~shaded[:, c]])
                    numbers[r, c] = rng.choice([n for n in range(1, width + height + 1)
                                                if n not in used])
        for r, c in zip(*np.nonzero(shaded), strict=True):
            line = [int(v) for v in (*numbers[r][~shaded[r]], *numbers[:, c][~shaded[:, c]])]
            numbers[r, c] = rng.choice(line) if line else 1
        out.append(H.HitoriPuzzle(numbers))
    return out


def test_every_deduction_holds_in_every_answer():
    """On random grids, grids made around a shading, and 30 of the latter the deductions
    settle (found among many: small grids seldom settle)."""
    pool = shaded_puzzles(2000, seed=46)
    settles = [puzzle for puzzle in pool[100:] if settle(puzzle).settled][:30]
    settled = contradicted = 0
    for puzzle in random_puzzles(150, seed=46) + pool[:100] + settles:
        answers = [a.shaded.ravel().tolist() for a in brute_force(puzzle)]
        deductions = settle(puzzle)
        if deductions.contradiction:
            contradicted += 1
            assert not answers, puzzle.text()
            continue
        for answer in answers:
            for cell, state in enumerate(deductions.states):
                if state != UNDECIDED:
                    assert answer[cell] == (state == SHADED), (puzzle.text(), cell)
        if deductions.settled:
            settled += 1
            assert answers == [[s == SHADED for s in deductions.states]], puzzle.text()
    assert settled >= 35 and contradicted > 30  # both outcomes were met


def test_solve_agrees_with_brute_force_on_settled_and_open_grids():
    """The default strategy (deductions first) on grids with no count asked: verdict and
    answer as brute force finds them, on grids it settles and on grids it solves."""
    by = set()
    settles = [puzzle for puzzle in shaded_puzzles(1000, seed=7) if settle(puzzle).settled]
    for puzzle in random_puzzles(60, seed=7) + settles[:15]:
        answers = brute_force(puzzle)
        result = solve(puzzle)
        by.add(result.stats.extra.get("settled_by", "solver"))
        assert result.verdict == verdict_of(answers), puzzle.text()
        if len(answers) == 1:
            assert result.solution == answers[0]
        elif answers:
            assert result.solution in answers and result.second_solution in answers
    assert by == {"deductions", "solver"}


def test_corpus_samples_settle_to_the_stored_answer():
    settled = 0
    for txt, sol in every_kth(corpus_pairs("hitori/janko"), 85):
        puzzle = H.parse_puzzle(txt.read_text(), txt.stem)
        deductions = settle(puzzle)
        assert not deductions.contradiction
        if deductions.settled:
            settled += 1
            expected = H.FORMAT.parse_solution(sol.read_text()).shaded.ravel().tolist()
            assert [s == SHADED for s in deductions.states] == expected, txt.stem
    assert settled >= 3


def _splitting_cells(shaded: list[bool], width: int, height: int) -> set[int]:
    """By search: the open cells with two open neighbours the cell's removal separates."""
    out = set()
    for cell in range(width * height):
        if shaded[cell]:
            continue
        r, c = divmod(cell, width)
        near = [nr * width + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= nr < height and 0 <= nc < width and not shaded[nr * width + nc]]
        if len(near) < 2:
            continue
        seen, stack = {near[0], cell}, [near[0]]
        while stack:
            x = stack.pop()
            xr, xc = divmod(x, width)
            for nr, nc in ((xr - 1, xc), (xr + 1, xc), (xr, xc - 1), (xr, xc + 1)):
                y = nr * width + nc
                if 0 <= nr < height and 0 <= nc < width and not shaded[y] and y not in seen:
                    seen.add(y)
                    stack.append(y)
        if any(x not in seen for x in near):
            out.add(cell)
    return out


def test_the_ring_test_finds_exactly_the_splitting_cells():
    rng = random.Random(3)
    found = 0
    for _ in range(600):
        width, height = rng.randint(1, 7), rng.randint(1, 7)
        density = rng.choice((0.2, 0.35, 0.5))
        shaded = [rng.random() < density for _ in range(width * height)]
        expected = _splitting_cells(shaded, width, height)
        found += len(expected)
        assert cut_cells(shaded, width, height) == expected, (width, height, shaded)
    assert found > 300


def test_the_quick_check_agrees_with_the_cell_by_cell_one():
    rng = random.Random(5)
    valid = 0
    for puzzle in random_puzzles(300, seed=11):
        for _ in range(4):
            shaded = np.array([rng.random() < 0.3 for _ in range(puzzle.width * puzzle.height)]
                              ).reshape(puzzle.numbers.shape)
            quick = H.keeps_rules(puzzle.numbers, shaded)
            valid += quick
            assert quick == (not H.violations(puzzle, shaded)), (puzzle.text(), shaded)
    assert valid > 50
