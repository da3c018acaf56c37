"""The region lattice of text drawings: borders exactly between regions, and every slot
read back where it was drawn."""

from __future__ import annotations

import numpy as np
import pytest

from pencilsat.core.errors import InputError
from pencilsat.puzzles.regions import Regions, draw_regions, read_slots


def test_borders_are_drawn_between_regions_only():
    regions = Regions.from_labels(np.array([[1, 1, 2], [3, 3, 2]]))
    lines = draw_regions(regions, lambda r, c: " ", 1)
    assert lines == ["+-+-+-+",
                     "|   | |",
                     "+-+-+ +",
                     "|   | |",
                     "+-+-+-+"]


def test_every_slot_reads_back():
    regions = Regions.from_labels(np.array([[1, 2, 2], [1, 1, 3]]))
    lines = draw_regions(regions, lambda r, c: f"{r}{c}", 2)
    assert read_slots(lines, 3, 2, "test") == [["00", "01", "02"], ["10", "11", "12"]]
    stripped = [line.rstrip() for line in draw_regions(regions, lambda r, c: "  ", 2)]
    assert read_slots(stripped, 3, 2, "test") == [["  "] * 3] * 2


def test_a_slot_of_the_wrong_width_is_a_programming_error():
    with pytest.raises(ValueError, match="not 2 characters"):
        draw_regions(Regions(np.zeros((1, 1), dtype=int)), lambda r, c: "#", 2)


def test_a_drawing_of_another_size_is_refused():
    lines = draw_regions(Regions(np.zeros((2, 2), dtype=int)), lambda r, c: " ", 1)
    with pytest.raises(InputError, match="a 3x2 test drawing"):
        read_slots(lines, 3, 2, "test")
