"""The check every brute-force test of a count and backbone makes: the listed answers are
exactly the oracle's, complete, and the backbone's undecided cells are those where the
oracle's answers differ."""

from __future__ import annotations

from typing import Any

from pencilsat.strategies.solution_space import undecided_cells


def assert_explored_as(result: Any, truth: list[Any]) -> None:
    """``result`` (a solve with ``Exploration(count=len(truth) + 1, backbone=True)``) lists
    ``truth``'s answers, all of them, and its backbone leaves undecided exactly the cells
    where they differ."""
    assert result.count is not None and result.count.complete
    assert set(result.count.solutions) == set(truth)
    assert len(result.count.solutions) == len(truth)
    if truth:
        assert result.backbone is not None and result.backbone.complete
        expected = undecided_cells(truth[0], truth[1:]) if len(truth) > 1 else []
        assert result.backbone.undecided == expected
