"""The refutation: CaDiCaL (through PySAT, proof tracing on; Glucose 4 where a genre names
it, :attr:`~pencilsat.encodings.certifiable.CertifiableCnf.prover`) shows a formula
unsatisfiable and writes a DRAT proof; dratify, which shares no code with either, checks it.

dratify checks forward, every lemma, in Rust when ``cdclkit-native`` is installed (about 15x
faster) and in pure Python otherwise; the certificate names the engine it used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.certify.bounded import CHILD_FROM_BYTES, run_bounded
from pencilsat.certify.formula import clause_arrays
from pencilsat.core.result import TimeLimitReached

PROOF_SOLVER = "cadical195"


@dataclass(frozen=True)
class ProofCheck:
    """dratify's answer on one proof."""

    ok: bool
    reason: str
    checker: str
    version: str
    engine: str
    seconds: float


def refute(clauses: Sequence[Sequence[int]], deadline: float | None = None,
           prover: str = PROOF_SOLVER) -> list[str] | None:
    """The DRAT proof (lines) that the clauses are unsatisfiable, by PySAT's ``prover``, or
    ``None`` when they are satisfiable. Past ``deadline`` raises :class:`TimeLimitReached`."""
    from pysat.solvers import Solver

    from pencilsat.backends.pysat_calls import solve_until

    with Solver(name=prover, bootstrap_with=[list(c) for c in clauses],
                with_proof=True) as solver:
        answer = solve_until(solver, deadline, [])
        if answer is None:
            raise TimeLimitReached()
        if answer:
            return None
        proof: list[str] = solver.get_proof()
    return proof


def _dratify() -> Any:
    import dratify

    if not dratify.native_available():
        try:
            import cdclkit_native
        except ImportError:
            pass
        else:
            dratify.register_native(cdclkit_native)
    return dratify


def _internal(lits: np.ndarray, starts: np.ndarray) -> list[tuple[int, ...]]:
    """Clauses as dratify's internal literals (``2 * (var - 1) + negative``)."""
    code = ((np.abs(lits) - 1) << 1) | (lits < 0)
    flat = code.tolist()
    ends = np.r_[starts[1:] - 1, len(lits) - 1] if len(starts) else starts
    return [tuple(flat[a:b]) for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]


def _formula(dratify: Any, text: str) -> Any:
    """``text`` (DIMACS) as dratify's CNF; a clause that repeats a variable (a repeated
    literal or both signs) goes through dratify's own ``add``, which normalises it."""
    header = next((line for line in text.splitlines() if line.startswith("p")), "")
    lits, starts, delete = clause_arrays(text, skip_header=True)
    if delete.any():
        raise ValueError("a formula has no deletions")
    return _from_arrays(dratify, header, lits, starts)


def _from_arrays(dratify: Any, header_line: str, lits: np.ndarray, starts: np.ndarray) -> Any:
    header = header_line.split()
    if len(header) != 4 or header[1] != "cnf":
        raise ValueError("no 'p cnf V C' header")
    if len(starts) != int(header[3]):
        raise ValueError(f"the header declares {header[3]} clauses, the file has "
                         f"{len(starts)}")
    clause_of = np.cumsum(lits == 0) - (lits == 0)
    real = lits != 0
    order = np.lexsort((np.abs(lits[real]), clause_of[real]))
    ids, variables = clause_of[real][order], np.abs(lits[real])[order]
    repeats = np.unique(ids[1:][(ids[1:] == ids[:-1]) & (variables[1:] == variables[:-1])])
    formula = dratify.CNF(max(int(header[2]), int(variables.max()) if len(variables) else 0))
    clauses = _internal(lits, starts)
    plain = np.ones(len(clauses), dtype=bool)
    plain[repeats] = False
    for index, clause in enumerate(clauses):
        if plain[index]:
            formula.clauses.append(clause)
        else:
            formula.add(clause)
    return formula


def _steps(text: str) -> list[tuple[str, tuple[int, ...]]]:
    lits, starts, delete = clause_arrays(text, skip_header=False)
    kinds = np.where(delete, "d", "a").tolist()
    return list(zip(kinds, _internal(lits, starts), strict=True))


def _formula_of(dratify: Any, clauses: Sequence[Sequence[int]]) -> Any:
    """``clauses`` as dratify's CNF, normalised as :func:`_formula` does."""
    lengths = np.fromiter((len(c) + 1 for c in clauses), dtype=np.int64, count=len(clauses))
    flat = np.fromiter((lit for c in clauses for lit in (*c, 0)), dtype=np.int64,
                       count=int(lengths.sum()))
    top = int(np.abs(flat).max()) if len(flat) else 0
    return _from_arrays(dratify, f"p cnf {top} {len(clauses)}", flat,
                        np.r_[0, np.cumsum(lengths)[:-1]])


def check(formula_text: str, proof_text: str,
          clauses: Sequence[Sequence[int]] | None = None, deadline: float | None = None,
          budget: int | None = None) -> ProofCheck:
    """dratify's check that ``proof_text`` (DRAT) refutes ``formula_text`` (DIMACS): the
    empty clause derived, every step valid. ``clauses``: the formula's clauses when the
    caller holds them (the text is then not read again). A proof of
    :data:`~pencilsat.certify.bounded.CHILD_FROM_BYTES` or more is checked in a child process
    killed at ``deadline`` (a ``perf_counter()`` time) and capped at ``budget`` bytes: past
    either raises :class:`TimeLimitReached` or its kind ``MemoryLimitReached``."""
    child = len(proof_text) >= CHILD_FROM_BYTES
    if child:
        try:  # loaded here, not in the capped child (its libraries need address space)
            _dratify()
            from importlib.metadata import version

            version("dratify")
        except ImportError:
            pass  # the check says so
    return run_bounded(lambda: _check(formula_text, proof_text, clauses), deadline, budget,
                       child)


def _check(formula_text: str, proof_text: str,
           clauses: Sequence[Sequence[int]] | None) -> ProofCheck:
    start = perf_counter()
    try:
        dratify = _dratify()
    except ImportError:
        return ProofCheck(False, "dratify is not installed (pip install -e '.[certify]')",
                          "dratify", "", "", 0.0)
    from importlib.metadata import version

    engine = "native" if dratify.native_available() else "python"
    try:
        formula = (_formula(dratify, formula_text) if clauses is None
                   else _formula_of(dratify, clauses))
        result = dratify.check_proof(formula, _steps(proof_text), engine=engine)
    except MemoryError:
        raise  # a budget reached, not a bad proof (bounded.run_bounded says so)
    except Exception as err:  # a malformed file is a failed check, said in words
        return ProofCheck(False, f"unreadable formula or proof: {err}", "dratify",
                          version("dratify"), engine, perf_counter() - start)
    ok = bool(result.ok and result.reached_empty)
    reason = "the empty clause is derived, every step checked" if ok else (
        str(getattr(result, "reason", "") or "the proof does not derive the empty clause"))
    return ProofCheck(ok, reason, "dratify", version("dratify"), engine,
                      perf_counter() - start)
