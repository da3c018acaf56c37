"""The formula a certificate refutes: the genre's clauses, the answers blocked, and the cuts
that close the rules the clauses leave out, found by the certificate's own lazy loop on one
solver, the genre's prover (CaDiCaL unless it names another), with the same cut machinery
the strategies use or the encoding's own model cuts (the cuts are checked apart, in
:mod:`~pencilsat.certify.cut_checks`, so their source need not be trusted).

A model of the clauses that breaks a left-out rule gets its cuts; a model that keeps every
rule is an answer, and ends the loop (then the blocked answers were not all).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.result import TimeLimitReached
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.connectivity import Clause, ConnectivityCuts


@dataclass
class Closed:
    """The cuts found; ``answer`` the true literals of a model that kept every rule (an
    answer not blocked), ``None`` when the formula with the cuts is unsatisfiable."""

    cuts: list[Clause] = field(default_factory=list)
    answer: set[int] | None = None
    solves: int = 0


def loop_cuts(cnf: CertifiableCnf, true_edges: Sequence[int]) -> list[Clause]:
    """For a model's used edges: per closed loop, "not all of it and one edge of another";
    "some edge is used" for no edge; nothing for exactly one loop (an answer)."""
    grid = cnf.encoding.loop
    assert grid is not None
    if not true_edges:
        return [list(range(1, len(grid) + 1))]
    ends = grid.ends
    at: dict[int, list[int]] = {}
    for e in true_edges:
        for point in ends[e]:
            at.setdefault(point, []).append(e)
    loops: list[list[int]] = []
    seen: set[int] = set()
    for e in true_edges:
        if e in seen:
            continue
        stack, loop = [e], []
        seen.add(e)
        while stack:
            edge = stack.pop()
            loop.append(edge)
            for point in ends[edge]:
                for other in at[point]:
                    if other not in seen:
                        seen.add(other)
                        stack.append(other)
        loops.append(loop)
    if len(loops) == 1:
        return []
    return [[-e for e in loop] + [-loops[(i + 1) % len(loops)][0]]
            for i, loop in enumerate(loops)]


def close(cnf: CertifiableCnf, blocks: Sequence[Clause], deadline: float | None) -> Closed:
    """Cut models of the clauses plus ``blocks`` until none is left or one keeps the rules."""
    from pysat.solvers import Solver

    from pencilsat.backends.pysat_calls import solve_until

    encoding = cnf.encoding
    cuts = (ConnectivityCuts(cnf.graph, list(cnf.requirements), boundaries=False)
            if cnf.graph is not None and cnf.requirements else None)
    out = Closed()
    with Solver(name=cnf.prover, bootstrap_with=encoding.clauses) as solver:
        for block in blocks:
            solver.add_clause(list(block))
        while True:
            out.solves += 1
            found = solve_until(solver, deadline, [])
            if found is None:
                raise TimeLimitReached()
            if not found:
                return out
            model = solver.get_model()
            if cnf.encoding.loop is not None:
                edges = len(cnf.encoding.loop)
                new = loop_cuts(cnf, [lit for lit in model[:edges] if lit > 0])
            elif cuts is not None or cnf.model_cuts is not None:
                values = np.zeros(max(encoding.num_vars, len(model)) + 1, dtype=bool)
                true = np.asarray([lit for lit in model if lit > 0], dtype=np.int64)
                values[true] = True
                new = cuts.cuts(values) if cuts is not None else []
                if cnf.model_cuts is not None:
                    new += cnf.model_cuts(values)
            else:
                new = []
            if not new:
                out.answer = {lit for lit in model if lit > 0}
                return out
            for clause in new:
                solver.add_clause(clause)
            out.cuts.extend(new)
