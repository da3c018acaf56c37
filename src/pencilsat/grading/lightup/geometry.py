"""Static geometry of a Light Up grid for the grader: cell indices, segments, lines of sight.

Digest §9.2: precompute each cell's horizontal and vertical segment so that ``sees`` is a
comparison of ids and ``seen(h)`` is the union of h's two segments. Cells are indexed
row-major (``i = r * width + c``), which is also the thesis's scan order (§3.3: A1, B1, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pencilsat.core.values import Cell
from pencilsat.puzzles.lightup import WHITE, LightUpPuzzle

FRAMES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = tuple(
    (d, e)
    for d in ((0, 1), (1, 0), (0, -1), (-1, 0))
    for e in ((d[1], -d[0]), (-d[1], d[0]))
)
"""The 8 symmetries of the square as (d, e) pairs: d along the pattern, e perpendicular
(digest §4.1)."""

DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))


@dataclass(frozen=True)
class Geometry:
    height: int
    width: int
    white: tuple[bool, ...]
    number: tuple[int, ...]
    """Clue number per cell, -1 for a white cell or an unnumbered black cell."""
    nbrs: tuple[tuple[int, ...], ...]
    """In-grid orthogonal neighbours that are white (only those can ever hold a light)."""
    hseg: tuple[int, ...]
    vseg: tuple[int, ...]
    seg_cells: tuple[tuple[int, ...], ...]
    seen: tuple[frozenset[int], ...]
    clues: tuple[int, ...]
    adj_clues: tuple[tuple[int, ...], ...]
    """Clue cells orthogonally adjacent to each cell."""
    shifts: dict[tuple[int, int], tuple[int, ...]] = field(
        default_factory=dict, compare=False, repr=False)
    """Cache of :meth:`at` per offset, filled on first use."""
    sight_clues: dict[int, frozenset[int]] = field(
        default_factory=dict, compare=False, repr=False)
    """Cache of :meth:`clues_in_sight`, filled on first use."""
    near_keys: list[frozenset[int]] = field(default_factory=list, compare=False, repr=False)
    """Cache of :meth:`keys_near`, filled on first use."""

    @property
    def n(self) -> int:
        return self.height * self.width

    @classmethod
    def from_puzzle(cls, puzzle: LightUpPuzzle) -> Geometry:
        h, w = puzzle.height, puzzle.width
        flat = [int(v) for v in puzzle.cells.reshape(-1)]
        white = tuple(v == WHITE for v in flat)
        number = tuple(v if v >= 0 else -1 for v in flat)
        nbrs = []
        for i in range(h * w):
            r, c = divmod(i, w)
            nbrs.append(tuple(
                (r + dr) * w + c + dc for dr, dc in DIRECTIONS
                if 0 <= r + dr < h and 0 <= c + dc < w and white[(r + dr) * w + c + dc]
            ))
        hseg = [-1] * (h * w)
        vseg = [-1] * (h * w)
        segs: list[tuple[int, ...]] = []
        for horizontal in (True, False):
            outer, inner = (h, w) if horizontal else (w, h)
            for a in range(outer):
                run: list[int] = []
                for b in range(inner + 1):
                    i = (a * w + b if horizontal else b * w + a) if b < inner else -1
                    if i >= 0 and white[i]:
                        run.append(i)
                        continue
                    if run:
                        for j in run:
                            (hseg if horizontal else vseg)[j] = len(segs)
                        segs.append(tuple(run))
                        run = []
        seen = tuple(
            frozenset(segs[hseg[i]]) | frozenset(segs[vseg[i]]) if white[i] else frozenset()
            for i in range(h * w)
        )
        clues = tuple(i for i in range(h * w) if number[i] >= 0)
        adj_clues: list[list[int]] = [[] for _ in range(h * w)]
        for i in clues:
            for j in nbrs[i]:
                adj_clues[j].append(i)
        return cls(h, w, white, number, tuple(nbrs), tuple(hseg), tuple(vseg), tuple(segs),
                   seen, clues, tuple(tuple(a) for a in adj_clues))

    def keys_near(self) -> list[frozenset[int]]:
        """Per cell or segment key (``n + segment``): the cells a change of it puts in
        question (the cell, or the segment's cells) with each one's two segment keys."""
        if not self.near_keys:
            n, hseg, vseg = self.n, self.hseg, self.vseg
            def around(cells: tuple[int, ...]) -> frozenset[int]:
                return frozenset([*cells, *(n + hseg[i] for i in cells),
                                  *(n + vseg[i] for i in cells)])
            self.near_keys.extend(around((i,)) if self.white[i] else frozenset()
                                  for i in range(n))
            self.near_keys.extend(around(cells) for cells in self.seg_cells)
        return self.near_keys

    def cell(self, i: int) -> Cell:
        return divmod(i, self.width)

    def at(self, i: int, dr: int, dc: int) -> int:
        """Index of the cell (dr, dc) away from ``i``, or -1 outside the grid."""
        if i < 0:  # no cell: what the arithmetic gives, as before the cache
            r, c = divmod(i, self.width)
            r, c = r + dr, c + dc
            return r * self.width + c if 0 <= r < self.height and 0 <= c < self.width else -1
        table = self.shifts.get((dr, dc))
        if table is None:
            table = self.shifts[(dr, dc)] = self._shift(dr, dc)
        return table[i]

    def _shift(self, dr: int, dc: int) -> tuple[int, ...]:
        """``at(i, dr, dc)`` for every cell ``i`` (the techniques ask for a few offsets
        hundreds of thousands of times on a big grid)."""
        h, w = self.height, self.width
        return tuple(
            (r + dr) * w + c + dc if 0 <= r + dr < h and 0 <= c + dc < w else -1
            for r in range(h) for c in range(w)
        )

    def clues_in_sight(self, i: int) -> frozenset[int]:
        """The clues next to a cell that white cell ``i`` sees (``i`` itself included): those
        whose places a light on ``i`` would take."""
        found = self.sight_clues.get(i)
        if found is None:
            adj_clues = self.adj_clues
            found = self.sight_clues[i] = frozenset(
                m for cell in self.seen[i] for m in adj_clues[cell])
        return found

    def is_white(self, i: int) -> bool:
        return i >= 0 and self.white[i]

    def is_clue(self, i: int) -> bool:
        return i >= 0 and self.number[i] >= 0

    def sees(self, a: int, b: int) -> bool:
        """Digest §1: two white cells see each other iff they share a segment."""
        return self.white[a] and self.white[b] and (
            a == b or self.hseg[a] == self.hseg[b] or self.vseg[a] == self.vseg[b])
