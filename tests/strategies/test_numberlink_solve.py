"""Numberlink on both strategies: a janko sample unique with the stored answer (the
benchmark runs them all), verdicts, stray loops, the complete clause list, and count,
backbone and verdict against brute force on small random grids."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.explored import assert_explored_as, assert_models_are
from oracles.numberlink import random_puzzle
from oracles.numberlink import solutions as brute_force
from oracles.verdicts import assert_rules_verdict, verdict_of
from pysat.solvers import Solver

from pencilsat.core.result import Verdict
from pencilsat.encodings.loops.edges import GridEdges
from pencilsat.encodings.numberlink import ONE_HOT_MOST, build, detour, label_variables
from pencilsat.formats.puzzlink import parse_url
from pencilsat.puzzles import numberlink as N
from pencilsat.strategies.front import solve
from pencilsat.strategies.numberlink import complete_cnf
from pencilsat.strategies.solution_space import Exploration

JANKO = corpus_pairs("numberlink/janko")
SMALL = corpus_pairs("numberlink/janko", max_cells=100)
STRATEGIES = [("lazy", "cnf"), ("lazy-cpsat", "cpsat")]


def load(txt, sol):
    return N.parse_puzzle(txt.read_text(), txt.stem), N.parse_solution(sol.read_text())


def puzzle_of(*rows: str) -> N.NumberlinkPuzzle:
    return N.parse_puzzle(f"numberlink {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows)
                          + "\n")


def test_the_corpus_is_there():
    assert len(JANKO) > 400


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_janko_samples_are_unique_with_the_stored_answer(encoding, backend):
    for txt, sol in every_kth(SMALL[:60], 6 if backend == "cnf" else 15):
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, encoding=encoding, backend=backend)
        assert result.verdict == Verdict.UNIQUE, (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_the_pzprjs_example_has_one_answer_the_checker_accepts(encoding, backend):
    puzzle = parse_url("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert N.check(puzzle, result.solution) == []


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_pair_with_room_to_spare_gives_two_answers_and_where_they_differ(encoding, backend):
    puzzle = puzzle_of("1 . .", ". . .", ". . 1")
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE
    assert N.check(puzzle, result.solution) == [] == N.check(puzzle, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution)


@pytest.mark.parametrize("rows", [
    ("1 2", "2 1"),  # crossing pairs in a 2x2: the lines would share a cell
    ("1 . 2",),  # a number given once each
    ("1 1 1",),  # a number given three times
])
@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_numbers_no_lines_can_join_give_none(encoding, backend, rows):
    result = solve(puzzle_of(*rows), encoding=encoding, backend=backend)
    assert result.verdict == Verdict.NONE and result.solution is None


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_an_empty_grid_has_the_empty_answer_only(encoding, backend):
    """No numbers: every loop the degree rules allow is a stray loop, dropped from the model."""
    puzzle = puzzle_of(". . .", ". . .", ". . .")
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert result.solution.edges == frozenset()


def test_many_pairs_switch_the_labels_to_binary():
    """Above ONE_HOT_MOST pairs a cell's label is its pair index in bits."""
    width = ONE_HOT_MOST + 1
    numbers = [[k + 1 for k in range(width)]] * 2
    puzzle = N.NumberlinkPuzzle(numbers)
    labels, pair = label_variables(puzzle, 1)
    assert labels.shape == (2 * width, (width - 1).bit_length())
    result = solve(puzzle)
    assert result.verdict == Verdict.UNIQUE
    assert len(result.solution.edges) == width
    assert build(puzzle).num_vars > 0


def test_two_labels_on_one_unnumbered_cell_conflict_at_once():
    """Up to AT_MOST_ONE_MOST pairs, a cell given two labels fails by unit propagation alone
    (the pairwise clauses), not only after the labels travel to the numbers."""
    from pysat.solvers import Solver

    puzzle = puzzle_of("1 . . . 2", *[". . . . ."] * 3, "1 . . . 2")
    encoding = build(puzzle)
    labels, _ = label_variables(puzzle, len(GridEdges(5, 5)) + 2)
    middle = labels[12].tolist()
    with Solver(name="cadical195", bootstrap_with=encoding.clauses) as solver:
        assert solver.solve(assumptions=[middle[0]])
        status, _ = solver.propagate(assumptions=[middle[0], middle[1]])
        assert status is False


# ------------------------------------------------------------------ against brute force


