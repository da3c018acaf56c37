"""Closed-loop check 6 on passages and tubes, ``TOJIWA6`` (Sato 2007 Technique 8), level 3.

Digest §4.4.6. A tube (``TUTULIST``) is a straight run of free cells walled on both sides,
used whole or not at all; a type-1 region with two single-border exits is a passage of the
same kind. If entering it, or leaving it unused (``TEKICHECK``), forces the lines at its two
ends to close a partial loop, that choice is ruled out. ``tubes`` and ``unused_join`` also
serve RENSENENTYO case C.
"""

from __future__ import annotations

from pencilsat.grading.masyu.context import Context, open_finding
from pencilsat.grading.masyu.frames import Cells, frames_of
from pencilsat.grading.masyu.state import (
    BLACK,
    BLOCKED,
    DOWN,
    EMPTY,
    OPEN,
    PASSED,
    RIGHT,
    WHITE,
    Finding,
    cw,
    opp,
)
from pencilsat.grading.masyu.typed_regions import cached_region


def tubes(ctx: Context) -> list[tuple[list[int], int, int, int]]:
    """TUTULIST: maximal straight runs of free cells with both sides blocked and both ends
    open, whose end neighbours are line ends or whites: (cells, axis, end cell 1, end cell 2).
    Such a run is used whole or not at all."""
    st, g = ctx.st, ctx.g
    out = []

    def tube_cell(x: int, d: int) -> bool:
        return (x >= 0 and g.pearl[x] == EMPTY and st.counts(x) == (0, 2, 2)
                and st.border(x, d) == OPEN and st.border(x, opp(d)) == OPEN)

    for x in range(g.size):
        for d in (RIGHT, DOWN):
            if not tube_cell(x, d) or tube_cell(g.nb[x][opp(d)], d):
                continue
            cells = [x]
            while tube_cell(g.nb[cells[-1]][d], d):
                cells.append(g.nb[cells[-1]][d])
            x1, x2 = g.nb[x][opp(d)], g.nb[cells[-1]][d]
            cs = Cells(st)
            if all(cs.end(e) or cs.white(e) for e in (x1, x2)):
                out.append((cells, d, x1, x2))
    return out


def _one_step_dir(ctx: Context, a: int, b: int) -> int:
    """Direction from a whose use certainly joins a to b (the ONESTEP geometry), or -1."""
    g, st = ctx.g, ctx.st
    (ra, ca), (rb, cb) = g.rc(a), g.rc(b)
    if ra != rb and ca != cb:
        return -1
    dist = abs(ra - rb) + abs(ca - cb)
    if dist == 0:
        return -1
    d = (RIGHT if cb > ca else 3) if ra == rb else (DOWN if rb > ra else 0)
    if st.border(a, d) != OPEN:
        return -1
    if dist == 1:
        return d
    m1 = g.nb[a][d]
    if dist == 2 and (g.pearl[a] == BLACK or st.white_undetermined(m1)):
        return d
    if dist == 3 and g.pearl[m1] == WHITE and g.pearl[g.nb[m1][d]] == WHITE:
        return d
    return -1


def closed_loop_check_6(ctx: Context) -> Finding | None:
    """TOJIWA6 (closed-loop check 6, Technique 8 cases A, B1): for a type-1 region with
    exactly two free single-border exits, or a tube between two line ends, X1 and X2: with
    Y1, Y2 the far ends of their lines, if Y2 could join X1 in one step and otherwise has one
    forced route to Y1, entering at X1 is blocked; if X2's only other way is a route to Y1,
    Y2's step toward X1 is blocked. A Prop 12 guard is added (the listing has none).
    Case B2 (TEKICHECK): if the tube's "unused" alternatives at both ends close a cycle of
    two lines, the tube is used."""
    st, g = ctx.st, ctx.g
    pairs: list[tuple[int, int, int, int, int]] = []
    for c in frames_of(ctx).corners:
        region = cached_region(ctx, c, 1)
        if region is None or len(region.exits) != 2:
            continue
        (x1, exits1), (x2, exits2) = region.exits.items()
        if (len(exits1) == 1 and len(exits2) == 1 and g.pearl[x1] == EMPTY
                and g.pearl[x2] == EMPTY):
            wn = 0
            pairs.append((x1, x2, exits1[0], exits2[0], wn))
    for _cells, d, x1, x2 in tubes(ctx):
        if g.pearl[x1] == EMPTY and g.pearl[x2] == EMPTY and Cells(st).end(x1) and Cells(
                st).end(x2):
            pairs.append((x1, x2, g.eid[x1][d], g.eid[x2][opp(d)], 0))
    for x1, x2, e1, e2, _ in pairs:
        for a, b, ea, eb in ((x1, x2, e1, e2), (x2, x1, e2, e1)):
            ded = _tojiwa6_core(ctx, a, b, ea, eb)
            if ded:
                return ded
    for _cells, d, x1, x2 in tubes(ctx):
        ded = _tube_must_be_used(ctx, x1, x2, d)
        if ded:
            return ded
    return None


