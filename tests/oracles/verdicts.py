"""What a verdict must be, given every answer the brute force found, and the check that a
solve's verdict and the answers it shows are the rules'."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilsat.core.result import SolveResult, Verdict


def verdict_of(truth: Sequence[Any]) -> Verdict:
    """``none``, ``unique`` or ``multiple`` for that many answers."""
    return {0: Verdict.NONE, 1: Verdict.UNIQUE}.get(len(truth), Verdict.MULTIPLE)


def assert_rules_verdict(result: SolveResult, truth: Sequence[Any]) -> None:
    """``result`` has the brute force's verdict, and the answers it shows are two different
    answers of ``truth`` where there are two."""
    assert result.verdict == verdict_of(truth)
    if truth:
        assert result.solution in truth
    if len(truth) > 1:
        assert result.second_solution in truth
        assert result.second_solution != result.solution
