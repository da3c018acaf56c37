"""Shikaku on both strategies: corpus agreement (janko and Tatham's Rectangles, sampled; the
benchmark runs them all), verdicts, the complete CNF, and count, backbone and verdict against
brute force on small grids (random numbers, and puzzles made around a tiling)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.explored import assert_explored_as
from oracles.shikaku import random_puzzle, random_tiling
from oracles.shikaku import solutions as brute_force
from oracles.verdicts import verdict_of

from pencilsat.core.result import Verdict
from pencilsat.encodings.shikaku import build, partition, rectangles
from pencilsat.encodings.shikaku_narrowing import (
    covers,
    narrow,
    rectangle_masks,
    settled_answer,
    takes_masks,
)
from pencilsat.puzzles import shikaku as S
from pencilsat.strategies.front import solve
from pencilsat.strategies.shikaku import complete_cnf
from pencilsat.strategies.solution_space import Exploration

JANKO = corpus_pairs("shikaku/janko")
TATHAM = corpus_pairs("shikaku/tatham")
STRATEGIES = [("cover", "cnf"), ("cover-cpsat", "cpsat")]
AMBIGUOUS = {"127_16x22", "128_20x20"}
"""The janko puzzles of the corpus with a second answer (puzzlekit's blocking re-solve finds
one too; both answers pass the rule checker)."""


def load(txt, sol):
    return S.parse_puzzle(txt.read_text(), txt.stem), S.FORMAT.parse_solution(sol.read_text())


def grid(*rows: str) -> S.ShikakuPuzzle:
    return S.parse_puzzle(f"shikaku {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows)
                          + "\n")


def test_the_corpus_is_there():
    assert len(JANKO) > 400
    assert len(TATHAM) == 40


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_corpus_samples_are_unique_with_the_stored_answer(encoding, backend):
    step = 15 if backend == "cnf" else 40
    settled = set()
    for txt, sol in every_kth(JANKO, step) + every_kth(TATHAM, 8):
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, encoding=encoding, backend=backend)
        settled.add(result.stats.extra.get("settled_by"))
        if puzzle.name in AMBIGUOUS:
            assert result.verdict == Verdict.MULTIPLE, puzzle.name
            continue
        assert result.verdict == Verdict.UNIQUE, (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name
    # cover: most settled by narrowing, some by trials, some (trials too long) solved
    # over the rectangles narrowing left
    assert settled == ({"narrowing", "search", None} if backend == "cnf" else {None})


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_the_two_ambiguous_janko_puzzles_have_two_valid_answers(encoding, backend):
    for txt, sol in JANKO:
        if txt.stem not in AMBIGUOUS:
            continue
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, encoding=encoding, backend=backend,
                       explore=Exploration(count=10))
        assert result.verdict == Verdict.MULTIPLE
        assert result.count is not None and result.count.complete
        assert expected in result.count.solutions
        assert all(S.check(puzzle, answer) == [] for answer in result.count.solutions)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_an_ambiguous_puzzle_gives_two_valid_answers_and_where_they_differ(encoding, backend):
    puzzle = grid("2 .", ". 2")  # two dominoes, lying or standing
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert S.check(puzzle, result.solution) == [] == S.check(puzzle, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution) != []


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@pytest.mark.parametrize("rows", [["3 ."], ["2 .", ". ."], ["2 2 2"], [". ."]])
def test_numbers_that_cannot_tile_the_grid_give_none(encoding, backend, rows):
    result = solve(grid(*rows), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.NONE and result.solution is None


def test_rectangles_hold_their_number_and_no_other():
    puzzle = grid("4 . .", ". . 2")
    found = list(rectangles(puzzle, (0, 0), 4))
    assert found == [[(0, 0), (0, 1), (1, 0), (1, 1)]]  # a 1x4 does not fit, 2x2 only
    assert len(list(rectangles(puzzle, (1, 2), S.UNKNOWN))) == 5  # 1x1 1x2 1x3 2x1 2x2
    assert build(puzzle).num_vars == 1 + 2


def every_fifth_unknown(puzzle: S.ShikakuPuzzle) -> S.ShikakuPuzzle:
    numbers = np.array(puzzle.numbers)
    for r, c in np.argwhere(numbers > 0)[::5]:
        numbers[r, c] = S.UNKNOWN
    return S.ShikakuPuzzle(numbers, name=puzzle.name + "?")


@pytest.mark.parametrize("rows", [["4 . .", ". . 2"], ["? . .", ". ? .", ". . 3"]])
def test_the_arrays_find_the_rectangles_the_plain_loops_find(rows):
    samples = [load(txt, sol)[0] for txt, sol in every_kth(JANKO, 40)]
    for puzzle in [grid(*rows), *samples, *map(every_fifth_unknown, samples)]:
        found = partition(puzzle)
        assert len(found.owner_variables) == len(puzzle.clue_cells())
        for variables, (cell, value) in zip(found.owner_variables, puzzle.clue_cells(),
                                            strict=True):
            mine = sorted(sorted(found.cells_of(v)) for v in variables)
            assert mine == sorted(rectangles(puzzle, cell, value)), (puzzle.name, cell)


def test_the_complete_cnf_has_exactly_the_answers():
    from pysat.solvers import Solver

    txt, sol = TATHAM[0]
    puzzle, expected = load(txt, sol)
    encoding = complete_cnf(puzzle)
    with Solver(name="cadical195", bootstrap_with=encoding.clauses) as solver:
        assert solver.solve()
        true = {lit for lit in solver.get_model() if lit > 0}
        assert encoding.decode(true) == expected
        solver.add_clause([-v if v in true else v for v in encoding.answer])
        assert not solver.solve()


# ------------------------------------------------------------------ against brute force


def agrees_with_brute_force(puzzle: S.ShikakuPuzzle, encoding: str, backend: str) -> None:
    truth = brute_force(puzzle)
    explore = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, explore=explore)
    assert result.verdict == verdict_of(truth)
    assert_explored_as(result, truth)


@st.composite
def small_puzzles(draw: st.DrawFn) -> S.ShikakuPuzzle:
    width, height = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    cells = st.one_of(st.just(S.EMPTY), st.just(S.EMPTY), st.just(S.UNKNOWN),
                      st.integers(1, width * height))
    values = draw(st.lists(cells, min_size=width * height, max_size=width * height))
    return S.ShikakuPuzzle(np.array(values).reshape(height, width))


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=60, deadline=None)
@given(puzzle=small_puzzles())
def test_random_numbers_match_brute_force(encoding, backend, puzzle):
    agrees_with_brute_force(puzzle, encoding, backend)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_puzzles_made_around_a_tiling_match_brute_force(encoding, backend):
    rng = random.Random(44)
    several = 0
    for _ in range(25):
        puzzle = random_puzzle(rng)
        agrees_with_brute_force(puzzle, encoding, backend)
        several += len(brute_force(puzzle)) > 1
    assert several >= 2  # the sample holds ambiguous puzzles, whose backbone is not empty


# ------------------------------------------------------------------ narrowing before clauses


def test_the_masks_hold_the_rectangles_the_plain_loops_find():
    samples = [load(txt, sol)[0] for txt, sol in every_kth(JANKO, 40) + every_kth(TATHAM, 10)]
    for puzzle in [grid("4 . .", ". . 2"), grid("2 . 3", ". . ."), *samples]:
        assert takes_masks(puzzle)
        for masks, (cell, value) in zip(rectangle_masks(puzzle), puzzle.clue_cells(),
                                        strict=True):
            mine = sorted(sorted(divmod(k, puzzle.width) for k in range(mask.bit_length())
                                 if mask >> k & 1) for mask in masks)
            assert mine == sorted(rectangles(puzzle, cell, value)), (puzzle.name, cell)


def numbered_puzzle(rng: random.Random) -> S.ShikakuPuzzle:
    """A random tiling of up to 4x4 with every area given; one number in three then moved
    to another cell or given another value (an ambiguous puzzle, or one without answer)."""
    width, height = rng.randint(2, 4), rng.randint(2, 4)
    labels = random_tiling(rng, width, height)
    numbers = np.zeros((height, width), dtype=np.int64)
    for label in range(int(labels.max()) + 1):
        cells = list(zip(*np.nonzero(labels == label), strict=True))
        numbers[rng.choice(cells)] = len(cells)
    if rng.random() < 1 / 3:
        r, c = rng.choice(list(zip(*np.nonzero(numbers), strict=True)))
        value, numbers[r, c] = numbers[r, c], S.EMPTY
        r, c = rng.choice(list(zip(*np.nonzero(numbers == S.EMPTY), strict=True)))
        numbers[r, c] = value if rng.random() < 0.5 else rng.randint(1, 6)
    return S.ShikakuPuzzle(numbers)


def test_narrowing_keeps_every_answer_and_settles_only_a_unique_one():
    rng = random.Random(4)
    paths = set()
    for _ in range(80):
        puzzle = numbered_puzzle(rng)
        truth = brute_force(puzzle)
        masks = rectangle_masks(puzzle)
        possible = narrow(masks, puzzle.width * puzzle.height)
        for answer in truth:  # every answer's rectangles are still there
            for (cell, _), left in zip(puzzle.clue_cells(), masks, strict=True):
                region = answer.ids == answer.ids[cell]
                assert int("".join("1" if x else "0" for x in region.ravel()[::-1]), 2) in left
        settled = possible and all(len(ms) == 1 for ms in masks)
        assert possible or not truth
        if settled:
            assert truth == [settled_answer(puzzle, [ms[0] for ms in masks])]
        if possible and not settled:  # the trials find every answer (two at most)
            answers = covers(masks, puzzle.width * puzzle.height, most=len(truth) + 1)
            assert answers is not None
            assert sorted(settled_answer(puzzle, a).ids.tobytes() for a in answers) == sorted(
                answer.ids.tobytes() for answer in truth)
        result = solve(puzzle)
        verdict = verdict_of(truth)
        assert result.verdict == verdict
        assert result.solution is None or result.solution in truth
        by = "narrowing" if settled or not possible else "search"
        assert result.stats.extra.get("settled_by") == by
        paths.add((settled, possible, verdict))
    # settled; narrowed but not settled; narrowing finds no answer (a unique answer
    # narrowing leaves open: janko samples, test_corpus_samples_are_unique_...)
    assert {(True, True, Verdict.UNIQUE), (False, True, Verdict.MULTIPLE),
            (False, False, Verdict.NONE)} <= paths


def test_a_settled_cut_is_numbered_as_the_checking_constructor_numbers_it():
    from pencilsat.puzzles.regions import Regions

    rng = random.Random(7)
    for _ in range(40):
        width, height = rng.randint(1, 6), rng.randint(1, 6)
        labels = random_tiling(rng, width, height)
        masks = [sum(1 << int(k) for k in np.flatnonzero(labels.ravel() == label))
                 for label in range(int(labels.max()) + 1)]
        rng.shuffle(masks)
        puzzle = S.ShikakuPuzzle(np.zeros((height, width), dtype=np.int64))
        taken = settled_answer(puzzle, masks).regions  # numbered without the check
        assert taken == Regions.from_labels(labels)
        assert taken == Regions(np.array(taken.ids))  # the checking constructor agrees
        assert not taken.ids.flags.writeable
