"""A stalled trial is remembered with what its contradiction checks read, put together once
from the keys it changed (``Board.checked_keys``): that must be exactly the union of what
each step's check reads (each changed cell, the cells of each changed segment, their
segment keys, the neighbours of clues beside a changed cell, the cells of each virtual
clue checked), or a remembered stall could be reused where a rerun would not stall."""

from __future__ import annotations

from lightup_grading_support import CORPUS

from pencilsat.grading.lightup.catalogue import SEARCH_ORDER
from pencilsat.grading.lightup.finder import Finder
from pencilsat.grading.lightup.state import Board, ContradictionError, Marks
from pencilsat.grading.lightup.trials import candidate_cells
from pencilsat.puzzles.lightup import parse_puzzle

# stall where trials are needed; 18x10 s010's trials make virtual clues (technique 25)
FILES = ["tatham/10x10-hard/s014.txt", "tatham/18x10-hard/s010.txt"]


def _check_reads(board: Board, changed: set[int]) -> set[int]:
    """What one check of ``changed`` on ``board`` reads, from its definition."""
    geo, n, first_virtual = board.geo, board.n, board.first_virtual
    cells = {key for key in changed if key < n}
    for key in changed:
        if n <= key < first_virtual:
            cells.update(geo.seg_cells[key - n])
    reads = set(cells)
    reads.update(n + geo.hseg[i] for i in cells)
    reads.update(n + geo.vseg[i] for i in cells)
    for clue in {c for i in changed if i < n for c in geo.adj_clues[i]}:
        reads.update(geo.nbrs[clue])
    new_slots = {key - first_virtual for key in changed if key >= first_virtual}
    for anchor, pairs in board.virtual.items():
        for pair in pairs:
            if anchor in new_slots or not pair.isdisjoint(cells):
                reads.update(pair)
    return reads


def _stalled_runs(path: str) -> list[tuple[Board, Board, set[int], set[int]]]:
    """(main board, trial board, keys changed, union of each check's reads) of the trials
    on the first candidate cells that stall without a contradiction."""
    board = Board.from_puzzle(parse_puzzle((CORPUS / path).read_text()))
    finder = Finder(board, SEARCH_ORDER)
    while (hit := finder.next_application()) is not None:
        finder.apply(hit.marks)
    runs = []
    for cell in candidate_cells(board)[:12]:
        for light in (True, False):
            trial = board.copy()
            branch = finder.branch(trial)
            touched: set[int] = set()
            reads: set[int] = set()
            try:
                changed = branch.apply(Marks(lights=frozenset({cell})) if light
                                       else Marks(no_light=frozenset({cell})))
                while True:
                    touched |= changed
                    if trial.contradiction_near(changed) is not None:
                        break
                    reads |= _check_reads(trial, changed)
                    hit = branch.next_application()
                    if hit is None:
                        runs.append((board, trial, touched, reads))
                        break
                    changed = branch.apply(hit.marks)
            except ContradictionError:
                continue
    return runs


def test_checked_keys_are_the_union_of_each_checks_reads() -> None:
    runs = [run for path in FILES for run in _stalled_runs(path)]
    assert len(runs) >= 10
    assert any(trial.virtual for _, trial, _, _ in runs)  # virtual clues are checked too
    for board, trial, touched, reads in runs:
        assert board.checked_keys(touched, trial.virtual) == reads
