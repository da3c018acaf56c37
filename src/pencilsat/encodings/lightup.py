"""Light Up (Akari) as a CSP: one boolean per white cell, "bulb here".

Rules as constraints (docs/lightup digest; Nikoli's rules):

* **lit**: every white cell is a bulb or sees one along its row or column segment;
* **segment**: at most one bulb per maximal white run of a row and of a column (two bulbs in
  one run would light each other);
* **count**: a wall numbered ``k`` has exactly ``k`` bulbs among its orthogonal neighbours.

Three strategies, same rules, same answer atoms (the bulbs), same uniqueness procedure:

* ``direct`` (default): clauses written straight into PySAT (:func:`build_clauses`), with one
  "run holds a bulb" literal per white run so that "lit" is a two-literal clause; it skips
  the CSP layer's compile time (seconds on a 100x100 grid against ~0.1 s of solving). On a
  solver with native cardinality constraints (MiniCard, the default) it is
  :func:`native_clauses`: runs and numbers as native counts, and fewer "lit" clauses.
* ``csp``: the CSP layer's linear constraints, ``sum <= 1`` per run and ``sum = k`` per clue.
  The CNF backend turns sums of more than three booleans into PySAT's sequential counter and
  shorter ones into order-encoding clauses; CP-SAT gets native linear constraints.
* ``card``: PySAT's ``CardEnc`` clauses (ladder at-most-one per run, totalizer for the clue
  counts) put into the CSP model as plain clauses with auxiliary booleans (CP-SAT sees
  clauses too).

``benchmarks/results/lightup_sudoku.md``: ``direct`` is 3-4x faster than ``csp`` on CNF,
``csp`` about 2x faster than ``card`` on both backends.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, compress, repeat

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell
from pencilsat.encodings.csp import FALSE, BoolVar, Model, eq, le, linear_sum, not_, or_
from pencilsat.encodings.encoding import ClauseEncoding, Encoding
from pencilsat.puzzles.lightup import WHITE, LightUpPuzzle, LightUpSolution


def runs(puzzle: LightUpPuzzle, deadline: float | None = None,
         ) -> tuple[list[list[Cell]], dict[Cell, tuple[int, int]]]:
    """Maximal white runs (rows first, then columns) and each white cell's (row run, column run).

    The same runs as :meth:`LightUpPuzzle.segments`, found in one pass over a plain list (the
    model's per-cell helpers cost seconds on 100x100 grids); the clock is read per line.
    """
    white = (puzzle.cells == WHITE).tolist()
    out: list[list[Cell]] = []
    owner: dict[Cell, list[int]] = {}
    for transpose in (False, True):
        outer, inner = (puzzle.width, puzzle.height) if transpose else (puzzle.height, puzzle.width)
        for i in range(outer):
            _look_at_clock(deadline, "runs")
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


CLOCK_EVERY = 2000
"""Cells or runs between two looks at the clock while a model is built: an empty 1000x1000
grid took 18 s to encode with a 1 s limit before the builders looked at all."""


def _look_at_clock(deadline: float | None, name: str) -> None:
    check_clock(deadline)


def build(puzzle: LightUpPuzzle, strategy: str = "csp", *,
          deadline: float | None = None) -> Encoding:
    """The Light Up CSP of ``puzzle`` with the cardinality rules written by ``strategy``;
    ``TimeLimitReached`` once ``deadline`` (a ``perf_counter`` time) has passed."""
    if strategy not in ("csp", "card"):
        raise ValueError(f"unknown Light Up CSP strategy {strategy!r} (known: csp, card)")
    m = Model()
    segs, cell_runs = runs(puzzle, deadline)
    bulb: dict[Cell, BoolVar] = {}
    for i, cell in enumerate(cell_runs):
        if i % CLOCK_EVERY == 0:
            _look_at_clock(deadline, strategy)
        bulb[cell] = m.bool_var(f"b_{cell[0]}_{cell[1]}")
    for i, (row, col) in enumerate(cell_runs.values()):  # lit: a bulb in the row or column run
        if i % CLOCK_EVERY == 0:
            _look_at_clock(deadline, strategy)
        seen = {*segs[row], *segs[col]}
        m.add(or_(*(bulb[s] for s in seen)))
    cards = _linear(m) if strategy == "csp" else _pysat_cardinality(m)
    for i, run in enumerate(segs):  # segment
        if i % CLOCK_EVERY == 0:
            _look_at_clock(deadline, strategy)
        if len(run) > 1:
            cards([bulb[c] for c in run], 1, exact=False)
    for cell, clue in puzzle.clues():  # count
        cards([bulb[nb] for nb in puzzle.neighbours(cell) if nb in bulb], clue, exact=True)

    cells = list(bulb)
    answer = [bulb[c] for c in cells]

    def decode(value) -> LightUpSolution:
        return LightUpSolution.from_bulbs(
            (c for c in cells if value(bulb[c]) == 1), puzzle.width, puzzle.height)

    return Encoding(strategy, m, answer, decode)


def _linear(m: Model):
    """Cardinality as the CSP layer's linear constraints."""

    def add(lits: Sequence[BoolVar], k: int, *, exact: bool) -> None:
        total = linear_sum(lits)
        m.add(eq(total, k) if exact else le(total, k))

    return add


def _pysat_cardinality(m: Model):
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


def build_clauses(puzzle: LightUpPuzzle, *, deadline: float | None = None) -> ClauseEncoding:
    """The ``direct`` strategy: the same rules written straight as clauses, built with numpy.

    Variables ``1..n`` are the bulbs (white cells in row-major order). Each run of two or more
    cells gets a literal ``s`` with ``s -> some bulb of the run``, so "lit" becomes the
    two-literal clause ``s_row or s_col`` instead of a clause over every cell the cell sees.
    The converse ``bulb -> s`` is left out: any valid bulb set extends to a model (set ``s`` to
    "the run has a bulb"), every model's bulbs light every cell, and the answer blocked for
    uniqueness is the bulbs alone, so the free ``s`` cannot fake a second solution; without
    it a 100x100 grid loads 25% fewer clauses at no cost in search (measured).

    "At most one per run" is pairwise up to 6 cells and Sinz's sequential counter above; a
    clue ``k`` over ``m`` neighbours forbids every ``k+1`` subset and requires one bulb in
    every ``m-k+1`` subset (at most 6 clauses, no auxiliaries).
    """
    white = puzzle.cells == WHITE
    n = int(white.sum())
    var = np.zeros(white.shape, dtype=np.int64)
    var[white] = np.arange(1, n + 1)
    top = n
    parts: list[np.ndarray] = []  # arrays of fixed-width clauses
    clauses: list[list[int]] = []  # variable-width clauses
    run_lit = []
    for grid_white, grid_var in ((white, var), (white.T, var.T)):
        _look_at_clock(deadline, "direct")
        run_of, lits, starts, length = _runs_in_order(grid_white, grid_var)
        multi = length > 1
        lit_of_run = lits[starts].copy()  # a one-cell run's literal is its bulb
        lit_of_run[multi] = np.arange(top + 1, top + 1 + int(multi.sum()))
        top += int(multi.sum())
        lit_list = lits.tolist()
        ends = starts + length
        groups = [lit_list[a:b] for a, b in zip(starts[multi].tolist(), ends[multi].tolist(),
                                                strict=True)]
        clauses.extend([not_s, *group]  # s -> some bulb of the run
                       for not_s, group in zip((-lit_of_run[multi]).tolist(), groups,
                                               strict=True))
        short = length[run_of] <= PAIRWISE_UP_TO
        for d in range(1, PAIRWISE_UP_TO):  # pairwise at-most-one in short runs
            same = (run_of[d:] == run_of[:-d]) & short[d:]
            parts.append(np.column_stack([-lits[:-d][same], -lits[d:][same]]))
        top = _sequential_counters(run_of, lits, starts, length, ~short, top, parts)
        cell_lit = np.zeros(grid_white.shape, dtype=np.int64)
        cell_lit[grid_white] = lit_of_run[run_of]
        run_lit.append(cell_lit if grid_white is white else cell_lit.T)
    row_lit, col_lit = run_lit[0][white], run_lit[1][white]
    same = row_lit == col_lit
    clauses.extend([x] for x in row_lit[same].tolist())
    parts.append(np.column_stack([row_lit[~same], col_lit[~same]]))
    parts.extend(_clue_parts(puzzle, var, clauses))
    _append_parts(clauses, parts, deadline)

    def decode(true: set[int]) -> LightUpSolution:
        return bulbs_at(puzzle, [i in true for i in range(1, n + 1)])

    return ClauseEncoding("direct", top, clauses, range(1, n + 1), decode)


def native_clauses(puzzle: LightUpPuzzle, counts: list[tuple[list[int], int]], *,
                   deadline: float | None = None) -> ClauseEncoding:
    """The ``direct`` strategy's rules for a solver with native "at most k" constraints:
    the clauses returned, the counts appended to ``counts`` as ``(literals, k)``.

    Variables ``1..n`` are the bulbs as in :func:`build_clauses`, and each run of two or more
    cells has one "at most one" count. A number ``k`` over ``m`` white neighbours is two
    counts, "at most ``k``" of them and "at most ``m-k``" of their negations (a 0 and a
    number equal to ``m`` are unit clauses). "Lit" takes fewer clauses than there: a run
    crossing a cell that is alone in its other run (a wall or the edge on both sides) must
    hold a bulb, for that cell can be lit from this run only, so the run gets the clause
    "some bulb here" and none of its cells needs a clause of its own; the remaining cells
    (both runs free of that) get ``s_row or s_col`` with ``s -> some bulb of the run``, and
    a run gets its ``s`` only when such a cell needs it. On the median of the 20 largest
    janko (27x41) this writes 136 "lit" clauses for 719 white cells.
    """
    white = puzzle.cells == WHITE
    n = int(white.sum())
    var = np.zeros(white.shape, dtype=np.int64)
    var[white] = np.arange(1, n + 1)
    orientations = []
    run_id, run_length = [], []
    for grid_white, grid_var in ((white, var), (white.T, var.T)):
        _look_at_clock(deadline, "direct")
        run_of, lits, starts, length = _runs_in_order(grid_white, grid_var)
        orientations.append((lits, starts, length))
        ids = np.zeros(grid_white.shape, dtype=np.int64)
        ids[grid_white] = run_of
        ids = ids if grid_white is white else ids.T
        run_id.append(ids[white])
        run_length.append(length[ids[white]])
    forced = [np.bincount(run_id[o][run_length[1 - o] == 1],
                          minlength=len(orientations[o][1])) > 0 for o in (0, 1)]
    needs_lit = ~forced[0][run_id[0]] & ~forced[1][run_id[1]]  # both runs then hold 2+ cells
    top = n
    clauses: list[list[int]] = []
    run_lit = []
    for o, (lits, starts, length) in enumerate(orientations):
        lit_list = lits.tolist()
        members = [lit_list[a:b] for a, b in zip(starts.tolist(), (starts + length).tolist(),
                                                 strict=True)]
        clauses.extend(compress(members, forced[o].tolist()))  # some bulb in this run
        counts.extend(zip(compress(members, (length > 1).tolist()), repeat(1)))
        with_s = np.bincount(run_id[o][needs_lit], minlength=len(starts)) > 0
        lit_of_run = np.zeros(len(starts), dtype=np.int64)
        lit_of_run[with_s] = s_lits = np.arange(top + 1, top + 1 + int(with_s.sum()))
        top += s_lits.size
        clauses.extend([not_s, *group]  # s -> some bulb of the run
                       for not_s, group in zip((-s_lits).tolist(),
                                               compress(members, with_s.tolist()), strict=True))
        run_lit.append(lit_of_run[run_id[o][needs_lit]])
    parts = [np.column_stack(run_lit)]
    parts.extend(_clue_parts(puzzle, var, clauses, counts))
    _append_parts(clauses, parts, deadline)
    return ClauseEncoding("direct", top, clauses, range(1, n + 1),
                          lambda true: bulbs_at(puzzle, [i in true for i in range(1, n + 1)]))


def _append_parts(clauses: list[list[int]], parts: list[np.ndarray],
                  deadline: float | None) -> None:
    """The rows of each array of ``parts`` appended to ``clauses`` as lists, looking at the
    clock every ``CLOCK_EVERY * 100`` rows."""
    for part in parts:
        for first in range(0, len(part), CLOCK_EVERY * 100):
            _look_at_clock(deadline, "direct")
            clauses.extend(part[first:first + CLOCK_EVERY * 100].tolist())


def bulbs_at(puzzle: LightUpPuzzle, on: Sequence[bool]) -> LightUpSolution:
    """The solution with a bulb on each white cell (row-major) whose ``on`` is true."""
    rows, cols = np.nonzero(puzzle.cells == WHITE)
    lit = np.array(on, dtype=bool)
    return LightUpSolution.from_bulbs(zip(rows[lit].tolist(), cols[lit].tolist(), strict=True),
                                      puzzle.width, puzzle.height)


def _clue_parts(puzzle: LightUpPuzzle, var: np.ndarray, clauses: list[list[int]],
                counts: list[tuple[list[int], int]] | None = None) -> list[np.ndarray]:
    """The clauses of :func:`clue_clauses` for every number at once, as one array per kind
    of number (how many white neighbours, which number) and subset of its neighbours, or
    with ``counts`` the native counts of :func:`native_clauses`; a number larger than its
    white neighbours puts the empty clause into ``clauses``."""
    padded = np.zeros((var.shape[0] + 2, var.shape[1] + 2), dtype=var.dtype)
    padded[1:-1, 1:-1] = var  # 0 off the grid and on walls
    rows, cols = np.nonzero(puzzle.cells >= 0)
    around = np.column_stack([padded[rows, cols + 1], padded[rows + 2, cols + 1],
                              padded[rows + 1, cols], padded[rows + 1, cols + 2]])
    around = -np.sort(-around, axis=1)  # the white neighbours first, in descending order
    room = (around > 0).sum(axis=1)
    clue = puzzle.cells[rows, cols].astype(np.int64)
    if (clue > room).any():
        clauses.append([])
    if counts is not None:
        return _clue_counts(around, room, clue, counts)
    parts: list[np.ndarray] = []
    kinds = np.unique(room * 8 + clue)
    for kind in kinds[kinds // 8 >= kinds % 8].tolist():
        m, k = divmod(kind, 8)
        lits = around[(room == m) & (clue == k), :m]
        parts.extend(-lits[:, list(sub)] for sub in combinations(range(m), k + 1))
        if k:
            parts.extend(lits[:, list(sub)] for sub in combinations(range(m), m - k + 1))
    return parts


def _clue_counts(around: np.ndarray, room: np.ndarray, clue: np.ndarray,
                 counts: list[tuple[list[int], int]]) -> list[np.ndarray]:
    """The numbers' native counts (appended to ``counts``) and unit clauses (returned as
    one-column arrays) of :func:`native_clauses`, from each number's white neighbours
    (``around``, the ``room`` of them first), its number ``clue``."""
    zero, full = clue == 0, (clue == room) & (clue > 0)
    off, on = around[zero], around[full]
    parts = [-off[off > 0].reshape(-1, 1), on[on > 0].reshape(-1, 1)]
    middle = (clue > 0) & (clue < room)
    for m in range(2, 5):
        pick = middle & (room == m)
        lits, k = around[pick, :m], clue[pick]
        counts.extend(zip(lits.tolist(), k.tolist(), strict=True))
        counts.extend(zip((-lits).tolist(), (m - k).tolist(), strict=True))
    return parts


def clue_clauses(neighbours: Sequence[int], clue: int) -> list[list[int]]:
    """"Exactly ``clue`` of the bulb variables ``neighbours``" without auxiliaries: every
    ``clue + 1`` of them not all bulbs, every ``m - clue + 1`` of them not all dark (the
    empty clause when more bulbs are asked than there are neighbours)."""
    if clue > len(neighbours):  # more bulbs than white neighbours: no answer
        return [[]]
    out = [[-x for x in sub] for sub in combinations(neighbours, clue + 1)]
    if clue:
        out.extend(list(sub) for sub in combinations(neighbours, len(neighbours) - clue + 1))
    return out


PAIRWISE_UP_TO = 6
"""Runs up to this length get pairwise at-most-one clauses, longer ones a sequential counter."""


def _runs_in_order(white: np.ndarray, var: np.ndarray):
    """Row runs of ``white`` in row-major order: run index and literal of each white cell,
    first position and length of each run."""
    prev = np.zeros_like(white)
    prev[:, 1:] = white[:, :-1]
    start = (white & ~prev).ravel()
    flat_white = white.ravel()
    run_of = (np.cumsum(start) - 1)[flat_white]
    lits = var.ravel()[flat_white]
    length = np.bincount(run_of, minlength=int(start.sum()))
    starts = np.cumsum(length) - length  # empty when the grid has no white cell
    return run_of, lits, starts, length


def _sequential_counters(run_of, lits, starts, length, long_cell, top, parts):
    """Sinz's at-most-one for the long runs, vectorised: aux ``a_i`` = "a bulb at or before
    position i" for every position but the last; ``x_i -> a_i``, ``a_(i-1) -> a_i``,
    ``x_i -> not a_(i-1)``."""
    idx = np.nonzero(long_cell)[0]
    if idx.size == 0:
        return top
    pos = idx - starts[run_of[idx]]
    last = pos == length[run_of[idx]] - 1
    aux = np.zeros(len(lits), dtype=np.int64)
    has_aux = idx[~last]
    aux[has_aux] = np.arange(top + 1, top + 1 + has_aux.size)
    top += has_aux.size
    parts.append(np.column_stack([-lits[has_aux], aux[has_aux]]))
    chain = idx[(pos > 0) & ~last]
    parts.append(np.column_stack([-aux[chain - 1], aux[chain]]))
    later = idx[pos > 0]
    parts.append(np.column_stack([-lits[later], -aux[later - 1]]))
    return top
