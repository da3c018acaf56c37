"""Kashima (2010) Table 3.4: the technique that only restricts where a light may go (digest §4,
T25 斜め1・2易).
"""

from __future__ import annotations

from pencilsat.grading.lightup.state import NOTHING, Board, Marks

_DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def easy_diagonal_one_two(board: Board, anchor: int) -> Marks:
    """T25 斜め1・2易, easy diagonal 1-2 (restricts possibilities, cost 14).

    A clue M needing 1 whose only free cells are the pair S it shares with a diagonal clue N
    needing 2 with four free neighbours: N gets exactly one light from S, hence exactly one from
    its other two neighbours {f, g}. Decision D7: the restriction is stored as a virtual clue
    'exactly one light in {f, g}' which T2, T9 and T11 read; it is counted only when new.
    Anchor: the 1.
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != 1:
        return NOTHING
    avail_m = set(board.avail(anchor))
    if len(avail_m) != 2:
        return NOTHING
    for dr, dc in _DIAGONALS:
        n = geo.at(anchor, dr, dc)
        shared = {geo.at(anchor, dr, 0), geo.at(anchor, 0, dc)}
        if not geo.is_clue(n) or shared != avail_m or board.need(n) != 2:
            continue
        avail_n = set(board.avail(n))
        if len(avail_n) != 4:
            continue
        pair = frozenset(avail_n - shared)
        if not board.has_restriction(pair):
            return Marks(restriction=pair)
    return NOTHING
