"""Sums over groups of cells with distinct digits, as clauses: Killer Sudoku's cages (and
Kakuro's runs).

A group of ``k`` cells whose digits differ and add up to ``total`` holds one of the sets of
``k`` distinct digits with that sum (:func:`digit_sets`; a 3-cell 7 in 1..9 is {1,2,4}
only). On the direct encoding (one literal per cell and digit) the clauses are:

* distinct: each digit at most once in the group (pairwise);
* one selector per possible set, exactly one chosen (none when only one set is possible:
  its digits are then stated directly);
* a cell holds ``d`` only if a chosen set has ``d`` (``x[c, d] -> OR of the sets with d``;
  a digit in no set leaves every cell), and every digit of a chosen set stands in some cell
  of the group. (A chosen set's other digits leave every cell by propagation alone: the
  chosen selector makes the others false, which empties the clause of each such digit;
  stating it as ``[-y, -x]`` for every set and literal was the largest part of a Killer
  Sudoku's clauses.)

With each cell holding exactly one digit, "distinct" and "every digit of the set present"
make the group's digits exactly the chosen set, so the sum is right; unit propagation sees
the combinations as a solver of cages by hand does (a 2-cell 3 is {1,2}: nothing else
enters either cell). A group without a total keeps the distinct rule alone.

:func:`narrow` is the same reasoning done once in Python before any clause is written: the
digit sets and candidates of many groups (Kakuro's runs; the houses and cages of Jigsaw and
Killer Sudoku) narrowed together to a fixpoint, so the clauses are written over far fewer
literals (a 9x9 Killer Sudoku's 16,000 clauses become a few thousand, most janko Jigsaw
Sudokus are settled outright). :class:`Narrowing` runs the same rules again and again over
fixed groups (the branching search of Jigsaw and Killer Sudoku), and
:func:`house_sum_groups` adds the groups the rule of 45 gives a Killer Sudoku.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from operator import itemgetter


@lru_cache(maxsize=4096)
def digit_sets(size: int, total: int, digits: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    """Every set of ``size`` distinct values from ``digits`` that adds up to ``total``."""
    if size > len(digits) or size <= 0:
        return ()
    return tuple(frozenset(combo) for combo in combinations(digits, size)
                 if sum(combo) == total)


def distinct_clauses(cells: Sequence[Mapping[int, int]],
                     pairs: Iterable[tuple[int, int]] | None = None) -> list[list[int]]:
    """Each digit at most once among ``cells`` (each a map digit -> literal), pairwise;
    ``pairs``: only those pairs of positions (the others already differ by another rule,
    as two cells of a Sudoku house do)."""
    out = []
    for i, j in combinations(range(len(cells)), 2) if pairs is None else pairs:
        b = cells[j]
        for digit, lit in cells[i].items():
            other = b.get(digit)
            if other is not None:
                out.append([-lit, -other])
    return out


def sum_clauses(cells: Sequence[Mapping[int, int]], total: int,
                new_var: Callable[[], int]) -> list[list[int]]:
    """The group's digits are one of :func:`digit_sets` for ``total`` (the distinct rule
    itself is :func:`distinct_clauses`'); ``new_var`` numbers each selector. An impossible
    total gives the empty clause."""
    digits = tuple(sorted(set().union(*(cell.keys() for cell in cells))))
    sets = digit_sets(len(cells), total, digits)
    if not sets:
        return [[]]
    out: list[list[int]] = []
    if len(sets) == 1:
        only = sets[0]
        for cell in cells:
            out += [[-lit] for digit, lit in cell.items() if digit not in only]
        for digit in sorted(only):
            out.append([cell[digit] for cell in cells if digit in cell])
        return out
    chosen = [new_var() for _ in sets]
    out.append(list(chosen))
    out += [[-a, -b] for a, b in combinations(chosen, 2)]
    for cell in cells:
        for digit, lit in cell.items():
            having = [y for y, s in zip(chosen, sets, strict=True) if digit in s]
            out.append([-lit, *having])
            out += [[-y, -lit] for y, s in zip(chosen, sets, strict=True) if digit not in s]
    for y, s in zip(chosen, sets, strict=True):
        for digit in sorted(s):
            out.append([-y, *(cell[digit] for cell in cells if digit in cell)])
    return out


def cage_clauses(cells: Sequence[Mapping[int, int]], total: int | None,
                 new_var: Callable[[], int]) -> list[list[int]]:
    """A cage: distinct digits and, when ``total`` is given, that sum."""
    out = distinct_clauses(cells)
    if total is not None:
        out += sum_clauses(cells, total, new_var)
    return out


Group = tuple[Sequence[int], "Sequence[int] | None"]
"""A group of cells (indices into the masks) that hold distinct digits, and the digit sets
(bit masks, bit ``d`` for digit ``d``) it may hold exactly (``None``: distinct only)."""

LOOK_EVERY = 256
"""Groups narrowed between two looks at the clock (and the memory budget)."""


@lru_cache(maxsize=4096)
def set_masks(size: int, total: int, digits: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`digit_sets` as bit masks (bit ``d`` for digit ``d``)."""
    return tuple(sum(1 << d for d in s) for s in digit_sets(size, total, digits))


