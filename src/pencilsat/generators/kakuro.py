"""Kakuro's open puzzle and answer for the clue maker: a random layout of white runs and a
digit fill its sums pin.

A Kakuro's structure is its layout; its clues are the sums, and every run carries one in
published puzzles, so the genre is ``all_given``. The layout: the first row and column are
clue cells; inside, while a run is longer than :data:`LONGEST_RUN`, a random cell of it
turns black, with the white cells that leaves alone in a row or column (a run of one; at most
:data:`CASCADE` cells in all, the white cells staying 4-connected), then random cells the
same way up to :data:`BLACK_SHARE` black. A layout where no cell of a long run can turn
black, or with fewer than half the inside white, is drawn again (10x10: 37 of 100 kept).

The fill: a random fill (the complete clause list on MiniSat under random phases) almost
never has its sums pin it (none of 40 at 6x6 to 10x10: two runs crossing two runs let digits
shift, ``a+k, b-k / c-k, d+k``). So the fill is searched locally: while the puzzle with every
sum has a second answer, the fill's digits on the cells where the two differ are forbidden
together and the solver, its phases set to the fill, finds the nearest other fill; every
:data:`GIVE_WAY_EVERY` rounds the layout gives way instead, a cell where the two differ
turning black (while :data:`WHITE_SHARE` of the inside stays white), and the search starts
again on the new layout (at most :data:`FILL_ROUNDS` rounds a layout). Forbidding digits
alone ended with runs up to 4 only (up to 6: 0 of 8 10x10 layouts unique in 150 rounds);
blackening alone kept 20-60% of the cells white; together, runs up to 9 end unique. Each
round's "do the sums pin it?" runs on one incremental solver per layout
(:mod:`~pencilsat.generators.kakuro_trials`).
"""

from __future__ import annotations

import random
from collections import deque

import numpy as np

from pencilsat.backends import pysat_calls
from pencilsat.generators.kakuro_trials import FillTrials
from pencilsat.puzzles.kakuro import KakuroPuzzle, KakuroSolution

BLACK_SHARE = 0.2
"""The share of inside cells turned black before the runs are mended."""
LONGEST_RUN = 9
"""The longest run drawn: the rule's limit, as janko's (his 10x10 to 16x16 have runs up to
9, 9-19% of them longer than 4)."""
GIVE_WAY_EVERY = 3
"""Every third fill round that finds a second answer blackens a cell where they differ
(module docstring) instead of only forbidding the fill's digits there."""
WHITE_SHARE = 0.6
"""The layout gives way only while this share of the inside stays white (janko's: 0.67-0.72;
the layouts drawn before with runs up to 4: 0.53)."""
CASCADE = 3
"""Cells one black may take with it (white cells it leaves alone in a row or column)."""
FILL_ROUNDS = 60
"""Fills tried on one layout before the draw counts as failed, and the most times a layout
gives way. With each round on the incremental solver (5-6 ms a round at 12x12), 60 rounds
beat 30 and 100 (12x12 seeds 1-5, CPU median: 15.6 s at 30, 3.1 s at 60, 4.7 s at 100);
when each round built and proved a new puzzle, 30 beat 150 (10x10, runs up to 4)."""
LARGEST_GRID = 144
"""The most cells drawn: 12x12 takes 5 to 47 candidates (seeds 1-5; the budget is 200);
15x15 seed 1 made none in four minutes."""
LAYOUT_DRAWS = 50
"""Layouts drawn per answer before the draw counts as failed."""
SOLVER = "minisat22"
SMALLEST_SIDE = 3
"""A clue row and column and at least a 2x2 block of white cells."""


def refuse_size(width: int, height: int) -> str | None:
    """Why a size is not drawn (``None``: it is)."""
    if min(width, height) < SMALLEST_SIDE:
        return (f"width and height must be at least {SMALLEST_SIDE} (the first row and column "
                "hold the sums)")
    if width * height > LARGEST_GRID:
        return (f"at most {LARGEST_GRID} cells: a larger layout's fill search rarely ends "
                "within the budget")
    return None


def open_puzzle(rng: random.Random, width: int, height: int) -> KakuroPuzzle | None:
    """A random layout with no sum (module docstring); ``None``: draw again."""
    for _ in range(LAYOUT_DRAWS):
        white = random_layout(rng, width, height)
        if white is not None:
            zeros = np.zeros((height, width), dtype=np.int32)
            return KakuroPuzzle(white, zeros, zeros)
    return None


