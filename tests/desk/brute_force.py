"""Every solution of a tiny puzzle by enumeration and the genre's rule checker: the oracle the
desk's count, backbone, clue tools and hints are tested against. Small random puzzles of each
genre come from here too."""

from __future__ import annotations

import copy
import functools
import itertools
import pickle
import random
from typing import Any

import numpy as np
from cell_masks import side_connected
from slitherlink_support import all_loops, clues_of

from pencilsat.puzzles import (
    hashi,
    heyawake,
    hitori,
    lightup,
    masyu,
    nurikabe,
    slitherlink,
    sudoku,
    yajilin,
)
from pencilsat.puzzles.regions import canonical_regions


def masyu_solutions(puzzle: masyu.MasyuPuzzle) -> list[masyu.MasyuSolution]:
    """Every simple cycle of the grid graph that passes the checker (asked only of the cycles
    through every pearl, straight through each white one and turning on each black one, as
    any answer is)."""
    pearls = set(puzzle.pearl_cells())
    white = {cell for cell in pearls if puzzle.pearls[cell] == masyu.WHITE}
    out = []
    for cycle, cells in _cycles(puzzle.width, puzzle.height):
        if pearls <= cells and all((cell in white) == _straight(cycle, cell) for cell in pearls):
            answer = masyu.MasyuSolution(cycle, puzzle.width, puzzle.height)
            if not masyu.check(puzzle, answer):
                out.append(answer)
    return out


def _straight(cycle: frozenset, cell: tuple[int, int]) -> bool:
    """Whether ``cycle`` goes straight through ``cell`` (across or down)."""
    r, c = cell
    return ((((r, c - 1), cell) in cycle and (cell, (r, c + 1)) in cycle)
            or (((r - 1, c), cell) in cycle and (cell, (r + 1, c)) in cycle))


@functools.cache
def _cycles(width: int, height: int) -> list[tuple[frozenset, frozenset]]:
    """Every simple cycle of a ``width x height`` grid graph, with the cells it visits."""
    cycles = set()

    def extend(path: list[tuple[int, int]], on: set[tuple[int, int]]) -> None:
        r, c = path[-1]
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if not (0 <= n[0] < height and 0 <= n[1] < width):
                continue
            if n == path[0] and len(path) >= 4:
                ring = zip(path, path[1:] + path[:1], strict=True)
                cycles.add(frozenset(masyu.edge(a, b) for a, b in ring))
            elif n > path[0] and n not in on:
                path.append(n)
                on.add(n)
                extend(path, on)
                on.discard(n)
                path.pop()

    for start in itertools.product(range(height), range(width)):
        extend([start], {start})
    return [(c, frozenset(cell for e in c for cell in e)) for c in cycles]


def lightup_solutions(puzzle: lightup.LightUpPuzzle) -> list[lightup.LightUpSolution]:
    """Every set of bulbs no two of which see each other that passes the checker (asked only
    of the sets that light every white cell, as any answer does: the checker's naming of what
    is wrong costs most of the time)."""
    whites = puzzle.white_cells()
    out = []

    def extend(k: int, bulbs: list[tuple[int, int]], lit: set[tuple[int, int]]) -> None:
        if k == len(whites):
            if len(lit) < len(whites):
                return
            answer = lightup.LightUpSolution.from_bulbs(bulbs, puzzle.width, puzzle.height)
            if not lightup.check(puzzle, answer):
                out.append(answer)
            return
        cell = whites[k]
        extend(k + 1, bulbs, lit)
        if cell not in lit:
            seen = set(puzzle.sees(cell))
            extend(k + 1, bulbs + [cell], lit | seen | {cell})

    extend(0, [], set())
    return out


def sudoku_solutions(puzzle: sudoku.SudokuPuzzle) -> list[sudoku.SudokuSolution]:
    """Every filled 4x4 grid that keeps the clues (4x4 only: 288 grids)."""
    assert puzzle.size == 4
    out = []
    for grid in _all_4x4_grids():
        answer = sudoku.SudokuSolution(grid)
        if not sudoku.check(puzzle, answer):
            out.append(answer)
    return out


_GRIDS: list[np.ndarray] = []


