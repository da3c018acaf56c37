"""Sato (2007) Masyu grader, soundness on the corpus: every border a technique fixes agrees
with the unique solution (read here, by the test, never by the engine)."""

from __future__ import annotations

from pathlib import Path

import pytest
from masyu_grading_support import CORPUS, corpus_puzzles, dims, grade_and_check

ALL = corpus_puzzles()
SMALL = [p for p in ALL if max(dims(p)) <= 10]
LARGER_SAMPLE = [p for p in ALL if max(dims(p)) > 10 and dims(p)[0] * dims(p)[1] <= 400][::15]
needs_corpus = pytest.mark.skipif(not ALL, reason="shared corpus not present")


@needs_corpus
def test_sample_is_large_enough():
    assert len(SMALL) + len(LARGER_SAMPLE) >= 100


@needs_corpus
@pytest.mark.parametrize("path", SMALL + LARGER_SAMPLE, ids=lambda p: str(p.relative_to(CORPUS)))
def test_no_deduction_contradicts_the_solution(path: Path):
    grade = grade_and_check(path)
    assert 1 <= grade.level <= 3
