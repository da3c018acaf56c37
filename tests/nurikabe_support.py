"""Nurikabe test helpers: a puzzle from its rows, and "a setting changes no verdict"."""

from __future__ import annotations

from pencilsat.encodings.nurikabe import NurikabeSettings
from pencilsat.puzzles import nurikabe as N
from pencilsat.strategies.nurikabe import run_cnf


def grid(*rows: str) -> N.NurikabePuzzle:
    """The puzzle whose rows are these (cells separated by spaces, ``.`` for no number)."""
    return N.parse_puzzle(f"nurikabe {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows))


def assert_same_verdict_without(puzzle: N.NurikabePuzzle, **off: bool) -> None:
    """``lazy`` with the default settings and with ``off`` (e.g. ``rules=False``) agree on
    the verdict and on a unique answer."""
    default = run_cnf(puzzle)
    without = run_cnf(puzzle, settings=NurikabeSettings(**off))
    assert default.verdict == without.verdict, (default.verdict, without.verdict)
    if default.verdict == "unique":
        assert default.solution == without.solution
