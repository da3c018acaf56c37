"""Which clauses a genre's certificate is about: the registry's ``certify_cnf`` when the genre
names one, else its ``rule_cnf`` when that leaves only the single loop out, else its
``complete_cnf`` (every rule a clause); ``None`` when the genre has none of them."""

from __future__ import annotations

from typing import Any

from pencilsat.core.registry import Genre, load
from pencilsat.encodings.certifiable import CertifiableCnf


def certifiable(genre: Genre, puzzle: Any) -> CertifiableCnf | None:
    ref = getattr(genre, "certify_cnf", None)
    if ref:
        made = load(ref)(puzzle)
        assert isinstance(made, CertifiableCnf)
        return made
    if genre.rule_cnf:
        encoding = load(genre.rule_cnf)(puzzle)
        if encoding.loop is not None:
            return CertifiableCnf(encoding)
    if genre.complete_cnf:
        return CertifiableCnf(load(genre.complete_cnf)(puzzle))
    return None
