"""What a certificate is about: a genre's rules as plain clauses, plus the rules the clauses
leave to cuts (the single loop, connected cells), in a form a separate checker can re-justify.

A certificate proves "no answer other than this one" as: the clauses, the cuts and the
blocked answer are unsatisfiable together (a DRAT proof), every cut follows from the rules
left out (checked cut by cut), and every answer of the puzzle is a model of the clauses (the
encoding, pinned by the hash of the clauses a call rebuilds from the puzzle). The loop
machinery's clauses leave the single-loop rule to ``encoding.loop``; the connectivity
machinery's leave "these cells are connected" to ``requirements`` over ``graph``; the
size-labelled cells' (Fillomino) leave "every block has its size" to ``labels``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pencilsat.encodings.connectivity import Graph, Requirement
from pencilsat.encodings.encoding import ClauseEncoding

ModelCuts = Callable[[np.ndarray], list[list[int]]]
"""The cuts of a model (booleans indexed by variable) that breaks a rule left out."""


@dataclass(frozen=True)
class SizedLabels:
    """Cells labelled with their block's size, the block-size rule left to cuts: a
    ``width x height`` grid (cell ``r * width + c``), each cell's possible labels
    (``domains``, row-major; variable ``1, 2, ...`` is each cell's labels in turn, in the
    order given) and ``open_label``: the label standing for every size from it on
    (``None``: every label is its size)."""

    width: int
    height: int
    domains: tuple[tuple[int, ...], ...]
    open_label: int | None = None


@dataclass(frozen=True)
class CertifiableCnf:
    """``encoding``: the clauses over variables ``1..num_vars``, the answer variables (what
    two answers differ in) and ``decode`` (the set of true literals to a solution);
    ``encoding.loop`` the edge grid when the single-loop rule is left out; ``graph`` and
    ``requirements`` the connectivity rules left out (none when every rule is a clause);
    ``labels`` the block-size rule left out, cut by ``model_cuts``; ``settings``: what the
    clauses were built with beyond the puzzle (a certificate records them); ``prover``
    below."""

    encoding: ClauseEncoding
    graph: Graph | None = None
    requirements: tuple[Requirement, ...] = field(default=())
    labels: SizedLabels | None = None
    model_cuts: ModelCuts | None = None
    settings: dict[str, int] = field(default_factory=dict)
    prover: str = "cadical195"
    """The PySAT solver that closes the clauses with cuts and writes the DRAT proof."""

    @property
    def cuts(self) -> str:
        """Which rules are left to cuts: ``"loop"``, ``"connected"``, ``"sizes"`` or
        ``"none"``."""
        if self.encoding.loop is not None:
            return "loop"
        if self.labels is not None:
            return "sizes"
        return "connected" if self.requirements else "none"


def from_connected(name: str, num_vars: int, clauses: Sequence[Sequence[int]],
                   answer: Sequence[int], decode_values: Callable[[np.ndarray], Any],
                   graph: Graph, requirements: Sequence[Requirement]) -> CertifiableCnf:
    """A connectivity genre's clauses (its counts already written as clauses, ``num_vars``
    counting their variables) with the requirements its lazy cuts stand for; ``decode_values``
    reads a boolean array indexed by variable, as the connectivity runs do."""

    def decode(true: set[int]) -> Any:
        values = np.zeros(num_vars + 1, dtype=bool)
        values[[lit for lit in true if 0 < lit <= num_vars]] = True
        return decode_values(values)

    encoding = ClauseEncoding(name, num_vars, [list(c) for c in clauses], list(answer), decode)
    return CertifiableCnf(encoding, graph, tuple(requirements))
