"""Closed-loop check 5, ``TOJIWA5`` (Sato 2007 Technique 7; digest §4.4.4), level 3.

Both cases reason about a hypothesis. Case A: suppose the line runs through a white or under
a black into a corner; if that traps it in a pocket (or closes a small loop), the border is
blocked. Case B: a short straight line whose ends must turn the same way by parity (Prop 8')
would close a loop if they turned away from the area holding two line ends.
"""

from __future__ import annotations

from pencilsat.grading.masyu.context import Context, open_finding
from pencilsat.grading.masyu.frames import Cells, frames_of
from pencilsat.grading.masyu.general_regions import flood
from pencilsat.grading.masyu.state import (
    BLOCKED,
    DIR_NAMES,
    DOWN,
    LEFT,
    OPEN,
    PASSED,
    RIGHT,
    UP,
    Finding,
    ccw,
    cw,
    opp,
)
from pencilsat.grading.masyu.typed_regions import build_region


def closed_loop_check_5(ctx: Context) -> Finding | None:
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
    for f, kind in frames_of(ctx).corner_pairs:
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
            return open_finding(ctx, "TOJIWA5", [(cs.edge(t1, t4), BLOCKED)],
                                f"if the line ran through {g.name(t1)} into corner {g.name(c)} it"
                                f" would be trapped in the pocket at {g.name(t2)}: border"
                                f" {g.name(t1)}-{g.name(t4)} blocked")
    return short_straight_line_parity(ctx)


def short_straight_line_parity(ctx: Context) -> Finding | None:
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


def _turn_same_side(ctx: Context, a: int, b: int, s: int) -> Finding | None:
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
    return open_finding(ctx, "TOJIWA5", [(ea, PASSED), (eb, PASSED)],
                        f"the area on the {side} side of the straight line {g.name(a)}-"
                        f"{g.name(b)} holds two line ends, so by parity both ends of the line"
                        f" turn the same way; turning {other} they would be led to"
                        f" {g.name(la)} and {g.name(lb)}, the ends of one line, closing a loop"
                        f" without those two line ends: both turn {side} (case B)")
