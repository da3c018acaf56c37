"""Shikaku's codecs: puzz.link (pzprjs' own example, every URL form, the file form, round
trips of every corpus puzzle, errors), Tatham's Rectangles IDs (every corpus ID read and
written back), detection, and the SVG drawing."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_input
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import shikaku as S

# pzprjs' example (test/script/shikaku.js) and the grid its file form gives.
PZPRJS_URL = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
PZPRJS_GRID = ("shikaku 6 6\n. . . . 3 .\n5 6 . . 6 .\n. . . . . .\n. . . . . .\n"
               ". 6 . . 2 3\n. 5 . . . .\n")
PZPRJS_FILE = ("pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /"
               ". 6 . . 2 3 /. 5 . . . . /0 0 0 0 0 /")


def rect_ids() -> list[tuple[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [(row["game_id"], row["puzzle_file"])
                for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "shikaku"]


def test_the_pzprjs_example_reads_as_its_file_form_says():
    puzzle = parse_url(PZPRJS_URL)
    assert puzzle == S.parse_puzzle(PZPRJS_GRID) == parse_url(PZPRJS_FILE)
    assert to_url(puzzle) == PZPRJS_URL


@pytest.mark.parametrize("form", [
    "shikaku/6/6/j3g56h6t6h23g5j",
    "https://puzz.link/p?type=editor&shikaku/6/6/j3g56h6t6h23g5j",
    "http://pzv.jp/p.html?shikaku_edit/6/6/j3g56h6t6h23g5j",
    "https://puzz.link/p?v:/shikaku/6/6/j3g56h6t6h23g5j",
    "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j/#x",
])
def test_every_url_form_reads_the_same_puzzle(form):
    assert parse_url(form) == S.parse_puzzle(PZPRJS_GRID)


def test_every_corpus_puzzle_round_trips_through_a_url():
    files = sorted((CORPUS / "shikaku").rglob("*.txt"))
    assert len(files) > 480
    for path in files:
        puzzle = S.parse_puzzle(path.read_text())
        assert parse_url(to_url(puzzle)) == puzzle, path


def test_a_question_mark_and_large_numbers_round_trip():
    numbers = np.zeros((1, 300), dtype=np.int64)
    numbers[0, :4] = [S.UNKNOWN, 15, 16, 265]
    puzzle = S.ShikakuPuzzle(numbers)
    assert parse_url(to_url(puzzle)) == puzzle


@pytest.mark.parametrize(("url", "words"), [
    ("shikaku/6/6/j3g56h6t6h23g5", "truncated"),
    ("shikaku/6/6/j3g56h6t6h23g5jg", "extra"),
    ("shikaku/6/6/j3g56h6t6h23g5!", "bad character"),
    ("shikaku/c/6/6/j3g56h6t6h23g5j", "flag"),
    ("pzprv3/shikaku/2/2/. x /. . /", "bad Shikaku cell"),
    ("pzprv3/shikaku/2/2/. . /", "of 4 cells"),
])
def test_bad_urls_are_errors_that_say_what_is_wrong(url, words):
    with pytest.raises(InputError) as error:
        parse_url(url)
    assert words in str(error.value)


# ------------------------------------------------------------------ Tatham's Rectangles


def test_every_corpus_rect_id_reads_as_the_corpus_puzzle_and_writes_back():
    ids = rect_ids()
    assert len(ids) == 40
    for game_id, path in ids:
        puzzle = parse_game_id(f"rect:{game_id}")
        assert puzzle == S.parse_puzzle((CORPUS / path).read_text()), game_id
        assert to_game_id(puzzle) == game_id
        assert parse_game_id(to_game_id(puzzle, with_genre=None)) == puzzle


def test_an_id_with_a_number_past_range_reads_bare_and_by_genre():
    """Range's numbers stop at W + H - 1; a larger one can only be Rectangles."""
    puzzles = [(g, S.parse_puzzle((CORPUS / p).read_text())) for g, p in rect_ids()]
    readable = [(g, p) for g, p in puzzles if p.numbers.max() > p.width + p.height - 1]
    assert readable
    game_id, puzzle = readable[0]
    assert parse_game_id(game_id) == parse_game_id(game_id, genre="shikaku") == puzzle
    assert read_input(game_id) == puzzle


def test_expansion_and_unique_parameters_are_read():
    assert parse_game_id("rect:2x2e0.5u:4c") == S.parse_puzzle("shikaku 2 2\n4 .\n. .\n")


@pytest.mark.parametrize(("game_id", "words"), [
    ("rect:3x3:a2b", "not enough data"),
    ("rect:3x3:a9bee", "too much data"),
    ("rect:3x3:a10g", "larger than"),
    ("rect:3x3:a2!f", "bad character"),
    ("rect:3x3d2:a9g", "after the size"),
    ("rect:3x3:a8g", "add up to 8"),
])
def test_bad_rect_ids_are_errors_that_say_what_is_wrong(game_id, words):
    with pytest.raises(InputError) as error:
        parse_game_id(game_id)
    assert words in str(error.value)


def test_a_question_mark_has_no_rectangles_form():
    with pytest.raises(InputError, match="no Rectangles form"):
        to_game_id(S.parse_puzzle("shikaku 2 1\n? .\n"))


def test_numbers_that_do_not_tile_the_grid_are_refused_not_written_unreadable():
    """The verdict audit changed a clue of janko 251_7x7 (9 to 10): the ID written then
    was one the reader refuses (numbers adding up to 50 on 49 cells)."""
    text = (CORPUS / "shikaku" / "janko" / "251_7x7.txt").read_text()
    puzzle = S.parse_puzzle(text)
    assert parse_game_id(to_game_id(puzzle), "rect") == puzzle
    changed = S.ShikakuPuzzle(np.where(puzzle.numbers == 9, 10, puzzle.numbers))
    with pytest.raises(InputError, match="add up to 50, not to the 49"):
        to_game_id(changed)


# ------------------------------------------------------------------ SVG


def test_the_svg_shows_numbers_and_the_rectangles():
    puzzle = S.parse_puzzle("shikaku 3 2\n2 . 2\n2 . .\n")
    solution = S.FORMAT.from_rows(["1 1 2", "3 3 2"])
    root = ET.fromstring(draw_svg(puzzle, solution))
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(t for t in texts if t and t.isdigit()) == ["2", "2", "2"]
    rooms = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "rooms"]
    assert len(rooms) == 1 and len(list(rooms[0])) == 4  # four cell sides between rectangles
