"""Tents' codecs: Tatham's game IDs (every corpus ID, round trips, errors) and the SVG."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_puzzle
from pencilsat.formats.svg import draw_svg
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import tents as T

FOLDER = CORPUS / "tents"


def tatham_rows() -> list[dict[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [row for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "tents"]


def janko(stride: int = 40) -> list[T.TentsPuzzle]:
    return [T.parse_puzzle(path.read_text(), path.stem)
            for path in sorted((FOLDER / "janko").glob("*.txt"))[::stride]]


# ------------------------------------------------------------------ Tatham


def test_every_corpus_game_id_reads_as_its_file_and_writes_back_the_same():
    rows = tatham_rows()
    assert len(rows) == 80
    for row in rows:
        puzzle = parse_game_id(row["game_id"])
        assert puzzle == T.parse_puzzle((CORPUS / row["puzzle_file"]).read_text())
        assert to_game_id(puzzle) == row["game_id"]


def test_the_parameters_with_a_level_and_the_game_prefix_are_read():
    row = tatham_rows()[0]
    size, desc = row["game_id"].split(":", 1)
    expected = parse_game_id(row["game_id"])
    assert parse_game_id(f"tents:{row['tatham_params']}:{desc}") == expected
    assert parse_game_id(f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/"
                         f"tents.html#{size}:{desc}") == expected


def test_janko_puzzles_round_trip_and_long_runs_repeat_z():
    for puzzle in janko():
        assert parse_game_id(to_game_id(puzzle)) == puzzle
    empty = T.TentsPuzzle(np.zeros((6, 10), dtype=bool), np.zeros(10), np.zeros(6))
    game_id = to_game_id(empty)
    assert game_id.startswith("10x6:zzj,") and parse_game_id(game_id) == empty


@pytest.mark.parametrize("game_id, message", [
    ("4x4:_!eh_,1,0,1,0,1,0,1,0", "game in progress"),
    ("4x4:_eh_,1,0,1,0,1,0,1", "expected 8 counts"),
    ("4x4:_eh,1,0,1,0,1,0,1,0", "not enough data"),
    ("4x4:_eh_a,1,0,1,0,1,0,1,0", "data after the tree that closes"),
    ("4x4:_ehb,1,0,1,0,1,0,1,0", "too much data"),
    ("4x4:_eh_,1,0,1,0,1,0,1,x", "bad count"),
    ("4x4:_eh_,1,0,1,5,1,0,1,0", "more than its 4 cells"),
    ("4x4:_e%h_,1,0,1,0,1,0,1,0", "bad character"),
    ("4x4:_eh_", "counts are missing"),
    ("4x4dk:_eh_,1,0,1,0,1,0,1,0", "at most d<e|t>"),
])
def test_bad_game_ids_are_errors_that_say_why(game_id, message):
    assert parse_game_id("tents:4x4:_eh_,1,0,1,0,1,0,1,0").trees.sum() == 3
    with pytest.raises(InputError, match=message):
        parse_game_id(f"tents:{game_id}")


def test_a_puzzle_tatham_cannot_show_is_refused_on_export():
    small = T.parse_puzzle("tents 3 3\n1 0 0\nT.. 1\n... 0\n... 0\n")
    with pytest.raises(InputError, match="at least 4x4"):
        to_game_id(small)
    open_count = T.parse_puzzle("tents 4 4\n1 - 0 0\nT... 1\n.... 0\n.... 0\n.... 0\n")
    with pytest.raises(InputError, match="every row and column a count"):
        to_game_id(open_count)


def test_a_game_id_and_the_text_format_are_detected():
    row = tatham_rows()[0]
    assert read_puzzle(row["game_id"]) == parse_game_id(row["game_id"])
    text = (CORPUS / row["puzzle_file"]).read_text()
    assert read_puzzle(text) == T.parse_puzzle(text)


# ------------------------------------------------------------------ SVG


def test_the_drawing_shows_every_tree_tent_and_count():
    path = sorted((FOLDER / "janko").glob("*.txt"))[0]
    puzzle = T.parse_puzzle(path.read_text())
    answer = T.parse_solution(path.with_suffix(".sol").read_text(), puzzle)
    root = ET.fromstring(draw_svg(puzzle, answer))

    def count(cls: str) -> int:
        return sum(1 for e in root.iter() if e.get("class") == cls)

    assert count("tree") == int(puzzle.trees.sum())
    assert count("tent") == int(answer.tents.sum())
    assert count("count") == puzzle.width + puzzle.height
    assert sum(1 for e in ET.fromstring(draw_svg(puzzle)).iter()
               if e.get("class") == "tent") == 0
