"""A certificate as files (``--proof-out DIR``), and ``pencilsat check DIR``: every part
checked again from the files alone.

``DIR`` holds ``puzzle.txt`` (the genre's text format), ``answer.txt`` (for ``unique``),
``formula.cnf`` (DIMACS: the rule clauses, the cuts, the blocked answer), ``proof.drat``,
``cuts.jsonl`` (one cut a line, as its clause) and ``manifest.json`` (genre, verdict, how
the formula is laid out, the settings its clauses were built with (Fillomino's open
label), the SHA-256 of every file, the prover, the checker and the times). A ``multiple``
verdict needs no proof: its folder holds ``puzzle.txt``, ``answer.txt`` and ``second.txt``
(the two answers) and the manifest, and ``check`` reads both answers back and has the rule
checker accept each and tell them apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pencilsat.certify.certificate import Certificate, build, verify
from pencilsat.certify.formula import digest, read_dimacs
from pencilsat.certify.sources import certifiable
from pencilsat.core import registry
from pencilsat.core.errors import InputError
from pencilsat.core.memory import describe
from pencilsat.core.result import TimeLimitReached

FILES = ("puzzle.txt", "answer.txt", "formula.cnf", "proof.drat", "cuts.jsonl")
MULTIPLE_FILES = ("puzzle.txt", "answer.txt", "second.txt")
FORMAT = "pencilsat-certificate-1"


def write(folder: str | Path, cert: Certificate, puzzle: Any, solution: Any,
          second: Any = None) -> Path:
    """Write ``cert`` into ``folder`` (made if missing; ``second``: a ``multiple`` verdict's
    other answer); returns the manifest's path."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    genre = registry.genre_of(puzzle)
    rules = genre.rules()
    if cert.verdict == "multiple":
        return _write_multiple(out, cert, genre, puzzle, (solution, second))
    texts = {
        "puzzle.txt": rules.format_puzzle(puzzle),
        "answer.txt": rules.format_solution(puzzle, solution) if cert.verdict == "unique" else "",
        "formula.cnf": cert.formula_text,
        "proof.drat": cert.proof_text,
        "cuts.jsonl": "".join(json.dumps(cut) + "\n" for cut in cert.cuts),
    }
    for name, text in texts.items():
        (out / name).write_text(text)
    manifest = {
        "format": FORMAT, "genre": genre.name, "verdict": cert.verdict,
        "rule_clauses": cert.rule_clauses, "settings": dict(cert.settings),
        "cuts": len(cert.cuts),
        "blocked": cert.block is not None, "rules_sha256": cert.rules_sha256,
        "sha256": {name: digest(text) for name, text in texts.items()},
        **{k: v for k, v in cert.to_dict().items() if k in (
            "certified", "prover", "checker", "checker_version", "engine", "proof_bytes",
            "build_seconds", "check_seconds")},
    }
    path = out / "manifest.json"
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    return path


def _write_multiple(out: Path, cert: Certificate, genre: registry.Genre, puzzle: Any,
                    answers: tuple[Any, Any]) -> Path:
    rules = genre.rules()
    texts = dict(zip(MULTIPLE_FILES, [rules.format_puzzle(puzzle)] + [
        rules.format_solution(puzzle, answer) for answer in answers], strict=True))
    for name, text in texts.items():
        (out / name).write_text(text)
    manifest = {"format": FORMAT, "genre": genre.name, "verdict": "multiple",
                "certified": cert.certified, "checker": "the genre's rule checker",
                "sha256": {name: digest(text) for name, text in texts.items()}}
    path = out / "manifest.json"
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    return path


