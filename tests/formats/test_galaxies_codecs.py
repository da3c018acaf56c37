"""Spiral Galaxies' codecs: puzz.link Tentaisho (pzprjs' own example, every URL form, the
file form, round trips of every corpus puzzle, errors), Tatham's Galaxies IDs (every corpus
ID read and written back), and the SVG drawing."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.core.result import Verdict
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.puzzlink.body import body_parts, encode_dots, read_dots
from pencilsat.formats.svg import draw_svg
from pencilsat.formats.tatham import parse_game_id, to_game_id
from pencilsat.puzzles import galaxies as G
from pencilsat.strategies.front import solve

# pzprjs' example (test/script/tentaisho.js): white and black centres, and a cut-out cell
# (its last part, 10000)
PZPRJS_URL = "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf10000"
PZPRJS_DOTS = "6fl94fi65en8dbf"
"""The example's centres alone, without the cut-out cell."""
PZPRJS_FILE = ("pzprv3/tentaisho/5/5/1...2...X/........./2....1..2/........./.1...2..1/"
               "........./......1../..2....../2.....2../1 0 0 0 /")
"""Its file form (the player's borders cut short: they are not read)."""


def galaxies_ids() -> list[tuple[str, str]]:
    with open(CORPUS / "tatham_manifest_genres.tsv", encoding="utf-8") as manifest:
        return [(row["game_id"], row["puzzle_file"])
                for row in csv.DictReader(manifest, delimiter="\t")
                if row["genre"] == "galaxies"]


def test_the_pzprjs_example_reads_as_its_file_form_says_and_solves():
    puzzle = parse_url(PZPRJS_URL)
    assert puzzle == parse_url(PZPRJS_FILE)
    assert len(puzzle.points()) == 12
    assert puzzle.centres[1, 1] and puzzle.centres[1, 5] and puzzle.centres[3, 1]
    assert puzzle.holes.tolist()[0] == [False, False, False, False, True]
    assert puzzle.holes.sum() == 1
    # the black centres keep their colour: the URL writes back as it came
    assert puzzle.black_centres[1, 5] and not puzzle.black_centres[1, 1]
    assert int(puzzle.black_centres.sum()) == 7  # the file form's seven 2s
    assert to_url(puzzle) == PZPRJS_URL
    assert parse_url(to_url(puzzle)) == puzzle
    result = solve(puzzle)
    assert result.verdict == Verdict.UNIQUE
    assert G.check(puzzle, result.solution) == []
    assert G.FORMAT.solution_rows(puzzle, result.solution)[0].split()[-1] == "#"


def test_without_its_cut_out_cell_the_example_has_no_answer():
    puzzle = parse_url(f"tentaisho/5/5/{PZPRJS_DOTS}")
    assert not puzzle.holes.any()
    assert puzzle == parse_url(PZPRJS_FILE.replace("X", ".", 1))
    assert solve(puzzle).verdict == Verdict.NONE  # the corner cell is no one's


@pytest.mark.parametrize("form", [
    f"tentaisho/5/5/{PZPRJS_DOTS}",
    f"https://puzz.link/p?type=editor&tentaisho/5/5/{PZPRJS_DOTS}",
    f"http://pzv.jp/p.html?tentaisho_edit/5/5/{PZPRJS_DOTS}",
    f"https://puzz.link/p?v:/tentaisho/5/5/{PZPRJS_DOTS}",
])
def test_every_url_form_reads_the_same_puzzle(form):
    assert parse_url(form) == parse_url(PZPRJS_FILE.replace("X", ".", 1))


def test_every_corpus_puzzle_round_trips_through_a_url():
    files = sorted((CORPUS / "galaxies").rglob("*.txt"))
    assert len(files) > 550
    for path in files:
        puzzle = G.parse_puzzle(path.read_text())
        assert parse_url(to_url(puzzle)) == puzzle, path


def test_the_dot_codec_writes_what_pzprjs_writes():
    # a dot then 0..6 empty points before the next: 0, 2, ..., c; none within 7: e
    assert encode_dots([1, 1]) == "0e"
    assert encode_dots([1, 0, 0, 1]) == "4e"
    assert encode_dots([0] * 20 + [1]) == "ze"
    assert encode_dots([0] * 3) == "i"
    for dots in ([1, 0, 0, 0, 0, 0, 0, 0, 0, 1], [0] * 45 + [1, 1, 0, 1], [1] * 9):
        with body_parts(encode_dots(dots), 1) as body:
            read = read_dots(body, len(dots), "centres")
        assert [1 if v else 0 for v in read] == dots


@pytest.mark.parametrize(("url", "words"), [
    ("tentaisho/5/5/6fl94fi65en8db", "truncated centres"),
    ("tentaisho/5/5/6fl94fi65en8dbf1", "truncated cut-out cells"),
    ("tentaisho/2/2/o1", "the last character of the cut-out cells"),
    ("tentaisho/5/5/6fl94fi65en8dbf!", "bad character"),
    ("tentaisho/c/5/5/6fl94fi65en8dbf", "flag"),
    ("pzprv3/tentaisho/2/2/.../.x./.../", "bad Tentaisho point"),
    ("pzprv3/tentaisho/2/2/.../", "needs 3"),
])
def test_bad_urls_are_errors_that_say_what_is_wrong(url, words):
    with pytest.raises(InputError) as error:
        parse_url(url)
    assert words in str(error.value)


