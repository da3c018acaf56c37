"""Kashima (2010) Table 3.1: the seven techniques that place lights (digest §4, T1-T7).

Each function takes the board and the anchor cell (the technique's origin, digest §4 / D10)
and returns the :class:`Marks` it makes there, or ``NOTHING``. All of them are written in
terms of ``need``/``avail``/``cand``/``sees`` (digest §4.1), so they hold in every rotation
and reflection and treat the grid edge as a wall (D4).
"""

from __future__ import annotations

from pencilsat.grading.lightup.geometry import FRAMES
from pencilsat.grading.lightup.state import LIGHT, NO_LIGHT, NOTHING, UNKNOWN, Board, Marks


def _count_placement(board: Board, clue: int) -> tuple[list[int], bool] | None:
    """Free neighbours of a clue that must all be lights, and whether only static walls
    (black, clue, edge) took the clue's other places (the T1/T2 split, D3)."""
    if board.geo.number[clue] < 0:
        return None
    avail = board.avail(clue)
    need = board.need(clue)
    if need <= 0 or need != len(avail):
        return None
    static = len(avail) == len(board.geo.nbrs[clue])
    return avail, static


def simple_placement(board: Board, anchor: int) -> Marks:
    """T1 単純発生, simple placement (places lights, cost 4).

    A clue whose number equals its count of free neighbours, every other neighbour being a
    black cell, a clue or the edge: lights on all of them. D3: if any neighbour is unavailable
    because of the solving state (lit, cannot-place, a light), the application is T2 instead.
    """
    found = _count_placement(board, anchor)
    if found is None or not found[1]:
        return NOTHING
    return Marks(lights=frozenset(found[0]))


def derived_simple_placement(board: Board, anchor: int) -> Marks:
    """T2 派生の単純発生, derived simple placement (places lights, cost 6).

    The T1 test, ``need == |avail| > 0``, where some neighbour is unavailable because of the
    solving state. Decision (digest T2): partially satisfied clues and cannot-place neighbours
    count here too. Decision D7: a T25 restriction ('exactly one light in {f, g}') is read as a
    virtual clue, so when one of f, g became unavailable the other gets the light.
    """
    found = _count_placement(board, anchor)
    lights: set[int] = set(found[0]) if found is not None and not found[1] else set()
    for pair in board.virtual_clues(anchor):
        marks = {j: board.mark(j) for j in pair}
        if LIGHT in marks.values():
            continue
        free = [j for j, m in marks.items() if m == UNKNOWN]
        if len(free) == 1:
            lights.add(free[0])
    return Marks(lights=frozenset(lights)) if lights else NOTHING


def isolated_cell(board: Board, anchor: int) -> Marks:
    """T3 孤立, isolated cell (places lights, cost 0 by the thesis's explicit exception).

    An unknown cell that nothing else can light (``cand(Y) == {Y}``): walled in from the start,
    or the last white cell of its lines.
    """
    board.reads.add(anchor)
    if board.state[anchor] != UNKNOWN:
        return NOTHING
    # cand(anchor) == {anchor}: the anchor is the only unknown cell of both its segments
    geo, n = board.geo, board.n
    across, down = geo.hseg[anchor], geo.vseg[anchor]
    board.reads.update((n + across, n + down))
    if len(board.seg_unknown[across]) != 1 or len(board.seg_unknown[down]) != 1:
        return NOTHING
    return Marks(lights=frozenset((anchor,)))


def rescue(board: Board, anchor: int) -> Marks:
    """T4 救出, rescue (places lights, cost 9).

    Reconstruction (the thesis's example coordinates are impossible): an unlit cannot-place cell
    with exactly one candidate; the candidate gets the light.
    """
    board.reads.add(anchor)
    if board.state[anchor] != NO_LIGHT:
        return NOTHING
    cand = board.cand(anchor)
    return Marks(lights=frozenset(cand)) if len(cand) == 1 else NOTHING