@st.composite
def small_puzzles(draw: st.DrawFn) -> N.NumberlinkPuzzle:
    return random_puzzle(random.Random(draw(st.integers(0, 2**32))))


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=30, deadline=None)
@given(puzzle=small_puzzles())
def test_verdict_count_and_backbone_match_brute_force(encoding, backend, puzzle):
    truth = brute_force(puzzle)
    explore = Exploration(count=len(truth) + 1, backbone=True)
    result = solve(puzzle, encoding=encoding, backend=backend, explore=explore)
    assert result.verdict == verdict_of(truth)
    assert_explored_as(result, truth)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=60, deadline=None)
@given(puzzle=small_puzzles())
def test_the_verdict_from_shortcut_free_answers_and_detours_matches_brute_force(
        encoding, backend, puzzle):
    """A plain solve searches shortcut-free answers and bends the first round unused cells:
    the verdict and the answers it shows are still those of the rules."""
    truth = brute_force(puzzle)
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert_rules_verdict(result, truth)


@pytest.mark.parametrize("seed", range(12))
def test_the_verdict_of_wider_grids_with_more_pairs_matches_brute_force(seed):
    """Grids wide enough for two cells with two unused cells between them (the straight-gap
    rule) and crowded enough for unused sets touching a line twice (the detour)."""
    puzzle = random_puzzle(random.Random(seed), sizes=((5, 3), (4, 4), (5, 4)), pairs=(2, 6))
    truth = brute_force(puzzle)
    result = solve(puzzle)
    assert_rules_verdict(result, truth)


def _models_of(puzzle: N.NumberlinkPuzzle, answers: list[N.NumberlinkSolution]
               ) -> tuple[list[N.NumberlinkSolution], list[bool]]:
    """The answers that are models of the normal form's clauses (``build(shortest=True)``),
    and for each of them whether the second search has a model after it (some of its
    edges unused)."""
    from pysat.solvers import Solver

    encoding = build(puzzle, shortest=True, allow_loops=True)
    grid = GridEdges(puzzle.width, puzzle.height)
    kept: list[N.NumberlinkSolution] = []
    second: list[bool] = []
    with Solver(name="minisat22", bootstrap_with=encoding.clauses) as solver:
        for answer in answers:
            on = {grid.var[e] for e in answer.edges}
            if solver.solve(assumptions=[v if v in on else -v
                                         for v in range(1, len(grid) + 1)]):
                kept.append(answer)
                second.append(solver.solve(assumptions=[]) if not on else
                              _sat_with(solver, [-v for v in on]))
    return kept, second


def _sat_with(solver, clause: list[int]) -> bool:
    """Whether ``solver`` has a model with ``clause`` too (added under a fresh selector)."""
    selector = solver.nof_vars() + 1
    solver.add_clause([*clause, -selector])
    found = solver.solve(assumptions=[selector])
    solver.add_clause([-selector])
    return found


@pytest.mark.parametrize("seed", range(40))
def test_every_first_answer_in_normal_form_gives_the_rules_verdict(seed):
    """Whichever answer in normal form (shortcut-free, reduced, turns round unused cells
    ordered) the first search returns, the detour or the second search over the normal form
    finds a second answer exactly when brute force has two: so the proof over the normal
    form proves uniqueness under the rules (unused cells allowed)."""
    rng = random.Random(seed)
    puzzle = random_puzzle(rng, sizes=((4, 3), (3, 4), (5, 3), (4, 4), (5, 4)), pairs=(1, 5))
    truth = brute_force(puzzle)
    kept, second = _models_of(puzzle, truth)
    assert bool(kept) == bool(truth)  # an answer exists exactly when a normal form does
    for answer, more in zip(kept, second, strict=True):
        found = more or detour(puzzle, answer.edges) is not None
        assert found == (len(truth) > 1), (N.format_puzzle(puzzle), answer)


def test_a_turn_round_an_unused_cell_is_kept_only_round_a_later_cell():
    """A 2x2 grid, a line from the top left to the bottom right and the other two cells
    left: of its two answers (through the top right or the bottom left) the normal form
    keeps the one whose unused cell comes later (the bottom left, cell 2, against cell 1);
    the detour gives the other."""
    puzzle = puzzle_of("1 .", ". 1")
    kept, _ = _models_of(puzzle, brute_force(puzzle))
    assert [sorted(a.edges) for a in kept] == [[((0, 0), (0, 1)), ((0, 1), (1, 1))]]
    result = solve(puzzle)
    assert result.verdict == Verdict.MULTIPLE


