"""Ripple Effect as SAT: one boolean per cell and number it may still hold, so every rule is
a clause and ``complete_cnf``'s models are exactly the answers.

Before any clause is written the givens are propagated (:func:`candidates`): a placed
number leaves its cell, its room's other cells and the cells of its row and column within
its distance; a cell left with one number, or a room number left with one cell, is placed
in turn. Only what is still open becomes a variable, so a janko 10x10 loads a few hundred
clauses instead of about 3,000 (loading, not search, was most of a solve). Then:

- each open cell holds exactly one of its numbers, each number 1..n of a room of n cells
  not placed yet stands in exactly one of its cells
  (:func:`~pencilsat.encodings.partition.exactly_one_clauses`: pairwise up to a few
  literals, a sequential counter above);
- ripple: two cells of a row or column at distance ``k`` or less never both hold ``k``
  (a binary clause per pair and number; none for a ``?`` given, which the rule skips, and
  the propagation skips it too);
- a cell the propagation placed (not a given) is a unit clause: its variable stays an
  answer atom;
- a cell cut out of the board has no number and no variable; the ripple distances run
  across it.

Propagation removes only numbers every answer rules out, so the models are the answers; a
contradiction among the givens leaves a variable and its negation (no answer). The
``direct`` strategy loads it into PySAT, ``cpsat`` into CP-SAT; ``pencilsat study`` and
certificates use it as it is.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.partition import exactly_one_clauses
from pencilsat.puzzles.regions import NO_REGION
from pencilsat.puzzles.ripple import RipplePuzzle, RippleSolution

STEP = 4096
"""Cells handled between two looks at the clock (and the memory budget)."""


def candidates(puzzle: RipplePuzzle, deadline: float | None = None) -> list[set[int]] | None:
    """Per cell (row-major), the numbers it may still hold once the givens are propagated
    (see the module docstring); ``None`` when they contradict each other. Past
    ``deadline`` it stops with the clock's error."""
    h, w = puzzle.height, puzzle.width
    ids = puzzle.rooms.ids.ravel().tolist()
    sizes = puzzle.room_sizes().ravel().tolist()
    givens = puzzle.givens.ravel().tolist()
    seen = (~puzzle.unknown).ravel().tolist()
    rooms: list[list[int]] = [[] for _ in range(puzzle.rooms.count)]
    for i, room in enumerate(ids):
        if room != NO_REGION:  # a cut-out cell: no room, no number (no candidate)
            rooms[room].append(i)
    cand: list[set[int]] = []
    for first in range(0, h * w, STEP):
        check_clock(deadline)
        cand += [{v} if v else set(range(1, sizes[i] + 1))
                 for i, v in enumerate(givens[first:first + STEP], first)]
    # per room and number, the cells that may still hold it
    holders: list[dict[int, set[int]]] = []
    for first in range(0, len(rooms), STEP):
        check_clock(deadline)
        holders += [{d: set(cells) for d in range(1, len(cells) + 1)}
                    for cells in rooms[first:first + STEP]]
    check_clock(deadline)
    for i, v in enumerate(givens):
        if v:
            for d in range(1, sizes[i] + 1):
                if d != v:
                    holders[ids[i]][d].discard(i)
    work = [i for i, c in enumerate(cand) if len(c) == 1]
    placed = [False] * (h * w)

    def drop(j: int, d: int) -> bool:
        """Rule ``d`` out of cell ``j``; False on a contradiction."""
        held = cand[j]
        if d not in held:
            return True
        held.remove(d)
        if not held:
            return False
        if len(held) == 1:
            work.append(j)
        room = holders[ids[j]][d]
        room.discard(j)
        if not room:
            return False
        if len(room) == 1:
            (k,) = room
            if len(cand[k]) > 1:
                return all(drop(k, e) for e in list(cand[k]) if e != d)
        return True

    done = 0
    while work:
        done += 1
        if done % STEP == 0:
            check_clock(deadline)
        i = work.pop()
        if placed[i]:
            continue
        placed[i] = True
        (v,) = cand[i]
        r, c = divmod(i, w)
        peers = [j for j in rooms[ids[i]] if j != i]
        if seen[i]:  # the ripple rule skips a '?' given, on either side
            peers += [j for j in (r * w + k for k in range(max(0, c - v), min(w, c + v + 1))
                                  if k != c) if seen[j]]
            peers += [j for j in (k * w + c for k in range(max(0, r - v), min(h, r + v + 1))
                                  if k != r) if seen[j]]
        for j in peers:
            if v in cand[j] and not drop(j, v):
                return None
    return cand


def complete_cnf(puzzle: RipplePuzzle, deadline: float | None = None) -> ClauseEncoding:
    """The clauses above; variables cell by cell (row-major), each cell's open numbers in
    increasing order. Past ``deadline`` (or the memory budget) it stops with the clock's
    error."""
    h, w = puzzle.height, puzzle.width
    givens = puzzle.givens.ravel().tolist()
    seen = (~puzzle.unknown).ravel().tolist()
    check_clock(deadline)
    cand = candidates(puzzle, deadline)
    check_clock(deadline)
    if cand is None:  # the givens clash: no answer
        return ClauseEncoding("direct", 1, [[1], [-1]], [], lambda true: None)
    lit: list[dict[int, int]] = []
    top = 0
    for i, held in enumerate(cand):
        if i % STEP == 0:
            check_clock(deadline)
        if givens[i]:
            lit.append({})
            continue
        lit.append({d: top + k for k, d in enumerate(sorted(held), 1)})
        top += len(held)
    answer = list(range(1, top + 1))
    groups = [(list(numbers.values()), 1) for numbers in lit if numbers]
    rooms: list[dict[int, list[int]]] = [{} for _ in range(puzzle.rooms.count)]
    for room, numbers in zip(puzzle.rooms.ids.ravel().tolist(), lit, strict=True):
        for d, x in numbers.items():
            rooms[room].setdefault(d, []).append(x)
    # a number given in a room has no literal left in it: propagation ruled it out
    groups += [(group, 1) for room in rooms for group in room.values()]
    check_clock(deadline)
    clauses, top = exactly_one_clauses(groups, top, deadline)
    check_clock(deadline)
    lines = ([[r * w + c for c in range(w)] for r in range(h)]
             + [[r * w + c for r in range(h)] for c in range(w)])
    for line in lines:
        check_clock(deadline)
        along = [lit[i] if seen[i] else {} for i in line]  # no ripple at a '?' given
        last = len(along) - 1
        for p, first in enumerate(along):
            if not first:
                continue
            for k in range(1, min(next(reversed(first)), last - p) + 1):
                second = along[p + k]
                if second:
                    clauses += [[-x, -second[d]] for d, x in first.items()
                                if d >= k and d in second]

    def decode(true: set[int]) -> RippleSolution:
        grid = [givens[i] or next((d for d, x in lit[i].items() if x in true), 0)
                for i in range(h * w)]
        return RippleSolution(np.array(grid).reshape(h, w))

    return ClauseEncoding("direct", top, clauses, answer, decode)