def drawn(rng: random.Random, width: int, height: int) -> tuple[KakuroPuzzle,
                                                               KakuroSolution] | None:
    """A layout and a fill its sums pin (module docstring); ``None``: not found."""
    from pysat.solvers import Solver

    from pencilsat.backends.bulk_load import load_until
    from pencilsat.encodings.kakuro import complete_cnf, literals

    layout = open_puzzle(rng, width, height)
    if layout is None:
        return None
    white = layout.white.copy()
    for _ in range(FILL_ROUNDS):  # each pass: the layout as it is now, until it gives way
        zeros = np.zeros(white.shape, dtype=np.int32)
        layout = KakuroPuzzle(white.copy(), zeros, zeros)
        encoding, digit = complete_cnf(layout), literals(layout)
        solver = Solver(name=SOLVER)
        trials = FillTrials(layout, encoding, digit)
        try:
            load_until(solver, encoding.clauses, None)  # the ambient deadline
            solver.set_phases([v if rng.random() < 0.5 else -v
                               for v in range(1, encoding.num_vars + 1)])
            for round_ in range(1, FILL_ROUNDS + 1):
                if not pysat_calls.solve_whole(solver):
                    return None
                model = solver.get_model()
                fill: KakuroSolution = encoding.decode({lit for lit in model if lit > 0})
                other = trials.other(fill)
                if other is None:
                    return layout, fill
                differ = [(int(r), int(c))
                          for r, c in zip(*np.nonzero(fill.grid != other.grid), strict=True)]
                if round_ % GIVE_WAY_EVERY == 0 and _give_way(rng, white, differ):
                    break
                solver.add_clause([-digit[cell][int(fill.grid[cell])] for cell in differ])
                solver.set_phases(model)
            else:
                return None
        finally:
            solver.delete()
            trials.close()
    return None


def _give_way(rng: random.Random, white: np.ndarray, differ: list[tuple[int, int]]) -> bool:
    """Blacken a random cell where two fills differ (:func:`_blacken`), while at least
    :data:`WHITE_SHARE` of the inside stays white; whether one was."""
    inside = (white.shape[0] - 1) * (white.shape[1] - 1)
    rng.shuffle(differ)
    for cell in differ:
        trial = white.copy()
        if _blacken(trial, cell) and int(trial.sum()) >= WHITE_SHARE * inside:
            white[:] = trial
            return True
    return False


def random_layout(rng: random.Random, width: int, height: int) -> np.ndarray | None:
    """The white cells of a random layout (module docstring), ``None`` when it fails."""
    white = np.zeros((height, width), dtype=bool)
    white[1:, 1:] = True
    inside = [(r, c) for r in range(1, height) for c in range(1, width)]
    for _ in range(len(inside)):
        long = _long_run_cells(white)
        if not long:
            break
        rng.shuffle(long)
        if not any(_blacken(white, cell) for cell in long):
            return None
    rng.shuffle(inside)
    blacks = int((~white[1:, 1:]).sum())
    for cell in inside:
        if blacks >= round(BLACK_SHARE * len(inside)):
            break
        blacks += _blacken(white, cell)
    return white if 2 * int(white.sum()) >= len(inside) else None


def _blacken(white: np.ndarray, cell: tuple[int, int]) -> bool:
    """Turn ``cell`` black, and every white cell then alone in its row or column too, when
    that is at most :data:`CASCADE` cells and the white cells stay connected; whether it
    was done."""
    trial = white.copy()
    todo, turned = [cell], 0
    while todo:
        r, c = todo.pop()
        if not trial[r, c]:
            continue
        trial[r, c] = False
        turned += 1
        if turned > CASCADE:
            return False
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < trial.shape[0] and 0 <= nc < trial.shape[1] and trial[nr, nc] \
                    and _alone(trial, nr, nc):
                todo.append((nr, nc))
    if not _connected(trial):
        return False
    white[:] = trial
    return True


def _alone(white: np.ndarray, r: int, c: int) -> bool:
    """Whether white cell ``(r, c)`` is a run of one across or down."""
    height, width = white.shape
    across = (c > 0 and white[r, c - 1]) or (c + 1 < width and white[r, c + 1])
    down = (r > 0 and white[r - 1, c]) or (r + 1 < height and white[r + 1, c])
    return not (across and down)


def _long_run_cells(white: np.ndarray) -> list[tuple[int, int]]:
    """The cells of runs longer than :data:`LONGEST_RUN` (the model's own runs)."""
    zeros = np.zeros(white.shape, dtype=np.int32)
    return [(cell[0], cell[1]) for run in KakuroPuzzle(white, zeros, zeros).runs()
            if len(run.cells) > LONGEST_RUN for cell in run.cells]


def _connected(white: np.ndarray) -> bool:
    cells = list(zip(*np.nonzero(white), strict=True))
    if not cells:
        return False
    height, width = white.shape
    first = (int(cells[0][0]), int(cells[0][1]))
    seen, todo = {first}, deque([first])
    while todo:
        r, c = todo.popleft()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= n[0] < height and 0 <= n[1] < width and white[n] and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)