def test_a_detour_replaces_a_stretch_touching_an_unused_set_twice():
    """A line round three sides of a 3x3 grid, the top middle and centre unused: the unused
    set touches the line at both of its ends, so the detour is the short line across the
    top, an answer the checker accepts."""
    puzzle = puzzle_of("1 . 1", ". . .", ". . .")
    ring = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
    first = frozenset(N.edge(a, b) for a, b in zip(ring, ring[1:], strict=False))
    bent = detour(puzzle, first)
    assert bent is not None and bent != first
    assert N.check(puzzle, N.NumberlinkSolution.of(bent, 3, 3)) == []


def test_a_detour_is_the_second_answer_when_a_line_can_bend_round_unused_cells():
    """Two numbers side by side with room beside them: the shortcut-free search finds the
    direct edge; the detour gives the bent line as the second answer."""
    puzzle = puzzle_of("1 1", ". .")
    result = solve(puzzle)
    assert result.verdict == Verdict.MULTIPLE
    assert len(result.solution.edges) == 1 and len(result.second_solution.edges) == 3
    assert N.check(puzzle, result.second_solution) == []


@settings(max_examples=25, deadline=None)
@given(puzzle=small_puzzles())
def test_the_complete_clause_list_has_exactly_the_answers(puzzle):
    """The study's fixed CNF: its models, seen on the answer variables, are exactly the
    brute-force answers."""
    encoding = complete_cnf(puzzle)
    assert_models_are(encoding, brute_force(puzzle))


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_grid_no_answer_fills_is_solved_after_the_filled_try(encoding, backend):
    """The filled grid is only tried first: here no answer uses every cell (the pair is side
    by side, two cells left over in a row), so the search on the rules alone finds it."""
    puzzle = puzzle_of("1 1 . .")
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert len(result.solution.edges) == 1
    assert N.check(puzzle, result.solution) == []


def test_a_filled_model_loses_its_loops():
    """A model of the rules with every cell used may close loops in the space the lines
    leave; the answer is the model without them."""
    from pencilsat.strategies.numberlink import LoopsDropped

    puzzle = puzzle_of("1 1 . .", ". . . .", ". . . .")
    loops = LoopsDropped(None, puzzle)
    grid = GridEdges(4, 3)
    ring = [((0, 2), (0, 3)), ((0, 3), (1, 3)), ((1, 2), (1, 3)), ((0, 2), (1, 2))]
    model = [False] * len(grid)
    for a, b in [((0, 0), (0, 1)), *ring]:
        model[grid.between(a, b) - 1] = True
    kept = loops.lines(tuple(model))
    assert [grid.edges[i] for i, on in enumerate(kept) if on] == [((0, 0), (0, 1))]


@pytest.mark.parametrize("rows", [("1 1 . .",), ("1 . .", ". . .", ". . 1"),
                                  ("1 2 . .", ". . . .", ". . 2 1")])
@pytest.mark.parametrize("fill_first", [True, False])
def test_the_filled_first_try_on_pysat_keeps_the_verdict(rows, fill_first):
    """``lazy`` tries the filled grid first on large grids; the verdict is the same either way."""
    from pencilsat.strategies.numberlink import run_cnf

    puzzle = puzzle_of(*rows)
    truth = brute_force(puzzle)
    result = run_cnf(puzzle, fill_first=fill_first)
    assert_rules_verdict(result, truth)


def test_the_bands_cover_every_cell_half_the_grid_each():
    from pencilsat.strategies.numberlink_windows import bands

    masks = bands(20, 20)  # rows 0-9, 5-14, 10-19, then the same columns
    assert [int(m.sum()) for m in masks] == [200] * 6
    assert (masks[0] | masks[2]).all() and (masks[3] | masks[5]).all()
    assert masks[0].reshape(20, 20)[:10].all() and masks[3].reshape(20, 20)[:, :10].all()
    odd = bands(7, 5)  # rows 0-1 .. 3-4 a row apart; columns 0-2 .. 4-6
    assert len(odd) == 4 + 5 and all(m.any() for m in odd)
    assert np.logical_or.reduce(odd[:4]).all() and np.logical_or.reduce(odd[4:]).all()
    assert [int(m.sum()) for m in odd] == [14] * 4 + [15] * 5


