"""Level-3 techniques that reason about a hypothesis or a certain joint: TOJIWA5, RENSENENTYO.

Digest §4.4.4 and §4.4.7 (Sato 2007, Technique 7 and "Techniques 2, 3 applied to two
separated lines that are connected").
"""

from __future__ import annotations

from pencilsat.grading.masyu_context import Context, open_deduction
from pencilsat.grading.masyu_frames import Cells, build_region
from pencilsat.grading.masyu_level3 import tubes, unused_join
from pencilsat.grading.masyu_region import flood
from pencilsat.grading.masyu_state import (
    BLACK,
    BLOCKED,
    DIR_NAMES,
    DOWN,
    LEFT,
    OPEN,
    PASSED,
    RIGHT,
    UP,
    WHITE,
    Deduction,
    ccw,
    cw,
    opp,
)
from pencilsat.grading.masyu_virtual import VirtualLine, virtual_line_patterns


# ---------------------------------------------------------------- TOJIWA5
def closed_loop_check_5(ctx: Context) -> Deduction | None:
    """TOJIWA5 (closed-loop check 5, Technique 7). Case A, hypothetical region: suppose the
    line runs vertically through T1 (a white, or the cell under a black T4) into corner C and
    so turns into T2. Build T2's type-1 region under that hypothesis (on a copy of the state):
    if C is its only exit (configuration 1), or its only other exit is the cell T4/T6 the
    hypothetical line came from (configuration 2, a small closed loop), the hypothesis fails
    and T1|T4 is blocked.

    Choices: temporary borders live on a copy, so previous values are kept (the listing reset
    them to 0); configuration 2 gets a Prop 12 guard (the loop would absorb T1, T4 and no
    line). When case A finds nothing, case B (``short_straight_line_parity``) runs, as in
    the listing."""
    st, g = ctx.st, ctx.g
    cs = Cells(st)
    for f, kind in ctx.frames().corner_pairs:
        if kind not in (6, 7):
            continue
        c, t1, t2, t3, t4, t5, t6 = f.c, f.t1, f.t2, f.t3, f.t4, f.t5, f.t6
        if t3 < 0 or t4 < 0 or cs.btw(t1, t4) != OPEN:
            continue
        if not (cs.free(t2) and cs.free(t3) and cs.pbu(t2)[0] == 0 and cs.pbu(t3)[0] == 0
                and cs.btw(t2, t3) == OPEN):
            continue
        hyp = st.copy()
        hyp.set_edge(cs.edge(c, t1), PASSED)
        if hyp.between(t1, t3) == OPEN:
            hyp.set_edge(cs.edge(t1, t3), BLOCKED)
        second = -1
        if cs.bd(t3, f.d) == BLOCKED:
            config = 1
        elif t5 >= 0 and st.between(t3, t5) == OPEN and cs.free(t5) and cs.pbu(t5)[0] == 0:
            if kind == 6 and cs.white(t4):
                t10 = g.step(t5, f.d)
                if not (t6 >= 0 and cs.free(t10) and cs.pbu(t10)[0] == 0
                        and st.between(t5, t10) == OPEN):
                    continue
                hyp.set_edge(cs.edge(t4, t5), BLOCKED)
                if cs.pbu(t6)[0] == 0:
                    hyp.set_edge(cs.edge(t4, t6), PASSED)
                config = 1 if st.between(t10, t6) == BLOCKED else 2
                second = t6
            else:
                if kind == 6 and cs.pbu(t4)[0] == 0:
                    hyp.set_edge(cs.edge(t1, t4), PASSED)
                config = 1 if st.between(t4, t5) == BLOCKED else 2
                second = t4
        else:
            continue
        if hyp.contradiction:
            continue
        region = build_region(hyp, t2, 1)
        if region is None or c not in region.exits:
            continue
        exits = region.exits
        refuted = config == 1 and len(exits) == 1
        if config == 2 and len(exits) == 2 and second in exits and len(exits[second]) == 1:
            wn, bn = cs.absorbed(t1, t4, second)
            refuted = ctx.ln >= 1 or ctx.wn - wn > 0 or ctx.bn - bn > 0
        if refuted:
            return open_deduction(ctx, "TOJIWA5", [(cs.edge(t1, t4), BLOCKED)],
                        f"if the line ran through {g.name(t1)} into corner {g.name(c)} it"
                        f" would be trapped in the pocket at {g.name(t2)}: border"
                        f" {g.name(t1)}-{g.name(t4)} blocked")
    return short_straight_line_parity(ctx)


