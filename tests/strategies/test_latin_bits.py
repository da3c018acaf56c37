"""Jigsaw Sudoku's singles on one integer (strategies/latin_bits.py) and the search over them
(strategies/latin_search.py): the fixpoint is the house groups' (Narrowing) from any
candidates, the search finds every answer of small random puzzles once, it branches on the
first open cell with the fewest candidates, and its figures do not depend on the order."""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth, figures_alike_in_either_order
from oracles.jigsawsudoku import random_puzzle, solutions

from pencilsat.encodings.cage_sums import Narrowing
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.strategies.latin_bits import LatinBits
from pencilsat.strategies.latin_search import BitSearch
from pencilsat.strategies.narrowed_digits import digit_groups


def bits_of(puzzle):
    return LatinBits(puzzle.size, puzzle.boxes.ids.ravel().tolist())


def house_narrowing(puzzle):
    n = puzzle.size
    houses = [[r * n + c for r, c in house] for house in puzzle.houses()]
    return Narrowing(n * n, digit_groups(n, houses, []))


@lru_cache(maxsize=1)
def sample_puzzles():
    pairs = every_kth(corpus_pairs("jigsawsudoku/janko"), 60)
    pairs += every_kth(corpus_pairs("jigsawsudoku/tatham"), 40)
    puzzles = [J.parse_puzzle(txt.read_text(), txt.stem) for txt, _ in pairs]
    rng = random.Random(11)
    return puzzles + [random_puzzle(rng) for _ in range(20)]


def test_the_fixpoint_is_the_house_groups_fixpoint_from_any_candidates():
    rng = random.Random(5)
    outcomes = set()
    puzzles = sample_puzzles()
    assert len({p.size for p in puzzles}) >= 4
    for puzzle in puzzles:
        n = puzzle.size
        bits = bits_of(puzzle)
        givens = puzzle.givens.ravel().tolist()
        x, placed = bits.start(givens)
        assert x, puzzle.name
        for share in (0.0, 0.05, 0.15):
            dropped = 0
            for d in range(n):
                for c in range(n * n):
                    if not placed >> d * (n * n + 1) + c & 1 and rng.random() < share:
                        dropped |= 1 << d * (n * n + 1) + c
            state, _, rounds = bits.fixpoint(x & ~dropped, placed)
            masks = [1 << v if v else (1 << n + 1) - 2 for v in givens]
            for d in range(n):
                for c in range(n * n):
                    if dropped >> d * (n * n + 1) + c & 1:
                        masks[c] &= ~(1 << d + 1)
            narrowing = house_narrowing(puzzle)
            held = all(masks) and narrowing.run(masks, list(narrowing.first_sets),
                                                range(len(narrowing.cells)))
            assert bool(state) == held, (puzzle.name, share)
            assert rounds >= 1
            if state:
                assert bits.masks(state) == masks, (puzzle.name, share)
            outcomes.add(bool(state))
    assert outcomes == {True, False}


def test_the_search_finds_every_answer_of_small_random_puzzles_once():
    rng = random.Random(23)
    counts = set()
    for k in range(12):
        puzzle = random_puzzle(rng)
        if k % 3 == 0:  # a given changed: mostly no answer left
            givens = puzzle.givens.copy()
            at = np.flatnonzero(givens)
            if at.size:
                givens.flat[at[0]] = givens.flat[at[0]] % puzzle.size + 1
                puzzle = J.JigsawSudokuPuzzle(givens, puzzle.boxes)
        bits = bits_of(puzzle)
        x, placed = bits.start(puzzle.givens.ravel().tolist())
        root = None
        if x:
            x, placed, _ = bits.fixpoint(x, placed)
            root = (x, placed) if x else None
        search = BitSearch(bits, root, None, 10**6)
        found = []
        while (answer := search.next_answer()) is not None:
            found.append(J.JigsawSudokuSolution(bits.digits(answer)))
        truth = solutions(puzzle)
        assert len(found) == len(set(found)) == len(truth)
        assert set(found) == set(truth)
        counts.add(min(len(truth), 2))
    assert counts == {0, 1, 2}


@pytest.mark.parametrize("share", [0.0, 0.3])
def test_the_branch_cell_is_the_first_open_cell_with_the_fewest_candidates(share):
    rng = random.Random(3)
    pairs_seen = wider_seen = 0
    for puzzle in sample_puzzles():
        n = puzzle.size
        bits = bits_of(puzzle)
        x, _ = bits.start([0] * n * n)  # every candidate: no cell has two
        for d in range(1, n):
            for c in range(n * n):
                if rng.random() < share:
                    x &= ~(1 << d * (n * n + 1) + c)  # digit 1 stays everywhere
        counts = [mask.bit_count() for mask in bits.masks(x)]
        open_counts = [k for k in counts if k > 1]
        if not open_counts:
            continue
        fewest = min(open_counts)
        assert bits.branch_cell(x) == counts.index(fewest)
        pairs_seen += fewest == 2
        wider_seen += fewest > 2
    assert wider_seen and (pairs_seen or share == 0.0)


def test_the_jigsaw_figures_are_the_same_in_either_order():
    pairs = every_kth(corpus_pairs("jigsawsudoku/janko"), 13)
    puzzles = [J.parse_puzzle(txt.read_text(), txt.stem) for txt, _ in pairs]

    figures_alike_in_either_order(puzzles)
