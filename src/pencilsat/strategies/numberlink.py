"""Numberlink strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.numberlink` (degrees and pair labels on the edge grid,
"no stray loop" as "every used edge is joined to a number") and hand it to the shared
connectivity runs (:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and
``run_shading_cpsat``): a model with a loop gets a cut "some edge at the loop's cells leaves
it". ``complete_cnf`` writes the same rules as one fixed clause list for ``pencilsat study``;
``certify_cnf`` is the ``lazy`` run's clauses with the requirement its cuts stand for.

Solving (no count or backbone asked) looks only at answers no line of which can be cut
short (:func:`~pencilsat.encodings.numberlink.shortcut_free`), and before the second search
tries to bend an edge of the first answer round through unused cells
(:func:`~pencilsat.encodings.numberlink.detour`): the verdict is the same, the proof
smaller. A count or backbone needs every answer, so it runs on the rules alone.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pencilsat.core.result import SolveResult
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.numberlink import build, detour
from pencilsat.encodings.numberlink import complete_cnf as complete_clauses
from pencilsat.puzzles.numberlink import NumberlinkPuzzle
from pencilsat.strategies.connected_runs import (
    GROWN_CUTS,
    certify_shading,
    run_shading_cnf,
    run_shading_cpsat,
)
from pencilsat.strategies.solution_space import asked

Truth = tuple[bool, ...]


class DetourFirst:
    """The lazy search over shortcut-free answers, offering before its second search an
    answer made from the first by :func:`~pencilsat.encodings.numberlink.detour`. Answers
    are the truth of the edge variables ``1..E``, in order."""

    def __init__(self, search: Any, puzzle: NumberlinkPuzzle) -> None:
        self.search = search
        self.puzzle = puzzle
        self.grid = GridEdges(puzzle.width, puzzle.height)
        self.first: Truth | None = None
        self.tried = False

    def next_answer(self) -> Truth | None:
        if self.first is not None and not self.tried:
            self.tried = True
            used = np.flatnonzero(self.first) + 1
            bent = detour(self.puzzle, self.grid.edge_pairs(used.tolist()))
            if bent is not None:
                truth = [False] * len(self.grid)
                for e in bent:
                    truth[self.grid.var[e] - 1] = True
                return tuple(truth)
        answer: Truth | None = self.search.next_answer()
        return answer

    def forbid(self, answer: Truth) -> None:
        if self.first is None:
            self.first = answer
        self.search.forbid(answer)


def _settings(puzzle: NumberlinkPuzzle) -> tuple[bool, Any]:
    """Shortcut-free answers and the detour front, unless a count or backbone is asked."""
    if asked() is not None:
        return False, None
    return True, lambda search: DetourFirst(search, puzzle)


def run_cnf(puzzle: NumberlinkPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None,
            grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``)."""
    shortest, wrap = _settings(puzzle)
    return run_shading_cnf(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                          shortest=shortest),
                           sat_solver=sat_solver, time_limit=time_limit, grown_cuts=grown_cuts,
                           wrap=wrap)


def run_cpsat(puzzle: NumberlinkPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              grown_cuts: int = GROWN_CUTS) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts."""
    shortest, wrap = _settings(puzzle)
    return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline,
                                                            shortest=shortest),
                             time_limit=time_limit, grown_cuts=grown_cuts, wrap=wrap)


def complete_cnf(puzzle: NumberlinkPuzzle) -> ClauseEncoding:
    """The rules as one fixed clause list, "no loop" by ranked parents from the numbers."""
    return complete_clauses(puzzle)


def certify_cnf(puzzle: NumberlinkPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rule."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
