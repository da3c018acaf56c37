"""Numberlink's filled variant (every cell on a line) decided by the plain rules first.

Every filled answer is a plain answer (the filled rules are the plain ones plus "every cell
used"), so a verdict of the plain rules settles the filled one: plain ``none`` is filled
``none``; plain ``unique`` with answer ``A`` is filled ``unique`` with ``A`` when ``A``
fills the grid and filled ``none`` when it leaves a cell unused (``A`` is then the only
plain answer, so no answer fills). The plain strategy's proof searches answers in its
normal form only (shortcut-free, loops dropped, the detour), but its verdict is the
plain rules' (docs/encodings.md), and its ``unique`` answer is the only plain answer:
that verdict is all this reads. Two different plain answers that both fill are filled
``multiple``. Otherwise (plain ``multiple`` with at most one filled answer among the two
shown, or the plain try out of time) the filled rules run alone, loops cut, answers
blocked one by one, from the filled plain answer if there is one (:class:`Seeded`).

The filled rules alone are tried first, briefly (:data:`QUICK_SECONDS`): they decide
puzzles of many short lines at once. Then the plain try, with :data:`PLAIN_SHARE` of the
time left (:data:`PLAIN_SECONDS` without a limit), then the filled rules alone again with
the rest. Why: the plain proof is short (its normal form shortens lines through unused
cells), while the filled rules alone, with no such form, took 770,000 CaDiCaL conflicts
in 60 s without ending on janko 427_15x15 (3 s plain), two SAT calls and no loop cut, so
stronger loop rules do not help there. A count or a backbone needs every filled answer:
they keep the rules-alone run.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter
from typing import Any

from pencilsat.core.result import SolveResult, Verdict
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.puzzles.numberlink import NumberlinkPuzzle, NumberlinkSolution, check

Truth = tuple[bool, ...]

QUICK_SECONDS = 1.0
"""The filled rules alone are tried first for this long (at most :data:`QUICK_SHARE` of the
time limit): puzzles of many short lines (``generate numberlink --variant full``, Flow's)
are decided by them in a fraction of a second, where the plain try's build alone costs
more (10x10 to 15x15, 16-41 pairs: 0.06-0.09 s of CPU on ``lazy`` against 0.3-0.4 s
plain first)."""
QUICK_SECONDS_CPSAT = 3.0
""":data:`QUICK_SECONDS` of ``lazy-cpsat``, whose clock covers importing OR-Tools: the same
puzzles take it 0.35-0.6 s of CPU (0.8-2.5 s plain first), more than 1 s of wall under
load."""
QUICK_SHARE = 0.1
PLAIN_SHARE = 0.75
"""The share of the time left the plain try may take; the filled run gets the rest (janko
527_20x20's plain proof takes 32 s of CPU)."""
PLAIN_SECONDS = 60.0
"""The plain try's limit when the solve has none (the filled run then has no limit)."""

PlainRun = Callable[[NumberlinkPuzzle, float], SolveResult]
"""The strategy's own solve of the plain puzzle, under a time limit in seconds."""
FilledRun = Callable[[Truth | None, float | None], SolveResult]
"""The filled rules alone, from a first answer (the edge variables' truth) if given, under
a time limit in seconds (``None``: none)."""


class Seeded:
    """A search whose first answer is ``seed`` (an answer of its rules found elsewhere),
    then the search's own: the proof forbids the seed and looks for another."""

    def __init__(self, search: Any, seed: Truth) -> None:
        self.search = search
        self.seed: Truth | None = seed

    def next_answer(self) -> Truth | None:
        if self.seed is not None:
            seed, self.seed = self.seed, None
            return seed
        answer: Truth | None = self.search.next_answer()
        return answer

    def forbid(self, answer: Truth) -> None:
        self.search.forbid(answer)


def edge_truth(solution: NumberlinkSolution) -> Truth:
    """The truth of the edge variables ``1..E`` (:class:`GridEdges`) of ``solution``."""
    grid = GridEdges(solution.width, solution.height)
    truth = [False] * len(grid)
    for e in solution.edges:
        truth[grid.var[e] - 1] = True
    return tuple(truth)


def solve_filled(puzzle: NumberlinkPuzzle, time_limit: float | None, plain_run: PlainRun,
                 filled_run: FilledRun, quick_seconds: float | None = None) -> SolveResult:
    """The filled ``puzzle``'s verdict: the plain rules first, the filled rules alone only
    when their verdict leaves it open (the module docstring says why that is sound);
    ``quick_seconds``: the quick try's (:data:`QUICK_SECONDS` by default)."""
    start = perf_counter()
    quick_seconds = QUICK_SECONDS if quick_seconds is None else quick_seconds
    quick = filled_run(None, quick_seconds if time_limit is None
                       else min(quick_seconds, QUICK_SHARE * time_limit))
    if quick.verdict != Verdict.UNKNOWN:
        quick.stats.extra["plain_first"] = "not needed"
        return quick
    plain = NumberlinkPuzzle(puzzle.numbers, name=puzzle.name, filled=False)
    left = None if time_limit is None else max(0.0, time_limit - (perf_counter() - start))
    tried = plain_run(plain, PLAIN_SECONDS if left is None else PLAIN_SHARE * left)
    spent = perf_counter() - start
    shown = [s for s in (tried.solution, tried.second_solution) if s is not None]
    fills = [s for s in shown if not check(puzzle, s)]
    if tried.verdict in (Verdict.NONE, Verdict.UNIQUE):
        verdict = Verdict.UNIQUE if fills else Verdict.NONE
        return _marked(SolveResult(verdict, puzzle, fills[0] if fills else None,
                                   stats=tried.stats), tried, spent)
    if len(fills) == 2:
        return _marked(SolveResult(Verdict.MULTIPLE, puzzle, fills[0], fills[1],
                                   fills[0].differing_cells(fills[1]), stats=tried.stats),
                       tried, spent)
    rest = None if time_limit is None else max(0.0, time_limit - spent)
    result = filled_run(edge_truth(fills[0]) if fills else None, rest)
    for earlier in (quick, tried):
        result.stats.add_effort({key: getattr(earlier.stats, key)
                                 for key in ("conflicts", "decisions", "propagations")})
    return _marked(result, tried, spent)


def _marked(result: SolveResult, tried: SolveResult, spent: float) -> SolveResult:
    """``result`` with the plain try's verdict and seconds in its figures."""
    result.stats.extra.update(plain_first=tried.verdict.value, plain_s=round(spent, 3))
    return result
