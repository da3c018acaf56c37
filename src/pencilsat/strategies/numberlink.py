"""Numberlink strategies: ``lazy`` (the default, CNF on one incremental PySAT solver) and
``lazy-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.numberlink` (degrees and pair labels on the edge grid,
"no stray loop" as "every used edge is joined to a number") and hand it to the shared
connectivity runs (:func:`~pencilsat.strategies.connected_runs.run_shading_cnf` and
``run_shading_cpsat``): a model with a loop gets a cut "some edge at the loop's cells leaves
it". ``complete_cnf`` writes the same rules as one fixed clause list for ``pencilsat study``;
``certify_cnf`` is the ``lazy`` run's clauses with the requirement its cuts stand for.

Solving (no count or backbone asked) looks only at answers no line of which can be cut
short, through unused cells too (:func:`~pencilsat.encodings.numberlink.shortcut_free`),
turning round an unused cell only when it comes later
(:func:`~pencilsat.encodings.numberlink.corner_rules`), and before the second search tries
to reroute a stretch of the first answer through unused cells
(:func:`~pencilsat.encodings.numberlink.detour`): the verdict is the same, the proof
smaller. On grids past :data:`WINDOW_CELLS` cells it then looks for a second answer in
windows of the grid (quadrants, then bands), the first kept outside
(:mod:`~pencilsat.strategies.numberlink_windows`). It also leaves "no stray loop" out and
drops each model's loops (:class:`LoopsDropped`: no cut is made); both try the first
answer on a copy with every cell used (:data:`FILL_SECONDS`, :data:`FILL_SHARE`; ``lazy`` past
:data:`FILL_FIRST_CELLS`), and ``lazy-cpsat`` solves the rules without CP-SAT's presolve.
A count or backbone needs every answer, so it runs on the rules alone, loops cut; so does
every solve of the filled variant (``puzzle.filled``, whose build has "every cell used" as a
rule): the arguments above shorten lines or drop loops, which leaves cells unused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.core.clock import deadline_of
from pencilsat.core.result import SolveResult, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.certifiable import CertifiableCnf
from pencilsat.encodings.connectivity import ShadingEncoding
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.numberlink import build, detour, filled
from pencilsat.encodings.numberlink import complete_cnf as complete_clauses
from pencilsat.puzzles.numberlink import EMPTY, NumberlinkPuzzle
from pencilsat.strategies.connected_runs import (
    DEFAULT_SAT_SOLVER,
    GROWN_CUTS,
    certify_shading,
    run_shading_cnf,
    run_shading_cpsat,
)
from pencilsat.strategies.numberlink_circuit import add_circuit
from pencilsat.strategies.numberlink_filled import QUICK_SECONDS_CPSAT, Seeded, solve_filled
from pencilsat.strategies.numberlink_windows import (
    WINDOW_CELLS,
    BandSearch,
    cpsat_bands,
    pysat_bands,
)
from pencilsat.strategies.solution_space import asked

Truth = tuple[bool, ...]


class DetourFirst:
    """The lazy search over shortcut-free answers, offering before its second search an
    answer made from the first by :func:`~pencilsat.encodings.numberlink.detour`, then one
    that ``bands`` finds (the first answer kept outside a window,
    :mod:`~pencilsat.strategies.numberlink_windows`), if any. Answers are the truth of the
    edge variables ``1..E``, in order."""

    def __init__(self, search: Any, puzzle: NumberlinkPuzzle,
                 bands: Callable[[Truth], Truth | None] | None = None) -> None:
        self.search = search
        self.puzzle = puzzle
        self.bands = bands
        self.grid = GridEdges(puzzle.width, puzzle.height)
        self.first: Truth | None = None
        self.tried = False

    def next_answer(self) -> Truth | None:
        if self.first is not None and not self.tried:
            self.tried = True
            used = np.flatnonzero(self.first) + 1
            bent = detour(self.puzzle, self.grid.edge_pairs(used.tolist()))
            if bent is not None:
                truth = [False] * len(self.grid)
                for e in bent:
                    truth[self.grid.var[e] - 1] = True
                return tuple(truth)
            if self.bands is not None:
                found = self.bands(self.first)
                if found is not None:
                    return found
        answer: Truth | None = self.search.next_answer()
        return answer

    def forbid(self, answer: Truth) -> None:
        if self.first is None:
            self.first = answer
        self.search.forbid(answer)


class RaceSettings:
    """What :class:`LoopsDropped` races with: the rules' clauses (read in the race's child),
    the deadline, and, once a race settled a search, how long its child took. ``alone``:
    where no race may run (a batch, the desk, one CPU), the same formula on the race's
    solver in this process first
    (:func:`~pencilsat.backends.proof_here.refuted_here`)."""

    def __init__(self, deadline: float | None, alone: bool = False) -> None:
        self.rules: Callable[[], Sequence[list[int]]] = list
        self.deadline = deadline
        self.alone = alone
        self.won_after: float | None = None

    def note(self, result: SolveResult) -> SolveResult:
        """``result`` with the race's part in its statistics, if a race settled a search."""
        if self.won_after is not None:
            from pencilsat.backends.proof_race import RACE_SOLVER

            result.stats.extra["proof_by"] = RACE_SOLVER
            result.stats.extra["proof_by_s"] = round(self.won_after, 3)
        return result


