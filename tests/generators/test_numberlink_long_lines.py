"""``generate numberlink``'s long lines: drawn lines cover the cells once (a lone cell may
stay unused), none touches itself, each keeps two cells; a join keeps only lines that do
not touch themselves; made puzzles have few pairs, near janko's, and stay unique."""

from __future__ import annotations

import random

import pytest

from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.numberlink_long import joins, long_lines
from pencilsat.generators.order import Order
from pencilsat.strategies.front import solve


def _touches_itself(line, width, height):
    at = {cell: i for i, cell in enumerate(line)}
    return any(abs(at[(r + dr, c + dc)] - i) > 1 for i, (r, c) in enumerate(line)
               for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if (r + dr, c + dc) in at)


@pytest.mark.parametrize("width,height", [(10, 10), (7, 12), (15, 15), (3, 3)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_long_lines_cover_the_grid_once_and_never_touch_themselves(width, height, seed):
    lines = long_lines(random.Random(seed), width, height)
    cells = [cell for line in lines for cell in line]
    assert len(cells) == len(set(cells)) and len(cells) >= width * height - 3
    assert all(0 <= r < height and 0 <= c < width for r, c in cells)
    assert all(len(line) >= 2 for line in lines)
    assert not any(_touches_itself(line, width, height) for line in lines)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
               for line in lines for a, b in zip(line, line[1:], strict=False))


def test_a_join_that_would_touch_itself_is_not_offered():
    lines = [[(0, 0), (0, 1)], [(0, 2), (1, 2)], [(1, 1), (1, 0)]]
    layouts = joins(lines, 3, 2)
    joined = [layout[-1] for layout in layouts]
    assert [(0, 0), (0, 1), (0, 2), (1, 2)] in joined  # an L, not touching itself
    assert all(not _touches_itself(line, 3, 2) for line in joined)
    assert all(len(layout) == len(lines) - 1 for layout in layouts)


def test_made_puzzles_have_few_pairs_and_one_answer():
    """janko's 10x10 have a median of 7 pairs; the short lines had about 17."""
    pairs = []
    for seed in range(1, 6):
        made = Order("numberlink", 10, 10).make(seed)
        assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
        proof = solve(made.puzzle, encoding="lazy-cpsat")
        assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
        pairs.append(made.clues)
    assert sorted(pairs)[2] <= 11