def test_the_quadrants_are_half_by_half_a_quarter_apart_and_cover_every_cell():
    from pencilsat.strategies.numberlink_windows import quadrants, window_groups

    masks = quadrants(20, 20)  # rows and columns 0-9, 5-14, 10-19, each with each
    assert [int(m.sum()) for m in masks] == [100] * 9
    assert masks[0].reshape(20, 20)[:10, :10].all() and masks[8].reshape(20, 20)[10:, 10:].all()
    assert (masks[0] | masks[2] | masks[6] | masks[8]).all()
    odd = quadrants(7, 5)  # rows 0-1 .. 3-4 a row apart, columns 0-2 .. 4-6
    assert len(odd) == 4 * 5 and [int(m.sum()) for m in odd] == [6] * 20
    assert np.logical_or.reduce(odd).all()
    groups = window_groups(7, 5)
    assert [len(g) for g in groups] == [20, 9]  # the quadrants first, then the bands


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_a_second_answer_inside_a_band_is_found_with_the_first_kept_outside(backend):
    """A 4x3 grid whose second pair can run straight or bend through the unused bottom row:
    with the straight answer kept outside, a band finds another, a model of the search's
    formula that is an answer once its loops are dropped; without the bottom row (one
    answer) none."""
    from pencilsat.strategies.numberlink import LoopsDropped

    rows = ("1 . . 1", "2 . . 2", ". . . .")
    straight = [((r, c), (r, c + 1)) for r in (0, 1) for c in range(3)]
    for grid_rows, has_second in ((rows, True), (rows[:2], False)):
        puzzle = puzzle_of(*grid_rows)
        grid = GridEdges(puzzle.width, puzzle.height)
        first = N.NumberlinkSolution.of(straight, puzzle.width, puzzle.height)
        assert N.check(puzzle, first) == []
        answer = tuple(e in first.edges for e in grid.edges)
        encoding = build(puzzle, shortest=False, allow_loops=True)
        not_first = [-(i + 1) for i, on in enumerate(answer) if on]
        found = _in_bands(puzzle, encoding, not_first, answer, backend)
        if not has_second:
            assert brute_force(puzzle) == [first] and found is None
            continue
        assert found is not None
        kept = LoopsDropped(None, puzzle).lines(found)
        second = N.NumberlinkSolution.of(
            [e for e, on in zip(grid.edges, kept, strict=True) if on], puzzle.width,
            puzzle.height)
        assert N.check(puzzle, second) == [] and second != first


def _in_bands(puzzle, encoding, not_first, answer, backend):
    """The band search on the encoding with the first answer forbidden, on PySAT or on
    CP-SAT."""
    from pencilsat.strategies.numberlink_windows import cpsat_bands, pysat_bands

    edges = list(range(1, len(answer) + 1))
    size = (puzzle.width, puzzle.height)
    if backend == "cnf":
        from pysat.solvers import Solver

        with Solver(name="cadical195", bootstrap_with=[*encoding.clauses, not_first]) as s:
            return pysat_bands(s, edges, *size)(answer, None)
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import CpSatSession

    cp = cp_model.CpModel()
    variables = [None] + [cp.new_bool_var(f"v{v}") for v in range(1, encoding.num_vars + 1)]
    for clause in [*encoding.clauses, not_first]:
        cp.add_bool_or([variables[lit] if lit > 0 else variables[-lit].Not()
                        for lit in clause])
    session = CpSatSession(cp, presolve=False)
    return cpsat_bands(session, variables, edges, *size)(answer, None)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@pytest.mark.parametrize("seed", range(8))
def test_the_verdict_with_the_bands_tried_first_matches_brute_force(encoding, backend, seed):
    """The bands (on by default past 225 cells) on small grids: the verdict and the second
    answer are the rules'."""
    from pencilsat.strategies.numberlink import run_cnf, run_cpsat

    puzzle = random_puzzle(random.Random(100 + seed), sizes=((5, 3), (4, 4), (5, 4)),
                           pairs=(2, 5))
    truth = brute_force(puzzle)
    run = run_cnf if backend == "cnf" else run_cpsat
    result = run(puzzle, in_bands=True)
    assert_rules_verdict(result, truth)


# ------------------------------------------------------------------ '?' ends and groups

QUESTION_SIZES = ((4, 3), (3, 4), (5, 3), (4, 4))


@st.composite
def puzzles_with_question_ends(draw: st.DrawFn) -> N.NumberlinkPuzzle:
    return random_puzzle(random.Random(draw(st.integers(0, 2**32))), sizes=QUESTION_SIZES,
                         pairs=(2, 4), unknown=0.6)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
