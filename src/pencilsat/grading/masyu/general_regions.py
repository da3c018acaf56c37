"""General regions of Sato (2007) Prop 11 / Technique 9: RYOIKISAKUSEI's boundary walk and
RYOIKISYORI1/2 (digest §4.0.8, §4.4.5).

Two walkers start at the lattice point between the two closed sides of a corner or input
cell and walk along determined borders only, one keeping the region on its right (preferring
clockwise turns), the other on its left. They stop when they meet (a closed region), or when a
walker comes within 1 (mode 1) or 2 (mode 2) undetermined collinear border segments of a point
the other walker visited (a region with one exit, or two side-by-side exits). The walked curve
plus the gap is a closed curve, so the loop crosses it an even number of times (Prop 8'): that
parity argument is what every deduction here rests on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pencilsat.grading.masyu.context import ROUTE_CAP, Context, open_finding
from pencilsat.grading.masyu.cut_lines import cut_line_target
from pencilsat.grading.masyu.frames import Cells, frames_of
from pencilsat.grading.masyu.state import (
    BLACK,
    BLOCKED,
    DIRECTIONS,
    DOWN,
    OPEN,
    PASSED,
    RIGHT,
    UP,
    WHITE,
    Finding,
    Geometry,
    LatticeSegment,
    ccw,
    cw,
    opp,
)
from pencilsat.grading.masyu.virtual_lines import VirtualLine, virtual_line_patterns

WALK_CAP = ROUTE_CAP[3] + 1
FLOOD_CAP = 50
_PT_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))
_CORNER = {0: (0, 1), 1: (1, 1), 2: (1, 0), 3: (0, 0)}
"""Lattice offset of the corner between a cell's sides s and cw(s)."""


@dataclass
class Walk:
    """Result of the boundary walk: closed (gap empty) or a gap of 1 or 2 open segments."""

    inputs: list[tuple[int, int]]
    """(edge id, region-side cell) of each passed segment walked, up to the gap."""
    gap: list[int]
    """Edge ids of the open gap segments, from the walker's point toward the other's."""
    gap_dir: int
    gap_start: int


def _lattice_table(g: Geometry) -> list[LatticeSegment | None]:
    """Every lattice segment once per board, indexed [point * 4 + d] with point = r * (W+1) + c:
    (edge id, right-side cell, left-side cell, next point), or None off the lattice. Frame
    segments get edge id 0 (always blocked)."""
    cols = g.width + 1
    out: list[LatticeSegment | None] = [None] * ((g.height + 1) * cols * 4)

    def idx(rr: int, cc: int) -> int:
        return rr * g.width + cc if 0 <= rr < g.height and 0 <= cc < g.width else -1

    for r in range(g.height + 1):
        for c in range(cols):
            for d in DIRECTIONS:
                if d == UP:
                    if r == 0:
                        continue
                    a, b = idx(r - 1, c), idx(r - 1, c - 1)
                elif d == DOWN:
                    if r == g.height:
                        continue
                    a, b = idx(r, c - 1), idx(r, c)
                elif d == RIGHT:
                    if c == g.width:
                        continue
                    a, b = idx(r, c), idx(r - 1, c)
                else:
                    if c == 0:
                        continue
                    a, b = idx(r - 1, c - 1), idx(r, c - 1)
                e = 0 if a < 0 or b < 0 else g.eid[a][g.direction(a, b)]
                dr, dc = _PT_STEP[d]
                out[(r * cols + c) * 4 + d] = (e, a, b, (r + dr) * cols + c + dc)
    return out


Fill = tuple[set[int], list[int], int, int]
"""A flood fill: its cells, the line ends inside, the undetermined whites and blacks inside."""

_PREFS_RIGHT = [[cw(h), h, ccw(h), opp(h)] for h in DIRECTIONS]
_PREFS_LEFT = [[ccw(h), h, cw(h), opp(h)] for h in DIRECTIONS]


