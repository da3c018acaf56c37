"""``--count`` past nine digits is refused with its range (probe8, 2026-11-30): it said "not a
number of solutions (a whole number from 1)" of a whole number from 1."""

from __future__ import annotations

import argparse

import pytest

from pencilsat.cli_values import solution_count


@pytest.mark.parametrize("text", ["1000000000", "1" * 31])
def test_a_count_past_nine_digits_names_the_largest(text):
    with pytest.raises(argparse.ArgumentTypeError, match="from 1 to 999,999,999"):
        solution_count(text)


def test_the_largest_count_is_taken():
    assert solution_count("999999999") == 999_999_999
