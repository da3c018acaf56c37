"""The two shared size refusals (``generators/size_limits.py``) and the genres that use them
saying the reason through the library."""

from __future__ import annotations

import pytest

import pencilsat
from pencilsat.core.errors import InputError
from pencilsat.generators.size_limits import sides_within, smallest_side


def test_sides_within_a_range_refuse_either_side_outside_it():
    refuse = sides_within(range(6, 11), "a note")
    assert refuse(6, 10) is None and refuse(10, 6) is None
    for width, height in ((5, 8), (8, 11), (11, 11), (5, 5)):
        assert refuse(width, height) == "width and height are 6 to 10 (a note)"
    assert sides_within(range(3, 5))(2, 3) == "width and height are 3 to 4"


def test_a_smallest_side_refuses_the_shorter_side_below_it():
    refuse = smallest_side(3)
    assert refuse(3, 3) is None and refuse(3, 300) is None
    assert refuse(2, 9) == refuse(9, 2) == "width and height must be at least 3"


@pytest.mark.parametrize("genre,width,height,reason", [
    ("lits", 5, 7, "width and height are 6 to 10"),
    ("galaxies", 2, 9, "width and height are"),
    ("numberlink", 41, 41, "width and height are 3 to 40 (the largest offered: 40x40"),
    ("hashi", 2, 9, "width and height must be at least 3"),
    ("tents", 1, 5, "width and height must be at least 2"),
])
def test_the_library_names_the_reason(genre, width, height, reason):
    with pytest.raises(InputError, match="cannot generate") as refused:
        pencilsat.generate(genre, width, height, seed=1)
    assert reason in str(refused.value)
