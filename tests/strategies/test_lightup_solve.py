"""Light Up on both backends: corpus agreement, verdicts, strategies and the rule checker."""

from __future__ import annotations

import pytest
from conftest import CORPUS, corpus_pairs, every_kth

from pencilsat.core.errors import InputError
from pencilsat.encodings import lightup as E
from pencilsat.puzzles import lightup as L
from pencilsat.strategies.front import solve

TATHAM = corpus_pairs("lightup/tatham")
JANKO = corpus_pairs("lightup/janko", max_cells=24 * 24)


def load(txt, sol):
    return L.parse_puzzle(txt.read_text()), L.parse_solution(sol.read_text())


def grid(rows: list[str]) -> L.LightUpPuzzle:
    return L.parse_puzzle(f"lightup {len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")


def bulbs(rows: list[str]) -> L.LightUpSolution:
    return L.solution_from_rows(rows)


def assert_unique_and_stored(puzzle, expected, **options):
    r = solve(puzzle, **options)
    assert r.verdict == "unique", r.message
    assert L.check(puzzle, r.solution) == []
    assert r.solution == expected


def test_corpus_is_there():
    assert len(TATHAM) == 144 and len(JANKO) >= 500


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_every_tatham_puzzle_is_unique_with_the_stored_solution(backend):
    for txt, sol in TATHAM:
        assert_unique_and_stored(*load(txt, sol), backend=backend)


@pytest.mark.parametrize("backend,step", [("cnf", 8), ("cpsat", 16)])
def test_janko_sample_is_unique_with_the_stored_solution(backend, step):
    for txt, sol in every_kth(JANKO, step):
        assert_unique_and_stored(*load(txt, sol), backend=backend)


@pytest.mark.parametrize("encoding", ["csp", "card"])
def test_csp_strategies_agree_with_the_stored_solutions(encoding):
    for txt, sol in every_kth(TATHAM, 6) + every_kth(JANKO, 60):
        assert_unique_and_stored(*load(txt, sol), encoding=encoding, backend="cnf")


def test_card_strategy_on_cpsat():
    for txt, sol in every_kth(TATHAM, 24):
        assert_unique_and_stored(*load(txt, sol), encoding="card", backend="cpsat")


STRATEGY_BACKENDS = [("direct", "cnf"), ("csp", "cnf"), ("card", "cnf"), ("csp", "cpsat"),
                     ("card", "cpsat")]
"""``direct`` is a clause-level strategy: named with CP-SAT it is refused (see below)."""


@pytest.mark.parametrize(("encoding", "backend"), STRATEGY_BACKENDS)
def test_no_solution(encoding, backend):
    # the 2 has a single white neighbour
    r = solve(grid(["2.", "#."]), encoding=encoding, backend=backend)
    assert r.verdict == "none" and r.solution is None


@pytest.mark.parametrize(("encoding", "backend"), STRATEGY_BACKENDS)
def test_several_solutions_give_a_valid_different_second(encoding, backend):
    p = grid(["..", ".."])
    r = solve(p, encoding=encoding, backend=backend)
    assert r.verdict == "multiple"
    assert L.check(p, r.solution) == [] and L.check(p, r.second_solution) == []
    assert r.differences == r.solution.differing_cells(r.second_solution) != []


@pytest.mark.parametrize(("encoding", "backend"), STRATEGY_BACKENDS)
@pytest.mark.parametrize("rows,verdict", [
    (["#"], "unique"), (["0#", "#0"], "unique"), (["#1", "##"], "none"),
    (["4.", ".."], "none"), ([".#.", "#2#", ".#."], "none")],
    ids=["one-wall", "zero-clues", "clue-without-room", "4-in-corner", "2-boxed-in"])
def test_grids_without_white_cells_or_room_for_a_clue(rows, verdict, encoding, backend):
    """No white cell at all, or a clue with fewer white neighbours than bulbs: every
    strategy gives the verdict (the empty answer is the one answer when every clue is 0)."""
    r = solve(grid(rows), encoding=encoding, backend=backend)
    assert r.verdict == verdict
    if verdict == "unique":
        assert r.solution.bulbs == set() and L.check(grid(rows), r.solution) == []


