"""Many Sudokus through one SAT solver: the clauses are built once per size, clues are assumptions.

For each puzzle line (``.`` or ``0`` empty; 16, 81, 256 or 625 characters):

0. 9x9 lines first go through numpy, a whole chunk at once
   (:func:`pencilsat.strategies.sudoku_branching.decide`): naked and hidden singles and locked
   candidates (deciding 37,350 of Royle's 49,158 17-clue puzzles), and a branch as soon as
   a puzzle's round fills no cell, in the same loop of rounds, counting up to two completed
   grids per puzzle (the rest of Royle, magictour and the forum's hardest). What they
   decide never reaches SAT; a puzzle past the caps (``BRANCH_CAPS``) does. The compiled
   count of :mod:`pencilsat.strategies.sudoku_kernel` takes the lines instead when it is
   there (built ahead of time; numba's JIT once numpy work pays for it), unique and
   no-solution lines (the others back to numpy, so the answers are the same). These
   counters are the verdicts outside :func:`~pencilsat.strategies.uniqueness.prove`; tests
   check the numpy one against the SAT path and the kernel against the numpy one.
1. The rest go through the one uniqueness procedure on the size's cached solver
   (``_LineSearch``): propagate the clue literals (with the extended clauses propagation
   does the singles, so a grid it fills is forced, hence unique); otherwise solve under the
   clue assumptions, forbid the answer with ``-a or (some cell differs)`` for a fresh
   activation literal ``a``, solve under the clues plus ``a``, then retire the clause with
   the unit ``-a``. Learnt clauses stay sound for every later puzzle.
2. Every ``renew`` puzzles the solver is rebuilt: retired activation variables and learnt
   clauses of other puzzles only slow propagation.
3. A ``multiple`` found on the shared solver is solved again on a fresh one, so the two
   answers reported do not depend on the puzzles solved before it (nor on how a batch was
   split between workers); ``unique`` and ``none`` cannot depend on them.

CaDiCaL 1.5.3 is the default: on these tiny incremental calls it was the fastest of PySAT's
solvers measured (``benchmarks/results/lightup_sudoku.md``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from operator import neg
from typing import Any, cast

import numpy as np

from pencilsat.backends.bulk_load import load_until
from pencilsat.backends.pysat_calls import abandoned, solve_until
from pencilsat.core.clock import check_clock
from pencilsat.core.result import (
    PHASE_MESSAGES,
    SolveResult,
    SolveStats,
    TimeLimitReached,
    Verdict,
)
from pencilsat.core.sat_names import pysat_name as _resolve_sat_name
from pencilsat.encodings.sudoku import clauses_given
from pencilsat.puzzles.sudoku import SudokuSolution, format_line
from pencilsat.strategies.solution_space import asked
from pencilsat.strategies.sudoku_propagate import search as _propagation_search
from pencilsat.strategies.sudoku_tables import grid_tables as _grid_tables
from pencilsat.strategies.uniqueness import prove

DEFAULT_SAT_SOLVER = "cadical153"
RENEW_EVERY = 1000
_DIGITS = "123456789ABCDEFGHIJKLMNOP"
_SIDES = {16: 4, 81: 9, 256: 16, 625: 25}
_EMPTY = ".0"
_VALID9 = frozenset(".0123456789")
_VALID9_BYTES = np.zeros(256, dtype=bool)
_VALID9_BYTES[np.frombuffer(b".0123456789", dtype=np.uint8)] = True
CHUNK = 16384
"""Lines per numpy pre-filter call: large enough to amortise numpy's per-call cost (a round
of singles is ~100 numpy calls whatever the number of puzzles in it; measured on Royle's
17-clue set: 4,096 lines per call 21,300/s, 16,384 29,700/s, all 49,158 30,700/s)."""
BRANCH_CAPS = (60, 256)
"""(levels, open branches per puzzle) before the numpy branching hands a puzzle to SAT. At
(40, 64) one puzzle of Royle's 49,158 and one of the forum's hardest 375 went to SAT, whose
first solver costs ~50 ms to build; at (60, 256) none does, at the same speed otherwise."""


class GridSolver:
    """The SAT solver of one grid size, reused across puzzles."""

    def __init__(self, n: int, sat_solver: str = DEFAULT_SAT_SOLVER,
                 renew: int = RENEW_EVERY, deadline: float | None = None,
                 given: list[int] | None = None, implied: Sequence[int] = ()) -> None:
        self.n = n
        self.n3 = n ** 3
        self.sat_solver = sat_solver
        self.renew = renew
        self.clauses, self.num_vars, self.lit_of, self.char_of = _grid_tables(n)
        self.fixed: list[int] = []  # assumed with the clues
        check_clock(deadline)  # a 25x25 grid's tables take a second to build
        if given is not None:  # one puzzle only: its clues leave clauses out
            self.clauses, self.fixed = clauses_given(n, [*given, *implied], deadline)
            self.fixed[:0] = implied  # what the clues force is assumed with them
            check_clock(deadline)
        self.solver: Any = None
        self.used = 0
        self.top = self.num_vars
        self._new_solver(deadline)

    def _new_solver(self, deadline: float | None = None) -> None:
        from pysat.solvers import Solver

        if self.solver is not None:
            self.solver.delete()
        self.solver = Solver(name=self.sat_solver)
        try:
            load_until(self.solver, self.clauses, deadline)
        except TimeLimitReached:
            self.close()
            raise
        self.used = 0
        self.top = self.num_vars

    def close(self) -> None:
        if self.solver is not None:
            self.solver.delete()
            self.solver = None

    def assumptions(self, line: str) -> list[int] | str:
        """The clue literals (with the literals they make false when the solver was built for
        this one puzzle), or the reason the line is not a puzzle of this size."""
        lit_of = self.lit_of
        out = []
        for i, ch in enumerate(line):
            if ch in _EMPTY:
                continue
            lit = lit_of[i].get(ch)
            if lit is None:
                return (f"unknown character {ch!r} at column {i + 1} (allowed: '.', '0', "
                        f"{_DIGITS[0]}-{_DIGITS[self.n - 1]})")
            out.append(lit)
        return out + self.fixed

    def solve(self, line: str, time_limit: float | None = None,
              propagate: bool = True) -> dict[str, Any]:
        """Verdict, solution(s) and how it was decided, for one puzzle line of this size,
        through the one uniqueness procedure (:func:`pencilsat.strategies.uniqueness.prove`).

        ``propagate=False`` skips step 1 (the caller already knows singles do not finish it).
        """
        start = time.perf_counter()
        assm = self.assumptions(line)
        if isinstance(assm, str):
            return {"verdict": "invalid", "reason": assm}
        if self.used >= self.renew or abandoned(self.solver):
            self._new_solver()
        self.used += 1
        deadline = None if time_limit is None else start + time_limit
        before = self.solver.accum_stats() or {}
        search = _LineSearch(self, assm, deadline, propagate)
        try:
            proof = prove(search)
        finally:
            search.retire()
        after = self.solver.accum_stats() or {}
        verdict = proof.verdict.value
        how = "propagation" if search.decided_by_propagation else "search"
        proof_s = None if search.decided_by_propagation else proof.uniqueness_s
        rec = self._record(verdict, proof.first, proof.second, how, start, proof_s)
        for key in ("conflicts", "decisions", "propagations"):
            if key in after:
                rec["stats"][key] = after[key] - before.get(key, 0)
        return rec

    def _record(self, verdict: str, true: list[int] | None, other: list[int] | None,
                how: str, start: float, proof_s: float | None = None) -> dict[str, Any]:
        rec: dict[str, Any] = {"verdict": verdict}
        if true is not None:
            rec["solution"] = "".join(map(self.char_of.__getitem__, true))
        if other is not None:
            rec["second_solution"] = "".join(map(self.char_of.__getitem__, other))
        rec["stats"] = {"decided_by": how,
                        "seconds": round(time.perf_counter() - start, 6)}
        if proof_s is not None:  # the search for a second solution, part of ``seconds``
            rec["stats"]["uniqueness_seconds"] = round(proof_s, 6)
        return rec


class GridSolvers:
    """The grid solvers of one SAT solver name, by size, kept across :func:`solve_batch`
    calls by their owner (a worker solving one shard after another) and closed by it."""

    def __init__(self, sat_solver: str, renew: int = RENEW_EVERY) -> None:
        self.sat_solver = sat_solver
        self.renew = renew
        self._by_size: dict[int, GridSolver] = {}

    def __call__(self, n: int) -> GridSolver:
        grid = self._by_size.get(n)
        if grid is None:
            grid = self._by_size[n] = GridSolver(n, self.sat_solver, self.renew)
        return grid

    def close(self) -> None:
        for grid in self._by_size.values():
            grid.close()
        self._by_size.clear()


class _LineSearch:
    """One puzzle line as an answer search on its grid's cached solver: the clues are
    assumptions; when propagating them assigns every cell (the extended clauses do the
    singles), that answer is forced and so unique without a search. The blocking clause
    carries a fresh activation literal, retired with the unit ``-a`` afterwards, so the
    solver stays sound for the next puzzle."""

    def __init__(self, grid: GridSolver, assumptions: list[int], deadline: float | None,
                 propagate: bool) -> None:
        self.grid = grid
        self.assumptions = assumptions
        self.deadline = deadline
        self.propagate = propagate
        self.decided_by_propagation = False
        self.activation: int | None = None

    def next_answer(self) -> list[int] | None:
        solver, grid = self.grid.solver, self.grid
        if self.decided_by_propagation:
            return None  # every cell was forced by the clues: no other answer
        if self.propagate and self.activation is None:
            ok, lits = solver.propagate(assumptions=self.assumptions)
            if not ok:
                self.decided_by_propagation = True
                return None
            true = [lit for lit in lits if lit > 0]
            if len(true) == grid.n * grid.n:
                self.decided_by_propagation = True
                return sorted(true)
        found = solve_until(solver, self.deadline, self.assumptions)
        if found is None:
            raise TimeLimitReached()
        if not found:
            return None
        return [lit for lit in solver.get_model()[: grid.n3] if lit > 0]

    def forbid(self, answer: list[int]) -> None:
        if self.decided_by_propagation:
            return
        self.grid.solver.add_clause([-self._activate(), *map(neg, answer)])

    def retire(self) -> None:
        if self.activation is not None and self.grid.solver is not None:
            self.grid.solver.add_clause([-self.activation])

    # answer atoms (the desk): every (cell, digit) literal, position = literal - 1

    def atom_values(self, answer: list[int]) -> np.ndarray:
        values = np.zeros(self.grid.n3, dtype=bool)
        values[np.asarray(answer, dtype=np.int64) - 1] = True
        return values

    def forbid_agreeing(self, positions: Sequence[int], values: Sequence[bool]) -> None:
        """Under the activation literal, like :meth:`forbid`: retired with it."""
        activation = self._activate()
        where = np.asarray(positions, dtype=np.int64)
        lits = np.where(np.asarray(values, dtype=bool), -(where + 1), where + 1)
        self.grid.solver.add_clause([-activation, *lits.tolist()])

    def next_answer_differing(self, position: int, value: bool) -> list[int] | None:
        """An answer with literal ``position + 1`` flipped, under a guard for this call."""
        self._activate()  # past propagation: the search proper
        self.grid.top += 1
        guard = self.grid.top
        self.grid.solver.add_clause([-guard, -(position + 1) if value else position + 1])
        self.assumptions.append(guard)
        try:
            return self.next_answer()
        finally:
            self.assumptions.pop()
            self.grid.solver.add_clause([-guard])

    def _activate(self) -> int:
        """The activation literal of this puzzle's blocking clauses (made on first use)."""
        if self.activation is None:
            self.grid.top += 1
            self.activation = self.grid.top
            self.assumptions.append(self.activation)
        return self.activation


