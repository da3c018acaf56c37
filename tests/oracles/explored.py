"""The checks the brute-force tests share: a count and backbone (the listed answers are
exactly the oracle's, complete, and the backbone's undecided cells are those where the
oracle's answers differ), and a complete clause list (its models, one per answer, are
exactly the oracle's answers)."""

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


def clause_models(encoding: Any) -> list[Any]:
    """Every answer a ``ClauseEncoding``'s models decode to, one model per answer: each model
    found is decoded, then its values of the answer atoms are blocked (with no answer atoms,
    the one model is the only answer)."""
    from pysat.solvers import Solver

    found = []
    with Solver(name="cadical195", bootstrap_with=encoding.clauses) as solver:
        while solver.solve():
            model = set(lit for lit in solver.get_model() if lit > 0)
            found.append(encoding.decode(model))
            if not encoding.answer:
                break
            solver.add_clause([-v if v in model else v for v in encoding.answer])
    return found


def assert_models_are(encoding: Any, truth: list[Any]) -> None:
    """The complete clause list's models are exactly ``truth``'s answers: each once (the
    answer atoms tell answers apart), none missing, none more."""
    found = clause_models(encoding)
    assert len(found) == len(set(found))
    assert set(found) == set(truth)
