"""Shared pattern machinery for Techniques 2-8: corner and input cells, the local frame around
them, and the types of corner and input pairs.

Digest §4.0.4-4.0.7 (routines KDNYMSLIST, KDNARABILIST, NYNARABILIST, T1Y1T9Y9, PSTY,
WSTY). Off-grid frame cells are -1 and every predicate is false on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pencilsat.grading.masyu.context import Context, open_finding
from pencilsat.grading.masyu.state import (
    BLACK,
    BLOCKED,
    EMPTY,
    OPEN,
    PASSED,
    WHITE,
    Finding,
    MasyuState,
    cw,
    opp,
)


@dataclass(frozen=True)
class Frame:
    """The local frame of §4.0.5 around a corner or input cell C with forward D and side GD."""

    c: int
    d: int
    gd: int
    t1: int
    t2: int
    t3: int
    t4: int
    t5: int
    t6: int
    t7: int
    t8: int
    t9: int

    @property
    def rd(self) -> int:
        return opp(self.d)

    @property
    def dp(self) -> int:
        return opp(self.gd)


def make_frame(st: MasyuState, c: int, d: int, gd: int) -> Frame:
    g = st.g
    t1 = g.step(c, d)
    t4 = g.step(t1, d)
    t6 = g.step(t4, d)
    t2 = g.step(c, gd)
    t3 = g.step(t2, d)
    t5 = g.step(t3, d)
    t7 = g.step(t2, gd)
    t8 = g.step(t1, opp(gd))
    t9 = g.step(t2, opp(d))
    return Frame(c, d, gd, t1, t2, t3, t4, t5, t6, t7, t8, t9)


class Cells:
    """Null-safe cell predicates over one state (every predicate is False on -1)."""

    def __init__(self, st: MasyuState) -> None:
        self.st = st
        self.g = st.g

    def white(self, x: int) -> bool:
        return x >= 0 and self.g.pearl[x] == WHITE

    def black(self, x: int) -> bool:
        return x >= 0 and self.g.pearl[x] == BLACK

    def free(self, x: int) -> bool:
        return x >= 0 and self.g.pearl[x] == EMPTY

    def end(self, x: int) -> bool:
        return x >= 0 and self.st.counts(x)[0] == 1

    def bd(self, x: int, d: int) -> int | None:
        return None if x < 0 else self.st.border(x, d)

    def btw(self, x: int, y: int) -> int | None:
        if x < 0 or y < 0:
            return None
        return self.st.between(x, y)

    def pbu(self, x: int) -> tuple[int, int, int]:
        return self.st.counts(x) if x >= 0 else (-1, -1, -1)

    def input_like(self, x: int, a: int, b: int) -> bool:
        """Of x's borders on sides a and b, one is passed and the other blocked."""
        if x < 0:
            return False
        return self.st.border(x, a) * self.st.border(x, b) == -1

    def edge(self, x: int, y: int) -> int:
        return self.g.eid[x][self.g.direction(x, y)]

    def absorbed(self, *cells: int) -> tuple[int, int]:
        """(wn, bn): undetermined whites and blacks among cells a closing loop would take in.

        Choice: we count every such cell the forced continuation passes, which can only make
        the Prop 12 test say "not partial" more often than the listing (safer near the end).
        """
        wn = bn = 0
        for x in set(cells):
            if x < 0:
                continue
            if self.st.white_undetermined(x):
                wn += 1
            elif self.st.black_undetermined(x):
                bn += 1
        return wn, bn


def pstype(cs: Cells, z: int, f: Frame) -> int:
    """PSTY(Z) relative to the frame's D and GD (digest §4.0.5); corner types need u = 2."""
    if z < 0:
        return 0
    p, b, u = cs.pbu(z)
    if p == 1:
        return 1
    st = cs.st
    if u == 2 and p == 0:
        if st.border(z, f.rd) == BLOCKED and st.border(z, f.gd) == BLOCKED:
            return 3
        if st.border(z, f.rd) == BLOCKED and st.border(z, f.dp) == BLOCKED:
            return 4
        if st.border(z, f.d) == BLOCKED and st.border(z, f.gd) == BLOCKED:
            return 5
        if st.border(z, f.d) == BLOCKED and st.border(z, f.dp) == BLOCKED:
            return 6
    if b == 1 and u == 3:
        return 2
    return 0


def wstype(cs: Cells, z: int, f: Frame) -> bool:
    """WSTY(Z): a line entering Z along D (or RD) cannot turn toward GD."""
    if z < 0:
        return False
    if cs.white(z):
        return True
    return cs.st.border(z, f.gd) == BLOCKED and cs.pbu(z)[2] == 3