def pysat_name(sat_solver: str | None) -> str:
    """PySAT's name for a short name (cadical, glucose, minisat) or a PySAT name."""
    return _resolve_sat_name(sat_solver, DEFAULT_SAT_SOLVER)


def uniqueness_seconds(rec: dict[str, Any]) -> float | None:
    """The proof's share of a record's time: measured after a search, 0 when propagation
    forced every cell (the answer is unique by the same step), ``None`` when there was no
    answer to prove unique."""
    if "uniqueness_seconds" in rec["stats"]:
        return rec["stats"]["uniqueness_seconds"]
    return 0.0 if rec["verdict"] == "unique" else None


def solve_reproducibly(puzzle: Any, *, sat_solver: str | None = None,
                       start: float | None = None, deadline: float | None = None) -> Any:
    """:func:`~pencilsat.strategies.sudoku_shared.solve_puzzle` without the shared solver:
    every answer and figure is the puzzle's own, from a search that starts from nothing.

    A 9x9 grid on the default solver first goes through the branch-and-count search over
    unit propagation computed on bitsets (:mod:`pencilsat.strategies.sudoku_propagate`:
    no solver at all, about seven nodes on Royle's 17-clue puzzles). A puzzle
    that search gives up on, another size or another solver gets a fresh solver loaded with
    the clauses simplified by the clues (:func:`pencilsat.encodings.sudoku.clauses_given`:
    about 2,700 instead of 10,530 at 9x9; about 1,600 when given what the search's
    propagation forced from them too); the batch keeps one solver for many puzzles
    instead. ``start`` and ``deadline`` are ``perf_counter`` times (``None``: now, none)."""
    name = pysat_name(sat_solver)
    if start is None:
        start = time.perf_counter()
    implied: list[int] = []
    if puzzle.size == 9 and name == DEFAULT_SAT_SOLVER and asked() is None:
        decided, implied = _solve_by_propagation(puzzle, start, deadline)
        if decided is not None:
            return decided
    try:
        flat = np.asarray(puzzle.clues).ravel().tolist()
        given = [i * puzzle.size + d for i, d in enumerate(flat) if d]
        implied = sorted(set(implied) - set(given))
        grid = GridSolver(puzzle.size, name, deadline=deadline, given=given, implied=implied)
    except TimeLimitReached as reached:
        stats = SolveStats(backend="cnf", encoding="direct", sat_solver=name,
                           encode_s=time.perf_counter() - start)
        return SolveResult(Verdict.UNKNOWN, puzzle, stats=stats,
                           message=reached.message("encoding"))
    encode_s = time.perf_counter() - start
    if asked() is not None:
        return _solve_exploring(puzzle, grid, deadline, encode_s)
    try:
        rec = grid.solve(format_line(puzzle.clues), None if deadline is None
                         else deadline - time.perf_counter())
        effort = grid.solver.accum_stats() or {}
    finally:
        grid.close()
    stats = SolveStats(backend="cnf", encoding="direct", sat_solver=name,
                       variables=grid.num_vars, clauses=len(grid.clauses),
                       conflicts=effort.get("conflicts"), decisions=effort.get("decisions"),
                       propagations=effort.get("propagations"), encode_s=encode_s,
                       solve_s=rec["stats"]["seconds"] - rec["stats"].get("uniqueness_seconds", 0),
                       uniqueness_s=uniqueness_seconds(rec),
                       extra={"decided_by": rec["stats"]["decided_by"]})
    n = puzzle.size

    def solution(key: str) -> SudokuSolution | None:
        text = rec.get(key)
        if text is None:
            return None
        digits = [_DIGITS.index(ch) + 1 for ch in text]
        return SudokuSolution(np.array(digits, dtype=np.int16).reshape(n, n))

    first, second = solution("solution"), solution("second_solution")
    verdict = Verdict(rec["verdict"])
    message = ("" if verdict != Verdict.UNKNOWN else
               PHASE_MESSAGES["proof" if first is not None else "search"])
    diffs = first.differing_cells(second) if first is not None and second is not None else []
    return SolveResult(verdict, puzzle, first, second, diffs, stats=stats, message=message)


