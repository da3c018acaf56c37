"""Level-2 techniques of Sato (2007): run checks, closed-loop checks 1-2, cut line 1, regions.

Digest §4.3. Each function inspects the context and returns its first deduction (or None),
as the listing's routines return after their first success. Closed-loop techniques test
Prop 12 before blocking, so a move that would close the actual solution is never forbidden.
"""

from __future__ import annotations

from pencilsat.grading.masyu_context import Context, open_deduction, straight_forced
from pencilsat.grading.masyu_frames import (
    Cells,
    Frame,
    build_region,
    cached_region,
    cut_line_target,
    pstype,
)
from pencilsat.grading.masyu_state import (
    BLACK,
    BLOCKED,
    DIR_NAMES,
    DOWN,
    EMPTY,
    OPEN,
    PASSED,
    RIGHT,
    WHITE,
    Deduction,
    opp,
)


# ---------------------------------------------------------------- SIROMSRENCH
def white_run_check(ctx: Context) -> Deduction | None:
    """SIROMSRENCH (white-run check, Props 3, 6①): a single white whose both outer cells along
    an axis are forced straight, or a white pair with one forced-straight outer cell, cannot
    run along that axis (no turning neighbour). "Forced straight" also counts a cell whose two
    side borders are blocked (the listing's RENCHECK extends the paper's wording)."""
    st, g = ctx.st, ctx.g
    for q in range(g.size):
        if not st.white_undetermined(q):
            continue
        for d in (RIGHT, DOWN):
            before = g.nb[q][opp(d)]
            if before >= 0 and g.pearl[before] == WHITE:
                continue
            run = [q]
            nxt = g.nb[q][d]
            if nxt >= 0 and g.pearl[nxt] == WHITE:
                run.append(nxt)
            after = g.nb[run[-1]][d]
            if len(run) == 2 and after >= 0 and g.pearl[after] == WHITE:
                continue
            if before < 0 or after < 0:
                continue
            fb = straight_forced(st, before, opp(d))
            fa = straight_forced(st, after, d)
            hit = (fb and fa) if len(run) == 1 else (fb or fa)
            if hit:
                axis = "horizontally" if d == RIGHT else "vertically"
                what = f"white {g.name(q)}" if len(run) == 1 else (
                    f"whites {g.name(q)}, {g.name(run[1])}")
                return open_deduction(ctx, "SIROMSRENCH", [(g.eid[q][d], BLOCKED)],
                            f"{what} cannot run {axis}: a neighbour along that axis is forced"
                            f" straight, leaving no turn")
    return None


# ---------------------------------------------------------------- KUROMSRENCH
def black_white_run_check(ctx: Context) -> Deduction | None:
    """KUROMSRENCH (black + white run, Prop 6②): a black cannot go toward a white two cells
    away when the cell beyond that white is white or forced straight."""
    st, g = ctx.st, ctx.g
    for b in range(g.size):
        if not st.black_undetermined(b):
            continue
        for d in st.open_dirs(b):
            n2 = g.step(b, d, 2)
            n3 = g.step(n2, d)
            if n3 < 0 or g.pearl[n2] != WHITE:
                continue
            if g.pearl[n3] == WHITE or (g.pearl[n3] == EMPTY and straight_forced(st, n3, d)):
                return open_deduction(ctx, "KUROMSRENCH", [(g.eid[b][d], BLOCKED)],
                            f"black {g.name(b)} going {DIR_NAMES[d]} would make white"
                            f" {g.name(n2)} straight between straight cells")
    return None


# ---------------------------------------------------------------- TOJIWA1
def closed_loop_check_1(ctx: Context) -> Deduction | None:
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
                    return open_deduction(ctx, "TOJIWA1", [(g.eid[e][d], BLOCKED)],
                                f"from line end {g.name(e)} going {DIR_NAMES[d]} the route is"
                                f" forced back to the other end {g.name(f)}: a partial loop")
    return None


# ---------------------------------------------------------------- TOJIWA2
def closed_loop_check_2(ctx: Context) -> Deduction | None:
    """TOJIWA2 (closed-loop check 2, Technique 2 cases A-D) on corner pairs: a border whose
    use forces the line around the corner back onto its own other end is blocked."""
    cs = Cells(ctx.st)
    for f, kind in ctx.frames().corner_pairs:
        ded = tojiwa2_frame(ctx, cs, f, kind)
        if ded is not None:
            return ded
    return None


