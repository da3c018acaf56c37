"""The generic clue maker (``generators/clue_maker.py``): for each genre it makes, small
puzzles that the genre's *other* strategy proves unique with the generator's answer, that
pass the rule checker, whose clue set is minimal (each clue's removal gives ``multiple``, by
the solver; Nonogram: every line given), and that the same seed makes again; a level on a
genre without a grader, and a size the genre cannot have, are refused by name."""

from __future__ import annotations

import json

import pytest
from same_seed import assert_the_seed_makes_the_puzzle

from pencilsat.cli import main
from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.clue_genres import CLUE_GENRES
from pencilsat.generators.loop import Target
from pencilsat.generators.order import Order
from pencilsat.generators.study_measure import BANDS
from pencilsat.strategies.front import solve
from pencilsat.study.generation import up_open

SMALL = {"slant": (5, 4), "kurodoko": (6, 5), "fillomino": (5, 5), "skyscrapers": (5, 5),
         "nonogram": (5, 6), "jigsawsudoku": (5, 5), "killersudoku": (4, 4), "ripple": (5, 5),
         "heyawake": (5, 5), "tents": (5, 5), "shakashaka": (5, 5), "shikaku": (6, 5),
         "hitori": (6, 6), "hashi": (7, 6), "yajilin": (6, 6), "kakuro": (5, 5)}
"""A small size per genre, the tests' grids."""
SEEDS = (1, 2, 3)


def _other_strategy(genre: str) -> str:
    """A strategy of the genre that is not its default (the trials use the default)."""
    entry = REGISTRY[genre]
    return next(s.name for s in entry.strategies if s.name != entry.default_strategy)


def test_every_clue_genre_has_a_small_size():
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
    if CLUE_GENRES[genre].all_given:  # every line is given, by the genre's own rule
        assert rules.clues.offered(made.puzzle, made.solution) == []
        return
    for clue in clues:
        assert solve(rules.clues.without(made.puzzle, clue)).verdict == Verdict.MULTIPLE, clue


@pytest.mark.parametrize("genre", sorted(CLUE_GENRES))
def test_the_same_seed_makes_the_same_puzzle(genre):
    assert_the_seed_makes_the_puzzle(genre, *SMALL[genre])


@pytest.mark.parametrize("genre", sorted(set(CLUE_GENRES) - set(BANDS)))
def test_a_level_on_a_genre_without_a_grader_is_refused_by_name(genre):
    title = REGISTRY[genre].title
    with pytest.raises(InputError, match=f"{title} has no grader") as refused:
        Order(genre, 6, 6, Target(level=2)).maker()
    assert "masyu" in refused.value.hint and "slitherlink" in refused.value.hint
    with pytest.raises(InputError, match="no grader"):
        Order(genre, 6, 6, Target(score=(1, 2))).maker()


def test_the_command_line_refuses_a_level_without_a_traceback(capsys):
    assert main(["generate", "kurodoko", "6x6", "--level", "1", "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert "Kurodoko has no grader" in err and "slant" in err and "Traceback" not in err


@pytest.mark.parametrize("level,seed", [(1, 1), (2, 2)])
def test_a_slant_at_a_level_is_unique_and_in_its_band(level, seed):
    made = Order("slant", 7, 6, Target(level=level), measure=up_open).make(seed)
    assert solve(made.puzzle, encoding="lazy-cpsat").verdict == Verdict.UNIQUE
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
    low, high = BANDS["slant"][level - 1]
    assert low <= up_open(made.puzzle) <= high and made.grading.level == level


def test_a_slant_level_off_its_scale_is_refused(capsys):
    assert main(["generate", "slant", "6x6", "--level", "3", "--seed", "1"]) != 0
    assert "--level 3 is not on the bands of the study measure gup.up_open, 1-2" in (
        capsys.readouterr().err)


def test_a_symmetric_slant_has_a_symmetric_vertex_layout():
    made = Order("slant", 6, 5, symmetry="rot2").make(1)
    given = made.puzzle.clues >= 0
    assert (given == given[::-1, ::-1]).all()
    assert solve(made.puzzle).verdict == Verdict.UNIQUE


@pytest.mark.parametrize("genre,size,says", [
    ("slant", "1x4", "at least 2"), ("skyscrapers", "6x5", "square"),
    ("skyscrapers", "10x10", "3 to 9"), ("fillomino", "7x1", "at least 2"),
])
def test_a_size_the_genre_cannot_have_is_refused_by_name(genre, size, says, capsys):
    assert main(["generate", genre, size, "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert f"cannot generate a {size}" in err and says in err and "Traceback" not in err


def test_a_nonogram_gives_every_line_and_refuses_symmetry(capsys):
    made = Order("nonogram", 6, 6).make(3)
    assert all(line is not None for line in (*made.puzzle.rows, *made.puzzle.columns))
    assert made.clues == 12
    assert main(["generate", "nonogram", "6x6", "--symmetry", "rot2", "--seed", "1"]) != 0
    assert "--symmetry has no meaning for Nonogram" in capsys.readouterr().err


def test_symmetric_skyscrapers_edge_clues_stand_in_orbits():
    made = Order("skyscrapers", 5, 5, symmetry="rot2").make(2)
    clues = made.puzzle.clues  # top, bottom, left, right
    assert ((clues[0] > 0) == (clues[1][::-1] > 0)).all()
    assert ((clues[2] > 0) == (clues[3][::-1] > 0)).all()
    givens = made.puzzle.givens > 0
    assert (givens == givens[::-1, ::-1]).all()
    assert solve(made.puzzle).verdict == Verdict.UNIQUE


@pytest.mark.parametrize("genre", ["kurodoko", "skyscrapers"])
def test_generate_certify_on_a_clue_maker_genre_writes_a_certificate_that_checks(
        genre, tmp_path, capsys):
    from pencilsat.certify.store import check_folder

    assert main(["generate", genre, "5x5", "--seed", "3", "--json",
                 "--certify", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["certified"] is True and out["verdict"] == "unique"
    assert out["level"] is None or genre in BANDS  # a banded genre's puzzle gets its band
    cert = check_folder(out["certificate"])
    assert cert.certified and cert.verdict == "unique"


def test_a_count_of_slants_comes_as_batch_records(capsys):
    assert main(["generate", "slant", "4x4", "--seed", "7", "--count", "2",
                 "--workers", "1"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["input"] for r in records] == [
        "pencilsat generate slant 4x4 --seed 7", "pencilsat generate slant 4x4 --seed 8"]
    assert all(r["verdict"] == "unique" for r in records)
