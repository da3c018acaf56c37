"""Unit propagation in parallel rounds, for many assumptions at once.

A round fixes together every literal that a clause (or the single-loop rule) forces in the
state the round starts from, so the number of rounds is the length of the longest chain of
dependent unit steps. :class:`Rounds` runs this for one starting state and many probes (one
assumed literal each) side by side: the state of every probe is a column of a matrix, and a
round is three sparse products (scipy), so a Sudoku's 400 probes cost about as much as a few
single runs. It answers two questions: how many rounds r_0 takes from the clues, and which
probes unit propagation refutes in the fewest rounds (the *depth* of a failed literal, the
length of its forcing chain).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.loops.edges import GridEdges

MAX_ROUNDS = 10_000
"""A safety net only: rounds end at a fixpoint long before (each one fixes a literal)."""


@dataclass(frozen=True)
class Refutations:
    """The probes unit propagation refutes first: after ``depth`` rounds, ``literals``."""

    depth: int
    literals: list[int]


class Rounds:
    """The clauses of one encoding, ready for batches of parallel unit propagation."""

    def __init__(self, encoding: ClauseEncoding) -> None:
        clauses = encoding.clauses
        sizes = np.fromiter((len(c) for c in clauses), dtype=np.int64, count=len(clauses))
        self.lits = np.fromiter((lit for c in clauses for lit in c), dtype=np.int64,
                                count=int(sizes.sum()))
        self.owner = np.repeat(np.arange(len(clauses)), sizes)
        self.num_clauses = len(clauses)
        self.num_vars = encoding.num_vars
        self.loop = encoding.loop

    def rounds_from(self, values: np.ndarray) -> int:
        """Rounds until unit propagation (and the loop rule) stops, from ``values`` (per
        variable 1, -1 or 0 for open; index 0 unused); ``ValueError`` on a conflict."""
        batch = _Batch(self, values, [])
        rounds = 0
        while True:
            broken, clash, changed = batch.step()
            if broken[0] or clash[0]:
                raise ValueError("unit propagation refutes the clues: the puzzle has no answer")
            if not changed[0]:
                return rounds
            rounds += 1

    def first_refutations(self, values: np.ndarray, probes: Sequence[int]) -> Refutations | None:
        """Of the ``probes`` (literals open in ``values``), those unit propagation refutes in
        the fewest rounds; ``None`` when it refutes none of them."""
        if not probes:
            return None
        batch = _Batch(self, values, list(probes))
        if not batch.probes:
            return None
        pending = np.zeros(len(batch.probes), dtype=bool)
        for depth in range(MAX_ROUNDS):
            broken, clash, changed = batch.step()
            hit = broken | pending
            if hit.any():
                return Refutations(depth, [batch.probes[i] for i in np.flatnonzero(hit)])
            keep = changed | clash
            batch.keep(keep)
            pending = clash[keep]
            if not batch.probes:
                return None
        raise RuntimeError("unit propagation did not reach a fixpoint")


class _Batch:
    """The clauses that ``values`` leaves open, restricted to its open variables, and one
    column of literal truth values per probe."""

    def __init__(self, rounds: Rounds, values: np.ndarray, probes: list[int]) -> None:
        from scipy import sparse

        lits, owner = rounds.lits, rounds.owner
        truth = values[np.abs(lits)] * np.sign(lits)
        satisfied = np.zeros(rounds.num_clauses, dtype=bool)
        satisfied[owner[truth > 0]] = True
        keep = ~satisfied[owner] & (truth == 0)
        lits, owner = lits[keep], owner[keep]
        clause_ids, owner = np.unique(owner, return_inverse=True)
        variables, var_index = np.unique(np.abs(lits), return_inverse=True)
        self.variables = variables
        self.size = len(variables)
        # literal rows: 0..V-1 positive, V..2V-1 negative
        rows = np.where(lits > 0, var_index, var_index + self.size)
        shape = (len(clause_ids), 2 * self.size)
        self.matrix = sparse.csr_matrix((np.ones(len(lits), dtype=np.int32), (owner, rows)),
                                        shape=shape)
        codes = np.concatenate((np.arange(1, self.size + 1), -np.arange(1, self.size + 1)))
        self.coded = sparse.csr_matrix((codes[rows].astype(np.int32), (owner, rows)),
                                       shape=shape)
        self.lengths = np.asarray(self.matrix.sum(axis=1)).ravel().astype(np.int32)
        self.complement = np.concatenate((np.arange(self.size, 2 * self.size),
                                          np.arange(self.size)))
        position = {v: i for i, v in enumerate(variables.tolist())}
        # a probe on a variable no open clause holds can never be refuted
        self.probes = [lit for lit in probes if abs(lit) in position] if probes else [0]
        self.true = np.zeros((2 * self.size, len(self.probes)), dtype=np.int32)
        for column, lit in enumerate(self.probes if probes else []):
            row = position[abs(lit)] + (0 if lit > 0 else self.size)
            self.true[row, column] = 1
        self.loop = _LoopState(rounds.loop, values, variables) if rounds.loop else None

    def keep(self, columns: np.ndarray) -> None:
        """Drop the probes whose column ``columns`` is false (they reached a fixpoint)."""
        self.true = self.true[:, columns]
        self.probes = [p for p, kept in zip(self.probes, columns.tolist(), strict=True) if kept]

    def step(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One round for every probe: whether its current state breaks a clause (or the loop
        rule), whether the round forces a literal and its negation (the next state breaks),
        and whether it fixed a new literal; the states are updated in place."""
        true = self.true
        false = true[self.complement]
        true_count = self.matrix @ true
        false_count = self.matrix @ false
        open_count = self.lengths[:, None] - true_count - false_count
        unsatisfied = true_count == 0
        broken = (unsatisfied & (open_count == 0)).any(axis=0)
        unit = unsatisfied & (open_count == 1)
        sums = self.coded @ (1 - true - false)
        clause, column = np.nonzero(unit)
        forced = sums[clause, column]
        new = np.zeros_like(true)
        rows = np.where(forced > 0, forced - 1, -forced - 1 + self.size)
        new[rows, column] = 1
        if self.loop is not None:
            loop_broken, loop_new = self.loop.apply(true)
            broken |= loop_broken
            new |= loop_new
        new &= 1 - true
        clash = (new & new[self.complement]).any(axis=0) | (new & false).any(axis=0)
        changed = new.any(axis=0)
        self.true = true | new
        return np.asarray(broken), np.asarray(clash), np.asarray(changed)


