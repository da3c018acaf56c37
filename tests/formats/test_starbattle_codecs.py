"""Star Battle's puzz.link codec (pzprjs' own example in both forms, round trips of the corpus,
errors) and its SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import starbattle as S

JANKO = CORPUS / "starbattle" / "janko"

# pzprjs' own example (test/script/starbattle.js): its URL, the room ids its file form gives
# for the same board, and the answer it accepts ('#' there is a star, '+' a dot).
PZPRJS_URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
PZPRJS_ROOMS = ["0 0 0 1 1 1", "0 1 1 1 2 2", "0 3 3 4 4 2", "5 5 3 3 4 2", "5 4 4 4 4 2",
                "5 2 2 2 2 2"]
PZPRJS_ANSWER = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]
PZPRJS_FILE = ("pzprv3/starbattle/6/6/1/6/" + "/".join(f"{row} " for row in PZPRJS_ROOMS)
               + "/" + "/".join(" ".join(row) + " " for row in PZPRJS_ANSWER) + "/")


def stars(rows: list[str]) -> S.StarBattleSolution:
    return S.StarBattleSolution(np.array([[ch == "*" for ch in row] for row in rows]))


def test_the_pzprjs_example_reads_as_its_file_form_says_and_writes_back():
    p = parse_url(PZPRJS_URL)
    assert p.stars == 1
    assert p.regions.ids.tolist() == [[int(v) for v in row.split()] for row in PZPRJS_ROOMS]
    assert S.check(p, stars(PZPRJS_ANSWER)) == []
    assert to_url(p) == PZPRJS_URL


def test_the_file_form_reads_the_same_puzzle():
    assert parse_url("https://puzz.link/p?" + PZPRJS_FILE) == parse_url(PZPRJS_URL)


@pytest.mark.parametrize("form", [
    "starbattle/6/6/1/4ilbhgdnmhou",
    "https://pzv.jp/p.html?starbattle/6/6/1/4ilbhgdnmhou",
    "https://puzz.link/p?starbattle_edit/6/6/1/4ilbhgdnmhou",
    "https://puzz.link/p?type=editor&starbattle/6/6/1/4ilbhgdnmhou",
    "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou/",
    "https://puzz.link/p?v:/starbattle/6/6/1/4ilbhgdnmhou",
])
def test_every_url_form_pzprjs_reads_gives_the_same_puzzle(form):
    assert parse_url(form) == parse_url(PZPRJS_URL)


def test_janko_puzzles_round_trip_through_urls():
    done = 0
    for path in sorted(JANKO.glob("*.txt")):
        p = S.parse_puzzle(path.read_text())
        if p.holes.any():
            continue
        url = to_url(p)
        assert url.startswith(f"https://puzz.link/p?starbattle/{p.width}/{p.height}/{p.stars}/")
        assert parse_url(url) == p, path.name
        done += 1
    assert done > 250


def test_the_cell_outside_is_named_counting_from_one():
    # a made-up 2x2 board, one region and its top-left cell outside the puzzle
    p = S.parse_puzzle("starbattle 2 2 1\n# 1\n1 1\n")
    with pytest.raises(InputError, match=r"row 1, column 1 is outside the puzzle"):
        to_url(p)


def test_a_puzzle_with_cells_outside_has_no_url():
    path = next(p for p in sorted(JANKO.glob("*.txt")) if "#" in p.read_text())
    with pytest.raises(InputError, match="outside the puzzle"):
        to_url(S.parse_puzzle(path.read_text()))


@pytest.mark.parametrize(("url", "words"), [
    ("starbattle/6/6/4ilbhgdnmhou", "star count is missing"),
    ("starbattle/6/6/1", "region borders are missing"),
    ("starbattle/6/6/x/4ilbhgdnmhou", "not a whole number"),
    ("starbattle/6/6/0/4ilbhgdnmhou", "not a whole number"),
    ("starbattle/6/6/1/4ilbhgdnmho", "truncated"),
    ("starbattle/6/6/1/4ilbhgdnmhou0", "extra data"),
    ("starbattle/6/6/1/4ilbhgdnmhoZ", "bad character"),
    ("starbattle/b/6/6/1/4ilbhgdnmhou", "flag"),
    ("pzprv3/starbattle/6/6/1", "ends before"),
    ("pzprv3/starbattle/2/2/1/2/0 x /1 1 /", "bad room id"),
])
def test_bad_urls_are_input_errors_naming_the_problem(url, words):
    with pytest.raises(InputError, match=words):
        parse_url(url)


def test_a_one_cell_puzzle_has_no_borders_and_round_trips():
    p = S.parse_puzzle("starbattle 1 1 1\n1\n")
    assert to_url(p) == "https://puzz.link/p?starbattle/1/1/1/"
    assert parse_url(to_url(p)) == p


def test_a_bad_character_is_reported_at_its_column():
    url = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhoZ"
    with pytest.raises(InputError) as err:
        parse_url(url)
    assert err.value.column == url.index("Z") + 1


def test_the_svg_draws_regions_holes_stars_and_the_count():
    path = next(p for p in sorted(JANKO.glob("*.txt")) if "#" in p.read_text())
    p = S.parse_puzzle(path.read_text())
    solution = S.parse_solution(path.with_suffix(".sol").read_text(), p)
    root = ET.fromstring(draw_svg(p, solution))
    classes = [el.get("class") for el in root.iter()]
    assert classes.count("star") == int(solution.shaded.sum())
    assert classes.count("outside") == int(p.holes.sum())
    assert "rooms" in classes
    count = next(el for el in root.iter() if el.get("class") == "star-count")
    assert count.text.startswith(str(p.stars))
