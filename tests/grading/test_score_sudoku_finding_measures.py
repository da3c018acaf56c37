"""The finding measures (``grading/sudoku/finding.py``) on a board small enough to check by
hand: a full grid with five cells emptied, filled in an order where one step opens the next.

The grid is ``d(r, c) = (3r + r // 3 + c) mod 9 + 1`` (rows 1-3: 123456789, 456789123,
789123456). Emptied: r1c1 (1), r1c4 (4), r2c1 (4), r2c4 (7), r2c7 (1), 1-based. On that grid:

- r2c7 is the last empty cell of column 7 and block 3: a full house (and a naked single);
- r1c4 sees every digit but 4: a naked single;
- r1c1 may hold 1 or 4, but 1 has no other place in row 1: a hidden single in a line;
- r2c4 may hold 4 or 7, but 7 has no other place in row 2, column 4 or block 2: a hidden
  single in a line and in a block;
- r2c1 may hold 1 or 4 and neither is lone anywhere (r1c1 and r2c7 take them too): closed.

So 4 of the 5 empty cells are open: search cost (5 + 1) / (4 + 1) = 1.2, scan cost (naked
singles left out: 3 cells) 6 / 4 = 1.5. Placing r2c7 = 1 leaves r2c1 only 4: it opens.
"""

from __future__ import annotations

import pytest

from pencilsat.grading.steps import Digit, Step
from pencilsat.grading.sudoku.finding import (
    Survey,
    digit_pairs,
    digit_sweep,
    finding_measures,
    person_path,
    step_findings,
    survey,
)
from pencilsat.grading.sudoku.state import SudokuState

FULL = [(3 * r + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)]
EMPTIED = [(0, 0), (0, 3), (1, 0), (1, 3), (1, 6)]
CLUES = [0 if divmod(i, 9) in EMPTIED else d for i, d in enumerate(FULL)]


def _step(r: int, c: int) -> Step:
    return Step("sudoku", "TEST", "", placements=(Digit(r, c, FULL[r * 9 + c]),))


# r2c7 first; then r2c1, which r2c7 opened; then the rest
ORDER = [_step(1, 6), _step(1, 0), _step(0, 0), _step(0, 3), _step(1, 3)]


def _cells(mask: int) -> set[tuple[int, int]]:
    return {divmod(c, 9) for c in range(81) if mask >> c & 1}


def test_the_survey_counts_each_kind_of_single():
    here = survey(SudokuState.from_clues(CLUES))
    assert _cells(here.masks["full_house"]) == {(1, 6)}
    assert _cells(here.masks["naked"]) == {(0, 3), (1, 6)}
    assert _cells(here.masks["hidden_line"]) == {(0, 0), (1, 3)}
    assert _cells(here.masks["hidden_block"]) == {(1, 3)}
    assert _cells(here.open_cells) == {(0, 0), (0, 3), (1, 3), (1, 6)}
    assert (here.empty, here.options) == (5, 4)
    assert here.cost == pytest.approx(6 / 5)
    assert here.scan_cost == pytest.approx(6 / 4)


def test_a_step_opened_by_the_one_before_is_dependent_and_a_layer_deeper():
    found = step_findings(CLUES, ORDER)
    assert [f.survey.options for f in found] == [4, 4, 3, 2, 1]
    assert [f.dependent for f in found] == [False, True, False, False, False]
    assert [f.layer for f in found] == [1, 2, 1, 1, 1]
    assert all(f.by_single for f in found)


def test_the_per_puzzle_measures_sum_the_steps():
    m = finding_measures(CLUES, ORDER)
    assert m["cells_to_fill"] == 5
    # costs: 6/5, then 5/5, 4/4, 3/3, 2/2 (every empty cell open after the first step)
    assert m["cost.sum"] == pytest.approx(6 / 5 + 4)
    assert m["cost.max"] == pytest.approx(6 / 5)
    assert m["options.min"] == 1 and m["options.mean"] == pytest.approx(14 / 5)
    assert m["narrow"] == 1
    assert m["dependent"] == pytest.approx(1 / 5)
    assert m["layers"] == 2


def test_the_order_matters_only_through_dependency():
    """Placing r2c1 after another step: still layer 2 (it needs r2c7), but not dependent on
    the step right before it."""
    later = [ORDER[0], ORDER[2], ORDER[1], ORDER[3], ORDER[4]]
    found = step_findings(CLUES, later)
    assert [f.dependent for f in found] == [False, False, False, False, False]
    assert [f.layer for f in found] == [1, 1, 2, 1, 1]


