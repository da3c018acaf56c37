"""``pencilsat generate`` names what its count counts (sums, regions, galaxies, pairs, counts,
clues), from the genre's spec, on stderr, in ``--json`` and in ``--count``'s batch records;
``--stars K`` makes a Star Battle of K stars a row and is refused where it cannot be."""

from __future__ import annotations

import json
import re

import pytest

from pencilsat.cli import main
from pencilsat.core.registry import generated
from pencilsat.generators.order import counted, counted_phrase

WORDS = {"kakuro": "sums", "killersudoku": "sums", "starbattle": "regions",
         "norinori": "regions", "galaxies": "galaxies", "numberlink": "pairs",
         "tents": "counts", "skyscrapers": "counts", "nonogram": "lines", "hashi": "islands",
         "masyu": "pearls", "sudoku": "clues", "slant": "clues"}
"""What each of these genres counts."""
SMALL = {"kakuro": "5x5", "starbattle": "6x6", "galaxies": "5x5", "numberlink": "5x5",
         "tents": "6x6", "sudoku": "4x4", "nonogram": "5x5"}


def test_every_genre_names_its_count_in_a_plural_word():
    assert all(re.fullmatch(r"[a-z]+s", counted(genre)) for genre in generated())
    assert {genre: counted(genre) for genre in WORDS} == WORDS
    assert counted_phrase(1, "kakuro") == "1 sum" and counted_phrase(2, "galaxies") == (
        "2 galaxies")


@pytest.mark.parametrize("genre", sorted(SMALL))
def test_the_stderr_line_and_the_json_name_what_was_counted(genre, capsys):
    assert main(["generate", genre, SMALL[genre], "--seed", "2"]) == 0
    said = capsys.readouterr().err
    assert main(["generate", genre, SMALL[genre], "--seed", "2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["counted"] == WORDS[genre]
    assert f", {record['clues']} {WORDS[genre]}, seed 2," in said
    assert " clues," not in said or WORDS[genre] == "clues"


def test_a_count_of_puzzles_records_what_was_counted(capsys):
    assert main(["generate", "galaxies", "5x5", "--seed", "4", "--count", "2",
                 "--workers", "1"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["generated"]["counted"] for r in records] == ["galaxies", "galaxies"]


def test_stars_make_a_star_battle_of_that_many_stars_a_row(capsys):
    assert main(["generate", "starbattle", "8x8", "--stars", "2", "--seed", "3"]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("starbattle 8 8 2\n") and ", 8 regions, seed 3," in out.err
    assert main(["generate", "starbattle", "8x8", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("starbattle 8 8 1\n")  # the default stays


@pytest.mark.parametrize("arguments,words", [
    (["starbattle", "10x10", "--stars", "3"], "3 stars a row do not fit"),
    (["sudoku", "9x9", "--stars", "1"], "--stars is not an option of sudoku"),
])
def test_stars_are_refused_by_name(arguments, words, capsys):
    assert main(["generate", *arguments]) == 4
    said = capsys.readouterr().err
    assert words in said and "Traceback" not in said
