"""One 9x9 Sudoku at a time on a MiniSat kept per thread: the fast path of ``pencilsat.solve``.

Loading the 10,530 extended clauses costs more than deciding a typical puzzle, so each
thread keeps one MiniSat 2.2 (``SHARED_SAT_SOLVER``) loaded with them
(:class:`~pencilsat.strategies.sudoku_batch.GridSolver`, rebuilt every ``RENEW_EVERY``
puzzles so that retired activation literals and learnt clauses of other puzzles do not
pile up). A puzzle's clues are assumptions; a second
answer is looked for under one blocking clause guarded by a fresh activation literal, which
is retired with a unit clause afterwards (:func:`solve_shared`). Learnt clauses are implied
by the base clauses, so a verdict cannot depend on the puzzles solved before, nor can a
unique answer. Two answers can: a puzzle with several
is left to :func:`~pencilsat.strategies.sudoku_batch.solve_reproducibly`, whose answers are
the puzzle's own.

The solver's counters do depend on the puzzles before, so they are not reported. The effort
figures (``conflicts``, ``decisions``, ``propagations``, ``clauses``, ``variables``,
``sat_solver`` and ``decided_by``) are those of the reproducible search
(:func:`~pencilsat.strategies.sudoku_batch.solve_reproducibly` on the puzzle alone),
computed when one of them is first read (:class:`DeferredStats`): the same figures in any
order, paid for only by a caller that looks at them (``to_dict``, the JSON output and the
CLI's figures do). The times (``solve_s``, ``uniqueness_s``) are those of the run that
answered: the shared solver's two calls.
"""

from __future__ import annotations

import atexit
import struct
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import numpy as np

from pencilsat.backends.pysat_calls import abandoned, solve_until
from pencilsat.core.result import (
    PHASE_MESSAGES,
    SolveResult,
    SolveStats,
    TimeLimitReached,
    Verdict,
)
from pencilsat.puzzles.sudoku import SudokuSolution
from pencilsat.strategies.solution_space import asked
from pencilsat.strategies.sudoku_batch import (
    DEFAULT_SAT_SOLVER,
    GridSolver,
    pysat_name,
    solve_reproducibly,
)

SHARED_SAT_SOLVER = "minisat22"
"""The kept solver's backend: on 300 Royle lines through ``pencilsat.solve`` MiniSat 2.2
decides in less CPU than CaDiCaL 1.5.3 (propagating the clues about 15% cheaper, the model
read a third cheaper, and its learnt clauses let propagation settle 187 lines, not 172);
Glucose 4 is as fast but does not stop promptly at a conflict budget, which a time limit
needs here (see :func:`~pencilsat.backends.pysat_calls.solve_until`)."""
RENEW_EVERY = 600
"""Puzzles a thread's solver decides before it is rebuilt: each adds a variable, which
every model read afterwards returns, and a rebuild loads 10,530 clauses."""
_CELL_BASES = np.arange(0, 729, 9, dtype=np.int32)
"""Cell ``i``'s literal for digit ``d`` is ``9 * i + d``."""
_PACK_729 = struct.Struct("729i").pack
_DEFERRED = ("variables", "clauses", "conflicts", "decisions", "propagations", "sat_solver",
             "extra")
_SLOTS = {name: SolveStats.__dict__[name] for name in _DEFERRED}


class _Shared(threading.local):
    grid: GridSolver | None = None
    seen = False  # a 9x9 puzzle was solved on this thread


_SHARED = _Shared()
_BUILT: weakref.WeakSet[GridSolver] = weakref.WeakSet()


_FIGURES_READ: ContextVar[bool] = ContextVar("pencilsat_sudoku_figures_read", default=False)


@contextmanager
def figures_read() -> Iterator[None]:
    """For a caller that reads every result's effort figures (the desk's API writes them
    into each record): the deferred figures would cost a second search, so such puzzles go
    straight to the reproducible path."""
    token = _FIGURES_READ.set(True)
    try:
        yield
    finally:
        _FIGURES_READ.reset(token)


def wanted() -> bool:
    """Whether this thread's next 9x9 puzzle goes to the shared solver: not inside
    :func:`figures_read`, and not the thread's first, so that one puzzle alone (a command
    line, a script) pays neither for importing PySAT (about 50 ms) nor for loading the
    clauses (about 10 ms); the reproducible path decides most puzzles without a solver."""
    if _FIGURES_READ.get():
        return False
    if _SHARED.grid is not None or _SHARED.seen:
        return True
    _SHARED.seen = True
    return False