@settings(max_examples=6, deadline=None)
@given(puzzle=puzzles_with_question_ends())
def test_question_ends_give_the_brute_force_verdict_count_and_backbone(encoding, backend,
                                                                      puzzle):
    """A '?' end joins any other '?' end: the plain solve (normal form, detour) and the count
    and backbone (the rules alone) agree with brute force."""
    truth = brute_force(puzzle)
    expected = verdict_of(truth)
    plain = solve(puzzle, encoding=encoding, backend=backend)
    assert plain.verdict == expected
    if len(truth) > 1:
        assert {plain.solution, plain.second_solution} <= set(truth)
    result = solve(puzzle, encoding=encoding, backend=backend,
                   explore=Exploration(count=len(truth) + 1, backbone=True))
    assert set(result.count.solutions) == set(truth)
    assert len(result.count.solutions) == len(truth)


@pytest.mark.parametrize("seed", range(20))
def test_every_first_answer_in_normal_form_with_question_ends_gives_the_rules_verdict(seed):
    """The normal-form argument with groups of '?' ends (one label per line, chosen by the
    ends): whichever normal-form answer comes first, the detour or the second search finds
    a second answer exactly when brute force has two."""
    puzzle = random_puzzle(random.Random(1000 + seed), sizes=((4, 3), (5, 3), (4, 4), (5, 4)),
                           pairs=(3, 5), unknown=0.7)
    truth = brute_force(puzzle)
    kept, second = _models_of(puzzle, truth)
    assert bool(kept) == bool(truth)
    for answer, more in zip(kept, second, strict=True):
        found = more or detour(puzzle, answer.edges) is not None
        assert found == (len(truth) > 1), (N.format_puzzle(puzzle), answer)


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_four_question_ends_pair_either_way(encoding, backend):
    """Four '?' ends in a row of two rows: joined straight across (two ways: top pair and
    bottom pair, or left and right columns), never a '?' to a number."""
    puzzle = puzzle_of("? ?", "? ?")
    result = solve(puzzle, encoding=encoding, backend=backend,
                   explore=Exploration(count=5))
    assert sorted(sorted(s.edges) for s in result.count.solutions) == [
        [((0, 0), (0, 1)), ((1, 0), (1, 1))], [((0, 0), (1, 0)), ((0, 1), (1, 1))]]
    assert solve(puzzle_of("? 1", "1 ?"), encoding=encoding, backend=backend).verdict == \
        Verdict.NONE


@pytest.mark.parametrize("rows", [("? . ?", ". ? ."), ("? ? ?",)])
def test_an_odd_number_of_question_ends_gives_none(rows):
    puzzle = puzzle_of(*rows)
    assert brute_force(puzzle) == []
    assert solve(puzzle).verdict == Verdict.NONE


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_number_given_four_times_is_two_lines_as_the_checker_says(encoding, backend):
    """The checker (and pzprjs') accept two lines of one number; the encoding gives the four
    ends two labels, so the normal form's "same label, same line" holds."""
    puzzle = puzzle_of("1 . 1 . .", ". . . . .", "1 . 1 . .")
    truth = brute_force(puzzle)
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.MULTIPLE and len(truth) > 1
    assert result.solution in truth and result.second_solution in truth


def test_question_ends_past_the_one_hot_labels_choose_binary_labels():
    """Above ONE_HOT_MOST labels the ends of a group choose their label's bits: a 2x2 block
    of '?' ends beside columns of pairs has its two answers."""
    width = ONE_HOT_MOST + 1
    row = [N.UNKNOWN, N.UNKNOWN] + [k + 1 for k in range(width - 2)]
    puzzle = N.NumberlinkPuzzle([row, row])
    labels, _ = label_variables(puzzle, 1)
    assert labels.shape[1] == width.bit_length()  # 63 pairs and 2 '?' lines
    result = solve(puzzle, explore=Exploration(count=3))
    assert len(result.count.solutions) == 2
    assert all(N.check(puzzle, s) == [] for s in result.count.solutions)


@pytest.mark.parametrize("lone", ["5", "?"])
@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_value_given_once_is_none_by_propagation_alone_and_named(encoding, backend, lone):
    """A line joins two ends of one value, so an end given once has none to draw: the rules'
    clauses refute it by unit propagation (a solver needed minutes on a 20x20 to rule out
    every path from it), and the verdict names the end."""
    rows = [". " * 11 + "." for _ in range(12)]
    rows[0] = "1 . . . . . . . . . . 1"
    rows[11] = "2 . . . . . . . . . . 2"
    rows[6] = ". . . . . " + lone + " . . . . . ."
    puzzle = puzzle_of(*rows)
    with Solver(name="minisat22", bootstrap_with=build(puzzle).clauses) as sat:
        assert sat.propagate()[0] is False
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == Verdict.NONE
    assert f"the {lone} at row 7, column 6 is the only one" in result.message
