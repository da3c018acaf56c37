"""The first numba prototype of issue 46, kept as the measured negative: cell masks.

``python benchmarks/sudoku_numba_cells.py --one FILE`` prints one JSON line (the kernel on
FILE in this process); ``benchmarks/sudoku_numba.py`` runs it as a column of its page.

Per puzzle, depth first with an explicit stack, candidates per cell as 9-bit masks; naked
singles through a queue (a placed digit leaves its 20 peers, branch-free but for a new
single), hidden singles over the houses whose cells changed since their last scan, one pass
of locked candidates over the 54 box-line segments per fixed point, then a branch on a cell
of fewest candidates, among those the one whose open peers share the most of its digits
(bivalue peers three times). It searches as few branches as the kept kernel
(``pencilsat.strategies.sudoku_kernel``: per-digit bitboards) but each costs 2-3 times as
much: 20-peer loops and house scans are branchy where the bitboards clear words; it was
no faster than the numpy rounds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "benchmarks"))

_IMPORT_START = time.process_time()
import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

NUMBA_IMPORT_CPU_S = time.process_time() - _IMPORT_START

from pencilsat.strategies.sudoku_singles import (  # noqa: E402
    CELL_HOUSES,
    HOUSES,
    MULTIPLE,
    NONE,
    OPEN,
    UNIQUE,
)

FULL = 511
_HOUSES = HOUSES.astype(np.int16)
_PEERS = np.array([np.setdiff1d(HOUSES[CELL_HOUSES[c]], [c]) for c in range(81)],
                  dtype=np.int16)
_BITS = np.array([bin(m).count("1") for m in range(512)], dtype=np.uint8)
_DIGIT = np.zeros(512, dtype=np.uint8)
for _d in range(9):
    _DIGIT[1 << _d] = ord("1") + _d
_MASK_OF_BYTE = np.full(256, FULL, dtype=np.uint16)
for _d in range(9):
    _MASK_OF_BYTE[ord("1") + _d] = 1 << _d


def _segments() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 54 segments (three cells of a line in one box: 27 of rows, then 27 of columns):
    their cells, the two other segments of their box in the same direction, and the two
    other segments of their line."""
    cells = np.zeros((54, 3), dtype=np.int16)
    in_box = np.zeros((54, 2), dtype=np.int16)
    in_line = np.zeros((54, 2), dtype=np.int16)
    for line in range(9):
        for part in range(3):
            s = line * 3 + part
            band = line // 3 * 3
            cells[s] = [line * 9 + part * 3 + k for k in range(3)]
            cells[27 + s] = [(part * 3 + k) * 9 + line for k in range(3)]
            in_box[s] = in_box[27 + s] = [(band + k) * 3 + part for k in range(3)
                                          if band + k != line]
            in_line[s] = in_line[27 + s] = [line * 3 + k for k in range(3) if k != part]
    in_box[27:] += 27
    in_line[27:] += 27
    return cells, in_box, in_line


_SEG_CELLS, _SEG_IN_BOX, _SEG_IN_LINE = _segments()
_HOUSE_BITS = np.array([(1 << int(CELL_HOUSES[c, 0])) | (1 << int(CELL_HOUSES[c, 1]))
                        | (1 << int(CELL_HOUSES[c, 2])) for c in range(81)], dtype=np.int64)
_ALL_HOUSES = (1 << 27) - 1