def shared_grid() -> GridSolver:
    """This thread's 9x9 MiniSat, built on first use and after ``RENEW_EVERY`` puzzles."""
    grid = _SHARED.grid
    if grid is None or grid.solver is None:
        grid = _SHARED.grid = GridSolver(9, SHARED_SAT_SOLVER, RENEW_EVERY)
        _BUILT.add(grid)
    elif grid.used >= grid.renew or abandoned(grid.solver):
        grid._new_solver()
    return grid


@atexit.register
def _close_all() -> None:
    """Free every thread's solver before the interpreter takes PySAT's module apart (its
    ``__del__`` would then fail, noisily)."""
    for grid in list(_BUILT):
        grid.close()


def drop_shared_grid() -> None:
    """Forget this thread's solver (a call was cut short inside it: never ask it again)."""
    grid, _SHARED.grid = _SHARED.grid, None
    if grid is not None:
        grid.close()


def solve_shared(puzzle: Any, start: float, deadline: float | None) -> SolveResult | None:
    """The verdict and answer of a 9x9 puzzle from this thread's solver, with
    :class:`DeferredStats`; ``None`` when it has several answers (which two are found would
    depend on the puzzles before: the caller solves it afresh).

    The clues are assumed. When propagating them clashes or forces every cell (with the
    learnt clauses, implied by the base ones, on Royle's 17-clue set more than half), that
    decides it; otherwise an answer found is forbidden by one clause over its other cells
    guarded by a fresh literal ``a`` (assumed for the second call, then retired by the unit
    ``-a``), the procedure of :func:`pencilsat.strategies.uniqueness.prove` written out for
    the two calls. A call cut short (time limit, Ctrl-C, memory) drops the solver.

    Cell ``i``'s literal for digit ``d`` is ``9 * i + d``, so the true ones sorted are the
    answer in cell order. The 729 literals PySAT returns (a propagation's trail, a model)
    are packed by one ``struct`` call and filtered by numpy (:func:`_answer`): a Python
    comprehension over them costs about twice as much."""
    clues = puzzle.clues.ravel()
    given = clues.nonzero()[0]
    assumptions = (given * 9 + clues[given]).tolist()
    grid = shared_grid()
    grid.used += 1
    solver = grid.solver
    answer: np.ndarray | None = None
    solved = start
    try:
        ok, lits = solver.propagate(assumptions=assumptions)
        if not ok:  # the clues clash
            return _decided(puzzle, Verdict.NONE, None, time.perf_counter() - start, None)
        if len(lits) == 729:  # every cell's literals assigned (no cell is fixed at level 0)
            forced = _answer(lits)
            if forced is not None:  # the one answer: no second call
                return _decided(puzzle, Verdict.UNIQUE, _solution(forced),
                                time.perf_counter() - start, 0.0)
        found = solve_until(solver, deadline, assumptions, budgets_hold=True)
        solved = time.perf_counter()
        if not found:
            if found is None:
                return _unknown(puzzle, None, solved - start, None, PHASE_MESSAGES["search"])
            return _decided(puzzle, Verdict.NONE, None, solved - start, None)
        answer = _answer(solver.get_model()[:729])
        if answer is None:  # not one digit a cell: cannot be a model of the cell clauses
            raise RuntimeError("the shared Sudoku solver returned a model that is no grid")
        grid.top += 1
        guard = grid.top
        blocking = (-answer[clues == 0]).tolist()
        blocking.append(-guard)
        solver.add_clause(blocking)
        assumptions.append(guard)
        again = solve_until(solver, deadline, assumptions, budgets_hold=True)
        solver.add_clause([-guard])
    except TimeLimitReached as reached:  # the memory budget, looked at between two slices
        drop_shared_grid()
        now = time.perf_counter()
        if answer is None:
            return _unknown(puzzle, None, now - start, None, reached.message("search"))
        return _unknown(puzzle, _solution(answer), solved - start, now - solved,
                        reached.message("proof"))
    except BaseException:
        drop_shared_grid()
        raise
    proved = time.perf_counter()
    if again is None:
        return _unknown(puzzle, _solution(answer), solved - start, proved - solved,
                        PHASE_MESSAGES["proof"])
    if again:
        return None
    return _decided(puzzle, Verdict.UNIQUE, _solution(answer), solved - start, proved - solved)


def _answer(lits: list[int]) -> np.ndarray | None:
    """The true literals among the 729 ``lits``, sorted (cell order), as int32; ``None``
    unless there are 81 (one a cell: a wrong one would make a digit outside 1..9, which the
    rule checker refuses)."""
    packed = np.frombuffer(_PACK_729(*lits), dtype=np.int32)
    true = packed[packed > 0]
    if true.size != 81:
        return None
    true.sort()
    return true


