"""Nonogram's line solver: every line's complete deductions, iterated to a fixed point, on
integers as bit masks (bit ``i`` of a line is its ``i``-th cell).

A line deduction is complete: a cell is fixed only when every placement of the line's runs
that fits its known cells agrees on it, and every cell some placement shades (or leaves
empty) stays open. It is what unit propagation on the run automata of
:mod:`pencilsat.encodings.nonogram` derives, so a grid it settles is one the clauses settle
without a decision; it is sound, so a settled grid is the only possible answer (proved
without a solver, :mod:`pencilsat.strategies.settled`), and a line no placement fits proves
there is none. 644 of the 719 janko Nonograms and all 40 of Tatham's settle so; writing and
loading their clauses cost ten times what the line solver does (the branching of
:mod:`~pencilsat.encodings.nonogram_branching` takes most of the others).

One line is two passes of a bit-parallel dynamic programme, one per direction (the second on
the reversed line): for each run, the starts that some placement of the runs before it (or
after it) reaches, and for each gap, the cells it may cover. A run's starts both passes
allow are those of some whole placement; the cells those starts cover may be shaded, the
cells some gap covers may be empty. The passes cost a few integer operations per run, so a
line costs about the same however long it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pencilsat.core.clock import check_clock
from pencilsat.puzzles.nonogram import NonogramPuzzle

LINES_PER_CLOCK = 256
"""Line deductions between two looks at the clock."""


def _fill_right(seeds: int, allowed: int) -> int:
    """Every cell of ``allowed`` reached from a seed (in ``allowed``) by moving up through
    cells of ``allowed`` only: the carry of one addition does the walk."""
    return (allowed & ~(allowed + seeds)) | seeds


def _cover(starts: int, length: int) -> int:
    """The cells some run of ``length`` starting at one of ``starts`` covers."""
    span = 1
    covered = starts
    while span * 2 <= length:
        covered |= covered << span
        span *= 2
    if span < length:
        covered |= covered << (length - span)
    return covered


def _reverse(mask: int, n: int) -> int:
    """``mask``'s ``n`` low bits in the opposite order."""
    return int(format(mask, f"0{n}b")[::-1], 2) if mask else 0


def _passes(runs: Sequence[int], n: int, filled: int, empty: int
            ) -> tuple[list[int], list[int]] | None:
    """One direction's pass: for each run, the starts a fitting placement of the runs before
    it reaches (the run fits there too); for each gap (before the first run, between runs,
    after the last), the cells it may cover after such a placement. ``None`` when no
    placement of the runs before some run reaches it."""
    full = (1 << n) - 1
    not_filled = (full & ~filled) | (1 << n)  # cell ``n``: empty beyond the line
    not_empty = full & ~empty
    after_open = (not_filled << 1) | 1  # the cell before a start is not shaded
    starts: list[int] = []
    gaps: list[int] = []
    gap_from = 1  # the first gap may begin at cell 0
    first = 1  # ... and the first run there
    for length in runs:  # _fill_right written out, and the window of cells the run
        # covers (halving the span): this loop is the hot one
        seeds = gap_from & not_filled
        reach = (not_filled & ~(not_filled + seeds)) | seeds
        gaps.append(reach)
        fits = not_empty
        span = 1
        while span * 2 <= length:
            fits &= fits >> span
            span *= 2
        if span < length:
            fits &= fits >> (length - span)
        here = ((reach << 1) | first) & fits & after_open & (not_filled >> length)
        if not here:
            return None
        starts.append(here)
        gap_from = here << length  # the cell after the run: empty
        first = 0
    gaps.append(_fill_right(gap_from & not_filled, not_filled))
    return starts, gaps


def _packed(masks: list[int], n: int) -> int:
    """``masks`` (their ``n`` low bits) side by side, the ``i``-th from bit ``i * n``."""
    full = (1 << n) - 1
    packed = 0
    for i, mask in enumerate(masks):
        packed |= (mask & full) << (i * n)
    return packed


