"""Build a certificate for a verdict, and check one part by part.

The formula is laid out as: the genre's clauses (rebuilt from the puzzle by any checker and
compared by hash), then the cuts (each re-justified), then the blocked answer (whose
negation must decode to the answer, which the rule checker accepts); a DRAT proof refutes it.
For ``none`` there is no blocked answer. ``multiple`` needs no proof: both answers pass the
rule checker and differ.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from pencilsat.certify.closing import close
from pencilsat.certify.cut_checks import (
    BlockCutCheck,
    connectivity_cut_fault,
    loop_cut_fault,
    open_label_fault,
)
from pencilsat.certify.formula import clauses_digest, dimacs
from pencilsat.certify.refutation import ProofCheck, check, refute
from pencilsat.certify.sources import certifiable, settings_for
from pencilsat.core.memory import check_budget
from pencilsat.core.registry import genre_of
from pencilsat.core.result import TimeLimitReached
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.connectivity import Clause


@dataclass
class Certificate:
    """A verdict's certificate and the outcome of checking it. ``parts`` maps each part
    (answer, rules, cuts, refutation) to ``"holds"`` or what is wrong with it."""

    verdict: str
    certified: bool
    reason: str
    parts: dict[str, str] = field(default_factory=dict)
    prover: str = ""
    checker: str = ""
    checker_version: str = ""
    engine: str = ""
    proof_bytes: int = 0
    rule_clauses: int = 0
    settings: dict[str, int] = field(default_factory=dict)
    cuts: list[Clause] = field(default_factory=list)
    block: Clause | None = None
    rules_sha256: str = ""
    formula_text: str = ""
    proof_text: str = ""
    build_s: float = 0.0
    check_s: float = 0.0
    stopped: str = ""
    """``time`` or ``memory`` when that limit stopped the check (nothing certified)."""

    def to_dict(self) -> dict[str, Any]:
        return {"certified": self.certified, "reason": self.reason, "parts": dict(self.parts),
                "prover": self.prover, "checker": self.checker,
                "checker_version": self.checker_version,
                "engine": self.engine, "proof_bytes": self.proof_bytes,
                "rule_clauses": self.rule_clauses, "settings": dict(self.settings),
                "cuts": len(self.cuts),
                "rules_sha256": self.rules_sha256, "build_seconds": round(self.build_s, 6),
                "check_seconds": round(self.check_s, 6), "stopped": self.stopped or None}


def _refused(verdict: str, why: str) -> Certificate:
    return Certificate(verdict, False, why)


def cut_checker(cnf: CertifiableCnf) -> Callable[[Clause], str | None]:
    """Why a cut does not follow from the rules ``cnf`` leaves out (``None``: it does)."""
    grid = cnf.encoding.loop
    if grid is not None:
        width, height = grid.width, grid.height
        return lambda cut: loop_cut_fault(cut, width, height)
    labels = cnf.labels
    if labels is not None:
        return BlockCutCheck(labels.width, labels.height, labels.domains,
                             labels.open_label).fault
    graph = cnf.graph
    if graph is None or not cnf.requirements:
        return lambda cut: "the genre leaves no rule to cuts"
    units = {clause[0] for clause in cnf.encoding.clauses if len(clause) == 1}
    requirements = [(r.literals, r.anchor if r.anchor is not None
                     and int(r.literals[r.anchor]) in units else None)
                    for r in cnf.requirements]
    return lambda cut: connectivity_cut_fault(cut, graph.neighbours, requirements)


def cut_fault(cnf: CertifiableCnf, cut: Clause) -> str | None:
    """Why ``cut`` does not follow from the rules ``cnf`` leaves out (``None``: it does)."""
    return cut_checker(cnf)(cut)


def block_of(cnf: CertifiableCnf, true: set[int]) -> Clause:
    """The clause that forbids the answer atoms' values in a model (``true`` literals)."""
    return [-v if v in true else v for v in cnf.encoding.answer]


