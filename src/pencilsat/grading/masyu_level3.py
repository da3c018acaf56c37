"""Level-3 local techniques of Sato (2007): cut line 2, closed-loop check 3, KUROMSFOUR.

Digest §4.4.1, §4.4.2, §4.4.8. Like the level-2 routines each returns its first deduction.
"""

from __future__ import annotations

from pencilsat.grading.masyu_context import Context, open_deduction
from pencilsat.grading.masyu_frames import Cells, Frame, make_frame
from pencilsat.grading.masyu_state import (
    BLACK,
    BLOCKED,
    DOWN,
    EMPTY,
    OPEN,
    PASSED,
    RIGHT,
    WHITE,
    Deduction,
    cw,
    opp,
)


def _block(ctx: Context, cs: Cells, name: str, x: int, y: int, why: str) -> Deduction | None:
    if x < 0 or y < 0 or cs.btw(x, y) != OPEN:
        return None
    g = ctx.g
    return open_deduction(ctx, name, [(cs.edge(x, y), BLOCKED)],
                f"border {g.name(x)}-{g.name(y)} blocked: {why}")


# ---------------------------------------------------------------- SETUDANSEN2
def cut_line_2(ctx: Context) -> Deduction | None:
    """SETUDANSEN2 (cut line 2, Technique 6; code cases A-E): a border whose use would strand
    a line end (A, B, C, E) or make a cell between two blacks turn (D) is blocked.

    Ambiguity: the paper's labels B-D cannot be matched to the code's cases without the lost
    figures (digest §7.4); all five code cases are implemented, KUROMSFOUR separately."""
    st = ctx.st
    cs = Cells(st)
    frames = ctx.frames()
    for f, kind in frames.corner_pairs:
        ded = _cut2_corner(ctx, cs, f, kind)
        if ded:
            return ded
    ded = _cut2_black_gap(ctx, cs)
    if ded:
        return ded
    for n in frames.inputs:
        for d in range(4):
            gd = cw(d)
            if st.border(n, d) != OPEN or st.border(n, gd) != OPEN:
                continue
            for dd, gg in ((d, gd), (gd, d)):
                ded = _cut2_input_whites(ctx, cs, make_frame(st, n, dd, gg))
                if ded:
                    return ded
    return None


def _cut2_corner(ctx: Context, cs: Cells, f: Frame, kind: int) -> Deduction | None:
    t2, t3, t5 = f.t2, f.t3, f.t5
    name = "SETUDANSEN2"
    if kind == 4 and cs.white(t3) and (
        ((cs.white(t2) or cs.end(t2)) and cs.end(t5)) or (cs.white(t5) and cs.end(t2))
    ):
        return _block(ctx, cs, name, t2, t3, f"otherwise the line end {ctx.g.name(f.t4)}"
                      " is cut off (case A)")
    if kind == 5 and cs.white(t3) and cs.white(t5) and cs.end(t2) and cs.end(ctx.g.step(t5, f.d)):
        return _block(ctx, cs, name, t2, t3, f"otherwise the line end {ctx.g.name(f.t6)}"
                      " is cut off (case B)")
    if kind in (1, 3) and cs.white(t2) and cs.white(t3):
        return _block(ctx, cs, name, f.c, t2, f"otherwise white {ctx.g.name(t3)} could not"
                      " be passed (case C)")
    return None


def _cut2_black_gap(ctx: Context, cs: Cells) -> Deduction | None:
    """Case D: a cell between two blacks cannot turn, so its two side borders are equal."""
    st, g = ctx.st, ctx.g
    for b in range(g.size):
        if g.pearl[b] != BLACK:
            continue
        for d in (RIGHT, DOWN):
            m = g.step(b, d)
            b2 = g.step(m, d)
            if not cs.black(b2) or g.pearl[m] == BLACK:
                continue
            if st.border(b, d) != OPEN and st.border(b2, opp(d)) != OPEN:
                continue
            for s in (cw(d), opp(cw(d))):
                if st.border(m, s) == BLOCKED and st.border(m, opp(s)) == OPEN:
                    return open_deduction(ctx, "SETUDANSEN2", [(g.eid[m][opp(s)], BLOCKED)],
                                f"{g.name(m)} lies between blacks {g.name(b)} and {g.name(b2)}"
                                f" and cannot turn; one side is blocked, so the other is too"
                                f" (case D)")
    return None


