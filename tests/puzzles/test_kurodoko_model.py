"""Kurodoko's model: text formats and their errors, the text drawing read back, the rule
checker on pzprjs' own example broken one rule at a time (as pzprjs' tests break it), the
sight count, and the clue tools' pieces."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue
from pencilsat.puzzles import kurodoko as K

# pzprjs' example (test/script/kurodoko.js): URL body i7g5l2l2g4i and the answer its file
# form accepts ('+' there is an unshaded mark).
EXAMPLE = "kurodoko 5 5\n. . . 7 .\n5 . . . .\n. . 2 . .\n. . . . 2\n. 4 . . .\n"
ANSWER = [".#...", "..#..", ".#..#", "..#..", "#...#"]


def broken(rows: list[str]) -> list[tuple[str, object]]:
    puzzle = K.parse_puzzle(EXAMPLE)
    return [(v.rule, v.cell) for v in K.check(puzzle, K.FORMAT.from_rows(rows))]


def test_the_example_answer_is_valid():
    assert broken(ANSWER) == []


def test_every_corpus_solution_passes_the_checker_and_round_trips():
    files = sorted((CORPUS / "kurodoko").rglob("*.txt"))
    assert len(files) > 500
    for path in files[::10]:
        text, answer = path.read_text(), path.with_suffix(".sol").read_text()
        puzzle = K.parse_puzzle(text)
        solution = K.FORMAT.parse_solution(answer, puzzle)
        assert K.check(puzzle, solution) == [], path
        assert K.format_puzzle(puzzle) == text
        assert K.FORMAT.format_solution(puzzle, solution) == answer


# ------------------------------------------------------------------ the checker, rule by rule


def test_shaded_cells_sharing_an_edge_are_named():
    # pzprjs' csAdjacent case: (3, 2) and (4, 2) shaded
    assert ("adjacent-shaded", (3, 2)) in broken([".....", ".....", ".....", "..#..", "..#.."])


def test_unshaded_cells_cut_off_are_named():
    # pzprjs' cuDivideRB case: a diagonal of shaded cells from (0, 1) to (4, 3) cuts the
    # 9 cells left of it off from the 11 right of it; the smaller piece is named
    violations = broken([".#...", "..#..", ".#...", "..#..", "...#."])
    assert ("unshaded-not-connected", (0, 0)) in violations


def test_a_number_seeing_the_wrong_count_is_named():
    # pzprjs' nmSumViewNe case: the answer with (0, 0) shaded instead of (0, 1)
    violations = broken(["#....", "..#..", ".#..#", "..#..", "#...#"])
    assert ("wrong-count", (0, 3)) in violations
    assert ("wrong-count", (1, 0)) in violations


def test_a_shaded_number_is_named():
    assert ("number-shaded", (1, 0)) in broken([ANSWER[0], "#" + ANSWER[1][1:], *ANSWER[2:]])


def test_an_answer_of_another_size_is_one_violation():
    assert broken(["...."] * 4) == [("size", None)]


# ------------------------------------------------------------------ sight


def test_sight_counts_the_row_and_column_runs_through_each_cell():
    unshaded = ~K.FORMAT.from_rows(["#..", "...", ".#."]).shaded
    assert K.sight(unshaded).tolist() == [[0, 3, 4], [4, 4, 5], [2, 0, 3]]


# ------------------------------------------------------------------ text formats


def test_a_question_mark_is_a_number_not_given():
    puzzle = K.parse_puzzle("kurodoko 3 1\n? . 2\n")
    assert puzzle.numbers.tolist() == [[K.UNKNOWN, K.EMPTY, 2]]
    assert K.format_puzzle(puzzle) == "kurodoko 3 1\n? . 2\n"
    assert puzzle.number_cells() == [((0, 2), 2)]


@pytest.mark.parametrize(("text", "where"), [
    ("kurodoko 3 1\n. 0 2\n", (2, 3)),
    ("kurodoko 3 1\n. x 2\n", (2, 3)),
    ("kurodoko 3 1\n. . 2 .\n", (2, 7)),
    ("kurodoko 3 2\n. . 2\n", (3, None)),
])
def test_bad_puzzle_text_is_an_error_with_its_place(text, where):
    with pytest.raises(InputError) as error:
        K.parse_puzzle(text)
    assert (error.value.line, error.value.column if where[1] else None) == where


def test_the_drawing_reads_back():
    puzzle = K.parse_puzzle(EXAMPLE)
    solution = K.FORMAT.from_rows(ANSWER)
    drawing = K.draw_text(puzzle, solution)
    assert drawing.splitlines()[0].split() == [".", "#", ".", "7", "."]
    assert K.parse_drawing(drawing.splitlines(), puzzle) == solution
    with pytest.raises(InputError):
        K.parse_drawing(drawing.splitlines()[:-1], puzzle)


def test_a_number_beyond_reach_is_the_reason_there_is_no_answer():
    assert K.numbers_out_of_reach(K.parse_puzzle("kurodoko 2 2\n4 .\n. .\n")) is not None
    assert K.numbers_out_of_reach(K.parse_puzzle(EXAMPLE)) is None


# ------------------------------------------------------------------ clue tools


def test_clues_are_the_numbers_and_removing_one_blanks_its_cell():
    puzzle = K.parse_puzzle(EXAMPLE)
    clues = K.given_numbers(puzzle)
    assert [c.cell for c in clues] == [(0, 3), (1, 0), (2, 2), (3, 4), (4, 1)]
    smaller = K.without_number(puzzle, clues[0])
    assert smaller.numbers[0, 3] == K.EMPTY
    assert K.with_number(smaller, clues[0]) == puzzle


def test_offered_numbers_are_what_each_free_unshaded_cell_sees():
    puzzle = K.parse_puzzle(EXAMPLE)
    solution = K.FORMAT.from_rows(ANSWER)
    offered = {c.cell: c.value for c in K.numbers_offered(puzzle, solution)}
    assert (0, 1) not in offered and (0, 3) not in offered  # shaded, numbered
    seen = K.sight(~solution.shaded)
    assert all(seen[cell] == value for cell, value in offered.items())
    assert len(offered) == int((~solution.shaded).sum()) - 5
    assert Clue((0, 0), str(offered[(0, 0)]), offered[(0, 0)]) in K.numbers_offered(
        puzzle, solution)


def test_model_refuses_bad_arrays():
    with pytest.raises(ValueError):
        K.KurodokoPuzzle(np.array([[-1]]))
