"""Size-labelled cells (:class:`~pencilsat.encodings.sized_regions.SizedRegions`) on CP-SAT
with every rule in the model: no cut is needed.

Besides the cells' size literals (the answer), "exactly one size per cell", the local
clauses of the CNF encoding and its single-block counts
(:meth:`~pencilsat.encodings.sized_regions.SizedRegions.single_block_counts`), each cell
gets a parent (itself, a *root*, or a neighbour in its block) and two integers:

- ``count(c)``: the cells of its subtree, ``1 + sum of its children's counts`` (a child's
  count enters through an integer that is the count when the parent literal holds, else 0);
  a root's count is its size. The counts rise strictly towards the root, so the parents
  form trees, and every tree of size ``k`` has exactly ``k`` cells (a tree of the open
  label, at least that many: :class:`~pencilsat.encodings.sized_regions.SizedRegions`);
- ``root(c)``: the index of its tree's root, equal along parents and between side-by-side
  cells of one size (one block), at most the cell's own index and equal to it exactly at a
  root: one tree per block, rooted at the block's first cell.

Every block is therefore one tree of exactly its size. The block-size cuts of the CNF run
stay on as a check on each model (they never fire on a model of this one).
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

from pencilsat.backends.gc_pause import gc_paused
from pencilsat.core.clock import check_clock
from pencilsat.core.result import SolveResult, SolveStats, TimeLimitReached
from pencilsat.encodings.connectivity import ConnectivityCuts, components
from pencilsat.encodings.sized_regions import SizedRegions
from pencilsat.strategies.connected_search import CpSatConnectedSearch
from pencilsat.strategies.uniqueness import solve_and_prove, stopped


def run_sized_regions_cpsat(puzzle: Any, build: Any, decode: Any, *,
                            deadline: float | None, name: str) -> SolveResult:
    """Solve and prove ``build(deadline)`` (a :class:`SizedRegions`) on one CP-SAT model
    by ``deadline`` (a ``perf_counter`` time, or none); ``decode`` turns a size grid into
    the genre's answer."""
    with gc_paused():
        return _run(puzzle, build, decode, deadline, name)


def _run(puzzle: Any, build: Any, decode: Any, deadline: float | None,
         name: str) -> SolveResult:
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import NUM_WORKERS, CpSatSession

    stats = SolveStats(backend="cpsat", encoding=name)
    start = perf_counter()
    try:
        regions: SizedRegions = build(deadline)
        cp = cp_model.CpModel()
        variables = [None] + [cp.new_bool_var(f"x{v}") for v in range(1, regions.top + 1)]
        _add_model(cp, regions, variables, deadline)
    except TimeLimitReached:
        stats.encode_s = perf_counter() - start
        return stopped(puzzle, stats)
    session = CpSatSession(cp, presolve=True)
    stats.variables, stats.clauses = session.variables(), session.constraints()
    stats.encode_s = perf_counter() - start
    cuts = ConnectivityCuts(regions.graph, [], model_cuts=regions.block_cuts)
    answer = [v for sizes in regions.variable for v in sizes.values()]
    search = CpSatConnectedSearch(session, variables, cuts, answer, deadline)
    positions = {v: i for i, v in enumerate(answer)}

    def decode_answer(truth: tuple[bool, ...]) -> Any:
        values = [False] * (regions.top + 1)
        for v, i in positions.items():
            values[v] = truth[i]
        return decode(regions.sizes_of(values))  # type: ignore[arg-type]

    result = solve_and_prove(puzzle, search, decode_answer, stats)
    stats.clauses = session.constraints()
    stats.add_effort(session.effort)
    stats.extra.update(sat_calls=search.calls, cuts=cuts.cut_count, num_workers=NUM_WORKERS)
    return result