def _cut2_input_whites(ctx: Context, cs: Cells, f: Frame) -> Deduction | None:
    """Case E: input cell with whites ahead and beside; T1 cannot run across."""
    t1, t2, t8 = f.t1, f.t2, f.t8
    if not (cs.white(t1) and cs.white(t2) and cs.btw(f.t3, f.t5) == BLOCKED):
        return None
    if not (cs.white(t8) or cs.bd(t8, f.dp) == 1):
        return None
    return _block(ctx, cs, "SETUDANSEN2", t1, t8,
                  f"if white {ctx.g.name(t1)} ran across, it would have no turn beside it"
                  " (case E)")


# ---------------------------------------------------------------- TOJIWA3
def closed_loop_check_3(ctx: Context) -> Deduction | None:
    """TOJIWA3 (closed-loop check 3, Technique 3 cases A, B) on input pairs: using T2|T3
    would leave input cell N only ways that join it to its own other end; blocked when Prop
    12 says the loop would be partial."""
    cs = Cells(ctx.st)
    for f, kind in ctx.frames().input_pairs:
        if kind == 0 or f.t3 < 0 or cs.btw(f.t2, f.t3) != OPEN:
            continue
        ded = tojiwa3_frame(ctx, cs, f, kind)
        if ded:
            return ded
    return None


def tojiwa3_frame(ctx: Context, cs: Cells, f: Frame, kind: int,
                  virtual=None) -> Deduction | None:
    """Technique 3 on one input pair. With ``virtual`` (TOJIHAITI) only case A runs, and the
    virtual line's ends (N and T4, or N and T6) replace the same-line test."""
    n, t1, t2, t3, t4, t5, t6, t9 = f.c, f.t1, f.t2, f.t3, f.t4, f.t5, f.t6, f.t9
    g = ctx.g
    t10 = g.step(t5, f.d)
    pair = None
    if kind == 2 and (cs.white(t3) or (cs.black(t2) and cs.btw(t2, t3) == OPEN)):
        pair, absorbed, case = t4, (t1, t2, t3, t5), "case A"
    elif kind in (2, 3) and cs.end(t2) and (cs.white(t3) or cs.end(t3)):
        pair, absorbed, case = t4, (t1, t2, t3, t5), "case A"
    elif (kind == 4 or (kind == 5 and cs.end(t2))) and cs.white(t3) and cs.white(t5):
        pair, absorbed, case = t6, (t1, t2, t3, t4, t5, t10), "case A"
    if pair is not None and virtual is not None:
        if virtual.has_ends(n, pair) and virtual.partial(ctx, cs, absorbed):
            return _block(ctx, cs, virtual.technique, t2, t3,
                          f"{virtual.why}; using it would force line end {g.name(n)} to close"
                          f" that joined line at {g.name(pair)} (Technique 3 {case})")
        return None
    if virtual is not None:
        return None
    if pair is not None:
        ln = ctx.connected(n, pair)
        if ln is not None:
            wn, bn = cs.absorbed(*absorbed)
            if ctx.partial(0, wn, bn, ln.black_ends):
                return _block(ctx, cs, "TOJIWA3", t2, t3,
                              f"using it would force line end {g.name(n)} to close onto its"
                              f" other end {g.name(pair)} ({case})")
        return None
    if kind in (1, 2, 3) and cs.white(t2) and cs.white(t3) and cs.end(t5) and cs.end(t9):
        partner = t1 if kind == 1 else t4
        mid = ctx.connected(t5, partner)
        ln = ctx.connected(n, t9)
        if mid is not None and ln is not None and mid is not ln:
            wn, bn = cs.absorbed(t1, t2, t3)
            if ctx.partial(1, wn, bn + mid.black_ends, ln.black_ends):
                return _block(ctx, cs, "TOJIWA3", t2, t3,
                              f"using it would join line end {g.name(n)} to its other end"
                              f" {g.name(t9)} through the line at {g.name(t5)} (case B)")
    return None


# ---------------------------------------------------------------- KUROMSFOUR


