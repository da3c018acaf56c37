"""Sudoku with rectangular boxes (``sudoku 6 6 3x2`` and ``2x3``) on every strategy and
backend: verdict, count and backbone against brute force on random 6x6 puzzles (the oracle
of tests/oracles/sudoku_boxes.py, few clues and many answers, unique ones, none), every
returned answer through the rule checker, the complete clause list's models exactly the
answers, and a certificate of a unique 6x6 that ``pencilsat check`` holds."""

from __future__ import annotations

import random

import pytest
from oracles.explored import assert_explored_as, assert_models_are
from oracles.sudoku_boxes import random_puzzle, solutions
from oracles.verdicts import verdict_of

from pencilsat.certify.certificate import certify_result
from pencilsat.certify.store import check_folder, write
from pencilsat.core.result import Verdict
from pencilsat.encodings.sudoku import build_clauses
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration

RUNS = [("direct", "cnf"), ("extended", "cnf"), ("minimal", "cnf"), ("extended", "cpsat")]
SHAPES = [(3, 2), (2, 3)]


@pytest.mark.parametrize(("encoding", "backend"), RUNS)
def test_verdict_count_and_backbone_match_brute_force(encoding, backend):
    rng = random.Random(3)
    seen = set()
    for k in range(12):
        puzzle = random_puzzle(rng, *SHAPES[k % 2])
        truth = solutions(puzzle)
        result = solve(puzzle, encoding=encoding, backend=backend,
                       explore=Exploration(count=len(truth) + 1, backbone=True))
        verdict = verdict_of(truth)
        assert result.verdict == verdict, (k, S.format_puzzle(puzzle))
        seen.add(verdict)
        for answer in (result.solution, result.second_solution):
            assert answer is None or S.check(puzzle, answer) == []
        assert_explored_as(result, truth)
    assert seen == {Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE}


def test_the_x_variant_with_rectangular_boxes_matches_brute_force():
    rng = random.Random(11)
    for k in range(4):
        puzzle = random_puzzle(rng, *SHAPES[k % 2], diagonal=True)
        truth = solutions(puzzle)
        result = solve(puzzle, explore=Exploration(count=len(truth) + 1))
        assert result.count is not None and set(result.count.solutions) == set(truth)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_complete_clause_list_has_exactly_the_answers_as_models(shape):
    rng = random.Random(5)
    for _ in range(6):
        puzzle = random_puzzle(rng, *shape)
        encoding = build_clauses(puzzle)
        assert_models_are(encoding, solutions(puzzle))


def test_a_certificate_of_a_unique_six_by_six_holds_and_names_its_boxes(tmp_path):
    rng = random.Random(3)
    puzzle = next(p for p in (random_puzzle(rng, 2, 3) for _ in range(40))
                  if len(solutions(p)) == 1)
    result = solve(puzzle)
    assert result.verdict == Verdict.UNIQUE
    cert = certify_result(result)
    assert cert.certified, cert.reason
    write(tmp_path, cert, puzzle, result.solution)
    assert (tmp_path / "puzzle.txt").read_text().splitlines()[0] == "sudoku 6 6 2x3"
    assert check_folder(tmp_path).certified
    text = (tmp_path / "puzzle.txt").read_text().replace("2x3", "3x2", 1)
    (tmp_path / "puzzle.txt").write_text(text)
    assert not check_folder(tmp_path).certified  # the other boxes are other rules
