"""Jigsaw Sudoku's Tatham IDs (jigsaw Solo) and SVG: every corpus ID reads as its puzzle file
and writes back unchanged, janko puzzles round trip, bad IDs are named. (pzprjs has no
jigsaw Sudoku, so there is no puzz.link form.)"""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.svg import draw_svg
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import jigsawsudoku as J


def manifest_rows() -> list[dict[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [row for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "jigsawsudoku"]


def test_every_corpus_game_id_reads_as_its_puzzle_file_and_writes_back():
    rows = manifest_rows()
    assert len(rows) == 240
    for row in rows:
        puzzle = parse_game_id(row["game_id"])
        assert puzzle == J.parse_puzzle((CORPUS / row["puzzle_file"]).read_text())
        assert to_game_id(puzzle) == row["game_id"]


def test_janko_puzzles_round_trip_through_game_ids():
    files = sorted((CORPUS / "jigsawsudoku" / "janko").glob("*.txt"))[::7]
    assert len(files) > 80
    for path in files:
        puzzle = J.parse_puzzle(path.read_text())
        game_id = to_game_id(puzzle, with_genre=True)
        assert game_id.startswith("solo-jigsaw:")
        assert parse_game_id(game_id) == puzzle, path


def test_symmetry_and_difficulty_flags_are_dropped_and_nxnj_is_read():
    game_id = manifest_rows()[0]["game_id"]
    size, desc = game_id.split(":")
    assert parse_game_id(f"{size}r2dt:{desc}") == parse_game_id(game_id)
    nine = next(row["game_id"] for row in manifest_rows() if row["game_id"].startswith("9j"))
    assert parse_game_id("3x3j:" + nine.split(":")[1]) == parse_game_id(nine)


@pytest.mark.parametrize(("cut", "words"), [
    (lambda d: d.split(",")[0], "the variant has 2"),
    (lambda d: d[:-1], "not enough data in the boxes"),
    (lambda d: d + "a", "too much data in the boxes"),
    (lambda d: d.replace(",", "a,", 1), "too much data"),
])
def test_cut_or_lengthened_ids_are_refused(cut, words):
    size, desc = manifest_rows()[0]["game_id"].split(":")
    with pytest.raises(InputError) as caught:
        parse_game_id(f"solo-jigsaw:{size}:{cut(desc)}")
    assert words in str(caught.value)


def test_killer_jigsaws_are_refused_by_name_and_x_jigsaws_read_as_the_x_variant():
    size, desc = manifest_rows()[0]["game_id"].split(":")
    with pytest.raises(InputError, match="killer jigsaw Solo"):
        parse_game_id(f"solo-jigsaw:{size}k:{desc}")
    plain = parse_game_id(f"solo-jigsaw:{size}:{desc}")
    x = parse_game_id(f"solo-jigsaw:{size}x:{desc}")
    assert x.diagonal and not plain.diagonal
    assert x != plain and x.boxes == plain.boxes
    assert to_game_id(x) == f"{plain.size}jx:{desc}"
    assert parse_game_id(to_game_id(x)) == x


def test_the_svg_outlines_the_boxes_and_writes_the_digits():
    path = CORPUS / "jigsawsudoku" / "janko" / "101_6x6.txt"
    puzzle = J.parse_puzzle(path.read_text())
    answer = J.FORMAT.parse_solution(path.with_suffix(".sol").read_text())
    root = ET.fromstring(draw_svg(puzzle, answer))
    texts = [el for el in root.iter() if el.tag.endswith("text")]
    clues = [el for el in texts if el.get("class") == "clue"]
    filled = [el for el in texts if el.get("class") == "filled"]
    assert len(clues) == int((puzzle.givens > 0).sum())
    assert len(clues) + len(filled) == 36
    rooms = [el for el in root.iter() if el.get("class") == "rooms"]
    assert len(rooms) == 1 and len(list(rooms[0])) == len(puzzle.boxes.borders())