def _solution(answer: np.ndarray) -> SudokuSolution:
    """The grid of the 81 true literals ``answer``, in cell order."""
    return SudokuSolution.of_valid_grid((answer - _CELL_BASES).astype(np.int16).reshape(9, 9))


def _decided(puzzle: Any, verdict: Verdict, first: SudokuSolution | None, solve_s: float,
             uniqueness_s: float | None) -> SolveResult:
    stats = DeferredStats(lambda: solve_reproducibly(puzzle).stats, solve_s, uniqueness_s)
    return SolveResult(verdict, puzzle, first, stats=stats)


def _unknown(puzzle: Any, first: SudokuSolution | None, solve_s: float,
             uniqueness_s: float | None, message: str) -> SolveResult:
    """A run cut short: no effort figures (the shared solver's are not the puzzle's own,
    and the reproducible search is not run past a limit)."""
    stats = SolveStats(backend="cnf", encoding="direct", sat_solver=SHARED_SAT_SOLVER,
                       solve_s=solve_s, uniqueness_s=uniqueness_s)
    return SolveResult(Verdict.UNKNOWN, puzzle, first, stats=stats, message=message)


def _deferred(name: str) -> property:
    slot = _SLOTS[name]

    def get(self: DeferredStats) -> Any:
        if self._pending is not None:
            self.resolve()
        return slot.__get__(self, SolveStats)

    def put(self: DeferredStats, value: Any) -> None:
        if self._pending is not None:
            self.resolve()
        slot.__set__(self, value)

    return property(get, put, doc=f"``{name}`` of the reproducible search, computed when read")


class DeferredStats(SolveStats):
    """:class:`SolveStats` whose effort figures come from ``figures()`` (a reproducible
    search of the same puzzle), run when one of them is first read or set. Compares, prints
    and pickles as the plain :class:`SolveStats` it then is."""

    def __init__(self, figures: Callable[[], SolveStats], solve_s: float | None,
                 uniqueness_s: float | None) -> None:
        # the fields are set on the slots: the deferred ones' setters would run the search
        base = SolveStats.__dict__
        base["backend"].__set__(self, "cnf")
        base["encoding"].__set__(self, "direct")
        base["encode_s"].__set__(self, None)
        base["solve_s"].__set__(self, solve_s)
        base["uniqueness_s"].__set__(self, uniqueness_s)
        self._pending: Callable[[], SolveStats] | None = figures

    def resolve(self) -> None:
        """Run the reproducible search now and take its figures (once)."""
        figures = self._pending
        if figures is None:
            return
        found = figures()
        for name in _DEFERRED:
            _SLOTS[name].__set__(self, getattr(found, name))
        self._pending = None

    def plain(self) -> SolveStats:
        """The same figures as a plain :class:`SolveStats`."""
        self.resolve()
        return SolveStats(*(getattr(self, name) for name in SolveStats.__slots__))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DeferredStats):
            other = other.plain()
        return self.plain() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.plain())

    def __reduce__(self) -> tuple[Any, ...]:
        plain = self.plain()
        return SolveStats, tuple(getattr(plain, name) for name in SolveStats.__slots__)


for _name in _DEFERRED:
    setattr(DeferredStats, _name, _deferred(_name))
del _name


def solve_puzzle(puzzle: Any, *, sat_solver: str | None = None,
                 time_limit: float | None = None) -> Any:
    """One :class:`SudokuPuzzle`, the front's ``direct`` Sudoku strategy, with answers and
    statistics that are the puzzle's own whatever was solved before in the process.

    A 9x9 grid on the default solver (the desk, the API, ``pencilsat.solve(line)``) but the
    thread's first is decided on this thread's MiniSat, loaded once with the extended clauses
    (this module): its answer and verdict cannot depend on the
    puzzles before it, and its effort figures are those of :func:`solve_reproducibly`,
    computed when first read. A puzzle with several answers, another size, another solver or
    a run that also wants the count or the backbone goes to :func:`solve_reproducibly`."""
    name = pysat_name(sat_solver)
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    if puzzle.size == 9 and name == DEFAULT_SAT_SOLVER and asked() is None:
        if wanted():
            decided = solve_shared(puzzle, start, deadline)
            if decided is not None:
                return decided
    return solve_reproducibly(puzzle, sat_solver=name, start=start, deadline=deadline)
