"""What an encoding hands to a strategy: the constraints, the answer atoms, a decoder.

An encoding only builds; a strategy (:mod:`pencilsat.strategies`) compiles, solves and
proves. The *answer* atoms are what two solutions must differ in to count as different (for
Masyu: "edge used", never its direction), so forbidding "all answer atoms as in this model"
leaves exactly the other answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pencilsat.core.record import Record

if TYPE_CHECKING:  # names for the annotations only: a clause encoding needs no CSP layer
    from pencilsat.encodings.csp import Constraint, IntVar, Model
    from pencilsat.encodings.loops.edges import GridEdges


class Encoding(Record):
    """A puzzle in the CSP layer: the model, its answer atoms and how to read a solution
    (``decode`` receives the value of each variable)."""

    __slots__ = ("name", "model", "answer", "decode")

    def __init__(self, name: str, model: Model, answer: Sequence[Constraint],
                 decode: Callable[[Callable[[IntVar], int]], Any]) -> None:
        self.name = name
        self.model = model
        self.answer = answer
        self.decode = decode


class ClauseEncoding(Record):
    """A puzzle written straight as clauses over variables ``1..num_vars``, its answer
    literals and a decoder (``decode`` receives the set of true literals of a model).

    ``loop`` is set by a loop genre whose clauses leave the single-loop rule out: variables
    ``1..len(loop)`` are then that grid's edges, the clauses allow any set of disjoint loops
    and an answer is the one among them that is a single loop."""

    __slots__ = ("name", "num_vars", "clauses", "answer", "decode", "loop")

    def __init__(self, name: str, num_vars: int, clauses: list[list[int]],
                 answer: Sequence[int], decode: Callable[[set[int]], Any],
                 loop: GridEdges | None = None) -> None:
        self.name = name
        self.num_vars = num_vars
        self.clauses = clauses
        self.answer = answer
        self.decode = decode
        self.loop = loop