def unused_join(ctx: Context, x: int, into: int) -> tuple[int, int, int] | None:
    """TEKICHECK: the two line ends joined at tube end x if the tube is NOT used, and the
    whites that join takes in: a line end with one other way out joins the end its forced
    route reaches; an undetermined white runs across and joins the ends beside it."""
    st, g = ctx.st, ctx.g
    cs = Cells(st)
    if g.pearl[x] == WHITE:
        if not st.white_undetermined(x):
            return None
        ends, whites = [], 1
        for side in (cw(into), opp(cw(into))):
            y = g.nb[x][side]
            if y >= 0 and g.pearl[y] == WHITE:
                whites += 1
                y = g.nb[y][side]
            if not cs.end(y):
                return None
            ends.append(y)
        return ends[0], ends[1], whites
    others = [d for d in st.open_dirs(x) if d != into]
    if not cs.end(x) or len(others) != 1 or st.border(x, into) != OPEN:
        return None
    stop, wn = ctx.route(x, others[0])
    if not cs.end(stop):
        return None
    return x, stop, wn


def _tube_must_be_used(ctx: Context, x1: int, x2: int, d: int) -> Finding | None:
    """TOJIWA6 case B2: if leaving the tube unused makes both of its ends join lines into a
    cycle (and Prop 12 says that cycle is partial), the tube is used: both end borders
    passed."""
    g = ctx.g
    j1, j2 = unused_join(ctx, x1, d), unused_join(ctx, x2, opp(d))
    if j1 is None or j2 is None:
        return None
    a1, b1, w1 = j1
    a2, b2, w2 = j2
    for p, q, r, s in ((b1, a2, b2, a1), (a1, a2, b1, b2)):
        l1, l2 = ctx.connected(p, q), ctx.connected(r, s)
        if l1 is None or l2 is None or l1 is l2:
            continue
        if ctx.partial(1, w1 + w2, 0, l1.black_ends + l2.black_ends):
            return open_finding(ctx, "TOJIWA6",
                                [(g.eid[x1][d], PASSED), (g.eid[x2][opp(d)], PASSED)],
                                f"if the passage from {g.name(x1)} to {g.name(x2)} were unused, the"
                                f" lines at both its ends would be forced into a closed loop: it is"
                                f" used (case B2)")
    return None


def _tojiwa6_core(ctx: Context, x1: int, x2: int, e1: int, e2: int) -> Finding | None:
    st, g = ctx.st, ctx.g
    l1, l2 = ctx.all_partner.get(x1), ctx.all_partner.get(x2)
    if l1 is None or l2 is None or l1 is l2:
        return None
    y1 = l1.b if l1.a == x1 else l1.a
    y2 = l2.b if l2.a == x2 else l2.a
    step = _one_step_dir(ctx, y2, x1)
    if step < 0:
        return None
    n = l1.black_ends + l2.black_ends
    others = [d for d in st.open_dirs(y2) if d != step]
    if len(others) == 1:
        stop, wn = ctx.route(y2, others[0])
        if stop == y1 and ctx.partial(1, wn, 0, n):
            return open_finding(
                ctx, "TOJIWA6", [(e1, BLOCKED)],
                f"if {g.name(x1)} entered the passage it would come out at"
                f" {g.name(x2)}, and {g.name(y2)} would be forced to close the loop onto"
                f" {g.name(y1)}")
    a, b = g.edge_cells[e2]
    into = g.direction(x2, b if a == x2 else a)
    others = [d for d in st.open_dirs(x2) if d != into]
    if len(others) == 1 and st.border(x2, into) == OPEN:
        stop, wn = ctx.route(x2, others[0])
        between, cur = [], g.nb[y2][step]
        while cur >= 0 and cur != x1:
            between.append(cur)
            cur = g.nb[cur][step]
        bw, _ = Cells(st).absorbed(*between)
        if stop == y1 and ctx.partial(1, wn + bw, 0, n):
            return open_finding(
                ctx, "TOJIWA6", [(g.eid[y2][step], BLOCKED)],
                f"if {g.name(y2)} joined {g.name(x1)}, {g.name(x2)} could not use the"
                f" passage and would be forced to close the loop onto {g.name(y1)}")
    return None