class LoopsDropped:
    """A search on the rules without "no stray loop" (no cut is ever made): each model's
    loops are dropped (the edges of every set of joined cells holding no number), which
    leaves an answer, and an answer ``A`` is forbidden by "some edge of ``A`` unused", not
    by "some edge differs".

    The verdict is the rules': an answer exists exactly when a model does (drop its loops).
    A model missing an edge of ``A`` still misses it with its loops dropped, so it leaves
    an answer other than ``A``; and an answer ``B`` other than
    ``A`` misses an edge of ``A``: were every edge of ``A`` in ``B``, each cell of ``A``'s
    lines would have its whole degree there, so ``B``'s other lines would hold no number
    (``A`` joins them all), loops, which an answer has none of. The proof that ``A`` is the
    only answer never meets a loop, and none is cut (the 15x15 and 20x20 janko proofs of
    few, long lines were thousands of cuts)."""

    def __init__(self, search: Any, puzzle: NumberlinkPuzzle,
                 first_try: Callable[[], Truth | None] | None = None,
                 race: RaceSettings | None = None) -> None:
        """``first_try``: a model to start from, or ``None`` (then the search finds one):
        the rules with every cell used, on a copy (:data:`FILL_SECONDS`). ``race``: each
        search after an answer is forbidden may be settled by a second solver on the rules
        and the forbidden answers (:mod:`~pencilsat.backends.proof_race`)."""
        self.search = search
        self.first_try = first_try
        self.race = race
        self.forbidden: list[list[int]] = []
        grid = GridEdges(puzzle.width, puzzle.height)
        end_a, end_b, _ = grid.arrays()
        self.end_a, self.end_b = end_a[1:], end_b[1:]
        self.cells = puzzle.width * puzzle.height
        self.numbered = puzzle.numbers.ravel() != EMPTY
        self.none_left = False

    def next_answer(self) -> Truth | None:
        if self.none_left:
            return None
        model: Truth | None = None
        if self.first_try is not None:
            model, self.first_try = self.first_try(), None
        if model is None:
            model = self._searched()
        return None if model is None else self.lines(model)

    def _searched(self) -> Truth | None:
        """The search's next model, raced when asked and an answer is forbidden."""
        race = self.race
        if race is None or not self.forbidden:
            answer: Truth | None = self.search.next_answer()
            return answer
        from pencilsat.backends.proof_here import refuted_here
        from pencilsat.backends.proof_race import racing

        rules, forbidden = race.rules, list(self.forbidden)
        with racing(lambda: [*rules(), *forbidden], race.deadline) as running:
            if running is None and race.alone:
                began = perf_counter()
                if refuted_here([*rules(), *forbidden], race.deadline):
                    race.won_after = perf_counter() - began
                    return None  # its clauses are the search's or fewer: no answer left
            answer = self.search.next_answer()
            if running is not None and running.won:
                race.won_after = running.proof_seconds
        return answer

    def lines(self, model: Truth) -> Truth:
        """``model`` without its loops."""
        from scipy.sparse import coo_matrix
        from scipy.sparse.csgraph import connected_components

        used = np.asarray(model, dtype=bool)
        a, b = self.end_a[used], self.end_b[used]
        links = coo_matrix((np.ones(len(a)), (a, b)), shape=(self.cells, self.cells))
        _, component = connected_components(links, directed=False)
        kept = np.zeros(self.cells, dtype=bool)
        kept[np.unique(component[self.numbered])] = True
        return tuple((used & kept[component[self.end_a]]).tolist())

    def forbid(self, answer: Truth) -> None:
        literals = [-int(v) for v, on in zip(self.search.answer.tolist(), answer, strict=True)
                    if on]
        if literals:
            self.search.add(literals)
            self.forbidden.append(literals)
        else:  # no line at all: every model misses nothing of it
            self.none_left = True