@njit(cache=True, nogil=True)
def _propagate(c: np.ndarray, placed: np.ndarray, queue: np.ndarray, tail: int,
               left: int, dirty: int, locked: int, seg: np.ndarray) -> int:
    """Singles to a fixed point on one state (``c`` masks, ``placed`` flags), with at most
    ``locked`` passes of locked candidates (one measured best: a second pass that finds
    nothing costs more than the branches it saves); ``queue[:tail]`` holds the cells to place
    (one candidate each), ``dirty`` the houses (bits) whose cells changed since they were
    last scanned. Returns the cells left open, or -1 on a contradiction."""
    head = 0
    passes = locked
    while True:
        while head < tail:
            cell = queue[head]
            head += 1
            if placed[cell]:
                continue
            m = c[cell]
            placed[cell] = 1
            left -= 1
            empty = False
            for k in range(20):  # branch-free but for a new single (rare)
                p = _PEERS[cell, k]
                pm = c[p]
                nm = pm & ~m
                c[p] = nm
                changed = nm != pm
                empty |= nm == 0
                dirty |= _HOUSE_BITS[p] * changed
                if changed and nm & (nm - 1) == 0:
                    queue[tail] = p
                    tail += 1
            if empty:
                return -1
        if left == 0:
            return 0
        head = tail = 0
        if dirty == 0:
            if passes == 0:
                return left
            passes -= 1
            for s in range(54):
                seg[s] = (c[_SEG_CELLS[s, 0]] | c[_SEG_CELLS[s, 1]]) | c[_SEG_CELLS[s, 2]]
            for s in range(54):
                here = seg[s]
                for way in range(2):
                    if way == 0:  # pointing: only here in the box, so not elsewhere on the line
                        only = here & ~(seg[_SEG_IN_BOX[s, 0]] | seg[_SEG_IN_BOX[s, 1]])
                        other = _SEG_IN_LINE
                    else:  # claiming: only here on the line, so not elsewhere in the box
                        only = here & ~(seg[_SEG_IN_LINE[s, 0]] | seg[_SEG_IN_LINE[s, 1]])
                        other = _SEG_IN_BOX
                    if only == 0:
                        continue
                    for j in range(2):
                        t = other[s, j]
                        for k in range(3):
                            x = _SEG_CELLS[t, k]
                            m = c[x]
                            if m & only:
                                m &= ~only
                                if m == 0:
                                    return -1
                                c[x] = m
                                dirty |= _HOUSE_BITS[x]
                                if m & (m - 1) == 0:
                                    queue[tail] = x
                                    tail += 1
            if dirty == 0:
                return left
            continue
        for h in range(27):
            if (dirty >> h) & 1 == 0:
                continue
            dirty &= ~(1 << h)
            once = 0
            twice = 0
            solved = 0
            for k in range(9):
                cell = _HOUSES[h, k]
                m = c[cell]
                twice |= once & m
                once |= m
                solved |= m * placed[cell]
            if once != FULL:
                return -1
            hidden = once & ~twice & ~solved
            if hidden == 0:
                continue
            for k in range(9):
                cell = _HOUSES[h, k]
                if placed[cell]:
                    continue
                m = c[cell] & hidden
                if m:
                    if m & (m - 1):
                        return -1
                    if c[cell] != m:
                        c[cell] = m
                        dirty |= _HOUSE_BITS[cell]
                    queue[tail] = cell
                    tail += 1
            if tail:
                break


@njit(cache=True, nogil=True)
def _branch_cell(c: np.ndarray, placed: np.ndarray) -> int:
    """An open cell of fewest candidates; among those the one whose open peers share the
    most of its digits, a bivalue peer's counting three times (forum_hardest_1905_se11plus:
    210 branches a puzzle with the open cells of its houses as the tie-break, 139 so)."""
    fewest = 10
    for cell in range(81):
        if not placed[cell]:
            fewest = min(fewest, _BITS[c[cell]])
    best = -1
    most = -1
    for cell in range(81):
        if placed[cell] or _BITS[c[cell]] != fewest:
            continue
        m = c[cell]
        score = 0
        for k in range(20):
            p = _PEERS[cell, k]
            score += _BITS[c[p] & m] * (1 - placed[p]) * (1 + 2 * (_BITS[c[p]] == 2))
        if score > most:
            most = score
            best = cell
    return best


