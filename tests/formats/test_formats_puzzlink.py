"""puzz.link URLs: the pzprjs examples, round trips over the corpus, and clear errors."""

from __future__ import annotations

import numpy as np
import pytest
from _formats_corpus import CORPUS, FORMATTERS, PARSERS, puzzle_files, tatham_sudoku_lines
from conftest import pzprjs_example

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.puzzles import lightup, masyu, sudoku


@pytest.mark.parametrize("genre, stem", [("masyu", "mashu"), ("lightup", "lightup")])
def test_pzprjs_example_url_imports_to_the_corpus_grid(genre, stem):
    folder = CORPUS / genre / "pzprjs"
    url = (folder / f"{stem}_example.url").read_text()
    expected = PARSERS[genre]((folder / f"{stem}_example.txt").read_text())
    assert parse_url(url) == expected


@pytest.mark.parametrize("genre", ["masyu", "lightup"])
def test_every_corpus_file_round_trips_through_a_url(genre):
    files = puzzle_files(genre)
    assert len(files) > 900
    for path in files:
        text = path.read_text()
        puzzle = PARSERS[genre](text)
        url = to_url(puzzle)
        assert FORMATTERS[genre](parse_url(url)) == text, path


def test_tatham_sudoku_sets_round_trip_through_a_url():
    lines = tatham_sudoku_lines()
    assert len(lines) == 6 * 34
    for name, number, line in lines:
        puzzle = sudoku.parse_line(line)
        assert sudoku.format_line(parse_url(to_url(puzzle)).clues) == line, (name, number)


def test_export_uses_canonical_names_on_puzz_link():
    grid = np.array([[0, 1, 2], [0, 0, 0]])
    assert to_url(masyu.MasyuPuzzle(grid)) == "https://puzz.link/p?mashu/3/2/50"
    light = lightup.LightUpPuzzle(np.full((2, 2), lightup.WHITE))
    assert to_url(light) == "https://puzz.link/p?akari/2/2/j"
    assert to_url(sudoku.SudokuPuzzle(np.zeros((4, 4)))).startswith("https://puzz.link/p?sudoku/4/4/")


# pzprjs's own examples, read from the corpus: the URL bodies after the type name
MASYU = pzprjs_example("masyu").split("/", 1)[1]
LIGHTUP = pzprjs_example("lightup").split("/", 1)[1]


@pytest.mark.parametrize("url", [
    f"https://puzz.link/p?mashu/{MASYU}",
    f"http://pzv.jp/p.html?mashu/{MASYU}",
    f"https://example.org/anything/p.html?masyu/{MASYU}",
    f"https://puzz.link/p?pearl/{MASYU}#comment",
    f"https://puzz.link/p?mashu/v:/{MASYU}",
    f"https://puzz.link/p?mashu//{MASYU}/",
    f"mashu/{MASYU}",
])
def test_hosts_aliases_and_flags_are_accepted(url):
    assert parse_url(url) == parse_url(f"https://puzz.link/p?mashu/{MASYU}")


@pytest.mark.parametrize("name", ["lightup", "akari", "bijutsukan"])
def test_light_up_aliases(name):
    expected = parse_url(f"https://puzz.link/p?lightup/{LIGHTUP}")
    assert parse_url(f"https://puzz.link/p?{name}/{LIGHTUP}") == expected


def test_light_up_clue_swallows_trailing_white_cells_like_pzprjs():
    # a clue in the last cell is written with the two-white form (pzprjs' encode4Cell)
    grid = np.full((1, 3), lightup.WHITE)
    grid[0, 2] = 1
    puzzle = lightup.LightUpPuzzle(grid)
    assert to_url(puzzle).endswith("/3/1/hb")
    assert parse_url(to_url(puzzle)) == puzzle


def test_big_sudoku_numbers_use_the_two_digit_form():
    grid = np.zeros((16, 16), dtype=int)
    grid[0, 0], grid[0, 1], grid[15, 15] = 16, 10, 15
    puzzle = sudoku.SudokuPuzzle(grid)
    url = to_url(puzzle)
    assert "/16/16/-10a" in url
    assert parse_url(url) == puzzle


@pytest.mark.parametrize("url, problem", [
    ("https://puzz.link/p?nosuchgenre/6/6/abc", "unknown puzzle type 'nosuchgenre'"),
    ("https://puzz.link/p?mashu/6", "ends before the grid size"),
    ("https://puzz.link/p?mashu/0/6/000000000000", "size must be two whole numbers"),
    (f"https://puzz.link/p?mashu/{MASYU[:-2]}", "truncated"),
    (f"https://puzz.link/p?mashu/{MASYU}0", "extra data"),
    (f"https://puzz.link/p?mashu/{MASYU}x", "bad character 'x'"),
    (f"https://puzz.link/p?mashu/{MASYU[:-1]}!", "bad character '!'"),
    ("https://puzz.link/p?mashu/2/2/0r", "bad character 'r'"),
    ("https://puzz.link/p?mashu/3/3/!!!!", "bad character '!'"),  # not "extra data"
    ("https://puzz.link/p?mashu/6/6/!", "bad character '!'"),  # not "truncated"
    ("https://puzz.link/p?mashu/2/2/01", "pearl beyond the end"),
    (f"https://puzz.link/p?akari/{LIGHTUP[:-1]}", "truncated"),
    (f"https://puzz.link/p?akari/{LIGHTUP}g", "extra data"),
    (f"https://puzz.link/p?akari/{LIGHTUP[:-1]}z", "goes past the end"),
    (f"https://puzz.link/p?akari/{LIGHTUP[:-1]}#", "truncated"),
    ("https://puzz.link/p?akari/6/6/nekcaKbl", "bad character 'K'"),
    ("https://puzz.link/p?sudoku/8/8/zzz", "must be 4x4, 6x6, 9x9"),
    ("https://puzz.link/p?sudoku/9/8/zzz", "must be 4x4, 6x6, 9x9"),
    ("https://puzz.link/p?sudoku/4/4/5l", "clue 5 is not a digit 1..4"),
    ("https://puzz.link/p?sudoku/4/4/1-1", "followed by 2 hex digits"),
    ("https://puzz.link/p?sudoku/4/4/1o", "truncated"),
    ("https://puzz.link/p?sudoku/4/4/zzz", "goes past the end"),
    ("https://puzz.link/mashu/6/6", "no '?'"),
    ("", "empty"),
])
def test_malformed_urls_name_the_problem(url, problem):
    with pytest.raises(InputError) as err:
        parse_url(url)
    assert problem in str(err.value)
    assert err.value.source == "<url>"


def test_error_column_points_at_the_bad_character():
    url = f"https://puzz.link/p?mashu/{MASYU[:-1]}!"
    with pytest.raises(InputError) as err:
        parse_url(url)
    assert url[err.value.column - 1] == "!"
