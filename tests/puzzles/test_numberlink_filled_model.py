"""Numberlink's filled variant in the model: the checker refuses an unused cell, the text
header ``full`` and the drawing's note round-trip, the SVG says it, and the variant tells
puzzles apart."""

from __future__ import annotations

import pytest

from pencilsat.core.errors import InputError
from pencilsat.puzzles import numberlink as N

PLAIN = "numberlink 2 2\n1 1\n. .\n"
FILLED = "numberlink 2 2 full\n1 1\n. .\n"


def test_the_checker_refuses_an_unused_cell_only_in_the_filled_variant():
    short = N.solution_from_rows(["><", ".."])  # the direct edge, the bottom row unused
    around = N.solution_from_rows(["vv", "LJ"])
    plain, filled = N.parse_puzzle(PLAIN), N.parse_puzzle(FILLED)
    assert N.check(plain, short) == [] == N.check(plain, around)
    assert N.check(filled, around) == []
    assert [(v.rule, v.cell) for v in N.check(filled, short)] == [
        ("unused-cell", (1, 0)), ("unused-cell", (1, 1))]


def test_the_header_word_full_round_trips_and_tells_the_puzzles_apart():
    plain, filled = N.parse_puzzle(PLAIN), N.parse_puzzle(FILLED)
    assert filled.filled and not plain.filled
    assert N.format_puzzle(filled) == FILLED and N.format_puzzle(plain) == PLAIN
    assert filled != plain and hash(filled) != hash(plain)
    assert filled == N.NumberlinkPuzzle(plain.numbers, filled=True)


def test_an_unknown_header_word_is_named():
    with pytest.raises(InputError, match="unknown numberlink variant 'filled'"):
        N.parse_puzzle("numberlink 2 2 filled\n1 1\n. .\n")


def test_the_drawing_says_filled_and_reads_back():
    filled = N.parse_puzzle(FILLED)
    around = N.solution_from_rows(["vv", "LJ"])
    drawing = N.draw_text(filled, around)
    assert drawing.splitlines()[0] == N.FILLED_NOTE
    assert N.FILLED_NOTE not in N.draw_text(N.parse_puzzle(PLAIN), around)
    assert N.parse_drawing(drawing.splitlines(), filled) == N.NumberlinkSolution.of(
        around.edges, 2, 2)


def test_the_svg_says_filled():
    from pencilsat.formats.svg.numberlink import draw_panel

    around = N.solution_from_rows(["vv", "LJ"])
    shown = "".join(draw_panel(N.parse_puzzle(FILLED), around, ()))
    assert "filled: every cell is on a line" in shown
    assert "filled" not in "".join(draw_panel(N.parse_puzzle(PLAIN), around, ()))