def fitting(options: Sequence[int], once: int, masks: Sequence[int]
            ) -> tuple[list[int], int, int]:
    """The digit sets among ``options`` that a group whose cells hold ``masks`` (``once``:
    their union) can still take: every digit of the set fits some cell, and every cell
    keeps a digit of the set. With them, the digits some kept set has and those every one
    has (both 0 when none is kept)."""
    kept = []
    allowed, must = 0, -1
    for s in options:
        if s & ~once:
            continue
        for mask in masks:
            if not mask & s:
                break
        else:
            kept.append(s)
            allowed |= s
            must &= s
    return kept, allowed, must if kept else 0


def narrow(masks: list[int], groups: Sequence[Group],
           deadline: float | None = None) -> list[int]:
    """The candidates of each cell (``masks[i]``, bit ``d`` for digit ``d``) narrowed to a
    fixpoint by sound rules, the first round of a solver by hand: a group keeps the digit
    sets whose every digit fits some cell and that meet every cell; a cell keeps the digits
    of its groups' sets; a cell down to one digit takes it from the rest of its groups
    (naked single); a digit every set of a group has and only one cell of it can hold goes
    there (hidden single). Each rule holds in every answer, so a formula over the narrowed
    candidates has exactly the answers as models. A contradiction leaves some cell or group
    without a digit (the clauses then have no model). Returns new masks."""
    from pencilsat.core.clock import check_clock

    masks = list(masks)
    sets = [None if options is None else list(options) for _, options in groups]
    groups_of: list[list[int]] = [[] for _ in masks]
    for g, (cells, _) in enumerate(groups):
        for i in cells:
            groups_of[i].append(g)
    waiting = deque(range(len(groups)))
    queued = [True] * len(groups)
    steps = 0
    while waiting:
        g = waiting.popleft()
        queued[g] = False
        steps += 1
        if steps % LOOK_EVERY == 0:
            check_clock(deadline)
        cells = groups[g][0]
        old = [masks[i] for i in cells]
        options = sets[g]
        once = twice = taken = 0
        for mask in old:
            twice |= once & mask
            once |= mask
            if not mask & (mask - 1):
                taken |= mask
        if options is None:
            must = 0
        else:
            if len(options) > 1:
                options, allowed, must = fitting(options, once, old)
                sets[g] = options
            elif options:
                allowed = must = options[0]
            else:
                allowed = must = 0
            taken &= allowed
        hidden = must & once & ~twice & ~taken
        new = old
        if (options is not None and once & ~allowed) or taken or hidden:
            keep = allowed if options is not None else -1
            new = []
            for mask in old:
                if mask & hidden:
                    mask &= hidden
                elif mask & (mask - 1):
                    mask &= keep & ~taken
                else:
                    mask &= keep
                new.append(mask)
        for i, before, after in zip(cells, old, new):  # noqa: B905 (equal lengths)
            if after != before:
                masks[i] = after
                for h in groups_of[i]:
                    if not queued[h]:
                        queued[h] = True
                        waiting.append(h)
    return masks


def groups_hold(masks: Sequence[int], groups: Sequence[Group]) -> bool:
    """Whether ``masks`` (one digit per cell, as :func:`narrow` leaves a settled grid) keep
    every group's rule: distinct digits, and one of its digit sets when it has them. Cheaper
    than a genre's checker, which still referees the answer; :func:`narrow` alone lets a
    digit stand twice in a group of one set (a house), so it must be looked at."""
    for cells, options in groups:
        seen = 0
        for i in cells:
            if seen & masks[i]:
                return False
            seen |= masks[i]
        if options is not None and seen not in options:
            return False
    return True


