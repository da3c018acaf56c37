"""Yajilin's model: text formats and their errors, the text drawing read back, and the rule
checker on a hand-broken solution for each rule."""

from __future__ import annotations

import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import yajilin as Y

JANKO = CORPUS / "yajilin" / "janko"
SEVEN = (JANKO / "1_7x7.txt").read_text()
SEVEN_ANSWER = (JANKO / "1_7x7.sol").read_text()


def puzzle(text: str = SEVEN) -> Y.YajilinPuzzle:
    return Y.parse_puzzle(text)


def answer() -> Y.YajilinSolution:
    return Y.parse_solution(SEVEN_ANSWER)


def broken(solution: Y.YajilinSolution, text: str = SEVEN) -> set[tuple[str, object]]:
    return {(v.rule, v.cell) for v in Y.check(puzzle(text), solution)}


def changed(edges_added=(), edges_removed=(), shaded_added=(), shaded_removed=()):
    base = answer()
    edges = (base.edges | {Y.edge(a, b) for a, b in edges_added}) - {
        Y.edge(a, b) for a, b in edges_removed}
    shaded = (base.shaded | set(shaded_added)) - set(shaded_removed)
    return Y.YajilinSolution(frozenset(edges), frozenset(shaded), base.width, base.height)


def test_the_stored_janko_solutions_pass_and_the_texts_round_trip():
    files = sorted(JANKO.glob("*.txt"))
    assert len(files) > 500
    for path in files[::25]:
        text, solution_text = path.read_text(), path.with_suffix(".sol").read_text()
        p, s = Y.parse_puzzle(text), Y.parse_solution(solution_text)
        assert Y.check(p, s) == [], path
        assert Y.format_puzzle(p) == text
        assert Y.format_solution(p, s) == solution_text


def test_given_black_cells_are_read_and_may_touch_shaded_cells():
    p = Y.parse_puzzle((JANKO / "102_10x10.txt").read_text())
    assert (p.numbers == Y.BLOCK).any()
    assert Y.check(p, Y.parse_solution((JANKO / "102_10x10.sol").read_text())) == []


def test_the_drawing_shows_clues_shading_and_loop_and_reads_back():
    p, s = puzzle(), answer()
    drawing = Y.draw_text(p, s)
    assert "1<" in drawing and "###" in drawing and "|" in drawing and "---" in drawing
    assert Y.solution_from_drawing(drawing.splitlines(), p) == s
    with pytest.raises(InputError, match="13 lines"):
        Y.solution_from_drawing(drawing.splitlines()[:-1], p)


def test_a_grid_without_clues_draws_and_reads_back():
    p = Y.parse_puzzle("yajilin 2 2\n. .\n. .\n")
    ring = Y.solution_from_rows(["F7", "LJ"])
    assert Y.check(p, ring) == []
    assert Y.draw_text(p, ring) == " +---+\n |   |\n +---+\n"
    assert Y.solution_from_drawing(Y.draw_text(p, ring).splitlines(), p) == ring


# ------------------------------------------------------------------ the checker, rule by rule


def test_a_size_mismatch_is_named():
    rows = Y.solution_rows(None, answer())[:-1]
    assert ("size", None) in broken(Y.solution_from_rows(rows))


def test_a_step_off_the_grid_is_named():
    rows = Y.solution_rows(None, answer())
    rows[1] = "-" + rows[1][1:]
    assert {rule for rule, _ in broken(Y.solution_from_rows(rows))} == {"off-grid"}


def test_a_loop_through_a_clue_is_named():
    assert ("loop-on-clue", (0, 1)) in broken(changed(edges_added=[((0, 1), (0, 2))]))


def test_a_shaded_clue_is_named():
    assert ("shaded-clue", (0, 1)) in broken(changed(shaded_added=[(0, 1)]))


def test_a_shaded_loop_cell_is_named():
    assert ("shaded-on-loop", (0, 2)) in broken(changed(shaded_added=[(0, 2)]))


def test_an_open_cell_left_empty_and_a_wrong_arrow_are_named():
    found = broken(changed(shaded_removed=[(0, 0)]))
    assert ("empty-cell", (0, 0)) in found
    assert ("arrow-count", (0, 1)) in found


def test_a_dead_end_is_named():
    found = broken(changed(edges_removed=[((0, 2), (0, 3))]))
    assert {("dead-end", (0, 2)), ("dead-end", (0, 3))} <= found


def test_a_branch_is_named():
    found = broken(changed(edges_added=[((3, 4), (3, 5))]))
    assert {("branch", (3, 4)), ("branch", (3, 5))} <= found


def test_touching_shaded_cells_are_named():
    assert ("adjacent-shaded", (4, 2)) in broken(changed(shaded_added=[(4, 2)]))


def test_no_loop_and_two_loops_are_named():
    empty = "yajilin 4 2\n. . . .\n. . . .\n"
    two = Y.solution_from_rows(["F7F7", "LJLJ"])
    assert broken(two, empty) == {("several-loops", (0, 0))} or \
        broken(two, empty) == {("several-loops", (0, 2))}
    none = Y.YajilinSolution(frozenset(), frozenset({(0, 0), (1, 1)}), 4, 2)
    assert ("no-loop", None) in broken(none, empty)


def test_an_arrow_asking_for_too_many_cells_is_explained():
    assert Y.clue_too_large(puzzle()) is None
    reason = Y.clue_too_large(Y.parse_puzzle("yajilin 4 1\n3> . . .\n"))
    assert reason is not None and "at most 2" in reason


# ------------------------------------------------------------------ parse errors


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("", None, None, "empty"),
    ("yajilim 2 1\n. .\n", 1, 1, "header"),
    ("yajilin 2 x\n. .\n", 1, None, "size"),
    ("yajilin 2 2\n. .\n", 3, None, "2 rows"),
    ("yajilin 2 1\n. . .\n", 2, 5, "3 cells"),
    ("yajilin 2 1\n. 2\n", 2, 3, "unknown cell"),
    ("yajilin 3 1\n. 1x .\n", 2, 3, "unknown cell"),
])
def test_puzzle_errors_name_line_and_column(text, line, column, words):
    with pytest.raises(InputError, match=words) as caught:
        Y.parse_puzzle(text)
    assert caught.value.line == line
    if column is not None:
        assert caught.value.column == column


def test_solution_errors_name_line_and_column():
    with pytest.raises(InputError, match="unknown character") as caught:
        Y.parse_solution("yajilin-solution 2 2\nF7\nLX\n")
    assert (caught.value.line, caught.value.column) == (3, 2)


def test_clue_tools_take_an_arrow_away_as_a_black_cell_and_offer_arrows_on_black_cells():
    p, s = puzzle(), answer()
    given = Y.given_arrows(p)
    assert [(c.cell, c.label) for c in given][:2] == [((0, 1), "1<"), ((1, 3), "0>")]
    weaker = Y.without_arrow(p, given[0])
    assert weaker.numbers[0, 1] == Y.BLOCK and Y.check(weaker, s) == []
    assert Y.with_arrow(weaker, given[0]) == p
    offered = Y.arrows_offered(weaker, s)
    assert {c.label for c in offered if c.cell == (0, 1)} == {"0^", "1v", "1<", "0>"}
    assert all(Y.check(Y.with_arrow(weaker, c), s) == [] for c in offered)
