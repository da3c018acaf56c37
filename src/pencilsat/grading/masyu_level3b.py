"""Level-3 techniques that reason about a hypothesis or a certain joint: TOJIWA5, RENSENENTYO.

Digest §4.4.4 and §4.4.7 (Sato 2007, Technique 7 and "Techniques 2, 3 applied to two
separated lines that are connected").
"""

from __future__ import annotations

from pencilsat.grading.masyu_context import Context, open_deduction
from pencilsat.grading.masyu_frames import Cells, build_region
from pencilsat.grading.masyu_state import (
    BLACK,
    BLOCKED,
    DIR_NAMES,
    OPEN,
    PASSED,
    Deduction,
)


# ---------------------------------------------------------------- TOJIWA5
def closed_loop_check_5(ctx: Context) -> Deduction | None:
    """TOJIWA5 (closed-loop check 5, Technique 7 case A, hypothetical region): suppose the
    line runs vertically through T1 (a white, or the cell under a black T4) into corner C and
    so turns into T2. Build T2's type-1 region under that hypothesis (on a copy of the state):
    if C is its only exit (configuration 1), or its only other exit is the cell T4/T6 the
    hypothetical line came from (configuration 2, a small closed loop), the hypothesis fails
    and T1|T4 is blocked.

    Choices: temporary borders live on a copy, so previous values are kept (the listing reset
    them to 0); configuration 2 gets a Prop 12 guard (the loop would absorb T1, T4 and no
    line). Case B (short straight lines, parity) is not implemented: without the figure we
    could not convince ourselves of its argument."""
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
    return None


# ---------------------------------------------------------------- RENSENENTYO
def connected_lines_extension(ctx: Context) -> Deduction | None:
    """RENSENENTYO (extension of connected lines): find two different lines that are certain
    to be joined (case A: input cell T1 and a cell T2 that can only meet it via C or T3; case
    B: input cell N and T4 joined either through T1 or through a line from T2 to T5), treat
    their far ends as one virtual line, and apply Technique 1 to it.

    Choices: the listing's "always partial" verdict is replaced by a Prop 12 test that counts
    the joined lines as absorbed; the Technique 2/3 patterns (TOJIHAITI) and case C (tubes)
    are not implemented."""
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
            ded = _extend(ctx, cs, f.c, f.t4, absorbed=(f.t1, f.t2, f.t5), extra_lines=2)
            if ded:
                return ded
    return None


def _corner_toward(cs: Cells, z: int, a: int, b: int) -> bool:
    if not cs.free(z) or cs.pbu(z) != (0, 2, 2) or a < 0 or b < 0:
        return False
    g = cs.g
    dirs = set(cs.st.open_dirs(z))
    return {g.nb[z][d] for d in dirs} == {a, b}


def _extend(ctx: Context, cs: Cells, x: int, y: int, absorbed, extra_lines: int):
    st, g = ctx.st, ctx.g
    lx, ly = ctx.partner.get(x), ctx.partner.get(y)
    if lx is None or ly is None or lx is ly:
        return None
    p = lx.b if lx.a == x else lx.a
    q = ly.b if ly.a == y else ly.a
    if p == q:
        return None
    wn0, bn0 = cs.absorbed(*absorbed, x, y)
    n = sum(1 for z in (p, q) if g.pearl[z] == BLACK)
    for e, f in ((p, q), (q, p)):
        for d in st.open_dirs(e):
            stop, wn = ctx.route(e, d)
            if stop == f and ctx.partial(extra_lines, wn + wn0, bn0, n):
                return open_deduction(ctx, "RENSENENTYO", [(g.eid[e][d], BLOCKED)],
                            f"the lines ending at {g.name(x)} and {g.name(y)} must join; going"
                            f" {DIR_NAMES[d]} from {g.name(e)} would close the joined line"
                            f" {g.name(p)}...{g.name(q)} on itself")
    return None


__all__ = ["closed_loop_check_5", "connected_lines_extension"]
