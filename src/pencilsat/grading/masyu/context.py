"""Per-pass context of the grader: the line list, its window, Prop 12, and route following.

Rebuilt after every basic fixpoint (digest §4.1). The line *window* is how "eye processing"
enters the program (§4.0.2): at levels 1-2 the main pass sees only short lines (<= 20
segments), the long-line pass only long ones, and level 3 sees all lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pencilsat.grading.masyu.state import (
    BLACK,
    EMPTY,
    OPEN,
    PASSED,
    WHITE,
    Finding,
    Line,
    MasyuState,
    ccw,
    cw,
    opp,
)

if TYPE_CHECKING:
    from pencilsat.grading.masyu.frames import FrameLists
    from pencilsat.grading.masyu.general_regions import Walk
    from pencilsat.grading.masyu.typed_regions import Region

SHORT_LINE = 20
LONG_LINE = 100
ROUTE_CAP = {1: 0, 2: 10, 3: 20}
"""MAXKOSISU: route cells a passable route may take at each level (digest §4.0.3)."""

WINDOW_SHORT, WINDOW_LONG, WINDOW_ALL = "short", "long", "all"


class Context:
    """Lines, counts and helpers the general techniques share during one pass."""

    def __init__(self, st: MasyuState, level: int, window: str) -> None:
        self.st = st
        self.g = st.g
        self.level = level
        self.lines = st.lines()
        self.ln = len(self.lines)
        self.wn, self.bn = st.undetermined_circles()
        self.set_window(window)
        only = self.lines[0] if self.ln == 1 else None
        self.fsetuk = (
            only is not None and self.wn == 0 and self.bn - only.black_ends == 0
        )
        self._frames: FrameLists | None = None
        self.regions: dict[tuple[int, int], Region | None] = {}
        """Type-1/type-2 regions by (seed, type), built once per pass."""
        self.walks: dict[int, tuple[Walk | None, Walk | None]] = {}
        """Boundary walks by seed cell (modes 1 and 2), built once per pass."""

    def set_window(self, window: str) -> None:
        """Select which lines RENKETUCH and LINEHASI may see (digest §4.0.2)."""
        self.window_name = window
        if window == WINDOW_SHORT:
            self.window = [ln for ln in self.lines if ln.length <= SHORT_LINE]
        elif window == WINDOW_LONG:
            self.window = [ln for ln in self.lines if ln.length > SHORT_LINE]
        else:
            self.window = list(self.lines)
        self.partner: dict[int, Line] = {}
        for ln in self.window:
            self.partner[ln.a] = ln
            self.partner[ln.b] = ln
        self.all_partner: dict[int, Line] = {}
        for ln in self.lines:
            self.all_partner[ln.a] = ln
            self.all_partner[ln.b] = ln

    # ------------------------------------------------------------ line queries
    def other_end(self, x: int) -> int:
        """LINEHASI: the other end of x's line in the window, or -1."""
        ln = self.partner.get(x)
        if ln is None:
            return -1
        return ln.b if ln.a == x else ln.a

    def connected(self, x: int, y: int) -> Line | None:
        """RENKETUCH: the window line whose two ends are x and y, if any."""
        if x < 0 or y < 0:
            return None
        ln = self.partner.get(x)
        if ln is not None and (ln.a == y or ln.b == y) and x != y:
            return ln
        return None

    def partial(self, ln: int, wn: int, bn: int, n: int,
                totals: tuple[int, int, int] | None = None) -> bool:
        """Prop 12 (BUBUNHAN1/2): would closing this line make a partial closed loop?

        ``totals`` replaces (LN, WN, BN) for the region variant Prop 12②.
        """
        big_ln, big_wn, big_bn = totals if totals is not None else (self.ln, self.wn, self.bn)
        return (big_ln - ln >= 2) or (big_wn - wn > 0) or (big_bn - (n + bn) > 0)

    # ------------------------------------------------------------ route following
    def route(self, q: int, d: int) -> tuple[int, int]:
        """SUSUMERU: follow the passable route from q leaving in direction d (digest §4.0.3).

        Returns (stop cell, whites passed); stop cell -1 when the route leaves the grid or
        exceeds the level's cap. A white met right after a black start is counted (the digest
        marks the listing's omission as an oversight).
        """
        st, g = self.st, self.g
        cap = ROUTE_CAP[self.level]
        whites = steps = 0
        if g.pearl[q] == BLACK:
            q = g.nb[q][d]
            if q < 0:
                return -1, 0
            if g.pearl[q] == WHITE:
                whites += 1
        for _ in range(4 * g.size):
            n = g.nb[q][d]
            if n < 0:
                return -1, whites
            kind = g.pearl[n]
            p, b, u = st.counts(n)
            if kind == EMPTY and b == 2 and u == 2 and n not in st.pocket:
                nd = [x for x in st.open_dirs(n) if x != opp(d)]
                if len(nd) != 1:
                    return n, whites
                steps += 1
                if steps > cap:
                    return -1, whites
                q, d = n, nd[0]
            elif kind == WHITE:
                whites += 1
                q = n
            elif self.level >= 3 and kind == EMPTY and p == 0 and u >= 3:
                exits = self._forced_exits(n, d)
                if len(exits) != 1:
                    return n, whites
                steps += 1
                if steps > cap:
                    return -1, whites
                q, d = n, exits[0]
            else:
                return n, whites
        return -1, whites

    def _forced_exits(self, n: int, d: int) -> list[int]:
        """Level-3 extension of SUSUMERU: the exits of a 3/4-way cell entered going d."""
        st, g = self.st, self.g
        out = []
        for x in st.open_dirs(n):
            if x == opp(d):
                continue
            ahead = g.nb[n][x]
            if x != d:
                if ahead >= 0 and g.pearl[ahead] == BLACK:
                    continue
            elif ahead >= 0 and g.pearl[ahead] == WHITE:
                beyond = g.nb[ahead][d]
                if beyond >= 0 and (
                    g.pearl[beyond] == WHITE or st.far_border(ahead, d) == PASSED
                ):
                    continue
            out.append(x)
        return out



def straight_forced(st: MasyuState, cell: int, d: int) -> bool:
    """RENCHECK: cell is 'forced straight' along d: far border passed or both sides blocked."""
    if cell < 0:
        return False
    if st.border(cell, d) == PASSED:
        return True
    return st.border(cell, cw(d)) == -1 and st.border(cell, ccw(d)) == -1



def open_finding(ctx: Context, name: str, sets: Iterable[tuple[int, int]],
                 text: str) -> Finding | None:
    """A technique's finding, keeping only the borders still undetermined (general techniques
    never overwrite a decided border); ``None`` when nothing is left to set."""
    sets = [(e, v) for e, v in sets if e and ctx.st.val[e] == OPEN]
    return Finding(name, tuple(sets), text) if sets else None
