"""Past the proof: count and list the solutions, and find their backbone, on the same search.

:func:`~pencilsat.strategies.uniqueness.prove` decides the verdict; what this module adds
runs after it on the search the strategy built, still incremental:

- **count**: forbid each answer and ask again, up to ``limit`` answers and one more (which
  says there are more than ``limit``);
- **backbone**: the cells that are the same in every solution. ``blocking`` (as cspuz_core
  does) keeps the answer atoms on which every answer so far agrees, forbids "all of these as
  they are" and solves again until none is left: each new answer shrinks the set.
  ``assumptions`` asks, atom by atom, for an answer with that atom flipped (for one call).
  ``auto`` (the default) takes ``assumptions`` where the search offers it (every CNF
  strategy) and ``blocking`` elsewhere (CP-SAT): on 2026-11-26 assumptions took 0.97 s
  against blocking's 2.03 s on an ambiguous 36x20 Masyu, 0.19 against 0.26 s on a Sudoku
  with 1,158 solutions, 0.69 against 0.95 s on a 20x36 Slitherlink, and lost only on a
  Nurikabe (8.6 against 7.9 s; ``benchmarks/results/desk.md``). A search without atoms
  falls back to listing the answers.

A strategy does not change: the front says what it wants with :func:`exploring` around the
run, and :func:`~pencilsat.strategies.uniqueness.solve_and_prove` calls :func:`explore`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from pencilsat.core.errors import InputError
from pencilsat.core.record import FrozenRecord
from pencilsat.core.result import (
    PHASE_MESSAGES,
    Backbone,
    SolutionCount,
    SolveResult,
    TimeLimitReached,
    Verdict,
)
from pencilsat.core.values import Cell

if TYPE_CHECKING:
    from pencilsat.strategies.uniqueness import AnswerSearch, Proof

A = TypeVar("A")
A_in = TypeVar("A_in", contravariant=True)
METHODS = ("auto", "blocking", "assumptions")
LISTING_LIMIT = 1000
"""A search without answer atoms finds its backbone by listing answers, at most this many."""


class Exploration(FrozenRecord):
    """What a run is asked for beyond the verdict: ``count`` answers listed (``None``: no
    list), the ``backbone`` by ``method`` (``auto``, ``blocking`` or ``assumptions``)."""

    __slots__ = ("count", "backbone", "method")
    count: int | None
    backbone: bool
    method: str

    def __init__(self, count: int | None = None, backbone: bool = False,
                 method: str = "auto") -> None:
        if method not in METHODS:
            raise InputError(f"unknown backbone method {method!r}", source="method",
                             hint="choose one of: " + ", ".join(METHODS))
        if count is not None and (isinstance(count, bool)
                                  or not isinstance(count, int) or count < 1):
            raise InputError(f"{count!r} is not a number of solutions", source="count",
                             hint="give a whole number of at least 1")
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "backbone", backbone)
        object.__setattr__(self, "method", method)


class AtomSearch(Protocol[A_in]):
    """An answer search that can say which answer atoms an answer sets, and forbid every
    answer that agrees with given values on given atoms (positions in its atom list)."""

    def atom_values(self, answer: A_in) -> Sequence[bool]:
        """The truth of every answer atom in ``answer``, in the search's order."""
        ...

    def forbid_agreeing(self, positions: Sequence[int], values: Sequence[bool]) -> None:
        """Forbid every later answer whose atoms at ``positions`` all equal ``values``."""
        ...


_ASKED: ContextVar[Exploration | None] = ContextVar("pencilsat_exploration", default=None)


@contextmanager
def exploring(task: Exploration | None) -> Iterator[None]:
    """Ask every :func:`~pencilsat.strategies.uniqueness.solve_and_prove` inside the block
    for ``task`` as well as the verdict."""
    token = _ASKED.set(task)
    try:
        yield
    finally:
        _ASKED.reset(token)


def asked() -> Exploration | None:
    """The exploration the current run is asked for, if any."""
    return _ASKED.get()


def explore(result: SolveResult, search: AnswerSearch[A], proof: Proof[A],
            decode: Callable[[A], Any], task: Exploration) -> None:
    """Add the count and the backbone ``task`` asks for to ``result``, continuing ``search``
    after ``proof`` (whose first answer is already forbidden)."""
    if proof.verdict in (Verdict.NONE, Verdict.UNKNOWN) or proof.first is None:
        _no_answer_to_explore(result, task)
        return
    start = perf_counter()
    answers = [proof.first] + ([proof.second] if proof.second is not None else [])
    phase = "listing the solutions"
    try:
        if task.count is not None:
            _count(result, search, answers, decode, task.count)
        phase = "finding the backbone"
        if task.backbone and proof.verdict == Verdict.UNIQUE:
            result.backbone = Backbone([], True, 1, _method_of(search, task.method))
        elif task.backbone:
            result.backbone = _backbone(search, answers, decode, task.method, result.solution)
    except TimeLimitReached as stop:  # a MemoryLimitReached too: the message says which
        result.message = f"{stop.cause} limit reached while {phase}"
        if task.count is not None and result.count is None:
            result.count = SolutionCount([decode(a) for a in answers[:task.count]], False,
                                         task.count, more=len(answers) > task.count)
        if task.backbone:
            undecided = undecided_cells(result.solution, [decode(a) for a in answers[1:]])
            result.backbone = Backbone(undecided, False, len(answers),
                                       _method_of(search, task.method))
    result.stats.extra["explore_s"] = perf_counter() - start


