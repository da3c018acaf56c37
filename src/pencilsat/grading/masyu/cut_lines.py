"""Cut lines of Sato (2007): ``SETUDANSEN1``, ``SETUDANSEN2`` and ``KUROMSFOUR``.

Techniques 5 and 6 (digest §4.3, §4.4.1, §4.4.8): a border whose use would leave a line end
no way out, make a white impassable or make a cell between two blacks turn is blocked.
SETUDANSEN1 is level 2, the rest level 3. KUROMSFOUR is the paper's Technique 6 case D (a
black beside a walled 2x2), kept as its own routine as in the listing.
"""

from __future__ import annotations

from pencilsat.grading.masyu.context import Context, open_finding
from pencilsat.grading.masyu.frames import Cells, Frame, block_border, frames_of, make_frame
from pencilsat.grading.masyu.state import BLACK, BLOCKED, DOWN, EMPTY, OPEN, RIGHT, Finding, cw, opp


def cut_line_target(cs: Cells, t2: int, t3: int, t5: int, t9: int) -> tuple[int, int] | None:
    """SETUDANSEN1 case A/B (Technique 5): the border to block beside the gap T2-T3, whose use
    would leave the line no opening; ``None`` when the configuration does not apply. Shared by
    the frame form (level 2) and the region-gap form (RYOIKISYORI1 (b))."""
    if (((cs.white(t2) or cs.end(t2)) and cs.end(t3))
            or (cs.white(t3) and (cs.white(t2) or cs.end(t2)))):
        return (t2, t3)
    if cs.black(t5) and cs.btw(t3, t5) == OPEN and cs.end(t2):
        return (t3, t5)
    if cs.black(t9) and cs.btw(t2, t9) == OPEN and cs.end(t3):
        return (t2, t9)
    return None


def cut_line_1(ctx: Context) -> Finding | None:
    """SETUDANSEN1 (cut line 1, Technique 5 cases A, B): a border whose use would leave an
    input cell (a line end with two ways out) with no way out at all is blocked."""
    cs = Cells(ctx.st)
    g = ctx.g
    for f, kind in frames_of(ctx).corner_pairs:
        c, t1, t2, t3, t5, t9 = f.c, f.t1, f.t2, f.t3, f.t5, f.t9
        if t3 < 0:
            continue
        if kind == 1 and cs.btw(t2, t3) == OPEN:
            target = cut_line_target(cs, t2, t3, t5, t9)
            if target:
                return open_finding(
                    ctx, "SETUDANSEN1", [(cs.edge(*target), BLOCKED)],
                    f"using {g.name(target[0])}-{g.name(target[1])} would leave line end"
                    f" {g.name(t1)} no way out (case A)")
        if (kind in (3, 6, 7) and cs.end(t2) and cs.btw(t2, t3) == OPEN
                and cs.input_like(t3, f.d, f.gd)):
            target = (t1, f.t4) if kind == 7 else (c, t1)
            if target[1] >= 0 and cs.btw(*target) == OPEN:
                return open_finding(
                    ctx, "SETUDANSEN1", [(cs.edge(*target), BLOCKED)],
                    f"using {g.name(target[0])}-{g.name(target[1])} would leave line end"
                    f" {g.name(t3)} no way out (case B)")
    return None


def cut_line_2(ctx: Context) -> Finding | None:
    """SETUDANSEN2 (cut line 2, Technique 6; code cases A-E): a border whose use would strand
    a line end (A, B, C, E) or make a cell between two blacks turn (D) is blocked.

    Ambiguity: the paper's labels B-D cannot be matched to the code's cases without the lost
    figures (digest §7.4); all five code cases are implemented, KUROMSFOUR separately."""
    st = ctx.st
    cs = Cells(st)
    frames = frames_of(ctx)
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


def _cut2_corner(ctx: Context, cs: Cells, f: Frame, kind: int) -> Finding | None:
    t2, t3, t5 = f.t2, f.t3, f.t5
    name = "SETUDANSEN2"
    if kind == 4 and cs.white(t3) and (
        ((cs.white(t2) or cs.end(t2)) and cs.end(t5)) or (cs.white(t5) and cs.end(t2))
    ):
        return block_border(ctx, cs, name, t2, t3, f"otherwise the line end {ctx.g.name(f.t4)}"
                            " is cut off (case A)")
    if kind == 5 and cs.white(t3) and cs.white(t5) and cs.end(t2) and cs.end(ctx.g.step(t5, f.d)):
        return block_border(ctx, cs, name, t2, t3, f"otherwise the line end {ctx.g.name(f.t6)}"
                            " is cut off (case B)")
    if kind in (1, 3) and cs.white(t2) and cs.white(t3):
        return block_border(ctx, cs, name, f.c, t2, f"otherwise white {ctx.g.name(t3)} could not"
                            " be passed (case C)")
    return None


def _cut2_black_gap(ctx: Context, cs: Cells) -> Finding | None:
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
                    return open_finding(
                        ctx, "SETUDANSEN2", [(g.eid[m][opp(s)], BLOCKED)],
                        f"{g.name(m)} lies between blacks {g.name(b)} and {g.name(b2)}"
                        f" and cannot turn; one side is blocked, so the other is too"
                        f" (case D)")
    return None


def _cut2_input_whites(ctx: Context, cs: Cells, f: Frame) -> Finding | None:
    """Case E: input cell with whites ahead and beside; T1 cannot run across."""
    t1, t2, t8 = f.t1, f.t2, f.t8
    if not (cs.white(t1) and cs.white(t2) and cs.btw(f.t3, f.t5) == BLOCKED):
        return None
    if not (cs.white(t8) or cs.bd(t8, f.dp) == 1):
        return None
    return block_border(ctx, cs, "SETUDANSEN2", t1, t8,
                        f"if white {ctx.g.name(t1)} ran across, it would have no turn beside it"
                        " (case E)")


def black_beside_walled_square(ctx: Context) -> Finding | None:
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
                        return open_finding(
                            ctx, "KUROMSFOUR", [(g.eid[x][s], BLOCKED)],
                            f"a line from black {g.name(src)} into {g.name(x)} would be"
                            f" driven round the 2x2 block back to where it entered")
    return None
