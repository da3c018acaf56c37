"""The generic clue maker (``generators/clue_maker.py``): for each genre it makes, small
puzzles that the genre's *other* strategy proves unique with the generator's answer, that
pass the rule checker, whose clue set is minimal (each clue's removal gives ``multiple``, by
the solver), and that the same seed makes again; a level on a genre without a grader is
refused by name."""

from __future__ import annotations

import pytest

from pencilsat.cli import main
from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.clue_genres import CLUE_GENRES
from pencilsat.generators.genres import CLUE_MAKER_GENRES
from pencilsat.generators.loop import Target
from pencilsat.generators.order import Order
from pencilsat.strategies.front import solve

SMALL = {"slant": (5, 4)}
"""A small size per genre, the tests' grids."""
SEEDS = (1, 2, 3)


def _other_strategy(genre: str) -> str:
    """A strategy of the genre that is not its default (the trials use the default)."""
    entry = REGISTRY[genre]
    return next(s.name for s in entry.strategies if s.name != entry.default_strategy)


def test_the_genre_lists_agree():
    assert set(CLUE_MAKER_GENRES) == set(CLUE_GENRES)
    assert set(SMALL) == set(CLUE_GENRES)


@pytest.mark.parametrize("genre", sorted(CLUE_GENRES))
@pytest.mark.parametrize("seed", SEEDS)
def test_a_made_puzzle_is_unique_valid_and_minimal(genre, seed):
    width, height = SMALL[genre]
    made = Order(genre, width, height).make(seed)
    rules = rules_of(made.puzzle)
    assert rules.check(made.puzzle, made.solution) == []
    proof = solve(made.puzzle, encoding=_other_strategy(genre))
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    clues = rules.clues.given(made.puzzle)
    assert len(clues) == made.clues > 0
    for clue in clues:
        assert solve(rules.clues.without(made.puzzle, clue)).verdict == Verdict.MULTIPLE, clue


@pytest.mark.parametrize("genre", sorted(CLUE_GENRES))
def test_the_same_seed_makes_the_same_puzzle(genre):
    width, height = SMALL[genre]
    order = Order(genre, width, height)
    first, again, other = order.make(4), order.make(4), order.make(5)
    assert first.puzzle == again.puzzle and first.solution == again.solution
    assert first.puzzle != other.puzzle


@pytest.mark.parametrize("genre", sorted(CLUE_GENRES))
def test_a_level_on_a_genre_without_a_grader_is_refused_by_name(genre):
    title = REGISTRY[genre].title
    with pytest.raises(InputError, match=f"{title} has no grader") as refused:
        Order(genre, 6, 6, Target(level=2)).maker()
    assert "masyu" in refused.value.hint and "slitherlink" in refused.value.hint
    with pytest.raises(InputError, match="no grader"):
        Order(genre, 6, 6, Target(score=(1, 2))).maker()


def test_the_command_line_refuses_a_level_without_a_traceback(capsys):
    assert main(["generate", "slant", "6x6", "--level", "1", "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert "Slant has no grader" in err and "Traceback" not in err


def test_a_symmetric_slant_has_a_symmetric_vertex_layout():
    made = Order("slant", 6, 5, symmetry="rot2").make(1)
    given = made.puzzle.clues >= 0
    assert (given == given[::-1, ::-1]).all()
    assert solve(made.puzzle).verdict == Verdict.UNIQUE
