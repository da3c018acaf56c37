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
from typing import Any

import numpy as np

from pencilsat.backends.bulk_load import load_clauses
from pencilsat.core.errors import InputError
from pencilsat.core.result import Verdict
from pencilsat.core.values import Cell
from pencilsat.encodings.loops.degree import degree_clauses, no_square_loops
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.loops.sides import side_clauses
from pencilsat.encodings.masyu_rules import pearl_rule
from pencilsat.generators.seeded import seeded_random
from pencilsat.generators.time_limit import unique_in_time
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
from pencilsat.strategies.loop_search import LoopCuts, LoopSearch, Marks
from pencilsat.strategies.uniqueness import prove

_RING = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
_SIDES = [(-1, 0), (0, 1), (1, 0), (0, -1)]
MAX_LOOP_TRIES = 50
SAT_SOLVER = "cadical195"
PINNING_SETTINGS = masyu_lazy.LazySettings(cadical_options={})
"""CaDiCaL's own settings, not the lazy strategy's tuned ones, so that a seed gives the same
puzzle whatever the lazy strategy's defaults: which second loop a solver returns steers
``pinned_loop``."""
MAX_CELLS = 10_000
"""Bigger grids are refused (see ``too_big``). ``benchmarks/masyu_generate.py``, seeds 1-3:
60x60 23-26 s, 80x80 62-81 s, 100x100 160-164 s (about 240 MB); a 200x50 took 3.5 minutes
through the CLI. The limit was 3,600 cells while the trials on big grids
stalled: an 80x80 (seed 1) had not finished after 15 minutes and held 3.6 GB; traced, its
late trials took 260-7,600 SAT calls each, two big loops redrawn side by side (the stalemate
the lazy strategy's grown region cuts end), and every model's largest loop got an exact cut
of some 5,000 literals. See ``PearlTrials``. Before re-routing (``reroute``) the limit was 1,600
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


def refuse_size(width: int, height: int) -> None:
    """An :class:`InputError` for a grid Masyu is not generated at: a side under 3 (no loop
    with a pearl fits) or more than ``MAX_CELLS`` cells; the plain generator's check and the
    order's (``masyu_levels.MasyuMaker``) alike."""
    if width < 3 or height < 3:
        raise InputError(f"cannot generate a {width}x{height} Masyu",
                         hint="width and height must be at least 3")
    if width * height > MAX_CELLS:
        raise too_big(f"{width}x{height}")


def generate_masyu(width: int, height: int, seed: int | None = None,
                   progress: Progress | None = None) -> MasyuPuzzle:
    """A Masyu with exactly one solution, drawn at random (``seed`` makes it reproducible);
    ``progress`` hears of each move while pinning the loop and each pearl's trial."""
    refuse_size(width, height)
    rng = seeded_random(seed)
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
        result = masyu_lazy.run(full, sat_solver=SAT_SOLVER, settings=PINNING_SETTINGS)
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
    result = masyu_lazy.run(puzzle, sat_solver=SAT_SOLVER, settings=PINNING_SETTINGS)
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

    grid = GridEdges(puzzle.width, puzzle.height)
    cells = puzzle.pearl_cells()
    with Solver(name=SAT_SOLVER) as solver:
        trials = PearlTrials(solver, grid, puzzle, answer)
        if not trials.still_unique():
            return None
        order = sorted(range(len(cells)),
                       key=lambda i: rng.random() + BLACK_LAST * (puzzle.pearls[cells[i]] == BLACK))
        trials.rank_guards(order)
        for done, i in enumerate(order):
            if progress is not None:
                progress("removing pearls", done, len(order))
            if trials.marks.total == 1:
                break
            trials.drop(i)
            if not trials.still_unique():
                trials.keep_for_good(i)
        kept = [cell for cell, keep in zip(cells, trials.marks.kept.tolist(), strict=True)
                if keep]
    pearls = np.full(puzzle.pearls.shape, EMPTY, dtype=np.uint8)
    for cell in kept:
        pearls[cell] = puzzle.pearls[cell]
    return MasyuPuzzle(pearls)


def _large(grid: GridEdges) -> bool:
    """Trials on grids from the lazy strategy's ``LARGE_GRID`` cells add its colouring and
    region cuts; smaller grids keep exact cuts."""
    return grid.width * grid.height >= masyu_lazy.LARGE_GRID


class PearlTrials:
    """The uniqueness trials of ``remove_pearls_while_unique`` on one incremental solver.

    Pearl ``i`` (of ``puzzle.pearl_cells()``) counts while its selector literal is assumed:
    its clauses carry the selector, and so does every cut that relies on it (the shared
    :class:`~pencilsat.strategies.loop_search.LoopSearch` with guarded marks). A trial is the
    one uniqueness procedure started from the known answer. Which pearls stay does not depend
    on the cuts or the solver (each trial asks whether another answer exists), so seeds give
    the same puzzles whatever the cuts. On big grids the grown region cuts, no exact cut for a
    model's largest loop, and guards that outlive the removals keep the trials short (80x80
    seed 1: over 15 minutes and 3.6 GB before them, 81 s and 190 MB after; figures in
    ``docs/experiments/masyu-generator.md``)."""

    def __init__(self, solver: Any, grid: GridEdges, puzzle: MasyuPuzzle,
                 answer: MasyuSolution) -> None:
        cells = puzzle.pearl_cells()
        first_selector = len(grid) + 1
        load_clauses(solver, degree_clauses(grid))
        load_clauses(solver, no_square_loops(grid))
        for i, cell in enumerate(cells):
            load_clauses(solver, [[-(first_selector + i), *clause] for clause in
                                  pearl_rule(grid, cell, int(puzzle.pearls[cell]))])
        large = _large(grid)
        if large:
            load_clauses(solver, side_clauses(grid, first_selector + len(cells)))
        self.grid = grid
        self.marks = Marks([grid.cell_id(cell) for cell in cells], grid.width * grid.height,
                           guards=range(first_selector, first_selector + len(cells)))
        cuts = LoopCuts(cut="region" if large else "loop",
                        region_min=masyu_lazy.REGION_MIN_CELLS,
                        grown_min=masyu_lazy.GROWN_MIN_CELLS,
                        grown_steps=masyu_lazy.GROWN_STEPS, grow_after=0, cut_largest=False)
        self.search = LoopSearch(solver, grid, None, cuts, self.marks)
        self.answer = [grid.var[e] for e in answer.edges]
        self.witness: list[int] | None = None
        """The other answer the last trial that found one drew (edge variables)."""

    def still_unique(self) -> bool:
        """Whether the known answer is still the only one with the kept pearls (when not,
        the other answer is left in ``witness``)."""
        proof = prove(self.search, known=self.answer)
        self.witness = proof.second
        return unique_in_time(proof)

    def drop(self, i: int) -> None:
        kept = self.marks.kept.copy()
        kept[i] = False
        self.marks.set_kept(kept)

    def rank_guards(self, order: list[int]) -> None:
        """Rank the pearls as guards by the removal ``order``: a cut guarded by a pearl that
        is removed later dies with it, and its loop must be found and cut again, so the pearl
        tried last guards best."""
        self.marks.rank[order] = np.arange(len(order))

    def keep_for_good(self, i: int) -> None:
        """Pearl ``i`` failed its trial and stays: cuts it guards live to the end, so it now
        ranks above every pearl still to be tried."""
        kept = self.marks.kept.copy()
        kept[i] = True
        self.marks.set_kept(kept)
        self.marks.rank[i] += len(self.marks.rank)
