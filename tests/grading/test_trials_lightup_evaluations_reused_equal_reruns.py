"""Technique evaluations made inside trials are reused wherever they read the same values
(``evaluations.EvaluationMemo``): the grade must be exactly the one that runs every
evaluation, its trial records (attempts, deductions) included, with fewer evaluations run."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lightup_grading_support import CORPUS

from pencilsat.grading.lightup import engine
from pencilsat.grading.lightup.catalogue import SEARCH_ORDER
from pencilsat.grading.lightup.engine import grade_lightup
from pencilsat.grading.lightup.placements import isolated_cell
from pencilsat.grading.lightup.state import Board, Marks
from pencilsat.puzzles.lightup import parse_puzzle

# puzzles whose grades need trials: Tatham hard ones (trials compared for the shortest),
# janko 803_17x17 (also past the trial budget: the first deciding trial)
FILES = ["tatham/10x10-hard/s014.txt", "tatham/10x10-hard/s037.txt",
         "tatham/18x10-hard/s010.txt", "janko/803_17x17.txt"]


def _record(path: str) -> list[tuple[str, object]]:
    grade = grade_lightup(parse_puzzle((CORPUS / path).read_text()), score=False)
    assert grade.finished
    return [(s.text, s.trial) for s in grade.steps] + [("level", grade.level)]


@pytest.mark.parametrize("path", FILES)
def test_reused_evaluations_give_the_rerun_grade(path: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    runs = [0]

    def counted(detect):
        def run(board: Board, anchor: int) -> Marks:
            runs[0] += 1
            return detect(board, anchor)
        return run

    monkeypatch.setattr(engine, "SEARCH_ORDER", tuple(
        t if t.detect is isolated_cell else replace(t, detect=counted(t.detect))
        for t in SEARCH_ORDER))
    reused = _record(path)
    with_memo = runs[0]
    monkeypatch.setattr(engine, "EvaluationMemo", lambda board: None)
    runs[0] = 0
    assert _record(path) == reused
    assert with_memo < runs[0]  # the memo saved evaluations, so the comparison tests it