def black_beside_walled_square(ctx: Context) -> Deduction | None:
    """KUROMSFOUR (black beside a walled 2x2, the paper's Technique 6 case D): a line from a
    black into a 2x2 block of free cells goes straight, and if the block's other pinwheel set
    of outer borders is blocked and the rest lead to blacks or are blocked, it is driven round
    the block back into its entry cell: impossible, so the black's border is blocked."""
    st, g = ctx.st, ctx.g
    for top in range(g.height - 1):
        for left in range(g.width - 1):
            tl = top * g.width + left
            block = (tl, tl + 1, tl + 1 + g.width, tl + g.width)  # TL, TR, BR, BL clockwise
            if any(g.pearl[x] != EMPTY or st.finished(x) for x in block):
                continue
            # outer border k of cell block[i]: pinwheel A uses side (i + 3) % 4 rotated set
            sets = (
                [(block[0], 0), (block[1], 1), (block[2], 2), (block[3], 3)],
                [(block[0], 3), (block[1], 0), (block[2], 1), (block[3], 2)],
            )
            for mine, other in ((sets[0], sets[1]), (sets[1], sets[0])):
                if any(st.border(x, s) != BLOCKED for x, s in other):
                    continue
                for k, (x, s) in enumerate(mine):
                    src = g.nb[x][s]
                    if src < 0 or g.pearl[src] != BLACK or st.border(x, s) != OPEN:
                        continue
                    rest = [mine[j] for j in range(4) if j != k]
                    if all(st.border(y, t) == BLOCKED or g.pearl[g.nb[y][t]] == BLACK
                           for y, t in rest):
                        return open_deduction(ctx, "KUROMSFOUR", [(g.eid[x][s], BLOCKED)],
                                    f"a line from black {g.name(src)} into {g.name(x)} would be"
                                    f" driven round the 2x2 block back to where it entered")
    return None


__all__ = ["cut_line_2", "closed_loop_check_3", "black_beside_walled_square"]


# ---------------------------------------------------------------- TOJIWA4
def _corner_other_end(cs: Cells, z: int, toward: int) -> int:
    """TANTENKIME: if z is a corner cell (free, two blocked orthogonal sides) opening toward
    ``toward``, the cell through its other opening (T10); else -1."""
    if not cs.free(z) or toward < 0 or cs.pbu(z) != (0, 2, 2):
        return -1
    st, g = cs.st, cs.g
    dirs = st.open_dirs(z)
    if dirs[0] % 2 == dirs[1] % 2 or g.direction(z, toward) not in dirs:
        return -1
    other = dirs[0] if g.nb[z][dirs[1]] == toward else dirs[1]
    return g.nb[z][other]


def closed_loop_check_4(ctx: Context) -> Deduction | None:
    """TOJIWA4 (closed-loop check 4, Technique 4 cases A-D): Technique 2 with the partner end
    reached through an extra corner cell Z (its far opening leads to the end T10)."""
    from pencilsat.grading.masyu_frames import pstype, wstype

    cs = Cells(ctx.st)
    frames = ctx.frames()
    for f, kind in frames.corner_pairs:
        c, t1, t2, t3, t5, t7, t8, t9 = f.c, f.t1, f.t2, f.t3, f.t5, f.t7, f.t8, f.t9
        if kind == 1:
            t10 = _corner_other_end(cs, t9, t2)
            if t10 >= 0 and wstype(cs, t2, f):
                ded = _closing4(ctx, cs, t1, t10, (t2, t9), (t2, t3, c, t9), "case A")
                if ded:
                    return ded
            t10 = _corner_other_end(cs, t5, t3)
            if t10 >= 0 and wstype(cs, t3, f):
                ded = _closing4(ctx, cs, t1, t10, (t3, t5), (t3, t2, c, t5), "case A")
                if ded:
                    return ded
        elif kind == 2 and cs.white(t3) and pstype(cs, t2, f) == 2:
            t10 = _corner_other_end(cs, t5, t3)
            if t10 >= 0:
                for partner, wall in ((t9, t7), (t7, t9)):
                    if cs.end(partner) and cs.btw(t2, wall) == BLOCKED:
                        ded = _closing4(ctx, cs, partner, t10, (t3, t5), (t3, t2, t5), "case B")
                        if ded:
                            return ded
        if kind in (6, 8) and cs.end(t9):
            ok = (kind == 6 and (cs.white(t2) or (cs.black(t9) and cs.btw(t2, t9) == OPEN))) or (
                kind == 8 and cs.black(t9) and cs.btw(t2, t9) == OPEN)
            t10 = _corner_other_end(cs, t8, t1)
            if ok and t10 >= 0:
                ded = _closing4(ctx, cs, t9, t10, (t2, t9), (t1, t2, t3, t8), "case D")
                if ded:
                    return ded
    for f, kind in frames.input_pairs:
        if kind != 1 or not (cs.white(f.t2) and cs.white(f.t3)) or cs.btw(f.t2, f.t9) != OPEN:
            continue
        n, t1, t5, t9 = f.c, f.t1, f.t5, f.t9
        t10 = _corner_other_end(cs, t5, f.t3)
        if t10 >= 0 and cs.end(t9):
            ded = _closing4(ctx, cs, t1, t10, (f.t2, t9), (f.t2, f.t3, t5), "case C",
                            absorbed_line=ctx.connected(n, t9))
            if ded:
                return ded
        t10 = _corner_other_end(cs, t9, f.t2)
        if t10 >= 0 and cs.end(t5):
            ded = _closing4(ctx, cs, n, t10, (f.t2, t9), (f.t2, f.t3, t9), "case C",
                            absorbed_line=ctx.connected(t1, t5))
            if ded:
                return ded
    return None


