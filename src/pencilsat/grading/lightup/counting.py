"""How far counting alone gets: the grader's counting techniques run by themselves.

Tatham's Light Up solver grades a puzzle "easy" when it falls to counting alone: a clue
whose free neighbours are exactly the lights it still needs gets them all, a clue that has
its lights loses its other free neighbours, and a cell that only one free cell can still
light gets its light there. Kashima's techniques that do just that are T1 and T2 (simple
and derived simple placement), T8 and T9 (simple and derived simple exclusion), T3
(isolated cell: only the cell itself can light it) and T4 (rescue: only one other cell
can). The grader's own search tries cheaper techniques first, so a solve that needs no more
than counting may still log diagonal exclusion (T11, cost 7) before rescue (T4, cost 9);
this run of the six counting techniques alone, in the grader's order, says whether more
was needed and how much of the board counting leaves. The score reads it
(:mod:`score`); the level and the step log do not.
"""

from __future__ import annotations

from pencilsat.grading.clock import check_deadline
from pencilsat.grading.lightup.catalogue import SEARCH_ORDER
from pencilsat.grading.lightup.finder import Finder
from pencilsat.grading.lightup.state import Board, ContradictionError
from pencilsat.puzzles.lightup import LightUpPuzzle

COUNTING: frozenset[int] = frozenset({1, 2, 3, 4, 8, 9})
"""Thesis numbers of the techniques that only count: a clue's lights against its free
neighbours (T1, T2, T8, T9), a white cell's possible lighters (T3, T4)."""


def counting_open(puzzle: LightUpPuzzle, deadline: float | None = None) -> float:
    """Share of the white cells still unlit when the counting techniques alone stall (0: the
    puzzle falls to counting). Past ``deadline`` (a ``time.perf_counter`` value) it raises
    ``GradingTimeOut``."""
    board = Board.from_puzzle(puzzle)
    finder = Finder(board, tuple(t for t in SEARCH_ORDER if t.number in COUNTING))
    try:
        while (hit := finder.next_application()) is not None:
            check_deadline(deadline)
            finder.apply(hit.marks)
    except ContradictionError:   # a puzzle without a solution: what counting left so far
        pass
    white = sum(board.geo.white)
    return len(board.unresolved()) / white if white else 0.0
