"""The two runs every connectivity genre shares (Nurikabe, Heyawake, Hashiwokakero and the
shading genres): its CNF rules plus exact counts, with connectivity requirements left to
lazy cuts, solved and proven unique on one incremental PySAT solver or on one CP-SAT model
solved again after each batch of cuts (:mod:`~pencilsat.strategies.connected_search`).

A genre hands over a :class:`ConnectedModel` built from its encoding and says how its counts
become clauses (on a solver with native cardinality constraints, Minicard or Gluecard, they
go in natively instead: :func:`split_native_counts`); building, loading under the clock,
the search, the proof and the figures are done here once. A shading genre whose encoding is a
:class:`~pencilsat.encodings.connectivity.ShadingEncoding` (built on
:class:`~pencilsat.encodings.shading.ShadingGrid`) needs only :func:`run_shading_cnf` and
:func:`run_shading_cpsat`: its strategies module is two calls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from time import perf_counter
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import LOAD_CHUNK, at_most_adder, load_clauses
from pencilsat.backends.cpsat_clauses import bool_model
from pencilsat.backends.cpsat_fixings import presolved_fixings
from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import check_clock, deadline_of
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.cardinality import (
    CARD_ENCODING,
    direct_exactly_clauses,
    exactly_clauses,
)
from pencilsat.encodings.certifiable import CertifiableCnf, from_connected
from pencilsat.encodings.connectivity import (
    Clause,
    ConnectivityCuts,
    Graph,
    ModelCuts,
    NativeTail,
    Requirement,
    ShadingEncoding,
)
from pencilsat.strategies.connected_search import ConnectedSearch, CpSatConnectedSearch
from pencilsat.strategies.cpsat_levels import add_levels
from pencilsat.strategies.uniqueness import solve_and_prove, stopped

DEFAULT_SAT_SOLVER = "cadical195"
CUT_LOOP_PARAMETERS = {"use_sat_inprocessing": False, "cp_model_probing_level": 0}
"""CP-SAT's SAT inprocessing and probing off, for a model solved again after each batch of
cuts whose presolve is done once (``fix_presolved``, ``presolve=False``): at the start of
each solve they cost more than its search (LITS and Heyawake, docs/encodings.md)."""
GROWN_CUTS = 2
"""Grown regions per cut (:func:`~pencilsat.encodings.connectivity.grown_regions`): they
end the stalemates where a proof moves a thin region by one cell per call."""


@dataclass
class ConnectedModel:
    """A genre's encoding as the runs need it: rule ``clauses`` over variables
    ``1..num_vars``; ``counts`` as (literals, total), each literal counting one (a literal may
    repeat, as a double bridge counts two); the ``graph`` and the connectivity
    ``requirements`` for the cuts; the ``answer`` variables and ``decode`` (the truth of every
    variable, indexed by variable, to a solution)."""

    clauses: Sequence[Clause]
    num_vars: int
    counts: Sequence[tuple[Sequence[int], int]]
    graph: Graph
    requirements: Sequence[Requirement]
    answer: Sequence[int]
    decode: Callable[[np.ndarray], Any]
    extra_stats: Callable[[ConnectivityCuts], dict[str, int]] = field(
        default=lambda cuts: {})
    levels: Sequence[Requirement] = ()
    """Requirements CP-SAT also takes exactly, by integer levels
    (:mod:`~pencilsat.strategies.cpsat_levels`), once its cut loop has solved
    ``levels_after`` times; CNF leaves them to the cuts. A genre opts in where it measured a
    gain: Nurikabe's wall does; Heyawake's unshaded cells would not (its 32 janko loops past
    16 solves end within 42; with levels they took 181 s instead of 50 s, one open at 60 s)."""
    levels_after: int = 0
    model_cuts: ModelCuts | None = None
    """Rules checked on each model besides connectivity, cut like it
    (:data:`~pencilsat.encodings.connectivity.ModelCuts`: Fillomino's block sizes)."""
    native_tail: NativeTail = (0, ())
    """The last clauses as "at most" groups for a solver with native counts
    (:data:`~pencilsat.encodings.connectivity.NativeTail`; only :func:`solve_on_pysat`
    reads it)."""
    cuts_read: int | None = None
    """The largest variable ``model_cuts`` reads besides the answer's and the requirements'
    (0: none; ``None``: any): :func:`solve_on_cpsat` then reads only those of each model
    (:class:`~pencilsat.strategies.connected_search.CpSatConnectedSearch`)."""


SearchWrap = Callable[[Any], Any]
"""A genre's own front over the lazy search (the same ``next_answer``/``forbid``), given the
search: Numberlink's, which offers a second answer made from the first before searching."""

ModelExtension = Callable[[Any, Sequence[Any]], None]
"""A genre's own CP-SAT constraints, given the ``CpModel`` and its Boolean per variable
(index ``v`` for variable ``v``): Numberlink's circuit
(:mod:`~pencilsat.strategies.numberlink_circuit`)."""

CountClauses = Callable[[ConnectedModel, float | None], tuple[list[Clause], int]]
"""A genre's counts as clauses, new variables after ``model.num_vars``, under the deadline:
the clauses and the last variable used."""


def certifiable(build: Callable[[], ConnectedModel],
                count_clauses: CountClauses) -> CertifiableCnf:
    """The clauses the CNF run loads (rules and counts), with the connectivity requirements
    its cuts stand for: what a certificate (:mod:`pencilsat.certify`) is about."""
    model = build()
    counts, top = count_clauses(model, None)
    return from_connected("lazy", top, [*model.clauses, *counts], model.answer, model.decode,
                          model.graph, model.requirements)


def certify_shading(build: ShadingBuild) -> CertifiableCnf:
    """:func:`certifiable` of a shading genre's ``lazy`` strategy."""
    return certifiable(lambda: shading_model(build(None)), exact_counts)


def exact_counts(model: ConnectedModel, deadline: float | None) -> tuple[list[Clause], int]:
    """The model's counts as PySAT cardinality clauses (the usual :data:`CountClauses`)."""
    return exactly_clauses(model.counts, model.num_vars, deadline=deadline)


def written_counts(card: str = CARD_ENCODING, direct: bool = False) -> CountClauses:
    """The :data:`CountClauses` writing each count in PySAT's ``card`` encoding (``direct``:
    a small count with no auxiliary variable,
    :func:`~pencilsat.encodings.cardinality.direct_exactly_clauses`)."""
    write = direct_exactly_clauses if direct else exactly_clauses

    def count_clauses(model: ConnectedModel, deadline: float | None
                      ) -> tuple[list[Clause], int]:
        return write(model.counts, model.num_vars, card=card, deadline=deadline)

    return count_clauses


NATIVE_CARDINALITY = ("minicard", "gluecard3", "gluecard4")
"""PySAT's solvers with native "at most k" constraints (``add_atmost``)."""


def split_native_counts(counts: Sequence[tuple[Sequence[int], int]], solver_name: str
                        ) -> tuple[list[tuple[list[int], int]], list[tuple[Sequence[int], int]]]:
    """The counts a solver of :data:`NATIVE_CARDINALITY` takes as two native constraints
    ("at most n" of the literals and "at most len - n" of their negations: no auxiliary
    variable, and complete propagation), and the others, written as clauses: every count on
    other solvers, and those whose literals repeat or whose total leaves no choice."""
    if solver_name not in NATIVE_CARDINALITY:
        return [], list(counts)
    native, written = [], []
    for lits, total in counts:
        line = list(map(int, lits))
        # distinct variables: no literal twice, and none beside its negation
        if 0 < total < len(line) and len(set(map(abs, line))) == len(line):
            native.append((line, total))
        else:
            written.append((lits, total))
    return native, written


def native_tail(model: ConnectedModel, solver_name: str
                ) -> tuple[Sequence[Clause], Sequence[tuple[list[int], int]]]:
    """The clauses ``solver_name`` loads and the "at most" groups it takes natively: the
    model's :data:`~pencilsat.encodings.connectivity.NativeTail` on a solver of
    :data:`NATIVE_CARDINALITY`, every clause (and no group) on any other."""
    replaced, groups = model.native_tail
    if not replaced or solver_name not in NATIVE_CARDINALITY:
        return model.clauses, ()
    return model.clauses[:len(model.clauses) - replaced], groups


def shading_model(encoding: ShadingEncoding[Any]) -> ConnectedModel:
    """A shading genre's encoding as the runs take it."""
    return ConnectedModel(encoding.clauses, encoding.num_vars, encoding.sizes, encoding.graph,
                          encoding.requirements, encoding.answer, encoding.decode,
                          model_cuts=encoding.model_cuts, native_tail=encoding.native_tail)


ShadingBuild = Callable[[float | None], ShadingEncoding[Any]]
"""A genre's encoding of one puzzle, built under the deadline it is given."""


def run_shading_cnf(puzzle: Any, build: ShadingBuild, *, sat_solver: str | None = None,
                    time_limit: float | None = None, grown_cuts: int = GROWN_CUTS,
                    default_solver: str = DEFAULT_SAT_SOLVER,
                    count_clauses: CountClauses = exact_counts,
                    name: str | None = None, wrap: SearchWrap | None = None,
                    grow_after: int = 0, conflicts: int | None = None) -> SolveResult:
    """A shading genre's ``lazy`` strategy: :func:`solve_on_pysat` of ``build(deadline)``,
    counts as ``count_clauses`` (native on a solver with native counts), on
    ``default_solver`` (CaDiCaL) unless ``sat_solver``; ``name``: the strategy's name in the
    figures when it is not ``lazy`` (a genre without connectivity makes no cut); ``wrap``:
    the genre's front over the search (:data:`SearchWrap`); ``grow_after``: models cut
    without grown cuts first (:class:`~pencilsat.encodings.connectivity.ConnectivityCuts`);
    ``conflicts``: the search's conflict budget
    (:class:`~pencilsat.strategies.connected_search.ConflictBudgetSpent` once spent)."""
    deadline = deadline_of(time_limit)
    result = solve_on_pysat(puzzle, lambda: shading_model(build(deadline)), count_clauses,
                            deadline=deadline, grown_cuts=grown_cuts,
                            solver_name=pysat_name(sat_solver, default_solver), wrap=wrap,
                            grow_after=grow_after, conflicts=conflicts)
    if name is not None:
        result.stats.encoding = name
    return result


def run_shading_cpsat(puzzle: Any, build: ShadingBuild, *, time_limit: float | None = None,
                      grown_cuts: int = GROWN_CUTS, presolve: bool = True,
                      name: str | None = None, wrap: SearchWrap | None = None,
                      parameters: Mapping[str, Any] | None = None,
                      extend: ModelExtension | None = None,
                      count_clauses: CountClauses | None = None,
                      fix_presolved: bool = False) -> SolveResult:
    """A shading genre's ``lazy-cpsat`` strategy: :func:`solve_on_cpsat` of
    ``build(deadline)``, counts as linear sums (or as ``count_clauses`` writes them);
    ``name`` and ``wrap`` as in :func:`run_shading_cnf`; ``parameters``, ``extend`` and
    ``count_clauses`` and ``fix_presolved`` as in :func:`solve_on_cpsat`."""
    deadline = deadline_of(time_limit)
    result = solve_on_cpsat(puzzle, lambda: shading_model(build(deadline)),
                            deadline=deadline, grown_cuts=grown_cuts, presolve=presolve,
                            wrap=wrap, parameters=parameters, extend=extend,
                            count_clauses=count_clauses, fix_presolved=fix_presolved)
    if name is not None:
        result.stats.encoding = name
    return result


def solve_on_pysat(puzzle: Any, build: Callable[[], ConnectedModel],
                   count_clauses: CountClauses, *, solver_name: str, deadline: float | None,
                   grown_cuts: int, wrap: SearchWrap | None = None,
                   grow_after: int = 0, conflicts: int | None = None) -> SolveResult:
    """``lazy``: the rules and the counts' clauses on one incremental PySAT solver (the
    encoding time includes loading it, as in every CNF strategy), the garbage collector
    paused (a build makes a million small lists: Nurikabe 1055_40x57 builds in 0.4 s of CPU
    instead of 0.8 s)."""
    with gc_paused():
        return _solve_on_pysat(puzzle, build, count_clauses, solver_name, deadline, grown_cuts,
                               wrap, grow_after, conflicts)


def _solve_on_pysat(puzzle: Any, build: Callable[[], ConnectedModel],
                    count_clauses: CountClauses, solver_name: str, deadline: float | None,
                    grown_cuts: int, wrap: SearchWrap | None, grow_after: int = 0,
                    conflicts: int | None = None) -> SolveResult:
    from pysat.solvers import Solver

    stats = SolveStats(backend="cnf", encoding="lazy", sat_solver=solver_name)
    start = perf_counter()
    try:
        model = build()
        native, written = split_native_counts(model.counts, solver_name)
        counts, top = (count_clauses(replace(model, counts=written), deadline) if written
                       else ([], model.num_vars))
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    clauses, at_most = native_tail(model, solver_name)
    stats.variables = top
    stats.clauses = len(clauses) + len(counts) + 2 * len(native) + len(at_most)
    if native:
        stats.extra["native_counts"] = len(native)
    if at_most:
        stats.extra["native_at_most"] = len(at_most)
    with Solver(name=solver_name) as solver:
        try:
            for part in (clauses, counts):
                for first in range(0, len(part), LOAD_CHUNK):
                    check_clock(deadline)
                    load_clauses(solver, part[first:first + LOAD_CHUNK])
            add_at_most = at_most_adder(solver)
            for lits, total in native:
                add_at_most(lits, total)
                add_at_most([-lit for lit in lits], len(lits) - total)
            for group, bound in at_most:
                add_at_most(group, bound)
        except TimeLimitReached:
            stats.encode_s = perf_counter() - start
            return stopped(puzzle, stats)
        stats.encode_s = perf_counter() - start
        cuts = ConnectivityCuts(model.graph, list(model.requirements), grow=grown_cuts,
                                model_cuts=model.model_cuts, grow_after=grow_after)
        search = ConnectedSearch(solver, cuts, list(model.answer), deadline,
                                 conflicts=conflicts)
        result = solve_and_prove(puzzle, wrap(search) if wrap else search, _decoder(model),
                                 stats)
        stats.add_effort(solver.accum_stats())
    stats.clauses += search.added
    stats.extra.update(sat_calls=search.calls, cuts=cuts.cut_count, **model.extra_stats(cuts))
    return result


def solve_on_cpsat(puzzle: Any, build: Callable[[], ConnectedModel], *,
                   deadline: float | None, grown_cuts: int, presolve: bool = True,
                   wrap: SearchWrap | None = None, models_per_solve: int = 1,
                   parameters: Mapping[str, Any] | None = None,
                   exactly_ones: bool = False,
                   extend: ModelExtension | None = None,
                   count_clauses: CountClauses | None = None,
                   fix_presolved: bool = False,
                   levelled_parameters: Mapping[str, Any] | None = None,
                   harder: tuple[int, Mapping[str, Any]] | None = None) -> SolveResult:
    """``lazy-cpsat``: the rules as Boolean ORs and the counts as linear sums in one CP-SAT
    model, solved again after each batch of cuts; the clock covers importing OR-Tools too;
    the garbage collector paused. ``presolve``: CP-SAT's, redone on every solve;
    ``models_per_solve``: the models whose cuts one solve gathers
    (:class:`~pencilsat.strategies.connected_search.CpSatConnectedSearch`; presolve off);
    ``parameters``: more CP-SAT parameters by name
    (:class:`~pencilsat.backends.cpsat_session.CpSatSession`); ``exactly_ones``: each
    count of 1 as CP-SAT's ``exactly_one`` constraint instead of a linear sum (presolve
    makes the same of it; without presolve the sum stays a linear constraint); ``extend``:
    CP-SAT constraints of the genre's own added to the model after the clauses
    (:data:`ModelExtension`); ``count_clauses``: the counts written as clauses (with their
    auxiliary variables) instead of linear sums, as a CNF strategy writes them (where a
    count is dense, learnt clauses over a counter's partial sums prune what a sum's
    explanations do not: Heyawake, docs/encodings.md); ``fix_presolved``: CP-SAT's
    presolve run once, alone, and the model written again without the variables it fixes
    (:mod:`~pencilsat.backends.cpsat_fixings`; for a model whose every solve presolve would
    otherwise redo: pass ``presolve=False`` with it); ``levelled_parameters``: CP-SAT
    parameters by name set when the model's ``levels`` come in (presolve back on for the
    levelled solves, say); ``harder``: parameters from the first solve that spends a number
    of conflicts with no model on (:class:`~pencilsat.backends.cpsat_session.CpSatSession`)."""
    with gc_paused():
        return _solve_on_cpsat(puzzle, build, deadline, grown_cuts, presolve, wrap,
                               models_per_solve, parameters, exactly_ones, extend,
                               count_clauses, fix_presolved, levelled_parameters, harder)


def _solve_on_cpsat(puzzle: Any, build: Callable[[], ConnectedModel],
                    deadline: float | None, grown_cuts: int, presolve: bool,
                    wrap: SearchWrap | None, models_per_solve: int = 1,
                    parameters: Mapping[str, Any] | None = None,
                    exactly_ones: bool = False,
                    extend: ModelExtension | None = None,
                    count_clauses: CountClauses | None = None,
                    fix_presolved: bool = False,
                    levelled_parameters: Mapping[str, Any] | None = None,
                    harder: tuple[int, Mapping[str, Any]] | None = None) -> SolveResult:
    from pencilsat.backends.cpsat_session import NUM_WORKERS, CpSatSession

    stats = SolveStats(backend="cpsat", encoding="lazy-cpsat")
    start = perf_counter()
    fixed: dict[int, bool] = {}
    try:
        model = build()
        written, top = (count_clauses(model, deadline) if count_clauses is not None
                        else ([], model.num_vars))
        counts = model.counts if count_clauses is None else []
        cp, variables = bool_model(top, [model.clauses, written], counts, deadline,
                                   exactly_ones)
        if fix_presolved:
            fixed = presolved_fixings(cp, top, deadline) or {}
            stats.extra["presolve_fixed"] = len(fixed)
            if fixed:
                cp, variables = bool_model(top, [model.clauses, written], counts, deadline,
                                           exactly_ones, fixed)
        if extend is not None:
            extend(cp, variables)
        check_clock(deadline)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)

    def literal(lit: int) -> Any:
        return variables[lit] if lit > 0 else variables[-lit].Not()

    session = CpSatSession(cp, presolve=presolve, parameters=parameters, harder=harder)
    stats.variables, stats.clauses = session.variables(), session.constraints()
    stats.encode_s = perf_counter() - start
    # witnessed cuts only: boundary cuts were measured on CNF alone
    cuts = ConnectivityCuts(model.graph, list(model.requirements), grow=grown_cuts,
                            model_cuts=model.model_cuts, boundaries=False)
    def levels() -> None:
        for name, value in (levelled_parameters or {}).items():
            setattr(session.solver.parameters, name, value)
        for requirement in model.levels:
            add_levels(cp, model.graph, _without_fixed_out(requirement, fixed), literal,
                       deadline)

    search = CpSatConnectedSearch(session, variables, cuts, list(model.answer), deadline,
                                  levels if model.levels else None, model.levels_after,
                                  models_per_solve, model.cuts_read)
    result = solve_and_prove(puzzle, wrap(search) if wrap else search, _decoder(model), stats)
    stats.clauses = session.constraints()
    stats.add_effort(session.effort)
    if session.hardened_at is not None:
        stats.extra["harder_from_call"] = session.hardened_at
    if search.escalated_at is not None:
        stats.extra["levels_from_call"] = search.escalated_at
    stats.extra.update(sat_calls=search.calls, cuts=cuts.cut_count, num_workers=NUM_WORKERS,
                       presolve=int(presolve),
                       **model.extra_stats(cuts))
    return result


def _without_fixed_out(requirement: Requirement, fixed: Mapping[int, bool]) -> Requirement:
    """``requirement`` without the nodes whose literal presolve fixed false (``fixed`` by
    CP-SAT index, variable ``v`` at ``v - 1``): fewer levels to write."""
    if not fixed:
        return requirement
    lits = requirement.literals
    out = np.array([lit != 0 and fixed.get(abs(int(lit)) - 1) is not None
                    and fixed[abs(int(lit)) - 1] != (lit > 0) for lit in lits.tolist()],
                   dtype=bool)
    if requirement.anchor is not None and out[requirement.anchor]:
        return requirement
    return replace(requirement, literals=np.where(out, 0, lits), gaps_apart=False)


def _decoder(model: ConnectedModel) -> Callable[[tuple[bool, ...]], Any]:
    """An answer (the truth of each answer variable) as a solution."""
    answer = np.asarray(model.answer, dtype=np.int64)

    def decode(truth: tuple[bool, ...]) -> Any:
        values = np.zeros(model.num_vars + 1, dtype=bool)
        values[answer] = truth
        return model.decode(values)

    return decode
