"""Skyscrapers' clauses kept per size and clue (``template_cnf``) and the clauses over the
propagated candidates in the direct run's form: both have exactly the brute-force answers
as models, with the native groups and counts loaded into MiniCard, on random small
puzzles with givens, empty cells and diagonals."""

from __future__ import annotations

import random

import numpy as np
from oracles.skyscrapers import random_puzzle, solutions
from pysat.solvers import Solver

from pencilsat.encodings.skyscrapers import SkyscrapersCnf, skyscrapers_cnf
from pencilsat.encodings.skyscrapers_templates import native_cnf, template_cnf
from pencilsat.puzzles import skyscrapers as S


def models(cnf: SkyscrapersCnf, n: int, givens: np.ndarray) -> set[tuple[int, ...]]:
    """Every answer of ``cnf`` on MiniCard, as the tuple of heights (0: empty)."""
    found: set[tuple[int, ...]] = set()
    with Solver(name="minicard", bootstrap_with=cnf.clauses) as solver:
        for lits in cnf.at_most_one:
            solver.add_atmost(lits, 1)
        for lits, count in cnf.counts:
            solver.add_atmost(lits, count)
            solver.add_atmost([-lit for lit in lits], len(lits) - count)
        while solver.solve():
            model = solver.get_model()
            grid = givens.ravel().tolist()
            for var in cnf.answer:
                if model[var - 1] > 0:
                    grid[(var - 1) // n] = (var - 1) % n + 1
            assert tuple(grid) not in found
            found.add(tuple(grid))
            solver.add_clause([-v if model[v - 1] > 0 else v for v in cnf.answer])
    return found


def puzzles(seed: int, count: int) -> list[S.SkyscrapersPuzzle]:
    """Random puzzles around a random answer, some with extra random clues and givens
    (often none or several answers)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        base = random_puzzle(rng)
        if k % 2:
            n, m = base.size, base.largest
            clues = np.where(np.array([[rng.random() < 0.2 for _ in range(n)] for _ in range(4)]),
                             np.array([[rng.randint(1, m) for _ in range(n)]
                                       for _ in range(4)]), base.clues)
            givens = np.where(np.array([[rng.random() < 0.1 for _ in range(n)]
                                        for _ in range(n)]),
                              np.array([[rng.randint(1, m) for _ in range(n)]
                                        for _ in range(n)]), base.givens)
            base = S.SkyscrapersPuzzle(clues, givens, m, base.diagonal)
        out.append(base)
    return out


def test_the_parts_and_the_clauses_over_candidates_have_exactly_the_answers():
    kinds, counts = set(), set()
    for puzzle in puzzles(11, 40):
        truth = {tuple(s.grid.ravel().tolist()) for s in solutions(puzzle)}
        n = puzzle.size
        for cnf in (template_cnf(puzzle), skyscrapers_cnf(puzzle, native=True),
                    native_cnf(puzzle)):
            assert models(cnf, n, puzzle.givens) == truth
        kinds.add((puzzle.largest < n, puzzle.diagonal))
        counts.add(min(len(truth), 2))
    assert {(True, False), (False, False)} <= kinds
    assert any(diagonal for _, diagonal in kinds)
    assert counts == {0, 1, 2}


def test_a_clue_part_is_built_once_and_shared():
    puzzle = puzzles(3, 1)[0]
    first, second = template_cnf(puzzle), template_cnf(puzzle)
    assert first.clauses == second.clauses
    assert any(a is b for a, b in zip(first.clauses, second.clauses, strict=True))
