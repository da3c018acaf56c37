"""The sound rules run before the Nurikabe encoding (``encodings.nurikabe_rules``): every
cell they settle on a janko puzzle agrees with its answer, each rule does its one thing on
a small grid, a clash means no solution, and the settled cells reach the encoding."""

from __future__ import annotations

import time

import numpy as np
import pytest
from conftest import CORPUS, corpus_pairs
from hypothesis import given, settings
from hypothesis import strategies as st
from nurikabe_support import assert_same_verdict_without, grid

from pencilsat.core.clock import TimeLimitReached
from pencilsat.encodings.connectivity import grid_graph
from pencilsat.encodings.nurikabe import NurikabeSettings, build, island_reach
from pencilsat.encodings.nurikabe_rules import OPEN, UNKNOWN, WALL, settle
from pencilsat.puzzles import nurikabe as N
from pencilsat.strategies.front import solve
from pencilsat.strategies.nurikabe import run_cnf


def states(puzzle: N.NurikabePuzzle) -> list[int] | None:
    return settle(puzzle, grid_graph(puzzle.width, puzzle.height))


def drawn(puzzle: N.NurikabePuzzle) -> list[str]:
    """The settled grid: ``#`` wall, ``.`` unknown, ``o`` open, ``a``/``b``/... an island."""
    out = states(puzzle)
    assert out is not None
    marks = [{WALL: "#", UNKNOWN: ".", OPEN: "o"}.get(s, chr(ord("a") + s)) for s in out]
    return ["".join(marks[r * puzzle.width:(r + 1) * puzzle.width])
            for r in range(puzzle.height)]


def test_every_settled_janko_cell_agrees_with_the_answer():
    settled = cells = complete = 0
    wrong = []
    for txt, sol in corpus_pairs("nurikabe/janko"):
        puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
        answer = np.asarray(N.parse_solution(sol.read_text()).shaded, bool).reshape(-1)
        out = states(puzzle)
        assert out is not None, txt.stem
        owner = {r * puzzle.width + c: i
                 for i, ((r, c), _) in enumerate(puzzle.numbered_cells())}
        for v, s in enumerate(out):
            if (s == WALL) != bool(answer[v]) and s != UNKNOWN:
                wrong.append((txt.stem, v))
        # an island's cell is joined to its own number through open answer cells
        for v, s in enumerate(out):
            if s >= 0 and not _joined(answer, puzzle.width, v, owner, s):
                wrong.append((txt.stem, v))
        unknown = sum(s in (UNKNOWN, OPEN) for s in out)
        settled += len(out) - unknown
        cells += len(out)
        complete += unknown == 0
    assert wrong == []
    assert settled / cells > 0.4  # 47.5% today
    assert complete >= 20  # 32 today


def _joined(answer: np.ndarray, width: int, v: int, owner: dict[int, int], island: int) -> bool:
    seen, stack = {v}, [v]
    while stack:
        x = stack.pop()
        if owner.get(x) == island:
            return True
        r, c = divmod(x, width)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            u = rr * width + cc
            if (0 <= rr < len(answer) // width and 0 <= cc < width and u not in seen
                    and not answer[u]):
                seen.add(u)
                stack.append(u)
    return False


def test_a_complete_island_is_fenced_and_unreached_cells_are_wall():
    assert drawn(grid(". . .", ". 1 .", ". . .")) == ["###", "#a#", "###"]


def test_a_cell_touching_two_numbers_is_wall_and_one_way_out_is_taken():
    # (0, 1) touches both 2s: no island may take it; each 2 then has one way out, down,
    # and once complete is fenced; the bottom row no island reaches
    assert drawn(grid("2 . 2", ". . .", ". . .")) == ["a#b", "a#b", "###"]


def test_a_piece_of_wall_with_one_way_out_takes_it():
    # (0, 0) is out of every reach: wall, and its piece leaves only through (1, 0)
    assert drawn(grid(". 1 . .", ". . . .", ". . . 5")) == ["#a#.", "##..", "...b"]


