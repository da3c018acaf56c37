"""Masyu generator: a random long loop, every pearl it allows, then pearls removed while unique.

1. **Loop.** A simple loop through cell centres is the boundary of a region of "faces" (the
   unit squares between four cell centres) that is 4-connected, has no hole and never touches
   itself only at a corner. The region grows one face at a time from a random face; a face is
   added only when its occupied 8-neighbours form one contiguous run and every occupied
   diagonal neighbour shares a side-neighbour with it, which keeps those three properties.
   Growth prefers faces with a single occupied side (thin branches: the boundary of a thin
   tree passes almost every cell) and continuing straight (long straight runs leave room for
   black pearls).
2. **Pearls.** Every loop cell where a pearl's rule holds gets one: white where the loop goes
   straight and turns beside it, black where it turns and both arms go straight. If another
   loop keeps all of these pearls, the loop moves to it when it allows more pearls, or is
   re-routed by one face where the two differ when it allows the same ones
   (``pinned_loop``), until the full pearl set has one answer.
3. **Removal.** Pearls are tried in random order (black ones later on average) and removed
   when the puzzle stays unique. All trials run on one incremental SAT solver (the ``lazy``
   strategy's clauses): each pearl's clauses carry a selector literal and a trial is a solve
   under assumptions with the known answer blocked, so UNSAT means "still unique". A sub-loop
   cut stays valid only while a pearl the loop misses is kept, so each cut carries that
   pearl's selector too; the guard is a pearl that stays for good when there is one, else
   the one tried last, so that cuts outlive the removals. From ``masyu_lazy.LARGE_GRID``
   cells the trials use the lazy strategy's region and grown region cuts as well.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from pencilsat.backends.bulk_load import clause_adder, load_clauses
from pencilsat.backends.pysat_calls import solve
from pencilsat.core.errors import InputError
from pencilsat.core.result import Verdict
from pencilsat.core.values import Cell
from pencilsat.encodings.loops.components import (
    crossing_edges,
    enclosed_area,
    forbid_loop,
    grown_area,
    label_loops,
    used_edges,
)
from pencilsat.encodings.loops.sides import side_clauses
from pencilsat.encodings.masyu_rules import (
    GridEdges,
    degree_clauses,
    no_square_loops,
    pearl_rule,
)
from pencilsat.puzzles.masyu import (
    BLACK,
    EMPTY,
    WHITE,
    MasyuPuzzle,
    MasyuSolution,
    check,
    edge,
)
from pencilsat.strategies import masyu_lazy

_RING = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
_SIDES = [(-1, 0), (0, 1), (1, 0), (0, -1)]
MAX_LOOP_TRIES = 50
SAT_SOLVER = "cadical195"
SAT_SOLVER_OPTIONS: dict[str, int] = {}
"""Fixed (CaDiCaL's own settings, not the lazy strategy's tuned ones), so that a seed gives the
same puzzle whatever the lazy strategy's defaults: which second loop a solver returns steers
``pinned_loop``."""
MAX_CELLS = 10_000
"""Bigger grids are refused (see ``too_big``). ``benchmarks/masyu_generate.py``, seeds 1-3:
60x60 23-26 s, 80x80 62-81 s, 100x100 160-164 s (about 240 MB); a 200x50 took 3.5 minutes
through the CLI. The limit was 3,600 cells while the trials on big grids
stalled: an 80x80 (seed 1) had not finished after 15 minutes and held 3.6 GB; traced, its
late trials took 260-7,600 SAT calls each, two big loops redrawn side by side (the stalemate
the lazy strategy's grown region cuts end), and every model's largest loop got an exact cut
of some 5,000 literals. See ``_Trials``. Before re-routing (``reroute``) the limit was 1,600
cells: random loops that big mostly have a stretch that two routings pass with the same
pearls, and 50x50 gave a puzzle for 1 seed of 3, 60x60 for none of 2 (75-90 s each)."""
STEP_CELLS = 50
"""``pinning_steps``: one more move per this many cells. With a flat 30 moves, 60x60 seeds 1
and 2 gave up 8 and 10 loops before one was pinned (110-116 s); with 30 + 72 moves the first
loop of each was pinned (33-43 s)."""
BLACK_LAST = 0.5
"""Removal tries black pearls later on average, so more of them stay (a looser loop leaves
fewer places for black pearls than for white ones)."""


Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``, called as the generator goes: a 100x100 takes minutes, and
a user at a terminal should see that it moves. It only reports; the puzzle is the same."""


def too_big(size: str) -> InputError:
    """The error for a grid over ``MAX_CELLS`` cells (``size`` as the user wrote it): the
    generator's own check and the CLI's, for sides too long to convert, say the same."""
    return InputError(f"cannot generate a {size} Masyu: at most {MAX_CELLS:,} cells",
                      hint="bigger grids take many minutes; e.g. 100x100 (about 3 minutes) "
                      "or 200x50")


def generate_masyu(width: int, height: int, seed: int | None = None,
                   progress: Progress | None = None) -> MasyuPuzzle:
    """A Masyu with exactly one solution, drawn at random (``seed`` makes it reproducible);
    ``progress`` hears of each move while pinning the loop and each pearl's trial."""
    if width < 3 or height < 3:
        raise InputError(f"cannot generate a {width}x{height} Masyu",
                         hint="width and height must be at least 3")
    if width * height > MAX_CELLS:
        raise too_big(f"{width}x{height}")
    rng = random.Random(seed)
    for _ in range(MAX_LOOP_TRIES):
        loop = pinned_loop(random_loop(width, height, rng), rng, progress=progress)
        if loop is None:
            continue
        puzzle = remove_pearls_while_unique(pearls_for_loop(loop), loop, rng,
                                            progress=progress)
        if puzzle is not None:
            _confirm_unique(puzzle, loop)
            return MasyuPuzzle(puzzle.pearls, name=f"generated {width}x{height} seed {seed}")
    raise InputError(f"no unique {width}x{height} Masyu found in {MAX_LOOP_TRIES} random loops",
                     hint="try another --seed or a smaller grid")


def pinned_loop(loop: MasyuSolution, rng: random.Random | None = None,
                max_steps: int | None = None,
                progress: Progress | None = None) -> MasyuSolution | None:
    """A loop that is the only answer of all the pearls it allows, reached from ``loop``.

    When another loop L2 satisfies every pearl L allows, no pearl set can single L out; but
    L2 allows a superset of L's pearls, so moving to L2 only narrows the answers. When L2
    allows exactly L's pearls, L is re-routed where the two differ (``reroute``, with
    ``rng``) and the search goes on from there. ``None`` when no such change is found (or no
    ``rng`` is given) or after ``max_steps`` moves (by default ``pinning_steps``).
    """
    if max_steps is None:
        max_steps = pinning_steps(loop.width * loop.height)
    for step in range(max_steps):
        if progress is not None:
            progress("pinning the loop", step, max_steps)
        full = pearls_for_loop(loop)
        if not full.pearl_cells():
            return None
        result = masyu_lazy.run(full, sat_solver=SAT_SOLVER, cadical_options=SAT_SOLVER_OPTIONS)
        if result.verdict == Verdict.UNIQUE:
            return loop
        if result.verdict != Verdict.MULTIPLE:
            return None
        other = result.second_solution if result.solution == loop else result.solution
        if len(pearls_for_loop(other).pearl_cells()) == len(full.pearl_cells()):
            if rng is None or (changed := reroute(loop, other, rng)) is None:
                return None
            other = changed
        loop = other
    return None


def pinning_steps(cells: int) -> int:
    """Moves ``pinned_loop`` makes before it gives a loop up: a bigger loop has more stretches
    that two routings pass with the same pearls, and each move settles about one."""
    return 30 + cells // STEP_CELLS


def reroute(loop: MasyuSolution, other: MasyuSolution, rng: random.Random) -> MasyuSolution | None:
    """``loop`` changed by one face where it and ``other`` differ: ``loop`` is the boundary of
    a region of faces (module docstring), and a face that touches a differing cell is added
    to the region or taken out of it, in random order, until the boundary is again one loop.
    Two routings that pass the same pearls are a local ambiguity; changing the loop there
    changes the pearls it allows there, which often pins it (without this, 40x40 seed 2 drew
    39 loops, 21 s of its 29 s, before one was pinned). ``None`` when no face works."""
    region = _faces_inside(loop)
    rows, cols = region.shape
    faces = sorted({(r, c) for cr, cc in loop.differing_cells(other)
                    for r in (cr - 1, cr) for c in (cc - 1, cc)
                    if 0 <= r < rows and 0 <= c < cols})
    rng.shuffle(faces)
    blank = MasyuPuzzle(np.full((loop.height, loop.width), EMPTY, dtype=np.uint8))
    for face in faces:
        region[face] = not region[face]
        if region.any():
            changed = _boundary(region, loop.width, loop.height)
            if not check(blank, changed):
                return changed
        region[face] = not region[face]
    return None


def _faces_inside(loop: MasyuSolution) -> np.ndarray:
    """Per face (the square between four cell centres; ``(height - 1) x (width - 1)``): is it
    inside ``loop``. A face is inside when a ray from it to the left crosses an odd number of
    the loop's vertical edges."""
    crossings = np.zeros((loop.height - 1, loop.width - 1), dtype=bool)
    for (r1, c1), (r2, c2) in loop.edges:
        if c1 == c2 and c1 < loop.width - 1:
            crossings[min(r1, r2), c1] = True
    # the ray from face (r, c) crosses the vertical edges at columns 0..c
    return np.logical_xor.accumulate(crossings, axis=1)


def _confirm_unique(puzzle: MasyuPuzzle, loop: MasyuSolution) -> None:
    """Re-check the result from scratch with the ``lazy`` strategy (a guard against bugs)."""
    result = masyu_lazy.run(puzzle, sat_solver=SAT_SOLVER, cadical_options=SAT_SOLVER_OPTIONS)
    if result.verdict != Verdict.UNIQUE or result.solution != loop:
        raise RuntimeError(f"generator bug: the puzzle is {result.verdict}, not unique")


def random_loop(width: int, height: int, rng: random.Random,
                straight_bias: float = 0.6, fatten: float = 0.08) -> MasyuSolution:
    """A random simple loop, the boundary of a grown region of faces (see module docstring)."""
    rows, cols = height - 1, width - 1
    region = np.zeros((rows, cols), dtype=bool)

    def inside(f: Cell) -> bool:
        return 0 <= f[0] < rows and 0 <= f[1] < cols and bool(region[f])

    def addable(f: Cell) -> bool:
        ring = [inside((f[0] + dr, f[1] + dc)) for dr, dc in _RING]
        for i in range(1, 8, 2):
            if ring[i] and not (ring[i - 1] or ring[(i + 1) % 8]):
                return False
        runs = sum(1 for i in range(8) if ring[i] and not ring[i - 1])
        return runs == 1

    def sides_taken(f: Cell) -> int:
        return sum(inside((f[0] + dr, f[1] + dc)) for dr, dc in _SIDES)

    start = (rng.randrange(rows), rng.randrange(cols))
    region[start] = True
    frontier: set[Cell] = set()
    last, heading = start, rng.choice(_SIDES)

    def grow_from(f: Cell) -> None:
        for dr, dc in _SIDES:
            n = (f[0] + dr, f[1] + dc)
            if 0 <= n[0] < rows and 0 <= n[1] < cols and not region[n]:
                frontier.add(n)

    grow_from(start)
    while frontier:
        ahead = (last[0] + heading[0], last[1] + heading[1])
        if ahead in frontier and rng.random() < straight_bias:
            face = ahead
        else:
            face = rng.choice(sorted(frontier))
        frontier.discard(face)
        if region[face] or not addable(face):
            continue
        if sides_taken(face) > 1 and rng.random() > fatten:
            continue
        region[face] = True
        heading = next(((face[0] - f[0], face[1] - f[1]) for f in
                        [(face[0] - dr, face[1] - dc) for dr, dc in _SIDES] if inside(f)),
                       heading)
        last = face
        grow_from(face)
        for dr, dc in _RING:
            n = (face[0] + dr, face[1] + dc)
            if 0 <= n[0] < rows and 0 <= n[1] < cols and not region[n] and sides_taken(n):
                frontier.add(n)
    return _boundary(region, width, height)


def _boundary(region: np.ndarray, width: int, height: int) -> MasyuSolution:
    """The loop around the region: a face side is used when the face across it is outside."""
    rows, cols = region.shape
    edges = []
    for r, c in zip(*np.nonzero(region), strict=True):
        r, c = int(r), int(c)
        corners = {(-1, 0): ((r, c), (r, c + 1)), (1, 0): ((r + 1, c), (r + 1, c + 1)),
                   (0, -1): ((r, c), (r + 1, c)), (0, 1): ((r, c + 1), (r + 1, c + 1))}
        for (dr, dc), (a, b) in corners.items():
            n = (r + dr, c + dc)
            if not (0 <= n[0] < rows and 0 <= n[1] < cols and region[n]):
                edges.append(edge(a, b))
    return MasyuSolution(frozenset(edges), width, height)


def pearls_for_loop(loop: MasyuSolution) -> MasyuPuzzle:
    """Every pearl the loop satisfies: white on straights beside a turn, black on turns whose
    two arms go straight."""
    grid = np.full((loop.height, loop.width), EMPTY, dtype=np.uint8)
    for cell in loop.degree():
        dirs = loop.cells_touched(cell)
        neighbours = [(cell[0] + dr, cell[1] + dc) for dr, dc in dirs]
        turns_beside = [_turns(loop, n) for n in neighbours]
        if not _turns(loop, cell) and any(turns_beside):
            grid[cell] = WHITE
        elif _turns(loop, cell) and not any(turns_beside):
            grid[cell] = BLACK
    return MasyuPuzzle(grid)


def _turns(loop: MasyuSolution, cell: Cell) -> bool:
    dirs = loop.cells_touched(cell)
    return len(dirs) == 2 and dirs not in ({(-1, 0), (1, 0)}, {(0, -1), (0, 1)})


def thin_pearls(puzzle: MasyuPuzzle, keep: float, rng: random.Random) -> MasyuPuzzle:
    """Keep each pearl with probability ``keep`` (at least one): for benchmark puzzles."""
    grid = np.array(puzzle.pearls)
    cells = puzzle.pearl_cells()
    for cell in cells[1:]:
        if rng.random() >= keep:
            grid[cell] = EMPTY
    return MasyuPuzzle(grid)


def remove_pearls_while_unique(puzzle: MasyuPuzzle, answer: MasyuSolution,
                               rng: random.Random,
                               progress: Progress | None = None) -> MasyuPuzzle | None:
    """Drop pearls in random order while ``answer`` stays the only solution; ``None`` if the
    full puzzle is not unique already."""
    from pysat.solvers import Solver

    grid = GridEdges(puzzle)
    cells = puzzle.pearl_cells()
    first_selector = len(grid) + 1
    with Solver(name=SAT_SOLVER) as solver:
        load_clauses(solver, degree_clauses(grid))
        load_clauses(solver, no_square_loops(grid))
        for i, cell in enumerate(cells):
            load_clauses(solver, [[-(first_selector + i), *clause] for clause in
                                  pearl_rule(grid, cell, int(puzzle.pearls[cell]))])
        if _large(grid):
            load_clauses(solver, side_clauses(grid, first_selector + len(cells)))
        solver.add_clause(forbid_loop([grid.var[e] for e in answer.edges]))
        trials = _Trials(solver, grid, cells, first_selector)
        if trials.another_answer():
            return None
        order = sorted(range(len(cells)),
                       key=lambda i: rng.random() + BLACK_LAST * (puzzle.pearls[cells[i]] == BLACK))
        trials.rank_guards(order)
        for done, i in enumerate(order):
            if progress is not None:
                progress("removing pearls", done, len(order))
            if trials.kept.sum() == 1:
                break
            trials.kept[i] = False
            if trials.another_answer():
                trials.kept[i] = True
                trials.keep_for_good(i)
        kept = [cell for cell, keep in zip(cells, trials.kept.tolist(), strict=True) if keep]
    pearls = np.full(puzzle.pearls.shape, EMPTY, dtype=np.uint8)
    for cell in kept:
        pearls[cell] = puzzle.pearls[cell]
    return MasyuPuzzle(pearls)


def _large(grid: GridEdges) -> bool:
    """Trials on grids from the lazy strategy's ``LARGE_GRID`` cells add its colouring and
    region cuts; smaller grids keep exact cuts, so the examples' seeds give the same puzzles."""
    return grid.width * grid.height >= masyu_lazy.LARGE_GRID


class _Trials:
    """The uniqueness trials of ``remove_pearls_while_unique`` on one incremental solver:
    pearl ``i`` (of ``cells``) counts while selector ``first_selector + i`` is assumed, and
    ``kept[i]`` says whether it is. The loops of each model are labelled and counted with
    numpy (``subloops.label_loops``), as in the ``lazy`` strategy: at 40x40 a puzzle's
    removal made 1,300 SAT calls, and the Python sets of pearl cells built per trial and per
    loop took about an eighth of its time. Which pearls stay does not depend on the cuts or
    the solver (each trial asks whether another answer exists), so seeds give the same
    puzzles as before.

    Three things keep big grids going (80x80 seed 1: over 15 minutes and 3.6 GB before, 81 s
    and 190 MB after; same puzzles for every seed compared, 36x20 to 60x60):

    - grown region cuts, as in the lazy strategy (``masyu_lazy.GROWN_MIN_CELLS``), for loops
      that get a region cut: they end the trials in which two big loops are redrawn side by
      side (80x80 seed 1: single trials of 2,000-7,600 calls before; 5,939 calls in all
      after, for 3,411 trials);
    - no exact cut for a model's largest loop when the model has others (their cuts already
      forbid it): that clause is about as long as the answer and is rarely met again; 60x60
      seed 1 peaked at 240 MB with it, 106 MB without;
    - guards that outlive the removals (``rank_guards``, ``keep_for_good``): before, most cuts
      were guarded by the first kept pearl in grid order, and when it was removed they all
      lapsed and the trials met those loops again. 60x60 removal with all three: seed 1 13.5
      s, seed 2 10.2 s; without the guards 15.1 and 10.7 s, with the largest loop's exact
      cut 15.7 and 13.3 s, without grown cuts 16.7 and 11.4 s (one process each, in turn)."""

    def __init__(self, solver, grid: GridEdges, cells: list[Cell], first_selector: int) -> None:
        self.solver = solver
        self._add_clause = clause_adder(solver)
        self.grid = grid
        self.ids = np.array([grid.cell_id(cell) for cell in cells], dtype=np.int64)
        self.selectors = np.arange(first_selector, first_selector + len(cells), dtype=np.int64)
        self.selector_of = np.zeros(grid.width * grid.height, dtype=np.int64)
        self.selector_of[self.ids] = self.selectors
        self.kept = np.ones(len(cells), dtype=bool)
        self.priority = np.zeros(len(cells), dtype=np.int64)
        """Which kept pearl guards a cut (see ``rank_guards``): the highest that qualifies."""
        self.index_of = np.zeros(grid.width * grid.height, dtype=np.int64)
        self.index_of[self.ids] = np.arange(len(cells))
        self.regions = _large(grid)
        self.witness: np.ndarray | None = None
        """The other answer the last trial that found one drew (edge variables)."""

    def rank_guards(self, order: list[int]) -> None:
        """Rank the pearls as guards by the removal ``order``: a cut guarded by a pearl that
        is removed later dies with it, and its loop must be found and cut again, so the pearl
        tried last guards best."""
        self.priority[order] = np.arange(len(order))

    def keep_for_good(self, i: int) -> None:
        """Pearl ``i`` failed its trial and stays: cuts it guards live to the end, so it now
        ranks above every pearl still to be tried."""
        self.priority[i] += len(self.priority)

    def another_answer(self) -> bool:
        """Whether a loop other than the blocked answer visits every kept pearl (its edge
        variables are left in ``witness``). Every other loop of a model is cut; each cut
        carries the selector of a kept pearl the loop misses, so it holds only while that pearl
        is kept."""
        grid, cell_count = self.grid, self.grid.width * self.grid.height
        kept_ids = self.ids[self.kept]
        marked = np.zeros(cell_count, dtype=bool)
        marked[kept_ids] = True
        assumptions = self.selectors[self.kept].tolist()
        while solve(self.solver, assumptions):
            labels = label_loops(grid, used_edges(grid, self.solver.get_model()))
            counts = labels.marked_counts(marked)
            if (counts == len(kept_ids)).any():
                self.witness = labels[int(np.argmax(counts == len(kept_ids)))][0]
                return True
            sizes = np.diff(labels.cell_bounds)
            loop_of = np.full(cell_count, -1, dtype=np.int64)
            loop_of[labels.cells] = np.repeat(np.arange(len(labels)), sizes)
            on = loop_of[kept_ids]
            # kept pearls from the best guard down, with the loop each lies on
            best = np.argsort(-self.priority[self.kept], kind="stable")
            ranked_ids, ranked_on = kept_ids[best], on[best]
            largest = int(np.argmax(sizes))
            free = loop_of < 0
            for i in range(len(labels)):
                edge_vars, cells = labels[i]
                if i != largest or len(labels) == 1:
                    missed = int(ranked_ids[np.argmax(ranked_on != i)])
                    self._add_clause([*forbid_loop(edge_vars), -int(self.selector_of[missed])])
                if (self.regions and counts[i] and
                        masyu_lazy.REGION_MIN_CELLS <= sizes[i] < sizes[largest]):
                    pearl_in = int(ranked_ids[np.argmax(ranked_on == i)])
                    grow = sizes[i] >= masyu_lazy.GROWN_MIN_CELLS
                    self._region_cut(edge_vars, cells, kept_ids, pearl_in,
                                     free if grow else None)
        return False

    def _region_cut(self, edge_vars: np.ndarray, cells: np.ndarray, kept_ids: np.ndarray,
                    pearl_in: int, free: np.ndarray | None = None) -> None:
        """The lazy strategy's region cut (some edge crosses the border of the area the loop
        encloses), valid while one kept pearl inside the area (``pearl_in``, on the loop) and
        one outside both stay: the clause carries those two pearls' selectors. Without it,
        trials on big grids redrew a loop for thousands of SAT calls: a 50x50 (seed 1) took
        over 10 minutes with exact cuts alone and over 5 with the colouring added (one trial:
        38 s, 12,600 calls); 18 s with both."""
        area = enclosed_area(self.grid, edge_vars, cells)
        inside = np.zeros(self.grid.width * self.grid.height, dtype=bool)
        inside[area] = True
        outside = kept_ids[~inside[kept_ids]]
        if not len(outside):
            return
        pearl_out = outside[np.argmax(self.priority[self.index_of[outside]])]
        guard = [-int(self.selector_of[pearl_in]), -int(self.selector_of[pearl_out])]
        self._add_clause([*crossing_edges(self.grid, area), *guard])
        if free is not None:
            grown = grown_area(self.grid, area, free, masyu_lazy.GROWN_STEPS)
            if len(grown) > len(area):
                self._add_clause([*crossing_edges(self.grid, grown), *guard])
