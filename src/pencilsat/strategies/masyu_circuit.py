"""Masyu strategy ``circuit``: CP-SAT's ``AddCircuit`` as the single-loop constraint.

Instead of Tamura's order numbers (digest, constraint 6) the loop is one circuit over directed
arcs: each grid edge gives two arcs u->v and v->u, and each cell a self-loop literal meaning
"not on the loop", which pearl cells do not get (digest, rule 2: every pearl is on the loop).
Found while prototyping (issue 3) and fixed here:

- ``AddCircuit`` accepts the empty circuit (every cell on its self-loop); with pearls that is
  impossible, without pearls a clause asks for some used edge;
- it accepts a two-cell circuit u->v->u, which is not a Masyu loop; the two arcs of one grid
  edge are made exclusive through ``arc(u,v) + arc(v,u) = edge``;
- explicit degree constraints (``sum of edges at a cell = 2 * on-loop``) are redundant but
  made the prototype about 2.5x faster.

Pearl rules are the shared edge clauses of :mod:`pencilsat.encodings.masyu_rules`.
Uniqueness: the found edge set is forbidden with one clause on the same model and CP-SAT
solves again (it keeps no learnt state between solves). ``time_limit`` is passed to CP-SAT as
``max_time_in_seconds`` for what remains; a time-out yields ``unknown``.
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

from pencilsat.backends.cpsat import raise_if_interrupted
from pencilsat.core.result import SolveResult, SolveStats, Verdict
from pencilsat.encodings.masyu_rules import GridEdges, no_square_loops, pearl_clauses
from pencilsat.puzzles.masyu import MasyuPuzzle, no_way_through

NUM_WORKERS = 1
"""One CP-SAT worker: these models are small, and the machines we target have 2 cores."""


def run(
    puzzle: MasyuPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve and prove uniqueness with one CP-SAT circuit model (``sat_solver`` is unused)."""
    if backend not in (None, "cpsat"):
        raise ValueError(f"strategy 'circuit' runs on backend 'cpsat' only, not {backend!r}")
    # the limit covers the whole run: importing OR-Tools (about 0.3 s the first time) too
    deadline = None if time_limit is None else perf_counter() + time_limit
    from ortools.sat.python import cp_model

    stats = SolveStats(backend="cpsat", encoding="circuit")
    start = perf_counter()
    grid = GridEdges(puzzle)
    model = cp_model.CpModel()
    edge_lits, feasible = _build(model, puzzle, grid)
    stats.variables = len(model.Proto().variables)
    stats.clauses = len(model.Proto().constraints)
    stats.encode_s = perf_counter() - start
    if not feasible:
        stats.solve_s = 0.0
        return SolveResult(Verdict.NONE, puzzle, stats=stats, message=no_way_through(puzzle))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = NUM_WORKERS
    effort = {"conflicts": 0, "decisions": 0, "propagations": 0}

    def solve() -> list[int] | None | bool:
        """Used edge variables, ``None`` if infeasible, ``False`` on time-out."""
        remaining = None
        if deadline is not None:
            remaining = deadline - perf_counter()
            if remaining <= 0:
                return False
            solver.parameters.max_time_in_seconds = remaining
        status = solver.Solve(model)
        _add_effort(effort, solver)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return [v for v in range(1, len(grid) + 1) if solver.BooleanValue(edge_lits[v])]
        if status == cp_model.INFEASIBLE:
            return None
        if status == cp_model.UNKNOWN:
            raise_if_interrupted(solver, remaining)
            return False
        raise RuntimeError(f"CP-SAT rejected the circuit model: {solver.StatusName(status)}")

    start = perf_counter()
    first = solve()
    stats.solve_s = perf_counter() - start
    result = _verdict(puzzle, grid, model, edge_lits, first, solve, stats)
    stats.clauses = len(model.Proto().constraints)
    stats.conflicts = effort["conflicts"]
    stats.decisions = effort["decisions"]
    stats.propagations = effort["propagations"]
    stats.extra["num_workers"] = NUM_WORKERS
    return result


def _verdict(puzzle, grid, model, edge_lits, first, solve, stats: SolveStats) -> SolveResult:
    if first is False:
        return SolveResult(Verdict.UNKNOWN, puzzle, stats=stats, message="time limit reached")
    if first is None:
        return SolveResult(Verdict.NONE, puzzle, stats=stats)
    solution = grid.solution(first)
    start = perf_counter()
    model.AddBoolOr([edge_lits[v].Not() for v in first])
    second = solve()
    stats.uniqueness_s = perf_counter() - start
    if second is False:
        return SolveResult(Verdict.UNKNOWN, puzzle, solution=solution, stats=stats,
                           message="time limit reached while proving uniqueness")
    if second is None:
        return SolveResult(Verdict.UNIQUE, puzzle, solution=solution, stats=stats)
    other = grid.solution(second)
    return SolveResult(Verdict.MULTIPLE, puzzle, solution=solution, second_solution=other,
                       differences=solution.differing_cells(other), stats=stats)


def _build(model: Any, puzzle: MasyuPuzzle, grid: GridEdges) -> tuple[list[Any], bool]:
    """Edge literals (index = edge variable) and whether no pearl clause is empty."""
    edge_lits: list[Any] = [None]
    arcs = []
    for v in range(1, len(grid) + 1):
        a, b = grid.ends[v]
        used = model.NewBoolVar(f"e{v}")
        forward, backward = model.NewBoolVar(f"a{a}_{b}"), model.NewBoolVar(f"a{b}_{a}")
        model.Add(forward + backward == used)
        arcs += [(a, b, forward), (b, a, backward)]
        edge_lits.append(used)
    pearls = {grid.cell_id(cell) for cell in puzzle.pearl_cells()}
    for cell, incident in grid.incident.items():
        cell_id = grid.cell_id(cell)
        degree = sum(edge_lits[v] for v in incident)
        if cell_id in pearls:
            if len(incident) < 2:
                return edge_lits, False
            model.Add(degree == 2)
            continue
        off_loop = model.NewBoolVar(f"off{cell_id}")
        arcs.append((cell_id, cell_id, off_loop))
        model.Add(degree + 2 * off_loop == 2)
    model.AddCircuit(arcs)
    if not pearls:
        model.AddBoolOr(edge_lits[1:])
        return edge_lits, True
    for clause in pearl_clauses(puzzle, grid) + no_square_loops(grid):
        if not clause:
            return edge_lits, False
        model.AddBoolOr([edge_lits[lit] if lit > 0 else edge_lits[-lit].Not() for lit in clause])
    return edge_lits, True


def _add_effort(effort: dict[str, int], solver: Any) -> None:
    response = solver.ResponseProto()
    effort["conflicts"] += int(response.num_conflicts)
    effort["decisions"] += int(response.num_branches)
    effort["propagations"] += int(response.num_binary_propagations
                                  + response.num_integer_propagations)