def build(puzzle: Any, verdict: str, solution: Any = None, second: Any = None,
          deadline: float | None = None, budget: int | None = None) -> Certificate:
    """Certify ``verdict`` (with its ``solution`` and ``second`` answer) and check every part
    (the proof's check within ``budget`` bytes: :func:`verify`).

    Raises :class:`~pencilsat.core.result.TimeLimitReached` past ``deadline``."""
    start = perf_counter()
    genre = genre_of(puzzle)
    rules = genre.rules()
    if verdict == "multiple":
        faults = [f for answer in (solution, second) for f in rules.check(puzzle, answer)]
        same = not faults and solution == second
        ok = not faults and not same
        why = ("two different answers, each accepted by the rule checker" if ok else
               "the two answers are the same" if same else "an answer breaks a rule")
        cert = Certificate(verdict, ok, why)
        cert.parts = {"answers": "holds" if ok else why if same else
                      "; ".join(map(str, faults))}
        cert.build_s = perf_counter() - start
        return cert
    if verdict not in ("unique", "none"):
        return _refused(verdict, f"a {verdict} verdict has nothing to certify")
    cnf = certifiable(genre, puzzle, settings_for(genre, puzzle, solution))
    if cnf is None:
        return _refused(verdict, f"no certificate for {genre.title} yet")
    blocks: list[Clause] = []
    cuts: list[Clause] = []
    if verdict == "unique":
        first = close(cnf, [], deadline)
        cuts.extend(first.cuts)
        if first.answer is None:
            return _refused(verdict, "the certificate's formula has no answer at all")
        found = cnf.encoding.decode(first.answer)
        if found != solution:
            return _refused(verdict, "the certificate's formula found another answer first")
        blocks.append(block_of(cnf, first.answer))
    rest = close(cnf, blocks + cuts, deadline)
    cuts.extend(rest.cuts)
    if rest.answer is not None:
        return _refused(verdict, "the formula with the answer blocked has another answer")
    cert = Certificate(verdict, False, "", rule_clauses=len(cnf.encoding.clauses),
                       settings=dict(cnf.settings), prover=cnf.prover, cuts=cuts,
                       block=blocks[0] if blocks else None,
                       rules_sha256=clauses_digest(cnf.encoding.clauses))
    formula = cnf.encoding.clauses + cuts + blocks
    cert.formula_text = dimacs(cnf.encoding.num_vars, formula)
    proof = refute(formula, deadline, cnf.prover)
    if proof is None:
        return _refused(verdict, "the formula is satisfiable: nothing refutes it")
    cert.proof_text = "\n".join(proof) + "\n"
    cert.proof_bytes = len(cert.proof_text.encode())
    cert.build_s = perf_counter() - start
    verify(cert, puzzle, cnf, solution, formula, deadline, budget)
    return cert


def verify(cert: Certificate, puzzle: Any, cnf: CertifiableCnf, solution: Any,
           formula: list[Clause] | None = None, deadline: float | None = None,
           budget: int | None = None) -> None:
    """Check every part of ``cert`` against ``puzzle`` (``cnf`` rebuilt from it) and set
    ``certified``, ``reason`` and ``parts``; ``formula``: the clauses of
    ``cert.formula_text`` when the caller holds them (else the text is read). The proof's
    check stops at ``deadline`` and within ``budget`` bytes (:func:`refutation.check`):
    :class:`TimeLimitReached` (or ``MemoryLimitReached``) leaves ``cert`` uncertified."""
    start = perf_counter()
    rules = genre_of(puzzle).rules()
    parts: dict[str, str] = {}
    if cert.verdict == "unique":
        faults = rules.check(puzzle, solution)
        if faults:
            parts["answer"] = "the answer breaks a rule: " + "; ".join(map(str, faults))
        elif cert.block is None or sorted(map(abs, cert.block)) != sorted(cnf.encoding.answer):
            parts["answer"] = "the blocked clause is not over the answer atoms"
        elif cnf.labels is not None and (fault := open_label_fault(
                solution.numbers, cnf.labels.open_label)) is not None:
            parts["answer"] = fault
        else:
            # No decoding is needed to tie the blocked clause to this answer: the answer
            # obeys the rules, so it is a model of the rule clauses and the cuts; were its
            # atoms not the ones blocked, it would satisfy the formula, and no refutation
            # of the formula could be checked.
            parts["answer"] = "holds"
    # The callers hold the rule clauses to the puzzle's: ``build`` writes the formula from
    # them, ``store.check_folder`` compares the file's with a fresh build, clause by clause.
    parts["rules"] = "holds"
    fault_of = cut_checker(cnf)
    bad = [(i, f) for i, cut in enumerate(cert.cuts) if (f := fault_of(cut)) is not None]
    parts["cuts"] = "holds" if not bad else f"cut {bad[0][0] + 1} of {len(cert.cuts)}: {bad[0][1]}"
    outcome: ProofCheck = check(cert.formula_text, cert.proof_text, formula, deadline, budget)
    parts["refutation"] = "holds" if outcome.ok else outcome.reason
    cert.checker, cert.checker_version, cert.engine = (outcome.checker, outcome.version,
                                                       outcome.engine)
    cert.parts = parts
    failed = [f"{name}: {why}" for name, why in parts.items() if why != "holds"]
    cert.certified = not failed
    cert.reason = "every part holds" if not failed else failed[0]
    cert.check_s = perf_counter() - start


def certify_result(result: Any, time_limit: float | None = None,
                   started: float | None = None, budget: float | None = None) -> Certificate:
    """Certify a :class:`~pencilsat.core.result.SolveResult` (within ``time_limit`` seconds
    of ``started``, the run's ``perf_counter()`` at its start, so that the limit bounds the
    solve and the certificate together; ``None``: from now) and attach the certificate to
    it. A limit reached while certifying leaves the verdict as it is and the certificate
    refused, saying so; ``budget``: the bytes the proof's check may take (``None``: no
    budget)."""
    begun = perf_counter() if started is None else started
    deadline = None if time_limit is None else begun + time_limit
    verdict = result.verdict.value
    try:
        cert = build(result.puzzle, verdict, result.solution, result.second_solution, deadline,
                     check_budget(budget))
    except TimeLimitReached as stop:  # a MemoryLimitReached too: the reason says which
        cert = _refused(verdict, f"the {stop.cause} limit was reached while certifying")
        cert.stopped = stop.cause
    result.certificate = cert
    return cert
