"""Slant's model: the corpus's answers pass the rule checker and round-trip, each rule is
named at its place when broken, the drawing reads back, bad text is named."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import slant as S


def puzzle_of(*rows: str) -> S.SlantPuzzle:
    return S.parse_puzzle(f"gokigen {len(rows[0]) - 1} {len(rows) - 1}\n" + "\n".join(rows)
                          + "\n")


def answer_of(*rows: str) -> S.SlantSolution:
    return S.solution_from_rows(list(rows))


def corpus_files() -> list:
    files = sorted((CORPUS / "gokigen").rglob("*.txt"))
    assert len(files) > 700
    return files


def test_every_corpus_solution_passes_the_checker_and_round_trips():
    for path in corpus_files()[::3]:
        text = path.read_text()
        puzzle = S.parse_puzzle(text, path.stem)
        assert S.format_puzzle(puzzle) == text
        sol_text = path.with_suffix(".sol").read_text()
        answer = S.parse_solution(sol_text, puzzle)
        assert S.format_solution(puzzle, answer) == sol_text
        assert S.check(puzzle, answer) == [], path


def test_a_vertex_number_not_met_is_named_at_the_vertex():
    puzzle = puzzle_of("1..", "...", "...")
    found = S.check(puzzle, answer_of("//", "//"))
    assert [(v.rule, v.cell) for v in found] == [("vertex-count", (0, 0))]
    assert "1" in found[0].message and "0 diagonals" in found[0].message


def test_a_loop_of_diagonals_is_named():
    puzzle = puzzle_of("...", "...", "...")
    found = S.check(puzzle, answer_of("/\\", "\\/"))
    assert [(v.rule, v.cell) for v in found] == [("diagonal-loop", (0, 0))]
    assert "4 cells" in found[0].message


def test_a_larger_loop_is_found_with_every_cell_of_it():
    # a hexagon through six cells around the vertices (1, 1) and (2, 2)
    backslash = np.array([[False, True, True], [True, True, True], [True, True, False]])
    assert sorted(S.loop_cells(backslash)) == [(0, 0), (0, 1), (1, 0), (1, 2), (2, 1),
                                               (2, 2)]
    assert S.loop_cells(np.ones((3, 3), dtype=bool)) == []


def test_question_marks_are_never_counted():
    puzzle = puzzle_of("?..", "...", "..?")
    assert S.check(puzzle, answer_of("\\\\", "\\\\")) == []


def test_an_answer_of_another_size_is_refused_by_the_checker():
    found = S.check(puzzle_of("...", "...", "..."), answer_of("/"))
    assert [v.rule for v in found] == ["wrong-size"]


def test_the_drawing_shows_numbers_and_diagonals_and_reads_back():
    puzzle = puzzle_of("1.?", "...", "..1")
    answer = answer_of("\\/", "/\\")
    drawing = S.draw_text(puzzle, answer)
    assert drawing.splitlines() == ["1 + ?", " \\ /", "+ + +", " / \\", "+ + 1"]
    assert S.parse_drawing(drawing.splitlines(), puzzle) == answer


def test_a_drawing_without_a_diagonal_is_refused():
    puzzle = puzzle_of("...", "...", "...")
    with pytest.raises(InputError, match="no diagonal"):
        S.parse_drawing(["+ + +", " \\", "+ + +", " / \\", "+ + +"], puzzle)


def test_vertex_counts_add_every_diagonal_end():
    counts = S.diagonals_touching(np.array([[True, False]]))
    assert counts.tolist() == [[1, 0, 1], [0, 2, 0]]
    assert counts.sum() == 4


@pytest.mark.parametrize(("text", "words", "line", "column"), [
    ("gokigen 2 2\n...\n...\n", "expected 3 rows", 4, None),
    ("gokigen 2 2\n...\n..\n...\n", "row has 2 cells", 3, 3),
    ("gokigen 2 2\n...\n.5.\n...\n", "unknown character", 3, 2),
])
def test_bad_text_is_named_with_its_place(text, words, line, column):
    with pytest.raises(InputError, match=words) as caught:
        S.parse_puzzle(text)
    assert caught.value.line == line
    if column is not None:
        assert caught.value.column == column


def test_a_bad_solution_character_is_named():
    with pytest.raises(InputError, match="unknown character"):
        S.parse_solution("gokigen-solution 2 1\n/x\n")


def test_the_model_refuses_bad_vertex_values():
    with pytest.raises(ValueError):
        S.SlantPuzzle(np.array([[5, 0], [0, 0]]))
    with pytest.raises(ValueError):
        S.SlantPuzzle(np.array([[0, 0]]))


def test_the_clue_tools_take_numbers_away_and_offer_them_back():
    puzzle = puzzle_of("1.?", "...", "..1")
    answer = answer_of("\\/", "/\\")
    given = S.given_numbers(puzzle)
    assert [(c.cell, c.value) for c in given] == [((0, 0), 1), ((2, 2), 1)]
    assert S.without_number(puzzle, given[0]).clues[0, 0] == S.NO_CLUE
    offered = {c.cell: c.value for c in S.numbers_offered(puzzle, answer)}
    assert offered[(0, 2)] == 1 and offered[(1, 1)] == 4 and len(offered) == 7