class Narrowing:
    """:func:`narrow`'s rules over fixed ``groups``, run again and again on changing
    candidates: the branching search of
    :mod:`~pencilsat.strategies.narrowed_digits` narrows after each guess only the groups
    of the guessed cell, and stops at the first contradiction instead of running on."""

    def __init__(self, cell_count: int, groups: Sequence[Group]) -> None:
        self.cells = [cells for cells, _ in groups]
        self.first_sets: list[Sequence[int] | None] = [options for _, options in groups]
        """Each group's digit sets at the start (never changed: :meth:`run` replaces a
        group's sets with a new list)."""
        groups_of: list[list[int]] = [[] for _ in range(cell_count)]
        fit = [-1] * cell_count
        same: list[tuple[int, ...]] = []
        pairs: list[_Support | None] = []
        for g, (cells, options) in enumerate(groups):
            if options is None or len(cells) > LOOKED_AT:
                for i in cells:
                    groups_of[i].append(g)
                same.append(_ALWAYS)
                pairs.append(None)
                continue
            union, support = _set_info(tuple(options))
            for i in cells:
                groups_of[i].append(g)
                fit[i] &= union
            same.append((union or -1,) * len(cells))  # no set at all: always visited
            pairs.append(support)
        self.groups_of = groups_of
        self.read = [itemgetter(*cells) if len(cells) > 1 else _one(cells[0])
                     for cells in self.cells]
        """Per group, the masks of its cells as a tuple (``itemgetter``: one C call)."""
        self.looked_at = any(key is not _ALWAYS for key in same)
        """Whether :meth:`start` has groups to look at (a Jigsaw's houses alone have none)."""
        self.fit = fit
        """Per cell, the digits every group of it allows (the union of each one's sets)."""
        self.same = same
        """Per group, its cells' masks when each holds just the union of its sets (``-1``:
        no sets): a visit then changes nothing, so :meth:`start` leaves the group out."""
        self.pairs = pairs
        """Per group of two cells with sets (``None`` for the others), each digit mask of one
        cell -> the digits the other may hold beside it (:func:`pair_support`)."""
        self.visits = 0
        """Groups narrowed so far: the search's measure of its propagation."""

    def fresh(self) -> Narrowing:
        """The same rules with a count of visits of its own (a kept narrowing's stays 0);
        a shallow copy, several times cheaper than :func:`copy.copy`."""
        twin = object.__new__(Narrowing)
        twin.__dict__.update(self.__dict__)
        twin.visits = 0
        return twin

    def start(self, masks: list[int]) -> Sequence[int]:
        """The first narrowing's cheap part, in place: each cell keeps the digits every group
        of it allows (what each group's first visit does). Returns the groups still to visit
        (:meth:`run`'s queue): those with a cell that differs from the union of the group's
        sets. A group whose cells all hold that union is at its fixpoint (every set meets
        every cell and uses only their digits; nothing is single, nothing hidden), so a janko
        Killer's cages mostly start out of the queue; a visit costs far more than the look."""
        if not self.looked_at:
            return range(len(self.cells))
        for i, allowed in enumerate(self.fit):
            masks[i] &= allowed
        return [g for g, (read, same) in enumerate(zip(self.read, self.same))  # noqa: B905
                if same is _ALWAYS or read(masks) != same]

    def run(self, masks: list[int], sets: list[Sequence[int] | None],
            queue: Iterable[int]) -> bool:
        """Narrow ``masks`` and each group's digit sets ``sets`` (both changed in place; a
        group's list is replaced, never changed, so a shallow copy keeps a parent's) from
        the groups in ``queue`` to a fixpoint; ``False`` at a contradiction: a cell without
        a digit, a group without a set or one of its set's digits, two cells of a group on
        one digit."""
        group_cells, groups_of, read, pairs = self.cells, self.groups_of, self.read, self.pairs
        queued = [False] * len(group_cells)
        waiting = deque(queue)
        for g in waiting:
            queued[g] = True
        visits = 0
        try:
            while waiting:
                g = waiting.popleft()
                queued[g] = False
                visits += 1
                support = pairs[g]
                if support is not None:  # two cells: each keeps the digits the other supports
                    i, j = group_cells[g]
                    a, b = masks[i], masks[j]
                    a_new = a & support[b]
                    b_new = b & support[a_new]
                    if not b_new:
                        return False
                    queued[g] = True  # both sides revised: the pair is at its fixpoint
                    for k, before, after in ((i, a, a_new), (j, b, b_new)):
                        if after != before:
                            masks[k] = after
                            for h in groups_of[k]:
                                if not queued[h]:
                                    queued[h] = True
                                    waiting.append(h)
                    queued[g] = False
                    continue
                old = read[g](masks)
                once = twice = taken = 0
                for mask in old:
                    if not mask & (mask - 1):
                        if taken & mask or not mask:
                            return False
                        taken |= mask
                    twice |= once & mask
                    once |= mask
                options = sets[g]
                if options is None:
                    allowed, must = -1, 0
                elif len(options) == 1:
                    allowed = must = options[0]
                else:  # fitting(options, once, old), inline: a fifth of the time was the call
                    kept = []
                    allowed, must, outside = 0, -1, ~once
                    for s in options:
                        if s & outside:
                            continue
                        for mask in old:
                            if not mask & s:
                                break
                        else:
                            kept.append(s)
                            allowed |= s
                            must &= s
                    if len(kept) < len(options):
                        if not kept:
                            return False
                        sets[g] = kept
                if must & ~once:
                    return False
                hidden = must & ~twice & ~taken
                if not (once & ~allowed or twice & taken or hidden):
                    continue
                keep = allowed & ~taken
                for i, mask in zip(group_cells[g], old):  # noqa: B905 (equal lengths)
                    if mask & hidden:
                        new = mask & hidden
                        if new & (new - 1):  # two digits that must stand in one cell
                            return False
                    elif mask & (mask - 1):
                        new = mask & keep
                    else:
                        new = mask & allowed
                    if new != mask:
                        if not new:
                            return False
                        masks[i] = new
                        for h in groups_of[i]:
                            if not queued[h]:
                                queued[h] = True
                                waiting.append(h)
            return True
        finally:
            self.visits += visits


