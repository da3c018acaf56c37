"""Tents' model: text formats and their errors, the text drawing read back, and the rule
checker on a hand-broken solution for each rule."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import tents as T

FOLDER = CORPUS / "tents"
FIRST = sorted((FOLDER / "janko").glob("*.txt"))[0]


def puzzle_and_answer(path=FIRST):
    puzzle = T.parse_puzzle(path.read_text())
    return puzzle, T.parse_solution(path.with_suffix(".sol").read_text(), puzzle)


def rules_broken(puzzle, tents: np.ndarray) -> list[tuple[str, object]]:
    return [(v.rule, v.cell) for v in T.check(puzzle, T.TentsSolution(tents))]


def moved(answer, source, target) -> np.ndarray:
    tents = np.array(answer.tents)
    tents[source], tents[target] = False, True
    return tents


def test_every_corpus_solution_passes_the_checker_and_every_file_round_trips():
    files = sorted(FOLDER.rglob("*.txt"))
    assert len(files) > 700
    for path in files[::7]:
        text = path.read_text()
        puzzle = T.parse_puzzle(text, path.stem)
        assert T.format_puzzle(puzzle) == text
        solution = path.with_suffix(".sol")
        if solution.exists():
            answer = T.parse_solution(solution.read_text(), puzzle)
            assert T.check(puzzle, answer) == [], path
            assert T.format_solution(puzzle, answer) == solution.read_text()


def test_the_drawing_reads_back_as_the_solution():
    puzzle, answer = puzzle_and_answer()
    drawing = T.draw_text(puzzle, answer)
    assert T.solution_from_drawing(drawing.splitlines(), puzzle) == answer
    assert drawing.count("A") == int(answer.tents.sum())


def test_a_missing_count_reads_and_writes_as_a_dash():
    text = "tents 3 2\n- 1 -\nT.. 1\n... -\n"
    puzzle = T.parse_puzzle(text)
    assert puzzle.column_counts.tolist() == [T.NO_COUNT, 1, T.NO_COUNT]
    assert puzzle.row_counts.tolist() == [1, T.NO_COUNT]
    assert T.format_puzzle(puzzle) == text


@pytest.mark.parametrize("text, line, column", [
    ("tents 3 2\n1 1\nT.. 1\n... 0\n", 2, None),          # two column counts of three
    ("tents 3 2\n1 0 0\nTx. 1\n... 0\n", 3, 2),           # an unknown cell
    ("tents 3 2\n1 0 0\nT.. 1\n...\n", 4, 4),             # a row without its count
    ("tents 3 2\n1 0 0\nT.. 4\n... 0\n", 3, 5),           # a count above the row's cells
    ("tents 3 2\n1 0 a\nT.. 1\n... 0\n", 2, 5),           # a count that is no number
    ("tents 3 2\n1 0 0\nT.. 1\n", 4, None),               # a row missing
])
def test_bad_text_is_an_error_at_its_line_and_column(text, line, column):
    with pytest.raises(InputError) as error:
        T.parse_puzzle(text)
    assert error.value.line == line
    if column is not None:
        assert error.value.column == column


# ------------------------------------------------------------------ the checker, rule by rule


def test_tents_that_touch_diagonally_are_named_at_the_first():
    puzzle = T.parse_puzzle("tents 2 2\n- -\nT. -\n.T -\n")
    assert rules_broken(puzzle, np.array([[False, True], [True, False]])) == [
        ("tents-touch", (0, 1))]


def test_a_wrong_row_and_column_count_are_named_beside_the_grid():
    puzzle = T.parse_puzzle("tents 3 1\n1 0 0\nT.. 1\n")
    assert rules_broken(puzzle, np.array([[False, False, True]])) == [
        ("column-count", (-1, 0)), ("column-count", (-1, 2)),
        ("tree-without-tent", (0, 0)), ("tent-without-tree", (0, 2))]


def test_a_tent_away_from_every_tree_breaks_the_pairing():
    puzzle, answer = puzzle_and_answer()
    tent = answer.tent_cells()[0]
    far = next((r, c) for r in range(puzzle.height) for c in range(puzzle.width)
               if not puzzle.trees[r, c]
               and all(not puzzle.trees[n] for n in puzzle.neighbours((r, c)))
               and not any(answer.tents[n2] for n2 in _around(puzzle, (r, c))))
    broken = rules_broken(puzzle, moved(answer, tent, far))
    assert ("tent-without-tree", far) in broken
    assert any(rule == "tree-without-tent" for rule, _ in broken)


def test_two_trees_sharing_their_only_tent_leave_one_unpaired():
    """Tatham's example: a tent beside two trees pairs with one of them only."""
    puzzle = T.parse_puzzle("tents 3 1\n- - -\nT.T -\n")
    assert rules_broken(puzzle, np.array([[False, True, False]])) == [
        ("tree-without-tent", (0, 2))]