def test_cut_out_cells_round_trip_through_the_text_and_a_url():
    text = "galaxies 3 1\n.......\n.o.#.o.\n.......\n"
    puzzle = G.parse_puzzle(text)
    assert G.format_puzzle(puzzle) == text
    assert parse_url(to_url(puzzle)) == puzzle
    with pytest.raises(InputError, match="no cut-out cells"):
        to_game_id(puzzle)


# ------------------------------------------------------------------ Tatham's Galaxies


def test_every_corpus_galaxies_id_reads_as_the_corpus_puzzle_and_writes_back():
    ids = galaxies_ids()
    assert len(ids) == 80
    for game_id, path in ids:
        puzzle = parse_game_id(f"galaxies:{game_id}")
        assert puzzle == G.parse_puzzle((CORPUS / path).read_text()), game_id
        assert to_game_id(puzzle) == game_id
        assert parse_game_id(to_game_id(puzzle, with_genre=None)) == puzzle


def test_difficulty_parameters_are_read_and_long_runs_written_with_z():
    size, body = galaxies_ids()[0][0].split(":")  # the corpus's first, read there
    puzzle = parse_game_id(f"galaxies:{size}du:{body}")
    assert puzzle == parse_game_id(f"galaxies:{size}:{body}")
    lattice = np.zeros((21, 21), dtype=bool)
    lattice[10, 10] = True  # point 9 * 19 + 9 = 180 of the inner 19 x 19: 7 z's and f
    assert to_game_id(G.GalaxiesPuzzle(lattice)) == "10x10:zzzzzzzf"
    assert parse_game_id("galaxies:10x10:zzzzzzzf") == G.GalaxiesPuzzle(lattice)


@pytest.mark.parametrize(("game_id", "words"), [
    ("galaxies:2x2:az", "ends in 'z'"),
    ("galaxies:2x2:aZ", "bad character"),
    ("galaxies:2x2:ai", "too much data"),
    ("galaxies:2x2:a!", "bad character"),
    ("galaxies:2x2dx:a", "after the size"),
])
def test_bad_galaxies_ids_are_errors_that_say_what_is_wrong(game_id, words):
    with pytest.raises(InputError) as error:
        parse_game_id(game_id)
    assert words in str(error.value)


# ------------------------------------------------------------------ SVG


def test_the_svg_shows_the_centres_and_the_galaxies():
    puzzle = G.parse_puzzle("galaxies 3 2\n.......\n.o..o..\n.......\n..o..o.\n.......\n")
    solution = G.FORMAT.from_rows(["1 2 2", "3 3 4"])
    root = ET.fromstring(draw_svg(puzzle, solution))
    circles = [c for c in root.iter("{http://www.w3.org/2000/svg}circle")
               if c.get("class") == "clue"]
    assert sorted((float(c.get("cx")), float(c.get("cy"))) for c in circles) == [
        (18.0, 18.0), (36.0, 54.0), (72.0, 18.0), (90.0, 54.0)]
    rooms = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "rooms"]
    assert len(rooms) == 1 and len(list(rooms[0])) == 5


def test_black_centres_keep_their_colour_through_every_form():
    """pzprjs' black dots (kind 2; ``2`` in the file form) and Tatham's upper-case letters
    read as black centres, which the text format writes ``*``; each form writes them back."""
    puzzle = parse_url("tentaisho/3/3/fjek")  # a black centre on cell (0, 0), a white one
    assert puzzle.points() == [(1, 1), (3, 3)]
    assert puzzle.black_centres[1, 1] and not puzzle.black_centres[3, 3]
    assert to_url(puzzle) == "https://puzz.link/p?tentaisho/3/3/fjek"
    assert parse_url("pzprv3/tentaisho/3/3/2..../...../..1../...../...../") == puzzle
    text = G.format_puzzle(puzzle)
    assert text.splitlines()[2] == ".*....." and G.parse_puzzle(text) == puzzle
    assert G.draw_text(puzzle).splitlines()[1] == "|*    |"
    assert parse_game_id("galaxies:" + to_game_id(puzzle)) == puzzle
    assert to_game_id(puzzle) == "3x3:Al"
    # upper case is Pearl's too: read as Galaxies only with the game named, written so
    assert to_game_id(puzzle, with_genre=None) == "galaxies:3x3:Al"
    pearl = "5x5:aBdBeBaWBaWg"  # a made-up Pearl ID that also reads as Galaxies when named
    assert type(parse_game_id("galaxies:" + pearl)).__name__ == "GalaxiesPuzzle"
    assert type(parse_game_id(pearl)).__name__ == "MasyuPuzzle"
    white = G.GalaxiesPuzzle(puzzle.centres)
    assert white != puzzle and to_url(white) == "https://puzz.link/p?tentaisho/3/3/ejek"


def test_the_svg_fills_black_centres_and_shades_their_galaxies():
    import xml.etree.ElementTree as ET

    puzzle = G.parse_puzzle("galaxies 2 1\n.....\n.*.o.\n.....\n")
    answer = solve(puzzle).solution
    root = ET.fromstring(draw_svg(puzzle, answer))
    fills = sorted(e.get("fill") for e in root.iter() if e.get("class") == "clue")
    assert fills == ["#111827", "white"]
    shaded = [e for e in root.iter() if e.get("class") == "shaded"]
    assert [(e.get("x"), e.get("fill")) for e in shaded] == [("0", "#9ca3af")]
