"""Killer Sudoku's Tatham IDs (killer Solo) and SVG: every corpus ID reads as its puzzle
file and writes back unchanged, janko puzzles round trip, bad IDs are named. (pzprjs has
no Killer Sudoku, so there is no puzz.link form.)"""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.svg import draw_svg
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import killersudoku as K


def manifest_rows() -> list[dict[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [row for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "killersudoku"]


def test_every_corpus_game_id_reads_as_its_puzzle_file_and_writes_back():
    rows = manifest_rows()
    assert len(rows) == 240
    for row in rows:
        puzzle = parse_game_id(row["game_id"])
        assert puzzle == K.parse_puzzle((CORPUS / row["puzzle_file"]).read_text())
        assert to_game_id(puzzle) == row["game_id"]


def test_janko_puzzles_and_givens_round_trip_through_game_ids():
    files = sorted((CORPUS / "killersudoku" / "janko").glob("*.txt"))[::7]
    assert len(files) > 100
    for path in files:
        puzzle = K.parse_puzzle(path.read_text())
        game_id = to_game_id(puzzle, with_genre=True)
        assert game_id.startswith("solo-killer:")
        assert parse_game_id(game_id) == puzzle, path
    givens = np.zeros(puzzle.sums.shape, dtype=int)
    givens[0, 0], givens[-1, -1] = 1, 2
    with_givens = K.KillerSudokuPuzzle(puzzle.sums, puzzle.cages, puzzle.box_width,
                                       puzzle.box_height, givens)
    assert parse_game_id(to_game_id(with_givens)) == with_givens


@pytest.mark.parametrize(("cut", "words"), [
    (lambda d: d.rsplit(",", 1)[0], "the variant has 3"),
    (lambda d: d[:-1], "not enough data"),
    (lambda d: d + "1", "too much data"),
])
def test_cut_or_lengthened_ids_are_refused(cut, words):
    size, desc = manifest_rows()[0]["game_id"].split(":")
    with pytest.raises(InputError) as caught:
        parse_game_id(f"solo-killer:{size}:{cut(desc)}")
    assert words in str(caught.value)


def test_jigsaw_killers_are_refused_by_name_and_x_killers_read_as_the_x_variant():
    size, desc = manifest_rows()[0]["game_id"].split(":")
    with pytest.raises(InputError, match="jigsaw killer Solo"):
        parse_game_id(f"solo-killer:{size}j:{desc}")
    plain = parse_game_id(f"solo-killer:{size}:{desc}")
    x = parse_game_id(f"solo-killer:{size}x:{desc}")
    assert x.diagonal and not plain.diagonal and x != plain
    written = to_game_id(x)
    assert written == size.replace("k", "xk") + ":" + desc
    assert parse_game_id(written) == x


def test_the_svg_draws_boxes_cages_sums_and_digits():
    path = CORPUS / "killersudoku" / "janko" / "101_4x4.txt"
    puzzle = K.parse_puzzle(path.read_text())
    answer = K.FORMAT.parse_solution(path.with_suffix(".sol").read_text())
    root = ET.fromstring(draw_svg(puzzle, answer))
    texts = [el for el in root.iter() if el.tag.endswith("text")]
    assert len([el for el in texts if el.get("class") == "filled"]) == 16
    sums = [el.text for el in texts if el.get("class") == "cage-sum"]
    assert sorted(map(int, sums)) == sorted(int(v) for v in puzzle.sums.ravel() if v)
    cages = [el for el in root.iter() if el.get("class") == "cages"]
    assert len(cages) == 1 and len(list(cages[0])) == len(puzzle.cages.borders())