def _closing(ctx, cs: Cells, name: str, x: int, y: int, target: tuple[int, int],
             absorbed: tuple[int, ...], why: str, virtual=None) -> Deduction | None:
    """Block ``target`` when x, y are the ends of one window line and Prop 12 says partial.

    With ``virtual`` (a ``VirtualLine``, TOJIHAITI) x, y must instead be the virtual line's
    two ends, and its own partial-loop test (Prop 12② totals, or "always") decides."""
    if target[0] < 0 or target[1] < 0 or cs.btw(*target) != OPEN:
        return None
    g = ctx.g
    if virtual is not None:
        if not virtual.has_ends(x, y) or not virtual.partial(ctx, cs, absorbed):
            return None
        return open_deduction(ctx, virtual.technique, [(cs.edge(*target), BLOCKED)],
                    f"{virtual.why}; using {g.name(target[0])}-{g.name(target[1])} would"
                    f" force that joined line to close on itself between {g.name(x)} and"
                    f" {g.name(y)} (Technique 2 {why})")
    ln = ctx.connected(x, y)
    if ln is None:
        return None
    wn, bn = cs.absorbed(*absorbed)
    if not ctx.partial(0, wn, bn, ln.black_ends):
        return None
    return open_deduction(ctx, name, [(cs.edge(*target), BLOCKED)],
                f"using {g.name(target[0])}-{g.name(target[1])} would force the line to close"
                f" on itself between {g.name(x)} and {g.name(y)} ({why})")


def tojiwa2_frame(ctx: Context, cs: Cells, f: Frame, kind: int,
                  virtual=None) -> Deduction | None:
    """Technique 2 on one corner pair. With ``virtual`` (TOJIHAITI) only the cases the
    listing applies to virtual lines run: A (KKL type 1) and C (type 4); the virtual line's
    ends replace the same-line test."""
    c, t1, t2, t3, t5 = f.c, f.t1, f.t2, f.t3, f.t5
    t7, t8, t9 = f.t7, f.t8, f.t9
    name = "TOJIWA2"
    if ctx.fsetuk:
        return None
    if kind == 1:
        if cs.end(t5) and (cs.white(t3) or (cs.bd(t3, f.gd) == BLOCKED and cs.pbu(t3)[2] == 3)
                           or (cs.black(t5) and cs.btw(t3, t5) == OPEN)):
            ded = _closing(ctx, cs, name, t1, t5, (t3, t5), (t3, t2, c), "case A", virtual)
            if ded:
                return ded
        if cs.end(t9) and (cs.white(t2) or (cs.btw(t2, t7) == BLOCKED and cs.pbu(t2)[2] == 3)
                           or (cs.black(t9) and cs.btw(t2, t9) == OPEN)):
            ded = _closing(ctx, cs, name, t1, t9, (t2, t9), (t2, t3, c), "case A", virtual)
            if ded:
                return ded
    elif kind == 4:
        if cs.white(t2) and cs.white(t3) and cs.end(t9):
            ded = _closing(ctx, cs, name, f.t4, t9, (t2, t9), (t2, t3, t5), "case C", virtual)
            if ded:
                return ded
    if virtual is not None:
        return None
    if kind == 2:
        if (pstype(cs, t2, f) == 2 and cs.end(t5)
                and (cs.white(t3) or (cs.black(t5) and cs.btw(t3, t5) == OPEN))):
            if cs.end(t9) and cs.btw(t2, t7) == BLOCKED:
                ded = _closing(ctx, cs, name, t5, t9, (t3, t5), (t3, t2), "case B")
                if ded:
                    return ded
            if cs.end(t7) and cs.btw(t2, t9) == BLOCKED:
                ded = _closing(ctx, cs, name, t5, t7, (t3, t5), (t3, t2), "case B")
                if ded:
                    return ded
    if kind in (6, 8) and cs.end(t8) and cs.end(t9):
        ok = (kind == 6 and (cs.white(t2) or (cs.black(t9) and cs.btw(t2, t9) == OPEN))) or (
            kind == 8 and cs.black(t9) and cs.btw(t2, t9) == OPEN)
        if ok:
            return _closing(ctx, cs, name, t8, t9, (t2, t9), (t1, t2, t3), "case D")
    return None