def test_all_walls_is_trivially_unique():
    r = solve(grid(["#1", "1."]))
    assert r.verdict == "unique" and r.solution.bulbs == {(1, 1)}


def test_sat_solvers_agree():
    p, expected = load(*TATHAM[-1])
    for sat in ("cadical", "glucose", "minisat"):
        r = solve(p, sat_solver=sat)
        assert (r.verdict, r.solution) == ("unique", expected)


def test_native_counts_and_clauses_give_the_same_answers():
    """The default run (MiniCard, runs and numbers as native counts) and the clause run
    (CaDiCaL, pairwise and sequential at-most-one, numbers as clauses) agree on a janko
    sample, and the default really loads native counts."""
    for txt, sol in every_kth(JANKO, 100):
        puzzle, expected = load(txt, sol)
        native = solve(puzzle)
        assert native.stats.sat_solver == "minicard"
        assert native.stats.extra["native_counts"] > 0
        assert_unique_and_stored(puzzle, expected, sat_solver="cadical")
        assert (native.verdict, native.solution) == ("unique", expected)


@pytest.mark.parametrize("rows", [["...", ".#.", "..."], ["..1.", "#...", "...."],
                                  ["....", ".0..", "...#"], [".2..", "....", "#..1"]])
def test_native_counts_and_clauses_count_the_same_answers(rows):
    """Small grids with several answers: the same number of answers and the same undecided
    cells whichever way the counts are loaded."""
    from pencilsat.strategies.solution_space import Exploration

    p = grid(rows)
    ask = Exploration(count=50, backbone=True)
    native = solve(p, explore=ask)
    clauses = solve(p, sat_solver="cadical", explore=ask)
    assert native.count is not None and clauses.count is not None
    assert native.count.complete and clauses.count.complete
    assert len(native.count.solutions) == len(clauses.count.solutions) > 1
    assert set(native.count.solutions) == set(clauses.count.solutions)
    assert native.backbone is not None and clauses.backbone is not None
    assert native.backbone.undecided == clauses.backbone.undecided