def _all_4x4_grids() -> list[np.ndarray]:
    """The 288 filled 4x4 grids, row by row (rows that clash are dropped early)."""
    if not _GRIDS:
        rows = list(itertools.permutations(range(1, 5)))

        def fits(grid: list[tuple[int, ...]], row: tuple[int, ...]) -> bool:
            r = len(grid)
            if any(row[c] == g[c] for g in grid for c in range(4)):
                return False
            if r % 2 == 1:
                above = grid[-1]
                return {above[0], above[1], row[0], row[1]} == {1, 2, 3, 4}
            return True

        def extend(grid: list[tuple[int, ...]]) -> None:
            if len(grid) == 4:
                _GRIDS.append(np.array(grid))
                return
            for row in rows:
                if fits(grid, row):
                    extend(grid + [row])

        extend([])
    return _GRIDS


def nurikabe_solutions(puzzle: nurikabe.NurikabePuzzle) -> list[nurikabe.NurikabeSolution]:
    """Every shading of the grid that passes the checker: among the shadings whose wall is
    connected and has no 2x2 block (listed once per size), those whose islands fit the
    numbers."""
    out = []
    numbered = puzzle.numbers != nurikabe.EMPTY
    for shaded, islands in nurikabe_walls(puzzle.width, puzzle.height):
        if not (shaded & numbered).any() and all(
                _island_fits(puzzle.numbers, island) for island in islands):
            answer = nurikabe.NurikabeSolution(shaded)
            assert not nurikabe.check(puzzle, answer)
            out.append(answer)
    return out


def _island_fits(numbers: np.ndarray, island: list[tuple[int, int]]) -> bool:
    given = [int(numbers[cell]) for cell in island if numbers[cell] != nurikabe.EMPTY]
    return len(given) == 1 and given[0] in (nurikabe.UNKNOWN, len(island))


@functools.cache
def nurikabe_walls(width: int, height: int) -> list[tuple[np.ndarray, list]]:
    """Every shading of a small grid with a connected wall and no shaded 2x2, and its
    islands."""
    out = []
    for mask in range(2 ** (width * height)):
        if not side_connected(mask, mask & -mask, width, height) or _has_square(mask, width,
                                                                                height):
            continue  # the checks below would refuse it: skip their slower numpy run
        shaded = np.array([bool(mask >> k & 1) for k in range(width * height)]).reshape(
            height, width)
        square = shaded[:-1, :-1] & shaded[1:, :-1] & shaded[:-1, 1:] & shaded[1:, 1:]
        if not square.any() and len(nurikabe.regions(shaded)) <= 1:
            out.append((shaded, nurikabe.regions(~shaded)))
    return out


def _has_square(mask: int, width: int, height: int) -> bool:
    """Whether the cells of ``mask`` fill some 2x2 block."""
    return any(mask >> (r * width + c) & 1 and mask >> (r * width + c + 1) & 1
               and mask >> ((r + 1) * width + c) & 1 and mask >> ((r + 1) * width + c + 1) & 1
               for r in range(height - 1) for c in range(width - 1))


def slitherlink_solutions(puzzle: slitherlink.SlitherlinkPuzzle
                          ) -> list[slitherlink.SlitherlinkSolution]:
    """Every single loop of the grid (all listed once per size) whose numbers agree."""
    given = puzzle.clues != slitherlink.NO_CLUE
    out = []
    for loop, numbers in _loops_with_numbers(puzzle.width, puzzle.height):
        if np.array_equal(numbers[given], puzzle.clues[given]):
            assert not slitherlink.check(puzzle, loop)
            out.append(loop)
    return out


@functools.cache
def _loops_with_numbers(width: int, height: int) -> list[tuple[Any, np.ndarray]]:
    return [(loop, clues_of(loop)) for loop in all_loops(width, height)]


def heyawake_solutions(puzzle: heyawake.HeyawakePuzzle) -> list[heyawake.HeyawakeSolution]:
    """Every shading without touching shaded cells that the checker accepts."""
    out = []
    counted = [([r * puzzle.width + c for r, c in puzzle.room_cells()[room]], number)
               for room, clue in enumerate(puzzle.room_clues()) if clue is not None
               for number in [clue[1]]]
    for bits in itertools.product([False, True], repeat=puzzle.width * puzzle.height):
        if any(sum(bits[i] for i in cells) != number for cells, number in counted):
            continue  # a room's count is wrong: the checker would say so, more slowly
        shaded = np.array(bits).reshape(puzzle.height, puzzle.width)
        if (shaded[:, 1:] & shaded[:, :-1]).any() or (shaded[1:] & shaded[:-1]).any():
            continue
        answer = heyawake.HeyawakeSolution(shaded)
        if not heyawake.check(puzzle, answer):
            out.append(answer)
    return out