def _add_model(cp: Any, regions: SizedRegions, x: list[Any], deadline: float | None) -> None:
    """The sizes, the same-block literals, the parents, counts and roots (module docstring)."""
    neighbours = regions.graph.neighbours
    cells = len(regions.variable)
    if any(not sizes for sizes in regions.variable):
        cp.add_bool_or([])  # a cell without a possible size: no answer
        return
    for clause in regions.clauses:  # the local rules: they prune far more than the counts
        cp.add_bool_or([x[lit] if lit > 0 else x[-lit].Not() for lit in clause])
    size = []
    for cell, sizes in enumerate(regions.variable):
        cp.add_exactly_one([x[v] for v in sizes.values()])
        value = cp.new_int_var(min(sizes), max(sizes), f"size{cell}")
        cp.add(value == sum(k * x[v] for k, v in sizes.items()))
        size.append(value)
    for lits, total in regions.single_block_counts():
        cp.add(sum(x[v] for v in lits) == total)
    same: dict[tuple[int, int], Any] = {}
    for cell in range(cells):
        if cell % 1024 == 0:
            check_clock(deadline)
        for n in neighbours[cell]:
            if n < cell:
                continue
            joined = cp.new_bool_var(f"same{cell}_{n}")
            same[cell, n] = same[n, cell] = joined
            a, b = regions.variable[cell], regions.variable[n]
            for k in set(a) | set(b):
                if k in a and k in b:
                    cp.add_bool_or([x[a[k]].Not(), x[b[k]].Not(), joined])
                    cp.add_bool_or([joined.Not(), x[a[k]].Not(), x[b[k]]])
                    cp.add_bool_or([joined.Not(), x[b[k]].Not(), x[a[k]]])
                else:
                    only = x[a[k]] if k in a else x[b[k]]
                    cp.add_bool_or([joined.Not(), only.Not()])
    largest = [max(sizes) for sizes in regions.variable]
    if regions.open_from is not None:  # an open cell's block: at most its open area
        opens = [c for c, sizes in enumerate(regions.variable) if regions.open_from in sizes]
        for part in components(regions.graph, opens):
            for c in part:
                largest[c] = len(part)
    count = [cp.new_int_var(1, largest[c], f"count{c}") for c in range(cells)]
    root = [cp.new_int_var(0, c, f"root{c}") for c in range(cells)]
    is_root = [cp.new_bool_var(f"isroot{c}") for c in range(cells)]
    parent: dict[tuple[int, int], Any] = {}
    for cell in range(cells):
        if cell % 1024 == 0:
            check_clock(deadline)
        options = [is_root[cell]]
        for n in neighbours[cell]:
            up = cp.new_bool_var(f"parent{cell}_{n}")
            parent[cell, n] = up
            options.append(up)
            cp.add_implication(up, same[cell, n])
            cp.add(root[cell] == root[n]).only_enforce_if(up)
        cp.add_exactly_one(options)
        sizes = regions.variable[cell]
        if regions.open_from in sizes:  # an open root counts at least the label
            opened = x[sizes[regions.open_from]]
            cp.add(count[cell] == size[cell]).only_enforce_if([is_root[cell], opened.Not()])
            cp.add(count[cell] <= size[cell]).only_enforce_if(opened.Not())
            cp.add(count[cell] >= regions.open_from).only_enforce_if([is_root[cell], opened])
        else:
            cp.add(count[cell] == size[cell]).only_enforce_if(is_root[cell])
            cp.add(count[cell] <= size[cell])
        cp.add(root[cell] == cell).only_enforce_if(is_root[cell])
        cp.add(root[cell] != cell).only_enforce_if(is_root[cell].Not())
    for (one, other), joined in same.items():
        if one < other:
            cp.add(root[one] == root[other]).only_enforce_if(joined)
    for cell in range(cells):
        terms = []
        for n in neighbours[cell]:
            share = cp.new_int_var(0, largest[n], f"share{n}_{cell}")
            cp.add(share == count[n]).only_enforce_if(parent[n, cell])
            cp.add(share == 0).only_enforce_if(parent[n, cell].Not())
            terms.append(share)
        cp.add(count[cell] == 1 + sum(terms))