_ALWAYS = (-1,)
"""No masks read from a group equal this: :meth:`Narrowing.start` always queues it."""

LOOKED_AT = 5
"""Groups of up to this many cells that :meth:`Narrowing.start` may leave out of the first
queue (the houses, whose union is every digit, never gain from the look)."""


@lru_cache(maxsize=4096)
def _set_info(options: tuple[int, ...]) -> tuple[int, _Support | None]:
    """The union of the sets ``options`` and, for sets of two digits, their
    :func:`pair_support` table."""
    union = 0
    for s in options:
        union |= s
    return union, (pair_support(options) if options and options[0].bit_count() == 2
                   else None)


class _Support(dict[int, int]):
    """:func:`pair_support`'s table, filled as masks are asked for."""

    __slots__ = ("options",)

    def __init__(self, options: tuple[int, ...]) -> None:
        super().__init__()
        self.options = options

    def __missing__(self, mask: int) -> int:
        out = 0
        for s in self.options:
            hit = s & mask
            if hit:
                out |= s if hit == s else s & ~hit
        self[mask] = out
        return out


@lru_cache(maxsize=1024)
def pair_support(options: tuple[int, ...]) -> _Support:
    """For a group of two cells that holds one of the two-digit sets ``options``: a table
    from the digits one cell may hold to those the other then may (its partners in the
    sets). Each cell keeping what the other's digits support, in turn, is exactly what
    :meth:`Narrowing.run`'s rules leave such a group (the sets that meet both cells and use
    only their digits), at a third of a general visit's cost; tables are kept per set of
    sets, shared by every puzzle."""
    return _Support(options)


def _one(i: int) -> Callable[[Sequence[int]], tuple[int]]:
    """:func:`operator.itemgetter` of one index, still giving a tuple."""
    return lambda masks: (masks[i],)


@lru_cache(maxsize=64)
def house_masks(n: int, houses: tuple[tuple[int, ...], ...]
                ) -> tuple[list[int], list[tuple[int, ...]], list[int]]:
    """Each house of one grid as a bit mask of its cells, each cell's houses as masks, and
    each cell's box (the houses after the ``n`` rows and ``n`` columns); kept: they depend
    on the grid's shape alone."""
    bits = [sum(1 << i for i in house) for house in houses]
    homes: list[list[int]] = [[] for _ in range(n * n)]
    for house, cells in zip(bits, houses):  # noqa: B905 (equal lengths)
        for i in cells:
            homes[i].append(house)
    box_of = [0] * (n * n)
    for b, cells in enumerate(houses[2 * n:]):
        for i in cells:
            box_of[i] = b
    return bits, [tuple(home) for home in homes], box_of


@lru_cache(maxsize=16)
def _columns(n: int) -> list[int]:
    """Each cell's column, row-major."""
    return [i % n for i in range(n * n)]


