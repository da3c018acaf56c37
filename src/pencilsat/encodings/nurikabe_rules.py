"""Sound Nurikabe rules run to a fixpoint before the encoding: the cells they settle become
unit clauses, and the islands' reach shrinks around them.

The rules, each true in every solution:

- an open cell next to an island's cell belongs to it (two islands there: no solution);
- a complete island's neighbours are wall;
- an incomplete island grows through cells it can still reach: within its missing cells'
  steps of its known cells, along cells that are not wall, not another island's and not
  next to another island's cell. A cell no island reaches is wall; an open cell one
  island reaches is that island's; an island with one way out takes it, and one that
  reaches just its missing cells takes them all;
- a 2x2 block with three walls has its fourth cell open;
- a piece of wall that is not all of it and has one way out takes it; once the wall has
  all its cells, the rest is open.

Why, when the solver propagates much of it anyway: the distance layers know an island's
reach from its number, not from the cells its neighbours have settled, and the units let
the encoding drop labels no island can take. janko 1055_40x57 (213 numbers on 57x40),
unknown at 300 s on both backends without them, settles 1,006 of 2,280 cells and is
then unique in 18-37 s on CNF and 25-31 s on CP-SAT (``docs/experiments/nurikabe.md``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from pencilsat.core.clock import check_clock
from pencilsat.encodings.connectivity import Graph, steps_within
from pencilsat.puzzles.nurikabe import NurikabePuzzle

WALL = -1
UNKNOWN = -2
OPEN = -3
"""A cell's state: ``WALL``, ``UNKNOWN``, ``OPEN`` (of an island not yet known) or the
index (>= 0) of the numbered cell whose island holds it."""


ANY = -1
NONE = -2
"""What :func:`takers` says of a cell no island has a claim on, and of one none may take."""


def takers(state: list[int], graph: Graph) -> list[int]:
    """Per cell, the one island that may take it (``ANY``: any, ``NONE``: none): a wall
    cell, or one that is or touches cells of two islands, goes to none; one that is or
    touches an island's cells only to that island."""
    near = [ANY] * len(state)
    for v, s in enumerate(state):
        if s == WALL:
            near[v] = NONE
        elif s >= 0:
            for u in (v, *graph.neighbours[v]):
                if near[u] == ANY:
                    near[u] = s
                elif near[u] != s:
                    near[u] = NONE
    return near


def may_take(near: list[int], island: int) -> Callable[[int], bool]:
    """Whether ``island`` may take a cell, by :func:`takers`' table."""
    return lambda u: near[u] == ANY or near[u] == island


class Contradiction(Exception):
    """The rules met a clash: the puzzle has no solution."""


def settle(puzzle: NurikabePuzzle, graph: Graph,
           deadline: float | None = None) -> list[int] | None:
    """Each cell's state (row-major) once no rule settles more; None when the rules clash
    (no solution). ``TimeLimitReached`` once ``deadline`` has passed."""
    try:
        return _Rules(puzzle, graph, deadline).run()
    except Contradiction:
        return None


