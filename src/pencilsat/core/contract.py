"""The genre contract as typed Protocols: what every module and function a registry entry
names must offer, and :func:`call_mismatch`, which says whether a callable takes the call
the registry makes.

The registry names a genre's parts by string (``core/registry.py``), so a typo or a changed
signature shows only when the part is used; ``tests/architecture/test_genre_contract.py``
loads every reference of every entry and checks it against these, so it fails a test first.
The grader's and the hint module's protocols live beside their users
(``grading/front.Grader``, ``grading/front.PartialGrading``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from pencilsat.core.result import SolveResult
from pencilsat.core.rules import GenreRules
from pencilsat.core.values import Cell


class ModelModule(Protocol):
    """``model=``: the module whose ``RULES`` is the genre's :class:`GenreRules`."""

    RULES: GenreRules


class StrategyRun(Protocol):
    """``Strategy.run``: solve and prove one puzzle."""

    def __call__(self, puzzle: Any, *, backend: str | None = None,
                 sat_solver: str | None = None,
                 time_limit: float | None = None) -> SolveResult: ...


class MemoryEstimate(Protocol):
    """``Strategy.memory``: the estimated peak bytes of a strategy on a puzzle."""

    def __call__(self, puzzle: Any, backend: str) -> int: ...


class ClauseBuilder(Protocol):
    """``complete_cnf=`` / ``rule_cnf=``: the puzzle as a ``ClauseEncoding``."""

    def __call__(self, puzzle: Any) -> Any: ...


class SvgDrawing(Protocol):
    """``svg=``: the module drawing one panel of a puzzle (and a solution)."""

    def draw_panel(self, puzzle: Any, solution: Any, differences: Iterable[Cell],
                   /) -> list[str]: ...


class PuzzlinkCodec(Protocol):
    """``puzzlink_codec=``: a URL body to a puzzle and back."""

    def decode(self, body: str, width: int, height: int, column: int, flags: str,
               /) -> Any: ...

    def encode(self, puzzle: Any, /) -> str: ...


class TathamCodec(Protocol):
    """``tatham_codec=``: a game ID's description to a puzzle and back, and how strongly a
    description looks like this game."""

    def decode(self, desc: str, w: int | None, h: int | None, extras: str, column: int,
               /) -> Any: ...

    def encode(self, puzzle: Any, /) -> str: ...

    def plausible(self, desc: str, /) -> int: ...


def call_mismatch(implementation: Callable[..., Any], protocol: Callable[..., Any]) -> str | None:
    """Why ``implementation`` cannot take the calls ``protocol`` (a Protocol's method or
    ``__call__``) describes, or ``None`` when it can: every positional parameter of the
    protocol by position, every keyword-only one by name, nothing else required."""
    try:
        wanted = inspect.signature(protocol)
        have = inspect.signature(implementation)
    except (TypeError, ValueError) as err:
        return f"no signature: {err}"
    params = [p for p in wanted.parameters.values() if p.name != "self"]
    args = [None] * sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
    kwargs = {p.name: None for p in params if p.kind == p.KEYWORD_ONLY}
    try:
        have.bind(*args, **kwargs)
    except TypeError as err:
        return f"{have} does not take {len(args)} positional and {sorted(kwargs)}: {err}"
    required = [p for p in params if p.default is p.empty]
    try:
        have.bind(*args[:sum(p.kind != p.KEYWORD_ONLY for p in required)],
                  **{p.name: None for p in required if p.kind == p.KEYWORD_ONLY})
    except TypeError as err:
        return f"{have} requires more than the protocol gives: {err}"
    return None


def module_mismatch(module: object, protocol: type) -> list[str]:
    """Why ``module`` does not offer ``protocol``'s functions and values (empty: it does)."""
    out = []
    for name, member in vars(protocol).items():
        if name.startswith("_") or not callable(member):
            continue
        found = getattr(module, name, None)
        if found is None or not callable(found):
            out.append(f"no function {name}")
        elif (why := call_mismatch(found, member)) is not None:
            out.append(f"{name}: {why}")
    for name in getattr(protocol, "__annotations__", {}):
        if not hasattr(module, name):
            out.append(f"no {name}")
    return out
