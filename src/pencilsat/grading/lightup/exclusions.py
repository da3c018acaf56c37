"""Kashima (2010) Table 3.2, first half: single-origin exclusions (digest §4, T8-T13).

These mark cells 'cannot place' (code 9) from one clue or one cannot-place cell. Same calling
convention as :mod:`placements`.
"""

from __future__ import annotations

from pencilsat.grading.lightup.state import LIGHT, NO_LIGHT, NOTHING, UNKNOWN, Board, Marks

_DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def simple_exclusion(board: Board, anchor: int) -> Marks:
    """T8 単純否定, simple exclusion (forbids cells, cost 1): every free neighbour of a 0 is x."""
    if board.geo.number[anchor] != 0:
        return NOTHING
    avail = board.avail(anchor)
    return Marks(no_light=frozenset(avail)) if avail else NOTHING


def derived_simple_exclusion(board: Board, anchor: int) -> Marks:
    """T9 派生の単純否定, derived simple exclusion (forbids cells, cost 6).

    A clue 1-4 that already has its lights: its other free neighbours are x. Decision D7: a T25
    restriction whose pair already holds a light excludes the other cell of the pair.
    """
    out: set[int] = set()
    if board.geo.number[anchor] >= 1 and board.need(anchor) == 0:
        out.update(board.avail(anchor))
    for pair in board.virtual_clues(anchor):
        marks = {j: board.mark(j) for j in pair}
        if LIGHT in marks.values():
            out.update(j for j, m in marks.items() if m == UNKNOWN)
    return Marks(no_light=frozenset(out)) if out else NOTHING


def special_derived_exclusion(board: Board, anchor: int) -> Marks:
    """T10 派生の単純否定特殊, special derived exclusion / L-corner (forbids cells, cost 8).

    Table 4.7 prints the name as 派生の単純発生特殊. Decision (digest D2, appendix item 3): the
    general rule covering both readings. A clue needing one light, and two of its free
    neighbours u, v: if a light on u would light every other candidate of v, then u is x (v could
    then be lit neither by itself, the clue being full, nor by anything else). Anchor: the clue.
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != 1:
        return NOTHING
    avail = board.avail(anchor)
    if len(avail) < 2:
        return NOTHING
    rivals = {v: board.cand(v) - {v} for v in avail}  # v's candidates but v
    out = set()
    for u in avail:
        seen_u = geo.seen[u]
        for v in avail:
            if u != v and rivals[v] <= seen_u:
                out.add(u)
                break
    return Marks(no_light=frozenset(out)) if out else NOTHING


def diagonal_exclusion(board: Board, anchor: int) -> Marks:
    """T11 斜め否定, diagonal exclusion (forbids cells, cost 7).

    A clue with one spare place (``|avail| = need + 1``, need >= 1): a diagonal cell whose two
    shared neighbours are both free would light both and leave the clue short, so it is x.
    Decision D7: for a T25 restriction 'exactly one of {f, g}', a free cell seeing both f and g
    is x by the same argument (digest T25, 'a direct consequence').
    """
    geo = board.geo
    out: set[int] = set()
    if geo.number[anchor] >= 1:
        avail, need = board.avail(anchor), board.need(anchor)
        if need >= 1 and len(avail) == need + 1:
            for dr, dc in _DIAGONALS:
                g = geo.at(anchor, dr, dc)
                if (g >= 0 and board.is_free(g) and geo.at(anchor, dr, 0) in avail
                        and geo.at(anchor, 0, dc) in avail):
                    out.add(g)
    for pair in board.virtual_clues(anchor):
        f, g = sorted(pair)
        if board.mark(f) == UNKNOWN and board.mark(g) == UNKNOWN:
            out.update(y for y in geo.seen[f] & geo.seen[g]
                       if y not in pair and board.is_free(y))
    return Marks(no_light=frozenset(out)) if out else NOTHING


def diagonal_one_two_one(board: Board, anchor: int) -> Marks:
    """T12 斜め1・2・1, diagonal 1-2-1 (forbids cells, cost 10).

    A clue C needing 2 with all four neighbours free, and clues needing 1 on both ends of one of
    its diagonals: each shared pair holds exactly one light, which is also the 1's light, so the
    1s' other free neighbours are x. Anchor: the 2.
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != 2 or len(board.avail(anchor)) != 4:
        return NOTHING
    around = set(geo.nbrs[anchor])
    out: set[int] = set()
    for dr, dc in ((1, 1), (1, -1)):
        p, q = geo.at(anchor, -dr, -dc), geo.at(anchor, dr, dc)
        if geo.is_clue(p) and geo.is_clue(q) and board.need(p) == 1 and board.need(q) == 1:
            out.update(j for j in board.avail(p) + board.avail(q) if j not in around)
    return Marks(no_light=frozenset(out)) if out else NOTHING


def rescuer_blocking_exclusion(board: Board, anchor: int) -> Marks:
    """T13 理詰め特殊限定, rescuer-blocking exclusion (forbids cells, cost 11).

    Table 4.7 prints 理詰め(特殊*限定). An unlit cannot-place cell X: a free cell outside
    ``cand(X)`` that sees every candidate of X would leave X unlightable, so it is x.
    Decision (digest's natural extension): any ``|cand(X)| >= 2``, not only 2.
    """
    geo = board.geo
    board.reads.add(anchor)
    if board.state[anchor] != NO_LIGHT:
        return NOTHING
    cand = board.cand(anchor)
    if len(cand) < 2:
        return NOTHING
    seen = geo.seen
    # the cells that see every candidate are those in the sight of each; only their marks
    # decide the outcome, so only they are read
    out = {y for y in frozenset.intersection(*(seen[c] for c in cand)) - cand
           if board.is_free(y)}
    return Marks(no_light=frozenset(out)) if out else NOTHING

