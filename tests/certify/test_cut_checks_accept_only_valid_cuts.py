"""The cut checkers accept a cut only when it follows from the rule it stands for, whatever
produced it."""

from __future__ import annotations

import numpy as np

from pencilsat.certify.cut_checks import connectivity_cut_fault, edge_ends, loop_cut_fault


def edge(ends, a, b) -> int:
    return ends.index((min(a, b), max(a, b)))


def square(ends, width, top_left) -> list[int]:
    a = top_left
    return [edge(ends, a, a + 1), edge(ends, a + 1, a + 1 + width),
            edge(ends, a + width, a + width + 1), edge(ends, a, a + width)]


def test_edge_numbering_is_row_major_right_before_down():
    ends = edge_ends(3, 2)
    assert ends[1:] == ((0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (4, 5))


def test_a_closed_cycle_plus_an_edge_off_it_is_a_valid_loop_cut():
    ends = list(edge_ends(4, 4))
    cycle = square(ends, 4, 0)
    off = edge(ends, 10, 11)
    assert loop_cut_fault([-e for e in cycle] + [-off], 4, 4) is None
    chord_free_extra = edge(ends, 1, 2)  # touches the cycle at one point
    assert loop_cut_fault([-e for e in cycle] + [-chord_free_extra], 4, 4) is None
    # positive literals only weaken a valid cut
    assert loop_cut_fault([-e for e in cycle] + [-off, edge(ends, 14, 15)], 4, 4) is None


def test_a_cycle_alone_or_an_open_path_is_not_a_valid_loop_cut():
    ends = list(edge_ends(4, 4))
    cycle = square(ends, 4, 0)
    assert loop_cut_fault([-e for e in cycle], 4, 4) is not None
    path = cycle[:3] + [edge(ends, 10, 11)]
    assert loop_cut_fault([-e for e in path], 4, 4) is not None
    assert loop_cut_fault([-e for e in cycle] + [-99], 4, 4) is not None


def test_some_edge_used_needs_every_edge():
    count = len(edge_ends(3, 3)) - 1
    assert loop_cut_fault(list(range(1, count + 1)), 3, 3) is None
    assert loop_cut_fault(list(range(1, count)), 3, 3) is not None


def path_graph(n: int) -> list[list[int]]:
    return [[j for j in (i - 1, i + 1) if 0 <= j < n] for i in range(n)]


def test_witnesses_separated_by_the_boundary_make_a_valid_connectivity_cut():
    neighbours = path_graph(5)
    literals = np.arange(1, 6)  # node v in the set when variable v + 1 is true
    # nodes 0 and 4 in the set, node 2 out of it: the set is not connected
    assert connectivity_cut_fault([-1, -5, 3], neighbours, [(literals, None)]) is None
    assert connectivity_cut_fault([-1, -5, 4], neighbours, [(literals, None)]) is None


def test_a_boundary_that_does_not_separate_is_refused():
    neighbours = [[1, 2], [0, 3], [0, 3], [1, 2]]  # a 4-cycle: two ways round
    literals = np.arange(1, 5)
    assert connectivity_cut_fault([-1, -4, 2], neighbours, [(literals, None)]) is not None
    assert connectivity_cut_fault([-1, -4, 2, 3], neighbours, [(literals, None)]) is None


def test_an_anchor_stands_in_for_the_second_witness():
    neighbours = path_graph(4)
    literals = np.arange(1, 5)
    assert connectivity_cut_fault([-4, 2], neighbours, [(literals, 0)]) is None
    assert connectivity_cut_fault([-4, 2], neighbours, [(literals, None)]) is not None


def test_nodes_never_in_the_set_block_paths():
    neighbours = [[1, 2], [0, 3], [0, 3], [1, 2]]
    literals = np.array([1, 2, 0, 4])  # node 2 can never be in the set
    assert connectivity_cut_fault([-1, -4, 2], neighbours, [(literals, None)]) is None