@njit(cache=True, nogil=True)
def _count_one(line: np.ndarray, states: np.ndarray, flags: np.ndarray, cells: np.ndarray,
               rest: np.ndarray, lefts: np.ndarray, queue: np.ndarray, out: np.ndarray,
               max_nodes: int, locked: int, seg: np.ndarray) -> tuple[int, int]:
    """One puzzle (81 ASCII codes): its status and the branches tried; a UNIQUE puzzle's
    solution is written to ``out`` as ASCII digits."""
    c = states[0]
    placed = flags[0]
    tail = 0
    for cell in range(81):
        m = _MASK_OF_BYTE[line[cell]]
        c[cell] = m
        placed[cell] = 0
        if m != FULL:
            queue[tail] = cell
            tail += 1
    left = _propagate(c, placed, queue, tail, 81, _ALL_HOUSES, locked, seg)
    if left < 0:
        return NONE, 0
    found = 0
    if left == 0:
        for cell in range(81):
            out[cell] = _DIGIT[c[cell]]
        return UNIQUE, 0
    depth = 0
    lefts[0] = left
    cells[0] = _branch_cell(c, placed)
    rest[0] = c[cells[0]]
    nodes = 0
    while depth >= 0:
        r = rest[depth]
        if r == 0:
            depth -= 1
            continue
        bit = r & -r
        rest[depth] = r ^ bit
        nodes += 1
        if nodes > max_nodes:
            return OPEN, nodes
        child = states[depth + 1]
        child[:] = states[depth]
        child_flags = flags[depth + 1]
        child_flags[:] = flags[depth]
        cell = cells[depth]
        child[cell] = bit
        queue[0] = cell
        left = _propagate(child, child_flags, queue, 1, lefts[depth], _HOUSE_BITS[cell],
                          locked, seg)
        if left < 0:
            continue
        if left == 0:
            found += 1
            if found == 2:
                return MULTIPLE, nodes
            for k in range(81):
                out[k] = _DIGIT[child[k]]
            continue
        depth += 1
        lefts[depth] = left
        cells[depth] = _branch_cell(child, child_flags)
        rest[depth] = child[cells[depth]]
    return (UNIQUE if found == 1 else NONE), nodes


@njit(cache=True, nogil=True)
def count_lines(raw: np.ndarray, max_nodes: int,
                locked: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every row of ``raw`` ((puzzles, 81) ASCII codes of validated lines: ``1``-``9`` a
    clue, anything else empty) counted to two: per puzzle its status (UNIQUE, NONE,
    MULTIPLE, or OPEN past ``max_nodes`` branches), the solution of a UNIQUE one as ASCII
    digits, and the branches (children) it tried."""
    puzzles = raw.shape[0]
    status = np.empty(puzzles, dtype=np.uint8)
    solution = np.zeros((puzzles, 81), dtype=np.uint8)
    nodes = np.zeros(puzzles, dtype=np.int64)
    states = np.empty((82, 81), dtype=np.uint16)
    flags = np.empty((82, 81), dtype=np.uint8)
    cells = np.empty(82, dtype=np.int64)
    rest = np.empty(82, dtype=np.int64)
    lefts = np.empty(82, dtype=np.int64)
    seg = np.empty(54, dtype=np.int64)
    queue = np.empty(128 * 81, dtype=np.int64)
    for i in range(puzzles):
        st, n = _count_one(raw[i], states, flags, cells, rest, lefts, queue, solution[i],
                           max_nodes, locked, seg)
        status[i] = st
        nodes[i] = n
    return status, solution, nodes


# ------------------------------------------------------------------ measuring

MAX_NODES = 1_000_000
STATUS_NAMES = {UNIQUE: "unique", NONE: "none", MULTIPLE: "multiple", OPEN: "open"}


def read_raw(path: Path) -> np.ndarray:
    """The file's 81-character lines as a (lines, 81) uint8 array of ASCII codes."""
    lines = [line.strip() for line in path.read_text().splitlines() if len(line.strip()) == 81]
    return np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8).reshape(-1, 81)


def run_one(path: Path) -> dict[str, Any]:
    """The kernel on one file in this process: numba's import, the first call (compile, or
    load from numba's cache), then the whole file in one call, CPU seconds each."""
    raw = read_raw(path)
    start = time.process_time()
    count_lines(raw[:1], MAX_NODES)
    first_call = time.process_time() - start
    start = time.process_time()
    status, _, nodes = count_lines(raw, MAX_NODES)
    cpu = time.process_time() - start
    verdicts = {STATUS_NAMES[k]: int(v) for k, v in enumerate(np.bincount(status, minlength=4))
                if v}
    return {"puzzles": len(raw), "verdicts": verdicts, "cpu_s": cpu,
            "numba_import_cpu_s": NUMBA_IMPORT_CPU_S, "first_call_cpu_s": first_call,
            "nodes_per_puzzle": float(nodes.mean())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--one", type=Path, required=True)
    print(json.dumps(run_one(ap.parse_args().one)))


if __name__ == "__main__":
    main()
