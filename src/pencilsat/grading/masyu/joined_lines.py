"""Extension of connected lines, ``RENSENENTYO`` (Sato 2007; digest §4.4.7), level 3.

Two different lines that are certain to be joined (through a corner, an input pair or a tube)
act as one virtual line between their far ends: Technique 1 is applied to it, then the
Technique 2/3 frame patterns (TOJIHAITI, :mod:`virtual_lines`).
"""

from __future__ import annotations

from pencilsat.grading.masyu.closed_loop_tubes import tubes, unused_join
from pencilsat.grading.masyu.context import Context, open_finding
from pencilsat.grading.masyu.frames import Cells, frames_of
from pencilsat.grading.masyu.state import BLACK, BLOCKED, DIR_NAMES, WHITE, Finding, Line, opp
from pencilsat.grading.masyu.virtual_lines import VirtualLine, virtual_line_patterns


def connected_lines_extension(ctx: Context) -> Finding | None:
    """RENSENENTYO (extension of connected lines): find two different lines that are certain
    to be joined (case A: input cell T1 and a cell T2 that can only meet it via C or T3; case
    B: input cell N and T4 joined either through T1 or through a line from T2 to T5), treat
    their far ends as one virtual line, and apply Technique 1 to it.

    Case C: a tube whose "unused" alternatives lead its two end cells to the two ends of one
    line (see ``_tube_ends_join``). After Technique 1 the Technique 2/3 patterns (TOJIHAITI,
    :mod:`virtual_lines`) run on the virtual line.

    Choices: the listing's "always partial" verdict is replaced by a Prop 12 test that counts
    the joined lines as absorbed (for B and C the line gamma too, although the other
    alternative does not take it in: counting more can only withhold a deduction)."""
    st = ctx.st
    cs = Cells(st)
    frames = frames_of(ctx)
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


def _tube_ends_join(ctx: Context, cs: Cells, x1: int, x2: int, d: int) -> Finding | None:
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


def _extend(ctx: Context, cs: Cells, x: int, y: int, absorbed: tuple[int, ...],
            extra_lines: int, extra_wn: int = 0, avoid: Line | None = None) -> Finding | None:
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
                return open_finding(
                    ctx, "RENSENENTYO", [(g.eid[e][d], BLOCKED)],
                    f"the lines ending at {g.name(x)} and {g.name(y)} must join; going"
                    f" {DIR_NAMES[d]} from {g.name(e)} would close the joined line"
                    f" {g.name(p)}...{g.name(q)} on itself")
    return virtual_line_patterns(ctx, VirtualLine(
        "RENSENENTYO", p, q, lines=extra_lines, absorbed=(*absorbed, x, y), extra_wn=extra_wn,
        why=f"the lines ending at {g.name(x)} and {g.name(y)} must join into one line"
            f" {g.name(p)}...{g.name(q)}"))
