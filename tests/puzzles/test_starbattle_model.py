"""Star Battle's model: the corpus text formats, the rule checker (one test per rule), the
text drawing read back, and the reasons a puzzle cannot have a solution."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import starbattle as S
from pencilsat.puzzles.regions import Regions

JANKO = CORPUS / "starbattle" / "janko"
OTHER = CORPUS / "starbattle" / "puzzlekit-other"

# A 4x4 with one star per row, column and region (not from the corpus): the regions are the
# rows.
SMALL = "starbattle 4 4 1\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n"


def stars(*rows: str) -> S.StarBattleSolution:
    return S.StarBattleSolution(np.array([[ch == "*" for ch in row] for row in rows]))


def rules_broken(puzzle: S.StarBattlePuzzle, solution: S.StarBattleSolution) -> set[str]:
    return {v.rule for v in S.check(puzzle, solution)}


def test_every_corpus_puzzle_reads_and_its_stored_answer_keeps_every_rule():
    paths = sorted(JANKO.glob("*.txt")) + sorted(OTHER.glob("*.txt"))
    checked = 0
    for path in paths:
        puzzle = S.parse_puzzle(path.read_text(), path.stem)
        assert S.parse_puzzle(S.format_puzzle(puzzle)) == puzzle
        sol_path = path.with_suffix(".sol")
        if not sol_path.exists():
            continue
        solution = S.parse_solution(sol_path.read_text(), puzzle)
        assert S.check(puzzle, solution) == [], path.name
        assert S.format_solution(puzzle, solution) == sol_path.read_text()
        checked += 1
    assert checked >= 277


def test_holes_read_as_outside_every_region_and_come_back_as_hashes():
    path = next(p for p in sorted(JANKO.glob("*.txt")) if "#" in p.read_text())
    puzzle = S.parse_puzzle(path.read_text())
    assert puzzle.holes.any()
    assert S.format_puzzle(puzzle) == path.read_text()


def test_a_valid_answer_has_no_violation():
    puzzle = S.parse_puzzle(SMALL)
    assert S.check(puzzle, stars(".*..", "...*", "*...", "..*.")) == []


def test_row_count_names_the_row():
    puzzle = S.parse_puzzle("starbattle 3 1 1\n1 1 1\n")
    found = S.check(puzzle, stars("*.*"))
    assert [(v.rule, v.cell) for v in found if v.rule == "row-count"] == [("row-count", (0, 0))]
    assert "holds 2 stars, not 1" in found[0].message


def test_column_count_names_the_column():
    puzzle = S.parse_puzzle("starbattle 2 3 1\n1 2\n1 2\n1 2\n")
    found = [v for v in S.check(puzzle, stars("*.", "..", "*.")) if v.rule == "column-count"]
    assert [v.cell for v in found] == [(0, 0), (0, 1)]


def test_region_count_names_the_regions_first_cell():
    puzzle = S.parse_puzzle("starbattle 3 3 1\n1 1 2\n3 2 2\n3 3 2\n")
    found = [v for v in S.check(puzzle, stars("..*", "*..", "..*")) if v.rule == "region-count"]
    assert [v.cell for v in found] == [(0, 0), (0, 2)]  # none in region 1, two in region 2


@pytest.mark.parametrize(("rows", "cell"), [
    (("**", ".."), (0, 0)),  # side by side
    (("*.", "*."), (0, 0)),  # one above the other
    (("*.", ".*"), (0, 0)),  # diagonally, down right
    ((".*", "*."), (0, 1)),  # diagonally, down left
])
def test_touching_stars_are_named_at_the_first_of_the_pair(rows, cell):
    puzzle = S.parse_puzzle("starbattle 2 2 1\n1 2\n3 4\n")
    found = [v for v in S.check(puzzle, stars(*rows)) if v.rule == "stars-touch"]
    assert [v.cell for v in found] == [cell]


def test_a_star_outside_the_puzzle_is_named():
    puzzle = S.parse_puzzle("starbattle 3 1 1\n1 # 2\n")
    found = [v for v in S.check(puzzle, stars(".*.")) if v.rule == "star-outside"]
    assert [v.cell for v in found] == [(0, 1)]


def test_an_answer_of_another_size_is_one_size_violation():
    puzzle = S.parse_puzzle(SMALL)
    assert [v.rule for v in S.check(puzzle, stars("*.", ".."))] == ["size"]


def test_the_star_count_may_be_given_by_name():
    named = S.parse_puzzle("starbattle 1 1 stars=1\n1\n")
    assert named == S.parse_puzzle("starbattle 1 1 1\n1\n") and named.stars == 1


@pytest.mark.parametrize(("text", "line"), [
    ("starbattle 2 2\n1 1\n2 2\n", 1),  # no star count
    ("starbattle 2 2 0\n1 1\n2 2\n", 1),  # no stars
    ("starbattle 2 2 1\n1 x\n2 2\n", 2),  # a token that is no region
    ("starbattle 2 2 1\n1 2\n2 1\n", 3),  # region 2 in two pieces
    ("starbattle 2 2 1\n1 1\n", 3),  # a row missing
])
def test_bad_puzzle_text_is_an_input_error_on_its_line(text, line):
    with pytest.raises(InputError) as err:
        S.parse_puzzle(text)
    assert err.value.line == line


def test_a_solution_must_copy_the_puzzles_hashes():
    puzzle = S.parse_puzzle("starbattle 3 1 1\n1 # 2\n")
    assert S.parse_solution("starbattle-solution 3 1\n*#.\n", puzzle).shaded.tolist() == [
        [True, False, False]]
    with pytest.raises(InputError, match="outside the puzzle"):
        S.parse_solution("starbattle-solution 3 1\n*..\n", puzzle)
    with pytest.raises(InputError, match="inside the puzzle"):
        S.parse_solution("starbattle-solution 3 1\n.##\n", puzzle)


def test_the_drawing_shows_count_regions_holes_and_stars_and_reads_back():
    path = next(p for p in sorted(JANKO.glob("*.txt")) if "#" in p.read_text())
    puzzle = S.parse_puzzle(path.read_text())
    solution = S.parse_solution(path.with_suffix(".sol").read_text(), puzzle)
    drawing = S.draw_text(puzzle, solution)
    lines = drawing.splitlines()
    assert lines[0] == f"{puzzle.stars} stars in every row, column and region"
    assert len(lines) == 2 * puzzle.height + 2
    assert drawing.count("*") == int(solution.shaded.sum())
    assert drawing.count("###") == int(puzzle.holes.sum())
    assert S.solution_from_drawing(lines, puzzle) == solution
    assert S.solution_from_drawing(lines[1:], puzzle) == solution


def test_why_none_names_the_counting_that_fails():
    assert "totals differ" in S.no_room_for_stars(S.parse_puzzle("starbattle 2 2 1\n1 1\n1 1\n"))
    narrow = S.StarBattlePuzzle(Regions(np.array([[0, 1], [0, 1]])), 2)
    assert "room for 1 stars" in S.no_room_for_stars(narrow)
    assert S.no_room_for_stars(S.parse_puzzle(SMALL)) is None
    assert S.no_room_for_stars(S.parse_puzzle((JANKO / "101_5x5.txt").read_text())) is None


def test_a_puzzle_is_equal_only_with_the_same_star_count():
    one = S.parse_puzzle("starbattle 1 1 1\n1\n")
    two = S.StarBattlePuzzle(one.regions, 2)
    assert one != two and hash(one) != hash(two)
    with pytest.raises(ValueError):
        S.StarBattlePuzzle(one.regions, 0)