def short_straight_line_parity(ctx: Context) -> Deduction | None:
    """TOJIWA5 case B (Technique 7, short straight line, parity Prop 8'): a straight line A-B
    of 2-4 segments whose ends are walled straight ahead, so each end turns to side s or to
    the other side. Fill the area beside the line on side s (through undetermined borders,
    not through A's and B's s-side borders, at most 50 cells). When that area holds exactly
    two line ends, the line crosses its boundary an even number of times, so A and B turn
    the same way (Prop 8'). If turning away from s sends A and B along forced routes to the
    two ends of one line, that would close a loop leaving the two ends in the area outside:
    both s-side borders are used.

    Choices: the listing does not check that the fill is really bounded by A's and B's s-side
    borders; we require that it contains the cells beside both A and B on side s but neither
    A, B nor the route ends, so the parity argument holds as stated."""
    st, g = ctx.st, ctx.g
    for ln in ctx.lines:
        if not 2 <= ln.length <= 4:
            continue
        a, b = ln.a, ln.b
        (ra, ca), (rb, cb) = g.rc(a), g.rc(b)
        if (ra != rb and ca != cb) or abs(ra - rb) + abs(ca - cb) != ln.length:
            continue
        d = (RIGHT if cb > ca else LEFT) if ra == rb else (DOWN if rb > ra else UP)
        if st.counts(a)[1] != 1 or st.border(a, opp(d)) != BLOCKED:
            continue
        if st.counts(b)[1] != 1 or st.border(b, d) != BLOCKED:
            continue
        for s in (cw(d), ccw(d)):
            ded = _turn_same_side(ctx, a, b, s)
            if ded:
                return ded
    return None


def _turn_same_side(ctx: Context, a: int, b: int, s: int) -> Deduction | None:
    st, g = ctx.st, ctx.g
    ea, eb = g.eid[a][s], g.eid[b][s]
    sa, sb = g.nb[a][s], g.nb[b][s]
    if sa < 0 or sb < 0 or st.val[ea] != OPEN or st.val[eb] != OPEN:
        return None
    fill = flood(ctx, sa, {ea, eb})
    if fill is None:
        return None
    seen, ends, _, _ = fill
    if len(ends) != 2 or sb not in seen or a in seen or b in seen:
        return None
    la, _ = ctx.route(a, opp(s))
    lb, _ = ctx.route(b, opp(s))
    if la < 0 or lb < 0 or la in seen or lb in seen or ctx.connected(la, lb) is None:
        return None
    side, other = DIR_NAMES[s], DIR_NAMES[opp(s)]
    return open_deduction(ctx, "TOJIWA5", [(ea, PASSED), (eb, PASSED)],
                          f"the area on the {side} side of the straight line {g.name(a)}-"
                          f"{g.name(b)} holds two line ends, so by parity both ends of the line"
                          f" turn the same way; turning {other} they would be led to"
                          f" {g.name(la)} and {g.name(lb)}, the ends of one line, closing a loop"
                          f" without those two line ends: both turn {side} (case B)")


# ---------------------------------------------------------------- RENSENENTYO
def connected_lines_extension(ctx: Context) -> Deduction | None:
    """RENSENENTYO (extension of connected lines): find two different lines that are certain
    to be joined (case A: input cell T1 and a cell T2 that can only meet it via C or T3; case
    B: input cell N and T4 joined either through T1 or through a line from T2 to T5), treat
    their far ends as one virtual line, and apply Technique 1 to it.

    Case C: a tube whose "unused" alternatives lead its two end cells to the two ends of one
    line (see ``_tube_ends_join``). After Technique 1 the Technique 2/3 patterns (TOJIHAITI,
    ``masyu_virtual``) run on the virtual line.

    Choices: the listing's "always partial" verdict is replaced by a Prop 12 test that counts
    the joined lines as absorbed (for B and C the line gamma too, although the other
    alternative does not take it in: counting more can only withhold a deduction)."""
    st = ctx.st
    cs = Cells(st)
    frames = ctx.frames()
    if ctx.ln >= 3:
        for f, kind in frames.corner_pairs:
            if kind != 1:
                continue
            t1, t2, t3 = f.t1, f.t2, f.t3
            joined = cs.input_like(t2, f.gd, f.rd) or (
                cs.end(t2) and _corner_toward(cs, t3, t2, t1))
            if not joined:
                continue
            ded = _extend(ctx, cs, t1, t2, absorbed=(f.c, t3), extra_lines=1)
            if ded:
                return ded
    if ctx.ln >= 4:
        for f, kind in frames.input_pairs:
            if kind != 2 or cs.btw(f.t1, f.t3) != BLOCKED:
                continue
            gamma = ctx.connected(f.t2, f.t5)
            if gamma is None:
                continue
            ded = _extend(ctx, cs, f.c, f.t4, absorbed=(f.t1, f.t2, f.t5), extra_lines=2,
                          avoid=gamma)
            if ded:
                return ded
        for _cells, d, x1, x2 in tubes(ctx):
            ded = _tube_ends_join(ctx, cs, x1, x2, d)
            if ded:
                return ded
    return None