# ---------------------------------------------------------------- SETUDANSEN1
def cut_line_1(ctx: Context) -> Deduction | None:
    """SETUDANSEN1 (cut line 1, Technique 5 cases A, B): a border whose use would leave an
    input cell (a line end with two ways out) with no way out at all is blocked."""
    cs = Cells(ctx.st)
    g = ctx.g
    for f, kind in ctx.frames().corner_pairs:
        c, t1, t2, t3, t5, t9 = f.c, f.t1, f.t2, f.t3, f.t5, f.t9
        if t3 < 0:
            continue
        if kind == 1 and cs.btw(t2, t3) == OPEN:
            target = cut_line_target(cs, t2, t3, t5, t9)
            if target:
                return open_deduction(ctx, "SETUDANSEN1", [(cs.edge(*target), BLOCKED)],
                            f"using {g.name(target[0])}-{g.name(target[1])} would leave line end"
                            f" {g.name(t1)} no way out (case A)")
        if (kind in (3, 6, 7) and cs.end(t2) and cs.btw(t2, t3) == OPEN
                and cs.input_like(t3, f.d, f.gd)):
            target = (t1, f.t4) if kind == 7 else (c, t1)
            if target[1] >= 0 and cs.btw(*target) == OPEN:
                return open_deduction(ctx, "SETUDANSEN1", [(cs.edge(*target), BLOCKED)],
                            f"using {g.name(target[0])}-{g.name(target[1])} would leave line end"
                            f" {g.name(t3)} no way out (case B)")
    return None


# ---------------------------------------------------------------- TY1RYOIKI
def type1_region(ctx: Context) -> Deduction | None:
    """TY1RYOIKI (type-1 region, Prop 9): a pocket of empty free cells whose only ways in are
    its exits. One exit: blocked (a line could not leave again). Two exits that are the ends
    of one line: both blocked if Prop 12 says partial. Level 3 adds the parity case B
    (Prop 8') and case C (exits that are whites lead on to the line ends behind them). An
    exit-less pocket is marked finished without setting a border (as the listing does).

    Ambiguity: for one exit touching through two borders the listing reads stale data; we
    block when that exit is a free cell (level 2) or any cell (level 3), first border only."""
    st, g = ctx.st, ctx.g
    cs = Cells(st)
    for c in ctx.frames().corners:
        if c in st.pocket:
            continue
        region = cached_region(ctx, c, 1)
        if region is None:
            continue
        exits = region.exits
        if not exits:
            st.pocket.update(region.cells)
            continue
        items = list(exits.items())
        if len(items) == 1:
            x, edges = items[0]
            if len(edges) == 1 or ctx.level >= 3 or g.pearl[x] == EMPTY:
                return open_deduction(ctx, "TY1RYOIKI", [(edges[0], BLOCKED)],
                            f"the empty pocket at {g.name(c)} has one way in, from"
                            f" {g.name(x)}: a line could not leave it")
            continue
        if len(items) != 2:
            continue
        (x, ex), (y, ey) = items
        single = len(ex) == 1 and len(ey) == 1
        both_free = g.pearl[x] == EMPTY and g.pearl[y] == EMPTY
        if single or (ctx.level >= 3 and both_free):
            ln = ctx.connected(x, y)
            if ln is not None and ctx.partial(0, 0, 0, ln.black_ends):
                return open_deduction(ctx, "TY1RYOIKI", [(e, BLOCKED) for e in ex + ey],
                            f"the pocket at {g.name(c)} has exits {g.name(x)} and"
                            f" {g.name(y)}, two ends of one line: entering would close it")
        if ctx.level >= 3:
            ded = _type1_parity(ctx, cs, c, x, ex, y, ey) or _type1_parity(ctx, cs, c, y, ey, x, ex)
            if ded:
                return ded
            if single:
                ded = _type1_effective_ends(ctx, cs, c, x, ex[0], y, ey[0])
                if ded:
                    return ded
    return None


def _effective_end(ctx, x: int, e: int) -> tuple[int, list[int]]:
    """TY1RYOIKI case C: the line end a line entering the region at exit x is tied to: x
    itself if it is a line end; past a white x (and a second white) the cell beyond."""
    st, g = ctx.st, ctx.g
    if st.counts(x)[0] == 1:
        return x, []
    if g.pearl[x] != WHITE:
        return -1, []
    a, b = g.edge_cells[e]
    inside = a if b == x else b
    d = g.direction(inside, x)
    whites, cur = [x], g.nb[x][d]
    if cur >= 0 and g.pearl[cur] == WHITE:
        whites.append(cur)
        cur = g.nb[cur][d]
    return cur, whites


