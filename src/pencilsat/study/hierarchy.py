"""How strong an inference derives a puzzle's whole answer, and in how many dependent steps.

Kullmann's hierarchy of generalised unit propagation (Gwynne & Kullmann 2013, after
Kullmann 1999/2004): r_0 is unit propagation and r_k fixes the negation of any literal that
r_(k-1) refutes. The *level* is the smallest k whose fixpoint from the clues fixes every
answer atom; on Sudoku's extended encoding r_0 is exactly the singles (Lynce & Ouaknine
2006). Failed literals (r_1) finish nearly every published puzzle in one sweep, so the steps
are graded as humans grade forcing chains: easiest first, each step fixes together every
literal whose refutation takes the fewest rounds of unit propagation (its *depth*); a level-k
wave (k >= 2) is used only when no literal fails at level 1. The number of steps is the depth
of the dependency among them (Pelánek 2011), and neither figure depends on probe order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.study.propagation import Propagation
from pencilsat.study.rounds import Rounds


@dataclass(frozen=True)
class Hierarchy:
    """What the hierarchy found for one puzzle.

    ``level``: the smallest k whose r_k derives the answer (``None``: none up to the maximum
    level tried); ``shares[k]``: the share of answer atoms r_k fixes from the clues;
    ``up_rounds``: parallel rounds of r_0 from the clues; ``depths``: the depth of each
    level-1 step in order; ``waves[k - 2]``: level-k waves; ``failed``: literals fixed by
    steps and waves."""

    level: int | None
    shares: tuple[float, ...]
    up_rounds: int
    depths: tuple[int, ...]
    waves: tuple[int, ...]
    failed: int


def hierarchy(encoding: ClauseEncoding, max_level: int = 2,
              budget: int | None = None) -> Hierarchy:
    """The level, steps and shares of ``encoding``'s puzzle (module docstring).

    ``budget`` caps the propagation calls of the level-2-and-above waves
    (:class:`~pencilsat.study.propagation.BudgetExhausted`); ``ValueError`` when the clues
    contradict each other."""
    rounds = Rounds(encoding)
    with Propagation(encoding, budget) as prop:
        assumed = list(prop.units)
        state = prop.fixed(assumed)
        if state is None:
            raise ValueError("unit propagation refutes the clues: the puzzle has no answer")
        up_rounds = rounds.rounds_from(np.zeros(encoding.num_vars + 1, dtype=np.int8))
        total = len(prop.atoms)

        def share(current: set[int]) -> float:
            done = sum(1 for atom in prop.atoms if atom in current or -atom in current)
            return done / total if total else 1.0

        shares: list[float | None] = [None] * (max_level + 1)
        depths: list[int] = []
        waves = [0] * max(0, max_level - 1)
        failed = 0
        used = 0
        while True:
            probes = list(prop.open_literals(state))
            if not probes:
                break
            found: list[int] = []
            if max_level >= 1:
                if shares[0] is None:
                    shares[0] = share(state)
                refuted = rounds.first_refutations(_values(state, encoding.num_vars), probes)
                if refuted is not None:
                    found = [-lit for lit in refuted.literals]
                    depths.append(refuted.depth)
                    used = max(used, 1)
            for level in range(2, max_level + 1):
                if found:
                    break
                if shares[level - 1] is None:
                    shares[level - 1] = share(state)
                found = prop.wave(assumed, state, level)
                if found:
                    waves[level - 2] += 1
                    used = max(used, level)
            if not found:
                break
            failed += len(found)
            assumed += sorted(found, key=lambda lit: (abs(lit), lit))
            fixed = prop.fixed(assumed)
            if fixed is None:
                raise ValueError("the clues contradict each other")
            state = fixed
        solved = not any(True for _ in prop.open_literals(state))
        final = share(state)
        return Hierarchy(level=used if solved else None,
                         shares=tuple(final if s is None else s for s in shares),
                         up_rounds=up_rounds, depths=tuple(depths), waves=tuple(waves),
                         failed=failed)


def _values(state: set[int], num_vars: int) -> np.ndarray:
    """``state`` as per-variable values (1, -1, 0 open; index 0 unused)."""
    values = np.zeros(num_vars + 1, dtype=np.int8)
    lits = np.fromiter(state, dtype=np.int64, count=len(state))
    values[np.abs(lits)] = np.sign(lits)
    return values
