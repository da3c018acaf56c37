"""Level-3 local techniques of Sato (2007): cut line 2, closed-loop check 3, KUROMSFOUR.

Digest §4.4.1, §4.4.2, §4.4.8. Like the level-2 routines each returns its first deduction.
"""

from __future__ import annotations

from pencilsat.grading.masyu_context import Context
from pencilsat.grading.masyu_frames import Cells, Frame, make_frame
from pencilsat.grading.masyu_state import (
    BLACK,
    BLOCKED,
    DOWN,
    EMPTY,
    OPEN,
    RIGHT,
    Deduction,
    cw,
    opp,
)


def _ded(ctx: Context, name: str, sets, text: str) -> Deduction | None:
    sets = [(e, v) for e, v in sets if e and ctx.st.val[e] != v]
    return Deduction(name, tuple(sets), text) if sets else None


def _block(ctx: Context, cs: Cells, name: str, x: int, y: int, why: str) -> Deduction | None:
    if x < 0 or y < 0 or cs.btw(x, y) != OPEN:
        return None
    g = ctx.g
    return _ded(ctx, name, [(cs.edge(x, y), BLOCKED)],
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
                    return _ded(ctx, "SETUDANSEN2", [(g.eid[m][opp(s)], BLOCKED)],
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
        ded = _tojiwa3_frame(ctx, cs, f, kind)
        if ded:
            return ded
    return None


def _tojiwa3_frame(ctx: Context, cs: Cells, f: Frame, kind: int) -> Deduction | None:
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
                        return _ded(ctx, "KUROMSFOUR", [(g.eid[x][s], BLOCKED)],
                                    f"a line from black {g.name(src)} into {g.name(x)} would be"
                                    f" driven round the 2x2 block back to where it entered")
    return None


__all__ = ["cut_line_2", "closed_loop_check_3", "black_beside_walled_square"]
