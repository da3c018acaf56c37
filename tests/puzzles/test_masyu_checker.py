"""The independent rule checker accepts valid answers and names every broken rule."""

from __future__ import annotations

import numpy as np
import pytest

from pencilsat.puzzles import masyu as M


def grid(rows: list[str]) -> M.MasyuPuzzle:
    return M.parse_puzzle(f"masyu {len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")


def pipes(rows: list[str]) -> M.MasyuSolution:
    return M.solution_from_rows(rows, len(rows[0]), len(rows))


def rules(puzzle, solution) -> set[str]:
    return {v.rule for v in M.check(puzzle, solution)}


def test_seed_solution_is_valid(corpus):
    p = M.parse_puzzle((corpus / "masyu/seed_36x20.txt").read_text())
    s = M.parse_solution((corpus / "masyu/seed_36x20.sol").read_text())
    assert M.check(p, s) == []


RING = ["F-7", "|.|", "L-J"]


@pytest.mark.parametrize(
    "rows, pearls, rule",
    [
        (RING, ["...", "...", "..."], None),
        (RING, ["...", ".W.", "..."], "unvisited-pearl"),
        (RING, ["W..", "...", "..."], "white-not-straight"),
        (["F7", "LJ"], ["..", ".."], None),
        (["F--7", "L--J"], [".W..", "...."], None),
        (["F---7", "L---J"], ["..W..", "....."], "white-no-turn-beside"),
        (RING, [".B.", "...", "..."], "black-not-turning+black-arm-not-straight"),
        (["F-7", "L-J"], ["B..", "..."], "black-arm-not-straight"),
        (["F7F7", "LJLJ"], ["....", "...."], "more-than-one-loop"),
    ],
)
def test_each_rule(rows, pearls, rule):
    found = rules(grid(pearls), pipes(rows))
    assert found == (set() if rule is None else set(rule.split("+")))


def test_branch_and_dead_end_are_named():
    p = grid(["...", "...", "..."])
    ring = set(pipes(RING).edges)
    branch = M.MasyuSolution(frozenset(ring | {((0, 1), (1, 1))}), 3, 3)
    assert {"branch", "dead-end"} <= rules(p, branch)
    open_line = M.MasyuSolution(frozenset(ring - {((0, 0), (0, 1))}), 3, 3)
    assert rules(p, open_line) == {"dead-end"}


def test_empty_drawing_is_no_loop():
    p = M.MasyuPuzzle(np.zeros((2, 2)))
    assert "no-loop" in rules(p, M.MasyuSolution(frozenset(), 2, 2))


def test_violation_names_the_cell():
    v = M.check(grid(["...", ".W.", "..."]), pipes(RING))
    assert v[0].cell == (1, 1)
