"""Hitori's model: text formats and their errors, the text drawing read back, and the rule
checker on pzprjs' own example, broken one rule at a time as pzprjs' tests break it."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import hitori as H

# pzprjs' example (test/script/hitori.js): URL body 1114142333214213, and the answer its
# file form accepts ('+' there is an unshaded mark).
EXAMPLE = "hitori 4 4\n1 1 1 4\n1 4 2 3\n3 3 2 1\n4 2 1 3\n"
ANSWER = ["#.#.", "....", "#.#.", "...#"]


def broken(rows: list[str]) -> list[tuple[str, object]]:
    puzzle = H.parse_puzzle(EXAMPLE)
    return [(v.rule, v.cell) for v in H.check(puzzle, H.FORMAT.from_rows(rows))]


def test_the_example_answer_is_valid():
    assert broken(ANSWER) == []


def test_every_corpus_solution_passes_the_checker_and_round_trips():
    files = sorted((CORPUS / "hitori").rglob("*.txt"))
    assert len(files) > 900
    for path in files[::20]:
        text, answer = path.read_text(), path.with_suffix(".sol").read_text()
        puzzle = H.parse_puzzle(text)
        solution = H.FORMAT.parse_solution(answer, puzzle)
        assert H.check(puzzle, solution) == [], path
        assert H.format_puzzle(puzzle) == text
        assert H.FORMAT.format_solution(puzzle, solution) == answer


# ------------------------------------------------------------------ the checker, rule by rule


def test_a_number_unshaded_twice_in_a_row_is_named_at_the_second():
    # pzprjs' nmDupRow case: the 1s of row 0 at columns 1 and 2 both unshaded
    assert ("number-repeated", (0, 2)) in broken(["#...", "....", "#.#.", "...#"])


def test_a_number_unshaded_twice_in_a_column_is_named():
    # column 0 holds 1, 1, 3, 4: both 1s unshaded
    assert broken([".##.", "....", "#.#.", "...#"])[0] == ("number-repeated", (1, 0))


def test_shaded_cells_sharing_an_edge_are_named():
    # pzprjs' csAdjacent case
    assert ("adjacent-shaded", (0, 0)) in broken(["#...", "#...", "....", "...."])
    assert ("adjacent-shaded", (0, 0)) in broken(["##..", "....", "....", "...."])


def test_unshaded_cells_cut_off_are_named():
    # pzprjs' cuDivideRB case: (3, 0) is walled in by (2, 0) and (3, 1)
    assert ("unshaded-not-connected", (3, 0)) in broken(["#...", "...#", "#.#.", ".#.."])


def test_a_solution_of_another_size_is_refused_by_the_checker():
    assert broken(["#.#", "...", "#.#"]) == [("size", None)]


def test_blank_and_unknown_cells_never_repeat():
    puzzle = H.parse_puzzle("hitori 3 1\n. . ?\n")
    assert H.check(puzzle, H.FORMAT.from_rows(["..."])) == []
    assert puzzle.repeats() == []


def test_repeats_list_rows_then_columns():
    puzzle = H.parse_puzzle(EXAMPLE)
    assert puzzle.repeats()[:2] == [[(0, 0), (0, 1), (0, 2)], [(2, 0), (2, 1)]]
    assert [(0, 0), (1, 0)] in puzzle.repeats()


# ------------------------------------------------------------------ formats


def test_the_drawing_keeps_the_numbers_and_reads_back():
    puzzle = H.parse_puzzle("hitori 2 2\n10 2\n2 10\n")
    solution = H.FORMAT.from_rows(["#.", ".#"])
    drawing = H.draw_text(puzzle, solution)
    assert drawing == "#10   2\n  2 #10\n"
    assert H.parse_drawing(drawing.splitlines(), puzzle) == solution


@pytest.mark.parametrize(("text", "words", "line", "column"), [
    ("hitori 2 1\n1 0\n", "unknown cell '0'", 2, 3),
    ("hitori 2 1\n1 x\n", "unknown cell 'x'", 2, 3),
    ("hitori 2 1\n1 2 3\n", "row has 3 cells", 2, 5),
    ("hitori 2 2\n1 2\n", "expected 2 rows", 3, None),
    ("nurikabe 2 1\n1 2\n", "expected the header 'hitori W H'", 1, 1),
])
def test_bad_text_is_named_with_its_place(text, words, line, column):
    with pytest.raises(InputError) as caught:
        H.parse_puzzle(text)
    assert words in str(caught.value)
    assert caught.value.line == line
    if column is not None:
        assert caught.value.column == column


def test_the_model_refuses_values_below_unknown():
    with pytest.raises(ValueError):
        H.HitoriPuzzle(np.array([[1, -2]]))
