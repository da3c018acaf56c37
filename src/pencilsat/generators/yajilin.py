"""Yajilin's open puzzle and answer for the clue maker: a random loop, shading and black
cells off it, an arrow on every black cell.

The loop is Masyu's random loop through cell centres
(:func:`~pencilsat.generators.masyu.random_loop`, grown fatter, :data:`LOOP_FATTEN`). The
cells off it, in random order, are shaded when no shaded cell touches them and a draw under
:data:`SHADE_SHARE` says so; the others are black cells, each with an arrow the way that
sees the most open cells. Published Yajilin give every black cell its arrow, so the genre is
``all_given``; the draw mends its answer while the arrows leave a second one (at most
:data:`MENDS_PER_CELL` mends a cell): a cell we shade and the other answer does not turns
black (its loop or shading loses it), else an arrow turns to a way whose count tells the two
apart, else our loop moves by one face where the two loops differ (Masyu's ``reroute``) and
the cells off it are filled again. 10x10 seeds 0-19, 40 mends: 13 draws of 20 end unique
(without the mends, 1 of 100 candidates).
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.rules import Clue
from pencilsat.core.values import Cell
from pencilsat.generators.masyu import random_loop, reroute
from pencilsat.generators.size_limits import smallest_side
from pencilsat.puzzles.masyu import MasyuSolution
from pencilsat.puzzles.yajilin import (
    ARROW_CHAR,
    BLOCK,
    DOWN,
    EMPTY,
    LEFT,
    NO_ARROW,
    RIGHT,
    UP,
    YajilinPuzzle,
    YajilinSolution,
    with_arrow,
)

LOOP_FATTEN = 0.5
"""Masyu's loop grows thin (0.08: 6% of a 10x10 off it); at 0.5 a 10x10 leaves 10-38% of
its cells off the loop, 23% on average."""
SHADE_SHARE = 0.6
"""The chance that an off-loop cell no shaded cell touches is shaded (else a black cell)."""
MENDS_PER_CELL = 1.0
"""Mends (one per second answer met) per cell before a draw is handed on. At 15x15, seeds
1-5, CPU per puzzle: 40 mends 0.3-34 s (most draws spent them all and were thrown away),
100 0.4-13 s, 250 0.3-2.8 s."""
SMALLEST_SIDE = 3
_WAYS = (UP, DOWN, LEFT, RIGHT)


refuse_size = smallest_side(SMALLEST_SIDE)
"""Why a size is not drawn (``None``: it is)."""


def drawn(rng: random.Random, width: int, height: int) -> tuple[YajilinPuzzle,
                                                               YajilinSolution] | None:
    """A random loop, shading and black cells, each black cell's arrow direction
    (module docstring), mended while every arrow leaves a second answer; ``None``: no
    black cell."""
    loop = random_loop(width, height, rng, fatten=LOOP_FATTEN)
    shaded: set[Cell] = set()
    grid = _Blocks(width, height)
    _fill_off_loop(loop, shaded, grid, rng)
    for _ in range(max(40, round(MENDS_PER_CELL * width * height))):
        if not grid.directions:
            return None
        answer = YajilinSolution.of(loop.edges, shaded, width, height)
        other = _other_answer(grid.puzzle(), answer)
        if other is None:
            break
        blocked = sorted(cell for cell in shaded if cell not in other.shaded)
        turns = sorted(grid.turns_to_tell(answer, other))
        if blocked:  # a black cell there: the other answer's loop or shading loses it
            cell = rng.choice(blocked)
            shaded.discard(cell)
            grid.block(cell, rng)
        elif turns:
            cell, direction = rng.choice(turns)
            grid.directions[cell] = direction
        else:  # the same shading, another loop: move ours by a face where they differ
            moved = reroute(loop, MasyuSolution(other.edges, width, height), rng)
            if moved is None:
                break
            loop = moved
            _fill_off_loop(loop, shaded, grid, rng)
    if not grid.directions:
        return None
    return grid.puzzle(), YajilinSolution.of(loop.edges, shaded, width, height)


def _fill_off_loop(loop: MasyuSolution, shaded: set[Cell], grid: _Blocks,
                   rng: random.Random) -> None:
    """Cells the loop now passes lose their shading or black; the cells off it without
    either get one: shaded when no shaded cell touches it and a draw under
    :data:`SHADE_SHARE` says so, else black."""
    on_loop = {cell for pair in loop.edges for cell in pair}
    shaded -= on_loop
    for cell in on_loop & set(grid.directions):
        grid.unblock(cell)
    off = [(r, c) for r in range(loop.height) for c in range(loop.width)
           if (r, c) not in on_loop and (r, c) not in shaded and (r, c) not in grid.directions]
    rng.shuffle(off)
    for r, c in off:
        touching = any(n in shaded for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        if not touching and rng.random() < SHADE_SHARE:
            shaded.add((r, c))
        else:
            grid.block((r, c), rng)


class _Blocks:
    """The black cells drawn and each one's arrow direction."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.open = np.full((height, width), EMPTY, dtype=np.int32)
        self.directions: dict[Cell, int] = {}

    def puzzle(self) -> YajilinPuzzle:
        """The open puzzle: black cells with their directions, no count (``?``)."""
        numbers = np.array(self.open)
        arrows = np.full((self.height, self.width), NO_ARROW, dtype=np.int8)
        for cell, direction in self.directions.items():
            numbers[cell] = BLOCK
            arrows[cell] = direction
        return YajilinPuzzle(numbers, arrows)

    def block(self, cell: Cell, rng: random.Random) -> None:
        """``cell`` black, its arrow the way that sees the most cells (ties at random)."""
        self.open[cell] = BLOCK
        grid = YajilinPuzzle(self.open, np.zeros_like(self.open, dtype=np.int8))
        seen = {d: sum(grid.is_open(other) for other in grid.looking_at(cell, d))
                for d in _WAYS}
        most = max(seen.values())
        self.directions[cell] = rng.choice([d for d in _WAYS if seen[d] == most])

    def unblock(self, cell: Cell) -> None:
        self.open[cell] = EMPTY
        del self.directions[cell]

    def turns_to_tell(self, answer: YajilinSolution,
                      other: YajilinSolution) -> list[tuple[Cell, int]]:
        """Black cells and directions whose count differs between the two answers."""
        ours, theirs = _shading(answer), _shading(other)
        return [(cell, d) for cell in self.directions for d in _WAYS if d != self.directions[cell]
                and _count(ours, cell, d) != _count(theirs, cell, d)]


