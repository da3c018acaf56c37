"""A Towers game ID whose first clue is empty starts ``5://`` (``5:`` then the clue
separators): it is a game ID, not a URL. Found on fresh Tatham puzzles
(``benchmarks/tatham_fresh.py``), where 19 of the first 45 Towers IDs (5x5 to 8x8) were refused
as "a URL with no '?'". The ID below was made by ``sgt-towers --generate 1 '5dh#tfresh'``."""

from __future__ import annotations

import pytest

import pencilsat
from pencilsat.formats.puzzlink import looks_like_url
from pencilsat.formats.tatham import to_game_id

FRESH = "5:///2////4/3//1///2//3////,o2i"


@pytest.mark.parametrize("text", [FRESH, f"towers:{FRESH}", f"skyscrapers:{FRESH}"])
def test_it_reads_as_the_towers_puzzle_and_is_unique(text):
    assert not looks_like_url(text)
    puzzle = pencilsat.read_puzzle(text)
    assert puzzle.genre == "skyscrapers" and puzzle.size == 5
    assert pencilsat.solve(puzzle, time_limit=60).verdict.value == "unique"
    assert to_game_id(puzzle) == FRESH


@pytest.mark.parametrize("url", ["https://puzz.link/p", "http://pzv.jp/p.html",
                                 "HTTPS://puzz.link/p?masyu/3/3/0"])
def test_a_url_is_still_a_url(url):
    assert looks_like_url(url)


def test_a_url_without_its_query_is_refused_as_a_url():
    with pytest.raises(pencilsat.InputError, match=r"no '\?'"):
        pencilsat.read_puzzle("https://puzz.link/p")
