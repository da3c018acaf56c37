"""The five basic rules of Sato (2007) and their fixpoint (level 1).

Digest §4.2 and the paper's §3.2 table. Each rule inspects one cell and returns the first
deduction that changes a border (the listing returns after its first success); the basic
fixpoint is run with a work list of cells near changed borders instead of the listing's
restart-from-the-top scan. The rules are monotone, so the fixpoint reached is the same; only
the order of the logged basic steps differs (recorded as a grader note).
"""

from __future__ import annotations

from collections.abc import Callable

from pencilsat.grading.masyu.state import (
    BLACK,
    BLOCKED,
    DIR_NAMES,
    DIRECTIONS,
    OPEN,
    PASSED,
    RIGHT,
    UP,
    WHITE,
    Finding,
    MasyuState,
    Record,
    ccw,
    cw,
    opp,
    useful_finding,
)

Rule = Callable[[MasyuState, int], Finding | None]


def cell_degree_rule(st: MasyuState, i: int) -> Finding | None:
    """AKIMSKETU (free-cell degree rules, Props 1①, 2①): a cell with two passed borders or
    three blocked ones blocks the rest; an endpoint with one open border must use it."""
    p, b, u = st.counts(i)
    if u == 0:
        return None
    g = st.g
    if p == 2 or b == 3:
        sets = [(g.eid[i][d], BLOCKED) for d in st.open_dirs(i)]
        why = "already has two used borders" if p == 2 else "has three blocked borders"
        return useful_finding(st, "AKIMSKETU", sets,
                              f"{g.name(i)} {why}: its other borders blocked")
    if p == 1 and u == 1:
        d = st.open_dirs(i)[0]
        return useful_finding(st, "AKIMSKETU", [(g.eid[i][d], PASSED)],
                              f"line end {g.name(i)} has one way out: goes {DIR_NAMES[d]}")
    return None


def white_axis_rule(st: MasyuState, i: int) -> Finding | None:
    """SIROMSKETU2 (white axis, Prop 2②): once one border of a white is known, the opposite
    border has the same value and the two side borders the other value."""
    g = st.g
    if g.pearl[i] != WHITE:
        return None
    for d in DIRECTIONS:
        v = st.border(i, d)
        if v != OPEN:
            sets = [(g.eid[i][opp(d)], v), (g.eid[i][cw(d)], -v), (g.eid[i][ccw(d)], -v)]
            axis = "vertically" if (d % 2 == 0) == (v == PASSED) else "horizontally"
            return useful_finding(st, "SIROMSKETU2", sets, f"white {g.name(i)} runs {axis}")
    return None


def black_straight_rule(st: MasyuState, i: int) -> Finding | None:
    """KUROMSKETU2 (black propagation, Props 2②, 4①, 1③): a black that cannot go d goes
    opp(d) for two cells; a black that goes d goes on straight and not opp(d)."""
    g = st.g
    if g.pearl[i] != BLACK:
        return None
    for d in DIRECTIONS:
        o = opp(d)
        mine, far = st.border(i, d), st.far_border(i, d)
        if mine == BLOCKED or far == BLOCKED:
            sets = [(g.eid[i][o], PASSED), (g.eid[i][d], BLOCKED)]
            j = g.nb[i][o]
            if j >= 0:
                sets.append((g.eid[j][o], PASSED))
            ded = useful_finding(st, "KUROMSKETU2", sets,
                                 f"black {g.name(i)} cannot go {DIR_NAMES[d]} two cells:"
                                 f" it goes {DIR_NAMES[o]} for two cells")
            if ded:
                return ded
        if mine == PASSED:
            sets = [(g.eid[i][o], BLOCKED)]
            j = g.nb[i][d]
            if j >= 0:
                sets.append((g.eid[j][d], PASSED))
            ded = useful_finding(
                st, "KUROMSKETU2", sets,
                f"black {g.name(i)} goes {DIR_NAMES[d]}: straight on for a second"
                f" cell, and not {DIR_NAMES[o]}")
            if ded:
                return ded
    return None


def white_turn_rule(st: MasyuState, i: int) -> Finding | None:
    """SIROMSKETU3 (white turn rule, rule 3): if the line goes straight on beside a white at
    one end, it must turn at the other end: block that neighbour's far border."""
    g = st.g
    if g.pearl[i] != WHITE:
        return None
    for d in (UP, RIGHT):
        if st.border(i, d) != PASSED or st.border(i, opp(d)) != PASSED:
            continue
        for x in (d, opp(d)):
            if st.far_border(i, x) == PASSED and st.far_border(i, opp(x)) == OPEN:
                n2 = g.nb[i][opp(x)]
                return useful_finding(
                    st, "SIROMSKETU3", [(g.eid[n2][opp(x)], BLOCKED)],
                    f"the line goes straight through {g.name(g.nb[i][x])} beside"
                    f" white {g.name(i)}, so it turns at {g.name(n2)}")
    return None


def black_neighbour_side_rule(st: MasyuState, i: int) -> Finding | None:
    """KUROMSKETU3 (black neighbour sides, Prop 4②): a black cannot go toward a neighbour
    whose side border is used, because that neighbour would turn."""
    g = st.g
    if g.pearl[i] != BLACK:
        return None
    for d in DIRECTIONS:
        j = g.nb[i][d]
        if j < 0 or st.border(i, d) != OPEN:
            continue
        if st.border(j, cw(d)) == PASSED or st.border(j, ccw(d)) == PASSED:
            return useful_finding(
                st, "KUROMSKETU3", [(g.eid[i][d], BLOCKED)],
                f"{g.name(j)} turns, so black {g.name(i)} cannot go {DIR_NAMES[d]}")
    return None


BASIC_RULES: tuple[Rule, ...] = (
    cell_degree_rule,
    white_axis_rule,
    black_straight_rule,
    white_turn_rule,
    black_neighbour_side_rule,
)
"""The basic fixpoint's priority order: AKIMSKETU > SIROMSKETU2 > KUROMSKETU2 >
SIROMSKETU3 > KUROMSKETU3 (digest §4.1)."""


def basic_fixpoint(st: MasyuState, record: Record) -> None:
    """Apply the five basic rules until none changes a border (or a contradiction)."""
    while st.dirty and not st.contradiction:
        i = st.dirty.popleft()
        st.in_dirty[i] = False
        for rule in BASIC_RULES:
            ded = rule(st, i)
            if ded is not None:
                record(ded, st.apply(ded))
                break
