"""The hierarchy's level, steps and depths on formulas and puzzles whose values are known by
hand: unit propagation alone is level 0, a failed literal level 1, a literal refuted only by
failed literals level 2; a forcing chain of three unit steps has depth 3."""

from __future__ import annotations

import pytest

from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.sudoku import build_clauses
from pencilsat.puzzles.sudoku import parse_line
from pencilsat.study.hierarchy import hierarchy

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _encoding(clauses: list[list[int]], answer: list[int]) -> ClauseEncoding:
    top = max(abs(lit) for clause in clauses for lit in clause)
    return ClauseEncoding("hand-made", top, clauses, answer, lambda true: true)


def test_unit_propagation_alone_is_level_0():
    found = hierarchy(_encoding([[1], [-1, 2], [-2, -3]], [1, 2, 3]))
    assert found.level == 0
    assert found.shares[0] == 1.0
    assert found.depths == ()
    assert found.up_rounds == 3  # 1, then 2, then -3


def test_a_failed_literal_is_level_1_in_one_step_of_depth_1():
    # x or y, x or not y, not x or y: assuming not x forces y and not y at once
    found = hierarchy(_encoding([[1, 2], [1, -2], [-1, 2]], [1, 2]))
    assert found.level == 1
    assert found.shares[0] == 0.0
    assert found.depths == (1,)
    assert found.failed == 2  # not x and not y are both refuted in the same step


def test_a_forcing_chain_of_four_unit_steps_has_depth_4():
    # not x -> a -> b -> c -> (d and not d): only x is probed, so the chain is the only way
    clauses = [[1, 2], [-2, 3], [-3, 4], [-4, 5], [-4, -5]]
    found = hierarchy(_encoding(clauses, [1]))
    assert found.level == 1
    assert found.depths == (4,)


def test_propagation_meets_in_the_middle_of_a_chain():
    # not x -> a -> b -> c, and (not c or x) also runs back: not c, not b; b clashes at 2
    found = hierarchy(_encoding([[1, 2], [-2, 3], [-3, 4], [-4, 1]], [1]))
    assert found.depths == (2,)


def test_a_literal_only_failed_literals_refute_is_level_2():
    # not x leaves (y or z), (y or not z), (not y or z), (not y or not z): no unit, so no
    # failed literal refutes not x, but under not x the literal y fails, then not y fails
    core = [[1, 2, 3], [1, 2, -3], [1, -2, 3], [1, -2, -3]]
    after = [[-1, 2, -3], [-1, 3, -2], [-1, 2, 3]]  # with x: y = z = true
    found = hierarchy(_encoding(core + after, [1, 2, 3]), max_level=2)
    assert found.level == 2
    assert found.waves == (1,)
    assert found.shares[1] == 0.0  # failed literals alone fix nothing


def test_beyond_the_highest_level_tried_is_none():
    core = [[1, 2, 3], [1, 2, -3], [1, -2, 3], [1, -2, -3]]
    after = [[-1, 2, -3], [-1, 3, -2], [-1, 2, 3]]
    found = hierarchy(_encoding(core + after, [1, 2, 3]), max_level=1)
    assert found.level is None
    assert found.shares[-1] == 0.0


def test_a_sudoku_of_naked_singles_is_level_0():
    line = "".join("." if i % 9 == i // 9 else ch for i, ch in enumerate(SOLVED))
    found = hierarchy(build_clauses(parse_line(line)))
    assert found.level == 0
    assert found.shares[0] == 1.0
    assert found.up_rounds >= 1


def test_the_clues_that_contradict_each_other_are_refused():
    with pytest.raises(ValueError):
        hierarchy(_encoding([[1], [-1, 2], [-2, -1]], [1, 2]))
