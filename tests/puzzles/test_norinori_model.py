"""Norinori's model: the corpus text formats, the rule checker (one test per rule, each
naming its cell), the text drawing read back, and why a puzzle has no answer."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import corpus_pairs

from pencilsat.core.errors import InputError
from pencilsat.puzzles import norinori as N

# A 4x2 of two regions (left and right halves): the dominoes (0,0)-(1,0) and (0,3)-(1,3)
# are its answers' shape.
SMALL = "norinori 4 2\n1 1 2 2\n1 1 2 2\n"


def answer(*rows: str) -> N.NorinoriSolution:
    return N.FORMAT.from_rows(list(rows))


def rules_broken(puzzle_text: str, *rows: str) -> list[tuple[str, tuple[int, int] | None]]:
    return [(v.rule, v.cell) for v in N.check(N.parse_puzzle(puzzle_text), answer(*rows))]


def test_every_janko_answer_passes_the_checker_and_round_trips():
    pairs = corpus_pairs("norinori")
    assert len(pairs) >= 200
    for txt, sol in pairs:
        puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
        solution = N.FORMAT.parse_solution(sol.read_text(), puzzle)
        assert N.check(puzzle, solution) == [], txt
        assert N.parse_puzzle(N.format_puzzle(puzzle)) == puzzle
        assert N.FORMAT.parse_solution(N.FORMAT.format_solution(puzzle, solution)) == solution
        assert sol.read_text() == N.FORMAT.format_solution(puzzle, solution)


def test_a_valid_answer_breaks_no_rule():
    assert rules_broken(SMALL, "#..#", "#..#") == []


def test_a_region_without_two_shaded_cells_is_named_at_its_first_cell():
    # dominoes fine, but both in the left region: 4 there, 0 on the right
    assert rules_broken(SMALL, "##..", "##..")[:2] == [("region-count", (0, 0)),
                                                         ("region-count", (0, 2))]


def test_a_shaded_cell_without_a_shaded_neighbour_is_named():
    assert ("lone-shaded", (0, 0)) in rules_broken(SMALL, "#.#.", "..#.")


def test_a_shaded_cell_with_two_shaded_neighbours_is_named():
    broken = rules_broken("norinori 3 2\n1 1 1\n2 2 2\n", "###", "...")
    assert ("shaded-group", (0, 1)) in broken


def test_a_domino_may_cross_a_region_border():
    puzzle = "norinori 4 3\n1 1 2 2\n1 1 2 2\n1 1 2 2\n"
    assert rules_broken(puzzle, ".##.", "....", ".##.") == []


def test_an_answer_of_another_size_is_one_violation():
    broken = N.check(N.parse_puzzle(SMALL), answer("#.", "#."))
    assert [v.rule for v in broken] == ["size"]


def test_the_drawing_reads_back_and_shows_borders_between_regions():
    puzzle = N.parse_puzzle(SMALL)
    solution = answer("#..#", "#..#")
    drawing = N.draw_text(puzzle, solution)
    assert drawing.splitlines()[1] == "|###    |    ###|"
    assert N.solution_from_drawing(drawing.splitlines(), puzzle) == solution
    assert "###" not in N.draw_text(puzzle)


@pytest.mark.parametrize(("text", "message"), [
    ("norinori 2 2\n1 1\n", "row"),
    ("norinori 2 2\n1 x\n1 1\n", "unknown region number 'x'"),
    ("norinori 3 1\n1 2 1\n", "region 1 is in two separate pieces"),
    ("nurikabe 2 2\n1 1\n1 1\n", "expected the header"),
])
def test_bad_puzzle_text_is_a_positioned_input_error(text, message):
    with pytest.raises(InputError, match=message):
        N.parse_puzzle(text)


def test_a_region_of_one_cell_is_why_there_is_no_answer():
    assert "has one cell" in N.too_small_region(N.parse_puzzle("norinori 3 1\n1 1 2\n"))
    assert N.too_small_region(N.parse_puzzle(SMALL)) is None


def test_the_neighbour_count_counts_orthogonal_neighbours_only():
    shaded = np.array([[1, 0, 1], [0, 1, 0]], dtype=bool)
    assert N.shaded_neighbours(shaded).tolist() == [[0, 3, 0], [2, 0, 2]]
