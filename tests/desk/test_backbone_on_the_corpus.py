"""The backbone on corpus puzzles of every genre: a unique puzzle's backbone is its whole
solution (the corpus answer); with a needed clue taken away, every solution listed agrees with
the first outside the undecided cells, and each undecided cell differs in some solution."""

from __future__ import annotations

import pytest
from conftest import CORPUS, corpus_pairs, every_kth

from pencilsat.api import read_puzzle
from pencilsat.core.registry import GENRES
from pencilsat.core.result import Verdict
from pencilsat.desk.clues import check_clues
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration, undecided_cells


def samples(genre: str) -> list:
    """Two small puzzles of the genre's corpus (the registry's ``corpus``)."""
    where = GENRES[genre].corpus
    if (CORPUS / where).is_file():
        return [read_puzzle(line) for line in (CORPUS / where).read_text().split()[:2]]
    return [read_puzzle(str(p)) for p, _ in every_kth(corpus_pairs(where, 100), 45)[1:3]]


@pytest.mark.parametrize("genre", list(GENRES))
def test_a_unique_corpus_puzzle_has_its_whole_solution_as_backbone(genre):
    for puzzle in samples(genre):
        result = solve(puzzle, explore=Exploration(backbone=True, count=3))
        assert result.verdict == Verdict.UNIQUE
        assert result.backbone is not None and result.backbone.complete
        assert result.backbone.undecided == []
        assert result.count is not None and result.count.complete
        assert result.count.solutions == [result.solution]


@pytest.mark.parametrize("genre", list(GENRES))
def test_without_a_needed_clue_the_backbone_marks_where_the_listed_solutions_differ(genre):
    puzzle = samples(genre)[0]
    rules = GENRES[genre].rules().clues
    report = check_clues(puzzle, time_limit=60)
    if report.needed:
        weaker = rules.without(puzzle, report.needed[0])
    else:  # every clue alone is redundant (a Hashiwokakero's numbers): take them in turn
        weaker = puzzle
        for clue in rules.given(puzzle):
            weaker = rules.without(weaker, clue)
            if solve(weaker).verdict == Verdict.MULTIPLE:
                break
    result = solve(weaker, explore=Exploration(backbone=True, count=20))
    assert result.verdict == Verdict.MULTIPLE
    assert result.backbone is not None and result.backbone.complete
    assert result.backbone.undecided
    listed = result.count.solutions
    assert listed[0] == result.solution and len(listed) >= 2
    check = GENRES[genre].rules().check
    assert all(not check(weaker, s) for s in listed)
    assert set(undecided_cells(result.solution, listed[1:])) <= set(result.backbone.undecided)
    if result.count.complete:  # every solution listed: the backbone is exactly theirs
        assert undecided_cells(result.solution, listed[1:]) == result.backbone.undecided
