"""T3 (isolated cell) is kept without read records: its firing anchors are brought up to date
from the changed segments (``Finder._update_isolated``). They must be exactly the anchors
where ``isolated_cell`` finds a light, after every step of the main search and of trials."""

from __future__ import annotations

from lightup_grading_support import CORPUS

from pencilsat.grading.lightup.catalogue import SEARCH_ORDER
from pencilsat.grading.lightup.finder import Finder, effective
from pencilsat.grading.lightup.placements import isolated_cell
from pencilsat.grading.lightup.state import Board, ContradictionError, Marks
from pencilsat.grading.lightup.trials import candidate_cells
from pencilsat.puzzles.lightup import parse_puzzle

FILES = [*sorted((CORPUS / "tatham" / "10x10-tricky").glob("*.txt"))[:3],
         *sorted((CORPUS / "janko").glob("*_10x10.txt"))[:3]]


def _evaluated(board: Board) -> dict[int, Marks]:
    found = {}
    for anchor in range(board.geo.n):
        if board.geo.white[anchor]:
            board.reads = set()
            marks = effective(board, isolated_cell(board, anchor))
            if marks:
                found[anchor] = marks
    return found


def _run(finder: Finder, limit: int) -> int:
    """Apply up to ``limit`` steps, checking T3's kept anchors before each; the checks made."""
    assert finder.isolated is not None
    checks = 0
    try:
        for _ in range(limit):
            hit = finder.next_application()  # brings the kept anchors up to date
            assert finder.firing[finder.isolated] == _evaluated(finder.board)
            checks += 1
            if hit is None:
                break
            finder.apply(hit.marks)
    except ContradictionError:
        pass
    return checks


def test_isolated_kept_equals_evaluated():
    fired = checks = 0
    for path in FILES:
        board = Board.from_puzzle(parse_puzzle(path.read_text()))
        finder = Finder(board, SEARCH_ORDER)
        assert finder.isolated is not None
        fired += len(finder.firing[finder.isolated])
        checks += _run(finder, 10_000)
        for cell in candidate_cells(board)[:6]:
            for light in (True, False):
                trial = board.copy()
                branch = finder.branch(trial)
                try:
                    branch.apply(Marks(lights=frozenset({cell})) if light
                                 else Marks(no_light=frozenset({cell})))
                except ContradictionError:
                    continue
                checks += _run(branch, 200)
    assert checks > 200 and fired > 0
