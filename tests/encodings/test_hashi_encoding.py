"""Hashiwokakero's encoding: sites and crossings, capacities, and the island sums against every
count."""

from __future__ import annotations

from itertools import product

import pytest

from pencilsat.encodings.hashi import bridge_sites, build, sum_clauses
from pencilsat.puzzles import hashi as H


def grid(*rows: str) -> H.HashiPuzzle:
    return H.parse_puzzle(f"hashi {len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")


def test_sites_see_across_water_and_crossings_share_a_cell():
    puzzle = grid(".1.", "2.2", ".1.")
    sites, crossings = bridge_sites(puzzle)
    assert [(s.first, s.second, s.cells, s.horizontal) for s in sites] == [
        (1, 2, ((1, 1),), True), (0, 3, ((1, 1),), False)]
    assert crossings == [(0, 1)]


def test_a_site_next_to_a_one_has_no_second_bridge():
    encoding = build(grid("1.3.2"))
    assert [3] not in encoding.clauses and [-3] in encoding.clauses  # site 0's "two"


@pytest.mark.parametrize("sites", [1, 2, 3, 4])
def test_sums_are_exact_on_every_count(sites):
    counts = [(1 + 2 * i, 2 + 2 * i) for i in range(sites)]
    for total in range(2 * sites + 2):
        clauses = sum_clauses(counts, total)
        for bridges in product(range(3), repeat=sites):
            truth = {}
            for (one, two), n in zip(counts, bridges, strict=True):
                truth[one], truth[two] = n >= 1, n >= 2
            holds = all(any(truth[abs(x)] == (x > 0) for x in c) for c in clauses)
            assert holds == (sum(bridges) == total), (total, bridges)
    assert sum_clauses([], 1) == [[]]


def test_isolated_pairs_are_ruled_out_only_when_other_islands_exist():
    two_ones = build(grid("1.1", "...", "2.2"))
    assert [-2] in two_ones.clauses  # site 0 (1-1): no bridge
    assert [-5] in two_ones.clauses  # site 1 (2-2): no second bridge
    assert [-2] not in build(grid("1.1")).clauses  # the pair is the whole puzzle


def test_a_question_mark_island_needs_some_bridge():
    encoding = build(grid("?.2.1"))
    assert [2] in encoding.clauses  # site 0's "one", the ?'s only site
    assert [(lits, n) for lits, n in encoding.sums] == [([(2, 3), (4, 5)], 2), ([(4, 5)], 1)]


def test_the_connectivity_graph_has_islands_and_sites_as_nodes():
    encoding = build(grid("2.2", "...", "2.2"))
    # islands 0-3, then sites 4 (0-1), 5 (2-3), 6 (0-2), 7 (1-3)
    assert encoding.graph.neighbours[0] == (4, 6)
    assert encoding.graph.neighbours[4] == (0, 1)
    (requirement,) = encoding.requirements
    assert requirement.anchor == 0
    assert requirement.literals.tolist() == [1, 1, 1, 1, 2, 4, 6, 8]
