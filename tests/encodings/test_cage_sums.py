"""The cage-sum clauses: with one digit per cell, their models are exactly the fills with
distinct digits that add up to the total (against enumeration), for cells with any digits
allowed; digit sets match a direct count."""

from __future__ import annotations

import itertools

import pytest
from pysat.solvers import Solver

from pencilsat.encodings.cage_sums import (
    Narrowing,
    cage_clauses,
    digit_sets,
    groups_hold,
    narrow,
    set_masks,
)


def test_digit_sets_are_every_combination_with_the_sum():
    assert digit_sets(2, 3, tuple(range(1, 10))) == (frozenset({1, 2}),)
    assert digit_sets(3, 7, tuple(range(1, 10))) == (frozenset({1, 2, 4}),)
    assert len(digit_sets(4, 20, tuple(range(1, 10)))) == 12
    assert digit_sets(3, 5, tuple(range(1, 10))) == ()
    assert digit_sets(5, 15, (1, 2, 3, 4)) == ()


def models(cells: list[dict[int, int]], total: int | None, top: int) -> set[tuple[int, ...]]:
    clauses = []
    for cell in cells:
        lits = list(cell.values())
        clauses.append(lits)
        clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]
    counter = [top]

    def new_var() -> int:
        counter[0] += 1
        return counter[0]

    clauses += cage_clauses(cells, total, new_var)
    found = set()
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        while solver.solve():
            true = {lit for lit in solver.get_model() if lit > 0}
            fill = tuple(next(d for d, lit in cell.items() if lit in true) for cell in cells)
            found.add(fill)
            solver.add_clause([-cell[d] for cell, d in zip(cells, fill, strict=True)])
    return found


@pytest.mark.parametrize("size", [1, 2, 3, 4])
@pytest.mark.parametrize("total", [None, 3, 6, 7, 10, 30])
def test_the_models_are_the_distinct_fills_with_the_sum(size, total):
    digits = [[1, 2, 3, 4, 5], [1, 2, 4, 6], [2, 3, 5], [1, 3, 4, 5, 6]][:size]
    cells, top = [], 0
    for allowed in digits:
        cells.append({d: top + i + 1 for i, d in enumerate(allowed)})
        top += len(allowed)
    expected = {fill for fill in itertools.product(*digits)
                if len(set(fill)) == size and (total is None or sum(fill) == total)}
    assert models(cells, total, top) == expected


def test_narrow_keeps_every_digit_of_every_fill_and_settles_forced_cells():
    """Random groups over six cells with digits 1..4: every digit some fill of all groups
    uses stays (the rules are sound), and a cell every fill gives one digit whose groups
    force it by singles comes out settled."""
    import random

    rng = random.Random(11)
    every = sum(1 << d for d in range(1, 5))
    for _ in range(60):
        groups = []
        for _ in range(rng.randint(1, 4)):
            cells = rng.sample(range(6), rng.randint(2, 4))
            total = rng.choice([None, rng.randint(3, 10)])
            groups.append((cells, None if total is None else
                           set_masks(len(cells), total, (1, 2, 3, 4))))
        start = [every if rng.random() < 0.8 else 1 << rng.randint(1, 4) for _ in range(6)]
        fills = [fill for fill in itertools.product(range(1, 5), repeat=6)
                 if all(start[i] >> fill[i] & 1 for i in range(6))
                 and all(len({fill[i] for i in cells}) == len(cells)
                         and (sets is None
                              or sum(1 << fill[i] for i in cells) in sets)
                         for cells, sets in groups)]
        narrowed = narrow(start, groups)
        for fill in fills:
            assert all(narrowed[i] >> fill[i] & 1 for i in range(6))
        assert all(mask & ~old == 0 for mask, old in zip(narrowed, start, strict=True))


def test_narrow_finds_a_hidden_single():
    """Cells 0..2 hold {1, 2, 3}; only cell 2 may hold 3, so it does."""
    full = 0b1110
    masks = narrow([0b0110, 0b0110, full], [([0, 1, 2], [full])])
    assert masks == [0b0110, 0b0110, 0b1000]


