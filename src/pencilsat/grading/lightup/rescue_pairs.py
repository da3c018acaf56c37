"""Kashima (2010): techniques whose origin is an unlit cannot-place cell paired with a clue or a
second cannot-place cell (digest §4: T17 1-rescue combo, T18 special rescue, T19 aspirin box,
T24 2-rescue combo). Same calling convention as the other technique modules.
"""

from __future__ import annotations

from pencilsat.grading.lightup.clue_pairs import side_line_unknowns
from pencilsat.grading.lightup.geometry import DIRECTIONS, FRAMES
from pencilsat.grading.lightup.state import LIT, NO_LIGHT, NOTHING, UNKNOWN, WALL, Board, Marks


def _clue_across_walls(board: Board, x: int, d: tuple[int, int]) -> int:
    """The first clue along ``d`` from ``x`` when only unnumbered black cells or lit cells lie
    between (digest T17: 'only walls or lit cells between them'); -1 otherwise."""
    geo = board.geo
    cell = geo.at(x, *d)
    while cell >= 0:
        if geo.is_clue(cell):
            return cell
        mark = board.mark(cell)
        if mark not in (WALL, LIT):
            return -1
        cell = geo.at(cell, *d)
    return -1


def _rescue_combo(board: Board, anchor: int, need_wanted: int) -> Marks:
    """Shared rule of T17 (need 1) and T24 (need 2).

    An unlit cannot-place X with ``cand(X) = {X+e, X-e}`` holds exactly one light there (the two
    see each other through X). The next clue N along d (walls or lit cells between) takes one of
    ``N±e`` (for T24, ``avail(N) = {N±e, N+d}``: using both sides would light both of X's
    candidates, so N + d is a light). With X+e seeing N+e and X-e seeing N-e, the lights sit on a
    diagonal and each side line's other free cells are x.
    """
    geo = board.geo
    board.reads.add(anchor)
    if board.state[anchor] != NO_LIGHT:
        return NOTHING
    cand = board.cand(anchor)
    if len(cand) != 2:
        return NOTHING
    lights: set[int] = set()
    out: set[int] = set()
    for d in DIRECTIONS:
        er, ec = d[1], -d[0]
        xe, xw = geo.at(anchor, er, ec), geo.at(anchor, -er, -ec)
        if cand != {xe, xw}:
            continue
        n = _clue_across_walls(board, anchor, d)
        if n < 0 or board.need(n) != need_wanted:
            continue
        ne, nw, nf = geo.at(n, er, ec), geo.at(n, -er, -ec), geo.at(n, *d)
        expected = {ne, nw} if need_wanted == 1 else {ne, nw, nf}
        if -1 in expected or set(board.avail(n)) != expected:
            continue
        if geo.sees(xe, ne) and geo.sees(xw, nw):
            if need_wanted == 2:
                lights.add(nf)
            out |= side_line_unknowns(board, xe, d) - {xe, ne}
            out |= side_line_unknowns(board, xw, d) - {xw, nw}
    return Marks(frozenset(lights), frozenset(out)) if lights or out else NOTHING


def one_rescue_combo(board: Board, anchor: int) -> Marks:
    """T17 1・救出コンボ, 1-rescue combo (forbids cells, cost 24). See :func:`_rescue_combo`."""
    return _rescue_combo(board, anchor, 1)


def two_rescue_combo(board: Board, anchor: int) -> Marks:
    """T24 2・救出コンボ, 2-rescue combo (places and forbids, cost 24). See
    :func:`_rescue_combo`."""
    return _rescue_combo(board, anchor, 2)


