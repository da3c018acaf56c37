"""Which clauses a genre's certificate is about: the registry's ``certify_cnf`` when the genre
names one, else its ``rule_cnf`` when that leaves only the single loop out, else its
``complete_cnf`` (every rule a clause); ``None`` when the genre has none of them.

``settings``: keywords of the ``certify_cnf`` (the registry's ``certify_settings`` chooses
them for an answer; a certificate's manifest records them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pencilsat.core.registry import Genre, load
from pencilsat.encodings.certifiable import CertifiableCnf


def settings_for(genre: Genre, puzzle: Any, answer: Any) -> dict[str, int]:
    """The settings a certificate of ``answer`` (``None``: no answer) builds its clauses
    with: empty unless the genre names ``certify_settings``."""
    ref = getattr(genre, "certify_settings", None)
    if not ref:
        return {}
    chosen = load(ref)(puzzle, answer)
    assert isinstance(chosen, dict)
    return chosen


def certifiable(genre: Genre, puzzle: Any, settings: Mapping[str, int] | None = None
                ) -> CertifiableCnf | None:
    """The clauses a certificate of ``puzzle`` is about (built with ``settings``); a
    ``ValueError`` or ``TypeError`` for settings the genre does not take."""
    ref = getattr(genre, "certify_cnf", None)
    if settings and not ref:
        raise ValueError(f"{genre.title} takes no certificate settings")
    if ref:
        made = load(ref)(puzzle, **(settings or {}))
        assert isinstance(made, CertifiableCnf)
        return made
    if genre.rule_cnf:
        encoding = load(genre.rule_cnf)(puzzle)
        if encoding.loop is not None:
            return CertifiableCnf(encoding)
    if genre.complete_cnf:
        return CertifiableCnf(load(genre.complete_cnf)(puzzle))
    return None