def _closing4(ctx, cs: Cells, x: int, y: int, target, absorbed, case: str,
              absorbed_line="none") -> Deduction | None:
    if target[0] < 0 or target[1] < 0 or cs.btw(*target) != OPEN:
        return None
    ln = ctx.connected(x, y)
    if ln is None or absorbed_line is None:
        return None
    wn, bn = cs.absorbed(*absorbed)
    extra = 0
    if absorbed_line != "none":
        if absorbed_line is ln:
            return None
        extra = 1
        bn += absorbed_line.black_ends
    if not ctx.partial(extra, wn, bn, ln.black_ends):
        return None
    g = ctx.g
    return _block(ctx, cs, "TOJIWA4", target[0], target[1],
                  f"using it would force the line to close on itself between {g.name(x)} and"
                  f" {g.name(y)} through a corner ({case})")


# ---------------------------------------------------------------- TOJIWA6
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


def closed_loop_check_6(ctx: Context) -> Deduction | None:
    """TOJIWA6 (closed-loop check 6, Technique 8 cases A, B1): for a type-1 region with
    exactly two free single-border exits, or a tube between two line ends, X1 and X2: with
    Y1, Y2 the far ends of their lines, if Y2 could join X1 in one step and otherwise has one
    forced route to Y1, entering at X1 is blocked; if X2's only other way is a route to Y1,
    Y2's step toward X1 is blocked. A Prop 12 guard is added (the listing has none).
    Case B2 (TEKICHECK): if the tube's "unused" alternatives at both ends close a cycle of
    two lines, the tube is used."""
    from pencilsat.grading.masyu_frames import cached_region

    st, g = ctx.st, ctx.g
    pairs: list[tuple[int, int, int, int, int]] = []
    for c in ctx.frames().corners:
        region = cached_region(ctx, c, 1)
        if region is None or len(region.exits) != 2:
            continue
        (x1, e1), (x2, e2) = region.exits.items()
        if len(e1) == 1 and len(e2) == 1 and g.pearl[x1] == EMPTY and g.pearl[x2] == EMPTY:
            wn = 0
            pairs.append((x1, x2, e1[0], e2[0], wn))
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


def _tube_must_be_used(ctx: Context, x1: int, x2: int, d: int) -> Deduction | None:
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
            return open_deduction(ctx, "TOJIWA6",
                                  [(g.eid[x1][d], PASSED), (g.eid[x2][opp(d)], PASSED)],
                        f"if the passage from {g.name(x1)} to {g.name(x2)} were unused, the"
                        f" lines at both its ends would be forced into a closed loop: it is"
                        f" used (case B2)")
    return None


def _tojiwa6_core(ctx: Context, x1: int, x2: int, e1: int, e2: int) -> Deduction | None:
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
            return open_deduction(ctx, "TOJIWA6", [(e1, BLOCKED)],
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
            return open_deduction(ctx, "TOJIWA6", [(g.eid[y2][step], BLOCKED)],
                        f"if {g.name(y2)} joined {g.name(x1)}, {g.name(x2)} could not use the"
                        f" passage and would be forced to close the loop onto {g.name(y1)}")
    return None
