"""Tatham game IDs: the corpus manifest, round trips, genre detection and clear errors."""

from __future__ import annotations

import numpy as np
import pytest
from _formats_corpus import (
    FORMATTERS,
    PARSERS,
    manifest_puzzle,
    manifest_rows,
    puzzle_files,
    tatham_sudoku_lines,
)
from conftest import REPO

from pencilsat.core.errors import InputError
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import lightup, masyu, sudoku

TATHAM_GENRE = {"masyu": "pearl", "lightup": "lightup"}


def test_every_manifest_game_id_imports_to_its_corpus_grid_and_exports_back_verbatim():
    rows = manifest_rows()
    assert len(rows) == 430
    for row in rows:
        expected = manifest_puzzle(row)
        assert parse_game_id(row["game_id"]) == expected, row["game_id"]
        assert to_game_id(expected) == row["game_id"]


@pytest.mark.parametrize("genre", ["masyu", "lightup"])
def test_every_corpus_file_round_trips_through_a_game_id(genre):
    files = puzzle_files(genre)
    assert len(files) > 900
    for path in files:
        text = path.read_text()
        game_id = to_game_id(PARSERS[genre](text))
        assert FORMATTERS[genre](parse_game_id(game_id, TATHAM_GENRE[genre])) == text, path


def test_tatham_sudoku_sets_round_trip_through_a_game_id():
    for name, number, line in tatham_sudoku_lines():
        game_id = to_game_id(sudoku.parse_line(line))
        assert sudoku.format_line(parse_game_id(game_id).clues) == line, (name, number)


def test_genre_is_read_from_the_alphabet():
    assert isinstance(parse_game_id("3x2:aWBc"), masyu.MasyuPuzzle)
    assert isinstance(parse_game_id("3x2:a1Bc"), lightup.LightUpPuzzle)
    assert isinstance(parse_game_id("2x2:1a2m"), sudoku.SudokuPuzzle)


def test_solo_and_pearl_of_the_same_prefix_are_told_apart_by_cell_count():
    # "3x3:" is a 9x9 Solo or a 3x3 Pearl/Light Up; only one reading fills its grid
    solo = parse_game_id("3x3:" + "1" + "zzzb")
    assert isinstance(solo, sudoku.SudokuPuzzle) and solo.size == 9
    pearl = parse_game_id("3x3:Wh")
    assert isinstance(pearl, masyu.MasyuPuzzle) and pearl.width == 3


def test_ambiguous_id_asks_for_the_game_name():
    with pytest.raises(InputError) as err:
        parse_game_id("3x2:aBd")
    assert "valid for both" in str(err.value) and "prefix" in str(err.value)


@pytest.mark.parametrize("text, expected_type", [
    ("pearl:3x2:aBd", masyu.MasyuPuzzle),
    ("lightup:3x2:aBd", lightup.LightUpPuzzle),
    ("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#3x2:aBd",
     masyu.MasyuPuzzle),
    ("3x2de:aBd", masyu.MasyuPuzzle),  # pearl.c's own parameters name the game
    ("3x2b20s1d0:aBd", lightup.LightUpPuzzle),  # and lightup.c's
    ("3x2:aBd", None),
])
def test_prefix_or_page_names_the_game(text, expected_type):
    if expected_type is None:
        with pytest.raises(InputError):
            parse_game_id(text)
        assert isinstance(parse_game_id(text, "pearl"), masyu.MasyuPuzzle)
    else:
        assert isinstance(parse_game_id(text), expected_type)


def test_explicit_genre_overrides_detection():
    assert isinstance(parse_game_id("3x2:aBd", genre="lightup"), lightup.LightUpPuzzle)
    assert isinstance(parse_game_id("3x2:aBd", genre="masyu"), masyu.MasyuPuzzle)


def test_prefixed_export_reimports_even_when_the_plain_id_is_ambiguous():
    grid = np.full((2, 3), lightup.WHITE)
    grid[0, 1] = lightup.WALL
    puzzle = lightup.LightUpPuzzle(grid)
    assert to_game_id(puzzle) == "3x2:aBd"
    assert to_game_id(puzzle, with_genre=True) == "lightup:3x2:aBd"
    assert parse_game_id(to_game_id(puzzle, with_genre=True)) == puzzle


def test_long_runs_repeat_z_and_solo_separates_adjacent_clues():
    grid = np.zeros((9, 9), dtype=int)
    grid[0, 0], grid[0, 1], grid[8, 8] = 5, 3, 9
    game_id = to_game_id(sudoku.SudokuPuzzle(grid))
    assert game_id == "3x3:5_3zzz9"
    assert parse_game_id(game_id) == sudoku.SudokuPuzzle(grid)


@pytest.mark.parametrize("text, genre, problem", [
    ("10x10", None, "no ':'"),
    ("tenxten:abc", None, "bad parameters"),
    ("0x5:abc", "pearl", "size must be"),
    ("3x2:aBdW", "pearl", "too much data"),
    ("3x2:aB", "pearl", "not enough data"),
    ("3x2:aB?c", "pearl", "bad character '?'"),
    ("3x2:a5c", "lightup", "bad character '5'"),
    ("3x3:a0zzb", "solo", "bad character '0'"),
    ("3x3:10zzc", "solo", "clue 10 is not a digit 1..9"),
    ("5x6:a", "solo", "blocks 5x6 are not supported"),
    ("3x3j:a", "solo", "jigsaw"),
    ("3x3:zzc,abc", "solo", "jigsaw"),
    ("3x2:aBd", "nurikabe", "unknown game 'nurikabe'"),
    ("pearl:3x2:aBd", "lightup", "prefix says"),
    ("", None, "empty"),
])
def test_malformed_ids_name_the_problem(text, genre, problem):
    with pytest.raises(InputError) as err:
        parse_game_id(text, genre)
    assert problem in str(err.value)


def test_error_column_points_at_the_bad_character_after_a_prefix():
    text = "pearl:3x2:aB?c"
    with pytest.raises(InputError) as err:
        parse_game_id(text)
    assert text[err.value.column - 1] == "?"


@pytest.mark.parametrize("text", ["lightup 3 3\n.#.\n...\n.#.\n", "masyu 3 3\n...\n...\n...\n",
                                  "masyu 2 2\nB.\n..\n"])
def test_an_id_that_two_games_read_is_written_with_its_game(text):
    """``convert --to tatham`` wrote ``3x3:aBeBa`` for this Light Up, which also reads as a
    Masyu, so pencilsat refused its own output; it now carries the game's name and reads
    back as the same puzzle."""
    from pencilsat.formats.detect import convert, read_puzzle

    puzzle = read_puzzle(text)
    written = convert(puzzle, "tatham").strip()
    assert written.split(":")[0] in ("lightup", "pearl")
    again = read_puzzle(written)
    assert again.genre == puzzle.genre and convert(again, "text") == convert(puzzle, "text")


def test_an_id_only_one_game_reads_stays_bare():
    from pencilsat.formats.detect import convert, read_puzzle

    written = convert(read_puzzle((REPO / "examples/masyu_10x10.txt").read_text()), "tatham")
    assert written.startswith("10x10:")