def test_a_wall_with_all_its_cells_leaves_the_rest_open():
    # the 1's fence has two pieces; (1, 0)'s one way out is (1, 1); the wall then has its
    # 3 cells, so the rest is open and joins the 4
    assert drawn(grid("1 . . .", ". . . 4")) == ["a#bb", "##bb"]


def test_a_block_with_three_walls_opens_its_fourth_cell():
    # every cell beyond one step of the 2 is wall; the block at the bottom left then has
    # three walls, so (1, 1) is open, and only the 2 reaches it
    assert drawn(grid(". 2 .", ". . .", ". . .")) == ["#a#", "#a#", "###"]


@pytest.mark.parametrize("rows", [("2 . 2",), ("3 . 1", ". . .", ". . .", ". . .")])
def test_a_clash_is_no_solution_on_both_backends(rows):
    puzzle = grid(*rows)
    assert states(puzzle) is None
    for rules in (True, False):  # the search without the rules agrees
        settings = NurikabeSettings(rules=rules)
        assert run_cnf(puzzle, settings=settings).verdict == "none"
    assert solve(puzzle, backend="cpsat").verdict == "none"


def test_the_reach_avoids_settled_cells():
    puzzle = grid(". 1 . .", ". . . .", ". . . 5")  # settled: #a#. / ##.. / ...b
    graph = grid_graph(4, 3)
    plain = island_reach(puzzle, graph)
    narrowed = island_reach(puzzle, graph, settled=states(puzzle))
    assert 4 in plain[1] and 4 not in narrowed[1]  # (1, 0): four steps, but wall
    assert set(narrowed[1]) == {3, 6, 7, 8, 9, 10, 11} < set(plain[1])
    assert narrowed[1][8] == 3  # (2, 0): three steps from the 5


def test_settled_cells_become_units_and_can_be_left_out():
    puzzle = grid(". 1 . .", ". . . .", ". . . 5")  # settled: #a#. / ##.. / ...b
    with_rules = build(puzzle)
    without = build(puzzle, settings=NurikabeSettings(rules=False))
    assert [5] in with_rules.clauses and [5] not in without.clauses  # (1, 0) is wall
    assert with_rules.num_vars < without.num_vars


def test_the_janko_puzzle_the_rules_were_for_is_unique():
    """janko 1055_40x57 (213 numbers): unknown at 300 s on both backends without the rules,
    unique in 18-37 s with them on CNF (CP-SAT, 25-31 s: ``benchmarks/nurikabe.py``). No time
    limit: at a load average of 18 the 240 s limit it had was reached on the wall."""
    txt = CORPUS / "nurikabe" / "janko" / "1055_40x57.txt"
    puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
    expected = N.parse_solution(txt.with_suffix(".sol").read_text())
    result = solve(puzzle)
    assert result.verdict == "unique", result.message
    assert result.solution == expected


def test_the_rules_stop_at_the_deadline():
    numbers = np.zeros((300, 300), dtype=np.int32)
    numbers[5::10, 5::10] = 30
    puzzle = N.NurikabePuzzle(numbers)
    started = time.process_time()  # CPU: a busy machine stretches the wall, not the work
    with pytest.raises(TimeLimitReached):
        settle(puzzle, grid_graph(300, 300), deadline=time.perf_counter() + 0.2)
    assert time.process_time() - started < 2


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_rules_change_no_verdict_and_no_answer(data):
    """Random small grids (most have no solution or several): the search with the rules
    and without them agree on the verdict and on a unique answer."""
    width, height = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5))
    cells = ["."] * (width * height)
    for _ in range(data.draw(st.integers(1, 4))):
        cell = data.draw(st.integers(0, width * height - 1))
        cells[cell] = data.draw(st.sampled_from(
            ["?", *map(str, range(1, min(7, width * height) + 1))]))
    puzzle = grid(*(" ".join(cells[r * width:(r + 1) * width]) for r in range(height)))
    assert_same_verdict_without(puzzle, rules=False)
