"""Solving state of the Light Up grader: per-cell marks plus the read-tracking that makes the
restart-from-the-most-basic loop incremental.

The thesis (Kashima 2010, §3.3; digest §2.2) keeps one array of codes: 6 lit, 7 light,
8 white/unknown, 9 cannot-place. :class:`Board` holds those codes for white cells and offers the
derived quantities every technique is written in (digest §2.3): ``need``, ``avail``, ``cand``,
``sees`` and ``seen``.

Every read of a mutable quantity is recorded as a *key* (a cell, a segment, or the virtual-clue
slot of a cell). The engine registers the keys a technique read at an anchor and re-examines that
anchor only after one of them changed; this keeps a 100x100 grade fast while giving exactly the
result of a full rescan after every step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pencilsat.core.values import Cell
from pencilsat.grading.lightup.geometry import Geometry
from pencilsat.puzzles.lightup import LightUpPuzzle

LIT = 6
LIGHT = 7
UNKNOWN = 8
NO_LIGHT = 9
WALL = -1
"""Thesis codes for white cells (digest §2.2); WALL is our code for any black cell."""


@dataclass(frozen=True)
class Marks:
    """What one application of a technique changes, in board indices: cells to light or to
    mark x, and for T25 the pair of cells that must hold exactly one light (a virtual clue).
    The engine applies them and logs them as a :class:`~pencilsat.grading.steps.Step`."""

    lights: frozenset[int] = frozenset()
    no_light: frozenset[int] = frozenset()
    restriction: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.lights or self.no_light or self.restriction)

    def merged(self, other: Marks) -> Marks:
        return Marks(self.lights | other.lights, self.no_light | other.no_light,
                     self.restriction | other.restriction)


NOTHING = Marks()


@dataclass
class Board:
    """Mutable marks over an immutable :class:`Geometry`; see the module docstring."""

    geo: Geometry
    state: list[int] = field(default_factory=list)
    seg_unknown: list[set[int]] = field(default_factory=list)
    virtual: dict[int, tuple[frozenset[int], ...]] = field(default_factory=dict)
    reads: set[int] = field(default_factory=set)
    unlit: int = -1
    """White cells not lit yet (UNKNOWN or NO_LIGHT), kept as marks change."""
    owned: set[int] | None = None
    """On a copy, the segments whose ``seg_unknown`` set it has made its own; the others are
    still the sets of the board copied from (``None``: every set is its own). A copy copies a
    segment's set when it first changes it, so a trial costs what it touches."""

    n: int = field(init=False, default=0)
    """The grid's cells, ``geo.n`` (the first segment key)."""
    first_virtual: int = field(init=False, default=0)
    """The first virtual-clue key."""

    def __post_init__(self) -> None:
        self.n = self.geo.n
        self.first_virtual = self.n + len(self.geo.seg_cells)
        if self.unlit < 0:
            self.unlit = sum(1 for code in self.state if code in (UNKNOWN, NO_LIGHT))

    @classmethod
    def from_puzzle(cls, puzzle: LightUpPuzzle) -> Board:
        geo = Geometry.from_puzzle(puzzle)
        state = [UNKNOWN if geo.white[i] else WALL for i in range(geo.n)]
        seg_unknown = [set(cells) for cells in geo.seg_cells]
        return cls(geo, state, seg_unknown)

    # --- keys ---------------------------------------------------------------------------
    def seg_key(self, seg: int) -> int:
        return self.n + seg

    def virtual_key(self, i: int) -> int:
        return self.first_virtual + i

    # --- tracked reads ------------------------------------------------------------------
    def mark(self, i: int) -> int:
        """The code of white cell ``i`` (LIT, LIGHT, UNKNOWN, NO_LIGHT); WALL for black."""
        self.reads.add(i)
        return self.state[i]

    def is_free(self, i: int) -> bool:
        """A cell that could still take a light (state 8): the digest's 'available'."""
        if i < 0:
            return False
        self.reads.add(i)
        return self.state[i] == UNKNOWN

    def is_lit(self, i: int) -> bool:
        return self.mark(i) in (LIT, LIGHT)

    def avail(self, clue: int) -> list[int]:
        nbrs = self.geo.nbrs[clue]
        self.reads.update(nbrs)
        state = self.state
        return [j for j in nbrs if state[j] == UNKNOWN]

    def need(self, clue: int) -> int:
        nbrs = self.geo.nbrs[clue]
        self.reads.update(nbrs)
        state = self.state
        left = self.geo.number[clue]
        for j in nbrs:
            if state[j] == LIGHT:
                left -= 1
        return left

    def cand(self, i: int) -> set[int]:
        """Unknown cells that could light white cell ``i`` (``i`` itself included if unknown)."""
        geo = self.geo
        h, v = geo.hseg[i], geo.vseg[i]
        n = self.n
        self.reads.update((n + h, n + v))
        seg_unknown = self.seg_unknown
        return seg_unknown[h] | seg_unknown[v]

    def unknown_in_segment_of(self, i: int, horizontal: bool) -> set[int]:
        seg = self.geo.hseg[i] if horizontal else self.geo.vseg[i]
        self.reads.add(self.n + seg)
        return self.seg_unknown[seg]

    def virtual_clues(self, i: int) -> tuple[frozenset[int], ...]:
        """T25 restrictions anchored at cell ``i`` ('exactly one light in this pair')."""
        self.reads.add(self.first_virtual + i)
        return self.virtual.get(i, ())

    def has_restriction(self, pair: frozenset[int]) -> bool:
        anchor = min(pair)
        return pair in self.virtual_clues(anchor)

    # --- untracked geometry shortcuts ---------------------------------------------------
    def sees(self, a: int, b: int) -> bool:
        return self.geo.sees(a, b)

    def seen(self, i: int) -> frozenset[int]:
        return self.geo.seen[i]

    # --- changes ------------------------------------------------------------------------
    def _set(self, i: int, code: int, changed: set[int]) -> None:
        state = self.state
        old = state[i]
        if old == code:
            return
        state[i] = code
        geo = self.geo
        across, down = geo.hseg[i], geo.vseg[i]
        if old == UNKNOWN:
            owned, seg_unknown = self.owned, self.seg_unknown
            if owned is not None:  # a copy's first change of a segment's set copies it
                if across not in owned:
                    owned.add(across)
                    seg_unknown[across] = set(seg_unknown[across])
                if down not in owned:
                    owned.add(down)
                    seg_unknown[down] = set(seg_unknown[down])
            seg_unknown[across].discard(i)
            seg_unknown[down].discard(i)
        if (code == LIT or code == LIGHT) and (old == UNKNOWN or old == NO_LIGHT):
            self.unlit -= 1
        n = self.n
        changed.update((i, n + across, n + down))

    def place_light(self, i: int, changed: set[int]) -> None:
        """Light on ``i`` (code 7); its two segments become lit (code 6)."""
        if self.state[i] != UNKNOWN:
            raise ContradictionError(f"a light on {self.geo.cell(i)} is impossible there")
        self._set(i, LIGHT, changed)
        state = self.state
        for j in self.geo.seen[i]:
            if j != i:
                code = state[j]
                if code == LIGHT:
                    raise ContradictionError(f"lights at {self.geo.cell(i)} and "
                                             f"{self.geo.cell(j)} see each other")
                if code != LIT:  # (_set leaves a lit cell as it is)
                    self._set(j, LIT, changed)

    def forbid(self, i: int, changed: set[int]) -> None:
        """Cannot-place mark (code 9) on an unknown cell; lit cells are left alone (D9)."""
        if self.state[i] == LIGHT:
            raise ContradictionError(f"the light at {self.geo.cell(i)} was excluded")
        if self.state[i] == UNKNOWN:
            self._set(i, NO_LIGHT, changed)

    def restrict(self, pair: frozenset[int], changed: set[int]) -> None:
        anchor = min(pair)
        slot = self.virtual.get(anchor, ())
        if pair not in slot:
            self.virtual[anchor] = (*slot, pair)
            changed.add(self.virtual_key(anchor))

    def copy(self) -> Board:
        """An independent board in the same state (a trial works on one)."""
        return Board(self.geo, self.state[:], self.seg_unknown[:],
                     dict(self.virtual), unlit=self.unlit,
                     owned=set())

    def contradiction_near(self, changed: set[int]) -> str | None:
        """A rule the marks around the ``changed`` keys can no longer meet, in words, or
        ``None``: a clue with too many lights or too few places left, a white cell no light
        can reach any more, a restriction with no or two lights. Reads without tracking
        (:meth:`checked_keys` gives what a run of checks read). Only what the change touched
        is checked: the board was consistent before it (the grader reads only puzzles with a
        solution, and every trial step is checked). So only a clue beside a changed cell
        can have broken; when two have, the one named is the first in the order of the set
        of clues beside every cell checked (as before this shortcut)."""
        geo, state = self.geo, self.state
        n, first_virtual = self.n, self.first_virtual
        changed_cells = [key for key in changed if key < n]
        number, adj_clues = geo.number, geo.adj_clues
        near = {c for i in changed_cells for c in adj_clues[i]}
        broken = [clue for clue in near if self._clue_broken(clue)]
        if len(broken) > 1:
            broken = [clue for clue in {c for i in self._cells_of(changed) for c in adj_clues[i]}
                      if clue in broken]
        if broken:
            clue = broken[0]
            return f"the clue at {geo.cell(clue)} cannot get {number[clue]} lights"
        seg_unknown, hseg, vseg = self.seg_unknown, geo.hseg, geo.vseg
        # a checked cell no light can reach is x-marked with both segments without an unknown
        # cell, one of them changed (a changed cell's segments are changed keys too): only
        # when there is one is the first in order looked for
        seg_cells = geo.seg_cells
        if any(state[i] == NO_LIGHT and not (seg_unknown[hseg[i]] or seg_unknown[vseg[i]])
               for key in changed if n <= key < first_virtual and not seg_unknown[key - n]
               for i in seg_cells[key - n]):
            for i in self._cells_of(changed):
                code = state[i]
                if (code == UNKNOWN or code == NO_LIGHT) and not (
                        seg_unknown[hseg[i]] or seg_unknown[vseg[i]]):
                    return f"no light can reach {geo.cell(i)}"
        if not self.virtual:
            return None
        new_slots = {key - first_virtual for key in changed if key >= first_virtual}
        for anchor, pairs in self.virtual.items():
            for pair in pairs:  # checked when new or beside a checked cell
                if anchor not in new_slots and not any(
                        j in changed or n + hseg[j] in changed or n + vseg[j] in changed
                        for j in pair):
                    continue
                lights = sum(1 for j in pair if state[j] == LIGHT)
                if lights > 1 or (lights == 0 and not any(state[j] == UNKNOWN for j in pair)):
                    return f"{sorted(geo.cell(j) for j in pair)} cannot hold exactly one light"
        return None

    def checked_keys(self, touched: set[int],
                     virtual: dict[int, tuple[frozenset[int], ...]]) -> set[int]:
        """The cell and segment keys that :meth:`contradiction_near` read over a run of
        checks on a copy of this board whose changes were ``touched``, none of which found
        anything, and which ended with the virtual clues ``virtual``: each changed cell or
        segment's cells with their segment keys, the neighbours of each clue beside a
        changed cell, and the cells of each pair of the virtual clues checked (new, or
        beside a checked cell; restrictions are only ever added)."""
        geo, n, first_virtual = self.geo, self.n, self.first_virtual
        near_keys, nbrs, adj_clues = geo.keys_near(), geo.nbrs, geo.adj_clues
        keys: set[int] = set()
        keys.update(*[near_keys[key] for key in touched if key < first_virtual])
        for clue in {c for key in touched if key < n for c in adj_clues[key]}:
            keys.update(nbrs[clue])
        hseg, vseg = geo.hseg, geo.vseg
        for anchor, pairs in virtual.items():
            new = first_virtual + anchor in touched
            for pair in pairs:
                if new or any(j in touched or n + hseg[j] in touched or n + vseg[j] in touched
                              for j in pair):
                    keys.update(pair)
        return keys

    def _cells_of(self, changed: set[int]) -> set[int]:
        """The cells a change of ``changed`` puts in question: each changed cell and the
        cells of each changed segment, added in the order of ``changed`` (the first broken
        rule named depends on it)."""
        n, first_virtual, seg_cells = self.n, self.first_virtual, self.geo.seg_cells
        cells: set[int] = set()
        for key in changed:
            if key < n:
                cells.add(key)
            elif key < first_virtual:
                cells.update(seg_cells[key - n])
        return cells

    def _clue_broken(self, clue: int) -> bool:
        """Too many lights beside ``clue``, or too few places left for its number."""
        state = self.state
        lights = free = 0
        for j in self.geo.nbrs[clue]:
            code = state[j]
            if code == LIGHT:
                lights += 1
            elif code == UNKNOWN:
                free += 1
        number = self.geo.number[clue]
        return lights > number or lights + free < number

    def solved(self) -> bool:
        """Every white cell lit and every clue exact."""
        return self.unlit == 0 and self.clues_exact()

    # --- summary ------------------------------------------------------------------------
    def unresolved(self) -> list[int]:
        """White cells still unlit (unknown or cannot-place)."""
        return [i for i in range(self.geo.n) if self.state[i] in (UNKNOWN, NO_LIGHT)]

    def lights(self) -> list[int]:
        return [i for i in range(self.geo.n) if self.state[i] == LIGHT]

    def clues_exact(self) -> bool:
        return all(
            sum(1 for j in self.geo.nbrs[i] if self.state[j] == LIGHT) == self.geo.number[i]
            for i in self.geo.clues
        )

    def cells(self, indices: frozenset[int] | set[int] | list[int]) -> list[Cell]:
        return sorted(self.geo.cell(i) for i in indices)


class ContradictionError(RuntimeError):
    """A deduction clashed with the state: the puzzle has no solution (or a technique is
    unsound). The engine reports it instead of crashing."""
