"""Band techniques: Sato's technique 1 (3-line technique, ``SANRETUSYO`` and its batch
pre-pass ``FIRSTCLUE``) and technique 4 (modified 3-line, ``SPESANRETU``).

A band is three parallel lines sharing three blocks (digest §0). Both techniques find the one
segment of a band where a digit must go and then apply the blocked-cell test to its three
cells (paper §3, digest §3.2 and §3.4). Bands are scanned row bands top to bottom, then column
stacks left to right; digits ascending.
"""

from __future__ import annotations

from typing import NamedTuple

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.catalogue import single
from pencilsat.grading.sudoku.state import CELL_UNITS, DIGITS, SudokuState, cell_name


def _segment(band: int, line: int, block: int) -> tuple[int, ...]:
    """Cells where line ``line`` (0..2 in the band) crosses block ``block`` (0..2 in the band)."""
    k = band % 3
    if band < 3:
        return tuple((3 * k + line) * 9 + 3 * block + t for t in range(3))
    return tuple((3 * block + t) * 9 + 3 * k + line for t in range(3))


BAND_LINES = tuple(
    tuple((3 * (band % 3) + i) + (0 if band < 3 else 9) for i in range(3)) for band in range(6)
)
BAND_BLOCKS = tuple(
    tuple(18 + (3 * (band % 3) + j if band < 3 else 3 * j + band % 3) for j in range(3))
    for band in range(6)
)
SEGMENTS = tuple(
    tuple(tuple(_segment(band, i, j) for j in range(3)) for i in range(3)) for band in range(6)
)


def _band_name(band: int) -> str:
    k = band % 3
    return f"rows {3 * k + 1}-{3 * k + 3}" if band < 3 else f"columns {3 * k + 1}-{3 * k + 3}"


def _band_complete(state: SudokuState, band: int) -> bool:
    return all(state.empty[line] == 0 for line in BAND_LINES[band])


def _positions(state: SudokuState, band: int, digit: int) -> tuple[list[int], list[int]]:
    """Which lines and which blocks of the band already hold ``digit`` (indices 0..2)."""
    bit = 1 << digit
    lines = [i for i, u in enumerate(BAND_LINES[band]) if state.used[u] & bit]
    blocks = [j for j, u in enumerate(BAND_BLOCKS[band]) if state.used[u] & bit]
    return lines, blocks


def _exactly(masks: list[int], count: int) -> int:
    """Digits present in exactly ``count`` (1 or 2) of three digit masks."""
    x, y, z = masks
    if count == 1:
        return (x & ~y & ~z) | (~x & y & ~z) | (~x & ~y & z)
    return (x & y & ~z) | (x & ~y & z) | (~x & y & z)


def _band_digits(state: SudokuState, band: int, count: int) -> int:
    """Digits written in exactly ``count`` lines and ``count`` blocks of the band."""
    used = state.used
    lines = [used[u] for u in BAND_LINES[band]]
    blocks = [used[u] for u in BAND_BLOCKS[band]]
    return _exactly(lines, count) & _exactly(blocks, count)


def _segment_single(state: SudokuState, segment: tuple[int, ...], digit: int) -> int | None:
    """The blocked-cell test: if exactly 2 of the 3 cells are filled or see ``digit``, the
    third one; ``None`` otherwise, and ``None`` if the segment already holds the digit."""
    grid, used = state.grid, state.used
    free, count = None, 0
    for c in segment:
        g = grid[c]
        if g == digit:
            return None
        if g:
            continue
        r, k, b = CELL_UNITS[c]
        if not (used[r] | used[k] | used[b]) >> digit & 1:
            free, count = c, count + 1
    return free if count == 1 else None


def _three_line_at(state: SudokuState, band: int, digit: int, technique: str) -> Step | None:
    used, bit = state.used, 1 << digit
    lines, blocks = BAND_LINES[band], BAND_BLOCKS[band]
    # the line and the block not holding the digit: 3 minus the indices of the two that do
    line = 3 - (1 if used[lines[1]] & bit else 0) - (2 if used[lines[2]] & bit else 0)
    block = 3 - (1 if used[blocks[1]] & bit else 0) - (2 if used[blocks[2]] & bit else 0)
    cell = _segment_single(state, SEGMENTS[band][line][block], digit)
    if cell is None:
        return None
    return single(technique, cell, digit,
                  f"{digit} is written twice in {_band_name(band)}, so the third block's {digit} "
                  f"lies in the third line; only {cell_name(cell)} is free there: = {digit}")


def three_line(state: SudokuState) -> Step | None:
    """Technique 1, the "3-line, 2-digit" technique, ``SANRETUSYO`` (paper §3, digest §3.2).
    Modern: hidden single in a block by cross-hatching, restricted to a digit already written
    twice in the band. One placement per call."""
    used, empty = state.used, state.empty
    for band in range(6):
        l0, l1, l2 = BAND_LINES[band]
        if not (empty[l0] or empty[l1] or empty[l2]):
            continue
        b0, b1, b2 = BAND_BLOCKS[band]
        twice = _exactly([used[l0], used[l1], used[l2]], 2) & _exactly(
            [used[b0], used[b1], used[b2]], 2)
        while twice:   # digits ascending
            low = twice & -twice
            twice ^= low
            step = _three_line_at(state, band, low.bit_length() - 1, "SANRETUSYO")
            if step is not None:
                return step
    return None


