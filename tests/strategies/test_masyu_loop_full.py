"""Masyu's loop-full variant (pzprjs' ``loop_full``, URL flag ``f``): every cell on the loop,
in every strategy, the checker, the text format and the drawings."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS, pzprjs_example

from pencilsat.api import check, solve
from pencilsat.core.result import Verdict
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import masyu

STRATEGIES = ["lazy", "circuit", "tamura", "tamura-log"]
NO_FULL_LOOP = "https://puzz.link/p?" + pzprjs_example("masyu").replace("/", "/f/", 1)
"""pzprjs's Masyu example (read from the corpus) with the loop-full flag."""


@pytest.mark.parametrize("encoding", STRATEGIES)
def test_the_issue_url_has_no_solution_on_every_strategy(encoding):
    assert solve(NO_FULL_LOOP, encoding=encoding).verdict == Verdict.NONE
    plain = solve(NO_FULL_LOOP.replace("/f/", "/"), encoding=encoding)
    assert plain.verdict == Verdict.UNIQUE  # the plain puzzle's loop misses six cells
    assert len(plain.solution.degree()) < 36


@pytest.mark.parametrize("encoding", STRATEGIES)
def test_a_loop_full_puzzle_with_an_answer_is_unique_through_every_cell(encoding):
    puzzle = masyu.parse_puzzle("masyu 4 4 full\n....\n....\n..WW\n....\n")
    result = solve(puzzle, encoding=encoding)
    assert result.verdict == Verdict.UNIQUE
    assert len(result.solution.degree()) == 16
    plain = solve(masyu.MasyuPuzzle(puzzle.pearls), encoding=encoding)
    assert plain.verdict == Verdict.MULTIPLE  # the variant is what makes it unique
    assert check(puzzle, result.solution) == []


@pytest.mark.parametrize("encoding", STRATEGIES)
def test_an_empty_loop_full_grid_is_ambiguous_with_a_second_full_loop(encoding):
    puzzle = masyu.MasyuPuzzle(np.zeros((4, 4), dtype=np.uint8), loop_full=True)
    result = solve(puzzle, encoding=encoding)
    assert result.verdict == Verdict.MULTIPLE
    assert len(result.second_solution.degree()) == 16 and result.differences


def test_the_checker_names_a_cell_the_loop_misses():
    puzzle = masyu.parse_puzzle("masyu 3 3 full\n...\n...\n...\n")
    ring = masyu.parse_solution("masyu-solution 3 3\nF-7\n|.|\nL-J\n")
    problems = check(puzzle, ring)
    assert [(p.rule, p.cell) for p in problems] == [("unvisited-cell", (1, 1))]
    plain = masyu.parse_puzzle("masyu 3 3\n...\n...\n...\n")
    assert check(plain, ring) == []


def test_text_format_round_trip_and_an_unknown_variant_is_named():
    puzzle = masyu.parse_puzzle("masyu 3 2 full\n.W.\n...\n")
    assert puzzle.loop_full
    assert masyu.format_puzzle(puzzle) == "masyu 3 2 full\n.W.\n...\n"
    with pytest.raises(masyu.InputError, match="unknown masyu variant 'ura'"):
        masyu.parse_puzzle("masyu 3 2 ura\n.W.\n...\n")


def test_drawings_say_it_is_the_loop_full_variant():
    puzzle = masyu.parse_puzzle("masyu 3 2 full\n.W.\n...\n")
    assert "loop-full" in masyu.draw_ascii(puzzle)
    assert 'class="variant"' in draw_svg(puzzle)


def test_tamura_log_agrees_with_lazy_where_log_and_order_encodings_meet():
    """Small grids give order numbers below the log encoding's width, compared with wider
    ones: the compiler enumerates the narrow side's values (it used to refuse the model)."""
    for text in ((CORPUS / "masyu" / "pzprjs" / "mashu_example.txt").read_text(),
                 "masyu 5 5\nW...B\n.....\n..B..\n.....\nB...W\n"):
        puzzle = masyu.parse_puzzle(text)
        log, lazy = solve(puzzle, encoding="tamura-log"), solve(puzzle, encoding="lazy")
        assert log.verdict == lazy.verdict
        assert log.solution == lazy.solution


def test_the_grader_says_the_variant_is_not_in_the_paper():
    from pencilsat.api import grade

    result = grade(masyu.parse_puzzle("masyu 4 4 full\n....\n....\n..WW\n....\n"))
    assert result.verdict == Verdict.UNIQUE and result.grade is None
    assert "not the loop-full variant" in (result.reason or "")
