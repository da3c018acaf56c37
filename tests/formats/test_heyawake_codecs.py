"""Heyawake's puzz.link codec (pzprjs' own example, round trips, errors) and its SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.puzzlink.borders import decode_borders, encode_borders, rooms_of
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import heyawake as H

JANKO = CORPUS / "heyawake" / "janko"

# pzprjs' own example (test/script/test_heyawake.js): its URL, the rooms and numbers its
# file form gives, and the answer it accepts ('+' there is an unshaded mark).
PZPRJS_URL = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
PZPRJS_ROOMS = ["0 1 1 2 2 3", "0 1 1 2 2 3", "0 1 1 2 2 3", "4 4 4 4 4 3", "5 5 5 6 6 3",
                "5 5 5 6 6 7"]
PZPRJS_ANSWER = ["#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "..#..."]


def test_the_pzprjs_example_reads_as_its_file_form_says():
    p = parse_url(PZPRJS_URL)
    assert p.rooms.tolist() == [[int(v) for v in row.split()] for row in PZPRJS_ROOMS]
    clues = np.full((6, 6), H.NO_CLUE)
    clues[0, [0, 1, 3, 5]] = 2
    assert p.clues.tolist() == clues.tolist()
    assert H.check(p, H.solution_from_rows(PZPRJS_ANSWER)) == []
    assert to_url(p) == PZPRJS_URL


def test_janko_puzzles_round_trip_through_urls():
    for path in sorted(JANKO.glob("*.txt"))[::50]:
        p = H.parse_puzzle(path.read_text())
        q = parse_url(to_url(p))
        assert np.array_equal(q.rooms, p.rooms), path
        assert to_url(q) == to_url(p)
        clued = [c is not None for c in p.room_clues()]
        assert [c is not None for c in q.room_clues()] == clued
        assert [c[1] for c in q.room_clues() if c] == [c[1] for c in p.room_clues() if c]


def test_a_clue_goes_to_the_top_of_the_leftmost_column_of_its_room():
    # the L room's first cell (0, 1) is not its leftmost column's topmost cell (1, 0)
    p = H.parse_puzzle("heyawake 2 2\n. 3\n. .\n2 1\n1 1\n")
    assert parse_url(to_url(p)).clues.tolist() == [[H.NO_CLUE, H.NO_CLUE], [3, H.NO_CLUE]]
    q = H.parse_puzzle("heyawake 2 2\n. .\n. 2\n1 1\n2 1\n")
    assert parse_url(to_url(q)).clues.tolist() == [[2, H.NO_CLUE], [H.NO_CLUE, H.NO_CLUE]]


@pytest.mark.parametrize("number", [0, 9, 15, 16, 255, 256, 4095, 4096, 8192, 12240, 77776])
def test_every_number_form_round_trips(number):
    side = max(1, int(np.ceil(np.sqrt(number))))  # one room just large enough
    rooms = np.zeros((side, side), dtype=np.int32)
    clues = np.full((side, side), H.NO_CLUE)
    clues[0, 0] = number
    p = H.HeyawakePuzzle(rooms, clues)
    assert parse_url(to_url(p)) == p


def test_borders_round_trip_and_make_rooms():
    rng = np.random.default_rng(1)
    vertical, horizontal = rng.random((4, 4)) < 0.5, rng.random((3, 5)) < 0.5
    text = encode_borders(vertical, horizontal)
    back = decode_borders(text, 5, 4, 1)
    assert np.array_equal(back[0], vertical) and np.array_equal(back[1], horizontal)
    rooms = rooms_of(np.array([[True], [False]]), np.array([[False, True]]))
    assert rooms.tolist() == [[0, 1], [0, 0]]


@pytest.mark.parametrize(("url", "words"), [
    ("heyawake/2/2/0", "truncated"),
    ("heyawake/2/2/0w", "bad character 'w' in the room borders"),
    ("heyawake/2/2/1000", "beyond the grid"),
    ("heyawake/2/2/00001", "extra data after the last room"),
    ("heyawake/2/2/00g1", "extra data after the last room"),
    ("heyawake/2/2/00h", "goes past the last"),
    ("heyawake/2/2/00-1", "followed by 2 hex digits"),
    ("heyawake/2/2/00!", "bad character '!'"),
    ("heyawake/2/2/005", "its number is 5"),
    ("heyawake/x/2/2/000", "flags"),
])
def test_bad_urls_are_named(url, words):
    with pytest.raises(InputError) as caught:
        parse_url(url)
    assert words in str(caught.value)


def test_aye_heya_is_not_read_as_heyawake():
    with pytest.raises(InputError, match="unknown puzzle type 'ayeheya'"):
        parse_url("https://puzz.link/p?ayeheya/6/6/lll155007rs12222j")


def test_heyawacky_is_pzprjs_other_name_of_heyawake():
    # a made-up 3x2 board: rooms {(0,0),(1,0)}, {(0,1),(0,2)}, {(1,1),(1,2)}; a 1 in the first
    p = H.HeyawakePuzzle(np.array([[0, 1, 1], [0, 2, 2]]), np.array([[1, -1, -1], [-1, -1, -1]]))
    assert parse_url(to_url(p).replace("p?heyawake/", "p?heyawacky/")) == p


def test_the_svg_draws_rooms_thick_shading_and_numbers():
    p = parse_url(PZPRJS_URL)
    s = H.solution_from_rows(PZPRJS_ANSWER)
    root = ET.fromstring(draw_svg(p, s))
    found = list(root.iter())
    shaded = [e for e in found if e.get("class") == "shaded"]
    assert len(shaded) == sum(row.count("#") for row in PZPRJS_ANSWER)
    rooms = next(e for e in found if e.get("class") == "rooms")
    borders = int((p.rooms[:, 1:] != p.rooms[:, :-1]).sum() + (p.rooms[1:] != p.rooms[:-1]).sum())
    assert len(list(rooms)) == borders
    clues = [e for e in found if e.get("class") == "clue"]
    assert [e.text for e in clues] == ["2"] * 4
    assert clues[0].get("fill") == "white"  # (0, 0) is shaded
    other = H.solution_from_rows(["." * 6] * 6)
    two = ET.fromstring(draw_svg(p, s, other))
    assert [e for e in two.iter() if e.get("class") == "difference"]


# ------------------------------------------------------------------ pzprjs' file form

BORDER_FILE = ("pzprv3.1/heyawake/3/4/0 1 0 /0 1 0 /0 1 1 /1 0 0 0 /0 0 1 1 /"
               "2 . 0 . /. . . . /. . . - /%23 + . . /")
"""Made up; pzprjs opens it as ``heyawake/4/3/96gc20g.`` (checked with node)."""
ROOM_ID_FILE = "pzprv3/heyawake/3/4/4/0 0 1 1 /2 2 1 1 /2 2 1 3 /. . 1 . /2 . . . /. . . - /"
"""Made up, the old version (room ids); pzprjs opens it as ``heyawake/4/3/96o4g12.``."""


@pytest.mark.parametrize("file, url", [(BORDER_FILE, "heyawake/4/3/96gc20g."),
                                       (ROOM_ID_FILE, "heyawake/4/3/96o4g12.")])
def test_both_versions_of_pzprjs_file_read_the_puzzle_of_its_url(file, url):
    puzzle = parse_url(file)
    assert puzzle == parse_url(url)
    assert puzzle.unknown[2, 3] and puzzle.unknown.sum() == 1


def test_a_file_with_two_numbers_in_one_room_is_refused():
    with pytest.raises(InputError, match="at most one clue"):
        parse_url(ROOM_ID_FILE.replace("/. . 1 . /", "/. . 1 1 /"))
