"""Sato (2007) Masyu grader, its log: each step fixes at least one border that no earlier step
of the same grade fixed. A contradiction trial that completes the loop hands its own steps to
the log; propagating the same assumption again outside the trial logged each of them twice
(4,775 repeated steps over the janko grades), inflating step counts and the score."""

from __future__ import annotations

from pathlib import Path

import pytest
from masyu_grading_support import CORPUS, corpus_puzzles, dims, graded

JANKO = [p for p in corpus_puzzles() if p.parent.name == "janko" and max(dims(p)) <= 12]
SAMPLE = JANKO[::3]


def repeated_steps(path: Path) -> list[str]:
    grade = graded(path)
    known: dict[tuple, bool] = {}
    repeats = []
    for number, step in enumerate(grade.steps, start=1):
        new = {(b.a, b.b): b.used for b in step.edges if known.get((b.a, b.b)) != b.used}
        if step.edges and not new:
            repeats.append(f"step {number} {step.technique}: {step.text}")
        known.update(new)
    return repeats


@pytest.mark.skipif(not JANKO, reason="shared corpus not present")
def test_sample_holds_trials_that_complete_the_loop():
    completing = [g for g in map(graded, SAMPLE)
                  if any("completes the loop" in s.text for s in g.steps)]
    assert len(completing) >= 5


@pytest.mark.skipif(not JANKO, reason="shared corpus not present")
@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: str(p.relative_to(CORPUS)))
def test_no_step_repeats_a_known_border(path: Path):
    assert repeated_steps(path) == []
