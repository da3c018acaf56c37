"""Kashima (2010): techniques built on two clues (digest §4: T14-T16, T20-T23).

The compound diagonal family (T14 1-1, T20 1-3, T21 1-2) shares one rule; the thesis counts
the variants separately by the larger clue. The combos (T15, T22, T23) and the enclosure (T16)
all rest on one argument: two side pairs that can each hold at most one light receive exactly
one, so that light covers the rest of its line. Same calling convention as the other technique
modules. D2: "a 1" / "a 2" is read as a clue that still needs 1 / 2 lights.
"""

from __future__ import annotations

from pencilsat.grading.lightup.geometry import DIRECTIONS, FRAMES
from pencilsat.grading.lightup.state import NOTHING, Board, Marks

_DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def side_line_unknowns(board: Board, cell: int, d: tuple[int, int]) -> set[int]:
    """Free cells of the segment through ``cell`` that runs along direction ``d``."""
    return board.unknown_in_segment_of(cell, horizontal=d[0] == 0)


def _compound_diagonal(board: Board, anchor: int, need_wanted: int) -> Marks:
    """Shared rule of T14/T20/T21 (digest §4, compound diagonal family).

    Clue N with ``|avail(N)| = need(N) + 1`` and a diagonal clue M needing 1, the two cells S
    touching both being free: S holds at most one light (M takes one), so the rest of
    ``avail(N)`` are lights, S holds exactly one, and M's other free neighbours are x.
    Decision: the variant is chosen by need(N) (1 -> T14, 2 -> T21, 3 -> T20), i.e. by the
    clue's remaining number, not the printed one.
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != need_wanted:
        return NOTHING
    avail = set(board.avail(anchor))
    if len(avail) != need_wanted + 1:
        return NOTHING
    lights: set[int] = set()
    out: set[int] = set()
    for dr, dc in _DIAGONALS:
        m = geo.at(anchor, dr, dc)
        shared = {geo.at(anchor, dr, 0), geo.at(anchor, 0, dc)}
        if not geo.is_clue(m) or not shared <= avail or board.need(m) != 1:
            continue
        lights |= avail - shared
        out.update(j for j in board.avail(m) if j not in shared)
    return Marks(frozenset(lights), frozenset(out)) if lights or out else NOTHING


def compound_diagonal_one_one(board: Board, anchor: int) -> Marks:
    """T14 複合斜め否定1・1, compound diagonal exclusion 1-1 (forbids cells, cost 14).

    N needs 1 with exactly the two shared cells free: the diagonal 1's other neighbours are x.
    """
    return _compound_diagonal(board, anchor, 1)


def compound_diagonal_one_three(board: Board, anchor: int) -> Marks:
    """T20 複合斜め否定1・3, compound diagonal 1-3 (places and forbids, cost 13).

    A 3 with four free neighbours and a diagonal 1: the two far neighbours of the 3 are lights,
    the 1's other neighbours x.
    """
    return _compound_diagonal(board, anchor, 3)


def compound_diagonal_one_two(board: Board, anchor: int) -> Marks:
    """T21 複合斜め否定1・2, compound diagonal 1-2 (places and forbids, cost 14).

    A 2 with three free neighbours and a diagonal 1: the non-shared neighbour is a light, the 1's
    other neighbours x.
    """
    return _compound_diagonal(board, anchor, 2)


def _side_exclusions(board: Board, d: tuple[int, int], pairs: list[tuple[int, int]]) -> set[int]:
    """Free cells on the lines through each side pair, the pair cells themselves excepted."""
    out: set[int] = set()
    for a, b in pairs:
        out |= side_line_unknowns(board, a, d) - {a, b}
    return out


def one_one_combo(board: Board, anchor: int) -> Marks:
    """T15 1・1コンボ, 1-1 combo (forbids cells, cost 18).

    Adjacent clues P, Q = P + d needing 1 each, with ``avail(P) = {P±e}`` and
    ``avail(Q) = {Q±e}``: the two lights sit on a diagonal, so each side line gets exactly one
    light from its pair and the line's other free cells are x.
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != 1:
        return NOTHING
    avail_p = set(board.avail(anchor))
    out: set[int] = set()
    for dr, dc in DIRECTIONS:
        q = geo.at(anchor, dr, dc)
        er, ec = dc, -dr
        pe, pw = geo.at(anchor, er, ec), geo.at(anchor, -er, -ec)
        if not geo.is_clue(q) or avail_p != {pe, pw} or -1 in (pe, pw):
            continue
        qe, qw = geo.at(q, er, ec), geo.at(q, -er, -ec)
        if board.need(q) == 1 and set(board.avail(q)) == {qe, qw}:
            out |= _side_exclusions(board, (dr, dc), [(pe, qe), (pw, qw)])
    return Marks(no_light=frozenset(out)) if out else NOTHING


