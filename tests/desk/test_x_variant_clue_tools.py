"""The clue tools keep the X (diagonal) variant: on a corpus Jigsaw Sudoku read with ``D``,
the redundant givens are those whose removal leaves the X puzzle unique (each checked here
on the X puzzle), and making the plain reading unique adds givens to a plain puzzle, so
the X puzzle needs none."""

from __future__ import annotations

from conftest import CORPUS

from pencilsat.core.result import Verdict
from pencilsat.desk.clues import check_clues
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.strategies.front import solve


def read(diagonal: bool) -> J.JigsawSudokuPuzzle:
    lines = (CORPUS / "jigsawsudoku" / "janko" / "655_6x6.txt").read_text().splitlines()
    if diagonal:
        lines[0] += " D"
    return J.parse_puzzle("\n".join(lines) + "\n")


def test_redundant_givens_of_an_x_jigsaw_are_judged_as_x():
    x = read(True)
    report = check_clues(x)
    assert report.verdict == Verdict.UNIQUE and report.complete
    assert len(report.redundant) + len(report.needed) == len(report.clues) > 0
    for clue in report.redundant:
        fewer = J.without_digit(x, clue)
        assert fewer.diagonal
        assert solve(fewer).verdict == Verdict.UNIQUE
    for clue in report.needed:
        assert solve(J.without_digit(x, clue)).verdict == Verdict.MULTIPLE


def test_the_plain_reading_needs_added_givens_and_stays_plain():
    report = check_clues(read(False))
    assert report.verdict == Verdict.MULTIPLE and report.added
    after = report.puzzle_after
    assert not after.diagonal and solve(after).verdict == Verdict.UNIQUE
