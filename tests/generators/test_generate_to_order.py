"""Puzzles made to order: unique (proven by a strategy other than the generator's trials),
graded at the level asked for by ``pencilsat grade``'s own path, the same for the same seed."""

from __future__ import annotations

import json

import numpy as np
import pytest

from pencilsat.cli import main
from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import generated, rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.loop import Grading, Target
from pencilsat.generators.order import Order
from pencilsat.generators.symmetry import image, orbits_of
from pencilsat.grading.front import grade
from pencilsat.strategies.front import solve

SECOND_STRATEGY = {"masyu": ("circuit", "cpsat"), "sudoku": ("extended", "cpsat"),
                   "lightup": ("csp", "cpsat")}
"""A strategy the generator's trials do not use (CP-SAT), which proves uniqueness again."""

ORDERS = ([("masyu", 10, 10, level, level) for level in (1, 2, 3)]
          + [("sudoku", 9, 9, level, level + 3) for level in (1, 2, 3)]
          + [("lightup", 10, 10, level, level + 6) for level in (1, 2, 3, 4, 5)])
"""One seed per level (a different one for each): the benchmark checks 20 seeds a level."""


@pytest.mark.parametrize("genre,width,height,level,seed", ORDERS)
def test_a_puzzle_made_at_a_level_is_unique_and_grades_at_that_level(genre, width, height,
                                                                     level, seed):
    made = Order(genre, width, height, Target(level=level)).make(seed)
    encoding, backend = SECOND_STRATEGY[genre]
    proof = solve(made.puzzle, encoding=encoding, backend=backend)
    assert proof.verdict == Verdict.UNIQUE
    assert proof.solution == made.solution
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
    graded = grade(made.puzzle)
    assert graded.grade is not None and graded.grade.level == level == made.grading.level
    assert made.grading.score == pytest.approx(graded.grade.score)


@pytest.mark.parametrize("genre,size,level", [("masyu", 8, 2), ("sudoku", 9, 2),
                                              ("lightup", 8, 3)])
def test_the_same_seed_gives_the_same_puzzle(genre, size, level):
    order = Order(genre, size, size, Target(level=level))
    first, again, other = order.make(7), order.make(7), order.make(8)
    assert first.puzzle == again.puzzle and first.clues == again.clues
    assert first.puzzle != other.puzzle


def test_a_score_band_is_hit():
    made = Order("sudoku", 9, 9, Target(score=(1.5, 2.5))).make(3)
    graded = grade(made.puzzle)
    assert graded.grade is not None and 1.5 <= graded.grade.score <= 2.5


def test_without_a_target_the_clue_set_is_minimal():
    made = Order("sudoku", 9, 9).make(5)
    clues = made.puzzle.clues
    for r, c in zip(*np.nonzero(clues), strict=True):
        fewer = np.array(clues)
        fewer[r, c] = 0
        assert solve(type(made.puzzle)(fewer)).verdict == Verdict.MULTIPLE


@pytest.mark.parametrize("genre,size,symmetry", [("sudoku", 9, "rot2"), ("sudoku", 9, "mirror"),
                                                 ("lightup", 10, "rot2")])
def test_a_symmetric_layout_is_symmetric(genre, size, symmetry):
    made = Order(genre, size, size, Target(level=2), symmetry).make(3)
    grid = made.puzzle.clues if genre == "sudoku" else made.puzzle.cells
    given = (grid > 0) if genre == "sudoku" else (grid >= 0)
    walls = grid != -1
    for r, c in zip(*np.nonzero(walls), strict=True):
        twin = image((int(r), int(c)), size, size, symmetry)
        assert walls[twin] and given[r, c] == given[twin]
    assert solve(made.puzzle).verdict == Verdict.UNIQUE


def test_orbits_pair_cells_and_drop_a_clue_whose_image_has_none():
    cells = [(0, 0), (2, 2), (1, 1), (0, 1)]
    assert orbits_of(cells, 3, 3, "rot2") == [[0, 1], [2]]
    assert orbits_of(cells, 3, 3, None) == [[0], [1], [2], [3]]
    assert orbits_of([(0, 0), (0, 2), (1, 1)], 3, 3, "mirror") == [[0, 1], [2]]