def boundary_walk(ctx: Context, cell: int, mode: int) -> Walk | None:
    """RYOIKISAKUSEI from a corner or input cell; None when neither closure nor gap is found
    within 21 steps per walker. The walked path does not depend on the mode (only where the
    walk stops does), so both modes are computed in one walk and cached for the pass."""
    if cell not in ctx.walks:
        ctx.walks[cell] = _walk_both(ctx, cell)
    return ctx.walks[cell][mode - 1]


def _walk_both(ctx: Context, cell: int) -> tuple[Walk | None, Walk | None]:
    st, g = ctx.st, ctx.g
    a = next((x for x in DIRECTIONS if st.border(cell, x) == OPEN
              and st.border(cell, cw(x)) == OPEN), -1)
    if a < 0:
        return None, None
    table = g.lattice
    if table is None:
        table = g.lattice = _lattice_table(g)
    val = st.val
    s = (a + 2) % 4
    r, c = g.rc(cell)
    dr, dc = _CORNER[s]
    cols = g.width + 1
    start = (r + dr) * cols + c + dc
    pt = [start, start]
    head = [opp(s), opp(cw(s))]
    pts: list[list[int]] = [[start], [start]]
    first: list[dict[int, int]] = [{start: 0}, {start: 0}]
    inp: list[list[tuple[int, tuple[int, int]]]] = [[], []]
    prefs_of = (_PREFS_RIGHT, _PREFS_LEFT)
    found: list[Walk | None] = [None, None]
    for step in range(WALK_CAP):
        for k in (0, 1):
            prefs = (head[k],) if step == 0 else prefs_of[k][head[k]]
            here = pt[k]
            for d in prefs:
                seg = table[here * 4 + d]
                if seg is None or val[seg[0]] == OPEN:
                    continue
                e, right, left, nxt = seg
                if val[e] == PASSED:
                    inp[k].append((len(pts[k]), (e, right if k == 0 else left)))
                pt[k] = nxt
                head[k] = d
                first[k].setdefault(nxt, len(pts[k]))
                pts[k].append(nxt)
                break
            else:
                return found[0], found[1]
            o = 1 - k
            if pt[k] == pt[o]:
                closed = Walk([x for _, x in inp[k] + inp[o]], [], -1, pt[k])
                return found[0] or closed, found[1] or closed
            for mode in (1, 2):
                if found[mode - 1] is not None:
                    continue
                best = None
                for d in DIRECTIONS:
                    cur = pt[k]
                    gap: list[int] = []
                    for _ in range(mode):
                        seg = table[cur * 4 + d]
                        if seg is None or seg[0] == 0 or val[seg[0]] != OPEN:
                            gap = []
                            break
                        gap.append(seg[0])
                        cur = seg[3]
                    if not gap:
                        continue
                    j = first[o].get(cur)
                    if j is not None and (best is None or j < best[0]):
                        best = (j, gap, d)
                if best is not None:
                    j, gap, gd = best
                    inputs = [x for _, x in inp[k]] + [x for i, x in inp[o] if i <= j]
                    found[mode - 1] = Walk(inputs, gap, gd, pt[k])
            if found[0] is not None and found[1] is not None:
                return found[0], found[1]
    return found[0], found[1]


def flood(ctx: Context, seed: int, stop: set[int]) -> Fill | None:
    """SPTYPE=1 fill through open borders (not across ``stop`` edges), cap 50 cells.
    Returns (cells, endpoints inside, undetermined whites inside, undetermined blacks inside)
    or None when too big."""
    st, g = ctx.st, ctx.g
    cells, seen = [seed], {seed}
    k = 0
    while k < len(cells):
        x = cells[k]
        k += 1
        for d in st.open_dirs(x):
            if g.eid[x][d] in stop:
                continue
            y = g.nb[x][d]
            if y >= 0 and y not in seen:
                seen.add(y)
                cells.append(y)
                if len(cells) > FLOOD_CAP:
                    return None
    ends = [x for x in cells if st.counts(x)[0] == 1]
    rwn = sum(1 for x in cells if st.white_undetermined(x))
    rbn = sum(1 for x in cells if st.black_undetermined(x))
    return seen, ends, rwn, rbn


