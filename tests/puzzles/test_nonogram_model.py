"""Nonogram's model: the corpus text formats, the rule checker (one test per rule, each
naming its line), the text drawing with its clues read back, and why a puzzle has no
answer."""

from __future__ import annotations

import pytest
from conftest import corpus_pairs, every_kth

from pencilsat.core.errors import InputError
from pencilsat.formats.solution_input import read_solution
from pencilsat.puzzles import nonogram as N

# rows "2", "1 1", "0"; columns "2", "1", "1": the answer ##. / #.# / ...
SMALL = "nonogram 3 3\n2\n1 1\n0\n2\n1\n1\n"


def answer(*rows: str) -> N.NonogramSolution:
    return N.FORMAT.from_rows(list(rows))


def rules_broken(*rows: str) -> list[tuple[str, tuple[int, int] | None]]:
    return [(v.rule, v.cell) for v in N.check(N.parse_puzzle(SMALL), answer(*rows))]


def test_janko_and_tatham_answers_pass_the_checker_and_round_trip():
    pairs = every_kth(corpus_pairs("nonogram/janko"), 7) + corpus_pairs("nonogram/tatham")
    assert len(pairs) >= 140
    for txt, sol in pairs:
        puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
        solution = N.FORMAT.parse_solution(sol.read_text(), puzzle)
        assert N.check(puzzle, solution) == [], txt
        assert N.format_puzzle(puzzle) == txt.read_text()
        assert N.parse_puzzle(N.format_puzzle(puzzle)) == puzzle
        assert N.FORMAT.format_solution(puzzle, solution) == sol.read_text()


def test_a_valid_answer_breaks_no_rule():
    assert rules_broken("##.", "#.#", "...") == []


def test_a_row_whose_runs_are_not_its_clue_is_named_at_its_first_cell():
    assert ("row-clue", (2, 0)) in rules_broken("##.", "#.#", "..#")


def test_a_column_whose_runs_are_not_its_clue_is_named_at_its_top_cell():
    # the rows hold (runs 2 and 1 1) but the first column reads 1, not 2
    # (the columns read 1, 1 and 2 against their clues 2, 1 and 1)
    assert rules_broken(".##", "#.#", "...") == [("column-clue", (0, 0)),
                                                  ("column-clue", (0, 2))]


def test_runs_in_the_wrong_order_break_the_rule():
    puzzle = N.parse_puzzle("nonogram 4 1\n2 1\n1\n1\n0\n1\n")
    assert [v.rule for v in N.check(puzzle, answer("#.##"))][:1] == ["row-clue"]
    assert N.check(puzzle, answer("##.#")) == []


def test_an_answer_of_the_wrong_size_is_one_violation():
    violations = N.check(N.parse_puzzle(SMALL), answer("##", "#."))
    assert len(violations) == 1


@pytest.mark.parametrize("text, message", [
    ("nonogram 3 3\n2\n1 1\n0\n2\n1\n", "expected 3 row clues and 3 column clues"),
    ("nonogram 3 3\n2\n1 x\n0\n2\n1\n1\n", "'x', not a run length"),
    ("nonogram 3 3\n2\n1 0\n0\n2\n1\n1\n", "a 0 among other run lengths"),
    ("nonogram 3 3\n2\n-1\n0\n2\n1\n1\n", "not a run length"),
    ("nonogram 3 3\n2\n12345678\n0\n2\n1\n1\n", "not a run length"),
    ("nonogrm 3 3\n2\n1 1\n0\n2\n1\n1\n", "expected the header"),
])
def test_bad_puzzle_text_is_an_error_that_says_where(text, message):
    with pytest.raises(InputError, match=message):
        N.parse_puzzle(text)


def test_the_drawing_shows_the_clues_and_reads_back_as_the_answer():
    puzzle = N.parse_puzzle(SMALL)
    solution = answer("##.", "#.#", "...")
    drawing = N.draw_text(puzzle, solution)
    lines = drawing.splitlines()
    assert lines[0].split() == ["2", "1", "1"]  # the column clues above the grid
    assert lines[1].startswith("  2 |") and lines[2].startswith("1 1 |")
    assert lines[3].startswith("  0 |")  # an empty row's clue is 0
    assert read_solution(puzzle, drawing) == solution
    assert N.solution_from_drawing(lines, puzzle) == solution


def test_a_changed_drawing_is_refused():
    puzzle = N.parse_puzzle(SMALL)
    drawing = N.draw_text(puzzle, answer("##.", "#.#", "..."))
    with pytest.raises(InputError):
        read_solution(puzzle, drawing.replace("1 1 | #", "1 1 | @"))
    with pytest.raises(InputError):
        read_solution(puzzle, drawing.replace("  2 |", "  3 |"))


def test_column_clues_of_different_depths_stack_from_the_grid_up():
    puzzle = N.parse_puzzle("nonogram 3 3\n1 1\n1\n1\n1 1\n0\n1\n")
    lines = N.draw_text(puzzle).splitlines()
    assert lines[0].split() == ["1"] and lines[1].split() == ["1", "0", "1"]


@pytest.mark.parametrize("text, reason", [
    ("nonogram 3 1\n2 2\n1\n0\n1\n", "needs 5 cells, the row has 3"),
    ("nonogram 2 2\n2\n0\n1\n0\n", "row clues shade 2 cells, the column clues 1"),
])
def test_a_puzzle_plainly_without_an_answer_says_why(text, reason):
    assert reason in (N.why_none(N.parse_puzzle(text)) or "")


def test_runs_of_a_line():
    assert N.runs_of([True, True, False, True]) == (2, 1)
    assert N.runs_of([False, False]) == ()
    assert N.cells_needed((2, 1)) == 4 and N.cells_needed(()) == 0


def test_a_line_whose_clue_is_not_given_reads_writes_and_draws_as_a_question_mark():
    puzzle = N.parse_puzzle("nonogram 3 3\n2\n?\n0\n2\n?\n1\n")
    assert puzzle.rows == ((2,), None, ()) and puzzle.columns == ((2,), None, (1,))
    assert N.parse_puzzle(N.format_puzzle(puzzle)) == puzzle
    assert "?" in N.draw_text(puzzle, None)
    # the '?' row and column accept any shading; the given lines still count
    assert N.check(puzzle, answer("##.", "#.#", "...")) == []
    assert [v.rule for v in N.check(puzzle, answer("##.", "#..", "..."))] == ["column-clue"]
    assert N.why_none(puzzle) is None


def test_the_clue_tools_take_a_line_away_and_give_it_back():
    puzzle = N.parse_puzzle(SMALL)
    clues = N.RULES.clues.given(puzzle)
    assert [c.label for c in clues] == ["R1: 2", "R2: 1 1", "R3: 0", "C1: 2", "C2: 1", "C3: 1"]
    fewer = N.RULES.clues.without(puzzle, clues[1])
    assert fewer.rows[1] is None and fewer.columns == puzzle.columns
    assert N.RULES.clues.with_(fewer, clues[1]) == puzzle
    assert N.RULES.clues.offered(fewer, answer("##.", "#.#", "...")) == [clues[1]]