def deduce_line(runs: Sequence[int], n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """The cells of a line of ``n`` cells every fitting placement of ``runs`` shades, and
    those it leaves empty (each a mask holding the known ``filled`` and ``empty``); ``None``
    when no placement fits."""
    full = (1 << n) - 1
    if not runs:
        return None if filled else (0, full)
    forward = _passes(runs, n, filled, empty)
    if forward is None:
        return None
    backward = _passes(runs[::-1], n, _reverse(filled, n), _reverse(empty, n))
    if backward is None:
        return None
    k = len(runs)
    # each pass's masks packed side by side and reversed at once: the backward pass's mask
    # of run ``k - 1 - j`` (gap ``k - j``) lands on segment ``j``, in the forward order
    after = _reverse(_packed(backward[0], n), k * n)
    behind = _reverse(_packed(backward[1], n), (k + 1) * n)
    may_shade = 0
    for j, length in enumerate(runs):
        both = forward[0][j] & (((after >> (j * n)) & full) >> (length - 1))
        if not both:
            return None
        may_shade |= _cover(both, length)
    may_empty = 0
    for j, gap in enumerate(forward[1]):
        may_empty |= gap & (behind >> (j * n))
    may_shade &= full
    may_empty &= full
    if (may_shade | may_empty) != full:
        return None
    return full & ~may_empty, full & ~may_shade


@dataclass
class LineSolve:
    """What the line solver reached: per row, the cells known shaded and known empty (bit
    ``c``: column ``c``), the same per column (bit ``r``: row ``r``); ``contradiction``: some
    line fits no placement (no answer); ``lines``: line deductions made."""

    shaded: list[int]
    empty: list[int]
    col_shaded: list[int]
    col_empty: list[int]
    width: int
    contradiction: bool = False
    lines: int = 0

    @property
    def settled(self) -> bool:
        """Every cell known, with no contradiction."""
        full = (1 << self.width) - 1
        return not self.contradiction and all(
            (s | e) == full for s, e in zip(self.shaded, self.empty, strict=True))

    def copy(self) -> LineSolve:
        return LineSolve(self.shaded[:], self.empty[:], self.col_shaded[:],
                         self.col_empty[:], self.width, self.contradiction, self.lines)


def solve_lines(puzzle: NonogramPuzzle, deadline: float | None = None) -> LineSolve:
    """Every line's deductions to a fixed point (rows, then the columns they changed, then
    the rows those changed, ...); a line whose clue is not given (``?``) deduces nothing.
    ``TimeLimitReached`` once ``deadline`` has passed."""
    width, height = len(puzzle.columns), len(puzzle.rows)
    state = LineSolve([0] * height, [0] * height, [0] * width, [0] * width, width)
    propagate(puzzle, state, range(height), range(width), deadline)
    return state


def propagate(puzzle: NonogramPuzzle, state: LineSolve, rows: Iterable[int],
              columns: Iterable[int], deadline: float | None = None) -> None:
    """``state`` taken to the fixed point of every line's deductions, from the ``rows`` and
    ``columns`` whose cells changed (rows first); ``state.contradiction`` once some line fits
    no placement. ``TimeLimitReached`` once ``deadline`` has passed."""
    width, height = len(puzzle.columns), len(puzzle.rows)
    todo_rows = {r for r in rows if puzzle.rows[r] is not None}
    todo_columns = {c for c in columns if puzzle.columns[c] is not None}
    sides = ((puzzle.rows, width, (state.shaded, state.empty), todo_rows,
              (state.col_shaded, state.col_empty), todo_columns, puzzle.columns),
             (puzzle.columns, height, (state.col_shaded, state.col_empty), todo_columns,
              (state.shaded, state.empty), todo_rows, puzzle.rows))
    while todo_rows or todo_columns:
        for clues, n, own, todo, crossing, crossed, crossing_clues in sides:
            for i in sorted(todo):
                state.lines += 1
                if state.lines % LINES_PER_CLOCK == 0:
                    check_clock(deadline)
                known = deduce_line(clues[i], n, own[0][i], own[1][i])  # type: ignore[arg-type]
                if known is None:
                    state.contradiction = True
                    return
                bit = 1 << i
                for side in (0, 1):
                    new = known[side] & ~own[side][i]
                    own[side][i] = known[side]
                    cells = crossing[side]
                    while new:
                        low = new & -new
                        j = low.bit_length() - 1
                        cells[j] |= bit
                        if crossing_clues[j] is not None:
                            crossed.add(j)
                        new ^= low
            todo.clear()
