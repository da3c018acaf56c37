"""The numpy propagation of the Sudoku batch: locked candidates and the branching choice,
each against its definition on small hand-made or seeded-random masks."""

from __future__ import annotations

import numpy as np
from conftest import CORPUS

from pencilsat.strategies import sudoku_singles as S
from pencilsat.strategies.sudoku_batch import solve_batch

ONE, TWO = 1, 2  # the bits of digits 1 and 2


def locked(cand: np.ndarray) -> np.ndarray:
    """(81,) masks after one pass of locked candidates alone."""
    c = np.ascontiguousarray(cand.reshape(1, 81).T)
    S._locked_candidates(c.reshape(3, 3, 3, 3, 1))
    return c[:, 0]


def test_a_row_confined_to_a_box_clears_the_box_s_other_rows():
    cand = np.full(81, S.FULL, dtype=np.uint16)
    cand[3:9] &= S.FULL ^ ONE  # row 0: digit 1 only in box 0
    out = locked(cand)
    cleared = {9, 10, 11, 18, 19, 20}  # rows 1 and 2 of box 0
    for cell in range(81):
        expected = cand[cell] & (S.FULL ^ ONE) if cell in cleared else cand[cell]
        assert out[cell] == expected, cell


def test_a_box_confined_to_a_column_clears_the_column_outside_the_box():
    cand = np.full(81, S.FULL, dtype=np.uint16)
    box4 = [r * 9 + c for r in range(3, 6) for c in range(3, 6)]
    for cell in box4:
        if cell % 9 != 4:
            cand[cell] &= S.FULL ^ TWO  # box 4: digit 2 only in column 4
    out = locked(cand)
    cleared = {r * 9 + 4 for r in (0, 1, 2, 6, 7, 8)}
    for cell in range(81):
        expected = cand[cell] & (S.FULL ^ TWO) if cell in cleared else cand[cell]
        assert out[cell] == expected, cell


def test_locked_candidates_never_remove_a_digit_of_the_solution():
    line = _first_unique_line()
    solution = _solution_of(line)
    cand = S.candidates([line])[0]
    for _ in range(3):  # after some singles too
        out = locked(cand)
        assert all(out[i] & (1 << (int(solution[i]) - 1)) for i in range(81))
        _, cand2 = S.singles(out[None], max_rounds=1, locked=False)
        cand = cand2[0]


def test_the_branch_cell_is_fewest_candidates_then_most_open_and_bivalue_peers():
    rng = np.random.default_rng(7)
    rows = rng.integers(1, S.FULL + 1, (300, 81)).astype(np.uint16)
    rows[rng.random((300, 81)) < 0.4] = 4  # placed cells
    peers = [{x for h in S.CELL_HOUSES[c] for x in S.HOUSES[h]} - {c} for c in range(81)]
    chosen = S._branch_cells(rows)
    for row, cell in zip(rows, chosen.tolist(), strict=True):
        count = [int(m).bit_count() for m in row]
        share = S.BIVALUE_SHARE
        score = [count[c] * S.BRANCH_WEIGHT * share
                 - sum((count[p] > 1) * share + (count[p] == 2) for p in peers[c])
                 if count[c] > 1 else 10**9 for c in range(81)]
        assert cell == score.index(min(score))


def _first_unique_line() -> str:
    return (CORPUS / "sudoku/magictour_top1465.txt").read_text().split()[0]


def _solution_of(line: str) -> str:
    (rec,) = solve_batch([line])
    assert rec["verdict"] == "unique"
    return str(rec["solution"])