def house_sum_groups(n: int, houses: Sequence[Sequence[int]],
                     cages: Sequence[tuple[Sequence[int], int | None]],
                     largest: int = 3) -> list[Group]:
    """The rule of 45 (Killer Sudoku's innies and outies) as more groups for :func:`narrow`:
    ``houses`` (cell indices: ``n`` rows, ``n`` columns, then the boxes) each hold 1..n,
    so ``k`` consecutive rows (or columns), or a box, add up to ``k * n(n+1)/2`` (bands of
    at most ``n // 2`` lines: a longer one from an edge has the innies and outies of the
    shorter one beside it, swapped). The cells
    of such a region outside the cages it holds whole (the innies) add up to that less
    those cages' sums; the cells outside it of the cages it cuts (the outies) to those
    cages' sums less the innies'. Innies or outies of at most ``largest`` cells in one house
    (so distinct) become a group with their digit sets; a region touching a cage without
    a sum gives none. Every answer keeps them, so narrowing stays sound; they settle most
    janko 9x9s that the cages alone leave open. Groups of four cells as well settle a few
    more but cost more than they save on the median puzzle (every 2nd janko 9x9, CPU of
    the direct run: median 5% slower, mean 3% faster, largest 45 against 49 ms)."""
    total_of = n * (n + 1) // 2
    digits = tuple(range(1, n + 1))
    bits, homes, box_of = house_masks(n, tuple(tuple(house) for house in houses))
    masks = []
    for cells, _ in cages:
        mask = 0
        for i in cells:
            mask |= 1 << i
        masks.append(mask)
    out: list[Group] = []
    seen: set[int] = set()

    def offer(part: int, total: int) -> None:
        size = part.bit_count()
        if not 0 < size <= largest or part in seen:
            return
        seen.add(part)
        for house in homes[(part & -part).bit_length() - 1]:
            if not part & ~house:
                break
        else:
            return
        indices = []
        while part:
            low = part & -part
            indices.append(low.bit_length() - 1)
            part ^= low
        out.append((indices, set_masks(size, total, digits)))

    for line_bits, line_of in ((bits[:n], None), (bits[n:2 * n], _columns(n))):
        # per line: the cages that start there (cells, sum, how many have none), those
        # that end there by the line they start at, those that cross its top
        start_bits, start_sum, start_unsummed = [0] * n, [0] * n, [0] * n
        ending: list[dict[int, list[int]]] = [{} for _ in range(n)]
        crossing = [[0, 0, 0] for _ in range(n)]
        for mask, (cells, total) in zip(masks, cages):  # noqa: B905 (equal lengths)
            if line_of is None:
                low, high = min(cells) // n, max(cells) // n
            else:
                low, high = min(map(line_of.__getitem__, cells)), \
                    max(map(line_of.__getitem__, cells))
            start_bits[low] |= mask
            if total is None:
                start_unsummed[low] += 1
            else:
                start_sum[low] += total
            ends = ending[high].get(low)
            if ends is None:
                ending[high][low] = [mask, total or 0]
            else:
                ends[0] |= mask
                ends[1] += total or 0
            for line in range(low + 1, high + 1):
                crossed = crossing[line]
                crossed[0] |= mask
                crossed[1] += total or 0
                crossed[2] += total is None
        for first in range(n):
            touch, touch_sum, unsummed = crossing[first]
            inside = inside_sum = region = 0
            for last in range(first, min(n, first + n // 2)):
                region |= line_bits[last]
                touch |= start_bits[last]
                touch_sum += start_sum[last]
                unsummed += start_unsummed[last]
                for low, (mask, total) in ending[last].items():
                    if low >= first:
                        inside |= mask
                        inside_sum += total
                if unsummed:
                    continue
                inner_sum = total_of * (last - first + 1) - inside_sum
                part = region & ~inside
                if part.bit_count() <= largest:
                    offer(part, inner_sum)
                part = touch & ~inside & ~region
                if part.bit_count() <= largest:
                    offer(part, touch_sum - inside_sum - inner_sum)
    box_inside, box_inside_sum, box_touch, box_touch_sum = [0] * n, [0] * n, [0] * n, [0] * n
    blocked = [False] * n
    for mask, (cells, total) in zip(masks, cages):  # noqa: B905 (equal lengths)
        touched = set(map(box_of.__getitem__, cells))
        for b in touched:
            if total is None:
                blocked[b] = True
            else:
                box_touch[b] |= mask
                box_touch_sum[b] += total
        if len(touched) == 1 and total is not None:
            box_inside[b] |= mask
            box_inside_sum[b] += total
    for b, box in enumerate(bits[2 * n:]):
        if not blocked[b]:
            inside, inside_sum = box_inside[b], box_inside_sum[b]
            inner_sum = total_of - inside_sum
            offer(box & ~inside, inner_sum)
            offer(box_touch[b] & ~inside & ~box, box_touch_sum[b] - inside_sum - inner_sum)
    return out