def _seeds(ctx: Context) -> list[int]:
    frames = frames_of(ctx)
    return sorted(frames.corners + frames.inputs)


# ---------------------------------------------------------------- RYOIKISYORI1
def general_region_one_gap(ctx: Context) -> Finding | None:
    """RYOIKISYORI1 (general region, Technique 9 case A, Prop 11①②): a region closed but for
    at most one open border. One exit: used iff the number of line crossings is odd. No exit:
    an odd count is a contradiction; with two crossings of different lines those lines are
    joined inside, and Technique 1 is applied to their outer ends as one virtual line (Prop
    12② totals); if every crossing line returns into the region, they could only close among
    themselves: a contradiction when other lines exist.

    With more crossings, exactly two of them from lines that do not return into the region:
    a forced route joining those two inner ends directly is blocked (B1), and Technique 1 is
    applied to their outer ends with totals LN - (pairs + 1) (B2). After Technique 1, the
    Technique 2/3 patterns (TOJIHAITI, :mod:`virtual_lines`) run on the same virtual lines:
    with no Prop 12 test for the inner ends (B1, the listing's TJCH = 1), with the Prop 12②
    totals for the outer ends; circles inside the area are not counted twice."""
    st, g = ctx.st, ctx.g
    for seed in _seeds(ctx):
        walk = boundary_walk(ctx, seed, 1)
        if walk is None:
            continue
        odd = len(walk.inputs) % 2 == 1
        if walk.gap:
            e = walk.gap[0]
            return _ded(ctx, [(e, PASSED if odd else BLOCKED)],
                        f"the area bounded from {g.name(seed)} has one opening,"
                        f" {g.edge_name(e)}, and {len(walk.inputs)} line crossings: it is"
                        f" {'used' if odd else 'blocked'} (parity)", "RYOIKISYORI1")
        if odd:
            st.contradiction = True
            return None
        ded = _closed_region(ctx, seed, walk)
        if ded is not None or st.contradiction:
            return ded
    return None


def _closed_region(ctx: Context, seed: int, walk: Walk) -> Finding | None:
    st = ctx.st
    if not walk.inputs:
        return None
    inner = [cell for _, cell in walk.inputs]
    if any(ctx.all_partner.get(x) is None for x in inner):
        return None
    inner_set = set(inner)
    paired = [x for x in inner if _far(ctx, x) in inner_set]
    unpaired = [x for x in inner if _far(ctx, x) not in inner_set]
    fill = flood(ctx, seed, set())
    if fill is None:
        return None
    seen, ends, rwn, rbn = fill
    if set(ends) != inner_set or len(ends) != len(inner):
        return None
    pairs = len(paired) // 2
    if not unpaired and ctx.ln > pairs:
        st.contradiction = True
        return None
    if len(unpaired) != 2:
        return None
    u1, u2 = unpaired
    g = ctx.g
    if pairs:
        ded = _inner_route(ctx, u1, u2) or virtual_line_patterns(ctx, VirtualLine(
            "RYOIKISYORI1", u1, u2, always_partial=True,
            why=f"inside a closed area, joining {g.name(u1)} directly to {g.name(u2)} would"
                f" leave the lines that return into the area to close on themselves"))
        if ded:
            return ded
    p, q = _far(ctx, u1), _far(ctx, u2)
    totals = (ctx.ln - (pairs + 1), ctx.wn - rwn, ctx.bn - rbn)
    return _virtual_route(ctx, p, q, totals, "RYOIKISYORI1") or virtual_line_patterns(
        ctx, VirtualLine("RYOIKISYORI1", p, q, totals=totals, inside=frozenset(seen),
                         why=f"{g.name(p)} and {g.name(q)} will be joined through the closed"
                             f" area at {g.name(seed)}"))