def test_unrated_is_harder_than_every_level_and_never_fits():
    target = Target(level=7)
    assert target.too_hard(Grading(None)) and not target.fits(Grading(None))
    band = Target(score=(1.0, 2.0))
    assert band.fits(Grading(3, 1.5)) and band.too_hard(Grading(1, 2.5))


@pytest.mark.parametrize("order,says", [
    (Order("lightup", 10, 10, Target(level=8)), "not on the Kashima 2010 scale"),
    (Order("sudoku", 16, 16, Target(level=1)), "9x9"),
    (Order("sudoku", 4, 4, Target(level=1)), "9x9"),
    (Order("masyu", 10, 10, Target(level=1), "rot2"), "not made for Masyu"),
    (Order("kenken", 10, 10), "generate makes"),
])
def test_orders_that_cannot_be_made_are_refused(order, says):
    with pytest.raises(InputError, match=says):
        order.maker()


def test_every_genre_of_the_registry_is_made():
    assert sorted(generated()) == sorted(REGISTRY)


def test_json_has_the_puzzle_and_its_grade(capsys):
    assert main(["generate", "sudoku", "9x9", "--level", "2", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"puzzle", "url", "verdict", "level", "score", "clues", "seed",
                         "seconds"}
    assert data["verdict"] == "unique" and data["level"] == 2 and data["seed"] == 4
    assert data["url"].startswith("https://puzz.link/p?sudoku/9/9/")
    assert data["clues"] == sum(ch != "." for ch in data["puzzle"].strip())


def test_text_output_is_the_puzzle_and_stderr_says_its_grade(capsys):
    assert main(["generate", "lightup", "8x8", "--level", "2", "--seed", "5"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("lightup 8 8\n")
    assert err.startswith("unique, level 2 (Kashima 2010 scale 1-7)") and "seed 5" in err


def test_count_gives_batch_records_of_consecutive_seeds(capsys):
    assert main(["generate", "sudoku", "9x9", "--level", "1", "--seed", "10", "--count", "3",
                 "--workers", "2"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3]
    assert [r["generated"]["seed"] for r in records] == [10, 11, 12]
    assert all(r["schema"] == 1 and r["verdict"] == "unique" and r["grade"]["level"] == 1
               for r in records)
    assert main(["generate", "sudoku", "9x9", "--level", "1", "--seed", "11", "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert alone["puzzle"] == records[1]["generated"]["puzzle"]


def test_a_level_not_on_the_scale_is_refused_before_a_seed_is_drawn(capsys):
    assert main(["generate", "masyu", "10x10", "--level", "4"]) == 4
    err = capsys.readouterr().err
    assert "Sato 2007 scale 1-3" in err and "seed" not in err


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_masyu_capped_grade_agrees_with_the_grader(seed):
    """The loop steers Masyu by a grade that stops above the cap; it must say the grader's
    level whenever that level is at most the cap, and 'above' (None) otherwise."""
    import random

    from pencilsat.generators.masyu import pearls_for_loop, pinned_loop, random_loop
    from pencilsat.generators.masyu_levels import capped_grading
    from pencilsat.grading.masyu.engine import grade_masyu
    from pencilsat.puzzles.masyu import EMPTY, MasyuPuzzle

    rng = random.Random(seed)
    loop = pinned_loop(random_loop(8, 8, rng), rng)
    assert loop is not None
    full = pearls_for_loop(loop)
    cells = full.pearl_cells()
    checked = 0
    for keep in (1.0, 0.8, 0.6):
        pearls = np.array(full.pearls)
        for cell in cells:
            if rng.random() >= keep:
                pearls[cell] = EMPTY
        puzzle = MasyuPuzzle(pearls)
        if solve(puzzle).verdict != Verdict.UNIQUE:
            continue
        level = grade_masyu(puzzle).level
        checked += 1
        for cap in (1, 2):
            assert capped_grading(puzzle, cap).level == (level if level <= cap else None)
    assert checked  # the full pearl set of a pinned loop is unique


def test_a_puzzle_without_a_grade_is_said_not_graded(capsys):
    assert main(["generate", "sudoku", "4x4", "--seed", "2"]) == 0
    out, err = capsys.readouterr()
    assert len(out.strip()) == 16 and err.startswith("unique, not graded, ")
