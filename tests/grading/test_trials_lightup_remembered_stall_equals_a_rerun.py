"""A trial that stalled is not rerun while nothing it read or changed has changed
(``trials._stalls_again``): the grade must be exactly the one that reruns every trial, its
trial records (attempts, deductions) included, on puzzles where remembered stalls are used."""

from __future__ import annotations

from typing import Any

import pytest
from lightup_grading_support import CORPUS

from pencilsat.grading.lightup import engine, trials
from pencilsat.grading.lightup.engine import grade_lightup
from pencilsat.puzzles.lightup import parse_puzzle

# janko puzzles whose grades reuse remembered stalls (6-239 times each; 559_10x10 the
# slowest 10x10 grade, where its trials compare for the shortest, with a limit)
FILES = ["65_14x24.txt", "803_17x17.txt", "966_20x36.txt", "559_10x10.txt"]


def _record(path: str) -> list[tuple[str, object]]:
    grade = grade_lightup(parse_puzzle((CORPUS / "janko" / path).read_text()), score=False)
    assert grade.finished
    return [(s.text, s.trial) for s in grade.steps] + [("level", grade.level)]


@pytest.mark.parametrize("path", FILES)
def test_remembered_stalls_give_the_rerun_grade(path: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    reused = []
    stalls_again = trials._stalls_again

    def counting(*args: Any) -> int | None:
        found = stalls_again(*args)
        if found is not None:
            reused.append(found)
        return found

    monkeypatch.setattr(trials, "_stalls_again", counting)
    remembered = _record(path)
    assert reused  # the memo was used, so the comparison below tests it
    monkeypatch.setattr(engine, "KeyStamps", lambda board: None)
    reused.clear()
    assert _record(path) == remembered
    assert not reused