def two_two_reasoning(board: Board, anchor: int) -> Marks:
    """T22 理詰め2・2, 2-2 reasoning (places and forbids, cost 18).

    Adjacent clues P, Q = P + d needing 2 each, with their three other neighbours free: the two
    side pairs give at most one light each, so P - d and Q + d are lights and each side line gets
    exactly one light from its pair (its other free cells are x).
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != 2:
        return NOTHING
    avail_p = set(board.avail(anchor))
    lights: set[int] = set()
    out: set[int] = set()
    for dr, dc in DIRECTIONS:
        q = geo.at(anchor, dr, dc)
        er, ec = dc, -dr
        pe, pw, pb = geo.at(anchor, er, ec), geo.at(anchor, -er, -ec), geo.at(anchor, -dr, -dc)
        if not geo.is_clue(q) or avail_p != {pe, pw, pb} or -1 in (pe, pw, pb):
            continue
        qe, qw, qf = geo.at(q, er, ec), geo.at(q, -er, -ec), geo.at(q, dr, dc)
        if board.need(q) == 2 and set(board.avail(q)) == {qe, qw, qf} and -1 not in (qe, qw, qf):
            lights |= {pb, qf}
            out |= _side_exclusions(board, (dr, dc), [(pe, qe), (pw, qw)])
    return Marks(frozenset(lights), frozenset(out)) if lights or out else NOTHING


def one_two_combo(board: Board, anchor: int) -> Marks:
    """T23 1・2コンボ, 1-2 combo (places and forbids, cost 18).

    A clue P needing 1 with ``avail(P) = {P±e}`` next to a clue Q = P + d needing 2 with
    ``avail(Q) = {Q±e, Q+d}``: Q cannot take both side cells (they would starve P), so Q + d is
    a light and the side lines are settled as in T15. Anchor: the 1.
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != 1:
        return NOTHING
    avail_p = set(board.avail(anchor))
    lights: set[int] = set()
    out: set[int] = set()
    for dr, dc in DIRECTIONS:
        q = geo.at(anchor, dr, dc)
        er, ec = dc, -dr
        pe, pw = geo.at(anchor, er, ec), geo.at(anchor, -er, -ec)
        if not geo.is_clue(q) or avail_p != {pe, pw} or -1 in (pe, pw):
            continue
        qe, qw, qf = geo.at(q, er, ec), geo.at(q, -er, -ec), geo.at(q, dr, dc)
        if board.need(q) == 2 and set(board.avail(q)) == {qe, qw, qf} and -1 not in (qe, qw, qf):
            lights.add(qf)
            out |= _side_exclusions(board, (dr, dc), [(pe, qe), (pw, qw)])
    return Marks(frozenset(lights), frozenset(out)) if lights or out else NOTHING


def one_one_enclosure(board: Board, anchor: int) -> Marks:
    """T16 1・1囲み, 1...1 enclosure (forbids cells, cost 19).

    Reconstruction (the literal 'all cells between the 1s' is unsound), pair reading: clues P
    and Q = P + m·d (m >= 4) needing 1, the cells between them one white run, with
    ``avail(P) = {P+d, P+e}``, ``avail(Q) = {Q-d, Q+e}`` and P+e seeing Q+e. A light strictly
    inside the run (P+2d .. Q-2d) would light P+d and Q-d and force the two side lights, which
    see each other: those cells are x. The cycle reading is not implemented.
    """
    geo = board.geo
    if geo.number[anchor] < 0 or board.need(anchor) != 1:
        return NOTHING
    avail_p = set(board.avail(anchor))
    if len(avail_p) != 2:
        return NOTHING
    out: set[int] = set()
    for (dr, dc), (er, ec) in FRAMES:
        first, pe = geo.at(anchor, dr, dc), geo.at(anchor, er, ec)
        if avail_p != {first, pe} or -1 in (first, pe):
            continue
        run = [first]
        while geo.is_white(nxt := geo.at(run[-1], dr, dc)):
            run.append(nxt)
        q = nxt
        if len(run) < 3 or not geo.is_clue(q) or board.need(q) != 1:
            continue
        qe = geo.at(q, er, ec)
        if qe >= 0 and set(board.avail(q)) == {run[-1], qe} and geo.sees(pe, qe):
            out.update(j for j in run[1:-1] if board.is_free(j))
    return Marks(no_light=frozenset(out)) if out else NOTHING
