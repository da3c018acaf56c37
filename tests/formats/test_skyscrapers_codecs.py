"""Skyscrapers' puzz.link URLs and Tatham Towers IDs: every corpus puzzle with a URL form
round-trips, every Tatham ID of the corpus reads as its file and writes back unchanged,
and cut, lengthened or foreign input is a clear InputError."""

from __future__ import annotations

import csv

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import skyscrapers as S

PZPRJS_SAMPLE = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
"""pzprjs' own test URL (test/script/skyscrapers.js)."""


def _corpus() -> list[S.SkyscrapersPuzzle]:
    return [S.parse_puzzle(path.read_text(), path.stem)
            for path in sorted((CORPUS / "skyscrapers").rglob("*.txt"))]


def test_every_corpus_puzzle_with_a_url_form_round_trips():
    done = refused = 0
    for puzzle in _corpus():
        if puzzle.largest < puzzle.size or puzzle.diagonal:
            with pytest.raises(InputError):
                to_url(puzzle)
            refused += 1
            continue
        assert parse_url(to_url(puzzle)) == puzzle, puzzle.name
        done += 1
    assert done >= 300 and refused >= 250


def test_pzprjs_sample_and_its_file_form():
    puzzle = parse_url(PZPRJS_SAMPLE)
    expected = np.zeros((4, 4), dtype=int)
    expected[1, 1:3] = [1, 3]  # bottom
    expected[2, 1] = 4  # left of row 1
    expected[3, 2] = 3  # right of row 2
    assert (puzzle.clues == expected).all() and not puzzle.givens.any()
    assert to_url(puzzle) == PZPRJS_SAMPLE
    file_form = ("https://puzz.link/p?pzprv3/skyscrapers/4/4/. . . . . . /. 2 1 4 3 . /"
                 "4 1 2 3 4 . /. 4 q3 1 2 3 /. 3 4 2 1 . /. . 1 3 . . /")
    with_given = parse_url(file_form)
    assert (with_given.clues == expected).all()
    assert with_given.givens[2, 1] == 3 and with_given.givens.sum() == 3
    assert parse_url(to_url(with_given)) == with_given


@pytest.mark.parametrize("tail, words", [
    ("k13h4j3", "truncated clues"),
    ("k13h4j3gg", "truncated givens"),
    ("k13h5j3g", "clue 5"),
    ("k13h.j3g", "'?' clue has no meaning in Skyscrapers: pzprjs' editor cannot enter one"),
    ("k13h4j3gi3k", "truncated givens"),
])
def test_bad_urls_are_refused(tail, words):
    with pytest.raises(InputError) as caught:
        parse_url("https://puzz.link/p?skyscrapers/4/4/" + tail)
    assert words in str(caught.value)


def test_a_question_mark_in_a_cell_is_a_gap_read_and_written_back():
    """pzprjs writes a '?' in a cell as '.' (``writeNumber16``) and ``q-2`` in its file form;
    its checker reads it as a cell without a building."""
    puzzle = parse_url("https://puzz.link/p?skyscrapers/4/4/k13h4j3gi.r")
    assert puzzle.gaps.sum() == 1 and puzzle.gaps[0, 3]
    assert to_url(puzzle) == "https://puzz.link/p?skyscrapers/4/4/k13h4j3gi.r"
    file_form = ("https://puzz.link/p?pzprv3/skyscrapers/4/4/. . . . . . /. . . . q-2 . /"
                 "4 . . . . . /. . . . . 3 /. . . . . . /. . 1 3 . . /")
    assert parse_url(file_form) == puzzle
    answer = np.array([[2, 1, 4, 0], [1, 2, 3, 4], [4, 3, 1, 2], [3, 4, 2, 1]])
    assert S.check(puzzle, S.SkyscrapersSolution(answer)) == []
    with pytest.raises(InputError, match="Towers has no gaps"):
        to_game_id(puzzle)


def test_non_square_urls_are_refused():
    with pytest.raises(InputError, match="square"):
        parse_url("https://puzz.link/p?skyscrapers/4/5/" + "g" * 18)


def test_every_tatham_id_reads_as_its_file_and_writes_back():
    rows = [row for row in csv.DictReader((CORPUS / "tatham_manifest_genres.tsv").open(),
                                          delimiter="\t") if row["genre"] == "skyscrapers"]
    assert len(rows) == 160
    for row in rows:
        params, desc = row["game_id"].split(":", 1)
        expected = S.parse_puzzle((CORPUS / row["puzzle_file"]).read_text())
        assert parse_game_id(row["game_id"]) == expected
        assert parse_game_id(f"{row['tatham_params']}:{desc}") == expected
        assert to_game_id(expected) == row["game_id"]
    assert any("," in row["game_id"] for row in rows)  # givens too


@pytest.mark.parametrize("game_id, words", [
    ("towers:4:1/2/3/4/1/2/3/4/1/2/3", "expected 16 clues"),
    ("towers:4:1/2/3/4/1/2/3/4/1/2/3/4/1/2/3/5", "clue '5'"),
    ("towers:4:///////////////,a2", "not enough data"),
    ("towers:4:///////////////,p2", "too much data"),
    ("towers:4x5:///////////////", "one number"),
    ("towers:4dq:///////////////", "Towers game IDs"),
])
def test_bad_tatham_ids_are_refused(game_id, words):
    with pytest.raises(InputError) as caught:
        parse_game_id(game_id)
    assert words in str(caught.value)


def test_puzzles_without_a_towers_form_are_refused():
    clues = np.zeros((4, 4), dtype=np.int16)
    for largest, diagonal in ((3, False), (4, True)):
        puzzle = S.SkyscrapersPuzzle(clues, np.zeros((4, 4)), largest, diagonal)
        with pytest.raises(InputError, match="Towers"):
            to_game_id(puzzle)
