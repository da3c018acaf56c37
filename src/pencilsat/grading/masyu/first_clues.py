"""First clues of Sato (2007): what the pearls alone fix before any solving (level 1).

Digest §4.2, Prop 5: ``SIROMSKETU1`` (three or more whites in a line) and ``KUROMSKETU1``
(adjacent blacks). The engine applies both once, before the basic fixpoint.
"""

from __future__ import annotations

from pencilsat.grading.masyu.state import (
    BLACK,
    BLOCKED,
    DOWN,
    RIGHT,
    WHITE,
    Finding,
    MasyuState,
    opp,
)


def white_runs_first_clue(st: MasyuState) -> list[Finding]:
    """SIROMSKETU1 (white-run first clue, Prop 5①): three or more whites in a row or column
    all run across the row; block the border between the first and second white."""
    g, out = st.g, []
    for i in range(g.size):
        if g.pearl[i] != WHITE:
            continue
        for d in (RIGHT, DOWN):
            back = g.nb[i][opp(d)]
            if back >= 0 and g.pearl[back] == WHITE:
                continue
            run = [i]
            while True:
                j = g.nb[run[-1]][d]
                if j < 0 or g.pearl[j] != WHITE:
                    break
                run.append(j)
            if len(run) >= 3:
                out.append(Finding(
                    "SIROMSKETU1", ((g.eid[i][d], BLOCKED),),
                    f"{len(run)} whites in a line from {g.name(i)} cannot all run along it:"
                    f" border {g.name(i)}-{g.name(run[1])} blocked",
                ))
    return out


def adjacent_blacks_first_clue(st: MasyuState) -> list[Finding]:
    """KUROMSKETU1 (adjacent blacks, Prop 5②): the border between two adjacent blacks is
    blocked, since each must leave the other straight for two cells."""
    g, out = st.g, []
    for i in range(g.size):
        if g.pearl[i] != BLACK:
            continue
        for d in (RIGHT, DOWN):
            j = g.nb[i][d]
            if j >= 0 and g.pearl[j] == BLACK:
                out.append(Finding(
                    "KUROMSKETU1", ((g.eid[i][d], BLOCKED),),
                    f"adjacent blacks {g.name(i)} and {g.name(j)}: border between them blocked",
                ))
    return out
