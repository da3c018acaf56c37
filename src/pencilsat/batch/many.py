"""Several puzzles of any genre in one run: one outcome each, in order; a bad one never stops
the rest.

Puzzle editors check a folder of submissions or a list of puzz.link URLs at once. One process
for all of them saves the interpreter's start-up per puzzle (about 0.2 s, more than a whole
Masyu solve), and a file that does not parse is reported as ``invalid`` with its reason while
the others are still solved (so is a bug met on one puzzle, as ``error``). The puzzles are
loaded lazily, one at a time, by the caller's loader, so this module never reads files or
formats itself (data flows one way: text -> puzzle -> solver).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from pencilsat.core.errors import (
    EXIT_INTERNAL,
    EXIT_INVALID,
    InputError,
    internal_error,
    tracebacks_wanted,
)
from pencilsat.core.memory import DEFAULT_MAX_MEMORY
from pencilsat.core.result import SolveResult
from pencilsat.strategies.front import solve


@dataclass
class Outcome:
    """One puzzle's result, or why it could not be solved (``error``)."""

    index: int
    label: str
    result: SolveResult | None = None
    error: str | None = None
    seconds: float = 0.0
    internal: bool = False
    """``error`` is a bug in pencilsat, not a problem of the input."""

    @property
    def verdict(self) -> str:
        if self.result is not None:
            return self.result.verdict.value
        return "error" if self.internal else "invalid"

    @property
    def exit_code(self) -> int:
        if self.result is not None:
            return self.result.verdict.exit_code
        return EXIT_INTERNAL if self.internal else EXIT_INVALID


def solve_each(
    items: Iterable[tuple[str, Callable[[], Any]]],
    *,
    encoding: str | None = None,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    max_memory: float | None = DEFAULT_MAX_MEMORY,
) -> Iterator[Outcome]:
    """Load and solve each ``(label, loader)`` in order; ``time_limit`` bounds each puzzle.

    A loader raising :class:`InputError`, or options the puzzle's genre does not have (an
    ``encoding`` of another genre, say), give an ``invalid`` outcome with the reason.
    """
    for index, (label, load) in enumerate(items):
        start = perf_counter()
        try:
            puzzle = load()
            result = solve(puzzle, encoding=encoding, backend=backend, sat_solver=sat_solver,
                           time_limit=time_limit, max_memory=max_memory)
        except InputError as err:
            yield Outcome(index, label, error=str(err.located(label)))
            continue
        except (KeyError, ValueError) as err:
            yield Outcome(index, label, error=err.args[0] if err.args else str(err))
            continue
        except Exception as err:  # a bug on one puzzle must not lose the others' verdicts
            if tracebacks_wanted():
                raise
            yield Outcome(index, label, error=f"{label}: {internal_error(err)}", internal=True)
            continue
        yield Outcome(index, label, result=result, seconds=perf_counter() - start)


def exit_code(outcomes: Iterable[Outcome]) -> int:
    """The worst status among the puzzles: 0 only when every one is unique (then 1 multiple,
    2 no solution, 3 unknown, 4 invalid), so a script can test a whole folder at once."""
    return max((outcome.exit_code for outcome in outcomes), default=0)


def summary(outcomes: Iterable[Outcome]) -> str:
    """``N puzzles: a unique, b multiple, ...`` (every verdict named, zeros included; internal
    errors only when there are some)."""
    counts = {"unique": 0, "multiple": 0, "none": 0, "unknown": 0, "invalid": 0}
    total = 0
    for outcome in outcomes:
        counts[outcome.verdict] = counts.get(outcome.verdict, 0) + 1
        total += 1
    words = {"none": "no solution"}
    parts = ", ".join(f"{n} {words.get(v, v)}" for v, n in counts.items())
    return f"{total} puzzle{'s' if total != 1 else ''}: {parts}"