def test_groups_hold_catches_a_repeat_that_narrowing_leaves():
    """A house of three settled cells holding 1, 1, 2: narrowing changes nothing (every
    cell is single and fits the set), but the rule is broken; a set the sum allows holds."""
    full = 0b1110
    masks = narrow([0b0010, 0b0010, 0b0100], [([0, 1, 2], (full,))])
    assert masks == [0b0010, 0b0010, 0b0100]
    assert not groups_hold(masks, [([0, 1, 2], (full,))])
    assert groups_hold([0b0010, 0b1000], [([0, 1], set_masks(2, 4, (1, 2, 3)))])
    assert not groups_hold([0b0100, 0b0100], [([0, 1], None)])


def test_a_pair_keeps_exactly_the_digits_with_a_partner():
    """Two cells of a cage (distinct digits, sum ``total``) narrowed by
    :class:`Narrowing`'s pair table: each keeps the digits the other can complete to the
    sum, or the run fails when one is left empty (against enumeration)."""
    import random

    rng = random.Random(5)
    digits = tuple(range(1, 10))
    for _ in range(300):
        total = rng.randint(2, 18)
        narrowing = Narrowing(2, [([0, 1], set_masks(2, total, digits))])
        masks = [sum(1 << d for d in digits if rng.random() < 0.5) for _ in range(2)]
        pairs = [(x, y) for x in digits for y in digits
                 if x != y and x + y == total and masks[0] >> x & 1 and masks[1] >> y & 1]
        expected = [sum({1 << x for x, _ in pairs}), sum({1 << y for _, y in pairs})]
        after = list(masks)
        ok = narrowing.run(after, list(narrowing.first_sets), narrowing.start(after))
        assert ok == bool(pairs)
        if ok:
            assert after == expected


def test_start_leaves_the_fixpoint_of_a_run_from_every_group():
    """Random groups over six cells with digits 1..4: the groups :meth:`Narrowing.start`
    queues narrow to the same candidates (or the same contradiction) as a run that visits
    every group, and no fill of all groups is lost."""
    import random

    rng = random.Random(12)
    every = sum(1 << d for d in range(1, 5))
    skipped = 0
    for _ in range(200):
        groups = []
        for _ in range(rng.randint(1, 5)):
            cells = rng.sample(range(6), rng.randint(2, 4))
            total = rng.choice([None, rng.randint(3, 10)])
            groups.append((cells, None if total is None else
                           set_masks(len(cells), total, (1, 2, 3, 4))))
        start = [every if rng.random() < 0.9 else 1 << rng.randint(1, 4) for _ in range(6)]
        narrowing = Narrowing(6, groups)
        whole = list(start)
        whole_ok = narrowing.run(whole, list(narrowing.first_sets), range(len(groups)))
        cheap = list(start)
        queue = narrowing.start(cheap)
        skipped += len(groups) - len(queue)
        cheap_ok = narrowing.run(cheap, list(narrowing.first_sets), queue)
        assert cheap_ok == whole_ok
        if whole_ok:
            assert cheap == whole
        fills = [fill for fill in itertools.product(range(1, 5), repeat=6)
                 if all(start[i] >> fill[i] & 1 for i in range(6))
                 and all(len({fill[i] for i in cells}) == len(cells)
                         and (sets is None or sum(1 << fill[i] for i in cells) in sets)
                         for cells, sets in groups)]
        for fill in fills:
            assert cheap_ok and all(cheap[i] >> fill[i] & 1 for i in range(6))
    assert skipped  # some groups did start out of the queue


def test_a_fresh_narrowing_counts_its_own_visits():
    """:meth:`Narrowing.fresh` shares the rules and counts visits from 0, leaving the
    original's count alone (a kept narrowing serves many puzzles)."""
    full = sum(1 << d for d in range(1, 4))
    kept = Narrowing(3, [([0, 1, 2], (full,))])
    twin = kept.fresh()
    masks = [1 << 1, full, full]
    assert twin.run(masks, list(twin.first_sets), twin.start(masks))
    assert twin.visits > 0 and kept.visits == 0
    assert twin.groups_of is kept.groups_of and masks[0] == 1 << 1
    assert not masks[1] & 1 << 1 and not masks[2] & 1 << 1