def test_a_step_no_single_explains_depends_on_every_step_before():
    """A placement in a closed cell (as pair processing or a trial makes) is one layer past
    every step before it; here it is the first step, so layer 1, and not filled by a single.
    Every other step opens r2c1 (r1c4 = 4 leaves 4 one place in row 2): placed next, it is
    dependent and a layer deeper."""
    closed = step_findings(CLUES, [_step(1, 0)])[0]
    assert not closed.by_single and closed.layer == 1 and not closed.dependent
    second = step_findings(CLUES, [ORDER[3], _step(1, 0)])[1]
    assert second.by_single and second.dependent and second.layer == 2


def test_a_persons_path_takes_the_easiest_single_first():
    """Full house r2c7; then r2c4, 7 lone in block 2 (r2c1 is only a naked single); then
    the full houses r1c4, r1c1, r2c1. Scan costs: 6/4 (r2c7, r2c4, r1c1 scanned open), 5/3
    (r1c1, r2c4), then 4/4, 3/3, 2/2."""
    path = person_path(CLUES, ORDER)
    assert [s.empty for s in path] == [5, 4, 3, 2, 1]
    assert [s.scan_cost for s in path] == pytest.approx([6 / 4, 5 / 3, 1, 1, 1])
    assert finding_measures(CLUES, ORDER)["person.scan.sum"] == pytest.approx(
        6 / 4 + 5 / 3 + 3)
    assert finding_measures(CLUES, ORDER)["person.stuck"] == 0


def test_a_persons_path_ends_where_the_grade_proved_nothing():
    """With only r2c7 proved, the path places it and stops at r2c4, which it cannot fill."""
    assert [s.empty for s in person_path(CLUES, ORDER[:1])] == [5]


def test_the_digit_scan_counts_unit_digit_pairs_with_one_place_left():
    """Missing: row 1 {1, 4}, row 2 {1, 4, 7}, column 1 {1, 4}, column 4 {4, 7}, column 7
    {1}, block 1 {1, 4}, block 2 {4, 7}, block 3 {1}: 15 pairs. One place left: 1 in row 1
    (r1c1), 7 in row 2, column 4 and block 2 (r2c4), 1 in column 7 and block 3 (r2c7): 6
    hits, a digit scan cost of 16 / 7 before the first step."""
    assert digit_pairs(SudokuState.from_clues(CLUES)) == (15, 6)
    assert finding_measures(CLUES, ORDER)["person.digits.sum"] >= 16 / 7


def test_the_squared_digit_scan_costs_sum_the_same_steps_squared():
    """The person's path r2c7, r2c4, r1c4, r1c1, r2c1 (above), its digit scan cost taken
    before each placement: the squared sum weighs each step by its own cost, so it lies
    between the sum times the smallest cost and the sum times the largest."""
    m = finding_measures(CLUES, ORDER)
    costs = []
    state = SudokuState.from_clues(CLUES)
    for here in person_path(CLUES, ORDER):
        pairs, hits = digit_pairs(state)
        costs.append((pairs + 1) / (hits + 1))
        cell = _first_open(here)
        state.place(cell, FULL[cell])
    assert costs[0] == pytest.approx(16 / 7)
    assert m["person.digits.sum"] == pytest.approx(sum(costs))
    assert m["person.digits.sq"] == pytest.approx(sum(c * c for c in costs))


def _first_open(here: Survey) -> int:
    """The cell a person's path takes: the lowest of the easiest kind open."""
    for kind in ("full_house", "hidden_block", "hidden_line", "naked"):
        mask = here.masks[kind]
        if mask:
            return (mask & -mask).bit_length() - 1
    raise AssertionError("no single open")


def test_the_candidates_count_each_empty_cells_digits():
    """r1c1 {1, 4}, r1c4 {4}, r2c1 {1, 4}, r2c4 {4, 7}, r2c7 {1} (module doc): 8."""
    assert finding_measures(CLUES, ORDER)["candidates"] == 8


def test_a_digit_sweep_stays_with_a_digit_while_it_places():
    """Digit 1: row 1 has one place (r1c1), then row 2 has one (r2c7, as r2c1 now sees 1):
    2 checks, and every other unit has its 1. Digit 4: row 1 (r1c4), then row 2 (r2c1): 2
    checks. Digit 7: row 2 (r2c4): 1 check. One pass, 5 checks."""
    assert digit_sweep(CLUES, ORDER) == (5, 1)
    m = finding_measures(CLUES, ORDER)
    assert (m["sweep.checks"], m["sweep.passes"]) == (5, 1)


def test_a_digit_sweep_ends_where_the_grade_proved_nothing():
    """With only r2c7 proved the sweep places it in its first pass (digit 1: 5 checks, then
    3 more while 1 placed; digit 4: 6; digit 7: 3), finds nothing it may place in the second
    (3 + 6 + 3 checks), no naked single the grade proved, and stops: 29 checks, 2 passes."""
    assert digit_sweep(CLUES, ORDER[:1]) == (29, 2)
