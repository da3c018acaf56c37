"""Property tests: a cut or lengthened puzz.link URL or Tatham game ID is refused, never read
as another puzzle.

For every genre of the registry with a corpus folder, a handful of its corpus puzzles are
written as pzprjs and pencilsat write them (``convert --to url`` / ``--to tatham``); every cut
of 1 to 10 characters off the end and every single appended character must raise an
:class:`InputError` or read back as the same puzzle. pzprjs always writes a body covering
every cell, so a cut body is data lost in copying, and reading it as a smaller clue set
would give a wrong verdict (issue 40: a cut Heyawake URL solved as ``multiple``).
"""

from __future__ import annotations

import numpy as np
import pytest
from _formats_corpus import corpus_folder, genre_sample
from conftest import run_cli

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES, genre_of
from pencilsat.formats.detect import convert
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.puzzlink.body import (
    BodyNotChecked,
    body_parts,
    decode_number16,
    read_4cell,
    read_number16,
    read_through_parts,
)
from pencilsat.formats.tatham import parse_game_id, to_game_id

SAMPLE = 6
"""Corpus puzzles per genre (a few seconds per genre)."""
LONGEST_CUT = 10
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
OTHERS = "ABFGWZ.-+=%@*$_,/&#?! "
"""Characters beyond the base-36 alphabet: the codecs' other tokens and separators."""

URL_GENRES = [g.name for g in GENRES.values()
              if g.puzzlink_codec is not None and corpus_folder(g.name).is_dir()]
TATHAM_GENRES = [g.name for g in GENRES.values()
                 if g.tatham_codec is not None and corpus_folder(g.name).is_dir()]


def test_every_genre_with_a_codec_is_covered():
    """A genre without a corpus folder would drop out of the tests below unseen."""
    assert set(URL_GENRES) == {g.name for g in GENRES.values() if g.puzzlink_codec}
    assert set(TATHAM_GENRES) == {g.name for g in GENRES.values() if g.tatham_codec}


def variants(code: str) -> list[str]:
    """Every cut of 1..LONGEST_CUT characters off the end of ``code`` and ``code`` with each
    test character appended."""
    cuts = [code[:-k] for k in range(1, min(LONGEST_CUT, len(code) - 1) + 1)]
    return cuts + [code + ch for ch in BASE36 + OTHERS]


def misread(code: str, read, itself=None) -> list[str]:
    """The variants of ``code`` that ``read`` accepts as a puzzle other than the one ``code``
    is (the reference is ``code`` read back: a Heyawake room's number moves to the room's top
    cell, the same puzzle). With ``itself`` (how the game writes a puzzle), a variant that is
    exactly the code of the other puzzle it reads as is no misreading: the format cannot
    tell it from a whole code (a Range ID whose last number loses or gains a digit)."""
    puzzle = read(code)
    genre, text = genre_of(puzzle).name, convert(puzzle, "text")
    wrong = []
    for variant in variants(code):
        try:
            other = read(variant)
        except InputError:
            continue
        if genre_of(other).name != genre or convert(other, "text") != text:
            if itself is None or variant not in itself(other):
                wrong.append(variant)
    return wrong


@pytest.mark.parametrize("genre", URL_GENRES)
def test_a_cut_or_lengthened_url_is_refused_or_the_same_puzzle(genre):
    puzzles = genre_sample(genre, SAMPLE)
    urls = [code for puzzle in puzzles for code in url_of(puzzle)]
    assert urls, f"no {genre} puzzle of {corpus_folder(genre)} has a URL"
    for code in urls:
        assert misread(code, parse_url) == []


def url_of(puzzle) -> list[str]:
    """The puzzle's URL, or none where pzprjs' form cannot hold it (a Skyscrapers with empty
    cells)."""
    try:
        return [to_url(puzzle)]
    except InputError:
        return []


def tatham_ids(puzzle) -> list[str]:
    """The puzzle's game ID as ``convert --to tatham`` writes it (bare, unless another game
    would read it too) and with the game's name, or none where the game cannot hold it."""
    try:
        written = to_game_id(puzzle, with_genre=None)
    except InputError:
        return []
    return sorted({written, to_game_id(puzzle, with_genre=True)})


@pytest.mark.parametrize("genre", TATHAM_GENRES)
def test_a_cut_or_lengthened_game_id_is_refused_or_the_same_puzzle(genre):
    puzzles = genre_sample(genre, SAMPLE)
    ids = [code for puzzle in puzzles for code in tatham_ids(puzzle)]
    assert ids, f"no {genre} puzzle of {corpus_folder(genre)} has a game ID"
    for code in ids:
        assert misread(code, parse_game_id, tatham_ids) == []


def test_a_part_cut_short_is_named_with_its_column():
    with pytest.raises(InputError) as cut, body_parts("1g2", 10) as body:
        read_number16(body, 4, "numbers")
    assert cut.value.column == 13
    assert "truncated numbers" in cut.value.message and "3 of 4 cells" in cut.value.message


def test_data_after_the_last_part_is_named_with_its_column():
    """A two-part body as a genre composes it: the reader, not the genre, sees what is left."""
    with pytest.raises(InputError) as left, body_parts("1g2345", 10) as body:
        read_number16(body, 4, "numbers")
        read_number16(body, 1, "room numbers", unit="room")
    assert left.value.column == 15
    assert "extra data after the last room of the room numbers" in left.value.message


def test_a_number_may_cover_cells_past_the_end_as_pzprjs_writes_it():
    """``decode4Cell``'s ``a``-``e`` is a number and two empty cells; pzprjs writes it for a
    number in the last cell, so it ends the part without an error."""
    with body_parts("0a", 1) as body:
        assert read_4cell(body, 2, "walls") == [0, 0]


def test_a_decoder_that_skips_the_body_reader_fails_loudly():
    """The frame's check: a genre decoder that reads its body some other way (a loop of its
    own, a slice left unread) cannot pass its first test."""
    with pytest.raises(BodyNotChecked), read_through_parts("1g2", 10, "test"):
        pass  # read nothing through body.py
    with pytest.raises(BodyNotChecked), read_through_parts("1g2/x", 10, "test"):
        decode_number16("1g2", 3, 10, "numbers")  # stopped before the end
    with read_through_parts("1g2/1", 10, "test"):  # the genre reads a first segment itself
        decode_number16("1", 1, 14, "numbers")  # and the layer the last part, to the end


def test_the_cut_heyawake_url_of_issue_40_exits_4_naming_the_part_and_column():
    code, out, err = run_cli("solve", "https://puzz.link/p?heyawake/6/6/lll155007rs1222")
    assert code == 4 and out == ""
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "truncated room numbers" in err and "column 49" in err
    code, out, _ = run_cli("solve", "https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
    assert code == 0 and "unique" in out


def test_a_4cell_grid_round_trips_with_its_plain_and_marked_values():
    """``decode_4cell_grid`` / ``encode_4cell_grid``: plain cells, marked cells without a
    number and numbers, as a grid of the caller's values."""
    from pencilsat.formats.puzzlink.body import decode_4cell_grid, encode_4cell_grid

    grid = np.array([[-1, -2, 3], [0, -1, -1]], dtype=np.int8)
    body = encode_4cell_grid(grid, plain=-1, marked=-2)
    assert body == "g.3a"  # the 0 swallows the two plain cells after it
    with read_through_parts(body, 1, "test"):
        assert np.array_equal(decode_4cell_grid(body, 3, 2, 1, "cells", -1, -2), grid)
