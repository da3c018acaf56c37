"""Type-1 and type-2 regions of Sato (2007): ``TYRYOIKIMAKE``, ``TY1RYOIKI``, ``TY2RYOIKI``.

Digest §4.0.8 and §4.3 (Props 9, 10): a small region grown through open borders from a corner
cell (type 1: an empty pocket) or from a free line end (type 2). Its exits say where a line
can enter or must leave. The builder is shared with TOJIWA5 and TOJIWA6.
"""

from __future__ import annotations

from dataclasses import dataclass

from pencilsat.grading.masyu.context import Context, open_finding
from pencilsat.grading.masyu.frames import Cells, frames_of
from pencilsat.grading.masyu.state import BLACK, BLOCKED, EMPTY, PASSED, WHITE, Finding, MasyuState

REGION_CAP = 14
"""Type-1/type-2 regions hold at most 14 cells (TYRYOIKIMAKE aborts at 15 processed)."""


@dataclass
class Region:
    """A typed region (TYRYOIKIMAKE): its cells, exits by cell, semi-determined cells."""

    cells: list[int]
    exits: dict[int, list[int]]
    """exit cell -> edge ids joining it to the region (multiplicity = len)."""
    semi: list[int]


def cached_region(ctx: Context, seed: int, kind: int) -> Region | None:
    """build_region on the pass's own state, cached for the pass (TY1RYOIKI and TOJIWA6 both
    look at the type-1 region of every corner cell)."""
    key = (seed, kind)
    if key not in ctx.regions:
        ctx.regions[key] = build_region(ctx.st, seed, kind)
    return ctx.regions[key]


def build_region(st: MasyuState, seed: int, kind: int) -> Region | None:
    """Breadth-first region through open borders from ``seed`` (type 1 or type 2).

    Type 1: whites, blacks and free line ends are exits, other free cells join. Type 2: every
    free cell joins, whites and blacks are exits; a third semi-determined cell aborts.
    Returns None when the region is too big (cap 14 cells) or aborts.
    """
    g = st.g
    cells = [seed]
    inside = {seed}
    exits: dict[int, list[int]] = {}
    semi = [seed] if kind == 2 and st.counts(seed)[0] == 1 else []
    k = 0
    while k < len(cells):
        x = cells[k]
        k += 1
        for d in st.open_dirs(x):
            y = g.nb[x][d]
            if y < 0 or y in inside:
                continue
            pearl = g.pearl[y]
            is_exit = pearl != EMPTY or (kind == 1 and st.counts(y)[0] == 1)
            if is_exit:
                exits.setdefault(y, []).append(g.eid[x][d])
                continue
            inside.add(y)
            cells.append(y)
            if len(cells) > REGION_CAP:
                return None
            if kind == 2 and st.counts(y)[0] == 1:
                semi.append(y)
                if len(semi) > 2:
                    return None
    return Region(cells, exits, semi)


def type1_region(ctx: Context) -> Finding | None:
    """TY1RYOIKI (type-1 region, Prop 9): a pocket of empty free cells whose only ways in are
    its exits. One exit: blocked (a line could not leave again). Two exits that are the ends
    of one line: both blocked if Prop 12 says partial. Level 3 adds the parity case B
    (Prop 8') and case C (exits that are whites lead on to the line ends behind them). An
    exit-less pocket is marked finished without setting a border (as the listing does).

    Ambiguity: for one exit touching through two borders the listing reads stale data; we
    block when that exit is a free cell (level 2) or any cell (level 3), first border only."""
    st, g = ctx.st, ctx.g
    cs = Cells(st)
    for c in frames_of(ctx).corners:
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
                return open_finding(ctx, "TY1RYOIKI", [(edges[0], BLOCKED)],
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
                return open_finding(ctx, "TY1RYOIKI", [(e, BLOCKED) for e in ex + ey],
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


def _effective_end(ctx: Context, x: int, e: int) -> tuple[int, list[int]]:
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


def _type1_effective_ends(ctx: Context, cs: Cells, c: int, x: int, ex: int, y: int,
                          ey: int) -> Finding | None:
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
    return open_finding(
        ctx, "TY1RYOIKI", [(ex, BLOCKED), (ey, BLOCKED)],
        f"the pocket at {g.name(c)} would join {g.name(px)} and {g.name(py)}, the two"
        f" ends of one line, through its exits {g.name(x)} and {g.name(y)}")


def _type1_parity(ctx: Context, cs: Cells, c: int, x: int, ex: list[int], y: int,
                  ey: list[int]) -> Finding | None:
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
    return open_finding(
        ctx, "TY1RYOIKI", [(ey[0], PASSED)],
        f"exit {g.name(x)} enters the pocket at {g.name(c)} exactly once, so by parity"
        f" the line also crosses into it from {g.name(y)}")


def type2_region(ctx: Context) -> Finding | None:
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
                return open_finding(ctx, "TY2RYOIKI", [(e, PASSED)],
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
                    ded = open_finding(
                        ctx, "TY2RYOIKI", sets,
                        f"line end {g.name(a)} must leave its area, not back to its own"
                        f" other end {g.name(b)}: it goes to {g.name(other)}")
                    if ded:
                        return ded
            if (ctx.level >= 3 and n == 2 and b in region.semi and len(items) == 2
                    and ctx.partial(0, 0, 0, ln.black_ends)):
                sets = [(es[0], PASSED) for _, es in items if len(es) == 1]
                ded = open_finding(
                    ctx, "TY2RYOIKI", sets,
                    f"both ends {g.name(a)}, {g.name(b)} of one line lie in one area with"
                    f" two exits: each end leaves through one")
                if ded:
                    return ded
    return None