def _inner_route(ctx: Context, u1: int, u2: int) -> Finding | None:
    """Case B1: joining the two unpaired inner ends directly would leave the lines that leave
    and re-enter the closed area to close among themselves: a forced route between them is
    blocked (no Prop 12 test is needed; other lines exist)."""
    st, g = ctx.st, ctx.g
    for e, f in ((u1, u2), (u2, u1)):
        for d in st.open_dirs(e):
            stop, _ = ctx.route(e, d)
            if stop == f:
                return _ded(ctx, [(g.eid[e][d], BLOCKED)],
                            f"inside a closed area, joining {g.name(u1)} to {g.name(u2)} would"
                            f" leave the lines that return into the area to close on"
                            f" themselves: {g.name(e)} does not go"
                            f" {('up', 'right', 'down', 'left')[d]}", "RYOIKISYORI1")
    return None


def _far(ctx: Context, x: int) -> int:
    ln = ctx.all_partner.get(x)
    if ln is None:
        return -1
    return ln.b if ln.a == x else ln.a


def _virtual_route(ctx: Context, p: int, q: int, totals: tuple[int, int, int],
                   name: str) -> Finding | None:
    """Technique 1 on a virtual line with ends p, q (TOJIWASIRABE mode 0)."""
    st, g = ctx.st, ctx.g
    n = sum(1 for x in (p, q) if g.pearl[x] == BLACK)
    for e, f in ((p, q), (q, p)):
        for d in st.open_dirs(e):
            stop, wn = ctx.route(e, d)
            if stop == f and ctx.partial(0, wn, 0, n, totals):
                return _ded(ctx, [(g.eid[e][d], BLOCKED)],
                            f"{g.name(p)} and {g.name(q)} will be joined through a closed area;"
                            f" going {('up', 'right', 'down', 'left')[d]} from {g.name(e)} would"
                            f" close that joined line on itself", name)
    return None


def _ded(ctx: Context, sets: Iterable[tuple[int, int]], text: str, name: str) -> Finding | None:
    return open_finding(ctx, name, sets, text)


# ---------------------------------------------------------------- RYOIKISYORI2
def general_region_two_gap(ctx: Context) -> Finding | None:
    """RYOIKISYORI2 (general region, Technique 9 case B, Prop 11③): a region closed but for
    two side-by-side open borders. If its two crossings are one line leaving and re-entering,
    both openings are used (unused, everything inside would close on itself; we require a
    line end or an undetermined circle outside, a Prop 12 guard the listing lacks). With one
    crossing and both inner cells at the gap white, the border between them is blocked
    (TJTY3SYORI (c)); TJTY3SYORI (a) and (b) are in ``_one_input_gap``."""
    g = ctx.g
    for seed in _seeds(ctx):
        walk = boundary_walk(ctx, seed, 2)
        if walk is None or len(walk.gap) != 2:
            continue
        inner = [cell for _, cell in walk.inputs]
        if len(inner) == 2 and _far(ctx, inner[0]) == inner[1]:
            fill = flood(ctx, seed, set(walk.gap))
            if fill is None:
                continue
            seen, ends, rwn, rbn = fill
            if inner[0] not in seen or inner[1] not in seen:
                continue
            outside_end = any(
                x not in seen for ln in ctx.lines for x in (ln.a, ln.b)
            )
            if outside_end or ctx.wn - rwn > 0 or ctx.bn - rbn > 0:
                ded = _ded(ctx, [(e, PASSED) for e in walk.gap],
                           f"the line through {g.name(inner[0])} and {g.name(inner[1])} leaves"
                           f" and re-enters a closed area whose only openings are"
                           f" {g.edge_name(walk.gap[0])} and {g.edge_name(walk.gap[1])}:"
                           f" both are used", "RYOIKISYORI2")
                if ded:
                    return ded
        if len(inner) == 1:
            fill = flood(ctx, seed, set(walk.gap))
            if fill is None:
                continue
            ded = _one_input_gap(ctx, walk, fill, inner[0])
            if ded:
                return ded
            ins = [x for e in walk.gap for x in g.edge_cells[e] if x in fill[0]]
            if len(ins) == 2 and all(g.pearl[x] == WHITE for x in ins):
                x, y = ins
                ded = _ded(ctx, [(g.eid[x][g.direction(x, y)], BLOCKED)],
                           f"one line enters the area at {g.name(inner[0])}, so exactly one of"
                           f" its two openings is used: whites {g.name(x)}, {g.name(y)} cannot"
                           f" run side by side along it", "RYOIKISYORI2")
                if ded:
                    return ded
    return None