def test_a_tent_on_a_tree_and_a_solution_of_other_trees_are_named():
    puzzle = T.parse_puzzle("tents 2 1\n- -\nT. -\n")
    assert ("tent-on-tree", (0, 0)) in rules_broken(puzzle, np.array([[True, False]]))
    other = T.parse_solution("tents-solution 2 1\nAT\n")
    assert [v.rule for v in T.check(puzzle, other)][:2] == ["trees-differ", "trees-differ"]


def test_a_solution_of_another_size_is_one_violation():
    puzzle, answer = puzzle_and_answer()
    assert [v.rule for v in T.check(puzzle, T.TentsSolution(answer.tents[:-1]))] == ["size"]


def test_clue_tools_take_a_count_away_and_offer_the_missing_ones():
    puzzle, answer = puzzle_and_answer()
    counts = T.given_counts(puzzle)
    assert len(counts) == puzzle.width + puzzle.height
    without = T.without_count(puzzle, counts[0])
    assert without.column_counts[0] == T.NO_COUNT and T.check(without, answer) == []
    offered = T.counts_offered(without, answer)
    assert offered == [counts[0]]
    assert T.with_count(without, offered[0]) == puzzle


def _around(puzzle, cell):
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if 0 <= r + dr < puzzle.height and 0 <= c + dc < puzzle.width]


def test_the_quick_verdict_agrees_with_the_listing_of_violations():
    """``valid`` (integers and one matching) against ``violations`` (rule by rule): random
    tents on random small puzzles (1xN and Nx1 included), corpus answers with a tent moved,
    a solution of other trees."""
    rng = np.random.default_rng(41)
    seen = {True: 0, False: 0}
    for _ in range(1500):
        height, width = (int(v) for v in rng.integers(1, 6, size=2))
        trees = rng.random((height, width)) < 0.35
        tents = (rng.random((height, width)) < 0.3) & ~trees
        counts = np.concatenate([tents.sum(axis=0), tents.sum(axis=1)])
        counts[rng.random(len(counts)) < 0.3] = T.NO_COUNT
        counts[rng.random(len(counts)) < 0.1] += 1
        puzzle = T.TentsPuzzle(trees, counts[:width], counts[width:])
        answer = T.TentsSolution(tents)
        verdict = T.valid(puzzle, answer)
        assert verdict == (T.violations(puzzle, answer) == []), (trees, tents, counts)
        seen[verdict] += 1
    assert min(seen.values()) > 50
    for path in sorted((FOLDER / "janko").glob("*.txt"))[::60]:
        puzzle, answer = puzzle_and_answer(path)
        assert T.valid(puzzle, answer)
        source = answer.tent_cells()[0]
        for target in [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)][::7]:
            broken = T.TentsSolution(moved(answer, source, target))
            assert T.valid(puzzle, broken) == (T.violations(puzzle, broken) == [])
    puzzle = T.parse_puzzle("tents 2 1\n- -\nT. -\n")
    assert not T.valid(puzzle, T.parse_solution("tents-solution 2 1\n.T\n"))
