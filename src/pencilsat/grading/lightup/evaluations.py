"""Technique evaluations remembered across the trials of a grade, by what they read.

A technique evaluated at an anchor is a fixed function of the marks it reads: the finder
already relies on that (an anchor is re-evaluated only when a key it read changed, see
:mod:`finder`). So an evaluation that read the same keys with the same values as an earlier
one, on any board, reads nothing else and finds the same marks. The trials of one grade run
on boards that differ from one another mostly far from where each evaluation looks: on
janko 839_17x17, 97% of the 805,000 evaluations inside trials repeat one made before (same
technique, anchor and values read). :class:`EvaluationMemo` keeps each evaluation made in a
trial with the values it read (cells' marks, segments' unknown cells, virtual clues) and
gives its reads and marks back when they all match the board, instead of running it. The
result is exactly the evaluation's, so grades do not change. The gain is modest (839_17x17
1.2-1.3x CPU, the 100x100 1.0x): an evaluation costs a few microseconds, and most of a
trial is the finder's bookkeeping around it (readers marked dirty, reads registered).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

from pencilsat.grading.lightup.catalogue import TECHNIQUES
from pencilsat.grading.lightup.state import NOTHING, UNKNOWN, Board, Marks


class Evaluation(NamedTuple):
    """What an evaluation of ``reader`` read and found: ``reads``, the keys it read that
    can still change (not the cells it found lit or holding a light: marks only move
    forward, so no change ever takes a reader off those), and ``fired``, its marks when
    they change something, else ``None``. The finder keeps it as it is in its list of
    evaluations to register."""

    reader: int
    reads: frozenset[int]
    fired: Marks | None


class _Kind(NamedTuple):
    """Evaluations of one reader that read the same keys: ``marks`` getting the marks of the
    cells they read from a board's state as one value (a segment's unknown cells follow from
    its cells' marks, so a segment read counts as a read of its cells), the virtual-clue
    ``slots`` they read (``()`` when none), and the evaluations ``found`` by the values
    read."""

    marks: Any
    slots: tuple[int, ...]
    found: dict[object, Evaluation]


class EvaluationMemo:
    """Evaluations by reader (``technique index * cells + anchor``, as in :class:`Finder`):
    ``kinds[technique index][anchor]`` lists a reader's kinds (``None`` before its first);
    an evaluation is found by getting a kind's ``marks`` (and restrictions of its ``slots``)
    from a board and looking them up in its ``found`` (the finder's hot loop does that
    inline for the first kind, :func:`found_in_others` for the others)."""

    def __init__(self, board: Board) -> None:
        self.n = board.n
        self.first_virtual = board.first_virtual
        self.seg_cells = board.geo.seg_cells
        self.kinds: list[list[list[_Kind] | None]] = [[None] * board.n for _ in TECHNIQUES]
        self.by_reads: dict[tuple[int, frozenset[int]], _Kind] = {}

    def remember(self, board: Board, reader: int, reads: set[int], marks: Marks) -> None:
        """Keep an evaluation of ``reader`` that read ``reads`` on ``board`` and found
        ``marks``."""
        keys = frozenset(reads)
        kind = self.by_reads.get((reader, keys))
        if kind is None:
            n, first_virtual, seg_cells = self.n, self.first_virtual, self.seg_cells
            cells = {key for key in keys if key < n}
            for key in keys:
                if n <= key < first_virtual:
                    cells.update(seg_cells[key - n])
            ordered = tuple(sorted(cells))
            slots = tuple(sorted(key - first_virtual for key in keys if key >= first_virtual))
            getter = itemgetter(*ordered) if ordered else _no_marks
            kind = self.by_reads[reader, keys] = _Kind(getter, slots, {})
            technique, anchor = divmod(reader, n)
            known = self.kinds[technique][anchor]
            if known is None:
                self.kinds[technique][anchor] = [kind]
            else:
                known.append(kind)
        values = kind.marks(board.state)
        if kind.slots:
            values = (values, restrictions(board, kind.slots))
        fired = marks if marks is not NOTHING and marks else None
        n, state = self.n, board.state
        live = frozenset([key for key in keys if key >= n or state[key] >= UNKNOWN])
        kind.found[values] = Evaluation(reader, live, fired)


def found_in_others(kinds: list[_Kind], board: Board) -> Evaluation | None:
    """The evaluation of a kind after the first of ``kinds`` (one reader's) that read the
    values on ``board``, if any; that kind is moved first (the one found last is tried
    first: at most one kind matches a board, since an evaluation reads the same keys
    wherever its keys hold the same values)."""
    state = board.state
    for k in range(1, len(kinds)):
        getter, slots, found = kinds[k]
        values = getter(state)
        if slots:
            values = (values, restrictions(board, slots))
        known = found.get(values)
        if known is not None:
            kinds.insert(0, kinds.pop(k))
            return known
    return None


def _no_marks(state: list[int]) -> object:
    return ()


def restrictions(board: Board, slots: tuple[int, ...]) -> tuple[object, ...]:
    """The virtual clues of ``slots`` on ``board``, as one hashable value (the finder's
    hot loop builds the same inline)."""
    virtual = board.virtual
    return tuple([virtual.get(i, ()) for i in slots])