def _solve_by_propagation(puzzle: Any, start: float,
                          deadline: float | None) -> tuple[Any, list[int]]:
    """``solve_puzzle`` for a 9x9 grid on the default solver: the branch-and-count search over
    unit propagation on bitsets (:mod:`pencilsat.strategies.sudoku_propagate`), whose effort
    figures depend on the puzzle alone, without a solver (``sat_solver`` is ``None``);
    ``None`` when the puzzle is too hard for it, with the literals propagation forces from
    the clues (a fresh CaDiCaL then decides it, on the clauses those leave open: about 1,000
    fewer than the clues alone leave on Royle's hard lines)."""
    flat = puzzle.clues.ravel().tolist()
    clues = [cell * 9 + digit for cell, digit in enumerate(flat) if digit]
    stats = SolveStats(backend="cnf", encoding="direct", variables=729,
                       clauses=len(_grid_tables(9)[0]))
    try:
        found, count = _propagation_search(clues, deadline)
    except TimeLimitReached:
        stats.solve_s = time.perf_counter() - start
        return SolveResult(Verdict.UNKNOWN, puzzle, stats=stats,
                           message=PHASE_MESSAGES["search"]), []
    if found is None:
        return None, count.root_literals()
    end = time.perf_counter()
    stats.solve_s = (count.first_at or end) - start
    stats.conflicts, stats.decisions = count.conflicts, count.decisions
    stats.propagations = count.propagations
    stats.extra["decided_by"] = "propagation" if count.propagations == 1 else "search"
    solutions = [SudokuSolution(answer.reshape(9, 9)) for answer in found]
    verdict = (Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE)[len(solutions)]
    first = solutions[0] if solutions else None
    second = solutions[1] if len(solutions) > 1 else None
    if count.propagations == 1 and first is not None:  # the clues forced every cell
        stats.uniqueness_s = 0.0
    elif count.first_at is not None:  # the rest of the search: the proof (or second answer)
        stats.uniqueness_s = end - count.first_at
    diffs = first.differing_cells(second) if first is not None and second is not None else []
    return SolveResult(verdict, puzzle, first, second, diffs, stats=stats), []


