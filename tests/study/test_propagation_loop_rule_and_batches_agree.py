"""r_0 in loop genres adds the single-loop rule; the batched rounds (numpy) refute exactly
the literals that MiniSat's propagation refutes, on Sudoku, Light Up, Masyu and Slitherlink
puzzles."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.api import read_puzzle
from pencilsat.core.registry import genre_of, load
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.loops.degree import degree_clauses
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.study.hierarchy import _values
from pencilsat.study.propagation import Propagation
from pencilsat.study.rounds import Rounds


def _loop_encoding(width: int, height: int) -> tuple[ClauseEncoding, GridEdges]:
    grid = GridEdges(width, height)
    clauses = degree_clauses(grid)
    encoding = ClauseEncoding("degrees", len(grid), clauses, range(1, len(grid) + 1),
                              lambda true: true, loop=grid)
    return encoding, grid


def _square(grid: GridEdges, top: int, left: int) -> list[int]:
    """The four edges of the unit square of points with top-left point (top, left)."""
    a, b = (top, left), (top, left + 1)
    c, d = (top + 1, left), (top + 1, left + 1)
    return [grid.between(a, b), grid.between(a, c), grid.between(b, d), grid.between(c, d)]


def test_a_closed_loop_with_a_line_outside_it_is_a_conflict():
    encoding, grid = _loop_encoding(4, 2)
    square = _square(grid, 0, 0)
    outside = grid.between((0, 3), (1, 3))
    with Propagation(encoding) as prop:
        assert prop.fixed([*square, outside]) is None


def test_a_closed_loop_alone_turns_every_other_edge_off():
    encoding, grid = _loop_encoding(4, 2)
    square = _square(grid, 0, 0)
    with Propagation(encoding) as prop:
        state = prop.fixed(square)
    assert state is not None
    assert all(-v in state for v in range(1, len(grid) + 1) if v not in square)


def test_an_edge_closing_a_line_early_is_off_while_another_line_exists():
    encoding, grid = _loop_encoding(4, 3)
    square = _square(grid, 0, 0)
    other = grid.between((2, 2), (2, 3))
    with Propagation(encoding) as prop:
        state = prop.fixed([*square[:3], other])
        alone = prop.fixed(square[:3])
    assert state is not None and -square[3] in state
    assert alone is not None and -square[3] not in alone  # one line may still close


def _failed_by_minisat(prop: Propagation, assumed: list[int], state: set[int]) -> set[int]:
    return {lit for lit in prop.open_literals(state) if prop.fixed([*assumed, lit]) is None}


@pytest.mark.parametrize("source", [
    "sudoku/tatham/extreme.txt:1", "sudoku/tatham/unreasonable.txt:2",
    "lightup/tatham/10x10-hard/s001.txt", "masyu/tatham/10x10-tricky/s001.txt",
    "masyu/tatham/10x10-easy/s002.txt", "slitherlink/tatham/10x10-hard/s002.txt",
])
def test_the_batched_rounds_refute_what_minisat_refutes(source):
    path, _, line = source.partition(":")
    text = (CORPUS / path).read_text().split()[int(line) - 1] if line else str(CORPUS / path)
    puzzle = read_puzzle(text)
    genre = genre_of(puzzle)
    encoding = load(genre.rule_cnf or genre.complete_cnf)(puzzle)
    rounds = Rounds(encoding)
    with Propagation(encoding) as prop:
        assumed = list(prop.units)
        state = prop.fixed(assumed)
        assert state is not None
        for _ in range(3):  # the first three steps of the study's process
            expected = _failed_by_minisat(prop, assumed, state)
            probes = list(prop.open_literals(state))
            refuted: set[int] = set()
            values = _values(state, encoding.num_vars)
            while True:  # every depth in turn: the union is the failed literals
                found = rounds.first_refutations(values, [p for p in probes
                                                          if p not in refuted])
                if found is None:
                    break
                refuted |= set(found.literals)
            assert refuted == expected
            if not expected:
                break
            assumed += sorted(-lit for lit in expected)
            state = prop.fixed(assumed)
            assert state is not None


def test_rounds_from_the_clues_count_dependent_unit_steps():
    # 1; then 2 (from 1); then 3 (from 2): three rounds
    encoding = ClauseEncoding("chain", 3, [[1], [-1, 2], [-2, 3]], [1, 2, 3], lambda t: t)
    assert Rounds(encoding).rounds_from(np.zeros(4, dtype=np.int8)) == 3
