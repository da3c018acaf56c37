"""Kakuro's narrowing on bit masks (encodings/kakuro_narrowing.py): its tables against the
digit sets they stand for, and its candidates against brute force (every answer's digits
kept, a settled grid the only answer, a contradiction only without answers) and against the
shared cage-sum narrowing, which it never leaves wider."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from oracles.kakuro import random_puzzle, solutions

from pencilsat.core.rules import Clue
from pencilsat.encodings.cage_sums import narrow, set_masks
from pencilsat.encodings.kakuro import settled_grid, white_cells
from pencilsat.encodings.kakuro_narrowing import EVERY_DIGIT, narrow_runs, run_layout, run_table
from pencilsat.puzzles.kakuro import DIGITS, given_sums, parse_puzzle, with_sum


@pytest.mark.parametrize(("length", "total"), [(2, 10), (3, 15), (4, 20), (5, 25), (1, 7)])
def test_the_tables_say_what_the_digit_sets_do(length, total):
    sets = set_masks(length, total, DIGITS)
    table = run_table(length, total)
    assert table.every == (1 << len(sets)) - 1
    rng = random.Random(length * 100 + total)
    for _ in range(200):
        mask = rng.randrange(1 << 10) & EVERY_DIGIT
        assert table.meet[mask] == sum(1 << j for j, s in enumerate(sets) if s & mask)
        assert table.inside[mask] == sum(1 << j for j, s in enumerate(sets) if s & ~mask == 0)
        choice = rng.randrange(table.every + 1)
        chosen = [s for j, s in enumerate(sets) if choice >> j & 1]
        union = common = 0
        for k, s in enumerate(chosen):
            union |= s
            common = s if k == 0 else common & s
        assert (table.union[choice], table.common[choice]) == (union, common)


def test_a_run_without_a_sum_allows_every_digit_and_needs_none():
    table = run_table(3, None)
    assert table.union[table.every] == EVERY_DIGIT and table.common[table.every] == 0


def answers_digits(puzzle, answers):
    """Per white cell (row-major), the digits some answer puts there, as a mask."""
    masks = [0] * len(white_cells(puzzle))
    for answer in answers:
        for k, cell in enumerate(white_cells(puzzle)):
            masks[k] |= 1 << int(answer.grid[cell])
    return masks


def test_the_candidates_keep_every_answer_and_settle_only_a_unique_one():
    rng = random.Random(4404)
    seen = set()
    for k in range(36):
        puzzle = random_puzzle(rng)
        sums = given_sums(puzzle)
        if k % 2 and sums:  # a sum moved off its answer: often none is left
            clue = rng.choice(sums)
            puzzle = with_sum(puzzle, Clue(clue.cell, clue.label, clue.value + 1))
        truth = solutions(puzzle)
        masks = narrow_runs(run_layout(puzzle))
        if masks is None:
            assert truth == []
            seen.add("contradiction")
            continue
        needed = answers_digits(puzzle, truth)
        assert all(need & ~mask == 0 for need, mask in zip(needed, masks, strict=True))
        grid = settled_grid(puzzle, masks)
        if grid is not None:
            assert [answer.grid.tolist() for answer in truth] == [grid.tolist()]
            seen.add("settled")
        else:
            seen.add("open")
    assert seen == {"settled", "open", "contradiction"}


def test_never_wider_than_the_shared_cage_sum_narrowing():
    rng = random.Random(17)
    for _ in range(40):
        puzzle = random_puzzle(rng)
        index = {cell: k for k, cell in enumerate(white_cells(puzzle))}
        groups = [([index[cell] for cell in run.cells],
                   None if run.total is None else set_masks(len(run.cells), run.total, DIGITS))
                  for run in puzzle.runs()]
        shared = narrow([EVERY_DIGIT] * len(index), groups)
        ours = narrow_runs(run_layout(puzzle))
        if ours is not None:
            assert all(a & ~b == 0 for a, b in zip(ours, shared, strict=True))


def test_a_two_cell_run_keeps_only_digits_with_a_partner():
    # 2-cell 9 across ({1,8} {2,7} {3,6} {4,5}); with the first cell on 1, 2 or 7 and the
    # second on 2 or 8, 2 in the first has no partner 7, so only 1 and 7 stay there
    puzzle = parse_puzzle("kakuro 3 2\n# 3\\ 8\\\n\\9 . .\n")
    layout = run_layout(puzzle)
    pair = next(g for g, members in enumerate(layout.cells) if len(members) == 2)
    support = layout.pairs[pair]
    assert support is not None
    first, second = (1 << 1) | (1 << 2) | (1 << 7), (1 << 2) | (1 << 8)
    assert first & support[second] == (1 << 1) | (1 << 7)
    assert second & support[first & support[second]] == second


def test_a_run_longer_than_nine_cells_with_or_without_a_sum_or_a_sum_out_of_reach_has_none():
    for text in ("kakuro 11 2\n" + "# " * 10 + "#\n\\50 " + ". " * 9 + ".\n",
                 "kakuro 11 2\n" + "# " * 10 + "#\n# " + ". " * 9 + ".\n",
                 "kakuro 3 2\n# 7\\ 9\\\n\\17 . .\n"):
        puzzle = parse_puzzle(text)
        assert narrow_runs(run_layout(puzzle)) is None


def test_every_pair_of_cells_in_a_run_differs_at_a_settled_fixpoint():
    rng = random.Random(99)
    checked = 0
    for _ in range(40):
        puzzle = random_puzzle(rng)
        masks = narrow_runs(run_layout(puzzle))
        grid = None if masks is None else settled_grid(puzzle, masks)
        if grid is None:
            continue
        for run in puzzle.runs():
            digits = [int(grid[cell]) for cell in run.cells]
            assert all(a != b for a, b in combinations(digits, 2))
            assert run.total is None or sum(digits) == run.total
            checked += 1
    assert checked


def test_the_layout_from_the_arrays_is_the_puzzles_runs():
    rng = random.Random(5)
    for _ in range(30):
        puzzle = random_puzzle(rng)
        layout = run_layout(puzzle)
        number = {cell: k for k, cell in enumerate(white_cells(puzzle))}
        runs = puzzle.runs()
        assert layout.cells == [[number[cell] for cell in run.cells] for run in runs]
        assert layout.tables == [run_table(len(run.cells), run.total) for run in runs]
        run_of = {(k, run.direction): g for g, run in enumerate(runs) for k in layout.cells[g]}
        for g, run in enumerate(runs):
            other = "down" if run.direction == "across" else "across"
            assert [layout.both[k] - g for k in layout.cells[g]] == \
                [run_of[k, other] for k in layout.cells[g]]
