"""Light Up (Akari) as a CSP: one boolean per white cell, "bulb here".

Rules as constraints (docs/lightup digest; Nikoli's rules):

* **lit**: every white cell is a bulb or sees one along its row or column segment;
* **segment**: at most one bulb per maximal white run of a row and of a column (two bulbs in
  one run would light each other);
* **count**: a wall numbered ``k`` has exactly ``k`` bulbs among its orthogonal neighbours.

Three strategies, same rules, same answer atoms (the bulbs), same uniqueness procedure:

* ``direct`` (default): clauses written straight into PySAT (:func:`build_clauses`), with one
  "run holds a bulb" literal per white run so that "lit" is a two-literal clause. The CSP layer
  costs tens of microseconds of Python per constraint, which on a 100x100 grid (15k
  constraints) is seconds of compile time against ~0.1 s of solving; ``direct`` skips it. On
  CP-SAT it falls back to the ``csp`` model.
* ``csp``: the CSP layer's linear constraints, ``sum <= 1`` per run and ``sum = k`` per clue.
  The CNF backend turns sums of more than three booleans into PySAT's sequential counter and
  shorter ones into order-encoding clauses; CP-SAT gets native linear constraints.
* ``card``: PySAT's ``CardEnc`` clauses (ladder at-most-one per run, totalizer for the clue
  counts) put into the CSP model as plain clauses with auxiliary booleans (CP-SAT sees
  clauses too).

Measured (``benchmarks/results/lightup_sudoku.md``, "Strategies"): on the same puzzles
``direct`` is about 3-4x faster than ``csp`` on the CNF backend and ``csp`` about 2x faster
than ``card`` on both backends (PySAT's encodings give bigger models for the short runs and
clue neighbourhoods of Light Up, and CP-SAT prefers linear constraints to their clauses).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pencilsat.encodings.csp import FALSE, BoolVar, Model, eq, le, linear_sum, not_, or_
from pencilsat.puzzles.common import Cell
from pencilsat.puzzles.lightup import WHITE, LightUpPuzzle, LightUpSolution
from pencilsat.solvers.clauses import ClauseEncoding, solve_clauses
from pencilsat.solvers.result import SolveResult
from pencilsat.solvers.uniqueness import Encoding, solve_encoding


def runs(puzzle: LightUpPuzzle) -> tuple[list[list[Cell]], dict[Cell, tuple[int, int]]]:
    """Maximal white runs (rows first, then columns) and each white cell's (row run, column run).

    The same runs as :meth:`LightUpPuzzle.segments`, found in one pass over a plain list (the
    model's per-cell helpers cost seconds on 100x100 grids).
    """
    white = (puzzle.cells == WHITE).tolist()
    out: list[list[Cell]] = []
    owner: dict[Cell, list[int]] = {}
    for transpose in (False, True):
        outer, inner = (puzzle.width, puzzle.height) if transpose else (puzzle.height, puzzle.width)
        for i in range(outer):
            run: list[Cell] = []
            for j in range(inner + 1):
                r, c = (j, i) if transpose else (i, j)
                if j < inner and white[r][c]:
                    run.append((r, c))
                elif run:
                    for cell in run:
                        owner.setdefault(cell, []).append(len(out))
                    out.append(run)
                    run = []
    return out, {cell: (ids[0], ids[1]) for cell, ids in owner.items()}


def build(puzzle: LightUpPuzzle, strategy: str = "csp") -> Encoding:
    """The Light Up CSP of ``puzzle`` with the cardinality rules written by ``strategy``."""
    if strategy not in ("csp", "card"):
        raise ValueError(f"unknown Light Up CSP strategy {strategy!r} (known: csp, card)")
    m = Model()
    segs, cell_runs = runs(puzzle)
    bulb: dict[Cell, BoolVar] = {cell: m.bool_var(f"b_{cell[0]}_{cell[1]}") for cell in cell_runs}
    for row, col in cell_runs.values():  # lit: a bulb in the cell's row or column run
        seen = {*segs[row], *segs[col]}
        m.add(or_(*(bulb[s] for s in seen)))
    cards = _linear(m) if strategy == "csp" else _pysat_cardinality(m)
    for run in segs:  # segment
        if len(run) > 1:
            cards([bulb[c] for c in run], 1, exact=False)
    for cell, clue in puzzle.clues():  # count
        cards([bulb[nb] for nb in puzzle.neighbours(cell) if nb in bulb], clue, exact=True)

    cells = list(bulb)
    answer = [bulb[c] for c in cells]

    def decode(value) -> LightUpSolution:  # type: ignore[no-untyped-def]
        return LightUpSolution.from_bulbs(
            (c for c in cells if value(bulb[c]) == 1), puzzle.width, puzzle.height)

    return Encoding(strategy, m, answer, decode)


def _linear(m: Model):  # type: ignore[no-untyped-def]
    """Cardinality as the CSP layer's linear constraints."""

    def add(lits: Sequence[BoolVar], k: int, *, exact: bool) -> None:
        total = linear_sum(lits)
        m.add(eq(total, k) if exact else le(total, k))

    return add


def _pysat_cardinality(m: Model):  # type: ignore[no-untyped-def]
    """Clauses from PySAT's ``CardEnc`` over the model's booleans (aux ids become booleans)."""
    from pysat.card import CardEnc, EncType

    aux: dict[int, BoolVar] = {}

    def add(lits: Sequence[BoolVar], k: int, *, exact: bool) -> None:
        n = len(lits)
        if k > n:  # more bulbs wanted than neighbours: CardEnc refuses such bounds
            m.add(FALSE)
            return
        if exact:
            enc = CardEnc.equals(list(range(1, n + 1)), bound=k, top_id=n,
                                 encoding=EncType.totalizer)
        else:
            enc = CardEnc.atmost(list(range(1, n + 1)), bound=k, top_id=n,
                                 encoding=EncType.ladder)
        local: dict[int, BoolVar] = {}

        def var(i: int) -> BoolVar:
            if i <= n:
                return lits[i - 1]
            if i not in local:
                local[i] = m.bool_var(f"_card{len(aux)}")
                aux[len(aux)] = local[i]
            return local[i]

        for clause in enc.clauses:
            m.add(or_(*(var(x) if x > 0 else not_(var(-x)) for x in clause)))

    return add


def build_clauses(puzzle: LightUpPuzzle) -> ClauseEncoding:
    """The ``direct`` strategy: the same rules written straight as clauses.

    Variables ``1..n`` are the bulbs (white cells in row-major order). Each run of two or more
    cells gets a literal ``s`` = "this run holds a bulb" (``s -> some bulb``, ``bulb -> s``), so
    "lit" becomes the two-literal clause ``s_row or s_col`` instead of a clause over every cell
    the cell sees; "at most one per run" is pairwise up to 6 cells, a sequential counter above;
    a clue ``k`` over ``m`` neighbours forbids every ``k+1`` subset and requires one bulb in
    every ``m-k+1`` subset (at most 6 clauses, no auxiliaries).
    """
    from pysat.card import CardEnc, EncType

    segs, cell_runs = runs(puzzle)
    cells = sorted(cell_runs)
    var = {cell: i for i, cell in enumerate(cells, start=1)}
    top = len(cells)
    clauses: list[list[int]] = []
    run_lit: list[int] = []
    for run in segs:
        lits = [var[c] for c in run]
        if len(lits) == 1:
            run_lit.append(lits[0])
            continue
        top += 1
        s = top
        run_lit.append(s)
        clauses.append([-s, *lits])
        clauses.extend([-b, s] for b in lits)
        if len(lits) <= 6:
            clauses.extend([-a, -b] for a, b in combinations(lits, 2))
        else:
            enc = CardEnc.atmost(lits, bound=1, top_id=top, encoding=EncType.seqcounter)
            top = max(top, enc.nv)
            clauses.extend(enc.clauses)
    for cell in cells:
        row, col = cell_runs[cell]
        a, b = run_lit[row], run_lit[col]
        clauses.append([a] if a == b else [a, b])
    for cell, clue in puzzle.clues():
        nbs = [var[nb] for nb in puzzle.neighbours(cell) if nb in var]
        clauses.extend([-x for x in sub] for sub in combinations(nbs, clue + 1))
        if clue:
            clauses.extend(list(sub) for sub in combinations(nbs, len(nbs) - clue + 1))

    def decode(true: set[int]) -> LightUpSolution:
        return LightUpSolution.from_bulbs((c for c in cells if var[c] in true),
                                          puzzle.width, puzzle.height)

    return ClauseEncoding("direct", top, clauses, range(1, len(cells) + 1), decode)


def run(
    puzzle: LightUpPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
    strategy: str = "csp",
) -> SolveResult:
    """The ``csp`` strategy (``strategy="card"``: PySAT cardinality encodings)."""
    return solve_encoding(puzzle, lambda: build(puzzle, strategy), backend=backend,
                          sat_solver=sat_solver, time_limit=time_limit)


def run_card(
    puzzle: LightUpPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """The ``card`` strategy (PySAT cardinality encodings inside the CSP model)."""
    return run(puzzle, backend=backend, sat_solver=sat_solver, time_limit=time_limit,
               strategy="card")


def run_direct(
    puzzle: LightUpPuzzle,
    *,
    backend: str = "cnf",
    sat_solver: str | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """The ``direct`` strategy on the CNF backend; CP-SAT has no clause path, so it gets the
    ``csp`` model (the answer and the uniqueness procedure are the same)."""
    if backend != "cnf":
        return run(puzzle, backend=backend, sat_solver=sat_solver, time_limit=time_limit)
    return solve_clauses(puzzle, lambda: build_clauses(puzzle), sat_solver=sat_solver,
                         time_limit=time_limit)
