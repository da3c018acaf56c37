"""Closing a line on itself by a forced route: ``ONESTEPTOJI`` and ``TOJIWA1`` (Sato 2007).

Digest §4.2 (Corollary 1 of Prop 12, level 1) and §4.3 (Technique 1, level 2): a move that
would join the two ends of one line, directly or along a forced passable route, is blocked
when Prop 12 says the loop it closes would be partial.
"""

from __future__ import annotations

from pencilsat.grading.masyu.context import Context, open_finding
from pencilsat.grading.masyu.state import (
    BLACK,
    BLOCKED,
    DIR_NAMES,
    DOWN,
    LEFT,
    OPEN,
    RIGHT,
    UP,
    WHITE,
    Finding,
    opp,
    useful_finding,
)


def one_step_closing(ctx: Context) -> Finding | None:
    """ONESTEPTOJI (one-step closing, Corollary 1 of Prop 12): with two or more lines, the
    ends of one line that are 1-3 cells apart in a row or column must not be joined by a move
    that is forced straight through (a black's leg, or whites in between).

    Ambiguity: the listing only handles the first end when both ends are black; we check both
    ends (digest §4.2 [?])."""
    if ctx.ln < 2:
        return None
    for ln in ctx.window:
        ded = one_step_pair(ctx, ln.a, ln.b)
        if ded is not None:
            return ded
    return None


def one_step_pair(ctx: Context, a: int, b: int) -> Finding | None:
    """The ONESTEP geometry for ends a, b; None when nothing follows. (TOJIWA6 has its own
    variant, ``closed_loop_tubes._one_step_dir``, which asks only which way joins them.)"""
    st, g = ctx.st, ctx.g
    (ra, ca), (rb, cb) = g.rc(a), g.rc(b)
    if ra != rb and ca != cb:
        return None
    dist = abs(ra - rb) + abs(ca - cb)
    if dist == 0 or dist > 3:
        return None
    if ra == rb:
        d = RIGHT if cb > ca else LEFT
    else:
        d = DOWN if rb > ra else UP
    od = opp(d)
    name = "ONESTEPTOJI"
    ends = f"ends {g.name(a)} and {g.name(b)} of one line"
    if dist == 1:
        if st.border(a, d) != OPEN:
            return None
        return useful_finding(st, name, [(g.eid[a][d], BLOCKED)],
                              f"{ends} are adjacent: joining them would close a partial loop")
    m1 = g.nb[a][d]
    if dist == 2:
        for x, dx in ((a, d), (b, od)):
            if g.pearl[x] == BLACK and st.border(x, dx) == OPEN:
                return useful_finding(
                    st, name, [(g.eid[x][dx], BLOCKED)],
                    f"{ends}: black {g.name(x)} going toward the other end would"
                    f" run straight into it and close a partial loop")
        if st.white_undetermined(m1):
            return useful_finding(
                st, name, [(g.eid[a][d], BLOCKED)],
                f"{ends}: through white {g.name(m1)} the line would close a loop")
        return None
    m2 = g.nb[m1][d]
    if g.pearl[m1] == WHITE and g.pearl[m2] == WHITE and st.white_undetermined(m1):
        return useful_finding(st, name, [(g.eid[a][d], BLOCKED)],
                              f"{ends}: through whites {g.name(m1)}, {g.name(m2)} the line would"
                              f" close a loop")
    return None


def closed_loop_check_1(ctx: Context) -> Finding | None:
    """TOJIWA1 (closed-loop check 1, Technique 1): if leaving a line end E in direction d
    follows a forced passable route straight back to the line's other end, and Prop 12 says
    the loop would be partial, that border of E is blocked. Level 2: routes of at most 10
    route cells; level 3: 20, through forced 3/4-way cells too."""
    st, g = ctx.st, ctx.g
    for ln in ctx.window:
        for e, f in ((ln.a, ln.b), (ln.b, ln.a)):
            for d in st.open_dirs(e):
                stop, wn = ctx.route(e, d)
                if stop == f and ctx.partial(0, wn, 0, ln.black_ends):
                    return open_finding(
                        ctx, "TOJIWA1", [(g.eid[e][d], BLOCKED)],
                        f"from line end {g.name(e)} going {DIR_NAMES[d]} the route is"
                        f" forced back to the other end {g.name(f)}: a partial loop")
    return None