class _Rules:
    def __init__(self, puzzle: NurikabePuzzle, graph: Graph, deadline: float | None) -> None:
        width = puzzle.width
        self.graph = graph
        self.neighbours = graph.neighbours
        self.deadline = deadline
        numbered = puzzle.numbered_cells()
        self.sizes = [number for _, number in numbered]
        self.state = [UNKNOWN] * graph.size
        for i, ((r, c), _) in enumerate(numbered):
            self.state[r * width + c] = i
        self.wall_total = (None if None in self.sizes
                           else graph.size - sum(n for n in self.sizes if n is not None))
        self.width, self.height = width, puzzle.height

    def run(self) -> list[int]:
        changed = True
        while changed:
            check_clock(self.deadline)
            changed = self._join_open()
            members = self._members()
            changed |= self._fence_complete(members)
            changed |= self._reach(self._members())
            changed |= self._blocks()
            changed |= self._wall_exits()
            changed |= self._wall_complete()
        return self.state

    def _set(self, v: int, value: int) -> None:
        old = self.state[v]
        if old == value:
            return
        if old != UNKNOWN and not (old == OPEN and value >= 0):
            raise Contradiction
        self.state[v] = value

    def _members(self) -> list[list[int]]:
        members: list[list[int]] = [[] for _ in self.sizes]
        for v, s in enumerate(self.state):
            if s >= 0:
                members[s].append(v)
        return members

    def _join_open(self) -> bool:
        state, neighbours = self.state, self.neighbours
        queue = deque(v for v, s in enumerate(state) if s >= 0)
        changed = False
        while queue:
            v = queue.popleft()
            for u in neighbours[v]:
                s = state[u]
                if s == OPEN:
                    state[u] = state[v]
                    queue.append(u)
                    changed = True
                elif s >= 0 and s != state[v]:
                    raise Contradiction
        return changed

    def _fence_complete(self, members: list[list[int]]) -> bool:
        changed = False
        for i, cells in enumerate(members):
            size = self.sizes[i]
            if size is None or len(cells) < size:
                continue
            if len(cells) > size:
                raise Contradiction
            for v in cells:
                for u in self.neighbours[v]:
                    if self.state[u] not in (WALL, i):
                        self._set(u, WALL)
                        changed = True
        return changed

    def _reach(self, members: list[list[int]]) -> bool:
        """Per incomplete island, the cells it can still take (module docstring)."""
        state, neighbours = self.state, self.neighbours
        reached_by = [0] * len(state)
        reacher = [-1] * len(state)
        near = takers(state, self.graph)
        changed = False
        for i, cells in enumerate(members):
            size = self.sizes[i]
            budget = len(state) if size is None else size - len(cells)
            if budget <= 0:
                for v in cells:
                    reached_by[v] += 1
                continue
            check_clock(self.deadline)
            dist = steps_within(self.graph, cells, budget, may_take(near, i))
            grown = [v for v in dist if state[v] != i]
            for v in dist:
                reached_by[v] += 1
                reacher[v] = i
            if size is None:
                continue
            if len(cells) + len(grown) < size:
                raise Contradiction
            if len(cells) + len(grown) == size:
                for v in grown:
                    self._set(v, i)
                changed |= bool(grown)
                continue
            exits = {u for v in cells for u in neighbours[v] if u in dist and state[u] != i}
            if len(exits) == 1:
                self._set(exits.pop(), i)
                changed = True
        for v, s in enumerate(state):
            if s in (UNKNOWN, OPEN) and not reached_by[v]:
                self._set(v, WALL)
                changed = True
            elif s == OPEN and reached_by[v] == 1:
                self._set(v, reacher[v])
                changed = True
        return changed

    def _blocks(self) -> bool:
        state, width = self.state, self.width
        changed = False
        for r in range(self.height - 1):
            for c in range(width - 1):
                block = (r * width + c, r * width + c + 1,
                         (r + 1) * width + c, (r + 1) * width + c + 1)
                walls = sum(state[v] == WALL for v in block)
                if walls == 4:
                    raise Contradiction
                if walls == 3:
                    for v in block:
                        if state[v] == UNKNOWN:
                            state[v] = OPEN
                            changed = True
        return changed

    def _wall_pieces(self) -> list[list[int]]:
        state, neighbours = self.state, self.neighbours
        seen = [False] * len(state)
        pieces = []
        for v, s in enumerate(state):
            if s != WALL or seen[v]:
                continue
            seen[v] = True
            piece = [v]
            for x in piece:
                for u in neighbours[x]:
                    if state[u] == WALL and not seen[u]:
                        seen[u] = True
                        piece.append(u)
            pieces.append(piece)
        return pieces

    def _wall_exits(self) -> bool:
        """A piece joins the rest of the wall only through its ways out, so a piece with
        one takes it (several pieces in one pass: a new wall cell next to a piece was its
        one way out)."""
        pieces = self._wall_pieces()
        changed = False
        for piece in pieces:
            if len(pieces) == 1 and (self.wall_total is None or len(piece) >= self.wall_total):
                continue
            inside = set(piece)
            exits = {u for x in piece for u in self.neighbours[x]
                     if self.state[u] in (UNKNOWN, WALL) and u not in inside}
            if not exits:
                raise Contradiction
            if len(exits) == 1:
                u = exits.pop()
                if self.state[u] != WALL:
                    self._set(u, WALL)
                    changed = True
        return changed

    def _wall_complete(self) -> bool:
        if self.wall_total is None:
            return False
        walls = sum(s == WALL for s in self.state)
        if walls > self.wall_total:
            raise Contradiction
        if walls < self.wall_total:
            return False
        changed = False
        for v, s in enumerate(self.state):
            if s == UNKNOWN:
                self.state[v] = OPEN
                changed = True
        return changed