def _solve_exploring(puzzle: Any, grid: GridSolver, deadline: float | None,
                     encode_s: float) -> Any:
    """``solve_puzzle`` for a run that also wants the count or the backbone: the same search
    through :func:`~pencilsat.strategies.uniqueness.solve_and_prove`, which explores it."""
    from pencilsat.strategies.uniqueness import solve_and_prove

    n = puzzle.size
    stats = SolveStats(backend="cnf", encoding="direct", sat_solver=grid.sat_solver,
                       variables=grid.num_vars, clauses=len(grid.clauses), encode_s=encode_s)
    assumptions = grid.assumptions(format_line(puzzle.clues))
    assert not isinstance(assumptions, str)  # the model's clues are digits of its size

    def decode(answer: list[int]) -> SudokuSolution:
        digits = [(v - 1) % n + 1 for v in answer]
        return SudokuSolution(np.array(digits, dtype=np.int16).reshape(n, n))

    search = _LineSearch(grid, assumptions, deadline, propagate=True)
    try:
        result = solve_and_prove(puzzle, search, decode, stats)
        stats.add_effort(grid.solver.accum_stats() or {})
    finally:
        search.retire()
        grid.close()
    return result


def solve_batch(
    lines: Iterable[str],
    *,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    renew: int = RENEW_EVERY,
    singles: bool = True,
    branching: bool = True,
    branch_caps: tuple[int, int] = BRANCH_CAPS,
    grids: GridSolvers | None = None,
    kernel: bool | None = None,
) -> Iterator[dict[str, Any]]:
    """One record per input line, in order, for a stream of one-line Sudokus; blank lines and
    ``#`` comment lines get none.

    A record has ``index`` (0-based line number), ``verdict`` (unique, multiple, none, unknown,
    or invalid with a ``reason``), ``solution`` (one string, row-major, as the input), for
    multiple a ``second_solution``, and ``stats``: ``decided_by`` (``singles`` = the numpy
    pre-filter of :mod:`pencilsat.strategies.sudoku_singles`, ``branching`` = its vectorised
    branch-and-count, ``propagation`` or ``search`` in the SAT solver), ``seconds`` (the
    numpy steps' time is shared out over the puzzles they were run on) and, after a search,
    ``uniqueness_seconds``: the part of ``seconds`` spent looking for a second solution
    (the other ways decide uniqueness with the answer). ``time_limit`` bounds
    each puzzle's search. Bad lines never stop the batch. ``branching=False`` sends every
    puzzle singles leave open to SAT; ``branch_caps`` sets the branching's (levels, open
    branches per puzzle) limits (large caps decide every 9x9 puzzle in numpy). ``grids``: the
    solvers to use, kept by the caller across calls (``None``: built here and closed at the
    end); their ``sat_solver`` is then the one used. ``kernel``: the compiled count of
    :mod:`pencilsat.strategies.sudoku_kernel` for 9x9 lines (``None``: with the default
    ``branch_caps``, when the build compiled ahead of time is there or a kernel is loaded,
    else once the numpy work of this process pays for numba's JIT, see
    :data:`KERNEL_PAYS_AFTER`; ``decided_by`` ``kernel``); the same verdicts and answers
    either way.
    """
    own = grids is None
    solvers = GridSolvers(pysat_name(sat_solver), renew) if grids is None else grids

    def solve_line(n: int, line: str, propagate: bool = True) -> dict[str, Any]:
        rec = solvers(n).solve(line, time_limit, propagate)
        if rec["verdict"] != "multiple":
            return rec
        left = None if time_limit is None else time_limit - rec["stats"]["seconds"]
        if left is not None and left <= 0:
            return rec
        fresh = GridSolver(n, solvers.sat_solver)  # answers of this puzzle alone
        try:
            again = fresh.solve(line, left, propagate)
        finally:
            fresh.close()
        if again["verdict"] != "multiple":  # the time limit ran out the second time
            return rec
        again["stats"]["seconds"] = round(again["stats"]["seconds"] + rec["stats"]["seconds"], 6)
        return again

    caps = branch_caps if branching else None
    try:
        index = 0
        stream = iter(lines)
        while chunk := [raw.strip() for raw in islice(stream, CHUNK)]:
            yield from _solve_chunk(chunk, index, solve_line, singles, caps, kernel)
            index += len(chunk)
    finally:
        if own:
            solvers.close()


