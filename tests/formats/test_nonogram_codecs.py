"""Nonogram's codecs: puzz.link (pzprjs' own example and its file form, round trips on
corpus puzzles, errors), Tatham's Pattern IDs (every corpus ID, round trips, errors) and
the SVG with its clues."""

from __future__ import annotations

import csv

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import clue_space, draw_svg
from pencilsat.formats.svg.desk import draw_desk
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import nonogram as N

FOLDER = CORPUS / "nonogram"


def tatham_rows() -> list[dict[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [row for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "nonogram"]


def corpus_puzzles(stride: int = 25) -> list[N.NonogramPuzzle]:
    paths = (sorted((FOLDER / "janko").glob("*.txt"))[::stride]
             + sorted((FOLDER / "tatham").rglob("*.txt"))[::5])
    return [N.parse_puzzle(path.read_text(), path.stem) for path in paths]


# ------------------------------------------------------------------ puzz.link

# pzprjs' own example (test/script/nonogram.js): its URL, its file form ('#' escaped, as
# in a URL), and the answer of that file form, which pzprjs' checker accepts.
PZPRJS_URL = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
PZPRJS_FILE = ("pzprv3/nonogram/6/6/. . . . 1 . 1 . . /. . . 2 1 . 1 2 . /. . . 1 1 1 1 1 . "
               "/. 2 1 # # . # . . /. 1 1 # . . . # . /. 1 2 . # . # # . /. . . . . . . . . "
               "/. 1 1 # . . . # . /. . 3 . # # # . . /")


def test_the_pzprjs_example_reads_as_its_file_form_and_has_its_answer():
    puzzle = parse_url(PZPRJS_URL)
    assert parse_url(PZPRJS_FILE.replace("#", "%23")) == puzzle
    assert puzzle.rows == ((2, 1), (1, 1), (1, 2), (), (1, 1), (3,))
    assert puzzle.columns == ((2, 1), (1, 1, 1), (1,), (1, 1, 1), (2, 1), ())
    cells = [line.split()[3:] for line in PZPRJS_FILE.split("/")[7:13]]
    answer = N.NonogramSolution(np.array([[c == "#" for c in row] for row in cells]))
    assert N.check(puzzle, answer) == []
    assert to_url(puzzle) == PZPRJS_URL


def test_corpus_puzzles_round_trip_through_urls():
    puzzles = corpus_puzzles()
    assert len(puzzles) >= 30
    for puzzle in puzzles:
        assert parse_url(to_url(puzzle)) == puzzle


def test_numbers_apart_from_the_grid_read_as_pzprjs_checks_them():
    # column 0's clue cells, nearest first: none, then 1, then 2 (read far to near: 2 1)
    assert parse_url("nonogram/2/5/g12n").columns[0] == (2, 1)


@pytest.mark.parametrize("url, message", [
    ("nonogram/6/6/12g1111h11112j12g11g21j11g3", "truncated clues"),
    ("nonogram/6/6/12g1111h11112j12g11g21j11g3h1", "extra data"),
    ("nonogram/6/6/.2g1111h11112j12g11g21j11g3h", "'?' clue"),
    ("nonogram/6/6/02g1111h11112j12g11g21j11g3h", "run length of 0"),
    ("nonogram/6/6/72g1111h11112j12g11g21j11g3h", "longer than its line"),
    ("nonogram/x/6/6/12g1111h11112j12g11g21j11g3h", "no flags"),
])
def test_bad_urls_are_errors_that_say_why(url, message):
    with pytest.raises(InputError, match=message):
        parse_url(url)


# ------------------------------------------------------------------ Tatham


def test_every_corpus_game_id_reads_as_its_file_and_writes_back_the_same():
    rows = tatham_rows()
    assert len(rows) == 40
    for row in rows:
        puzzle = parse_game_id(row["game_id"])
        assert puzzle == N.parse_puzzle((CORPUS / row["puzzle_file"]).read_text())
        assert to_game_id(puzzle) == row["game_id"]


def test_janko_puzzles_round_trip_and_an_empty_line_is_an_empty_clue():
    for puzzle in corpus_puzzles(50):
        assert parse_game_id(to_game_id(puzzle)) == puzzle
    # pattern.c's own example, then one with an empty column
    assert parse_game_id("4x4:2/1/2/1/1.1/2/1/1").rows == ((1, 1), (2,), (1,), (1,))
    empty = parse_game_id("pattern:3x2:1//1/1.1/")
    assert empty.columns == ((1,), (), (1,)) and empty.rows == ((1, 1), ())
    assert to_game_id(empty) == "3x2:1//1/1.1/"


@pytest.mark.parametrize("game_id, message", [
    ("4x4:2/1/2/1/1.1/2/1", "expected 8 clues"),
    ("4x4:2/1/2/1/1.1/2/1/1/1", "expected 8 clues"),
    ("4x4:2/1/2/1/1.1/2/1/5", "needs 5 cells"),
    ("4x4:2/1/2/1/1.1/2/1/0", "not a length"),
    ("4x4:2/1/2/1/1..1/2/1/1", "empty run"),
    ("4x4:2/1/2/1/1.x/2/1/1", "bad character"),
    ("4x4:2/1/2/1/1.1/2/1/1,aaaa", "squares after ','"),
    ("4x4d:2/1/2/1/1.1/2/1/1", "at most nothing"),
])
def test_bad_game_ids_are_errors_that_say_why(game_id, message):
    with pytest.raises(InputError, match=message):
        parse_game_id(f"pattern:{game_id}")


def test_a_grid_tatham_refuses_is_refused_on_export():
    with pytest.raises(InputError, match="at least 2"):
        to_game_id(N.NonogramPuzzle(((1,),), ((1,),)))


def test_a_clue_longer_than_its_line_is_refused_not_written_unreadable():
    """The verdict audit changed janko 591_20x20's row 19 from 20 to 21: the URL and the ID
    written then were ones the readers refuse. Too many runs for pzprjs' clue cells was a
    ValueError; a clue that needs more cells than the line is refused by name too."""
    puzzle = N.parse_puzzle((FOLDER / "janko" / "591_20x20.txt").read_text())
    assert parse_url(to_url(puzzle)) == puzzle
    assert parse_game_id(to_game_id(puzzle), "pattern") == puzzle
    rows = list(puzzle.rows)
    assert rows[18] == (20,)
    rows[18] = (21,)
    longer = N.NonogramPuzzle(tuple(rows), puzzle.columns)
    for export in (to_url, to_game_id):
        with pytest.raises(InputError, match="21"):
            export(longer)
    crowded = N.NonogramPuzzle(((1, 1),), ((1,), (1,)))
    for export in (to_url, to_game_id):
        with pytest.raises(InputError, match="does not fit a line of 2|needs 3 cells"):
            export(crowded)


# ------------------------------------------------------------------ SVG


def test_the_svg_shows_every_clue_outside_the_grid():
    puzzle = parse_url(PZPRJS_URL)
    left, top = clue_space(puzzle)
    assert left > 0 and top > 0
    svg = draw_svg(puzzle)
    numbers = sum(len(clue) for clue in puzzle.columns) + sum(1 for c in puzzle.rows if c)
    assert svg.count('class="clue"') == numbers
    assert '>1 2</text>' in svg  # row 2's clue, as one text
    desk = draw_desk(puzzle)
    assert desk.count('class="clue"') == numbers
