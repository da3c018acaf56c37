"""On small random puzzles of every genre with a brute-force enumerator, every verdict is
certified and agrees with the enumeration: unique and none by a checked refutation, multiple
by two answers the rule checker accepts."""

from __future__ import annotations

import pytest
from desk.brute_force import all_solutions, random_puzzles
from hypothesis import given, settings
from hypothesis import strategies as st

from pencilsat.api import parse_puzzle
from pencilsat.certify.certificate import certify_result
from pencilsat.core.registry import GENRES
from pencilsat.generators.masyu import generate_masyu
from pencilsat.strategies.front import solve

ENUMERATED = list(GENRES)
"""Every genre: each has a brute-force oracle (tests/desk/brute_force.py, tests/oracles/)."""


def test_every_genre_can_be_certified():
    from pencilsat.certify.sources import certifiable

    for name, genre in GENRES.items():
        puzzle = random_puzzles(name, 1, seed=3)[0]
        assert certifiable(genre, puzzle) is not None, name


def sample(genre: str) -> list:
    """Random small puzzles; Masyu's random ones are never unique, so generated ones join."""
    puzzles = random_puzzles(genre, 12, seed=11)
    if genre == "masyu":
        puzzles += [generate_masyu(4, 4, seed=seed) for seed in range(4)]
    return puzzles


@pytest.mark.parametrize("genre", ENUMERATED)
def test_certified_verdicts_match_brute_force(genre):
    seen = set()
    for puzzle in sample(genre):
        seen.add(certified_verdict(puzzle))
    assert seen & {"unique", "none"}, "the sample must hold a verdict that needs a proof"


def certified_verdict(puzzle) -> str:
    """The verdict, asserted equal to brute force's and certified."""
    truth = all_solutions(puzzle)
    result = solve(puzzle)
    cert = certify_result(result)
    expected = {0: "none", 1: "unique"}.get(len(truth), "multiple")
    assert result.verdict.value == expected
    assert cert.certified, (puzzle.genre, cert.reason)
    return expected


@pytest.mark.parametrize("genre", ENUMERATED)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_any_random_small_puzzle_is_certified_as_brute_force_says(genre, seed):
    certified_verdict(random_puzzles(genre, 1, seed=seed)[0])


NONE = {
    "masyu": "masyu 4 4\nW...\n....\n....\n....\n",  # a white pearl cannot turn a corner
    "lightup": "lightup 3 3\n.4.\n...\n...\n",  # a 4 on the edge has three neighbours
    "nurikabe": "nurikabe 2 2\n1 .\n. 1\n",  # the wall is two diagonal cells, apart
}


@pytest.mark.parametrize("genre", sorted(NONE))
def test_a_puzzle_without_an_answer_is_certified_none(genre):
    puzzle = parse_puzzle(NONE[genre])
    assert all_solutions(puzzle) == []
    result = solve(puzzle)
    cert = certify_result(result)
    assert result.verdict.value == "none"
    assert cert.certified, cert.reason
    assert cert.block is None and cert.parts["refutation"] == "holds"