def hashi_solutions(puzzle: hashi.HashiPuzzle) -> list[hashi.HashiSolution]:
    """Every choice of 0, 1 or 2 bridges on each pair of islands that see each other, without
    two bridges on one water cell, that the checker accepts."""
    pairs = _sightlines(puzzle)
    out = []
    for counts in itertools.product(range(3), repeat=len(pairs)):
        bridges = np.zeros(puzzle.numbers.shape, dtype=int)
        clash = False
        for (cells, vertical), n in zip(pairs, counts, strict=True):
            if not n:
                continue
            code = (hashi.V1 if n == 1 else hashi.V2) if vertical else (
                hashi.H1 if n == 1 else hashi.H2)
            for cell in cells:
                clash = clash or bool(bridges[cell])
                bridges[cell] = code
        if clash:
            continue
        answer = hashi.HashiSolution(bridges, puzzle.numbers)
        if not hashi.check(puzzle, answer):
            out.append(answer)
    return out


def _sightlines(puzzle: hashi.HashiPuzzle) -> list[tuple[list[tuple[int, int]], bool]]:
    """The water cells between each pair of islands that see each other along a row or a
    column, and whether the pair is vertical."""
    land = puzzle.numbers != hashi.WATER
    out = []
    for r, c in zip(*np.nonzero(land), strict=True):
        for dr, dc in ((0, 1), (1, 0)):
            cells, (rr, cc) = [], (int(r) + dr, int(c) + dc)
            while 0 <= rr < puzzle.height and 0 <= cc < puzzle.width and not land[rr, cc]:
                cells.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if cells and 0 <= rr < puzzle.height and 0 <= cc < puzzle.width:
                out.append((cells, dr == 1))
    return out


def yajilin_solutions(puzzle: yajilin.YajilinPuzzle) -> list[yajilin.YajilinSolution]:
    """Every loop of the grid (and no loop at all) with every other open cell shaded, that
    the checker accepts."""
    w, h = puzzle.width, puzzle.height
    open_cells = {cell for cell in itertools.product(range(h), range(w))
                  if puzzle.is_open(cell)}
    out = []
    for cycle, cells in [(frozenset(), frozenset()), *_cycles(w, h)]:
        if not cells <= open_cells:
            continue
        answer = yajilin.YajilinSolution.of(cycle, open_cells - cells, w, h)
        if not yajilin.check(puzzle, answer):
            out.append(answer)
    return out


def hitori_solutions(puzzle: hitori.HitoriPuzzle) -> list[hitori.HitoriSolution]:
    """Every shading with no two shaded cells side by side (grown cell by cell, row-major)
    that the checker accepts."""
    height, width = puzzle.height, puzzle.width
    out = []

    def extend(index: int, shaded: np.ndarray) -> None:
        if index == width * height:
            if _lines_repeat(numbers, shaded) or _unshaded_split(shaded.tolist()):
                return  # the checker would refuse it: skip its slower full run
            answer = hitori.HitoriSolution(shaded.copy())
            if not hitori.check(puzzle, answer):
                out.append(answer)
            return
        r, c = divmod(index, width)
        extend(index + 1, shaded)
        if not (r and shaded[r - 1, c]) and not (c and shaded[r, c - 1]):
            shaded[r, c] = True
            extend(index + 1, shaded)
            shaded[r, c] = False

    numbers = puzzle.numbers.tolist()
    extend(0, np.zeros((height, width), dtype=bool))
    return out


def _unshaded_split(shaded: list[list[bool]]) -> bool:
    """Whether the unshaded cells fall apart into several 4-connected groups: the other quick
    pre-filter (most shadings of a tiny grid cut it), which the rule checker says too."""
    open_cells = {(r, c) for r, row in enumerate(shaded) for c, s in enumerate(row) if not s}
    if not open_cells:
        return False
    seen = {next(iter(open_cells))}
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in open_cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) < len(open_cells)


