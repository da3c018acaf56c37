"""``pencilsat generate`` for Shikaku, Hitori, Hashiwokakero, Yajilin and Kakuro: each genre's
usual form (one number per rectangle; a number in every Hitori cell; every island numbered;
an arrow on every black cell; a sum on every run), the sizes and options refused by name.
Uniqueness by the other strategy, the rule checker, minimality and the same seed's puzzle are
tested for them with the other clue-maker genres (``test_clue_maker.py``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from pencilsat.cli import main
from pencilsat.core.result import Verdict
from pencilsat.generators.order import Order
from pencilsat.puzzles.hitori import keeps_rules
from pencilsat.puzzles.kakuro import KakuroPuzzle
from pencilsat.puzzles.number_grid import EMPTY
from pencilsat.puzzles.yajilin import BLOCK
from pencilsat.puzzles.yajilin import EMPTY as OPEN
from pencilsat.strategies.front import solve


@pytest.mark.parametrize("seed", [1, 2])
def test_a_shikaku_has_one_numbered_cell_per_rectangle(seed):
    made = Order("shikaku", 7, 6).make(seed)
    numbered = made.puzzle.numbers != EMPTY
    for cells in made.solution.regions.cells():
        assert sum(bool(numbered[cell]) for cell in cells) == 1


@pytest.mark.parametrize("seed", [1, 2])
def test_a_hitori_has_a_number_in_every_cell_and_a_maximal_shading(seed):
    made = Order("hitori", 7, 6).make(seed)
    numbers, shaded = made.puzzle.numbers, made.solution.shaded
    assert (numbers >= 1).all() and numbers.max() <= 7
    for r, c in zip(*np.nonzero(~shaded), strict=True):  # one more shaded cell breaks a rule
        more = shaded.copy()
        more[r, c] = True
        assert not keeps_rules(numbers, more)


def test_a_hashi_numbers_every_island():
    made = Order("hashi", 8, 7).make(3)
    assert (made.puzzle.numbers != -1).all() and (made.puzzle.numbers > 0).sum() == made.clues


def test_a_yajilin_gives_every_black_cell_an_arrow():
    made = Order("yajilin", 7, 7).make(2)
    assert not (made.puzzle.numbers == BLOCK).any()
    assert (made.puzzle.numbers != OPEN).sum() == made.clues > 0


def test_a_kakuro_gives_every_run_a_sum_of_two_to_nine_cells():
    made = Order("kakuro", 6, 5).make(3)
    puzzle: KakuroPuzzle = made.puzzle
    runs = puzzle.runs()
    assert runs and all(run.total is not None and 2 <= len(run.cells) <= 9 for run in runs)
    assert solve(puzzle, encoding="cpsat").verdict == Verdict.UNIQUE


def test_kakuro_runs_longer_than_four_are_made():
    """Runs up to 9 cells, as published (the layout gives way where two fills differ)."""
    longest = []
    for seed in (2, 3):
        made = Order("kakuro", 8, 8).make(seed)
        proof = solve(made.puzzle, encoding="cpsat")
        assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
        assert made.puzzle.white[1:, 1:].mean() >= 0.6  # the layout gave way only so far
        longest.append(max(len(run.cells) for run in made.puzzle.runs()))
    assert max(longest) > 4


@pytest.mark.parametrize("genre,size,says", [
    ("shikaku", "1x5", "at least 2"), ("hitori", "5x1", "at least 2"),
    ("hashi", "2x6", "at least 3"), ("yajilin", "6x2", "at least 3"),
    ("kakuro", "2x5", "at least 3"), ("kakuro", "13x12", "at most 144 cells"),
])
def test_a_size_the_genre_cannot_have_is_refused_by_name(genre, size, says, capsys):
    assert main(["generate", genre, size, "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert f"cannot generate a {size}" in err and says in err and "Traceback" not in err


@pytest.mark.parametrize("genre,says", [
    ("shikaku", "--symmetry is not made for Shikaku"),
    ("hitori", "--symmetry has no meaning for Hitori"),
    ("hashi", "--symmetry has no meaning for Hashiwokakero"),
    ("yajilin", "--symmetry has no meaning for Yajilin"),
    ("kakuro", "--symmetry has no meaning for Kakuro"),
])
def test_symmetry_is_refused_by_name(genre, says, capsys):
    assert main(["generate", genre, "6x6", "--symmetry", "rot2", "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_generate_json_on_a_new_genre(capsys):
    assert main(["generate", "hashi", "6x6", "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "unique" and out["puzzle"].startswith("hashi 6 6")
    assert out["seed"] == 5 and out["level"] is None


@pytest.mark.parametrize("genre", ["hitori", "yajilin"])
def test_generate_certify_on_a_new_genre_writes_a_certificate_that_checks(genre, tmp_path,
                                                                         capsys):
    from pencilsat.certify.store import check_folder

    assert main(["generate", genre, "5x5", "--seed", "3", "--json",
                 "--certify", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["certified"] is True and out["verdict"] == "unique"
    cert = check_folder(out["certificate"])
    assert cert.certified and cert.verdict == "unique"