def _nine_by_nine(chunk: list[str]) -> tuple[list[int], np.ndarray]:
    """Positions of the 81-character lines of only ``.0123456789``, and those lines as a
    (lines, 81) uint8 array, checked as one array (a per-line set test cost ~4 us a line, a
    tenth of what numpy then spends on it)."""
    if set(map(len, chunk)) == {81}:  # the usual file: every line a 9x9 grid
        at = list(range(len(chunk)))
        text = "".join(chunk).encode("utf-8", "replace")
    else:
        at = [i for i, line in enumerate(chunk) if len(line) == 81]
        text = "".join([chunk[i] for i in at]).encode("utf-8", "replace")
    if len(text) != 81 * len(at):  # a non-ASCII character somewhere: line by line
        at = [i for i in at if _VALID9.issuperset(chunk[i])]
        text = "".join([chunk[i] for i in at]).encode("ascii")
    raw = np.frombuffer(text, dtype=np.uint8).reshape(len(at), 81)
    ok = np.asarray(_VALID9_BYTES[raw].all(axis=1))
    if ok.all():
        return at, raw
    flags: list[bool] = ok.tolist()
    return [i for i, good in zip(at, flags, strict=True) if good], raw[ok]


def _solve_chunk(chunk: list[str], first_index: int, solve_line: Any, use_singles: bool,
                 caps: tuple[int, int] | None,
                 kernel: bool | None = None) -> Iterable[dict[str, Any]]:
    """The chunk's records in order: the list numpy (or the kernel) made when it decided
    every line, else those with the others solved one by one as they are reached."""
    # the records numpy decides, built whole (index first) in the chunk's order
    pre: list[dict[str, Any] | None] = [None] * len(chunk)
    open_lines: set[int] = set()
    if use_singles:
        nine, raw = _nine_by_nine(chunk)
        if nine:
            for k, made in _decide_nine(raw, caps, kernel):
                i = nine[k]
                if made is None:
                    open_lines.add(i)
                else:
                    pre[i] = {"index": first_index + i, **made}
    if pre.count(None) == 0:
        return cast("list[dict[str, Any]]", pre)  # no None left
    return _with_the_rest(pre, chunk, first_index, solve_line, open_lines)


