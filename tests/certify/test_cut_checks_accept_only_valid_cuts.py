"""The cut checkers accept a cut only when it follows from the rule it stands for, whatever
produced it: single loop, connected cells, Fillomino's block sizes."""

from __future__ import annotations

import numpy as np

from pencilsat.certify.cut_checks import (
    BlockCutCheck,
    connectivity_cut_fault,
    edge_ends,
    loop_cut_fault,
    open_label_fault,
)


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


def label_variable(domains, cell: int, label: int) -> int:
    """The variable of ``cell`` taking ``label``: each cell's labels in turn, from 1."""
    return sum(len(d) for d in domains[:cell]) + list(domains[cell]).index(label) + 1


def test_k_plus_one_connected_cells_of_k_make_a_valid_over_size_cut():
    domains = [(1, 2, 3)] * 9  # a 3x3 grid
    check = BlockCutCheck(3, 3, domains, None)
    v = lambda cell: label_variable(domains, cell, 2)  # noqa: E731
    assert check.fault([-v(0), -v(1), -v(4)]) is None  # an L of three 2s
    assert check.fault([-v(0), -v(1), -v(8)]) is not None  # not connected
    assert check.fault([-v(0), -v(1)]) is not None  # only k cells
    mixed = [-v(0), -v(1), -label_variable(domains, 2, 3)]
    assert check.fault(mixed) is not None


def test_the_open_label_has_no_over_size_cut():
    domains = [(1, 2, 3, 4)] * 9
    v = lambda cell: label_variable(domains, cell, 4)  # noqa: E731
    five = [-v(c) for c in (0, 1, 2, 5, 8)]
    assert BlockCutCheck(3, 3, domains, None).fault(five) is None
    assert BlockCutCheck(3, 3, domains, 4).fault(five) is not None


def test_a_fence_around_fewer_than_k_cells_makes_a_valid_cut():
    domains = [(1, 2, 3)] * 5  # a row of five cells
    check = BlockCutCheck(5, 1, domains, None)
    v = lambda cell: label_variable(domains, cell, 3)  # noqa: E731
    assert check.fault([-v(0), v(2)]) is None  # cells 0, 1 inside: fewer than 3
    assert check.fault([-v(0), v(3)]) is not None  # cells 0, 1, 2 inside: room for 3
    assert check.fault([-v(0)]) is not None
    # a cell that cannot be 3 fences as well as a literal
    walled = [(1, 2, 3), (1, 2, 3), (1, 2), (1, 2, 3), (1, 2, 3)]
    assert BlockCutCheck(5, 1, walled, None).fault([-label_variable(walled, 0, 3)]) is None


def test_the_open_label_fence_needs_fewer_cells_than_the_label():
    domains = [(1, 2, 3, 4)] * 5
    v = lambda cell: label_variable(domains, cell, 4)  # noqa: E731
    check = BlockCutCheck(5, 1, domains, 4)
    assert check.fault([-v(0), v(3)]) is None  # three cells: fewer than four
    assert check.fault([-v(0), v(4)]) is not None


def test_an_answer_with_a_block_at_the_open_label_is_refused():
    numbers = np.array([[5, 5, 5, 5, 5], [1, 2, 2, 1, 3]])
    assert open_label_fault(numbers, 6) is None
    assert open_label_fault(numbers, None) is None
    assert open_label_fault(numbers, 5) is not None
