"""The thesis's search loop (Kashima 2010 §3.3, digest §3) made incremental.

The thesis restarts from the most basic technique at cell A1 after every application. A plain
rescan costs techniques x cells per step, too slow for 100x100 grids. Instead every technique
evaluation records which cells, segments and virtual clues it read (see :class:`Board`); after
an application only the (technique, anchor) pairs that read something that changed are
re-evaluated. The next application is then the first technique in order with a firing anchor,
and its smallest (row-major first) anchor: exactly what the full rescan would pick.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Set
from typing import Any, NamedTuple

from pencilsat.grading.lightup.catalogue import ANY, CLUE, WHITE, Technique
from pencilsat.grading.lightup.evaluations import EvaluationMemo, found_in_others
from pencilsat.grading.lightup.placements import isolated_cell
from pencilsat.grading.lightup.state import LIGHT, NO_LIGHT, NOTHING, UNKNOWN, Board, Marks


class Application(NamedTuple):
    """The next step: a technique, its anchor, what it changes and ``options``, how many
    anchors that technique (the cheapest one that fires) applies at right now (0 from a
    trial's branch, which does not count them)."""

    technique: Technique
    anchor: int
    marks: Marks
    options: int


class Finder:
    """Finds the next application in the thesis's order (§3.3) without rescanning everything.

    For each technique: ``dirty`` anchors must be re-evaluated, ``firing`` maps anchors known to
    apply to their marks, and ``watchers`` maps each read key to the (technique, anchor)
    pairs that read it, each as one int (``technique index * cells + anchor``).
    """

    def __init__(self, board: Board, order: tuple[Technique, ...],
                 watchers: Watchers | None = None, counts_options: bool = True) -> None:
        self.board = board
        self.order = order
        self.counts_options = counts_options
        """False on a trial's branch: only the next application matters there, so each
        technique's dirty anchors are re-evaluated in row-major order only up to the first
        that fires, and ``options`` is 0."""
        geo = board.geo
        self.span = geo.n
        """Readers are ints, ``technique index * span + anchor``."""
        self.isolated = next((ti for ti, t in enumerate(order) if t.detect is isolated_cell),
                             None)
        """The index of T3 (isolated cell) in ``order``, if there: it fires at an unknown cell
        whose two segments hold no other unknown cell, a test of three keys of known shape,
        so its firing anchors are kept up to date from the changed segments
        (:meth:`_update_isolated`) instead of by evaluations and read records."""
        self.waiting = tuple(ti for ti, t in enumerate(order) if t.anchor_code == NO_LIGHT)
        """The techniques that find nothing unless their anchor is cannot-place: an unknown
        anchor of theirs watches only its own cell, for all of them at once, as one reader
        ``len(order) * span + anchor`` (woken, it makes the anchor dirty for each of them;
        on a branch, only while the anchor may still become cannot-place)."""
        if watchers is None:
            anchor_sets = {
                CLUE: list(geo.clues),
                WHITE: [i for i in range(geo.n) if geo.white[i]],
                ANY: [i for i in range(geo.n) if geo.white[i] or geo.number[i] >= 0],
            }
            self.dirty: list[set[int]] = [
                set() if ti == self.isolated else set(anchor_sets[t.anchors])
                for ti, t in enumerate(order)]
            self.watchers: Watchers = Watchers()
        else:
            self.dirty = [set() for _ in order]
            self.watchers = watchers
        self.dirty.append(set())  # the woken anchors of the ``waiting`` techniques
        self.firing: list[dict[int, Marks]] = [{} for _ in order]
        if watchers is None and self.isolated is not None:
            self._update_isolated(range(board.n, board.first_virtual))
        self.pending: list[int] = []
        """Keys changed since the last search, whose readers are not marked dirty yet (a trial
        cut off right after a step never needs them)."""
        self.stamps: KeyStamps | None = None
        """When set (the grade's own finder): when each key last changed and was last read,
        so that a stalled trial can be known to stall again (:mod:`trials`)."""
        self.unregistered: list[tuple[int, Set[int], Marks | None]] = []
        """On a branch: evaluations (reader, the keys it read) not yet entered in
        ``watchers``; they are before a change takes readers or a branch is taken from this
        one, so those of the round that stalls a trial never are."""
        self.trace: set[int] | None = None
        """When set (a traced branch): the anchors it settled without a call (the keys its
        evaluations read are those it still watches, or changed keys)."""
        self.memo: EvaluationMemo | None = None
        """When set (given to every branch of the grade's finder): evaluations made on
        branches, reused where they read the same values (:mod:`evaluations`)."""

    def branch(self, board: Board, trace: set[int] | None = None) -> Finder:
        """A finder for ``board``, a copy of this finder's board taken while this finder is
        stalled (nothing fires, nothing dirty): it starts from this one's read records,
        layered so that the branch never changes them (a trial runs on it). ``trace``: a set
        that collects the anchors it settles without a call (see :attr:`trace`)."""
        self._register()
        branch = Finder(board, self.order, Watchers(self.watchers), counts_options=False)
        branch.trace = trace
        branch.memo = self.memo
        return branch

    def next_application(self) -> Application | None:
        span = self.span
        if self.pending:
            if self.unregistered:
                self._register()
            dirty_sets = self.dirty
            readers: set[int] = set()  # each once, however many changed keys it read
            self.watchers.take_all(self.pending, readers)
            for reader in readers:
                dirty_sets[reader // span].add(reader % span)
            woken = dirty_sets[-1]
            if woken:
                self._wake(woken)
            if self.isolated is not None:
                self._update_isolated(self.pending)
            self.pending = []
        for ti, tech in enumerate(self.order):
            dirty, firing = self.dirty[ti], self.firing[ti]
            if dirty and tech.anchor_code is not None:
                self._drop_unready(ti, tech.anchor_code, dirty, firing)
            if not self.counts_options:
                if not dirty:  # what _first_firing gives, without the call
                    if firing:
                        first = min(firing)
                        return Application(tech, first, firing[first], 0)
                    continue
                found = self._first_firing(ti, tech, dirty, firing)
                if found is not None:
                    return Application(tech, found, firing[found], 0)
                continue
            if dirty:
                board, detect = self.board, tech.detect
                watched = self.watchers.own  # the hot loop: 3.7 million reads on 876_16x16
                base = ti * span
                stamps = self.stamps
                last_read = stamps.read if stamps is not None else None
                step = stamps.step if stamps is not None else 0
                for anchor in dirty:  # evaluate, register the reads, record firing
                    reads: set[int] = set()
                    board.reads = reads
                    marks = detect(board, anchor)
                    if marks is not NOTHING:
                        marks = effective(board, marks)
                    reader = base + anchor
                    for key in reads:
                        watched[key].add(reader)
                    if last_read is not None:
                        for key in reads:
                            last_read[key] = step
                    if marks is not NOTHING and marks:
                        firing[anchor] = marks
                    elif firing:
                        firing.pop(anchor, None)
                dirty.clear()
            if firing:
                anchor = min(firing)
                return Application(tech, anchor, firing[anchor], len(firing))
        return None

    def _wake(self, woken: set[int]) -> None:
        """Make the ``woken`` anchors dirty for every ``waiting`` technique. On a branch,
        an anchor already lit or holding a light is left out: each of them would settle it
        at once without a call (:meth:`_drop_unready`; a branch keeps no stamps, and what
        it would add to ``trace``, the anchor, is a key the branch changed)."""
        dirty_sets = self.dirty
        if self.counts_options:
            anchors: Iterable[int] = woken
        else:
            state = self.board.state
            anchors = [a for a in woken if state[a] == NO_LIGHT or state[a] == UNKNOWN]
        for ti in self.waiting:
            dirty_sets[ti].update(anchors)
        woken.clear()

    def _first_firing(self, ti: int, tech: Technique, dirty: set[int],
                      firing: dict[int, Marks]) -> int | None:
        """The smallest anchor where ``tech`` fires, re-evaluating only the dirty anchors
        below the smallest firing anchor that is not dirty (the others stay dirty)."""
        clean = min((a for a in firing if a not in dirty), default=None) if firing else None
        if not dirty:
            return clean
        if clean is None:
            todo = sorted(dirty)
            dirty.clear()
        else:
            todo = sorted(a for a in dirty if a < clean)
            dirty.difference_update(todo)
        board, detect = self.board, tech.detect
        unregistered = self.unregistered
        base = ti * self.span
        memo = self.memo
        kinds_of = None if memo is None else memo.kinds[ti]
        state, virtual = board.state, board.virtual
        for anchor in todo:  # the same, inlined: the trials' hot loop
            kinds = None if kinds_of is None else kinds_of[anchor]
            if kinds is not None:  # the memo's look-up (EvaluationMemo), its first kind here
                getter, slots, found = kinds[0]
                values = getter(state)
                if slots:  # restrictions(board, slots), inlined
                    values = (values, tuple([virtual.get(i, ()) for i in slots]))
                known = found.get(values)
                if known is None and len(kinds) > 1:
                    known = found_in_others(kinds, board)
                if known is not None:
                    unregistered.append(known)
                    marks = known.fired
                else:
                    marks = self._evaluate(base + anchor, detect, anchor)
            else:
                marks = self._evaluate(base + anchor, detect, anchor)
            if marks is None:
                if firing:
                    firing.pop(anchor, None)
                continue
            firing[anchor] = marks
            dirty.update(todo[bisect_right(todo, anchor):])  # still to evaluate
            return anchor
        return clean

    def _evaluate(self, reader: int, detect: Callable[[Board, int], Marks],
                  anchor: int) -> Marks | None:
        """Run ``detect`` at ``anchor`` (a reader of a branch), keep its reads to register
        and the evaluation in the memo: its marks when they change something, else
        ``None``."""
        board = self.board
        reads: set[int] = set()
        board.reads = reads
        marks = detect(board, anchor)
        if marks is not NOTHING:
            marks = effective(board, marks)
        self.unregistered.append((reader, reads, None))
        if self.memo is not None:
            self.memo.remember(board, reader, reads, marks)
        return marks if marks is not NOTHING and marks else None

    def _register(self) -> None:
        """Enter the :attr:`unregistered` evaluations' reads in ``watchers``."""
        watched = self.watchers.own
        for reader, reads, _ in self.unregistered:
            for key in reads:
                watched[key].add(reader)
        self.unregistered = []

    def watched_keys(self) -> tuple[tuple[int, ...], list[tuple[int, Set[int], Marks | None]]]:
        """Every key this finder's own evaluations read and no change has taken since: the
        keys registered, and the evaluations not registered yet (with the keys they read)."""
        return tuple(self.watchers.own), self.unregistered

    def _update_isolated(self, keys: Iterable[int]) -> None:
        """Bring T3's firing anchors up to date after ``keys`` changed: T3 fires at ``a``
        (a light on ``a``) exactly when ``a`` is unknown and is the only unknown cell of
        both its segments, which changes only with ``a`` or one of its segments. A cell that
        changed is no longer unknown; a segment left with one unknown cell may make it fire."""
        board = self.board
        state, seg_unknown, n, first_virtual = (board.state, board.seg_unknown, board.n,
                                                board.first_virtual)
        hseg, vseg = board.geo.hseg, board.geo.vseg
        firing = self.firing[self.isolated]  # type: ignore[index]
        for key in keys:
            if key < n:
                if firing and key in firing and state[key] != UNKNOWN:
                    del firing[key]
            elif key < first_virtual:
                unknown = seg_unknown[key - n]
                if len(unknown) == 1:
                    for cell in unknown:
                        if len(seg_unknown[hseg[cell]]) == 1 and len(seg_unknown[vseg[cell]]) == 1:
                            firing[cell] = Marks(lights=frozenset((cell,)))

    def _drop_unready(self, ti: int, code: int, dirty: set[int],
                      firing: dict[int, Marks]) -> None:
        """Settle the dirty anchors of a technique with an ``anchor_code`` whose mark is not
        that code, without running it: it finds nothing there. Marks only move forward
        (unknown to cannot-place to lit, unknown to light), on a board and on every copy of
        it, so only an unknown anchor may still reach the code (cannot-place): it keeps
        watching its own cell; the others are done for good."""
        state = self.board.state
        unready = [a for a in dirty if state[a] != code]
        if not unready:
            return
        dirty.difference_update(unready)
        if self.trace is not None:
            self.trace.update(unready)
        if self.stamps is not None:
            last_read, step = self.stamps.read, self.stamps.step
            for anchor in unready:
                last_read[anchor] = step
        if firing:
            for anchor in unready:
                firing.pop(anchor, None)
        if code == NO_LIGHT:  # one reader for all the waiting techniques (``waiting``)
            watched = self.watchers.own
            base = len(self.order) * self.span
            for anchor in unready:
                if state[anchor] == UNKNOWN:
                    watched[anchor].add(base + anchor)

    def apply(self, marks: Marks) -> set[int]:
        """Write ``marks``; the anchors that read a changed key become dirty before the next
        search. Returns the changed keys."""
        board = self.board
        changed: set[int] = set()
        for i in sorted(marks.lights):
            board.place_light(i, changed)
        for i in sorted(marks.no_light):
            board.forbid(i, changed)
        if marks.restriction:
            board.restrict(marks.restriction, changed)
        self.pending.extend(changed)
        if self.stamps is not None:
            self.stamps.record(changed)
        return changed


class KeyStamps:
    """Steps of one finder's ``board`` (each :meth:`Finder.apply` is one): when each key
    last changed, and when an evaluation last read it (the step it ran after). A new
    virtual clue also counts as a change of its pair's cells. A stalled trial whose keys
    have not changed since can be known to stall again without being rerun
    (:mod:`trials`)."""

    def __init__(self, board: Board) -> None:
        keys = board.first_virtual + board.n
        self.board = board
        self.first_virtual = board.first_virtual
        self.step = 0
        self.changed = [0] * keys
        self.read = [0] * keys
        self.memo: dict[tuple[int, bool], Any] = {}
        """Stalled trials by assumption (``trials.StalledTrial``, see :mod:`trials`)."""

    def record(self, changed: set[int]) -> None:
        self.step += 1
        step, stamps, first_virtual = self.step, self.changed, self.first_virtual
        for key in changed:
            stamps[key] = step
            if key >= first_virtual:
                for pair in self.board.virtual.get(key - first_virtual, ()):
                    for cell in pair:
                        stamps[cell] = step


class Watchers:
    """Which (technique, anchor) pairs read each key; a change *takes* a key's readers (they
    are re-evaluated and register again). A layer over a ``parent`` sees the parent's
    records but never changes them: a key taken in the layer is only marked taken there."""

    def __init__(self, parent: Watchers | None = None) -> None:
        self.parent = parent
        self.own: defaultdict[int, set[int]] = defaultdict(set)
        self.taken: set[int] = set()

    def add(self, key: int, reader: int) -> None:
        self.own[key].add(reader)

    def readers(self, key: int, into: set[int] | None = None) -> set[int]:
        """The key's readers, without taking them (added to ``into`` when given)."""
        found: set[int] = set() if into is None else into
        layer: Watchers | None = self
        while layer is not None:
            own = layer.own.get(key)
            if own:
                found |= own
            if key in layer.taken:
                break
            layer = layer.parent
        return found

    def take_all(self, keys: Iterable[int], into: set[int]) -> None:
        """:meth:`take` of each of ``keys`` (inlined for a layer over one root)."""
        parent = self.parent
        if parent is None or parent.parent is not None:
            for key in keys:
                self.take(key, into)
            return
        pop, taken, root = self.own.pop, self.taken, parent.own
        for key in keys:  # the root's taken set stays empty: it has no parent
            own = pop(key, None)
            if own:
                into |= own
            if key not in taken:
                taken.add(key)
                own = root.get(key)
                if own:
                    into |= own

    def take(self, key: int, into: set[int]) -> None:
        """Add the key's readers to ``into``; they no longer read it here (a changed key's
        readers are re-evaluated and register again)."""
        own = self.own.pop(key, None)
        if own:
            into |= own
        if self.parent is not None and key not in self.taken:
            self.taken.add(key)
            self.parent.readers(key, into)


def effective(board: Board, marks: Marks) -> Marks:
    """Drop no-op parts (D9): exclusions of cells the same step's lights will light, and of
    cells already decided. Reads the marks it depends on so the engine tracks them."""
    if marks is NOTHING or not marks:
        return marks
    state = board.state
    board.reads.update(marks.lights)
    lights = frozenset(i for i in marks.lights if state[i] != LIGHT)
    seen = board.geo.seen
    lit_by_step = set().union(*(seen[i] for i in lights)) if lights else set()
    no_light = frozenset(i for i in marks.no_light if i not in lit_by_step)
    board.reads.update(no_light)
    no_light = frozenset(i for i in no_light if state[i] == UNKNOWN)
    return Marks(lights, no_light, marks.restriction)
