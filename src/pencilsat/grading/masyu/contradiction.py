"""Contradiction processing of Sato (2007): MUJYUNSYORI's candidates and BADCHECK.

Digest §4.5: a depth-1 trial at level 3. Only "passed" is assumed; a refuted candidate becomes
blocked permanently; a fresh candidate list is built each time the solver is stuck.
"""

from __future__ import annotations

from pencilsat.grading.masyu.context import Context
from pencilsat.grading.masyu.state import (
    BLACK,
    BLOCKED,
    DIRECTIONS,
    PASSED,
    RIGHT,
    UP,
    WHITE,
    MasyuState,
    cw,
    opp,
)


def trial_candidates(ctx: Context) -> list[int]:
    """KOHOLIST: open borders of unfinished blacks; for each undetermined white its top
    ("vertical") and right ("horizontal") border; open borders joining ends of different
    lines. Duplicates are dropped keeping the first occurrence."""
    st, g = ctx.st, ctx.g
    out: list[int] = []
    for i in range(g.size):
        if g.pearl[i] == BLACK:
            out.extend(g.eid[i][d] for d in st.open_dirs(i))
    for i in range(g.size):
        if g.pearl[i] == WHITE and st.white_undetermined(i):
            out.extend(g.eid[i][d] for d in (UP, RIGHT) if g.eid[i][d] != 0)
    for ln in ctx.lines:
        for x in (ln.a, ln.b):
            for d in st.open_dirs(x):
                y = g.nb[x][d]
                other = ctx.all_partner.get(y)
                if other is not None and other is not ln:
                    out.append(g.eid[x][d])
    return list(dict.fromkeys(e for e in out if e))


def rule_violation(st: MasyuState) -> str | None:
    """BADCHECK: a local rule violation, in words, or None.

    Choice: besides the listing's checks we also test the white turn rule (a white with both
    neighbours along its axis going straight); this only detects real violations.
    """
    g = st.g
    for i in range(g.size):
        p, b, u = st.counts(i)
        if p >= 3:
            return f"the line branches at {g.name(i)}"
        if p == 1 and u == 0:
            return f"dead end at {g.name(i)}"
        kind = g.pearl[i]
        if kind == BLACK:
            if b >= 3:
                return f"black {g.name(i)} cannot be passed"
            for d in DIRECTIONS:
                if st.border(i, d) == PASSED and st.border(i, opp(d)) == PASSED:
                    return f"black {g.name(i)} is passed straight"
                if st.border(i, d) == PASSED and st.far_border(i, d) == BLOCKED:
                    return f"black {g.name(i)} cannot go on straight"
        elif kind == WHITE:
            if b >= 3:
                return f"white {g.name(i)} cannot be passed"
            for d in DIRECTIONS:
                if st.border(i, d) == PASSED and st.border(i, cw(d)) == PASSED:
                    return f"white {g.name(i)} is turned in"
            for d in (UP, RIGHT):
                if (st.border(i, d) == PASSED and st.far_border(i, d) == PASSED
                        and st.far_border(i, opp(d)) == PASSED):
                    return f"the line does not turn beside white {g.name(i)}"
    return None