def _tube_ends_join(ctx: Context, cs: Cells, x1: int, x2: int, d: int) -> Deduction | None:
    """RENSENENTYO case C: a tube between line ends x1 and x2 whose "unused" alternatives
    (TEKICHECK) lead x1 and x2 to the two ends of one line gamma: used or not, the tube ends
    get joined, so their lines are extended as one virtual line.

    Choice: a white tube end has no line of its own to extend (the listing does not guard
    this, digest §4.4.7 [?]); such tubes are skipped. The Prop 12 test counts both gamma and
    the other tube end's line as absorbed, with the whites on the forced routes (the larger
    of the two alternatives, so "partial" holds for either)."""
    g = ctx.g
    if g.pearl[x1] == WHITE or g.pearl[x2] == WHITE:
        return None
    j1, j2 = unused_join(ctx, x1, d), unused_join(ctx, x2, opp(d))
    if j1 is None or j2 is None:
        return None
    (_, l1, w1), (_, l2, w2) = j1, j2
    gamma = ctx.connected(l1, l2)
    if gamma is None:
        return None
    return _extend(ctx, cs, x1, x2, absorbed=(l1, l2), extra_lines=2, extra_wn=w1 + w2,
                   avoid=gamma)


def _corner_toward(cs: Cells, z: int, a: int, b: int) -> bool:
    if not cs.free(z) or cs.pbu(z) != (0, 2, 2) or a < 0 or b < 0:
        return False
    g = cs.g
    dirs = set(cs.st.open_dirs(z))
    return {g.nb[z][d] for d in dirs} == {a, b}


def _extend(ctx: Context, cs: Cells, x: int, y: int, absorbed, extra_lines: int,
            extra_wn: int = 0, avoid=None):
    """ENTYOTOJISYORI: x and y will be joined; Technique 1 and then the Technique 2/3
    patterns (TOJIHAITI) on the virtual line between the far ends of their lines. ``avoid``
    is a line that must differ from both (the line gamma of case B/C)."""
    st, g = ctx.st, ctx.g
    lx, ly = ctx.partner.get(x), ctx.partner.get(y)
    if lx is None or ly is None or lx is ly or (avoid is not None and avoid in (lx, ly)):
        return None
    p = lx.b if lx.a == x else lx.a
    q = ly.b if ly.a == y else ly.a
    if p == q:
        return None
    wn0, bn0 = cs.absorbed(*absorbed, x, y)
    wn0 += extra_wn
    n = sum(1 for z in (p, q) if g.pearl[z] == BLACK)
    for e, f in ((p, q), (q, p)):
        for d in st.open_dirs(e):
            stop, wn = ctx.route(e, d)
            if stop == f and ctx.partial(extra_lines, wn + wn0, bn0, n):
                return open_deduction(ctx, "RENSENENTYO", [(g.eid[e][d], BLOCKED)],
                            f"the lines ending at {g.name(x)} and {g.name(y)} must join; going"
                            f" {DIR_NAMES[d]} from {g.name(e)} would close the joined line"
                            f" {g.name(p)}...{g.name(q)} on itself")
    return virtual_line_patterns(ctx, VirtualLine(
        "RENSENENTYO", p, q, lines=extra_lines, absorbed=(*absorbed, x, y), extra_wn=extra_wn,
        why=f"the lines ending at {g.name(x)} and {g.name(y)} must join into one line"
            f" {g.name(p)}...{g.name(q)}"))


__all__ = ["closed_loop_check_5", "connected_lines_extension", "short_straight_line_parity"]