FILL_SECONDS = 5.0
"""At least this long (within the time limit) the first search tries the rules with every
cell used (:func:`~pencilsat.encodings.numberlink.filled`) on a copy, before the search on
the rules alone: janko answers fill the grid, and the 15x15 ones with few long lines are
found in a fraction of a second that way, against minutes without (the proof of
uniqueness is then on the rules alone, as always)."""
FILL_SHARE = 0.5
"""With a time limit, the filled try may take this share of the time left when that is more
than :data:`FILL_SECONDS`: on janko's 20x20 and larger grids the search on the rules alone
found no answer within 60 s (555, 549, 547, 546, 528_20x20, 572_25x40, 567_30x30), the
filled copy finds it in 552 to 5,526 conflicts (572_25x40: 4.3 s of CPU, more than 5 s of
wall under load)."""


FILL_FIRST_CELLS = 225
"""``lazy`` tries the filled grid first on grids of more cells than this (15x15)."""
RACE_CELLS = 225
"""Both strategies race their proof on grids of more cells than this (15x15): smaller grids
prove within 1.3 s of CPU on ``lazy`` (where a race forks only when a proof outlasts its
first slice anyway)."""


def _fill_deadline(deadline: float | None) -> float:
    now = perf_counter()
    if deadline is None:
        return now + FILL_SECONDS
    return min(deadline, now + max(FILL_SECONDS, FILL_SHARE * (deadline - now)))


def _filled_on_pysat(encoding: ShadingEncoding[Any], puzzle: NumberlinkPuzzle,
                     solver_name: str, deadline: float | None) -> Truth | None:
    """A model of ``encoding`` with every cell used, found on a second PySAT solver; ``None``
    when there is none or :data:`FILL_SECONDS` pass."""
    from pysat.solvers import Solver

    from pencilsat.backends.bulk_load import load_clauses
    from pencilsat.backends.pysat_calls import solve_until

    with Solver(name=solver_name) as solver:
        load_clauses(solver, [*encoding.clauses, *filled(puzzle)])
        found = solve_until(solver, _fill_deadline(deadline))
        if deadline is not None and perf_counter() >= deadline:
            raise TimeLimitReached()
        if not found:
            return None
        model = np.asarray(solver.get_model(), dtype=np.int64)
    edges = np.asarray(encoding.answer, dtype=np.int64)
    return tuple((model[edges - 1] > 0).tolist())


def _filled_on_cpsat(encoding: ShadingEncoding[Any], puzzle: NumberlinkPuzzle,
                     deadline: float | None) -> Truth | None:
    """:func:`_filled_on_pysat` on a second CP-SAT model, without presolve: on the largest
    grids the presolve was nearly all the time (CPU seconds of the solve with it and
    without: 572_25x40 52.7 and 4.2, 567_30x30 41.8 and 3.7, 578_19x25 9.0 and 2.4,
    576_18x26 3.2 and 1.4; 20x20 and smaller 0.1-1.5 with it, at most as much without)."""
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import CpSatSession

    cp = cp_model.CpModel()
    variables = [cp.new_bool_var(f"v{v}") for v in range(encoding.num_vars + 1)]
    for clause in [*encoding.clauses, *filled(puzzle)]:
        cp.add_bool_or([variables[lit] if lit > 0 else variables[-lit].Not()
                        for lit in clause])
    session = CpSatSession(cp, presolve=False)
    found = session.solve(_fill_deadline(deadline))
    if deadline is not None and perf_counter() >= deadline:
        raise TimeLimitReached()
    if not found:
        return None
    return tuple(session.value(variables[v]) for v in encoding.answer)


FirstTry = Callable[[ShadingEncoding[Any], float | None], Truth | None]
BandSolve = Callable[[Any], BandSearch]
"""The search (a backend's) to the band search on its formula."""


