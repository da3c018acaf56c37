"""Tatham's Bridges game IDs: a real one (sgt-puzzles' own saved game), the corpus round trip,
the variants pencilsat's rules do not hold refused by name, and errors that point."""

from __future__ import annotations

import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_input
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles.hashi import (
    HashiPuzzle,
    check,
    count_of,
    format_puzzle,
    is_horizontal,
    parse_puzzle,
)
from pencilsat.strategies.front import solve

# The saved game sgt-puzzles ships as Bridges' icon (icons/bridges.sav): its parameters and
# description, and the bridges its recorded moves end with, as (x1, y1, x2, y2, bridges).
SAVED_ID = "10x10i30e10m2d2:a1a4a4b4k4b6b2a4b2b2b1e2e1a4b4c3j25d2a1f2c3a4d4c3"
SAVED_BRIDGES = [
    (0, 2, 0, 7, 2), (0, 2, 3, 2, 2), (0, 7, 0, 9, 2), (0, 7, 5, 7, 1), (0, 9, 5, 9, 2),
    (1, 0, 3, 0, 1), (1, 3, 1, 5, 2), (1, 5, 4, 5, 2), (3, 0, 3, 2, 1), (3, 0, 5, 0, 2),
    (3, 2, 3, 4, 2), (3, 2, 6, 2, 1), (4, 3, 4, 5, 1), (4, 3, 7, 3, 1), (4, 5, 8, 5, 1),
    (4, 8, 8, 8, 2), (5, 0, 8, 0, 2), (5, 7, 7, 7, 1), (5, 9, 9, 9, 2), (6, 2, 8, 2, 1),
    (8, 0, 8, 2, 2), (8, 2, 8, 5, 1), (8, 5, 8, 8, 1), (9, 4, 9, 6, 1), (9, 6, 9, 9, 1),
]


def test_a_real_bridges_id_solves_to_the_answer_its_moves_end_with():
    puzzle = read_input(SAVED_ID)
    assert isinstance(puzzle, HashiPuzzle) and (puzzle.width, puzzle.height) == (10, 10)
    result = solve(puzzle)
    assert result.verdict == "unique"
    assert check(puzzle, result.solution) == []
    drawn = result.solution.bridges
    for x1, y1, x2, y2, n in SAVED_BRIDGES:
        between = (y1, min(x1, x2) + 1) if y1 == y2 else (min(y1, y2) + 1, x1)
        code = int(drawn[between])
        assert count_of(code) == n and is_horizontal(code) == (y1 == y2), (x1, y1, x2, y2)
    crossed = sum(abs(x1 - x2) + abs(y1 - y2) - 1 for x1, y1, x2, y2, _ in SAVED_BRIDGES)
    assert int((drawn > 0).sum()) == crossed  # no bridge the moves do not have


def test_export_is_what_bridges_shows_and_reads_back():
    puzzle = parse_game_id(SAVED_ID)
    assert to_game_id(puzzle) == "10x10m2:" + SAVED_ID.partition(":")[2]
    assert parse_game_id(to_game_id(puzzle)) == puzzle
    assert parse_game_id("bridges:" + to_game_id(puzzle)) == puzzle


def test_every_janko_hashi_round_trips_through_a_game_id():
    files = sorted((CORPUS / "hashi" / "janko").glob("*.txt"))
    assert len(files) > 50
    for path in files:
        puzzle = parse_puzzle(path.read_text())
        again = parse_game_id(to_game_id(puzzle, with_genre=True))
        assert format_puzzle(again) == format_puzzle(puzzle), path


@pytest.mark.parametrize(("game_id", "words"), [
    ("7x7m3:a1a4a4b4k4b6b2a4b2b2b1e2e1a4b4", "at most 3 bridges"),
    ("7x7m2L:a1a4a4b4k4b6b2a4b2b2b1e2e1a4b4", "without loops"),
    ("bridges:3x3:9h", "numbered 9"),
    ("bridges:3x3:Ah", "numbered 10"),
    ("bridges:3x3:11g", "side by side"),
    ("bridges:3x3:1a1e", "not enough data"),
    ("bridges:3x3:1g1q", "too much data"),
    ("bridges:3x3q7:1g1", "unknown Bridges parameters"),
])
def test_variants_and_bad_ids_get_a_specific_error(game_id, words):
    with pytest.raises(InputError, match=words):
        parse_game_id(game_id)


def test_an_unnumbered_island_has_no_game_id():
    puzzle = parse_puzzle("hashi 3 1\n?.2\n")
    with pytest.raises(InputError, match="without a number"):
        to_game_id(puzzle)