def _type1_effective_ends(ctx, cs: Cells, c: int, x: int, ex: int, y: int, ey: int):
    """Case C (level 3): entering at x forces leaving at y; if the effective ends behind
    the two exits are the two ends of one line, both exit borders are blocked (Prop 12)."""
    g = ctx.g
    px, wx = _effective_end(ctx, x, ex)
    py, wy = _effective_end(ctx, y, ey)
    if px < 0 or py < 0 or (px == x and py == y):
        return None
    ln = ctx.connected(px, py)
    if ln is None:
        return None
    wn, bn = cs.absorbed(*(wx + wy))
    if not ctx.partial(0, wn, bn, ln.black_ends):
        return None
    return open_deduction(ctx, "TY1RYOIKI", [(ex, BLOCKED), (ey, BLOCKED)],
                f"the pocket at {g.name(c)} would join {g.name(px)} and {g.name(py)}, the two"
                f" ends of one line, through its exits {g.name(x)} and {g.name(y)}")


def _type1_parity(ctx, cs: Cells, c: int, x: int, ex: list[int], y: int, ey: list[int]):
    """TY1RYOIKI case B (level 3): exit x uses exactly one of its two region borders, so the
    single border of exit y must be used too (inputs are even, Prop 8')."""
    st, g = ctx.st, ctx.g
    if len(ex) != 2 or len(ey) != 1:
        return None
    a, b = (g.edge_cells[e] for e in ex)
    dirs = []
    for e in ex:
        i, j = g.edge_cells[e]
        dirs.append(g.direction(x, j if i == x else i))
    orthogonal = dirs[0] % 2 != dirs[1] % 2
    exactly_one = (st.white_undetermined(x) and orthogonal) or (
        g.pearl[x] == BLACK and st.counts(x) == (1, 1, 2))
    if not exactly_one:
        return None
    return open_deduction(ctx, "TY1RYOIKI", [(ey[0], PASSED)],
                f"exit {g.name(x)} enters the pocket at {g.name(c)} exactly once, so by parity"
                f" the line also crosses into it from {g.name(y)}")


# ---------------------------------------------------------------- TY2RYOIKI
def type2_region(ctx: Context) -> Deduction | None:
    """TY2RYOIKI (type-2 region, Prop 10): the free cells reachable from a free line end A,
    with whites and blacks as exits. n = 1: one exit -> used; two exits, one the other end of
    A's line -> that one blocked, the other used (Prop 12 permitting). n = 2 (level 3): both
    ends of one line inside, two exits -> the single-border exits used.

    Ambiguity: the listing loops over all lines even at level 2 (ignoring the short-line
    window); we keep that. We add a Prop 12 guard to the n = 2 case, which the listing omits.
    """
    st, g = ctx.st, ctx.g
    for ln in ctx.lines:
        for a, b in ((ln.a, ln.b), (ln.b, ln.a)):
            if g.pearl[a] != EMPTY:
                continue
            region = build_region(st, a, 2)
            if region is None:
                continue
            items = list(region.exits.items())
            n = len(region.semi)
            if n == 1 and len(items) == 1 and len(items[0][1]) == 1:
                x, (e,) = items[0]
                return open_deduction(ctx, "TY2RYOIKI", [(e, PASSED)],
                            f"line end {g.name(a)} can only leave its area through"
                            f" {g.name(x)}")
            if n == 1 and len(items) == 2 and b in region.exits:
                other = next(x for x, _ in items if x != b)
                if ctx.partial(0, 0, 0, ln.black_ends):
                    sets = []
                    if len(region.exits[b]) == 1:
                        sets.append((region.exits[b][0], BLOCKED))
                    if len(region.exits[other]) == 1:
                        sets.append((region.exits[other][0], PASSED))
                    ded = open_deduction(ctx, "TY2RYOIKI", sets,
                               f"line end {g.name(a)} must leave its area, not back to its own"
                               f" other end {g.name(b)}: it goes to {g.name(other)}")
                    if ded:
                        return ded
            if (ctx.level >= 3 and n == 2 and b in region.semi and len(items) == 2
                    and ctx.partial(0, 0, 0, ln.black_ends)):
                sets = [(es[0], PASSED) for _, es in items if len(es) == 1]
                ded = open_deduction(ctx, "TY2RYOIKI", sets,
                           f"both ends {g.name(a)}, {g.name(b)} of one line lie in one area with"
                           f" two exits: each end leaves through one")
                if ded:
                    return ded
    return None


__all__ = [
    "white_run_check",
    "black_white_run_check",
    "closed_loop_check_1",
    "closed_loop_check_2",
    "cut_line_1",
    "type1_region",
    "type2_region",
]