def _settings(puzzle: NumberlinkPuzzle, first_try: FirstTry | None, deadline: float | None,
              band_solve: BandSolve | None = None, race: RaceSettings | None = None
              ) -> tuple[Callable[[float | None], ShadingEncoding[Any]], Any]:
    """The build and the front: shortcut-free answers, loops dropped, a filled grid tried
    first, the detour and, with ``band_solve``, the bands, and with ``race`` the proof
    raced, unless a count or backbone is asked or the puzzle is filled (then the rules
    alone: loops cut, answers blocked one by one)."""
    if asked() is not None or puzzle.filled:
        return (lambda limit: build(puzzle, deadline=limit)), None
    built: list[ShadingEncoding[Any]] = []

    def shortest(limit: float | None) -> ShadingEncoding[Any]:
        built.append(build(puzzle, deadline=limit, shortest=True, allow_loops=True))
        return built[-1]

    def wrap(search: Any) -> Any:
        if race is not None:
            race.rules = lambda: built[-1].clauses
        first = LoopsDropped(search, puzzle, None if first_try is None else
                             lambda: first_try(built[-1], deadline), race)
        if band_solve is None:
            return DetourFirst(first, puzzle)
        band_search = band_solve(search)

        def in_bands(answer: Truth) -> Truth | None:
            found = band_search(answer, deadline)
            return None if found is None else first.lines(found)
        return DetourFirst(first, puzzle, in_bands)

    return shortest, wrap


def _bands_on(puzzle: NumberlinkPuzzle, in_bands: bool | None) -> bool:
    """``in_bands``, by default whether the grid has more than :data:`WINDOW_CELLS` cells."""
    if in_bands is None:
        return puzzle.width * puzzle.height > WINDOW_CELLS
    return in_bands