def check_folder(folder: str | Path, deadline: float | None = None,
                 budget: int | None = None) -> Certificate:
    """Check the certificate in ``folder`` from scratch: the puzzle is read from its file, its
    clauses rebuilt, and every part checked again (for ``multiple``: both answers read back
    and checked). An unreadable folder is an InputError. The proof's check stops at
    ``deadline`` (a ``perf_counter()`` time) and within ``budget`` bytes: the certificate
    then says "not checked" and which limit (``stopped``)."""
    root = Path(folder)
    try:
        manifest = json.loads((root / "manifest.json").read_text())
        if not isinstance(manifest, dict):
            raise ValueError("manifest.json holds no JSON object")
        genre = _genre_named(manifest.get("genre"))
        if manifest.get("verdict") == "multiple":
            return _check_multiple(genre, {name: (root / name).read_text()
                                           for name in MULTIPLE_FILES})
        texts = {name: (root / name).read_text() for name in FILES}
    except (OSError, ValueError) as err:
        raise InputError(f"not a certificate folder ({err})", source=str(root),
                         hint="give the folder that --proof-out wrote") from None
    rules = genre.rules()
    verdict = manifest.get("verdict")
    if verdict not in ("unique", "none"):  # a proof says one of these; "certified: unknown"
        return _failed(str(verdict), f"manifest: the verdict {verdict!r} is not one a "
                       "certificate proves (unique, none or multiple)")
    rule_count, blocked = manifest.get("rule_clauses"), manifest.get("blocked")
    if type(rule_count) is not int or type(blocked) is not bool:
        return _failed(verdict, "manifest: its rule_clauses is not a whole number or its "
                       "blocked not true or false")
    try:
        puzzle = rules.parse_puzzle(texts["puzzle.txt"], "puzzle.txt")
        solution = (rules.parse_solution(texts["answer.txt"], puzzle)
                    if verdict == "unique" else None)
    except InputError as err:
        return _failed(verdict, f"puzzle or answer: {err}")
    settings = manifest.get("settings", {})
    if not isinstance(settings, dict) or not all(
            isinstance(k, str) and type(v) is int for k, v in settings.items()):
        return _failed(verdict, "rules: the manifest's settings are not names with whole "
                       "numbers")
    try:
        cnf = certifiable(genre, puzzle, settings)
    except (ValueError, TypeError) as err:
        return _failed(verdict, f"rules: the clauses cannot be built with the settings "
                       f"{settings}: {err}")
    if cnf is None:
        return _failed(verdict, f"no certificate for {genre.title}")
    try:
        _, clauses = read_dimacs(texts["formula.cnf"])
        cuts = [json.loads(line) for line in texts["cuts.jsonl"].splitlines() if line.strip()]
    except ValueError as err:
        return _failed(verdict, f"formula or cuts: {err}")
    layout = rule_count + len(cuts) + (1 if blocked else 0)
    if layout != len(clauses) or clauses[rule_count:rule_count + len(cuts)] != cuts:
        return _failed(verdict, "formula: its clauses are not the rules, the cuts and the "
                       "blocked answer the manifest lists")
    if (verdict == "unique") != blocked:
        return _failed(verdict, "formula: a unique verdict blocks its answer, none blocks none")
    if rule_count != len(cnf.encoding.clauses) or clauses[:rule_count] != [
            list(c) for c in cnf.encoding.clauses]:
        return _failed(verdict, "rules: the formula's rule clauses are not the puzzle's")
    cert = Certificate(verdict, False, "", rule_clauses=rule_count, settings=settings, cuts=cuts,
                       block=clauses[-1] if blocked else None,
                       rules_sha256=manifest.get("rules_sha256", ""),
                       formula_text=texts["formula.cnf"], proof_text=texts["proof.drat"])
    cert.proof_bytes = len(texts["proof.drat"].encode())
    try:
        verify(cert, puzzle, cnf, solution, deadline=deadline, budget=budget)
    except TimeLimitReached as stop:  # a MemoryLimitReached too
        limit = "time limit" if budget is None or stop.cause == "time" else \
            f"memory limit ({describe(budget)})"
        cert.reason = f"not checked: the {limit} was reached while checking the proof"
        cert.parts, cert.stopped = {"refutation": cert.reason}, stop.cause
    return cert


def _genre_named(name: Any) -> registry.Genre:
    """The manifest's genre (an InputError, a ValueError, for a name that is none)."""
    if not isinstance(name, str):
        raise InputError(f"the manifest's genre {name!r} is not a genre's name",
                         source="manifest.json", hint="choose one of: " + ", ".join(
                             registry.GENRES))
    return registry.genre(name)


def _check_multiple(genre: registry.Genre, texts: dict[str, str]) -> Certificate:
    """A ``multiple`` folder: the puzzle and both answers read from their files, each answer
    accepted by the rule checker and the two different."""
    rules = genre.rules()
    try:
        puzzle = rules.parse_puzzle(texts["puzzle.txt"], "puzzle.txt")
    except InputError as err:
        return _failed("multiple", f"puzzle: {err}")
    answers = []
    for name in MULTIPLE_FILES[1:]:
        try:
            answers.append(rules.parse_solution(texts[name], puzzle))
        except InputError as err:  # the file named, as the puzzle's errors name theirs
            return _failed("multiple", f"answers: {err.located(name)}")
    return build(puzzle, "multiple", *answers)


def _failed(verdict: str, why: str) -> Certificate:
    """A failed check: ``why`` is ``PART: reason``, the part's line the reason alone (``check``
    prints ``PART: reason``; it printed the part's name twice)."""
    part, _, reason = why.partition(": ")
    return Certificate(verdict, False, why, parts={part: reason or why})
