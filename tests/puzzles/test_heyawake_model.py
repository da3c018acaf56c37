"""Heyawake's model: text formats and their errors, and the rule checker on a hand-broken
solution for each rule."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import heyawake as H

JANKO = CORPUS / "heyawake" / "janko"
TEXT = (JANKO / "512_6x6.txt").read_text() if JANKO.exists() else ""
ANSWER = ["..#...", ".#..#.", "...#..", "#.#...", "...#..", "#.#..#"]


def rules_broken(rows: list[str]) -> list[tuple[str, object]]:
    return [(v.rule, v.cell) for v in H.check(H.parse_puzzle(TEXT), H.solution_from_rows(rows))]


def changed(rows: list[str], *cells: tuple[int, int]) -> list[str]:
    """``rows`` with each of ``cells`` flipped between shaded and unshaded."""
    grid = [list(row) for row in rows]
    for r, c in cells:
        grid[r][c] = "." if grid[r][c] == "#" else "#"
    return ["".join(row) for row in grid]


def test_the_stored_answer_is_valid():
    assert rules_broken(ANSWER) == []


def test_every_sampled_janko_solution_passes_the_checker_and_round_trips():
    files = sorted(JANKO.glob("*.txt"))
    assert len(files) > 500
    for path in files[::25]:
        text = path.read_text()
        p = H.parse_puzzle(text)
        s = H.parse_solution(path.with_suffix(".sol").read_text(), p)
        assert H.check(p, s) == [], path
        assert H.format_puzzle(p) == text
        assert H.format_solution(p, s) == path.with_suffix(".sol").read_text()


# ------------------------------------------------------------------ the checker, rule by rule


def test_a_room_with_the_wrong_count_is_named_at_its_clue():
    assert ("room-count", (2, 0)) in rules_broken(changed(ANSWER, (3, 0)))


def test_shaded_cells_sharing_an_edge_are_named():
    assert ("adjacent-shaded", (0, 2)) in rules_broken(changed(ANSWER, (0, 3)))
    assert ("adjacent-shaded", (0, 2)) in rules_broken(changed(ANSWER, (1, 2)))


def test_unshaded_cells_cut_off_are_named():
    broken = rules_broken(changed(ANSWER, (1, 0)))
    assert ("unshaded-not-connected", (0, 0)) in broken


def test_a_run_across_two_borders_is_named_at_its_first_cell():
    assert rules_broken(changed(ANSWER, (2, 3))) == [("room-count", (2, 2)),
                                                     ("run-crosses-two-borders", (2, 0))]


def test_a_vertical_run_across_two_borders_is_named():
    text = "heyawake 2 3\n. .\n. .\n. .\n1 4\n2 4\n3 4\n"
    p = H.parse_puzzle(text)
    assert [(v.rule, v.cell) for v in H.check(p, H.solution_from_rows(["..", "..", ".."]))] == [
        ("run-crosses-two-borders", (0, 0))]
    assert H.check(p, H.solution_from_rows(["..", "#.", ".."])) == []


def test_a_run_back_into_its_first_room_counts_both_borders():
    text = "heyawake 3 2\n. . .\n. . .\n1 2 1\n1 1 1\n"
    p = H.parse_puzzle(text)
    assert [v.rule for v in H.check(p, H.solution_from_rows(["...", "..."]))] == [
        "run-crosses-two-borders"]


def test_a_solution_of_another_size_is_one_violation():
    assert rules_broken(["...", "..."]) == [("size", None)]


# ------------------------------------------------------------------ text formats


def test_rooms_are_renumbered_by_first_cell():
    p = H.parse_puzzle("heyawake 2 2\n. .\n1 .\n7 3\n7 3\n")
    assert p.rooms.tolist() == [[0, 1], [0, 1]]
    assert H.format_puzzle(p) == "heyawake 2 2\n. .\n1 .\n1 2\n1 2\n"


def test_the_text_drawing_shows_borders_clues_and_shading():
    p = H.parse_puzzle("heyawake 2 2\n1 .\n. .\n1 2\n1 2\n")
    drawing = H.draw_text(p, H.solution_from_rows(["#.", ".."]))
    assert drawing == "+--+--+\n|#1|  |\n+  +  +\n|  |  |\n+--+--+\n"


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("", None, None, "empty"),
    ("heyawak 2 2\n", 1, 1, "header"),
    ("heyawake 2 x\n", 1, None, "size"),
    ("heyawake 2 2\n. .\n. .\n1 1\n", 5, None, "expected 4 rows"),
    ("heyawake 2 2\n. .\n. . .\n1 1\n1 1\n", 3, 5, "3 cells"),
    ("heyawake 2 2\n. x\n. .\n1 1\n1 1\n", 2, 3, "unknown clue"),
    ("heyawake 2 2\n. .\n. .\n1 1\n1 0\n", 5, 3, "room number"),
    ("heyawake 2 2\n. .\n. .\n1 2\n2 1\n", 5, 1, "two separate pieces"),
    ("heyawake 2 2\n1 .\n. 1\n1 1\n1 1\n", 3, 3, "already has the clue"),
    ("heyawake 2 2\n3 .\n. .\n1 1\n2 2\n", 2, 1, "larger than its room"),
])
def test_bad_puzzle_text_names_line_and_column(text, line, column, words):
    with pytest.raises(InputError) as caught:
        H.parse_puzzle(text)
    error = caught.value
    assert words in str(error)
    assert error.line == line
    if column is not None:
        assert error.column == column


def test_bad_solution_text_names_line_and_column():
    with pytest.raises(InputError) as caught:
        H.parse_solution("heyawake-solution 2 2\n#.\n.x\n")
    assert (caught.value.line, caught.value.column) == (3, 2)


def test_the_model_refuses_rooms_that_are_not_canonical():
    with pytest.raises(ValueError):
        H.HeyawakePuzzle(np.array([[0, 1], [1, 0]]), np.full((2, 2), H.NO_CLUE))
    with pytest.raises(ValueError):
        H.HeyawakePuzzle(np.zeros((2, 2)), np.array([[1, 1], [-1, -1]]))


def test_the_quick_check_agrees_with_the_full_one_on_flipped_answers():
    """Every one-cell flip and a sample of two-cell flips of sampled janko answers: the
    whole-grid pass says valid exactly when the cell-by-cell listing finds nothing."""
    rng = np.random.default_rng(46)
    broken = 0
    for path in sorted(JANKO.glob("*.txt"))[::70]:
        puzzle = H.parse_puzzle(path.read_text())
        answer = H.parse_solution(path.with_suffix(".sol").read_text(), puzzle).shaded
        assert H.keeps_rules(puzzle, answer)
        flips = [[cell] for cell in np.ndindex(answer.shape)]
        flips += [[tuple(a), tuple(b)] for a, b in rng.integers(
            0, answer.shape, size=(200, 2, 2))]
        for cells in flips:
            shaded = answer.copy()
            for cell in cells:
                shaded[cell] = not shaded[cell]
            full = H.violations(puzzle, shaded)
            assert H.keeps_rules(puzzle, shaded) == (not full), (path.name, cells)
            broken += bool(full)
    assert broken > 0


def test_a_number_larger_than_its_room_is_refused_by_the_model_as_by_the_readers():
    """The text and URL readers refuse it; a puzzle built in code must not slip past them."""
    rooms = np.array([[0, 1], [0, 1]])
    with pytest.raises(ValueError, match="2 cells, its number is 3"):
        H.HeyawakePuzzle(rooms, np.array([[3, -1], [-1, -1]]))
    assert H.HeyawakePuzzle(rooms, np.array([[2, -1], [-1, -1]])).room_count == 2