def vertical_capable(cs: Cells, x: int, f: Frame, toward: int) -> bool:
    """x can carry a line along D: its DP side blocked and u = 3, or also its GD side
    (``toward``) blocked with u = 2 (KKL type 4 pre-condition)."""
    if not cs.free(x) or cs.bd(x, f.dp) != BLOCKED:
        return False
    p, b, u = cs.pbu(x)
    return p == 0 and (u == 3 or (u == 2 and cs.bd(x, toward) == BLOCKED))


def corner_pair_type(cs: Cells, f: Frame) -> int:
    """KDNARABILIST's STSU for corner C in frame f (digest §4.0.6), 0 when no type applies."""
    t1, t3, t4 = f.t1, f.t3, f.t4
    if t1 < 0:
        return 0
    if cs.white(t1):
        return 6
    if cs.free(t1) and cs.black(t4) and cs.btw(t1, t4) == OPEN:
        return 7
    if (cs.free(t1) and cs.bd(t1, f.d) == BLOCKED and cs.free(t3)
            and cs.bd(t3, f.d) == BLOCKED and cs.bd(t3, f.gd) == BLOCKED):
        return 8
    kind = 0
    if cs.bd(t1, f.d) == BLOCKED and cs.bd(t1, f.dp) == BLOCKED and cs.pbu(t1)[0] == 0:
        kind = 2
    if cs.end(t1) and cs.btw(t1, t3) != PASSED:
        kind = 3
    if cs.input_like(t1, f.d, f.dp):
        kind = 1
    if kind:
        return kind
    if vertical_capable(cs, t1, f, f.gd):
        if cs.input_like(t4, f.d, f.dp):
            return 4
        if (cs.free(t4) and cs.bd(t4, f.dp) == BLOCKED and cs.pbu(t4)[2] == 3
                and cs.input_like(f.t6, f.d, f.dp)):
            return 5
    return 0


def input_pair_type(cs: Cells, f: Frame) -> int:
    """NYNARABILIST's type for input cell N in frame f (digest §4.0.7), 0 when none."""
    t1, t4, t6 = f.t1, f.t4, f.t6
    if t1 < 0:
        return 0
    if cs.end(t1) and cs.btw(t1, f.t3) != PASSED:
        return 1
    if not vertical_capable(cs, t1, f, f.gd):
        return 0
    if cs.input_like(t4, f.d, f.dp):
        return 2
    if cs.end(t4):
        return 3
    if cs.free(t4) and cs.bd(t4, f.dp) == BLOCKED and cs.pbu(t4)[2] == 3:
        if cs.input_like(t6, f.d, f.dp):
            return 4
        if cs.end(t6):
            return 5
    return 0


@dataclass
class FrameLists:
    """Corner cells, input cells and their typed frames, row-major, both (D, GD) orders."""

    corners: list[int] = field(default_factory=list)
    inputs: list[int] = field(default_factory=list)
    corner_pairs: list[tuple[Frame, int]] = field(default_factory=list)
    input_pairs: list[tuple[Frame, int]] = field(default_factory=list)


def open_corner(st: MasyuState, i: int) -> int:
    """KNTY: the first direction a with a and cw(a) both open, or -1."""
    for a in range(4):
        if st.border(i, a) == OPEN and st.border(i, cw(a)) == OPEN:
            return a
    return -1


def build_frames(ctx: Context) -> FrameLists:
    """KDNYMSLIST + KDNARABILIST (+ NYNARABILIST at level 3)."""
    st = ctx.st
    g = st.g
    cs = Cells(st)
    out = FrameLists()
    for i in range(g.size):
        if g.pearl[i] != EMPTY or i in st.pocket:
            continue
        p, b, u = st.counts(i)
        if u != 2:
            continue
        a = open_corner(st, i)
        if a < 0:
            continue
        if p == 0 and b == 2:
            out.corners.append(i)
            for d, gd in ((a, cw(a)), (cw(a), a)):
                f = make_frame(st, i, d, gd)
                out.corner_pairs.append((f, corner_pair_type(cs, f)))
        elif p == 1 and b == 1:
            out.inputs.append(i)
            if ctx.level >= 3:
                for d, gd in ((a, cw(a)), (cw(a), a)):
                    f = make_frame(st, i, d, gd)
                    out.input_pairs.append((f, input_pair_type(cs, f)))
    return out


def block_border(ctx: Context, cs: Cells, name: str, x: int, y: int,
                 why: str) -> Finding | None:
    """Block the open border between cells x and y (``None`` when it is off the grid or
    already decided), saying why."""
    if x < 0 or y < 0 or cs.btw(x, y) != OPEN:
        return None
    g = ctx.g
    return open_finding(ctx, name, [(cs.edge(x, y), BLOCKED)],
                        f"border {g.name(x)}-{g.name(y)} blocked: {why}")


def frames_of(ctx: Context) -> FrameLists:
    """Corner/input lists and pair types of ``ctx``'s pass, built once per pass (KDNYMSLIST
    ...) and kept on the context."""
    if ctx._frames is None:
        ctx._frames = build_frames(ctx)
    return ctx._frames
