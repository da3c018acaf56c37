"""The structures the clue maker's genres draw before any clue: per genre an open puzzle its
model accepts, of the structure asked (boxes, cages, rooms, trees, black cells), with an
answer, that the same seed draws again; sizes and symmetries a genre cannot have are
refused by name. (The random region grids themselves: tests/puzzles/test_random_regions.py.)"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from pencilsat.cli import main
from pencilsat.core.result import Verdict
from pencilsat.generators import (
    heyawake,
    jigsawsudoku,
    killersudoku,
    ripple,
    shakashaka,
    tents,
)
from pencilsat.generators.clue_genres import CLUE_GENRES
from pencilsat.puzzles.regions import NO_REGION
from pencilsat.strategies.front import solve

SEEDS = range(6)

def _open(module, seed: int, width: int, height: int):
    puzzle = module.open_puzzle(random.Random(seed), width, height)
    assert puzzle is not None
    return puzzle


@pytest.mark.parametrize("seed", SEEDS)
def test_jigsaw_boxes_are_n_areas_of_n_cells_and_no_digit_is_given(seed):
    puzzle = _open(jigsawsudoku, seed, 6, 6)
    assert (puzzle.boxes.sizes() == 6).all() and puzzle.boxes.count == 6
    assert not puzzle.givens.any()


@pytest.mark.parametrize("seed", SEEDS)
def test_killer_cages_hold_two_or_three_cells_without_a_sum(seed):
    puzzle = _open(killersudoku, seed, 9, 9)
    sizes = puzzle.cages.sizes()
    assert (sizes >= 2).all() and (sizes <= killersudoku.LARGEST_CAGE).all()
    assert (puzzle.box_width, puzzle.box_height) == (3, 3) and not puzzle.sums.any()


@pytest.mark.parametrize("seed", SEEDS)
def test_heyawake_rooms_are_rectangles_without_a_number(seed):
    puzzle = _open(heyawake, seed, 10, 10)
    for cells in puzzle.room_cells():
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        assert len(cells) == len(rows) * len(cols) <= heyawake.LARGEST_ROOM
    assert (puzzle.clues == -1).all()


@pytest.mark.parametrize("size", [(3, 3), (5, 5), (3, 10), (8, 6), (10, 10)])
def test_ripple_rooms_have_an_answer_and_hold_at_most_k_cells(size):
    width, height = size
    puzzle = _open(ripple, 1, width, height)
    assert puzzle.rooms.sizes().max() <= ripple.largest_room(width, height)
    assert not (puzzle.rooms.ids == NO_REGION).any() and not puzzle.givens.any()
    assert solve(puzzle).verdict in (Verdict.UNIQUE, Verdict.MULTIPLE)


@pytest.mark.parametrize("seed", SEEDS)
def test_tents_trees_have_an_answer(seed):
    puzzle = _open(tents, seed, 8, 8)
    assert puzzle.trees.sum() >= 4 and (puzzle.row_counts == -1).all()
    assert solve(puzzle).verdict in (Verdict.UNIQUE, Verdict.MULTIPLE)


@pytest.mark.parametrize("seed", SEEDS)
def test_shakashaka_black_cells_carry_no_number_and_have_an_answer(seed):
    puzzle = _open(shakashaka, seed, 8, 8)
    assert set(np.unique(puzzle.cells).tolist()) <= {-1, -2}
    assert 5 <= (puzzle.cells == -2).sum() <= 32  # about one in four of 64
    assert solve(puzzle).verdict in (Verdict.UNIQUE, Verdict.MULTIPLE)


@pytest.mark.parametrize("module,size", [(jigsawsudoku, (6, 6)), (killersudoku, (6, 6)),
                                         (heyawake, (7, 5)), (ripple, (6, 6)),
                                         (tents, (6, 7)), (shakashaka, (7, 6))])
def test_the_same_seed_draws_the_same_open_puzzle(module, size):
    assert _open(module, 3, *size) == _open(module, 3, *size)
    assert _open(module, 3, *size) != _open(module, 4, *size)


@pytest.mark.parametrize("genre,size,says", [
    ("jigsawsudoku", "6x5", "square"), ("jigsawsudoku", "10x10", "4 to 9"),
    ("killersudoku", "8x8", "9x9, 6x6"), ("ripple", "2x6", "at least 3"),
    ("heyawake", "1x6", "at least 2"), ("tents", "9x1", "at least 2"),
    ("shakashaka", "1x1", "at least 2"),
])
def test_a_size_the_genre_cannot_have_is_refused_by_name(genre, size, says, capsys):
    assert main(["generate", genre, size, "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert f"cannot generate a {size}" in err and says in err and "Traceback" not in err


@pytest.mark.parametrize("genre", sorted(g for g, spec in CLUE_GENRES.items()
                                          if spec.no_symmetry is not None))
def test_symmetry_is_refused_where_the_structure_places_the_clues(genre, capsys):
    assert main(["generate", genre, "6x6", "--symmetry", "rot2", "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert "--symmetry is not made for" in err and "Traceback" not in err


@pytest.mark.parametrize("genre", ["jigsawsudoku", "ripple"])
def test_a_symmetric_layout_of_given_digits(genre):
    from pencilsat.generators.order import Order

    made = Order(genre, 6, 6, symmetry="rot2").make(2)
    given = made.puzzle.givens > 0
    assert (given == given[::-1, ::-1]).all()
    assert solve(made.puzzle).verdict == Verdict.UNIQUE


@pytest.mark.parametrize("genre,size", [("killersudoku", "4x4"), ("heyawake", "5x5"),
                                        ("ripple", "5x5")])
def test_generate_certify_writes_a_certificate_that_checks(genre, size, tmp_path, capsys):
    from pencilsat.certify.store import check_folder

    assert main(["generate", genre, size, "--seed", "2", "--json",
                 "--certify", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["certified"] is True and out["verdict"] == "unique"
    cert = check_folder(out["certificate"])
    assert cert.certified and cert.verdict == "unique"
