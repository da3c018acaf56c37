"""A CSP-layer encoding as plain clauses: compiled once, each answer atom named by its literal.

``pencilsat study`` measures solver effort on one fixed clause list per genre, on a fresh
solver it loads itself. Where a genre's complete encoding is stated in the CSP layer (Tamura's
Masyu model), this compiles it with the order encoding (:class:`CnfCompiler`) and turns it
into a :class:`~pencilsat.encodings.encoding.ClauseEncoding`.
"""

from __future__ import annotations

from typing import Any

from pencilsat.backends.cnf import CnfCompiler
from pencilsat.encodings.csp import nnf
from pencilsat.encodings.encoding import ClauseEncoding, Encoding


def as_clauses(encoding: Encoding) -> ClauseEncoding:
    """``encoding`` compiled to clauses; every answer atom must compile to one literal (an
    edge's "used", a cell's boolean), else a ``ValueError`` names it."""
    compiler = CnfCompiler(encoding.model)
    answer = []
    for atom in encoding.answer:
        clauses = compiler.cnf(nnf(atom))
        if len(clauses) != 1 or len(clauses[0]) != 1:
            raise ValueError(f"answer atom {atom!r} of {encoding.name!r} is not one literal "
                             "in the order encoding")
        answer.append(clauses[0][0])

    def decode(true: set[int]) -> Any:
        return encoding.decode(lambda var: compiler.value(var, true))

    return ClauseEncoding(encoding.name, compiler.top, compiler.clauses, answer, decode)
