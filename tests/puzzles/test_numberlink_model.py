"""Numberlink's model: the corpus's answers pass the rule checker and round-trip, each rule
is named at its cell when broken, the drawing shows the lines, bad text is named."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import numberlink as N


def puzzle_of(*rows: str) -> N.NumberlinkPuzzle:
    return N.parse_puzzle(f"numberlink {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows)
                          + "\n")


def answer_of(*rows: str) -> N.NumberlinkSolution:
    return N.solution_from_rows(list(rows))


def rules_of(found) -> list[tuple[str, tuple[int, int] | None]]:
    return [(v.rule, v.cell) for v in found]


def test_every_corpus_answer_passes_the_checker_and_round_trips():
    files = sorted((CORPUS / "numberlink").rglob("*.txt"))
    assert len(files) > 400
    for path in files[::2]:
        text = path.read_text()
        puzzle = N.parse_puzzle(text, path.stem)
        assert N.format_puzzle(puzzle) == text
        sol = path.with_suffix(".sol")
        if not sol.exists():
            continue
        answer = N.parse_solution(sol.read_text(), puzzle)
        assert N.format_solution(puzzle, answer) == sol.read_text()
        assert N.check(puzzle, answer) == [], path


def test_a_small_answer_is_valid_and_leaves_cells_unused():
    puzzle = puzzle_of("1 . 1", ". . .", "2 . 2")
    assert N.check(puzzle, answer_of(">-<", "...", ">-<")) == []
    assert N.check(puzzle, answer_of("v.v", "L-J", ">-<")) == []


def test_a_number_ending_two_lines_or_none_is_named():
    puzzle = puzzle_of("1 . 1", ". . .", "2 . 2")
    found = N.check(puzzle, answer_of(">-<", "...", "..."))
    assert ("endpoint-degree", (2, 0)) in rules_of(found)
    assert ("not-joined", (2, 0)) in rules_of(found)


def test_question_ends_read_write_and_join_only_each_other():
    puzzle = puzzle_of("? . ?", ". . .", "1 . 1")
    assert puzzle.numbers[0, 0] == N.UNKNOWN
    assert N.format_puzzle(puzzle) == "numberlink 3 3\n? . ?\n. . .\n1 . 1\n"
    assert N.check(puzzle, answer_of(">-<", "...", ">-<")) == []
    found = N.check(puzzle, answer_of("v.v", "|.|", "^.^"))
    assert rules_of(found).count(("different-numbers", (0, 0))) == 1
    answer = answer_of(">-<", "...", ">-<")
    drawing = N.draw_text(puzzle, answer).splitlines()
    assert drawing == ["?-+-?", "", ". . .", "", "1-+-1"]
    assert N.parse_drawing(drawing, puzzle) == answer


def test_four_question_ends_join_in_any_two_pairs():
    puzzle = puzzle_of("? ?", "? ?")
    assert N.check(puzzle, answer_of("><", "><")) == []
    assert N.check(puzzle, answer_of("vv", "^^")) == []
    assert ("endpoint-degree", (1, 0)) in rules_of(N.check(puzzle, answer_of("><", "..")))


def test_a_dead_end_and_a_branch_are_named():
    puzzle = puzzle_of("1 . 1", ". . .", ". . .")
    found = N.check(puzzle, answer_of(">-<", "...", ">-."))
    assert ("branch-or-dead-end", (2, 2)) in rules_of(found) or \
        ("branch-or-dead-end", (2, 1)) in rules_of(found)


def test_a_loop_is_named():
    puzzle = puzzle_of("1 1 . .", ". . . .", ". . . .", ". . . .")
    found = N.check(puzzle, answer_of("><..", "....", "..F7", "..LJ"))
    assert rules_of(found) == [("loop", (2, 2))]


def test_a_line_joining_different_numbers_is_named():
    puzzle = puzzle_of("1 . 2", ". . .", "2 . 1")
    found = N.check(puzzle, answer_of(">-<", "...", ">-<"))
    assert ("different-numbers", (0, 0)) in rules_of(found)


def test_a_letter_its_neighbour_does_not_join_back_is_named():
    puzzle = puzzle_of("1 . 1")
    found = N.check(puzzle, answer_of(">.<"))
    assert ("pipe-not-joined", (0, 0)) in rules_of(found)


def test_an_answer_of_another_size_is_refused_by_the_checker():
    assert rules_of(N.check(puzzle_of("1 1"), answer_of("><", ".."))) == [("wrong-size", None)]


def test_the_drawing_shows_numbers_and_lines():
    puzzle = puzzle_of("1 . 1", ". . .", "2 . 2")
    drawing = N.draw_text(puzzle, answer_of("v.v", "L-J", ">-<"))
    assert drawing.splitlines() == ["1 . 1", "|   |", "+-+-+", "", "2-+-2"]


@pytest.mark.parametrize(("text", "words", "line"), [
    ("numberlink 2 2\n1 .\n", "expected 2 rows", 3),
    ("numberlink 2 1\n1 x\n", "unknown cell", 2),
    ("numberlink 2 1\n1 0\n", "unknown cell", 2),
])
def test_bad_text_is_named_with_its_place(text, words, line):
    with pytest.raises(InputError, match=words) as caught:
        N.parse_puzzle(text)
    assert caught.value.line == line


def test_the_model_refuses_negative_values_but_unknown():
    with pytest.raises(ValueError):
        N.NumberlinkPuzzle(np.array([[-2, 1]]))
    assert N.NumberlinkPuzzle(np.array([[N.UNKNOWN, N.UNKNOWN]])).endpoints() == {
        N.UNKNOWN: [(0, 0), (0, 1)]}


def test_the_drawing_reads_back_as_its_answer():
    for path in sorted((CORPUS / "numberlink" / "janko").glob("*.txt"))[::40]:
        puzzle = N.parse_puzzle(path.read_text(), path.stem)
        answer = N.parse_solution(path.with_suffix(".sol").read_text(), puzzle)
        lines = N.draw_text(puzzle, answer).splitlines()
        assert N.parse_drawing(lines, puzzle) == answer, path
    with pytest.raises(InputError, match="has 5 lines, this one has 3"):
        N.parse_drawing(["1", "", "1"], puzzle_of("1 . 1", ". . .", ". . ."))


def test_the_svg_drawing_writes_question_ends_as_question_marks():
    import xml.etree.ElementTree as ET

    from pencilsat.formats.svg import draw_svg

    root = ET.fromstring(draw_svg(puzzle_of("? . ?", ". . .", "1 . 1")))
    texts = sorted(e.text or "" for e in root.iter() if e.tag.endswith("text")
                   and e.get("class") == "number")
    assert texts == ["1", "1", "?", "?"]
