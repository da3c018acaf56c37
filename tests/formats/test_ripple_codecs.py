"""Ripple Effect's puzz.link codec: pzprjs' own example in its URL and file forms, every janko
puzzle through a URL, and the errors (a '?' number, empty cells, a number past its room)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.puzzles import ripple as R
from pencilsat.puzzles.regions import Regions

JANKO = CORPUS / "ripple" / "janko"

# pzprjs' own example (test/script/ripple.js): its URL and the same board in the file form
# with the answer pzprjs accepts.
PZPRJS_URL = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
PZPRJS_FILE = ("pzprv3/ripple/4/4/0 1 0 /0 1 1 /0 1 1 /1 0 1 /1 1 0 1 /1 1 0 0 /1 0 1 0 /"
               ". . . . /. 1 4 . /. 3 2 . /. . . . /1 2 3 1 /2 . . 2 /4 . . 1 /1 2 1 3 /")


def test_the_pzprjs_example_reads_writes_back_and_matches_its_file_form():
    p = parse_url(PZPRJS_URL)
    assert to_url(p) == PZPRJS_URL
    assert parse_url(PZPRJS_FILE) == p
    assert p.givens.tolist() == [[0, 0, 0, 0], [0, 1, 4, 0], [0, 3, 2, 0], [0, 0, 0, 0]]
    # the file's answer lines (with the givens) are an answer pencilsat's checker accepts
    answer = [row.split() for row in PZPRJS_FILE.split("/")[15:19]]
    grid = np.where(p.givens > 0, p.givens,
                    [[0 if t == "." else int(t) for t in row] for row in answer])
    assert R.check(p, R.RippleSolution(grid)) == []


def test_every_janko_puzzle_round_trips_through_a_url():
    paths = sorted(JANKO.glob("*.txt"))
    assert len(paths) >= 400
    for path in paths:
        text = path.read_text()
        url = to_url(R.parse_puzzle(text))
        back = parse_url(url)
        assert R.format_puzzle(back) == text, path
        assert to_url(back) == url


def test_a_clear_empty_cell_part_reads_as_the_plain_puzzle():
    assert parse_url(PZPRJS_URL + "0000") == parse_url(PZPRJS_URL)  # 16 cells: 4 characters


def test_empty_cells_are_cut_out_split_their_room_and_write_back():
    """A 3x1 room with its middle cell empty (``decodeEmpty``'s bit 2 of 3, ``8``): pzprjs'
    room graph leaves the cell out, so the room is two rooms of one cell."""
    p = parse_url("ripple/3/1/0i8")
    assert p.cut_out().tolist() == [[False, True, False]]
    assert p.rooms.count == 2 and p.room_sizes().tolist() == [[1, 0, 1]]
    assert to_url(p) == "https://puzz.link/p?ripple/3/1/oi8"  # borders round the cut cell
    assert parse_url(to_url(p)) == p
    assert parse_url("pzprv3/ripple/1/3/0 0 /%23 . . /") == parse_url("ripple/3/1/0ig") \
        == parse_url(to_url(parse_url("ripple/3/1/0ig")))


def one_room(width: int, height: int, number: int) -> R.RipplePuzzle:
    givens = np.zeros((height, width), dtype=np.int32)
    givens[0, 0] = number
    return R.RipplePuzzle(givens, Regions(np.zeros((height, width), dtype=np.int32)))


@pytest.mark.parametrize("number", [1, 15, 16, 255, 256])
def test_long_numbers_round_trip(number):
    side = max(1, int(np.ceil(np.sqrt(number))))
    p = one_room(side, side, number)
    assert parse_url(to_url(p)) == p


@pytest.mark.parametrize(("url", "words"), [
    ("ripple/2/2/00", "truncated numbers"),
    ("ripple/2/2/00i", "truncated numbers"),
    ("ripple/2/2/00k", "goes past the end of the grid"),
    ("ripple/2/2/00i5", "number 5 is not a digit 1..4"),
    ("ripple/2/2/000i", "number 0 is not"),
    ("ripple/2/2/oo2i", "the number 2 in r1c1 is larger than its room of 1 cells"),
    ("ripple/2/2/00g1h8", "the empty cell r1c2 has a number"),
    ("ripple/2/2/00ju", "every cell is empty"),
    ("ripple/2/2/00j1", "marks a cell beyond the end of the grid"),
    ("ripple/2/2/00j01", "extra data"),
    (PZPRJS_URL + "000", "truncated empty cells"),
    ("ripple/x/2/2/00j", "flags"),
    # a "#" in a URL starts the fragment, so a file form in a URL writes it %23
    ("pzprv3/ripple/2/2/0 /0 /0 0 /%23 %23 /%23 %23 /", "every cell is empty"),
    ("pzprv3/ripple/2/2/1 /1 /0 1 /. 2 /. . /", "the number 2 in r1c2 is larger"),
    ("pzprv3/ripple/2/2/0 /0 /0 0 /. 0 /. . /", "bad Ripple Effect cell '0' at r1c2"),
    ("pzprv3/ripple/2/2/0 /0 /0 0 /. . /", "has 2 of 4 cells"),
    ("pzprv3/ripple/2/2/0 /2 /0 0 /. . /. . /", "bad vertical border mark '2'"),
])
def test_bad_urls_are_named(url, words):
    with pytest.raises(InputError) as caught:
        parse_url(url)
    assert words in str(caught.value)


def test_the_other_types_of_pzprjs_ripple_file_are_not_read_as_ripple():
    for pid in ("cojun", "meander", "suguru"):
        with pytest.raises(InputError, match=f"unknown puzzle type '{pid}'"):
            parse_url(PZPRJS_URL.replace("ripple", pid))