class _LoopState:
    """The single-loop rule on a batch: the edges among the open variables, and the edges
    ``values`` already fixes."""

    def __init__(self, grid: GridEdges, values: np.ndarray, variables: np.ndarray) -> None:
        self.grid = grid
        count = len(grid)
        self.fixed_on = np.flatnonzero(values[1:count + 1] > 0) + 1
        is_edge = variables <= count
        self.rows = np.flatnonzero(is_edge)
        self.edges = variables[is_edge]
        self.size = len(variables)
        end_a, end_b, _ = grid.arrays()
        self.end_a, self.end_b = end_a, end_b
        self.points = grid.width * grid.height

    def apply(self, true: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per probe, whether its edges break the rule, and the open edges it turns off."""
        from scipy import sparse
        from scipy.sparse.csgraph import connected_components

        columns = true.shape[1]
        new = np.zeros_like(true)
        on_open = true[self.rows].astype(bool)  # open edges set on, per probe
        off_open = true[self.rows + self.size].astype(bool)
        edge_of, probe_of = np.nonzero(on_open)
        edges = np.concatenate((np.repeat(self.fixed_on, columns), self.edges[edge_of]))
        probes = np.concatenate((np.tile(np.arange(columns), len(self.fixed_on)), probe_of))
        if not len(edges):
            return np.zeros(columns, dtype=bool), new
        base = probes * self.points
        a, b = base + self.end_a[edges], base + self.end_b[edges]
        nodes = columns * self.points
        graph = sparse.csr_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(nodes, nodes))
        _, labels = connected_components(graph, directed=False)
        label = labels[a]
        edge_count = np.bincount(label, minlength=nodes)
        touched = np.unique(np.concatenate((a, b)))
        node_count = np.bincount(labels[touched], minlength=nodes)
        is_cycle = (edge_count > 0) & (edge_count >= node_count)
        pairs = np.unique(np.stack((probes, label), axis=1), axis=0)
        components = np.bincount(pairs[:, 0], minlength=columns)
        cycles = np.bincount(pairs[:, 0], weights=is_cycle[pairs[:, 1]], minlength=columns)
        conflict = (cycles > 0) & (components > 1)
        open_edges = ~on_open & ~off_open
        # a closed loop alone is the answer: every other edge is off
        alone = (cycles > 0) & (components == 1)
        close_off = open_edges & alone[None, :]
        # an edge that would close one path while other lines exist is off
        probe_grid = np.arange(columns)[None, :] * self.points
        ends_a = labels[probe_grid + self.end_a[self.edges][:, None]]
        ends_b = labels[probe_grid + self.end_b[self.edges][:, None]]
        premature = open_edges & (ends_a == ends_b) & (components > 1)[None, :]
        off = close_off | premature
        new[self.rows + self.size] = off.astype(true.dtype)
        return conflict, new
