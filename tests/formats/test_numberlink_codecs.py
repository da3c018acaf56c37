"""Numberlink's puzz.link codec (``numlin``): pzprjs' example, round trips on the corpus
(directly and through the registry's URL reading), cut and bad bodies."""

from __future__ import annotations

import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import numberlink as codec
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.puzzles import numberlink as N

EXAMPLE = "1j2h3m1h2j3"
"""pzprjs' example body (test/script/numlin.js), a 5x5 grid."""
EXAMPLE_FILE = ["1 . . . . ", "2 . . 3 . ", ". . . . . ", ". 1 . . 2 ", ". . . . 3 "]


def test_the_pzprjs_example_reads_and_writes_back():
    puzzle = codec.decode(EXAMPLE, 5, 5, 1, "")
    assert N.format_puzzle(puzzle).splitlines()[1:] == [
        "1 . . . .", "2 . . 3 .", ". . . . .", ". 1 . . 2", ". . . . 3"]
    assert codec.encode(puzzle) == EXAMPLE
    assert codec.decode_file(EXAMPLE_FILE, 5, 5) == puzzle


def test_corpus_puzzles_round_trip():
    files = sorted((CORPUS / "numberlink").rglob("*.txt"))
    assert len(files) > 400
    for path in files:
        puzzle = N.parse_puzzle(path.read_text(), path.stem)
        assert codec.decode(codec.encode(puzzle), puzzle.width, puzzle.height, 1, "") == \
            puzzle, path


@pytest.mark.parametrize(("body", "flags", "words"), [
    (EXAMPLE[:-1], "", "truncated"),
    (EXAMPLE + "1", "", "extra data|bad character"),
    (EXAMPLE, "e", "no flags"),
])
def test_bad_bodies_are_named(body, flags, words):
    with pytest.raises(InputError, match=words):
        codec.decode(body, 5, 5, 1, flags)


def test_question_ends_read_and_write_back_in_the_url_and_the_file_form():
    """pzprjs writes a '?' number as '.' (``writeNumber16``) and '-' in its file form."""
    puzzle = codec.decode("1j.h3m1h.j3", 5, 5, 1, "")
    assert N.format_puzzle(puzzle).splitlines()[1:] == [
        "1 . . . .", "? . . 3 .", ". . . . .", ". 1 . . ?", ". . . . 3"]
    assert codec.encode(puzzle) == "1j.h3m1h.j3"
    lines = ["1 . . . . ", "- . . 3 . ", ". . . . . ", ". 1 . . - ", ". . . . 3 "]
    assert codec.decode_file(lines, 5, 5) == puzzle
    assert parse_url(to_url(puzzle)) == puzzle


def test_urls_round_trip_through_the_registry():
    files = sorted((CORPUS / "numberlink").rglob("*.txt"))[::10]
    for path in files:
        puzzle = N.parse_puzzle(path.read_text(), path.stem)
        url = to_url(puzzle)
        assert "?numlin/" in url
        assert parse_url(url) == puzzle, path
    assert parse_url("https://puzz.link/p?numlin/5/5/" + EXAMPLE) == codec.decode(EXAMPLE, 5, 5,
                                                                                  1, "")
