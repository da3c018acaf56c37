"""CDCL effort on one fixed complete encoding: to find the answer, and to prove it unique.

Each run loads the genre's complete clause list (``Genre.complete_cnf``) into a fresh PySAT
solver and hands it to the one uniqueness procedure (:func:`~pencilsat.strategies.uniqueness.
prove`); the solver's counters after the first answer are the *solve* figures, the rest the
*prove* figures. A CDCL solver's counts depend on the order it meets variables and clauses:
tdoku's "minisat hardness" averages over many random permutations of the puzzle for that
reason. Here every figure is the mean over ``shuffles`` fixed renamings of the variables and
orderings of the clauses and their literals (seed 0: as built), so it is the same on every
run and steadier than one order. A run is cut off after ``budget`` conflicts (the figure is
then missing), never by the clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from pencilsat.core.result import TimeLimitReached, Verdict
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.strategies.uniqueness import prove

SOLVERS = {"cadical": "cadical195", "minisat": "minisat22"}
"""The solvers measured, by the short name used in measure names."""
FIGURES = ("conflicts", "decisions", "propagations")
PHASES = ("solve", "prove")


@dataclass(frozen=True)
class Shuffled:
    """One ordering of an encoding's clauses: the clauses and the answer literals renamed."""

    clauses: list[list[int]]
    answer: list[int]


def orderings(encoding: ClauseEncoding, shuffles: int) -> Iterator[Shuffled]:
    """The encoding as built (seed 0), then ``shuffles - 1`` seeded renamings of its
    variables with its clauses and their literals in a seeded order."""
    yield Shuffled([list(c) for c in encoding.clauses], list(encoding.answer))
    sizes = np.fromiter((len(c) for c in encoding.clauses), dtype=np.int64,
                        count=len(encoding.clauses))
    flat = np.fromiter((lit for c in encoding.clauses for lit in c), dtype=np.int64,
                       count=int(sizes.sum()))
    owner = np.repeat(np.arange(len(sizes)), sizes)
    answer = np.asarray(list(encoding.answer), dtype=np.int64)
    for seed in range(1, shuffles):
        rng = np.random.default_rng(seed)
        rename = np.concatenate(([0], rng.permutation(encoding.num_vars) + 1))
        clause_rank = rng.permutation(len(sizes))
        order = np.lexsort((rng.random(len(flat)), clause_rank[owner]))
        lits = (np.sign(flat) * rename[np.abs(flat)])[order]
        new_sizes = sizes[np.argsort(clause_rank)]
        ends = np.cumsum(new_sizes).tolist()
        values = lits.tolist()
        starts = [0, *ends[:-1]]
        clauses = [values[a:b] for a, b in zip(starts, ends, strict=True)]
        yield Shuffled(clauses, (np.sign(answer) * rename[np.abs(answer)]).tolist())


class _CountedSearch:
    """An answer search on one PySAT solver that notes the solver's counters after each
    call (for :func:`prove`); a call past the conflict budget raises ``TimeLimitReached``."""

    def __init__(self, solver: Any, answer: list[int], budget: int) -> None:
        self.solver = solver
        self.answer = answer
        self.budget = budget
        self.counters: list[dict[str, int]] = []

    def next_answer(self) -> tuple[bool, ...] | None:
        self.solver.conf_budget(self.budget)
        found = self.solver.solve_limited()
        stats = self.solver.accum_stats() or {}
        self.counters.append({k: int(stats.get(k) or 0) for k in FIGURES})
        if found is None:
            raise TimeLimitReached("search")
        if not found:
            return None
        model = self.solver.get_model()
        return tuple(abs(lit) <= len(model) and model[abs(lit) - 1] == lit
                     for lit in self.answer)

    def forbid(self, answer: tuple[bool, ...]) -> None:
        self.solver.add_clause([-lit if on else lit
                                for lit, on in zip(self.answer, answer, strict=True)])


def cdcl_effort(encoding: ClauseEncoding, *, shuffles: int = 5,
                budget: int = 1_000_000) -> tuple[dict[str, float], list[str]]:
    """``cdcl.<solver>.<phase>.<figure>`` means over the orderings, and notes on what
    could not be measured (a budget reached). ``ValueError`` when the encoding does not
    have exactly one answer."""
    from pysat.solvers import Solver

    sums: dict[str, float] = {}
    counted: dict[str, int] = {}
    notes: list[str] = []
    for ordering in orderings(encoding, shuffles):
        for short, name in SOLVERS.items():
            with Solver(name=name, bootstrap_with=ordering.clauses) as solver:
                search = _CountedSearch(solver, ordering.answer, budget)
                verdict = prove(search).verdict
            if verdict == Verdict.UNKNOWN:
                notes.append(f"{short}: over {budget:,} conflicts")
                continue
            if verdict != Verdict.UNIQUE:
                raise ValueError(f"the complete encoding {encoding.name!r} finds "
                                 f"{verdict.value}, not a unique answer")
            first, second = search.counters
            phases = {"solve": first, "prove": {k: second[k] - first[k] for k in FIGURES}}
            for phase, figures in phases.items():
                for figure, value in figures.items():
                    key = f"cdcl.{short}.{phase}.{figure}"
                    sums[key] = sums.get(key, 0.0) + value
                    counted[key] = counted.get(key, 0) + 1
    means = {key: sums[key] / counted[key] for key in sums if counted[key] == shuffles}
    return means, sorted(set(notes))