def special_rescue(board: Board, anchor: int) -> Marks:
    """T18 救出特殊, special rescue / double-rescue conflict (forbids cells, cost 27).

    Table 4.7 prints 救出極特殊. Reconstruction (digest T18): two unlit cannot-place cells P, Q
    with at most three candidates each, and a free cell Y lighting neither. Remove ``seen(Y)``
    from both candidate sets; if every remaining pair p, q is two different cells that see each
    other, P and Q cannot both be lit, so Y is x. (An emptied set alone is T13's job.)
    Anchor: P, the first cannot-place cell in scan order among the two.
    """
    geo, state, reads = board.geo, board.state, board.reads
    board.reads.add(anchor)
    if board.state[anchor] != NO_LIGHT:
        return NOTHING
    cand_p = board.cand(anchor)
    if not 2 <= len(cand_p) <= 3:
        return NOTHING
    seen = geo.seen
    # Y lights neither P nor its candidates: cells seeing P are out whatever their marks
    ys = {y for c in cand_p for y in seen[c]} - seen[anchor]
    out: set[int] = set()
    # the cells that see every cell of a rest of P's candidates, per rest (at most 7 rests)
    seeing_all: dict[frozenset[int], frozenset[int]] = {}
    for y in sorted(ys):
        reads.add(y)
        if state[y] != UNKNOWN:
            continue
        seen_y = seen[y]
        rest_p = cand_p - seen_y
        if not rest_p:
            continue
        key = frozenset(rest_p)
        common = seeing_all.get(key)
        if common is None:
            common = frozenset.intersection(*(seen[p] for p in rest_p)) - key
            seeing_all[key] = common
        # Q's possible partners: free cells seeing every rest candidate, Y's light aside
        # (only their marks decide the outcome, so only they are read)
        beyond_y = common - seen_y
        reads.update(beyond_y)
        partners = {q for q in beyond_y if state[q] == UNKNOWN}
        if _some_cell_needs_only(board, anchor, y, partners):
            out.add(y)
    return Marks(no_light=frozenset(out)) if out else NOTHING


def _some_cell_needs_only(board: Board, p: int, y: int, partners: set[int]) -> bool:
    """Whether some unlit cannot-place Q (not P, not lit by Y) with 2-3 candidates is left,
    after Y's light, with candidates all inside ``partners``."""
    geo, state = board.geo, board.state
    seen_y = geo.seen[y]
    cells = set().union(*(geo.seen[q] for q in partners)) - seen_y
    cells.discard(p)
    board.reads.update(cells)
    for q_cell in cells:
        if state[q_cell] != NO_LIGHT:
            continue
        cand_q = board.cand(q_cell)
        rest_q = cand_q - seen_y
        if 2 <= len(cand_q) <= 3 and rest_q and rest_q <= partners:
            return True
    return False


def aspirin_box(board: Board, anchor: int) -> Marks:
    """T19 アスピリンボックス, aspirin box (forbids cells, cost 27).

    Adjacent unlit cannot-place cells U, V = U + d with ``cand(U) = {U+e, U+2e}`` and
    ``cand(V) = {V+e, V+2e}``: the two lights form a diagonal of the 2x2 box, so each of the two
    lines along d through the box gets exactly one light from it; their other free cells are x.
    The digest's extension to the column segments is not applied (thesis scope).
    """
    geo = board.geo
    board.reads.add(anchor)
    if board.state[anchor] != NO_LIGHT:
        return NOTHING
    cand_u = board.cand(anchor)
    if len(cand_u) != 2:
        return NOTHING
    out: set[int] = set()
    for (dr, dc), (er, ec) in FRAMES:
        v = geo.at(anchor, dr, dc)
        u1, u2 = geo.at(anchor, er, ec), geo.at(anchor, 2 * er, 2 * ec)
        if v < 0 or -1 in (u1, u2) or cand_u != {u1, u2} or board.mark(v) != NO_LIGHT:
            continue
        v1, v2 = geo.at(v, er, ec), geo.at(v, 2 * er, 2 * ec)
        if -1 in (v1, v2) or board.cand(v) != {v1, v2}:
            continue
        out |= side_line_unknowns(board, u1, (dr, dc)) - {u1, v1}
        out |= side_line_unknowns(board, u2, (dr, dc)) - {u2, v2}
    return Marks(no_light=frozenset(out)) if out else NOTHING
