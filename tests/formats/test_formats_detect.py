"""Input detection and conversion: every accepted form reads to the same puzzle."""

from __future__ import annotations

import io

import numpy as np
import pytest
from _formats_corpus import CORPUS, PARSERS, tatham_sudoku_lines
from conftest import pzprjs_example

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import convert, read_input, read_puzzle
from pencilsat.formats.puzzlink import to_url
from pencilsat.formats.tatham import to_game_id
from pencilsat.puzzles import lightup, masyu, sudoku

SEED = CORPUS / "masyu" / "seed_10x10.txt"


def seed_puzzle() -> masyu.MasyuPuzzle:
    return masyu.parse_puzzle(SEED.read_text())


@pytest.mark.parametrize("path", [
    "masyu/seed_10x10.txt", "masyu/pzprjs/mashu_example.txt",
    "lightup/pzprjs/lightup_example.txt", "lightup/tatham/10x10-hard/s001.txt",
])
def test_corpus_text_formats_are_detected(path):
    text = (CORPUS / path).read_text()
    assert read_puzzle(text) == PARSERS[path.split("/")[0]](text)


def test_byte_order_mark_and_windows_line_ends_are_accepted():
    text = SEED.read_text()
    assert read_puzzle("\ufeff" + text.replace("\n", "\r\n")) == seed_puzzle()


def test_seed_sugar_format_is_detected():
    puzzle = seed_puzzle()
    assert read_puzzle(masyu.format_sugar(puzzle)) == puzzle


def test_sudoku_one_line_and_grid_forms_are_detected():
    line = tatham_sudoku_lines()[0][2]
    expected = sudoku.parse_line(line)
    assert read_puzzle(line + "\n") == expected
    grid = "\n".join(line[9 * r:9 * r + 9] for r in range(9))
    assert read_puzzle(grid) == expected
    assert read_puzzle(convert(expected, "text")) == expected


def test_url_and_game_id_lines_are_detected():
    puzzle = seed_puzzle()
    assert read_puzzle(to_url(puzzle) + "\n") == puzzle
    assert read_puzzle("  " + to_game_id(puzzle) + "\n") == puzzle


def test_read_input_takes_a_file_a_url_a_game_id_and_stdin(tmp_path, monkeypatch):
    puzzle = seed_puzzle()
    path = tmp_path / "p.txt"
    path.write_text(masyu.format_puzzle(puzzle))
    assert read_input(str(path)) == puzzle
    assert read_input(to_url(puzzle)) == puzzle
    assert read_input(to_game_id(puzzle)) == puzzle
    page = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#"
    assert read_input(page + to_game_id(puzzle)) == puzzle
    monkeypatch.setattr("sys.stdin", io.StringIO(to_url(puzzle)))
    assert read_input("-") == puzzle


def test_missing_file_is_named():
    with pytest.raises(InputError) as err:
        read_input("no/such/puzzle.txt")
    assert "no such file" in str(err.value) and "no/such/puzzle.txt" in str(err.value)


def test_errors_inside_a_file_name_the_file_and_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(f"\n\nhttps://puzz.link/p?{pzprjs_example('masyu')[:-1]}!\n")
    with pytest.raises(InputError) as err:
        read_input(str(path))
    assert err.value.source == str(path) and err.value.line == 3
    assert "bad character '!'" in str(err.value)


@pytest.mark.parametrize("text, problem", [
    ("", "empty"),
    ("masyu-solution 2 2\n..\n..\n", "solution file"),
    ("hello world", "cannot tell what this line is"),
    ("masyu 3 3\n...\n..\n", "expected 3 rows, found 2"),
    ("..W\nB..\n...\n", "need a first line '<genre> W H', such as 'masyu 10 10'"),
])
def test_unreadable_text_gets_a_clear_error(text, problem):
    with pytest.raises(InputError) as err:
        read_puzzle(text, "example.txt")
    assert problem in str(err.value) and err.value.source == "example.txt"


def test_convert_to_every_target_reads_back():
    puzzles = [
        seed_puzzle(),
        lightup.parse_puzzle((CORPUS / "lightup/pzprjs/lightup_example.txt").read_text()),
        sudoku.parse_line(tatham_sudoku_lines()[5][2]),
        sudoku.SudokuPuzzle(np.eye(16, dtype=int) * 16),
    ]
    for puzzle in puzzles:
        for target in ("url", "tatham", "text"):
            assert read_puzzle(convert(puzzle, target)) == puzzle, (puzzle.genre, target)


def test_big_sudoku_text_is_a_header_and_rows():
    text = convert(sudoku.SudokuPuzzle(np.eye(16, dtype=int) * 16), "text")
    assert text.splitlines()[0] == "sudoku 16 16" and len(text.splitlines()) == 17


def test_unknown_conversion_target_is_an_input_error():
    with pytest.raises(InputError, match="unknown output format"):
        convert(seed_puzzle(), "png")


def test_errors_in_a_one_line_input_name_where_it_came_from(tmp_path):
    with pytest.raises(InputError) as err:
        read_input("https://puzz.link/p?mashu/3/3/0z0", name="week.txt", line=7)
    assert str(err.value).startswith("week.txt, line 7, column 32: bad character 'z'")
    bad_file = tmp_path / "bad.txt"
    bad_file.write_text("masyu 3 3\n.W.\n.X.\n...\n")
    with pytest.raises(InputError) as err:  # inside a file, the file is named
        read_input(str(bad_file), name="week.txt", line=7)
    assert str(err.value).startswith(f"{bad_file}, line 3")


def test_a_question_mark_inside_a_game_id_does_not_make_it_a_url():
    from pencilsat.formats import puzzlink

    assert not puzzlink.looks_like_url("10x10:aBW?aBWo")
    for url in ("https://puzz.link/p?mashu/2/2/00", "p?mashu/2/2/00", "?mashu/2/2/00"):
        assert puzzlink.looks_like_url(url)


@pytest.mark.parametrize(("arg", "says", "column"), [
    ("https://puzz.link/p?akari/6x6/hcj", "the size is written 6/6 in a puzz.link URL", 27),
    ("10x10b20s2d0#12345", "a Tatham random-seed ID, which names no puzzle by itself", None),
    # a seed of letters, a game's name, a Towers size alone, a Tatham web page's link
    ("10x10de#abc", "a Tatham random-seed ID, which names no puzzle by itself", None),
    ("towers:5#999", "a Tatham random-seed ID, which names no puzzle by itself", 1),
    ("5dh#x1", "a Tatham random-seed ID, which names no puzzle by itself", None),
    ("https://example.org/js/pearl.html#10x10de#7",
     "a Tatham random-seed ID, which names no puzzle by itself", 1),
    ("lightup:3x:i", "bad parameters '3x': expected WIDTHxHEIGHT", 9),
])
def test_near_miss_urls_and_ids_say_what_is_wrong(arg, says, column):
    """These said "the URL ends before the grid size" (6x6 was taken for a flags segment),
    "no such file", and nothing at all (3x read as 3x3); a random-seed ID with a game's name
    or in a web page's link, "no ':' between the parameters and the description"."""
    from pencilsat.core.errors import InputError
    from pencilsat.formats.detect import read_input

    with pytest.raises(InputError) as caught:
        read_input(arg)
    assert says in caught.value.message and caught.value.column == column
