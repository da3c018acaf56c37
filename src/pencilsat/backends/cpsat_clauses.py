"""A CP-SAT model of Boolean variables, clauses and exact counts, built in bulk.

The CP-SAT runs of the connectivity genres solve one model of the rules' clauses (and their
counts as linear sums) again after each batch of cuts; the model can be large (janko
Fillomino 219_20x36: 107,000 clauses). The clauses go in as one text-format message per chunk
(:func:`add_bool_ors`: the constraints ``add_bool_or`` makes, in the same order, in 0.23 s of
CPU instead of 0.57 s), the clock read between chunks. With the variables a one-time presolve
fixed (:mod:`~pencilsat.backends.cpsat_fixings`) the model is written without them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pencilsat.backends.bulk_load import LOAD_CHUNK
from pencilsat.core.clock import check_clock

Clause = Sequence[int]


def bool_model(top: int, clause_parts: Sequence[Sequence[Clause]],
               counts: Sequence[tuple[Sequence[int], int]], deadline: float | None,
               exactly_ones: bool = False,
               fixed: Mapping[int, bool] | None = None) -> tuple[Any, list[Any]]:
    """The ``CpModel`` of Boolean variables ``1..top`` (CP-SAT index ``v - 1`` for variable
    ``v``; the list of variables has ``None`` at 0), every clause of ``clause_parts`` as a
    Boolean OR and each count ``(literals, total)`` as a linear sum (an exactly-one when
    ``exactly_ones`` and the total is 1); ``TimeLimitReached`` once ``deadline`` has passed.
    With ``fixed`` (by CP-SAT index), those variables' domains fixed, the clauses they
    satisfy left out and their false literals dropped, the sums less their fixed terms."""
    from ortools.sat.python import cp_model

    fixed = fixed or {}
    value: list[bool | None] = [None, *(fixed.get(v - 1) for v in range(1, top + 1))]
    cp = cp_model.CpModel()
    variables: list[Any] = [None]
    for v in range(1, top + 1):
        if v % LOAD_CHUNK == 0:
            check_clock(deadline)
        variable = cp.new_bool_var(f"v{v}")
        known = value[v]
        if known is not None:
            variable.proto.domain.clear()
            variable.proto.domain.extend([int(known)] * 2)
        variables.append(variable)

    def literal(lit: int) -> Any:
        return variables[lit] if lit > 0 else variables[-lit].Not()

    refs = [0] + [variable.Index() for variable in variables[1:]]
    for part in clause_parts:
        for first in range(0, len(part), LOAD_CHUNK):
            check_clock(deadline)
            chunk = part[first:first + LOAD_CHUNK]
            if fixed:
                chunk = _without_fixed(chunk, value)
            add_bool_ors(cp, chunk, refs)
    for i, (lits, total) in enumerate(counts):
        if i % LOAD_CHUNK == 0:
            check_clock(deadline)
        if fixed:
            truth = [_truth(lit, value) for lit in lits]
            total -= truth.count(True)
            lits = [lit for lit, known in zip(lits, truth, strict=True) if known is None]
        if exactly_ones and total == 1:
            cp.add_exactly_one([literal(lit) for lit in lits])
        else:
            cp.add(sum(literal(lit) for lit in lits) == total)
    return cp, variables


def add_bool_ors(cp: Any, clauses: Sequence[Clause], refs: Sequence[int]) -> None:
    """Add each clause to the ``CpModel`` ``cp`` as a Boolean OR, variable ``v`` being
    CP-SAT's variable of index ``refs[v]``: the same constraints as ``cp.add_bool_or``, in
    the same order, merged as one text-format message."""
    ref = [str(-r - 1) for r in reversed(refs[1:])] + [str(r) for r in refs]
    middle = len(refs) - 1
    cp.proto.merge_text_format("".join([
        f"constraints{{bool_or{{literals:[{','.join([ref[middle + lit] for lit in clause])}]}}}}"
        for clause in clauses]))


def _without_fixed(clauses: Sequence[Clause], value: Sequence[bool | None]) -> list[Clause]:
    """``clauses`` less those a fixed variable satisfies, less their fixed false literals
    (``value[v]``: variable ``v``'s fixed truth, ``None`` when free)."""
    out: list[Clause] = []
    for clause in clauses:
        truth = [_truth(lit, value) for lit in clause]
        if True not in truth:
            out.append([lit for lit, known in zip(clause, truth, strict=True) if known is None])
    return out


def _truth(lit: int, value: Sequence[bool | None]) -> bool | None:
    """The fixed truth of literal ``lit`` (``None`` when its variable is free)."""
    known = value[abs(lit)]
    return None if known is None else known == (lit > 0)
