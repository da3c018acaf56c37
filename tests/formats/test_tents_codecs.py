"""Tents' codecs: Tatham's game IDs (every corpus ID, round trips, errors) and the SVG."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_puzzle
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.puzzlink.body import decode_whole, encode_1cell, read_1cell
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


# ------------------------------------------------------------------ puzz.link

# pzprjs' own example (test/script/tents.js): its URL, its file form, and the answer the
# file form's last check accepts (tents at these cells).
PZPRJS_URL = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
PZPRJS_FILE = ("pzprv3/tents/5/5/. 2 . 0 . . /1 . . 1 . . /. . . . . . /. . 1 . . 1 "
               "/. . . . 1 . /1 . 1 . . . /0 0 0 0 /")
PZPRJS_TENTS = [(0, 1), (1, 4), (2, 0), (3, 4), (4, 0)]


def test_the_pzprjs_example_reads_as_its_file_form_and_has_its_answer():
    puzzle = parse_url(PZPRJS_URL)
    assert parse_url(PZPRJS_FILE) == puzzle
    assert puzzle.column_counts.tolist() == [2, T.NO_COUNT, 0, T.NO_COUNT, T.NO_COUNT]
    assert puzzle.row_counts.tolist() == [1, T.NO_COUNT, T.NO_COUNT, T.NO_COUNT, 1]
    tents = np.zeros((5, 5), dtype=bool)
    tents[tuple(zip(*PZPRJS_TENTS, strict=True))] = True
    assert T.check(puzzle, T.TentsSolution(tents)) == []
    assert to_url(puzzle) == PZPRJS_URL


def test_corpus_puzzles_round_trip_through_urls():
    puzzles = janko() + [T.parse_puzzle(path.read_text())
                         for path in sorted((FOLDER / "tatham").rglob("*.txt"))[::10]]
    for puzzle in puzzles:
        assert parse_url(to_url(puzzle)) == puzzle


@pytest.mark.parametrize("seed", range(20))
def test_sparse_marks_round_trip_at_every_run_length(seed):
    rng = np.random.default_rng(seed)
    marks = (rng.random(int(rng.integers(1, 120))) < rng.choice([0.02, 0.1, 0.5])).tolist()
    code = encode_1cell(marks)
    read = decode_whole(code, 1, lambda body: read_1cell(body, len(marks), "trees"))
    assert [bool(v) for v in read] == marks


@pytest.mark.parametrize("url, message", [
    ("tents/5/5/2g.h1i1j82323", "'\\?' count has no meaning .* editor cannot enter one.*"
                                "replace the '\\?' by a count or clear the count"),
    ("tents/5/5/2g6h1i1j82323", "more than its 5 cells"),
    ("tents/5/5/2g0h1i1j8232", "truncated trees"),
    ("tents/5/5/2g0h1i1j823230", "extra data"),
    ("tents/5/5/2g0h1i1", "truncated trees"),
    ("tents/5/5/2g0h1i", "truncated counts"),
    ("tents/x/5/5/2g0h1i1j82323", "no flags"),
])
def test_bad_urls_are_errors_that_say_why(url, message):
    with pytest.raises(InputError, match=message):
        parse_url(url)


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
    ("4x4:_!eh_,2,0,1,0,1,1,1,0", "game in progress"),
    ("4x4:_eh_,2,0,1,0,1,1,1", "expected 8 counts"),
    ("4x4:_eh,2,0,1,0,1,1,1,0", "not enough data"),
    ("4x4:_eh_a,2,0,1,0,1,1,1,0", "data after the tree that closes"),
    ("4x4:_ehb,2,0,1,0,1,1,1,0", "too much data"),
    ("4x4:_eh_,2,0,1,0,1,1,1,x", "bad count"),
    ("4x4:_eh_,2,0,1,5,1,1,1,0", "more than its 4 cells"),
    ("4x4:_e%h_,2,0,1,0,1,1,1,0", "bad character"),
    ("4x4:_eh_", "counts are missing"),
    ("4x4:_eh_,2,0,1,0,1,1,1,1", "do not add up"),
    ("4x4dk:_eh_,2,0,1,0,1,1,1,0", "at most d<e|t>"),
])
def test_bad_game_ids_are_errors_that_say_why(game_id, message):
    assert parse_game_id("tents:4x4:_eh_,2,0,1,0,1,1,1,0").trees.sum() == 3
    with pytest.raises(InputError, match=message):
        parse_game_id(f"tents:{game_id}")


def test_a_puzzle_tatham_cannot_show_is_refused_on_export():
    small = T.parse_puzzle("tents 3 3\n1 0 0\nT.. 1\n... 0\n... 0\n")
    with pytest.raises(InputError, match="at least 4x4"):
        to_game_id(small)
    open_count = T.parse_puzzle("tents 4 4\n1 - 0 0\nT... 1\n.... 0\n.... 0\n.... 0\n")
    with pytest.raises(InputError, match="every row and column a count"):
        to_game_id(open_count)
    for counts in ("2 0 0 0\nT... 1", "1 0 0 0\nT... 2"):
        off = T.parse_puzzle(f"tents 4 4\n{counts}\n.... 0\n.... 0\n.... 0\n")
        with pytest.raises(InputError, match="one tent per tree"):
            to_game_id(off)  # the reader refuses such an ID: never written
    trees = np.zeros((4, 4), dtype=bool)
    trees[0, :] = trees[1, :] = trees[2, 0] = True  # 9 trees, a column count of 5 > 4 cells
    tall = T.TentsPuzzle(trees, np.array([5, 1, 1, 2]), np.array([0, 0, 4, 5]))
    with pytest.raises(InputError, match="one tent per tree"):
        to_game_id(tall)


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
