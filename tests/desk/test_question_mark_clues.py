"""``?`` clues (a clue cell whose number is not given, as pzprjs writes it): per genre, a
puzzle with one reads and writes its text and its puzz.link URL both ways (the URL holds
pzprjs' ``.``), draws the ``?``, and its verdict and answers are the brute-force oracle's."""

from __future__ import annotations

import random

import numpy as np
import pytest
from brute_force import all_solutions, random_puzzles
from oracles.verdicts import verdict_of

from pencilsat.core.registry import GENRES
from pencilsat.core.result import Verdict
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import heyawake, ripple, slitherlink, yajilin
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration

TEXTS = {
    "nurikabe": "nurikabe 3 3\n? . .\n. . .\n. . 2\n",
    "heyawake": "heyawake 3 2\n? . 1\n. . .\n1 1 2\n1 1 2\n",
    "slitherlink": "slitherlink 3 3\n..?\n.3.\n...\n",
    "kurodoko": "kurodoko 3 3\n? . .\n. . .\n. . 3\n",
    "yajilin": "yajilin 3 3\n?> . .\n. . .\n. . 1^\n",
    "shikaku": "shikaku 3 2\n? . .\n. . 3\n",
    "fillomino": "fillomino 2 2\n? .\n. 3\n",
    "hitori": "hitori 3 3\n? 1 2\n2 3 1\n1 2 ?\n",
    "ripple": "ripple 3 2\n? . .\n. 1 .\n1 1 1\n2 3 3\n",
}
"""A small puzzle of each genre with a ``?`` clue, in its corpus text format."""
MARK = {"hitori": "@"}
"""pzprjs' character of a ``?`` in the URL's body where it is not ``.``."""


@pytest.mark.parametrize("genre", list(TEXTS))
def test_a_question_mark_clue_round_trips_through_text_and_url(genre):
    rules = GENRES[genre].rules()
    puzzle = rules.parse_puzzle(TEXTS[genre], "")
    assert rules.parse_puzzle(rules.format_puzzle(puzzle), "") == puzzle
    assert "?" in rules.draw_text(puzzle, None)
    url = to_url(puzzle)
    assert MARK.get(genre, ".") in url.split("/")[-1]  # pzprjs' '?'
    again = parse_url(url)
    assert again == puzzle and to_url(again) == url
    assert ">?<" in draw_svg(puzzle)


@pytest.mark.parametrize("url, text", [
    # pzprjs' decode4Cell: 'h' two plain cells, '.' a '?', 'l' six plain cells
    ("https://puzz.link/p?slither/3/3/h.l", "slitherlink 3 3\n..?\n...\n...\n"),
    # one room (no borders), its number '?'
    ("https://puzz.link/p?heyawake/2/2/00.", "heyawake 2 2\n? .\n. .\n1 1\n1 1\n"),
    # decodeArrowNumber16: '4.' a right arrow without a count, then 3 plain cells
    ("https://puzz.link/p?yajilin/2/2/4.c", "yajilin 2 2\n?> .\n. .\n"),
    # one room (no borders), a '?' then 3 empty cells
    ("https://puzz.link/p?ripple/2/2/00.i", "ripple 2 2\n? .\n. .\n1 1\n1 1\n"),
])
def test_pzprjs_question_marks_read_as_the_text_says(url, text):
    puzzle = parse_url(url)
    assert puzzle == GENRES[puzzle.genre].rules().parse_puzzle(text, "")
    assert to_url(puzzle) == url


def question_marked(puzzle, rng: random.Random):
    """``puzzle`` with one of its clues made ``?`` (Slitherlink, Heyawake, Ripple Effect: a
    number; Yajilin: an arrow's count), or ``None`` when it has none."""
    if puzzle.genre == "ripple":
        cells = list(zip(*np.nonzero(puzzle.givens), strict=True))
        if not cells:
            return None
        cell = rng.choice(cells)
        givens, unknown = np.array(puzzle.givens), np.array(puzzle.unknown)
        givens[cell], unknown[cell] = 0, True
        return ripple.RipplePuzzle(givens, puzzle.rooms, unknown=unknown)
    if puzzle.genre == "slitherlink":
        cells = list(zip(*np.nonzero(puzzle.clues >= 0), strict=True))
        if not cells:
            return None
        cell = rng.choice(cells)
        clues, unknown = np.array(puzzle.clues), np.array(puzzle.unknown)
        clues[cell], unknown[cell] = slitherlink.NO_CLUE, True
        return slitherlink.SlitherlinkPuzzle(clues, unknown=unknown)
    if puzzle.genre == "heyawake":
        cells = list(zip(*np.nonzero(puzzle.clues != heyawake.NO_CLUE), strict=True))
        if not cells:
            return None
        cell = rng.choice(cells)
        clues, unknown = np.array(puzzle.clues), np.array(puzzle.unknown)
        clues[cell], unknown[cell] = heyawake.NO_CLUE, True
        return heyawake.HeyawakePuzzle(puzzle.rooms, clues, unknown=unknown)
    cells = [cell for cell, _, _ in puzzle.clues()]
    if not cells:
        return None
    cell = rng.choice(cells)
    numbers = np.array(puzzle.numbers)
    numbers[cell] = yajilin.BLOCK
    return yajilin.YajilinPuzzle(numbers, puzzle.arrows)


@pytest.mark.parametrize("genre", ["slitherlink", "heyawake", "yajilin", "ripple"])
def test_a_question_mark_puzzles_verdict_and_answers_match_brute_force(genre):
    rng = random.Random(44)
    checked = 0
    for puzzle in random_puzzles(genre, 8, seed=44):
        marked = question_marked(puzzle, rng)
        if marked is None:
            continue
        truth = all_solutions(marked)
        if len(truth) > 20:
            continue
        for backend in ("cnf", "cpsat"):
            result = solve(marked, backend=backend, explore=Exploration(count=len(truth) + 1))
            verdict = verdict_of(truth)
            assert result.verdict == verdict
            assert result.count is not None and set(result.count.solutions) == set(truth)
        checked += 1
    assert checked >= 4


def test_the_ripple_rule_does_not_see_a_question_mark_as_pzprjs_checks_it():
    # two rooms of one cell side by side: both hold 1, too close unless one is a '?'
    rules = GENRES["ripple"].rules()
    blank = rules.parse_puzzle("ripple 2 1\n. .\n1 2\n", "")
    marked = rules.parse_puzzle("ripple 2 1\n? .\n1 2\n", "")
    assert all_solutions(blank) == [] and len(all_solutions(marked)) == 1
    assert solve(blank).verdict == Verdict.NONE
    result = solve(marked)
    assert result.verdict == Verdict.UNIQUE and result.solution.grid.tolist() == [[1, 1]]
    assert [v.rule for v in rules.check(blank, result.solution)] == ["too-close"]