def easy_reasoning(board: Board, anchor: int) -> Marks:
    """T5 理詰め簡単, easy reasoning 1-gap-1 (places lights, cost 19).

    Clues P and Q = P + 2d, both needing one light, with ``avail(P) = {S, P+e}`` and
    ``avail(Q) = {S, Q+e}`` (S = P + d) and P+e seeing Q+e: if S stayed empty the two side
    lights would see each other, so S holds a light. D2: "1-clue" is read as need 1.
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != 1:
        return NOTHING
    avail_p = set(board.avail(anchor))
    if len(avail_p) != 2:
        return NOTHING
    lights: set[int] = set()
    for (dr, dc), (er, ec) in FRAMES:
        s, q = geo.at(anchor, dr, dc), geo.at(anchor, 2 * dr, 2 * dc)
        pe, qe = geo.at(anchor, er, ec), geo.at(q, er, ec) if q >= 0 else -1
        if not geo.is_clue(q) or pe < 0 or qe < 0 or avail_p != {s, pe}:
            continue
        if board.need(q) == 1 and set(board.avail(q)) == {s, qe} and geo.sees(pe, qe):
            lights.add(s)
    return Marks(lights=frozenset(lights)) if lights else NOTHING


def case_split_on_rescue(board: Board, anchor: int) -> Marks:
    """T6 理詰め仮定, case split on a rescue (places lights, cost 25).

    An unlit cannot-place cell X with ``cand(X) = {a, b}``: one of a, b holds a light. For every
    clue N next to a cell that a or b would light, if in both cases N is left with exactly as
    many free places as it needs, the places common to both cases are lights.
    """
    geo = board.geo
    board.reads.add(anchor)
    if board.state[anchor] != NO_LIGHT:
        return NOTHING
    cand = board.cand(anchor)
    if len(cand) != 2:
        return NOTHING
    a, b = sorted(cand)
    clues = {n for h in (a, b) for cell in geo.seen[h] for n in geo.adj_clues[cell]}
    lights: set[int] = set()
    for clue in sorted(clues):
        avail, need = board.avail(clue), board.need(clue)
        forced = []
        for h in (a, b):
            avail_h = {j for j in avail if j not in geo.seen[h]}
            need_h = need - (1 if h in avail else 0)
            if need_h != len(avail_h):
                break
            forced.append(avail_h)
        else:
            lights |= forced[0] & forced[1]
    return Marks(lights=frozenset(lights)) if lights else NOTHING


def special_case_split(board: Board, anchor: int) -> Marks:
    """T7 理詰め特殊仮定, special case split / starved clue (places lights, cost 22).

    A clue N with one spare place (``|avail| = need + 1``). Assume a free neighbour w stays
    empty: the others are all lights. If they see each other, or they starve another clue M
    (M can no longer reach its number), w is a light. One step of look-ahead only (digest: deeper
    search would be trial and error). Anchor (D10): the clue with the spare place.
    """
    geo = board.geo
    if geo.number[anchor] < 0:
        return NOTHING
    avail, need = board.avail(anchor), board.need(anchor)
    if need < 1 or len(avail) != need + 1:
        return NOTHING
    lights: set[int] = set()
    reads, state, nbrs, number = board.reads, board.state, geo.nbrs, geo.number
    for w in avail:
        others = [j for j in avail if j != w]
        if any(geo.sees(x, y) for x in others for y in others if x < y):
            lights.add(w)
            continue
        lit = set().union(*(geo.seen[j] for j in others))
        beside_lit = set().union(*(geo.clues_in_sight(j) for j in others))
        beside_lit.discard(anchor)
        for m in sorted(beside_lit):
            # need(m) less the others beside m, and avail(m) outside what they light, as
            # one read of m's neighbours (the others are free, and lit by themselves)
            around = nbrs[m]
            reads.update(around)
            need_m, places = number[m], 0
            for j in around:
                code = state[j]
                if code == LIGHT:
                    need_m -= 1
                elif code == UNKNOWN:
                    if j not in lit:
                        places += 1
                    elif j in others:
                        need_m -= 1
            if need_m < 0 or need_m > places:
                lights.add(w)
                break
    return Marks(lights=frozenset(lights)) if lights else NOTHING