def run_cnf(puzzle: NumberlinkPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None,
            grown_cuts: int = GROWN_CUTS, fill_first: bool | None = None,
            in_bands: bool | None = None, plain_first: bool = True,
            race: bool | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver (CaDiCaL unless ``sat_solver``).
    ``fill_first``: try the filled grid first, on a copy; by default on grids of more than
    :data:`FILL_FIRST_CELLS` cells. ``in_bands``: look for the second answer in windows
    first (:mod:`~pencilsat.strategies.numberlink_windows`); by default on grids of more
    than :data:`WINDOW_CELLS` cells. The proof then runs on a solver that has not searched
    for the first answer: on today's rules that costs no conflicts (the proof alone after a
    search steered to the answer by its phases: 469_15x15 6,276 against 5,184 cold,
    427_15x15 50,435 against 49,793), but the search on the rules alone, when it finds the
    answer, is a little cheaper than the copy on smaller grids (CPU seconds of the whole
    solve, copy and search: 427_15x15 7.2 and 5.2, 45_12x15 0.63 and 0.32, 469_15x15 1.24
    both), while on janko's 20x20 and larger it found no first answer within 60 s on seven
    grids (:data:`FILL_SHARE`). ``plain_first``: a filled puzzle is solved by the plain
    rules first (:mod:`~pencilsat.strategies.numberlink_filled`) unless a count or backbone
    is asked. ``race``: the proof after the first answer raced by a second solver on the
    other core (:mod:`~pencilsat.backends.proof_race`, where one may run), by default on
    grids of more than :data:`RACE_CELLS` cells; the statistics' ``proof_by`` names the
    second solver when it settled the proof first."""
    if puzzle.filled and plain_first and asked() is None:
        return solve_filled(
            puzzle, time_limit,
            lambda plain, limit: run_cnf(plain, sat_solver=sat_solver, time_limit=limit,
                                         grown_cuts=grown_cuts, fill_first=fill_first,
                                         in_bands=in_bands, race=race),
            lambda seed, limit: run_shading_cnf(
                puzzle, lambda deadline: build(puzzle, deadline=deadline),
                sat_solver=sat_solver, time_limit=limit, grown_cuts=grown_cuts,
                wrap=_seeded(seed)))
    if fill_first is None:
        fill_first = puzzle.width * puzzle.height > FILL_FIRST_CELLS
    deadline = deadline_of(time_limit)
    name = pysat_name(sat_solver, DEFAULT_SAT_SOLVER)
    first_try: FirstTry | None = None
    if fill_first:
        def first_try(encoding: ShadingEncoding[Any], limit: float | None) -> Truth | None:
            return _filled_on_pysat(encoding, puzzle, name, limit)
    if race is None:
        race = puzzle.width * puzzle.height > RACE_CELLS
    racer = RaceSettings(deadline, alone=True) if race else None
    encode, wrap = _settings(puzzle, first_try, deadline,
                             (lambda search: pysat_bands(search.solver, search.answer,
                                                         puzzle.width, puzzle.height))
                             if _bands_on(puzzle, in_bands) else None, racer)
    result = run_shading_cnf(puzzle, encode, sat_solver=sat_solver, time_limit=time_limit,
                             grown_cuts=grown_cuts, wrap=wrap)
    return result if racer is None else racer.note(result)


def run_cpsat(puzzle: NumberlinkPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None,
              grown_cuts: int = GROWN_CUTS, fill_first: bool = True,
              presolve: bool = False, in_bands: bool | None = None,
              circuit: str | None = None, plain_first: bool = True,
              parameters: Mapping[str, Any] | None = None,
              race: bool | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model, solved again after each batch of cuts;
    ``fill_first``: try the filled grid first (CP-SAT keeps nothing between solves, so the
    proof loses nothing by it); ``in_bands`` as for :func:`run_cnf`. ``presolve``:
    CP-SAT's presolve before each solve of the model, off by default: on these clause
    models it costs more than it saves (janko 469_15x15 88.8 s with it against 49.6 s
    without, 285_13x13 32.1 against 19.7, 45_12x15 21.6 against 17.7, 224_10x10 16.4
    against 9.7, 196_10x10 18.0 against 11.9, under load 12 on 2 cores); the filled try
    has it off too (:func:`_filled_on_cpsat`). ``circuit``: the lines also as CP-SAT's
    circuit (``"circuit"``) or routes from a depot (``"routes"``) constraint
    (:func:`~pencilsat.strategies.numberlink_circuit.add_circuit`), ``None`` for none;
    ``plain_first`` and ``race`` as for :func:`run_cnf` (the race's child starts with the
    proof's one CP-SAT solve, and stops it when it proves first); ``parameters``: more
    CP-SAT parameters by name."""
    extend = None
    if circuit is not None:
        def extend(cp: Any, variables: Sequence[Any]) -> None:
            add_circuit(cp, variables, puzzle, depot=circuit == "routes")
    if puzzle.filled and plain_first and asked() is None:
        def plain_run(plain: NumberlinkPuzzle, limit: float) -> SolveResult:
            return run_cpsat(plain, time_limit=limit, grown_cuts=grown_cuts,
                             fill_first=fill_first, presolve=presolve, in_bands=in_bands,
                             circuit=circuit, parameters=parameters, race=race)

        def filled_run(seed: Truth | None, limit: float | None) -> SolveResult:
            return run_shading_cpsat(puzzle, lambda deadline: build(puzzle, deadline=deadline),
                                     time_limit=limit, grown_cuts=grown_cuts,
                                     presolve=presolve, wrap=_seeded(seed),
                                     parameters=parameters, extend=extend)
        return solve_filled(puzzle, time_limit, plain_run, filled_run, QUICK_SECONDS_CPSAT)
    deadline = deadline_of(time_limit)
    first_try: FirstTry | None = None
    if fill_first:
        def first_try(encoding: ShadingEncoding[Any], limit: float | None) -> Truth | None:
            return _filled_on_cpsat(encoding, puzzle, limit)
    if race is None:
        race = puzzle.width * puzzle.height > RACE_CELLS
    racer = RaceSettings(deadline) if race else None
    encode, wrap = _settings(
        puzzle, first_try, deadline,
        (lambda search: cpsat_bands(search.session, search.variables, search.answer,
                                    puzzle.width, puzzle.height))
        if _bands_on(puzzle, in_bands) else None, racer)
    result = run_shading_cpsat(puzzle, encode, time_limit=time_limit, grown_cuts=grown_cuts,
                               presolve=presolve, wrap=wrap, parameters=parameters,
                               extend=extend)
    return result if racer is None else racer.note(result)


def _seeded(seed: Truth | None) -> Callable[[Any], Any] | None:
    """The front starting the filled rules' search from ``seed``, if any."""
    if seed is None:
        return None
    start = seed
    return lambda search: Seeded(search, start)


def complete_cnf(puzzle: NumberlinkPuzzle) -> ClauseEncoding:
    """The rules as one fixed clause list, "no loop" by ranked parents from the numbers."""
    return complete_clauses(puzzle)


def certify_cnf(puzzle: NumberlinkPuzzle) -> CertifiableCnf:
    """What a certificate is about: the ``lazy`` run's clauses and its connectivity rule."""
    return certify_shading(lambda deadline: build(puzzle, deadline=deadline))
