"""Hitori's codecs: puzz.link (pzprjs' example, every URL form, round trips, errors), Tatham's
Singles game IDs (the corpus's own IDs, round trips, errors) and the SVG."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import hitori as H

PZPRJS_URL = "https://puzz.link/p?hitori/4/4/1114142333214213"
"""pzprjs' example (test/script/hitori.js)."""
PZPRJS_FILE = "pzprv3/hitori/4/4/1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /# + # . /+ + + . /"


def corpus_puzzles(stride: int) -> list[H.HitoriPuzzle]:
    files = sorted((CORPUS / "hitori").rglob("*.txt"))
    assert len(files) > 900
    return [H.parse_puzzle(path.read_text(), path.stem) for path in files[::stride]]


def singles_rows() -> list[dict[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [row for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "hitori"]


# ------------------------------------------------------------------ puzz.link


def test_the_pzprjs_example_reads_and_writes_back():
    puzzle = parse_url(PZPRJS_URL)
    assert puzzle.numbers.tolist() == [[1, 1, 1, 4], [1, 4, 2, 3], [3, 3, 2, 1], [4, 2, 1, 3]]
    assert to_url(puzzle) == PZPRJS_URL


@pytest.mark.parametrize("form", [
    "hitori/4/4/1114142333214213",
    "https://pzv.jp/p.html?hitori/4/4/1114142333214213",
    "https://puzz.link/p?hitori_edit/4/4/1114142333214213",
    "https://puzz.link/p?type=editor&hitori/4/4/1114142333214213",
    "https://puzz.link/p?hitori/4/4/1114142333214213&key=value",
    "https://puzz.link/p?v:/hitori/4/4/1114142333214213",
    "https://puzz.link/p?" + PZPRJS_FILE,
])
def test_every_url_form_reads_the_same_puzzle(form):
    assert parse_url(form) == parse_url(PZPRJS_URL)


def test_corpus_puzzles_round_trip_through_urls():
    for puzzle in corpus_puzzles(stride=7):
        assert parse_url(to_url(puzzle)) == puzzle, puzzle.name


@pytest.mark.parametrize("value", [1, 9, 10, 35, 36, 100, 1295])
def test_every_number_form_round_trips_with_blank_and_unknown_cells(value):
    puzzle = H.HitoriPuzzle(np.array([[value, H.EMPTY, H.UNKNOWN]]))
    assert parse_url(to_url(puzzle)) == puzzle


def test_percent_is_read_as_an_unknown_number_too():
    assert parse_url("hitori/2/1/1%").numbers.tolist() == [[1, H.UNKNOWN]]


@pytest.mark.parametrize(("url", "words"), [
    ("hitori/2/2/111", "truncated numbers: the URL ends after 3 of 4 cells"),
    ("hitori/2/2/11111", "extra data after the last cell"),
    ("hitori/2/2/1-1", "'-' must be followed by two base-36 digits"),
    ("hitori/2/2/11A1", "bad character 'A'"),
    ("hitori/2/2/1101", "number 0"),
    ("hitori/x/2/2/1111", "flags"),
])
def test_bad_urls_are_named(url, words):
    with pytest.raises(InputError) as caught:
        parse_url(url)
    assert words in str(caught.value)


def test_a_number_too_large_for_a_url_is_refused():
    with pytest.raises(InputError, match="too large"):
        to_url(H.HitoriPuzzle(np.array([[1296]])))


# ------------------------------------------------------------------ Tatham's Singles


def test_every_corpus_game_id_reads_as_its_puzzle_file_and_writes_back():
    rows = singles_rows()
    assert len(rows) == 80
    for row in rows:
        puzzle = parse_game_id(row["game_id"])
        assert puzzle == H.parse_puzzle((CORPUS / row["puzzle_file"]).read_text())
        assert to_game_id(puzzle) == row["game_id"]


def test_the_singles_prefix_and_parameters_are_read():
    game_id = singles_rows()[0]["game_id"]
    size, desc = game_id.split(":")
    assert parse_game_id(f"singles:{size}dk:{desc}") == parse_game_id(game_id)
    assert parse_game_id(f"{size}de:{desc}", genre="hitori") == parse_game_id(game_id)


def test_janko_puzzles_within_singles_numbers_round_trip():
    written = 0
    for puzzle in corpus_puzzles(stride=11):
        if puzzle.numbers.max() <= max(puzzle.width, puzzle.height):
            assert parse_game_id(to_game_id(puzzle, with_genre=None)) == puzzle, puzzle.name
            written += 1
    assert written > 50


@pytest.mark.parametrize(("game_id", "words"), [
    ("singles:2x2:121", "3 characters, the 2x2 grid 4 cells"),
    ("singles:2x2:12121", "5 characters"),
    ("singles:2x2:1231", "number 3 ('3')"),
    ("singles:2x2:12_1", "bad character '_'"),
    ("singles:2x2dz:1221", "d<e|k>"),
])
def test_bad_game_ids_are_named(game_id, words):
    with pytest.raises(InputError) as caught:
        parse_game_id(game_id)
    assert words in str(caught.value)


def test_a_puzzle_singles_cannot_hold_has_no_game_id():
    with pytest.raises(InputError, match="no Singles form"):
        to_game_id(H.HitoriPuzzle(np.array([[1, H.EMPTY]])))
    with pytest.raises(InputError, match="no Singles form"):
        to_game_id(H.HitoriPuzzle(np.array([[1, 3]])))


# ------------------------------------------------------------------ SVG


def test_the_svg_shades_cells_and_keeps_their_numbers():
    puzzle = parse_url(PZPRJS_URL)
    answer = H.FORMAT.from_rows(["#.#.", "....", "#.#.", "...#"])
    svg = draw_svg(puzzle, answer)
    root = ET.fromstring(svg)
    texts = [el for el in root.iter() if el.tag.endswith("text") and el.get("class") == "clue"]
    shaded = [el for el in root.iter() if el.get("class") == "shaded"]
    assert len(texts) == 16
    assert len(shaded) == 5
    assert sum(el.get("fill") == "white" for el in texts) == 5
