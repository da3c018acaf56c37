"""A formula as a certificate stores it: DIMACS text and its SHA-256."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

import numpy as np


def dimacs(num_vars: int, clauses: Sequence[Sequence[int]]) -> str:
    """The clauses in DIMACS CNF, ``num_vars`` raised to cover every literal."""
    top = max([num_vars, *(abs(lit) for clause in clauses for lit in clause)])
    lines = [f"p cnf {top} {len(clauses)}"]
    lines.extend(" ".join(map(str, clause)) + " 0" if clause else "0" for clause in clauses)
    return "\n".join(lines) + "\n"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def clauses_digest(clauses: Iterable[Sequence[int]]) -> str:
    """The SHA-256 of the clauses, one per line in order: how a certificate names exactly
    which rule clauses it is about, whatever the variable count in a header says."""
    h = hashlib.sha256()
    for clause in clauses:
        h.update((" ".join(map(str, clause)) + " 0\n").encode())
    return h.hexdigest()


DELETE = np.iinfo(np.int64).max
"""Stands for a ``d`` token while the text is read as one integer array."""


def clause_arrays(text: str, skip_header: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 0-terminated clauses of DIMACS or DRAT text as one integer array: its literals
    (0s kept), where each clause starts, and per clause whether it is a deletion (``d``,
    which may only open a clause). A ``c`` line is a comment; ValueError on any other
    token."""
    lines = [line for line in text.splitlines()
             if line.strip() and not line.lstrip().startswith("c")]
    if skip_header:
        if not lines or not lines[0].lstrip().startswith("p"):
            raise ValueError("no 'p cnf' header")
        lines = lines[1:]
    tokens = " ".join(lines).replace("d", f" {DELETE} ").split()
    numbers = np.array(tokens, dtype=np.int64) if tokens else np.zeros(0, dtype=np.int64)
    is_delete = numbers == DELETE
    lits = numbers[~is_delete]
    if len(lits) and lits[-1] != 0:
        raise ValueError("the last clause has no closing 0")
    ends = np.flatnonzero(lits == 0)
    starts = np.r_[0, ends[:-1] + 1].astype(np.int64) if len(ends) else ends
    delete = np.zeros(len(starts), dtype=bool)
    if is_delete.any():
        kept_before = np.cumsum(~is_delete) - (~is_delete)
        opened = kept_before[is_delete]  # index in ``lits`` of the clause each d opens
        which = np.searchsorted(starts, opened)
        if (which >= len(starts)).any() or (starts[np.minimum(which, len(starts) - 1)]
                                            != opened).any():
            raise ValueError("a 'd' inside a clause (a deletion can only start one)")
        delete[which] = True
    return lits, starts, delete


def read_dimacs(text: str) -> tuple[int, list[list[int]]]:
    """``(num_vars, clauses)`` of DIMACS text; ValueError on a malformed one."""
    header = next((line.split() for line in text.splitlines() if line.startswith("p")), [])
    if len(header) != 4 or header[1] != "cnf":
        raise ValueError("no 'p cnf V C' header")
    lits, starts, delete = clause_arrays(text, skip_header=True)
    if delete.any():
        raise ValueError("a formula has no deletions ('d')")
    if int(header[3]) != len(starts):
        raise ValueError(f"the header declares {header[3]} clauses, the file has "
                         f"{len(starts)}")
    flat = lits.tolist()
    ends = np.r_[starts[1:] - 1, len(lits) - 1] if len(starts) else starts
    return int(header[2]), [flat[a:b] for a, b in zip(starts.tolist(), ends.tolist(),
                                                     strict=True)]