KERNEL_PROBE = 1024
"""9x9 lines of a chunk the numpy path decides first, to estimate what the rest would cost
it (:data:`KERNEL_PAYS_AFTER`), while the kernel is not loaded."""
KERNEL_PAYS_AFTER = 1.0
"""CPU seconds of numpy work in a process (spent on earlier chunks, and estimated for the
rest of this one) past which numba's JIT kernel is loaded when the kernel compiled ahead of
time is not there yet (that one is used from the first line), and its build is started in
the background. numba's import and the kernel's load from numba's cache cost 0.5-1 s once a
process and the kernel takes 47-88% of the numpy path's time a line, so the load pays after
5,000-6,000 of the forum's hardest lines and 110,000-200,000 of Royle's
(``benchmarks/results/sudoku_numba.md``); the rest of a batch is unknown, and switching once
the numpy work is about the load bounds what a batch that ends soon after loses."""
_numpy_work = [0.0]
"""The CPU seconds :func:`_numpy_records` spent in this process."""
KERNEL_COMPILE = 20
"""How much more numpy work it takes to pay for compiling the kernel (~10 s) when numba's
cache of it is cold."""


def _decide_nine(raw: np.ndarray, caps: tuple[int, int] | None,
                 kernel: bool | None) -> Iterator[tuple[int, dict[str, Any] | None]]:
    """Per validated 9x9 line of ``raw`` (its row) the record numpy or the kernel made
    (without ``index``), or ``None`` for a line left to SAT."""
    from pencilsat.strategies import sudoku_kernel_loader as loader

    rows = len(raw)
    start = 0
    if kernel is None and caps != BRANCH_CAPS:
        kernel = False  # caps of its own: the numpy branching was asked for
    if caps is None or kernel is False:
        yield from _numpy_records(raw, 0, caps)
        return
    module = loader.ready()  # compiled ahead of time: no cost to speak of
    if module is None and kernel is None and loader.installed():  # numba's JIT: if it pays
        pays = KERNEL_PAYS_AFTER * (1 if loader.cached() else KERNEL_COMPILE)
        work = _numpy_work[0]  # the numpy path's CPU seconds so far in this process
        if work <= pays and rows > KERNEL_PROBE:  # and what the rest would cost it
            yield from _numpy_records(raw[:KERNEL_PROBE], 0, caps)
            start = KERNEL_PROBE
            probe = _numpy_work[0] - work
            work = _numpy_work[0] + probe / KERNEL_PROBE * (rows - start)
        if work > KERNEL_PAYS_AFTER:
            loader.build_soon()  # for the next processes (and this one's next chunks)
        module = loader.kernel() if work > pays else None
    elif module is None and kernel:
        module = loader.kernel()
    if module is None:
        yield from _numpy_records(raw[start:], start, caps)
        return
    yield from _kernel_records(module, raw[start:], start, caps)


