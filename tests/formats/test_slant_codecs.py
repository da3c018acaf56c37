"""Slant's codecs: puzz.link ``gokigen`` (pzprjs' example, every URL form, round trips on the
corpus, cut and bad bodies), Tatham's Slant game IDs (the corpus's own IDs, round trips,
errors) and the SVG."""

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
from pencilsat.puzzles import slant as S

PZPRJS_URL = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"
"""pzprjs' example (test/script/gokigen.js)."""
PZPRJS_FILE = ("pzprv3/gokigen/4/4/. . . 0 . /. 4 . . . /2 . . . 2 /. . . . . /. 1 . 0 . /"
               "1 2 1 2 /2 1 1 1 /1 1 2 2 /2 2 2 1 /")


def corpus_puzzles(stride: int) -> list[S.SlantPuzzle]:
    files = sorted((CORPUS / "gokigen").rglob("*.txt"))
    assert len(files) > 700
    return [S.parse_puzzle(path.read_text(), path.stem) for path in files[::stride]]


def slant_rows() -> list[dict[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [row for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "gokigen"]


# ------------------------------------------------------------------ puzz.link


def test_the_pzprjs_example_reads_and_writes_back():
    puzzle = parse_url(PZPRJS_URL)
    assert S.format_puzzle(puzzle).splitlines() == ["gokigen 4 4", "...0.", ".4...",
                                                     "2...2", ".....", ".1.0."]
    assert to_url(puzzle) == PZPRJS_URL


@pytest.mark.parametrize("form", [
    "gokigen/4/4/iaegcgcj6a",
    "https://pzv.jp/p.html?gokigen/4/4/iaegcgcj6a",
    "https://puzz.link/p?gokigen_edit/4/4/iaegcgcj6a",
    "https://puzz.link/p?gokigen/4/4/iaegcgcj6a&key=value",
    "https://puzz.link/p?" + PZPRJS_FILE,
])
def test_every_url_form_reads_the_same_puzzle(form):
    assert parse_url(form) == parse_url(PZPRJS_URL)


def test_corpus_puzzles_round_trip_through_urls():
    for puzzle in corpus_puzzles(stride=1):
        assert parse_url(to_url(puzzle)) == puzzle, puzzle.name


def test_unknown_numbers_round_trip_as_a_dot():
    clues = np.full((3, 4), S.NO_CLUE)
    clues[1, 2], clues[2, 3], clues[0, 0] = S.UNKNOWN, 4, 0
    puzzle = S.SlantPuzzle(clues)
    url = to_url(puzzle)
    assert "." in url
    assert parse_url(url) == puzzle


@pytest.mark.parametrize(("url", "words"), [
    ("https://puzz.link/p?gokigen/4/4/iaegcgcj6", "truncated"),
    ("https://puzz.link/p?gokigen/4/4/iaegcgcj6ag", "goes past|extra data"),
    ("https://puzz.link/p?gokigen/4/4/iaegcgcj6a5", "extra data|after"),
    ("https://puzz.link/p?gokigen/4/4/iaegcgcjfa", "bad character"),
    ("https://puzz.link/p?gokigen/x/4/4/iaegcgcj6a", "flag"),
])
def test_bad_urls_are_named(url, words):
    with pytest.raises(InputError, match=words):
        parse_url(url)


# ------------------------------------------------------------------ Tatham's Slant


def test_every_corpus_game_id_reads_as_its_puzzle_file_and_writes_back():
    rows = slant_rows()
    assert len(rows) == 80
    for row in rows:
        expected = S.parse_puzzle((CORPUS / row["puzzle_file"]).read_text())
        game_id = row["game_id"]
        assert parse_game_id(game_id, "slant") == expected, row["puzzle_file"]
        assert parse_game_id("slant:" + game_id) == expected
        assert to_game_id(expected) == game_id


def test_the_difficulty_parameter_is_read_and_dropped():
    game_id = slant_rows()[0]["game_id"]
    size, desc = game_id.split(":")
    assert parse_game_id(f"slant:{size}dh:{desc}") == parse_game_id(f"slant:{game_id}")


def test_janko_puzzles_round_trip_through_game_ids():
    for puzzle in corpus_puzzles(stride=11):
        assert parse_game_id(to_game_id(puzzle), "slant") == puzzle, puzzle.name


@pytest.mark.parametrize(("game_id", "words"), [
    ("slant:2x2:1a1a1a1", "not enough data"),
    ("slant:2x2:1a1a1a1a1a", "too much data"),
    ("slant:2x2:1a1a5a1a1", "bad character"),
    ("slant:2x2dx:1a1a1a1a1", "at most"),
])
def test_bad_game_ids_are_named(game_id, words):
    with pytest.raises(InputError, match=words):
        parse_game_id(game_id)


def test_a_puzzle_with_an_unknown_number_has_no_game_id():
    clues = np.full((3, 3), S.NO_CLUE)
    clues[1, 1] = S.UNKNOWN
    with pytest.raises(InputError, match="'\\?'"):
        to_game_id(S.SlantPuzzle(clues))


# ------------------------------------------------------------------ SVG


def test_the_svg_draws_every_diagonal_and_every_number():
    puzzle = parse_url(PZPRJS_URL)
    answer = S.solution_from_rows(["\\/\\/", "/\\\\\\", "\\\\//", "///\\"])
    root = ET.fromstring(draw_svg(puzzle, answer))
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(f"{ns}text") if t.get("class") == "clue"]
    assert sorted(texts) == ["0", "0", "1", "2", "2", "4"]
    diagonals = [p for p in root.iter(f"{ns}path") if p.get("class") == "diagonals"]
    assert len(diagonals) == 1 and diagonals[0].get("d").count("M") == 16
