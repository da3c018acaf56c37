"""Slitherlink in puzz.link URLs, Tatham's Loopy game IDs and SVG: pzprjs' and Loopy's own
examples, round trips over the corpus, pzprjs' saved file, variants refused by name, drawings
with differences."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import pytest
from conftest import CORPUS
from slitherlink_support import answers, grid

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import convert, read_puzzle
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.pzprv3_file import read_pzprv3_file
from pencilsat.formats.svg import CELL, draw_svg
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import slitherlink as S

# pzprjs' own example (test/script/slither.js), with the grid its check data spells out.
PZPRJS_URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
PZPRJS_ROWS = ["2..1.", ".2..1", "..2..", "3..3.", ".0..3"]
# A URL pzprjs wrote (the example puzzlekit links to).
PUZZLEKIT_URL = ("https://puzz.link/p?slither/10/10/"
                 "ic5137bg7bchbgdccb7dgddg7ddabdgdhc7bg7316dbg")


def corpus_puzzles() -> list[S.SlitherlinkPuzzle]:
    return [S.parse_puzzle(p.read_text()) for p in sorted((CORPUS / "slitherlink").rglob("*.txt"))]


def manifest() -> list[dict[str, str]]:
    with (CORPUS / "tatham_manifest_more.tsv").open(newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [row for row in rows if row["genre"] == "slitherlink"]


# ---------------------------------------------------------------- puzz.link

def test_pzprjs_example_reads_to_its_grid_and_writes_back():
    puzzle = parse_url(PZPRJS_URL)
    assert puzzle == grid(PZPRJS_ROWS)
    assert to_url(puzzle) == PZPRJS_URL


def test_a_pzprjs_url_writes_back_character_for_character():
    assert to_url(parse_url(PUZZLEKIT_URL)) == PUZZLEKIT_URL


def test_every_corpus_puzzle_round_trips_through_a_url():
    puzzles = corpus_puzzles()
    assert len(puzzles) > 1150
    for puzzle in puzzles:
        url = to_url(puzzle)
        assert url.startswith(f"https://puzz.link/p?slither/{puzzle.width}/{puzzle.height}/")
        assert parse_url(url) == puzzle


def test_the_genre_name_is_read_as_a_type_too():
    assert parse_url("slitherlink/5/5/cbcbcddad") == grid(PZPRJS_ROWS)


@pytest.mark.parametrize("url, column, says", [
    ("https://puzz.link/p?slither/f/5/5/cbcbcddad", 29,
     "the slither flag 'f' (slither_full: the loop visits every dot) is not supported"),
    ("https://puzz.link/p?slither/x/5/5/cbcbcddad", 29, "unknown slither flag 'x'"),
    ("https://puzz.link/p?slither/3/3/4n", 33, "a 4 is not a Slitherlink number"),
    ("https://puzz.link/p?slither/3/3/g9l", 34, "a 4 is not a Slitherlink number"),
    ("https://puzz.link/p?slither/3/3/0", 34, "truncated"),
])
def test_what_slitherlink_cannot_hold_is_refused_by_name(url, column, says):
    with pytest.raises(InputError) as err:
        parse_url(url)
    assert says in err.value.message
    assert err.value.column == column


# A made-up 3x2 Slitherlink as pzprjs saves it (File > Save: ``pzprv3.1``, the numbers, the
# player's cell marks, then the 3 lines of 3 and 2 lines of 4 loop segments, not read).
SAVED = ("pzprv3.1\nslither\n2\n3\n3 . - \n. 0 2 \n0 0 0 \n0 0 0 \n"
         "1 0 0 \n1 0 0 \n1 0 0 \n1 1 0 0 \n1 1 0 0 \n")


def test_a_file_pzprjs_saved_reads_to_its_numbers_and_its_question_mark():
    puzzle = read_pzprv3_file(SAVED)
    assert puzzle.clues.tolist() == [[3, S.NO_CLUE, S.NO_CLUE], [S.NO_CLUE, 0, 2]]
    assert puzzle.unknown.tolist() == [[False, False, True], [False, False, False]]
    assert parse_url(to_url(puzzle)) == puzzle
    older = SAVED.replace("pzprv3.1", "pzprv3").replace("0 0 0 \n0 0 0 \n", "", 1)
    assert read_pzprv3_file(older) == puzzle


@pytest.mark.parametrize("text, says", [
    (SAVED.replace("3\n3 .", "3\nf\n3 ."), "slither_full"),
    (SAVED.replace("3 . -", "4 . -"), "bad Slitherlink cell '4'"),
    ("pzprv3.1\nslither\n2\n3\n3 . - \n", "has 3 of 6 cells"),
])
def test_what_a_slitherlink_file_cannot_hold_is_refused_by_name(text, says):
    with pytest.raises(InputError, match=says):
        read_pzprv3_file(text)


# ---------------------------------------------------------------- Tatham's Loopy

def test_every_loopy_game_id_of_the_corpus_reads_to_its_grid_and_writes_back_verbatim():
    rows = manifest()
    assert len(rows) == 148
    for row in rows:
        expected = S.parse_puzzle((CORPUS / row["puzzle_file"]).read_text())
        assert parse_game_id(row["game_id"], "loopy") == expected, row["game_id"]
        assert parse_game_id("loopy:" + row["game_id"]) == expected
        assert to_game_id(expected) == row["game_id"]


def test_every_corpus_puzzle_round_trips_through_a_game_id():
    for puzzle in corpus_puzzles():
        game_id = to_game_id(puzzle, with_genre=None)
        assert read_puzzle(game_id) == puzzle, game_id


def test_parameters_and_web_links_are_read():
    desc = "c12c1a2a11b332a21a0f2c1c032223c22b1a2a32d1g3a312b3a1d121c33a2g"  # generate, seed 3
    puzzle = parse_game_id(f"loopy:10x10t0:{desc}")
    assert parse_game_id(f"10x10t0dh:{desc}", "slitherlink") == puzzle
    assert parse_game_id(f"10x10:{desc}", "loopy") == puzzle
    assert parse_game_id(f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/"
                         f"loopy.html#10x10t0:{desc}") == puzzle


@pytest.mark.parametrize("game_id, column, says", [
    ("loopy:7x7t1:a", 10, "grid type 1 (Triangular)"),
    ("loopy:7x7t16:a", 10, "grid type 16 (Hats)"),
    ("loopy:7x7t99:a", 10, "grid type 99 (unknown)"),
    ("loopy:3x3t0dq:i", 13, "unknown Loopy difficulty 'q'"),
    ("loopy:3x3t0b1:i", 10, "unknown Loopy parameters"),
    ("loopy:3x3t0:4h", 13, "the number 4 (face 1)"),
    ("loopy:3x3t0:bAf", 14, "the number 10 (face 3)"),
    ("loopy:3x3t0:12_i", 15, "grid description"),
    ("loopy:3x3t0:h", 14, "not enough data"),
])
def test_what_slitherlink_cannot_hold_is_refused_in_game_ids(game_id, column, says):
    with pytest.raises(InputError) as err:
        parse_game_id(game_id)
    assert says in err.value.message
    assert err.value.column == column


def test_grids_loopy_cannot_draw_have_no_game_id():
    with pytest.raises(InputError, match="Loopy has no 2x2 grid"):
        to_game_id(grid(["..", ".."]))


def test_convert_writes_a_game_id_that_reads_back():
    puzzle = grid(PZPRJS_ROWS)
    written = convert(puzzle, "tatham").strip()
    assert written.endswith("5x5t0:2b1b2b1b2b3b3b0b3")
    assert read_puzzle(written) == puzzle


# ---------------------------------------------------------------- SVG

def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def test_the_drawing_has_dots_numbers_and_one_loop_segment_per_line():
    path = CORPUS / "slitherlink/janko/1_4x4.txt"
    puzzle = S.parse_puzzle(path.read_text())
    answer = S.parse_solution(path.with_suffix(".sol").read_text())
    root = ET.fromstring(draw_svg(puzzle, answer))
    dots = by_class(root, "dots")[0]
    assert len(list(dots)) == 25
    assert {(float(d.get("cx")), float(d.get("cy"))) for d in dots} == {
        (c * CELL, r * CELL) for r in range(5) for c in range(5)}
    assert sorted(e.text for e in by_class(root, "clue")) == sorted("1012123")
    loop = by_class(root, "loop")
    assert len(loop) == 1 and loop[0].get("d").count("M") == len(answer.edges)


def test_two_answers_are_drawn_with_their_differences_in_both_panels():
    puzzle = grid(["...", ".3.", "..."])
    first, second = answers(puzzle)[:2]
    diffs = first.differing_cells(second)
    root = ET.fromstring(draw_svg(puzzle, first, second))
    panels = by_class(root, "panel")
    assert len(panels) == 2 and diffs
    for panel in panels:
        marks = by_class(panel, "difference")
        assert sorted((int(m.get("data-row")), int(m.get("data-col"))) for m in marks) == diffs
        assert len(by_class(panel, "loop")) == 1


# ------------------------------------------------------------------ pzprjs' file form

MADE_UP_FILE = "pzprv3.1\nslither\n3\n4\n1 - 2 . \n3 . . 0 \n. . . . \n0 0 0 0 \n0 0 0 0 \n"
"""A made-up puzzle as pzprjs saves it (numbers, then marks and the loop: not read); pzprjs
opens it as ``slither/4/3/1.7dah`` (checked with node)."""


def test_pzprjs_file_form_reads_the_puzzle_of_its_url():
    url = parse_url("https://puzz.link/p?slither/4/3/1.7dah")
    assert read_puzzle(MADE_UP_FILE) == url
    assert parse_url("p?" + MADE_UP_FILE.strip().replace("\n", "/").replace(" ", "%20")) == url
    assert read_puzzle(MADE_UP_FILE.replace("pzprv3.1", "pzprv3")) == url  # the old version
    assert url.unknown[0, 1] and url.clues[1, 3] == 0


@pytest.mark.parametrize("file, says", [
    ("pzprv3\nslither\n1\n2\nf\n1 . \n", "slither_full"),
    ("pzprv3\nslither\n1\n2\n4 . \n", "bad Slitherlink cell .4. in the pzprv3 data"),
    ("pzprv3\nslither\n1\n2\n1 x \n", "bad Slitherlink cell 'x'"),
    ("pzprv3\nslither\n2\n2\n1 . \n", "has 2 of 4 cells"),
])
def test_what_the_file_form_cannot_hold_is_refused_by_name(file, says):
    with pytest.raises(InputError, match=says):
        read_puzzle(file)