def _kernel_records(module: Any, raw: np.ndarray, offset: int,
                    caps: tuple[int, int]) -> Iterator[tuple[int, dict[str, Any] | None]]:
    """:func:`_decide_nine` by the compiled kernel, in calls of :data:`KERNEL_CALL` lines;
    the lines it leaves (``MULTIPLE``: which two answers depends on the search; ``OPEN``)
    go through :func:`_numpy_records`, so every answer is the numpy path's."""
    from pencilsat.strategies import sudoku_singles as singles

    for at in range(0, len(raw), KERNEL_CALL):
        part = raw[at:at + KERNEL_CALL]
        start = time.perf_counter()
        status, solution, _ = module.count_lines(part)
        holds = answers_hold(part, solution).tolist()
        share = round((time.perf_counter() - start) / len(part), 7)
        text = solution.tobytes().decode("ascii")
        left = []
        for k, verdict in enumerate(status.tolist()):
            if verdict == singles.UNIQUE and holds[k]:
                made: dict[str, Any] = {"verdict": "unique",
                                        "solution": text[81 * k:81 * k + 81]}
            elif verdict == singles.NONE:
                made = {"verdict": "none"}
            else:
                left.append(k)
                continue
            made["stats"] = {"decided_by": "kernel", "seconds": share}
            yield offset + at + k, made
        if left:
            for k, again in _numpy_records(part[left], 0, caps):
                if again is not None:
                    again["stats"]["seconds"] = round(again["stats"]["seconds"] + share, 7)
                yield offset + at + left[k], again