def test_runs_match_the_model_segments():
    p, _ = load(*JANKO[len(JANKO) // 2])
    segs, owner = E.runs(p)
    assert sorted(map(sorted, segs)) == sorted(map(sorted, p.segments()))
    for cell, (row, col) in owner.items():
        assert cell in segs[row] and cell in segs[col] and row != col


def test_unknown_strategy_is_refused():
    with pytest.raises(ValueError):
        E.build(grid([".."]), "nope")


# ---- the rule checker rejects each broken rule

SMALL = CORPUS / "lightup" / "janko"
PUZZLE = (SMALL / "100_6x6.txt").read_text().splitlines()[1:]
"""janko's 100_6x6, rows below the header, read from the shared corpus; the cases below
name its cells."""
GOOD = (SMALL / "100_6x6.sol").read_text().splitlines()[1:]


def test_the_stored_solution_is_valid_and_the_unique_one():
    assert L.check(grid(PUZZLE), bulbs(GOOD)) == []
    r = solve(grid(PUZZLE))
    assert (r.verdict, r.solution) == ("unique", bulbs(GOOD))


def change(cells_on=(), cells_off=()):
    rows = [list(r) for r in GOOD]
    for r, c in cells_on:
        rows[r][c] = "*"
    for r, c in cells_off:
        rows[r][c] = "."
    return bulbs(["".join(r) for r in rows])


@pytest.mark.parametrize("solution,rule,cell", [
    (change(cells_on=[(0, 2)]), "bulb-on-wall", (0, 2)),
    (change(cells_on=[(2, 3)]), "bulbs-see-each-other", (1, 3)),
    (change(cells_off=[(3, 2)]), "unlit-cell", (3, 2)),
    (change(cells_off=[(0, 5)]), "wrong-count", (1, 5)),
])
def test_broken_solution_is_rejected_naming_rule_and_cell(solution, rule, cell):
    assert (rule, cell) in {(v.rule, v.cell) for v in L.check(grid(PUZZLE), solution)}


def test_only_the_broken_rule_is_reported_for_an_unlit_cell():
    found = L.check(grid(PUZZLE), change(cells_off=[(3, 2)]))
    assert {(v.rule, v.cell) for v in found} == {("unlit-cell", (3, 2)), ("unlit-cell", (3, 5))}


def test_a_solution_drawn_on_other_walls_is_rejected():
    """A solution file shows the walls and clues too: bulbs that fit another puzzle are not
    a solution of this one (a clue changed, a wall missing)."""
    puzzle = grid(PUZZLE)
    def text(rows: list[str]) -> str:
        return "lightup-solution 6 6\n" + "\n".join(rows) + "\n"

    assert L.check(puzzle, L.parse_solution(text(GOOD))) == []
    changed = [GOOD[0].replace("1", "2"), GOOD[1].replace("#", "."), *GOOD[2:]]
    problems = L.check(puzzle, L.parse_solution(text(changed)))
    assert [(p.rule, p.cell) for p in problems if p.rule == "grid-differs"] == [
        ("grid-differs", (0, 3)), ("grid-differs", (1, 0))]


def test_wrong_size_is_rejected():
    assert [v.rule for v in L.check(grid(PUZZLE), bulbs(["*."]))] == ["size"]


@pytest.mark.parametrize("encoding", ["direct", "csp", "card"])
def test_long_runs_hold_one_bulb(encoding):
    # runs of 8 cells: the direct strategy's sequential counter, the CSP layer's cardinality
    none = solve(grid(["........", "1######1"]), encoding=encoding)
    assert none.verdict == "none"
    unique = solve(grid(["........", "1######."]), encoding=encoding)
    assert unique.verdict == "unique" and unique.solution.bulbs == {(0, 0), (1, 7)}
    several = solve(grid(["........"]), encoding=encoding)
    assert several.verdict == "multiple"


def _empty_grid(side: int) -> L.LightUpPuzzle:
    return L.parse_puzzle(f"lightup {side} {side}\n" + ("." * side + "\n") * side)


@pytest.mark.parametrize("strategy", ["direct", "csp", "card"])
def test_light_up_encoders_look_at_the_clock(strategy, monkeypatch):
    """A clock that moves one second per look and a 3.5 s limit: every strategy stops while
    building its model, after a few looks. Before, the encoders never looked, so an empty
    1000x1000 grid encoded for 18 s under a 1 s limit before saying ``unknown``."""
    from pencilsat.core import clock
    from pencilsat.strategies import csp_solve

    ticks = iter(range(10**6))
    for module in (clock, csp_solve):  # the encoders look through clock.check_clock
        monkeypatch.setattr(module, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(E, "CLOCK_EVERY", 10)
    result = solve(_empty_grid(60), encoding=strategy, time_limit=3.5)
    assert (str(result.verdict), result.message) == ("unknown",
                                                     "time limit reached while encoding")
    assert result.stats.encoding == strategy
    assert next(ticks) < 40  # it stopped soon after the deadline, not after the whole model


def test_clause_loading_stops_at_a_passed_deadline():
    from time import perf_counter

    from pencilsat.backends.clauses import ClauseBackend
    from pencilsat.core.result import TimeLimitReached

    with pytest.raises(TimeLimitReached):
        ClauseBackend([[1, 2]] * 10, 2, deadline=perf_counter() - 1)


def test_direct_named_on_cp_sat_is_refused_and_the_default_moves_to_csp():
    with pytest.raises(InputError, match="on cpsat use --encoding csp or card"):
        solve(grid(["2.", "#."]), encoding="direct", backend="cpsat")
    assert solve(grid(["2.", "#."]), backend="cpsat").stats.encoding == "csp"
