"""Nonogram's line solver and the branching on it: one line's deductions against every
placement listed, the fixed point and the answers branching lists against brute force on
small random puzzles, and the default strategy's verdicts against brute force whether the
line solver settles the grid, branching decides it or the SAT path does."""

from __future__ import annotations

import itertools
import random

import pytest
from oracles.nonogram import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.nonogram_branching import BudgetSpent, answers
from pencilsat.encodings.nonogram_lines import deduce_line, solve_lines
from pencilsat.puzzles import nonogram as N
from pencilsat.strategies import nonogram as strategy
from pencilsat.strategies.front import solve
from pencilsat.strategies.nonogram import BRANCH_BUDGET


def _listed(runs, n, filled, empty):
    """The cells every fitting placement shades and leaves empty, from the list of all
    lines; ``None`` when none fits."""
    fits = [line for line in itertools.product((0, 1), repeat=n)
            if N.runs_of(line) == runs
            and all(line[i] for i in range(n) if filled >> i & 1)
            and not any(line[i] for i in range(n) if empty >> i & 1)]
    if not fits:
        return None
    return (sum(1 << i for i in range(n) if all(line[i] for line in fits)),
            sum(1 << i for i in range(n) if not any(line[i] for line in fits)))


def test_one_lines_deductions_are_those_every_placement_agrees_on():
    rng = random.Random(7)
    outcomes = set()
    for _ in range(3000):
        n = rng.randint(1, 9)
        if rng.random() < 0.8:  # a line's own runs (some placement fits before the marks)
            runs = N.runs_of([rng.random() < 0.5 for _ in range(n)])
        else:
            runs = tuple(rng.randint(1, 3) for _ in range(rng.randint(0, 3)))
        marks = [rng.random() for _ in range(n)]
        filled = sum(1 << i for i, u in enumerate(marks) if u < 0.2)
        empty = sum(1 << i for i, u in enumerate(marks) if 0.2 <= u < 0.4)
        expected = _listed(runs, n, filled, empty)
        assert deduce_line(runs, n, filled, empty) == expected, (runs, n, filled, empty)
        outcomes.add(expected is None)
    assert outcomes == {True, False}


def test_the_fixed_point_keeps_every_answer_and_settles_only_a_unique_one():
    rng = random.Random(11)
    settled = 0
    for _ in range(60):
        puzzle = random_puzzle(rng)
        truth = solutions(puzzle)
        lines = solve_lines(puzzle)
        if not truth:
            continue
        assert not lines.contradiction
        for answer in truth:  # every known cell agrees with every answer
            for r, row in enumerate(answer.shaded):
                mask = sum(1 << c for c, on in enumerate(row) if on)
                assert lines.shaded[r] & ~mask == 0 and lines.empty[r] & mask == 0
        if lines.settled:
            settled += 1
            assert len(truth) == 1
    assert settled >= 10


@pytest.mark.parametrize("budget", [BRANCH_BUDGET, 0])
def test_the_default_strategy_matches_brute_force_by_lines_branching_or_sat(monkeypatch,
                                                                           budget):
    # a budget of 0 sends every grid the line solver leaves open to the SAT path
    monkeypatch.setattr(strategy, "BRANCH_BUDGET", budget)
    rng = random.Random(5)
    paths = set()
    for _ in range(80):
        puzzle = random_puzzle(rng)
        if rng.random() < 0.3:  # a line's runs changed: often no answer at all
            rows = list(puzzle.rows)
            rows[0] = tuple(n + 1 for n in rows[0]) or (1,)
            puzzle = N.NonogramPuzzle(tuple(rows), puzzle.columns)
        truth = solutions(puzzle)
        result = solve(puzzle)
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        if verdict == Verdict.UNIQUE:
            assert result.solution == truth[0]
        if verdict == Verdict.MULTIPLE:
            assert {result.solution, result.second_solution} <= set(truth)
            assert result.solution != result.second_solution
        paths.add((result.stats.extra.get("settled_by", "solver"), verdict))
    open_by = "line solver and branching" if budget else "solver"
    assert {("line solver", Verdict.UNIQUE), ("line solver", Verdict.NONE),
            (open_by, Verdict.MULTIPLE)} <= paths


def test_branching_lists_every_answer_of_an_open_grid_once():
    rng = random.Random(3)
    opened = 0
    for _ in range(80):
        puzzle = random_puzzle(rng)
        state = solve_lines(puzzle)
        if state.settled or state.contradiction:
            continue
        opened += 1
        found = list(answers(puzzle, state, 10**6))
        truth = {tuple(sum(1 << c for c, on in enumerate(row) if on) for row in answer.shaded)
                 for answer in solutions(puzzle)}
        assert len(found) == len(truth) and {tuple(rows) for rows in found} == truth
    assert opened >= 10


def test_branching_stops_at_its_budget():
    # Tatham's 4x4 that no line solver starts: every cell open, two branches at least
    puzzle = N.NonogramPuzzle(((1, 1), (2,), (1,), (1,)), ((2,), (1,), (2,), (1,)))
    state = solve_lines(puzzle)
    assert not state.settled and not state.contradiction
    with pytest.raises(BudgetSpent):
        list(answers(puzzle, state, 1))
    assert len(list(answers(puzzle, state, 10**6))) == 1


def test_puzzles_with_lines_whose_clue_is_not_given_match_brute_force():
    rng = random.Random(17)
    paths = set()
    for _ in range(40):
        puzzle = random_puzzle(rng)
        rows = tuple(None if rng.random() < 0.3 else clue for clue in puzzle.rows)
        columns = tuple(None if rng.random() < 0.2 else clue for clue in puzzle.columns)
        puzzle = N.NonogramPuzzle(rows, columns)
        truth = solutions(puzzle)
        result = solve(puzzle)
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        if verdict == Verdict.UNIQUE:
            assert result.solution == truth[0]
        paths.add(result.stats.extra.get("settled_by", "solver"))
    assert {"line solver", "line solver and branching"} <= paths