def answers_hold(lines: np.ndarray, answers: np.ndarray) -> np.ndarray:
    """Per row, whether ``answers`` ((puzzles, 81) ASCII digits) is a solution of the clues of
    ``lines`` (ASCII, ``1``-``9`` given): every row, column and box holds the nine digits and
    every given is kept. The rule check of the kernel's answers, independent of its search (a
    line whose answer fails goes to the numpy path)."""
    digits = answers.astype(np.int16) - ord("1")  # 0-8
    bits = np.left_shift(1, np.clip(digits, 0, 8)).astype(np.int32)
    bits[(digits < 0) | (digits > 8)] = 0
    grid = bits.reshape(-1, 9, 9)
    full = 511
    rows = np.bitwise_or.reduce(grid, axis=2) == full
    cols = np.bitwise_or.reduce(grid, axis=1) == full
    boxes = np.bitwise_or.reduce(grid.reshape(-1, 3, 3, 3, 3), axis=(2, 4)).reshape(-1, 9) == full
    given = (lines >= ord("1")) & (lines <= ord("9"))
    kept = (~given | (lines == answers)).all(axis=1)
    out: np.ndarray = rows.all(axis=1) & cols.all(axis=1) & boxes.all(axis=1) & kept
    return out


KERNEL_CALL = 4096
"""9x9 lines per kernel call: a Ctrl-C is seen between calls (4,096 of the forum's hardest
lines take about a second)."""


def _numpy_records(raw: np.ndarray, offset: int, caps: tuple[int, int] | None
                   ) -> Iterator[tuple[int, dict[str, Any] | None]]:
    """:func:`_decide_nine` by the numpy rounds (:func:`sudoku_branching.decide`)."""
    from pencilsat.strategies import sudoku_branching as branching
    from pencilsat.strategies import sudoku_singles as singles

    if len(raw) == 0:
        return
    singles.keep_freed_memory()
    start = time.perf_counter()
    cpu = time.process_time()
    levels, per_puzzle = caps if caps is not None else (0, 0)
    status, first, second, branched = branching.decide(
        singles.candidates_of(raw), levels, per_puzzle, branching=caps is not None)
    share = round((time.perf_counter() - start) / len(raw), 7)
    _numpy_work[0] += time.process_time() - cpu
    decided = np.nonzero(status != singles.OPEN)[0]
    sols = singles.solution_strings(first[decided])
    multiple = np.nonzero(status == singles.MULTIPLE)[0]
    others = dict(zip(multiple.tolist(), singles.solution_strings(second[multiple]),
                      strict=True))
    verdicts = {singles.UNIQUE: "unique", singles.NONE: "none",
                singles.MULTIPLE: "multiple"}
    how = ("singles", "branching")
    for k, sol, verdict, split in zip(decided.tolist(), sols, status[decided].tolist(),
                                      branched[decided].tolist(), strict=True):
        made: dict[str, Any] = {"verdict": verdicts[verdict]}
        if verdict != singles.NONE:
            made["solution"] = sol
        if verdict == singles.MULTIPLE:
            made["second_solution"] = others[k]
        made["stats"] = {"decided_by": how[split], "seconds": share}
        yield offset + k, made
    for k in np.nonzero(status == singles.OPEN)[0].tolist():
        yield offset + k, None


def _with_the_rest(pre: list[dict[str, Any] | None], chunk: list[str], first_index: int,
                   solve_line: Any, open_lines: set[int]) -> Iterator[dict[str, Any]]:
    """The chunk's records in order, the lines numpy left solved one by one."""
    for i, rec in enumerate(pre):
        if rec is None:
            line = chunk[i]
            if not line or line.startswith("#"):
                continue  # blank lines and comments, skipped as on the line-by-line batch path
            if i in open_lines:
                rec = solve_line(9, line, propagate=False)
            else:
                n = _SIDES.get(len(line))
                if n is None:
                    reason = (f"a one-line Sudoku has 16, 81, 256 or 625 cells, this one has "
                              f"{len(line)}")
                    rec = {"verdict": "invalid", "reason": reason}
                else:
                    rec = solve_line(n, line)
            rec = {"index": first_index + i, **rec}
        yield rec

