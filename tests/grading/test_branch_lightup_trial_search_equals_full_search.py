"""A trial's branch finder looks only for the next application (dirty anchors in row-major
order up to the first that fires, anchors whose mark rules a technique out settled without
running it): it must pick exactly what a full search from scratch picks, step by step."""

from __future__ import annotations

from pathlib import Path

from lightup_grading_support import CORPUS

from pencilsat.grading.lightup.catalogue import SEARCH_ORDER
from pencilsat.grading.lightup.finder import Finder
from pencilsat.grading.lightup.state import Board, ContradictionError, Marks
from pencilsat.grading.lightup.trials import candidate_cells
from pencilsat.puzzles.lightup import parse_puzzle

FILES = sorted((CORPUS / "tatham" / "10x10-hard").glob("*.txt"))[:4]


def _steps(finder: Finder, limit: int) -> list[tuple[int, int, Marks]] | str:
    """The applications ``finder`` makes until it stalls, or the contradiction it meets."""
    out: list[tuple[int, int, Marks]] = []
    try:
        while len(out) < limit and (hit := finder.next_application()) is not None:
            out.append((hit.technique.number, hit.anchor, hit.marks))
            finder.apply(hit.marks)
    except ContradictionError as err:
        return str(err)
    return out


def test_branch_steps_equal_a_fresh_full_search():
    compared = 0
    for path in FILES:
        compared += _compare_trials(path)
    assert compared >= 40  # the sample has puzzles where the techniques stall


def _compare_trials(path: Path) -> int:
    """Follow assumptions on the first free cells where the techniques stall, on a branch
    and on a fresh finder; 0 when the techniques alone solve the puzzle."""
    board = Board.from_puzzle(parse_puzzle(path.read_text()))
    finder = Finder(board, SEARCH_ORDER)
    _steps(finder, 10_000)  # stall the main search, as the grader does before a trial
    compared = 0
    cells = candidate_cells(board)[:8]
    for cell in cells:
        for light in (True, False):
            assumption = (Marks(lights=frozenset({cell})) if light
                          else Marks(no_light=frozenset({cell})))
            lazy_board, full_board = board.copy(), board.copy()
            lazy = finder.branch(lazy_board)
            full = Finder(full_board, SEARCH_ORDER)
            try:
                lazy.apply(assumption)
                full.apply(assumption)
            except ContradictionError:
                continue
            got, want = _steps(lazy, 200), _steps(full, 200)
            assert got == want
            assert lazy_board.state == full_board.state
            compared += 1
    return compared
