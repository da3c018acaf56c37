"""``pencilsat.generate``: the library's puzzles made to order, on the command line's path (the
same puzzle for the same order and seed), proven unique by a strategy other than the
generator's trials, at the level asked; bad input named; a time limit that comes first is
``unknown``; which genres are made, and their levels, from the generators' tables."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli_here

import pencilsat
from pencilsat.core.errors import InputError
from pencilsat.core.registry import generated
from pencilsat.generators.study_measure import BANDS
from pencilsat.to_order import generation_offer


def test_a_sudoku_at_level_2_is_unique_and_grades_at_level_2():
    made = pencilsat.generate("sudoku", 9, 9, level=2, seed=4)
    assert made.verdict == "unique" and made.level == 2 and made.seed == 4
    assert made.text is not None and made.url is not None and made.url.startswith("https://")
    proof = pencilsat.solve(made.text, encoding="extended", backend="cpsat")
    assert proof.verdict == pencilsat.Verdict.UNIQUE and proof.solution == made.solution
    assert pencilsat.check(made.text, made.solution) == []
    graded = pencilsat.grade(made.url)
    assert graded.grade is not None and graded.grade.level == 2
    assert made.clues == sum(ch != "." for ch in made.text.strip())
    assert made.command == "pencilsat generate sudoku 9x9 --level 2 --seed 4"


def test_a_study_banded_genre_is_made_at_its_level():
    made = pencilsat.generate("slitherlink", 6, 6, level=1, seed=2)
    assert made.verdict == "unique" and made.level == 1
    assert made.scale.startswith("bands of the study measure")
    assert pencilsat.solve(made.puzzle, encoding="circuit").verdict == pencilsat.Verdict.UNIQUE


def test_the_same_seed_gives_the_same_puzzle_as_the_command_line():
    first = pencilsat.generate("lightup", 7, 7, level=2, seed=11)
    again = pencilsat.generate("lightup", 7, 7, level=2, seed=11)
    other = pencilsat.generate("lightup", 7, 7, level=2, seed=12)
    assert first.text == again.text and first.text != other.text
    status, out, _ = run_cli_here("generate", "lightup", "7x7", "--level", "2", "--seed", "11",
                                  "--json")
    assert status == 0 and json.loads(out)["puzzle"] == first.text
    assert {k: v for k, v in first.to_dict().items() if k in json.loads(out)
            and k != "seconds"} == {k: v for k, v in json.loads(out).items() if k != "seconds"}


def test_without_a_seed_one_is_drawn_and_makes_the_puzzle_again():
    made = pencilsat.generate("sudoku", 4, 4)
    assert isinstance(made.seed, int) and made.verdict == "unique"
    assert pencilsat.generate("sudoku", 4, 4, seed=made.seed).text == made.text


@pytest.mark.parametrize("arguments,source,words", [
    (("nurikabe-ish", 9, 9), "genre", "cannot generate"),
    (("sudoku", "9", 9), "width", "whole number"),
    (("sudoku", 9, 9.0), "height", "whole number"),
    (("sudoku", 9, 9, {"level": "2"}), "level", "not a level"),
    (("sudoku", 9, 9, {"level": 2, "score": (1, 2)}), "level", "not both"),
    (("sudoku", 9, 9, {"score": (3, 1)}), "score", "not a score band"),
    (("sudoku", 9, 9, {"seed": 1.5}), "seed", "not a seed"),
    (("sudoku", 9, 9, {"symmetry": 2}), "symmetry", "not a symmetry"),
    (("sudoku", 9, 9, {"time_limit": 0}), "time_limit", "positive"),
    (("sudoku", 9, 9, {"level": 4}), "generate", "a level from 1 to 3"),
    (("sudoku", 10, 10), "generate", "the sizes are"),
    (("lightup", 200, 200), "generate", "at most 10,000 cells"),
    (("masyu", 8, 8, {"symmetry": "rot2"}), "generate", "not made for Masyu"),
    (("kurodoko", 8, 8, {"level": 1}), "generate", "no scale to aim at"),
    (("starbattle", 10, 10, {"stars": 0}), "stars", "not a star count"),
    (("starbattle", 10, 10, {"stars": True}), "stars", "not a star count"),
    (("starbattle", 10, 10, {"stars": 3}), "generate", "3 stars a row do not fit"),
    (("tents", 10, 10, {"stars": 2}), "--stars", "not an option of tents"),
])
def test_bad_input_is_named(arguments, source, words):
    *positional, options = arguments if isinstance(arguments[-1], dict) else (*arguments, {})
    with pytest.raises(InputError) as refused:
        pencilsat.generate(*positional, **options)
    assert refused.value.source == source and words in str(refused.value)


def test_a_time_limit_that_comes_first_is_unknown():
    made = pencilsat.generate("lightup", 10, 10, level=7, seed=1, time_limit=0.05)
    assert made.verdict == "unknown" and made.puzzle is None and made.text is None
    assert "time limit" in made.message
    assert made.to_dict()["verdict"] == "unknown"


def test_the_offer_comes_from_the_generators_tables():
    offer = generation_offer()
    assert list(offer) == list(generated())
    assert offer["sudoku"]["size"] == "9x9" and offer["sudoku"]["levels"] == [1, 3]
    for genre, bands in BANDS.items():
        if genre in offer:
            assert offer[genre]["levels"] == [1, len(bands)]
    assert offer["masyu"]["symmetry"] is False and offer["lightup"]["symmetry"] is True
    assert [g for g, given in offer.items() if given["stars"]] == ["starbattle"]
    assert {g: given["variants"] for g, given in offer.items() if given["variants"]} == {
        "numberlink": ["full"]}
    for genre, given in offer.items():
        if given["levels"] is None:
            with pytest.raises(InputError):
                pencilsat.generate(genre, 6, 6, level=1)


def test_the_result_names_what_its_clues_count():
    made = pencilsat.generate("galaxies", 5, 5, seed=2)
    assert made.counted == "galaxies" and made.to_dict()["counted"] == "galaxies"
    assert made.clues == int(made.puzzle.centres.sum())
    made = pencilsat.generate("starbattle", 9, 9, stars=2, seed=1)
    assert made.puzzle.stars == 2 and made.counted == "regions" and "--stars 2" in made.command