def _shading(answer: YajilinSolution) -> np.ndarray:
    """The answer's shaded cells as a boolean grid."""
    grid = np.zeros((answer.height, answer.width), dtype=bool)
    for cell in answer.shaded:
        grid[cell] = True
    return grid


def _count(shaded: np.ndarray, cell: Cell, direction: int) -> int:
    """The shaded cells from ``cell`` (exclusive) to the edge in ``direction``."""
    r, c = cell
    line = {UP: shaded[:r, c], DOWN: shaded[r + 1:, c], LEFT: shaded[r, :c],
            RIGHT: shaded[r, c + 1:]}[direction]
    return int(line.sum())


def _other_answer(puzzle: YajilinPuzzle, answer: YajilinSolution) -> YajilinSolution | None:
    """An answer other than ``answer`` to the puzzle with every arrow, ``None``: none (by
    the default strategy without the front's rule check of its answers: a mend only steers
    the draw, and the puzzle kept is proved by the trials through the front)."""
    from pencilsat.core.result import Verdict
    from pencilsat.strategies.yajilin import run_lazy

    full = puzzle
    for clue in given_arrows(puzzle, answer):
        full = with_arrow(full, clue)
    result = run_lazy(full)
    if result.verdict == Verdict.UNKNOWN:  # the generation's time limit, past: stop
        check_clock(None, "generation")
    if result.verdict != Verdict.MULTIPLE:
        return None
    other: YajilinSolution = (result.second_solution if result.solution == answer
                              else result.solution)
    return other


def given_arrows(open_grid: YajilinPuzzle, solution: YajilinSolution,
                 rng: random.Random | None = None) -> list[Clue]:
    """Each black cell's arrow, row-major: its drawn direction, the answer's count."""
    out = []
    shaded = _shading(solution)
    for r, c in zip(*np.nonzero(open_grid.numbers == BLOCK), strict=True):
        cell = (int(r), int(c))
        direction = int(open_grid.arrows[cell])
        count = _count(shaded, cell, direction)
        out.append(Clue(cell, f"{count}{ARROW_CHAR[direction]}", 10 * count + direction))
    return out


def open_puzzle(rng: random.Random, width: int, height: int) -> YajilinPuzzle | None:
    """The open puzzle of :func:`drawn` alone."""
    made = drawn(rng, width, height)
    return None if made is None else made[0]