def first_clue(state: SudokuState) -> list[Step]:
    """``FIRSTCLUE``: technique 1 in batch mode, run once before the main loop (digest §3.2).

    Sweeps every band and digit placing as it goes (later checks see earlier placements) and
    repeats whole sweeps until one places nothing. Writes to ``state``; the steps are logged
    but never counted by the level-up rule.
    """
    steps: list[Step] = []
    progress = True
    while progress:
        progress = False
        for band in range(6):
            if _band_complete(state, band):
                continue
            for d in DIGITS:
                if not _band_digits(state, band, 2) >> d & 1:
                    continue
                step = _three_line_at(state, band, d, "FIRSTCLUE")
                if step is not None:
                    r, c, digit = step.placements[0]
                    state.place(r * 9 + c, digit)
                    steps.append(step)
                    progress = True
    return steps


class SegmentPair(NamedTuple):
    """A segment pair digit (Def. 6) from Prop. 2: ``digit`` lies in segment (line, block) of
    ``band``, indices 0..2 within the band."""

    band: int
    line: int
    block: int
    digit: int


def proposition2_pairs(state: SudokuState) -> list[SegmentPair]:
    """Segment pair digits from the two block patterns of Proposition 2 (digest §3.4).

    These are the **only** source of pairs for technique 4 (digest §8.3-6); general pointing
    pairs are not used. Type 1: corners filled, edges empty; Type 2: edges filled, corners
    empty and the centre filled or seeing the digit. Blocks b1..b9, Type 1 then Type 2, digits
    ascending.
    """
    grid = state.grid
    pairs: list[SegmentPair] = []
    for b in range(9):
        br, bc = divmod(b, 3)
        top, left = 3 * br, 3 * bc
        cells = [[(top + i) * 9 + left + j for j in range(3)] for i in range(3)]
        corners = [cells[0][0], cells[0][2], cells[2][0], cells[2][2]]
        edges = [cells[0][1], cells[1][0], cells[1][2], cells[2][1]]
        missing = state.missing(18 + b)
        row_band, col_band = br, 3 + bc
        rows = [state.used[top + i] for i in range(3)]
        cols = [state.used[9 + left + j] for j in range(3)]
        if all(grid[c] for c in corners) and not any(grid[c] for c in edges):
            for s in DIGITS:
                if not missing >> s & 1:
                    continue
                if rows[1] >> s & 1:  # s in the (c,d)-line: s in a or b, middle column
                    pairs.append(SegmentPair(col_band, 1, br, s))
                if cols[1] >> s & 1:  # s in the (a,b)-line: s in c or d, middle row
                    pairs.append(SegmentPair(row_band, 1, bc, s))
        if all(grid[c] for c in edges) and not any(grid[c] for c in corners):
            centre = cells[1][1]
            for s in DIGITS:
                if not missing >> s & 1 or not state.blocked(centre, s):
                    continue
                for outer, opposite in ((0, 2), (2, 0)):  # s in the top row: pair in the bottom
                    if rows[outer] >> s & 1:
                        pairs.append(SegmentPair(row_band, opposite, bc, s))
                for outer, opposite in ((0, 2), (2, 0)):
                    if cols[outer] >> s & 1:
                        pairs.append(SegmentPair(col_band, opposite, br, s))
    return pairs


def modified_three_line(state: SudokuState) -> Step | None:
    """Technique 4, modified 3-line technique, ``SPESANRETU`` (paper §3, digest §3.4).
    Modern: hidden single in a block after a pointing pair or a full segment.

    For a digit s written exactly once in a band (line S1, block S2): (1) filled-segment case,
    tried first: a filled segment on line Q != S1 in block D != S2 forces s on line Q into the
    third block; (2) pair case: a Prop. 2 segment pair of s on line Q != S1 in block D != S2
    forces the third block's s into the third line. Then the blocked-cell test.
    """
    pairs = proposition2_pairs(state)
    grid = state.grid
    for band in range(6):
        if _band_complete(state, band):
            continue
        once = _band_digits(state, band, 1)
        for s in DIGITS:
            if not once >> s & 1:
                continue
            lines, blocks = _positions(state, band, s)
            s1, s2 = lines[0], blocks[0]
            for q in range(3):
                for d in range(3):
                    if q == s1 or d == s2:
                        continue
                    if not all(grid[c] for c in SEGMENTS[band][q][d]):
                        continue
                    third = 3 - s2 - d
                    cell = _segment_single(state, SEGMENTS[band][q][third], s)
                    if cell is not None:
                        return single("SPESANRETU filled segment", cell, s,
                                      f"{s} is written once in {_band_name(band)}; a filled "
                                      f"segment leaves its line only one block; only "
                                      f"{cell_name(cell)} is free there: = {s}")
            for pair in pairs:
                if pair.band != band or pair.digit != s or pair.line == s1 or pair.block == s2:
                    continue
                line, block = 3 - s1 - pair.line, 3 - s2 - pair.block
                cell = _segment_single(state, SEGMENTS[band][line][block], s)
                if cell is not None:
                    return single("SPESANRETU pair", cell, s,
                                  f"{s} is written once in {_band_name(band)} and confined to "
                                  f"one segment of another block (Prop. 2 pattern); only "
                                  f"{cell_name(cell)} is free in the remaining segment: = {s}")
    return None
