"""``generate numberlink`` past 12x12 and with ``--symmetry``: symmetric orders put the ends
in symmetric cells (the numbers need not be), are unique with their answer by the other
strategy and the same seed makes them again; a cut is made at its image too; sizes past the
largest offered are refused naming it; ``--variant full`` answers use every cell."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pencilsat.cli import main
from pencilsat.core.errors import InputError
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.numberlink import SIDES
from pencilsat.generators.numberlink_symmetric import split_symmetric, symmetric_lines
from pencilsat.generators.order import Order
from pencilsat.generators.symmetry import image
from pencilsat.puzzles.numberlink import format_puzzle
from pencilsat.strategies.front import solve

SYMMETRIC = [("rot2", 6, 6), ("rot2", 5, 5), ("rot2", 7, 4), ("rot2", 4, 7),
             ("mirror", 6, 6), ("mirror", 5, 5), ("mirror", 7, 4), ("mirror", 4, 7)]
"""Even and odd sides both ways: the half-grids of every shape, the kept cells."""


def _ends_symmetric(numbers: np.ndarray, symmetry: str) -> bool:
    ends = np.asarray(numbers) > 0
    return bool((ends == (ends[::-1, ::-1] if symmetry == "rot2" else ends[:, ::-1])).all())


@pytest.mark.parametrize("symmetry,width,height", SYMMETRIC)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_symmetric_order_has_symmetric_ends_and_one_answer(symmetry, width, height, seed):
    made = Order("numberlink", width, height, symmetry=symmetry).make(seed)
    assert _ends_symmetric(made.puzzle.numbers, symmetry)
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
    proof = solve(made.puzzle, encoding="lazy-cpsat")
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    assert made.clues == len(made.puzzle.endpoints())


@pytest.mark.parametrize("symmetry", ["rot2", "mirror"])
def test_the_same_seed_makes_the_same_symmetric_puzzle(symmetry):
    order = Order("numberlink", 8, 8, symmetry=symmetry)
    first, again = order.make(4), order.make(4)
    assert first.puzzle == again.puzzle and first.solution == again.solution
    assert order.make(5).puzzle != first.puzzle
    assert "--symmetry " + symmetry in order.command(4)


def test_symmetric_layouts_are_not_all_alike_in_numbers():
    """The numbers follow reading order, not the symmetry: janko's are not symmetric."""
    made = Order("numberlink", 8, 8, symmetry="rot2").make(1)
    numbers = np.asarray(made.puzzle.numbers)
    assert not (numbers == numbers[::-1, ::-1]).all()


@pytest.mark.parametrize("symmetry,width,height", SYMMETRIC)
def test_drawn_lines_cover_each_cell_once_and_lie_symmetric(symmetry, width, height):
    rng = random.Random(7)
    lines = symmetric_lines(rng, width, height, symmetry)
    cells = [cell for line in lines for cell in line]
    assert len(cells) == len(set(cells)) and all(len(line) >= 2 for line in lines)
    steps = {frozenset(step) for line in lines for step in zip(line, line[1:], strict=False)}
    assert steps == {frozenset(image(c, width, height, symmetry) for c in step)
                     for step in steps}


def test_some_line_crosses_the_mirror():
    crossing = 0
    for seed in range(10):
        for line in symmetric_lines(random.Random(seed), 6, 6, "mirror"):
            crossing += {c < 3 for _, c in line} == {True, False}
    assert crossing > 0


def test_a_cut_is_made_at_its_image_too():
    lines = [[(0, 0), (0, 1), (0, 2), (0, 3)], [(1, 5), (1, 4), (1, 3), (1, 2)]]
    cut = split_symmetric(lines, 0, 2, 6, 2, "rot2")
    assert cut == [[(0, 0), (0, 1)], [(0, 2), (0, 3)], [(1, 5), (1, 4)], [(1, 3), (1, 2)]]
    assert split_symmetric(lines, 0, 2, 6, 2, None) == [lines[0][:2], lines[0][2:], lines[1]]
    assert split_symmetric(lines, 0, 1, 6, 2, "rot2") is None  # a part of one cell


def test_a_line_through_the_axis_is_cut_on_both_sides():
    across = [[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]]
    cut = split_symmetric(across, 0, 2, 6, 1, "mirror")
    assert cut == [[(0, 0), (0, 1)], [(0, 2), (0, 3)], [(0, 4), (0, 5)]]


def test_a_large_grid_is_made_unique():
    made = Order("numberlink", 16, 16).make(1)
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
    assert solve(made.puzzle, encoding="lazy-cpsat").verdict == Verdict.UNIQUE


def test_past_the_largest_size_the_refusal_names_it():
    largest = SIDES[-1]
    Order("numberlink", largest, 3).maker()
    with pytest.raises(InputError, match=f"largest offered: {largest}x{largest}"):
        Order("numberlink", largest + 1, largest).maker()


@pytest.mark.parametrize("symmetry,width,height", [(None, 6, 6), (None, 7, 5),
                                                    ("rot2", 6, 6), ("mirror", 7, 4)])
def test_the_full_variant_uses_every_cell_and_is_unique_under_its_rules(symmetry, width,
                                                                         height):
    made = Order("numberlink", width, height, symmetry=symmetry, variant="full").make(2)
    assert made.puzzle.filled
    assert format_puzzle(made.puzzle).startswith(f"numberlink {width} {height} full\n")
    degree = made.solution.degree()
    assert all(degree.get((r, c), 0) for r in range(height) for c in range(width))
    proof = solve(made.puzzle, encoding="lazy-cpsat")
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []


def test_the_variant_is_asked_on_the_command_line(capsys):
    assert main(["generate", "numberlink", "5x5", "--variant", "full", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("numberlink 5 5 full") and "unique" in err
    order = Order("numberlink", 5, 5, variant="full")
    assert order.command(3).endswith("--variant full --seed 3")
    assert format_puzzle(order.make(3).puzzle) == out


@pytest.mark.parametrize("argv,says", [
    (["numberlink", "5x5", "--variant", "filled"], "unknown Numberlink variant 'filled'"),
    (["sudoku", "9x9", "--variant", "full"], "--variant is not an option of sudoku")])
def test_a_variant_not_made_is_refused_by_name(argv, says, capsys):
    assert main(["generate", *argv, "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
