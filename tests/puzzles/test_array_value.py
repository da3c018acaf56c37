"""The array-backed models compare and hash by their arrays and their class, never by name."""

from __future__ import annotations

import numpy as np

from pencilsat.puzzles.heyawake import HeyawakeSolution
from pencilsat.puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from pencilsat.puzzles.yajilin import YajilinPuzzle


def test_equal_arrays_make_equal_models_whatever_the_name():
    a = NurikabePuzzle(np.array([[2, 0], [0, 0]]), name="a")
    b = NurikabePuzzle(np.array([[2, 0], [0, 0]]), name="b")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert (a.height, a.width) == (2, 2)
    assert a != NurikabePuzzle(np.array([[3, 0], [0, 0]]))


def test_the_same_shading_of_two_genres_is_not_the_same_answer():
    shaded = np.array([[True, False], [False, False]])
    assert NurikabeSolution(shaded) != HeyawakeSolution(shaded)
    assert NurikabeSolution(shaded) == NurikabeSolution(shaded.copy())


def test_every_listed_array_counts():
    numbers = np.array([[-1, 1], [-1, -1]])
    up = YajilinPuzzle(numbers, np.array([[0, 1], [0, 0]]))
    down = YajilinPuzzle(numbers, np.array([[0, 2], [0, 0]]))
    assert up != down and up == YajilinPuzzle(numbers.copy(), np.array([[0, 1], [0, 0]]))
    assert (up.height, up.width) == (2, 2)