def fill_unexplored(result: SolveResult, task: Exploration) -> None:
    """A run that ended before its search (no way through a pearl, a time limit while
    encoding, a model over the memory budget) has nothing explored: say so in its terms."""
    if (task.count is not None and result.count is None) or (
            task.backbone and result.backbone is None and result.verdict != Verdict.NONE):
        _no_answer_to_explore(result, task)


def _no_answer_to_explore(result: SolveResult, task: Exploration) -> None:
    complete = result.verdict == Verdict.NONE
    if task.count is not None:
        result.count = SolutionCount([], complete, task.count)
    if task.backbone and not complete and not result.message:
        result.message = PHASE_MESSAGES["search"]


def _count(result: SolveResult, search: AnswerSearch[A], answers: list[A],
           decode: Callable[[A], Any], limit: int) -> None:
    """List up to ``limit`` answers, and look for one more to say whether that is all.
    ``answers`` grows with every answer found (the backbone starts from them)."""
    if len(answers) > 1:
        search.forbid(answers[1])
    while len(answers) <= limit:
        found = search.next_answer()
        if found is None:
            break
        answers.append(found)
        search.forbid(found)
    result.count = SolutionCount([decode(a) for a in answers[:limit]], len(answers) <= limit,
                                 limit, more=len(answers) > limit)


def _backbone(search: AnswerSearch[A], answers: list[A], decode: Callable[[A], Any],
              method: str, first: Any) -> Backbone:
    """The cells of ``first`` that every answer shares, ``answers`` being those found."""
    method = _method_of(search, method)
    if not hasattr(search, "atom_values"):
        if method != "blocking":
            raise InputError(f"this strategy's search cannot take the {method!r} method",
                             source="method", hint="use the default method 'blocking'")
        return _backbone_by_listing(search, answers, decode, first)
    atoms: AtomSearch[A] = search  # type: ignore[assignment]
    seen = [list(atoms.atom_values(a)) for a in answers]
    common = {p: v for p, v in enumerate(seen[0]) if all(s[p] == v for s in seen[1:])}
    if method == "blocking":
        _blocking(atoms, common, answers)
    else:
        _flipping(search, common, answers)
    undecided = undecided_cells(first, [decode(a) for a in answers[1:]])
    return Backbone(undecided, True, len(answers), method)


def _method_of(search: Any, method: str) -> str:
    """The method ``auto`` stands for on ``search``."""
    if method != "auto":
        return method
    return "assumptions" if hasattr(search, "next_answer_differing") else "blocking"


def _blocking(search: AtomSearch[A], common: dict[int, bool], found: list[A]) -> None:
    """cspuz_core's loop: forbid "every common atom as it is" until no answer is left;
    each answer found is added to ``found``."""
    while common:
        positions = list(common)
        search.forbid_agreeing(positions, [common[p] for p in positions])
        answer = search.next_answer()  # type: ignore[attr-defined]
        if answer is None:
            break
        values = search.atom_values(answer)
        kept = {p: v for p, v in common.items() if values[p] == v}
        if len(kept) == len(common):
            raise RuntimeError("the search returned an answer its forbidden atoms exclude")
        common = kept
        found.append(answer)


def _flipping(search: Any, common: dict[int, bool], found: list[A]) -> None:
    """Atom by atom, an answer with that atom flipped (one call each, nothing kept)."""
    if not hasattr(search, "next_answer_differing"):
        raise InputError("this strategy's search cannot take the 'assumptions' method",
                         source="method", hint="use the default method 'blocking'")
    untested = sorted(common)
    while untested:
        position = untested.pop()
        if position not in common:
            continue
        answer = search.next_answer_differing(position, common[position])
        if answer is None:
            continue
        values = search.atom_values(answer)
        common = {p: v for p, v in common.items() if values[p] == v}
        found.append(answer)


def _backbone_by_listing(search: AnswerSearch[A], answers: list[A],
                         decode: Callable[[A], Any], first: Any) -> Backbone:
    """For a search without atoms: list every answer (up to ``LISTING_LIMIT``)."""
    for answer in answers[1:]:
        search.forbid(answer)
    exhausted = False
    while not exhausted and len(answers) < LISTING_LIMIT:
        found = search.next_answer()
        exhausted = found is None
        if found is not None:
            answers.append(found)
            search.forbid(found)
    undecided = undecided_cells(first, [decode(a) for a in answers[1:]])
    return Backbone(undecided, exhausted, len(answers), "listing")


def undecided_cells(first: Any, others: Sequence[Any]) -> list[Cell]:
    """The cells where some of ``others`` differs from ``first``, row-major."""
    return sorted({c for other in others for c in first.differing_cells(other)})
