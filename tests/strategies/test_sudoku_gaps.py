"""Sudoku with gaps (pzprjs' ``?``: a given cell without a digit, whose houses hold each
digit at most once): verdict, count and backbone against brute force (the oracle's own
search, tests/oracles/sudoku_boxes.py) on random 4x4 and 6x6 puzzles with one to three
gaps, every strategy and backend; the complete clause list's models are exactly the
answers; a certificate holds and fails once a gap is made an empty cell."""

from __future__ import annotations

import random

import pytest
from oracles.explored import assert_explored_as, assert_models_are
from oracles.sudoku_boxes import gap_solutions, random_gap_puzzle
from oracles.verdicts import verdict_of

from pencilsat.certify.certificate import certify_result
from pencilsat.certify.store import check_folder, write
from pencilsat.core.result import Verdict
from pencilsat.encodings.sudoku import build_clauses
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration

RUNS = [("direct", "cnf"), ("extended", "cnf"), ("minimal", "cnf"), ("extended", "cpsat")]


@pytest.mark.parametrize(("encoding", "backend"), RUNS)
def test_verdict_count_and_backbone_match_brute_force(encoding, backend):
    rng = random.Random(2)
    seen = set()
    for _ in range(16):
        puzzle = random_gap_puzzle(rng)
        truth = gap_solutions(puzzle)
        result = solve(puzzle, encoding=encoding, backend=backend,
                       explore=Exploration(count=len(truth) + 1, backbone=True))
        verdict = verdict_of(truth)
        assert result.verdict == verdict, S.format_puzzle(puzzle)
        seen.add(verdict)
        for answer in (result.solution, result.second_solution):
            assert answer is None or S.check(puzzle, answer) == []
        assert_explored_as(result, truth)
    assert seen == {Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE}


def test_the_complete_clause_list_has_exactly_the_answers_as_models():
    rng = random.Random(8)
    for _ in range(10):
        puzzle = random_gap_puzzle(rng)
        encoding = build_clauses(puzzle)
        assert_models_are(encoding, gap_solutions(puzzle))


def test_a_certificate_of_a_puzzle_with_gaps_holds_and_the_gaps_are_its_rules(tmp_path):
    rng = random.Random(2)
    puzzle = next(p for p in (random_gap_puzzle(rng) for _ in range(40))
                  if len(gap_solutions(p)) == 1 and not p.diagonal)
    result = solve(puzzle)
    assert result.verdict == Verdict.UNIQUE
    cert = certify_result(result)
    assert cert.certified, cert.reason
    write(tmp_path, cert, puzzle, result.solution)
    text = (tmp_path / "puzzle.txt").read_text()
    assert S.GAP in text
    assert check_folder(tmp_path).certified
    (tmp_path / "puzzle.txt").write_text(text.replace(S.GAP, "."))
    assert not check_folder(tmp_path).certified
