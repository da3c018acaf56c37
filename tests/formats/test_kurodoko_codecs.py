"""Kurodoko's codecs: puzz.link (pzprjs' own example, every URL form, the file form, round
trips of every corpus puzzle, errors), Tatham's Range IDs (every corpus ID read and written
back), detection, and the SVG drawing."""

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
from pencilsat.puzzles import kurodoko as K

# pzprjs' example (test/script/kurodoko.js) and the grid its file form gives.
PZPRJS_URL = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
PZPRJS_GRID = "kurodoko 5 5\n. . . 7 .\n5 . . . .\n. . 2 . .\n. . . . 2\n. 4 . . .\n"
PZPRJS_FILE = ("pzprv3/kurodoko/5/5/. . . 7 . /5 . . . . /. . 2 . . /. . . . 2 /. 4 . . . /"
               "+ # + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /")


def range_ids() -> list[tuple[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [(row["game_id"], row["puzzle_file"])
                for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "kurodoko"]


def test_the_pzprjs_example_reads_as_its_file_form_says():
    puzzle = parse_url(PZPRJS_URL)
    assert puzzle == K.parse_puzzle(PZPRJS_GRID) == parse_url(PZPRJS_FILE)
    assert to_url(puzzle) == PZPRJS_URL


@pytest.mark.parametrize("form", [
    "kurodoko/5/5/i7g5l2l2g4i",
    "https://puzz.link/p?type=editor&kurodoko/5/5/i7g5l2l2g4i",
    "http://pzv.jp/p.html?kurodoko_edit/5/5/i7g5l2l2g4i",
    "https://puzz.link/p?v:/kurodoko/5/5/i7g5l2l2g4i",
    "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i/#x",
])
def test_every_url_form_reads_the_same_puzzle(form):
    assert parse_url(form) == K.parse_puzzle(PZPRJS_GRID)


def test_every_corpus_puzzle_round_trips_through_a_url():
    files = sorted((CORPUS / "kurodoko").rglob("*.txt"))
    assert len(files) > 500
    for path in files:
        puzzle = K.parse_puzzle(path.read_text())
        assert parse_url(to_url(puzzle)) == puzzle, path


def test_a_question_mark_and_large_numbers_round_trip():
    numbers = np.zeros((1, 300), dtype=np.int32)
    numbers[0, :4] = [K.UNKNOWN, 15, 16, 299]
    puzzle = K.KurodokoPuzzle(numbers)
    assert parse_url(to_url(puzzle)) == puzzle


@pytest.mark.parametrize(("url", "words"), [
    ("kurodoko/5/5/i7g5l2l2g4", "truncated"),
    ("kurodoko/5/5/i7g5l2l2g4ig", "extra"),
    ("kurodoko/5/5/i7g5l2l2g4!", "bad character"),
    ("kurodoko/2/2/5j", "not a digit"),
    ("kurodoko/2/2/0j", "not a digit"),
    ("kurodoko/c/5/5/i7g5l2l2g4i", "flag"),
    ("pzprv3/kurodoko/2/2/. x /. . /", "bad Kurodoko cell"),
    ("pzprv3/kurodoko/2/2/. . /", "of 4 cells"),
])
def test_bad_urls_are_errors_that_say_what_is_wrong(url, words):
    with pytest.raises(InputError) as error:
        parse_url(url)
    assert words in str(error.value)


# ------------------------------------------------------------------ Tatham's Range


def test_every_corpus_range_id_reads_as_the_corpus_puzzle_and_writes_back():
    ids = range_ids()
    assert len(ids) == 40
    for game_id, path in ids:
        puzzle = parse_game_id(game_id)
        assert puzzle == K.parse_puzzle((CORPUS / path).read_text()), game_id
        assert to_game_id(puzzle) == game_id


def test_a_range_prefix_or_genre_names_the_game():
    game_id, _ = range_ids()[0]
    assert parse_game_id(f"range:{game_id}") == parse_game_id(game_id)
    assert parse_game_id(game_id, genre="kurodoko") == parse_game_id(game_id)
    assert read_input(game_id) == parse_game_id(game_id)


def test_long_runs_and_numbers_side_by_side_round_trip():
    numbers = np.zeros((3, 20), dtype=np.int32)
    numbers[2, 17:] = [3, 12, 22]
    puzzle = K.KurodokoPuzzle(numbers)
    game_id = to_game_id(puzzle)
    assert game_id == "20x3:zze3_12_22"
    assert parse_game_id(game_id) == puzzle


@pytest.mark.parametrize(("game_id", "words"), [
    ("range:3x3:a2b", "not enough data"),
    ("range:3x3:a2bee", "too much data"),
    ("range:3x3:a6g", "out of range"),
    ("range:3x3:a2!f", "bad character"),
    ("range:3x3d2:a2f", "after the size"),
])
def test_bad_range_ids_are_errors_that_say_what_is_wrong(game_id, words):
    with pytest.raises(InputError) as error:
        parse_game_id(game_id)
    assert words in str(error.value)


def test_a_question_mark_has_no_range_form():
    with pytest.raises(InputError, match="no Range form"):
        to_game_id(K.parse_puzzle("kurodoko 2 1\n? .\n"))


# ------------------------------------------------------------------ SVG


def test_the_svg_shows_numbers_and_shaded_cells():
    puzzle = K.parse_puzzle(PZPRJS_GRID)
    solution = K.FORMAT.from_rows([".#...", "..#..", ".#..#", "..#..", "#...#"])
    root = ET.fromstring(draw_svg(puzzle, solution))
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(t for t in texts if t and t.isdigit()) == ["2", "2", "4", "5", "7"]
    shaded = [r for r in root.iter("{http://www.w3.org/2000/svg}rect")
              if r.get("class") == "shaded"]
    assert len(shaded) == int(solution.shaded.sum())
