"""Run checks of Sato (2007): ``SIROMSRENCH`` and ``KUROMSRENCH`` (level 2).

Digest §4.3, Props 3 and 6: a white, a white pair or a black's two-cell leg cannot run
straight into a neighbour that is itself forced straight, since the line must turn beside a
white.
"""

from __future__ import annotations

from pencilsat.grading.masyu.context import Context, open_finding, straight_forced
from pencilsat.grading.masyu.state import (
    BLOCKED,
    DIR_NAMES,
    DOWN,
    EMPTY,
    RIGHT,
    WHITE,
    Finding,
    opp,
)


def white_run_check(ctx: Context) -> Finding | None:
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
                return open_finding(
                    ctx, "SIROMSRENCH", [(g.eid[q][d], BLOCKED)],
                    f"{what} cannot run {axis}: a neighbour along that axis is forced"
                    f" straight, leaving no turn")
    return None


def black_white_run_check(ctx: Context) -> Finding | None:
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
                return open_finding(ctx, "KUROMSRENCH", [(g.eid[b][d], BLOCKED)],
                                    f"black {g.name(b)} going {DIR_NAMES[d]} would make white"
                                    f" {g.name(n2)} straight between straight cells")
    return None
