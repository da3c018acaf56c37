"""The board state of Sato's Masyu grader: every border passed (+1), blocked (-1) or open (0).

Sato (2007) §2 replaces "the line through cell centres" by the passage state of each cell's four
borders (digest §0.1, §2). Cells are numbered row-major; directions run clockwise as in the
paper's code (0 up, 1 right, 2 down, 3 left; the paper numbers them 1..4). Frame borders are
one shared edge id that always reads blocked. Off-grid neighbours are ``-1`` and every pattern
predicate treats them as "no match" (digest §7.2: never pad with phantom blocked cells).

Writes never overwrite: a write that conflicts with a determined border sets ``contradiction``
(digest §7.1 item 7, the safer reading of ``SETKOSITI``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

# the pearl kinds, re-exported: the techniques read them from here with the board
from pencilsat.puzzles.masyu import BLACK as BLACK
from pencilsat.puzzles.masyu import EMPTY as EMPTY
from pencilsat.puzzles.masyu import WHITE as WHITE
from pencilsat.puzzles.masyu import MasyuPuzzle

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
DIRECTIONS = (UP, RIGHT, DOWN, LEFT)
DIR_NAMES = ("up", "right", "down", "left")
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))
PASSED, BLOCKED, OPEN = 1, -1, 0
FRAME = 0
"""Edge id of every frame border; its value is fixed at BLOCKED."""

def cw(d: int) -> int:
    """Next direction clockwise (the code's FND1)."""
    return (d + 1) % 4


def opp(d: int) -> int:
    """Opposite direction (FND2)."""
    return (d + 2) % 4


def ccw(d: int) -> int:
    """Next direction counter-clockwise (FND3)."""
    return (d + 3) % 4


LatticeSegment = tuple[int, int, int, int]
"""A border segment of the lattice of cell corners: (edge id, the cell on its right, the cell
on its left, the lattice point it leads to); see :mod:`general_regions`."""


@dataclass(frozen=True)
class Finding:
    """What one technique application concludes, in the board's own terms: the borders it sets
    (edge id, PASSED or BLOCKED) and why in words. The engine applies it and logs the borders
    that actually changed as a :class:`~pencilsat.grading.steps.Step`."""

    technique: str
    sets: tuple[tuple[int, int], ...]
    text: str


Record = Callable[[Finding, list[tuple[int, int]]], None]
"""Logs a finding with the borders it actually changed, as (edge id, value)."""


def useful_finding(st: MasyuState, name: str, sets: list[tuple[int, int]],
                   text: str) -> Finding | None:
    """A basic rule's finding: the frame's blocked writes dropped, and ``None`` unless some
    border would change (a write to a decided border is kept: it is a contradiction)."""
    sets = [(e, v) for e, v in sets if e != FRAME or v != BLOCKED]
    if not any(st.val[e] != v for e, v in sets):
        return None
    return Finding(name, tuple(sets), text)


@dataclass(frozen=True)
class Line:
    """One open partial line (digest §4.0.2): its two end cells, length in segments, black ends."""

    a: int
    b: int
    length: int
    black_ends: int


class Geometry:
    """Cell numbering, neighbours and edge ids of a W x H board (immutable, shared by copies)."""

    def __init__(self, puzzle: MasyuPuzzle) -> None:
        self.puzzle = puzzle
        self.height, self.width = puzzle.height, puzzle.width
        h, w = self.height, self.width
        self.size = h * w
        self.pearl = [int(v) for v in puzzle.pearls.reshape(-1)]
        self.nb = [[-1] * 4 for _ in range(self.size)]
        self.eid = [[FRAME] * 4 for _ in range(self.size)]
        self.edge_cells: list[tuple[int, int]] = [(-1, -1)]
        for i in range(self.size):
            r, c = divmod(i, w)
            for d, (dr, dc) in enumerate(_STEP):
                rr, cc = r + dr, c + dc
                if 0 <= rr < h and 0 <= cc < w:
                    self.nb[i][d] = rr * w + cc
        for i in range(self.size):
            for d in (RIGHT, DOWN):
                j = self.nb[i][d]
                if j >= 0:
                    e = len(self.edge_cells)
                    self.edge_cells.append((i, j))
                    self.eid[i][d] = e
                    self.eid[j][opp(d)] = e
        self.edges = len(self.edge_cells)
        self.lattice: list[LatticeSegment | None] | None = None
        """Lattice-segment table of the general-region walk, built on first use."""
        self.near: list[list[int]] = [[] for _ in range(self.edges)]
        for e in range(1, self.edges):
            a, b = self.edge_cells[e]
            self.near[e] = self._cells_within(a, b, 2)

    def _cells_within(self, a: int, b: int, radius: int) -> list[int]:
        ra, ca = divmod(a, self.width)
        rb, cb = divmod(b, self.width)
        out = []
        for r in range(min(ra, rb) - radius, max(ra, rb) + radius + 1):
            for c in range(min(ca, cb) - radius, max(ca, cb) + radius + 1):
                if 0 <= r < self.height and 0 <= c < self.width:
                    da = abs(r - ra) + abs(c - ca)
                    db = abs(r - rb) + abs(c - cb)
                    if min(da, db) <= radius:
                        out.append(r * self.width + c)
        return out

    def rc(self, i: int) -> tuple[int, int]:
        return divmod(i, self.width)

    def name(self, i: int) -> str:
        r, c = divmod(i, self.width)
        return f"({r},{c})"

    def edge_name(self, e: int) -> str:
        a, b = self.edge_cells[e]
        return f"{self.name(a)}-{self.name(b)}"

    def step(self, i: int, d: int, k: int = 1) -> int:
        """The cell k steps from ``i`` in direction ``d``, or -1 off the grid."""
        for _ in range(k):
            if i < 0:
                return -1
            i = self.nb[i][d]
        return i

    def direction(self, a: int, b: int) -> int:
        """Direction from ``a`` to adjacent ``b``."""
        return self.nb[a].index(b)


class MasyuState:
    """Mutable border values plus the few flags the paper keeps (pockets of TY1RYOIKI)."""

    def __init__(self, geometry: Geometry) -> None:
        self.g = geometry
        self.val = [OPEN] * geometry.edges
        self.val[FRAME] = BLOCKED
        self.pocket: set[int] = set()
        self.contradiction = False
        self.dirty: deque[int] = deque()
        self.in_dirty = [False] * geometry.size
        self.n_passed = [0] * geometry.size
        self.n_blocked = [sum(1 for e in geometry.eid[i] if e == FRAME)
                          for i in range(geometry.size)]

    def copy(self) -> MasyuState:
        other = MasyuState.__new__(MasyuState)
        other.g = self.g
        other.val = list(self.val)
        other.pocket = set(self.pocket)
        other.contradiction = self.contradiction
        other.dirty = deque(self.dirty)
        other.in_dirty = list(self.in_dirty)
        other.n_passed = list(self.n_passed)
        other.n_blocked = list(self.n_blocked)
        return other

    # ------------------------------------------------------------ reading
    def border(self, i: int, d: int) -> int:
        """Value of cell i's border on side d (the code's FNK); frame reads blocked."""
        return self.val[self.g.eid[i][d]]

    def far_border(self, i: int, d: int) -> int | None:
        """Border on side d of the neighbour i+d (FNK2); None when that neighbour is off-grid."""
        j = self.g.nb[i][d]
        if j < 0:
            return None
        return self.val[self.g.eid[j][d]]

    def between(self, a: int, b: int) -> int:
        return self.val[self.g.eid[a][self.g.direction(a, b)]]

    def counts(self, i: int) -> tuple[int, int, int]:
        """(passed, blocked, undetermined) borders of cell i (MAWARITI's PNUM, SNUM, MNUM)."""
        p, b = self.n_passed[i], self.n_blocked[i]
        return p, b, 4 - p - b

    def open_dirs(self, i: int) -> list[int]:
        return [d for d in DIRECTIONS if self.val[self.g.eid[i][d]] == OPEN]

    def passed_dirs(self, i: int) -> list[int]:
        return [d for d in DIRECTIONS if self.val[self.g.eid[i][d]] == PASSED]

    def is_endpoint(self, i: int) -> bool:
        return i >= 0 and self.counts(i)[0] == 1

    def finished(self, i: int) -> bool:
        return i in self.pocket or OPEN not in (self.val[e] for e in self.g.eid[i])

    def white_undetermined(self, i: int) -> bool:
        """A white whose axis is unknown (WM(q,0)=0): all four borders open."""
        return self.g.pearl[i] == WHITE and all(self.val[e] == OPEN for e in self.g.eid[i])

    def black_undetermined(self, i: int) -> bool:
        """A black with an open border (BM(q,0)=0)."""
        return self.g.pearl[i] == BLACK and any(self.val[e] == OPEN for e in self.g.eid[i])

    def solved_edges(self) -> bool:
        return OPEN not in self.val

    # ------------------------------------------------------------ writing
    def set_edge(self, e: int, v: int) -> bool:
        """Set edge e to v if open; True when changed. A conflicting write is a contradiction."""
        cur = self.val[e]
        if cur == v:
            return False
        if cur != OPEN:
            self.contradiction = True
            return False
        self.val[e] = v
        counter = self.n_passed if v == PASSED else self.n_blocked
        for i in self.g.edge_cells[e]:
            counter[i] += 1
        for i in self.g.near[e]:
            if not self.in_dirty[i]:
                self.in_dirty[i] = True
                self.dirty.append(i)
        return True

    def apply(self, ded: Finding) -> list[tuple[int, int]]:
        """Apply a deduction; returns the (edge, value) pairs that actually changed."""
        return [(e, v) for e, v in ded.sets if self.set_edge(e, v)]

    def mark_all_dirty(self) -> None:
        for i in range(self.g.size):
            if not self.in_dirty[i]:
                self.in_dirty[i] = True
                self.dirty.append(i)

    # ------------------------------------------------------------ lines and loops
    def trace(self, start: int) -> tuple[int, int]:
        """Follow the partial line from endpoint ``start`` (SENNOBI): (other end, segments)."""
        prev, cur, length = -1, start, 0
        while True:
            nxt = -1
            for d in DIRECTIONS:
                j = self.g.nb[cur][d]
                if j >= 0 and j != prev and self.val[self.g.eid[cur][d]] == PASSED:
                    nxt = j
                    break
            if nxt < 0 or (length > 0 and self.counts(cur)[0] == 1) or length > self.g.size:
                return cur, length
            prev, cur, length = cur, nxt, length + 1

    def lines(self) -> list[Line]:
        """LINELIST: every open partial line once, sorted by ascending length (stable)."""
        seen: set[int] = set()
        out = []
        for i in range(self.g.size):
            if i in seen or self.counts(i)[0] != 1:
                continue
            j, length = self.trace(i)
            seen.add(i)
            seen.add(j)
            blacks = (self.g.pearl[i] == BLACK) + (self.g.pearl[j] == BLACK)
            out.append(Line(i, j, length, blacks))
        out.sort(key=lambda ln: ln.length)
        return out

    def closed_loops(self) -> int:
        """Number of closed loops among the passed borders (TOJIWASU)."""
        seen = [False] * self.g.size
        loops = 0
        for i in range(self.g.size):
            if seen[i] or self.counts(i)[0] != 2:
                continue
            stack, comp, closed = [i], [], True
            seen[i] = True
            while stack:
                x = stack.pop()
                comp.append(x)
                if self.counts(x)[0] != 2:
                    closed = False
                for d in self.passed_dirs(x):
                    j = self.g.nb[x][d]
                    if not seen[j]:
                        seen[j] = True
                        stack.append(j)
            loops += closed
        return loops

    def undetermined_circles(self) -> tuple[int, int]:
        """(WN, BN): undetermined whites and blacks, recomputed fresh (digest §7.1 item 3)."""
        wn = bn = 0
        for i, p in enumerate(self.g.pearl):
            if p == WHITE and self.white_undetermined(i):
                wn += 1
            elif p == BLACK and self.black_undetermined(i):
                bn += 1
        return wn, bn