def _lines_repeat(numbers: list[list[int]], shaded: np.ndarray) -> bool:
    """Whether a number repeats among the unshaded cells of a row or a column (blank cells,
    0, never repeat): a quick pre-filter in front of the rule checker, which says so too."""
    rows = [[n for n, s in zip(row, line, strict=True) if n > 0 and not s]
            for row, line in zip(numbers, shaded.tolist(), strict=True)]
    cols = [[n for n, s in zip(col, line, strict=True) if n > 0 and not s]
            for col, line in zip(zip(*numbers, strict=True), shaded.T.tolist(), strict=True)]
    return any(len(set(line)) < len(line) for line in rows + cols)


SOLVERS = {"masyu": masyu_solutions, "lightup": lightup_solutions, "sudoku": sudoku_solutions,
           "slitherlink": slitherlink_solutions, "nurikabe": nurikabe_solutions,
           "heyawake": heyawake_solutions, "hashi": hashi_solutions,
           "yajilin": yajilin_solutions, "hitori": hitori_solutions}


def all_solutions(puzzle) -> list:
    """Every solution of ``puzzle``, enumerated once per test process: the enumeration of a
    puzzle with the same content (its pickle) is kept and a new list of it returned, since
    the desk's tests ask again for the same random puzzles' answers (each strategy, method
    and backend)."""
    key = (type(puzzle).__name__, pickle.dumps(puzzle))
    if key not in _SOLUTIONS:
        _SOLUTIONS[key] = _for_genre(SOLVERS, puzzle.genre)(puzzle)
    return list(_SOLUTIONS[key])


_SOLUTIONS: dict[tuple[str, bytes], list] = {}


def _for_genre(table: dict, genre: str) -> Any:
    """The genre's entry of ``SOLVERS`` or ``MAKERS``, else its oracle module
    ``tests/oracles/<genre>.py`` (``solutions(puzzle)``, ``random_puzzle(rng)``): where a
    genre added later keeps its own. Every genre of the registry needs one (the desk's tests
    cover every genre), and a missing one fails saying what to add."""
    if genre in table:
        return table[genre]
    import importlib

    try:
        oracle = importlib.import_module(f"oracles.{genre}")
    except ModuleNotFoundError:
        raise AssertionError(f"no brute-force oracle for {genre!r}: add tests/oracles/"
                             f"{genre}.py with solutions(puzzle) (every answer of a tiny "
                             "puzzle, by enumeration and the rule checker) and "
                             "random_puzzle(rng) (a small puzzle made around a random "
                             "answer)") from None
    return oracle.solutions if table is SOLVERS else oracle.random_puzzle


def random_puzzles(genre: str, count: int, seed: int) -> list:
    """``count`` small random puzzles of ``genre``, each made around a random answer so it
    has one at least (many have several)."""
    made, rng = _MADE.setdefault((genre, seed), ([], random.Random(seed)))
    make = _for_genre(MAKERS, genre)
    while len(made) < count:
        made.append(make(rng))
    return copy.deepcopy(made[:count])


_MADE: dict[tuple[str, int], tuple[list, random.Random]] = {}
"""Per genre and seed, the puzzles made so far and the generator that goes on from them (the
first ``count`` are the same puzzles whatever ``count`` was asked before); callers get
copies."""


def _random_masyu(rng: random.Random) -> masyu.MasyuPuzzle:
    w, h = rng.choice([(4, 4), (5, 4), (4, 5)])
    cycle, cells = rng.choice(_cycles(w, h))
    loop = masyu.MasyuSolution(cycle, w, h)
    pearls = np.zeros((h, w), dtype=int)
    for cell in rng.sample(sorted(cells), min(len(cells), rng.randint(2, 8))):
        for kind in rng.sample([masyu.WHITE, masyu.BLACK], 2):
            pearls[cell] = kind
            if not masyu.check(masyu.MasyuPuzzle(pearls), loop):
                break
            pearls[cell] = 0
    if not pearls.any():
        return _random_masyu(rng)
    return masyu.MasyuPuzzle(pearls)


def _random_lightup(rng: random.Random) -> lightup.LightUpPuzzle:
    w, h = rng.choice([(4, 4), (5, 4), (4, 5)])
    cells = np.array([[lightup.WALL if rng.random() < 0.22 else lightup.WHITE
                       for _ in range(w)] for _ in range(h)])
    plain = lightup.LightUpPuzzle(cells)
    whites = plain.white_cells()
    rng.shuffle(whites)
    bulbs: set[tuple[int, int]] = set()
    lit: set[tuple[int, int]] = set()
    for cell in whites:
        if cell not in lit:
            bulbs.add(cell)
            lit |= set(plain.sees(cell)) | {cell}
    for r, c in zip(*np.nonzero(cells == lightup.WALL), strict=True):
        if rng.random() < 0.6:
            cells[r, c] = sum(n in bulbs for n in plain.neighbours((int(r), int(c))))
    return lightup.LightUpPuzzle(cells)


