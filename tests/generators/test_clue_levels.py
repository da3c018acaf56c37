"""Levels of the clue maker's genres with bands of a study measure (Skyscrapers, Jigsaw
Sudoku, Tents; Slant's are tested beside its clue maker): small puzzles at each level whose
measure lies in the level's band, proved unique by the genre's other strategy and passing
the rule checker; the same seed makes the same puzzle; ``--score`` aims at a band; a level
off a genre's scale is refused by name."""

from __future__ import annotations

import pytest

from pencilsat.cli import main
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import generated, rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.clue_genres import CLUE_GENRES
from pencilsat.generators.loop import Target
from pencilsat.generators.order import Order
from pencilsat.generators.study_measure import BANDS, MEASURE_NAMES
from pencilsat.strategies.front import solve
from pencilsat.study.generation import MEASURES

SMALL = {"skyscrapers": (5, 5), "jigsawsudoku": (6, 6), "tents": (8, 8)}
"""A small size per genre with levels here, the tests' grids."""
LEVELLED = [(genre, level) for genre in sorted(SMALL)
            for level in range(1, len(BANDS[genre]) + 1)]


def _other_strategy(genre: str) -> str:
    """A strategy of the genre that is not its default (the trials use the default)."""
    entry = REGISTRY[genre]
    return next(s.name for s in entry.strategies if s.name != entry.default_strategy)


def _order(genre: str, target: Target) -> Order:
    width, height = SMALL[genre]
    return Order(genre, width, height, target, measure=MEASURES[genre])


def test_every_banded_clue_genre_has_a_measure_a_name_and_a_line_in_the_help(capsys):
    banded = set(BANDS) & set(CLUE_GENRES)
    assert banded == set(generated(kind="clue", levels=True)) and set(SMALL) <= banded
    for genre in banded:
        assert genre in MEASURES and genre in MEASURE_NAMES
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    levelled = text.split("rules_open;")[1].split("placed on Tatham's levels")[0]
    minimal = text.split("The other genres without a grader")[1].split(")")[0]
    for genre in banded:
        assert genre in levelled and genre not in minimal


@pytest.mark.parametrize("genre,level", LEVELLED)
@pytest.mark.parametrize("seed", (1, 2))
def test_a_puzzle_at_a_level_is_unique_and_in_its_band(genre, level, seed):
    made = _order(genre, Target(level=level)).make(seed)
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
    proof = solve(made.puzzle, encoding=_other_strategy(genre))
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    low, high = BANDS[genre][level - 1]
    assert low <= MEASURES[genre](made.puzzle) <= high
    assert made.grading.level == level


@pytest.mark.parametrize("genre", sorted(SMALL))
def test_the_same_seed_makes_the_same_puzzle_at_a_level(genre):
    top = len(BANDS[genre])
    first = _order(genre, Target(level=top)).make(3)
    again = _order(genre, Target(level=top)).make(3)
    assert first.puzzle == again.puzzle and first.solution == again.solution


def test_a_score_band_is_aimed_at():
    made = _order("skyscrapers", Target(score=(0.3, 0.6))).make(1)
    assert 0.3 <= MEASURES["skyscrapers"](made.puzzle) <= 0.6
    assert solve(made.puzzle, encoding=_other_strategy("skyscrapers")).verdict == Verdict.UNIQUE


def test_the_command_line_makes_a_level(capsys):
    assert main(["generate", "jigsawsudoku", "6x6", "--level", "1", "--seed", "1"]) == 0
    assert "level 1 (bands of the study measure gup.up_open, 1-3)" in capsys.readouterr().err


def test_a_tents_level_off_its_scale_is_refused(capsys):
    assert main(["generate", "tents", "8x8", "--level", "3", "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert "--level 3 is not on the bands of the study measure gup.up_open, 1-2" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("level", (None, 1, 2))
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_tents_give_every_count_at_every_level(level, seed):
    from pencilsat.puzzles.tents import NO_COUNT

    made = _order("tents", Target(level=level)).make(seed)
    puzzle, tents = made.puzzle, made.solution.tents
    assert NO_COUNT not in puzzle.row_counts and NO_COUNT not in puzzle.column_counts
    assert puzzle.row_counts.tolist() == tents.sum(axis=1).tolist()
    assert puzzle.column_counts.tolist() == tents.sum(axis=0).tolist()
    assert made.clues == sum(SMALL["tents"])
    proof = solve(puzzle, encoding=_other_strategy("tents"))
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    if level is not None:
        low, high = BANDS["tents"][level - 1]
        assert low <= made.grading.score <= high