def _one_input_gap(ctx: Context, walk: Walk, fill: Fill, inner: int) -> Finding | None:
    """TJTY3SYORI (a), (b): one line enters a region whose two side-by-side openings face
    outside cells T2, T3 (T3 = T2 + D along the gap); exactly one opening is used.

    (a) Technique 2 case A at the gap: if the entering line's far end is T5 = T3 + D (or
    T9 = T2 - D) and a line from it would be forced along the gap, that border is blocked
    when the resulting loop is partial. Choice: the listing only checks LN >= 2; we require a
    line end or an undetermined circle outside the filled region (the loop could absorb lines
    inside it). (b) Technique 5 case A at the gap (SD1CSA): a border whose use fills both
    T2 and T3 would leave the line no opening: blocked."""
    st, g = ctx.st, ctx.g
    seen = fill[0]
    outside = []
    for e in walk.gap:
        a, b = g.edge_cells[e]
        if (a in seen) == (b in seen):
            return None
        outside.append((b, a) if a in seen else (a, b))
    (t2, c), (t3, t1) = outside
    d = walk.gap_dir
    if g.nb[t2][d] != t3:
        return None
    gd = g.direction(c, t2)
    t5, t9 = g.nb[t3][d], g.nb[t2][(d + 2) % 4]
    cs = Cells(st)
    if cs.btw(t2, t3) == OPEN:
        target = cut_line_target(cs, t2, t3, t5, t9)
        if target:
            return _ded(ctx, [(cs.edge(*target), BLOCKED)],
                        f"the line entering at {g.name(inner)} must leave through one of the"
                        f" openings beside {g.name(t2)}, {g.name(t3)}: border"
                        f" {g.name(target[0])}-{g.name(target[1])} would close both",
                        "RYOIKISYORI2")
    far = _far(ctx, inner)
    for end, z, toward in ((t5, t3, t5), (t9, t2, t9)):
        if far != end or end < 0 or cs.btw(z, toward) != OPEN:
            continue
        wst = cs.white(z) or (st.border(z, gd) == BLOCKED and st.counts(z)[2] == 3)
        if not (wst or cs.black(end)):
            continue
        line = ctx.all_partner[inner]
        ends_out = any(x not in seen and x not in (line.a, line.b)
                       for ln in ctx.lines for x in (ln.a, ln.b))
        wn_in = sum(1 for x in seen if st.white_undetermined(x))
        bn_in = sum(1 for x in seen if st.black_undetermined(x))
        wn, bn = cs.absorbed(t2, t3)
        if ends_out or ctx.wn - wn_in - wn > 0 or ctx.bn - bn_in - bn - line.black_ends > 0:
            return _ded(ctx, [(cs.edge(z, toward), BLOCKED)],
                        f"the line entering at {g.name(inner)} ends outside at"
                        f" {g.name(end)}; entering {g.name(z)} from there would close it on"
                        f" itself through the area's openings", "RYOIKISYORI2")
    return None