def _random_sudoku(rng: random.Random) -> sudoku.SudokuPuzzle:
    grid = rng.choice(_all_4x4_grids())
    keep = np.array([rng.random() < 0.35 for _ in range(16)]).reshape(4, 4)
    return sudoku.SudokuPuzzle(np.where(keep, grid, 0))


def _random_slitherlink(rng: random.Random) -> slitherlink.SlitherlinkPuzzle:
    w, h = rng.choice([(3, 3), (4, 3), (3, 4)])
    clues = clues_of(rng.choice(all_loops(w, h)))
    keep = np.array([rng.random() < 0.45 for _ in range(clues.size)]).reshape(clues.shape)
    clues = np.where(keep & (clues <= slitherlink.LARGEST_CLUE), clues, slitherlink.NO_CLUE)
    return slitherlink.SlitherlinkPuzzle(clues)


def _random_nurikabe(rng: random.Random) -> nurikabe.NurikabePuzzle:
    """The islands of a random valid shading, each with one number (its size, now and then
    ``?``) on a random cell of it."""
    w, h = rng.choice([(3, 3), (4, 3), (3, 4)])
    while True:
        shaded = np.array([[rng.random() < 0.55 for _ in range(w)] for _ in range(h)])
        square = shaded[:-1, :-1] & shaded[1:, :-1] & shaded[:-1, 1:] & shaded[1:, 1:]
        islands = nurikabe.regions(~shaded)
        if islands and not square.any() and len(nurikabe.regions(shaded)) <= 1:
            break
    numbers = np.zeros((h, w), dtype=int)
    for island in islands:
        cell = rng.choice(island)
        numbers[cell] = nurikabe.UNKNOWN if rng.random() < 0.15 else len(island)
    return nurikabe.NurikabePuzzle(numbers)


def _random_heyawake(rng: random.Random) -> heyawake.HeyawakePuzzle:
    """Random rooms on a 3x4 or 4x3 grid around a random valid shading; each room's count
    given now and then."""
    w, h = rng.choice([(4, 3), (3, 4)])
    while True:
        labels = np.array([[rng.randint(1, 3) for _ in range(w)] for _ in range(h)])
        shaded = np.array([[rng.random() < 0.3 for _ in range(w)] for _ in range(h)])
        if (shaded[:, 1:] & shaded[:, :-1]).any() or (shaded[1:] & shaded[:-1]).any():
            continue  # touching shaded cells: the checker would refuse the shading, slowly
        rooms = canonical_regions(labels)
        counts = np.full(rooms.shape, heyawake.NO_CLUE)
        for cells in heyawake.HeyawakePuzzle(rooms, counts).room_cells():
            counts[cells[0]] = sum(bool(shaded[cell]) for cell in cells)
        full = heyawake.HeyawakePuzzle(rooms, counts)
        if not heyawake.check(full, heyawake.HeyawakeSolution(shaded)):
            break
    keep = np.array([[rng.random() < 0.6 for _ in range(w)] for _ in range(h)])
    return heyawake.HeyawakePuzzle(rooms, np.where(keep, counts, heyawake.NO_CLUE))


def _random_hashi(rng: random.Random) -> hashi.HashiPuzzle:
    """Random islands (none side by side) on a 4x4 or 5x4 grid, random bridges between them
    without crossings until they are one group; the numbers are the bridges' totals, now and
    then ``?``."""
    w, h = rng.choice([(4, 4), (5, 4), (4, 5)])
    while True:
        numbers = np.zeros((h, w), dtype=int)
        for cell in rng.sample(list(itertools.product(range(h), range(w))), rng.randint(3, 6)):
            r, c = cell
            near = numbers[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2]
            if not near.any():
                numbers[cell] = hashi.UNKNOWN
        plain = hashi.HashiPuzzle(numbers)
        if len(plain.islands()) < 2:
            continue
        pairs = _sightlines(plain)
        rng.shuffle(pairs)
        bridges = np.zeros((h, w), dtype=int)
        for cells, vertical in pairs:
            if rng.random() < 0.7 and not any(bridges[cell] for cell in cells):
                n = rng.choice([1, 2])
                code = (hashi.V1 if n == 1 else hashi.V2) if vertical else (
                    hashi.H1 if n == 1 else hashi.H2)
                for cell in cells:
                    bridges[cell] = code
        answer = hashi.HashiSolution(bridges, numbers)
        totals = hashi.bridge_totals(plain, answer)
        if len(hashi.island_groups(plain, answer)) == 1 and all(totals.values()):
            break
    for cell, total in totals.items():
        numbers[cell] = hashi.UNKNOWN if rng.random() < 0.4 else total
    return hashi.HashiPuzzle(numbers)


