"""r_k of Kullmann's hierarchy on one encoding: unit propagation, the loop rule, probes.

:class:`Propagation` keeps one MiniSat solver per puzzle and asks it for unit propagation
under assumptions (PySAT ``propagate``); unit clauses are passed as assumptions too, so the
solver's root level stays empty and every fixed literal is reported. r_0 is unit propagation
plus, in loop genres (``ClauseEncoding.loop``: the clauses leave the single-loop rule out),
the loop rule: a closed loop of fixed edges must be the whole answer (every other edge off,
and no fixed edge outside it), and an open edge joining the two ends of one line while
another line exists would close a loop too early (off). r_k fixes the negation of any open
answer literal that r_(k-1) refutes once it is assumed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pencilsat.encodings.encoding import ClauseEncoding

PROBE_SOLVER = "minisat22"


class BudgetExhausted(Exception):
    """More propagation calls than the budget allows: the level is left unmeasured."""


class Propagation:
    """r_0 (unit propagation, plus the loop rule in loop genres) over one encoding, on one
    solver kept for every call; unit clauses are passed as assumptions, so the solver's own
    root level stays empty and ``propagate`` reports every fixed literal."""

    def __init__(self, encoding: ClauseEncoding, budget: int | None = None) -> None:
        from pysat.solvers import Solver

        if any(not clause for clause in encoding.clauses):
            raise ValueError("the encoding has an empty clause: the puzzle has no answer")
        self.units = sorted({clause[0] for clause in encoding.clauses if len(clause) == 1})
        self.solver = Solver(name=PROBE_SOLVER,
                             bootstrap_with=[c for c in encoding.clauses if len(c) > 1])
        self.atoms = sorted({abs(lit) for lit in encoding.answer})
        self.loop = encoding.loop
        self.budget = budget
        self.calls = 0

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self) -> Propagation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def fixed(self, assumed: Sequence[int]) -> set[int] | None:
        """Every literal r_0 fixes under ``assumed``; ``None`` on a conflict."""
        lits = list(assumed)
        while True:
            self.calls += 1
            if self.budget is not None and self.calls > self.budget:
                raise BudgetExhausted()
            ok, implied = self.solver.propagate(assumptions=lits)
            if not ok:
                return None
            state = set(implied)
            if self.loop is None:
                return state
            more = self._loop_rule(state)
            if more is None:
                return None
            if not more:
                return state
            lits += more

    def open_literals(self, state: set[int]) -> Iterator[int]:
        """The answer atoms ``state`` leaves open, each as itself and its negation."""
        for atom in self.atoms:
            if atom not in state and -atom not in state:
                yield atom
                yield -atom

    def refuted(self, assumed: list[int], level: int) -> set[int] | None:
        """``None`` when r_``level`` refutes ``assumed``; else the literals its fixpoint
        fixes (found one literal at a time, which reaches the same fixpoint)."""
        state = self.fixed(assumed)
        if state is None or level == 0:
            return state
        assumed = list(assumed)
        progress = True
        while progress:
            progress = False
            safe: set[int] = set()
            for lit in list(self.open_literals(state)):
                if lit in safe or lit in state or -lit in state:
                    continue
                inner = self.refuted(assumed + [lit], level - 1)
                if inner is not None:
                    safe |= inner  # a literal a surviving probe fixes survives its own probe
                    continue
                assumed.append(-lit)
                state = self.fixed(assumed)
                if state is None:
                    return None
                progress = True
                safe = set()
        return state

    def wave(self, assumed: list[int], state: set[int], level: int) -> list[int]:
        """Every literal r_``level`` fixes in one step from ``state``: the negations of the
        open literals that r_(``level`` - 1) refutes, each probed in the same state."""
        found = []
        safe: set[int] = set()
        for lit in list(self.open_literals(state)):
            if lit in safe:
                continue
            inner = self.refuted(assumed + [lit], level - 1)
            if inner is None:
                found.append(-lit)
            else:
                safe |= inner
        return found

    def _loop_rule(self, state: set[int]) -> list[int] | None:
        """The single-loop rule on the fixed edges: ``None`` when it is broken, else the
        edges it turns off (empty: nothing new)."""
        assert self.loop is not None
        ends = self.loop.ends
        count = len(self.loop)
        on = [v for v in range(1, count + 1) if v in state]
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            parent.setdefault(x, x)
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        closed = None
        for v in on:
            ra, rb = find(ends[v][0]), find(ends[v][1])
            if ra == rb:
                closed = ra
            else:
                parent[ra] = rb
        if closed is not None:  # a closed loop: the answer, if nothing lies outside it
            root = find(closed)
            if any(find(ends[v][0]) != root for v in on):
                return None
            return [-v for v in range(1, count + 1) if v not in state and -v not in state]
        roots = {find(ends[v][0]) for v in on}
        out = []
        for v in range(1, count + 1):
            if v in state or -v in state:
                continue
            a, b = ends[v]
            if a not in parent or b not in parent or find(a) != find(b):
                continue
            if len(roots) > 1:
                out.append(-v)
        return out