def _random_yajilin(rng: random.Random) -> yajilin.YajilinPuzzle:
    """A random loop on a 4x4 (or 4x3, 3x4) grid; the cells off it are shaded (none side by
    side), given black, or arrow clues that count the shaded cells they look at."""
    w, h = rng.choice([(4, 4), (4, 3), (3, 4)])
    while True:
        cycle, cells = rng.choice(_cycles(w, h))
        off = [cell for cell in itertools.product(range(h), range(w)) if cell not in cells]
        shaded: set[tuple[int, int]] = set()
        for cell in off:
            r, c = cell
            if rng.random() < 0.5 and not {(r - 1, c), (r + 1, c), (r, c - 1),
                                           (r, c + 1)} & shaded:
                shaded.add(cell)
        rest = [cell for cell in off if cell not in shaded]
        if rest:
            break
    numbers = np.full((h, w), yajilin.EMPTY)
    arrows = np.zeros((h, w), dtype=int)
    base = yajilin.YajilinPuzzle(numbers, arrows)
    for cell in rest:
        if rng.random() < 0.2:
            numbers[cell] = yajilin.BLOCK
            continue
        direction = rng.choice([yajilin.UP, yajilin.DOWN, yajilin.LEFT, yajilin.RIGHT])
        numbers[cell] = sum(seen in shaded for seen in base.looking_at(cell, direction))
        arrows[cell] = direction
    return yajilin.YajilinPuzzle(numbers, arrows)


def _random_hitori(rng: random.Random) -> hitori.HitoriPuzzle:
    """Numbers around a random valid shading of a 3x3, 4x3 or 3x4 grid: the unshaded cells
    never repeat in a line, each shaded cell repeats an unshaded number of its row or
    column; a cell is left blank now and then, more often in the puzzles not drawn to be
    unique (pzprjs allows it; the clue tools add numbers there). Such tiny grids are rarely
    unique, so every other puzzle is drawn again until it is (20 tries at most)."""
    w, h = rng.choice([(3, 3), (4, 3), (3, 4)])
    want_unique = rng.random() < 0.5
    for _ in range(20):
        puzzle = _hitori_around_a_shading(rng, w, h, 0.9 if want_unique else 0.6)
        if not want_unique or len(all_solutions(puzzle)) == 1:
            break
    return puzzle


def _hitori_around_a_shading(rng: random.Random, w: int, h: int,
                             kept: float) -> hitori.HitoriPuzzle:
    blank = hitori.HitoriPuzzle(np.zeros((h, w), dtype=int))
    while True:
        shaded = np.array([[rng.random() < 0.3 for _ in range(w)] for _ in range(h)])
        if not hitori.check(blank, hitori.HitoriSolution(shaded)):
            break
    numbers = np.zeros((h, w), dtype=int)
    for r, c in itertools.product(range(h), range(w)):
        if not shaded[r, c]:
            used = {*numbers[r], *numbers[:, c]}
            free = [n for n in range(1, w + h) if n not in used]
            numbers[r, c] = rng.choice([n for n in free if n <= max(w, h)] or free)
    for r, c in zip(*np.nonzero(shaded), strict=True):
        line = [int(v) for v in (*numbers[r], *numbers[:, c]) if v]
        numbers[r, c] = rng.choice(line) if line else 1
    keep = np.array([[rng.random() < kept for _ in range(w)] for _ in range(h)])
    return hitori.HitoriPuzzle(np.where(keep, numbers, hitori.EMPTY))


MAKERS = {"masyu": _random_masyu, "lightup": _random_lightup, "sudoku": _random_sudoku,
          "slitherlink": _random_slitherlink, "nurikabe": _random_nurikabe,
          "heyawake": _random_heyawake, "hashi": _random_hashi, "yajilin": _random_yajilin,
          "hitori": _random_hitori}
