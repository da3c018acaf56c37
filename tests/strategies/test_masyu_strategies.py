"""The fast Masyu strategies: ``lazy`` (incremental SAT, sub-loop cuts) and ``circuit`` (CP-SAT).

Every answer is compared with the corpus's ``.sol`` file and re-checked by the independent rule
checker ``masyu.check``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import CORPUS as CORPUS_ROOT

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES, load
from pencilsat.core.result import Verdict
from pencilsat.core.sat_names import pysat_name
from pencilsat.puzzles import masyu
from pencilsat.strategies import masyu_circuit, masyu_lazy
from pencilsat.strategies.front import solve
from pencilsat.strategies.loop_search import CUTS
from pencilsat.strategies.masyu_lazy import LazySettings

CORPUS = CORPUS_ROOT / "masyu"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
STRATEGIES = {"lazy": masyu_lazy.run, "circuit": masyu_circuit.run}


def _size(path: Path) -> tuple[int, int]:
    width, height = path.read_text().split("\n", 1)[0].split()[1:3]
    return int(width), int(height)


def _with_solutions(paths: list[Path]) -> list[Path]:
    return [p for p in paths if p.with_suffix(".sol").exists()]


JANKO = _with_solutions(sorted((CORPUS / "janko").glob("*.txt")))
TATHAM = _with_solutions(sorted((CORPUS / "tatham").glob("*/*.txt")))
SMALL = [p for p in JANKO + TATHAM if max(_size(p)) <= 12]
SAMPLE = JANKO[::8]
SEEDS = [CORPUS / "seed_10x10.txt", CORPUS / "seed_36x20.txt"]


def _puzzle(text: str) -> masyu.MasyuPuzzle:
    return masyu.parse_puzzle(text)


def assert_solves_to_file(run, path: Path) -> None:
    puzzle = masyu.parse_puzzle(path.read_text(), name=path.name)
    result = run(puzzle)
    assert result.verdict == Verdict.UNIQUE, path.name
    assert masyu.check(puzzle, result.solution) == [], path.name
    assert result.solution == masyu.parse_solution(path.with_suffix(".sol").read_text()), path.name


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.stem)
def test_seed_puzzles_are_unique_and_match_the_printed_solution(strategy, path):
    assert_solves_to_file(STRATEGIES[strategy], path)


def test_corpus_selection_is_as_large_as_promised():
    assert len(SMALL) >= 300
    assert len(SAMPLE) >= 100


def test_lazy_solves_every_corpus_puzzle_up_to_12x12():
    for path in SMALL:
        assert_solves_to_file(masyu_lazy.run, path)


def test_lazy_solves_a_deterministic_sample_of_janko():
    for path in SAMPLE:
        assert_solves_to_file(masyu_lazy.run, path)


def test_circuit_solves_a_sample_of_small_puzzles():
    for path in SMALL[::10]:
        assert_solves_to_file(masyu_circuit.run, path)


def test_circuit_solves_a_sample_of_larger_janko():
    larger = [p for p in SAMPLE if max(_size(p)) > 12 and _size(p)[0] * _size(p)[1] <= 400]
    assert len(larger) >= 10
    for path in larger[::2]:
        assert_solves_to_file(masyu_circuit.run, path)


@pytest.mark.parametrize("sat_solver", ["cadical", "glucose", "minisat", "cadical195"])
def test_lazy_runs_on_each_sat_solver(sat_solver):
    puzzle = masyu.parse_puzzle((CORPUS / "seed_10x10.txt").read_text())
    result = masyu_lazy.run(puzzle, sat_solver=sat_solver)
    assert result.verdict == Verdict.UNIQUE
    assert result.solution == masyu.parse_solution((CORPUS / "seed_10x10.sol").read_text())
    assert result.stats.sat_solver == pysat_name(sat_solver, "")


# A loop would have to leave the two pearls' areas separately: every local rule can be met,
# but only by two loops, so only the sub-loop cuts prove there is no answer.
NEEDS_CUTS = "masyu 6 5\n..WB..\n......\n.....W\n...B..\n......\n"
WHITE_IN_CORNER = "masyu 4 4\nW...\n....\n....\n....\n"
ONE_PEARL = "masyu 4 4\n.W..\n....\n....\n....\n"
NO_PEARLS = "masyu 3 3\n...\n...\n...\n"


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("text", [NEEDS_CUTS, WHITE_IN_CORNER], ids=["needs-cuts", "corner"])
def test_puzzle_without_answer_is_none(strategy, text):
    result = STRATEGIES[strategy](_puzzle(text))
    assert result.verdict == Verdict.NONE
    assert result.solution is None


def test_lazy_proves_no_answer_through_cuts():
    result = masyu_lazy.run(_puzzle(NEEDS_CUTS))
    assert result.stats.extra["cuts"] > 0


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("text", [ONE_PEARL, NO_PEARLS], ids=["one-pearl", "no-pearls"])
def test_puzzle_with_several_answers_is_multiple(strategy, text):
    puzzle = _puzzle(text)
    result = STRATEGIES[strategy](puzzle)
    assert result.verdict == Verdict.MULTIPLE
    assert masyu.check(puzzle, result.solution) == []
    assert masyu.check(puzzle, result.second_solution) == []
    assert result.solution != result.second_solution
    assert result.differences == result.solution.differing_cells(result.second_solution)
    assert result.differences


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_grid_too_small_for_any_loop_is_none(strategy):
    assert STRATEGIES[strategy](_puzzle("masyu 1 1\nB\n")).verdict == Verdict.NONE
    assert STRATEGIES[strategy](_puzzle("masyu 1 1\n.\n")).verdict == Verdict.NONE


def test_circuit_times_out_as_unknown_on_a_big_puzzle():
    puzzle = masyu.parse_puzzle((EXAMPLES / "masyu_36x20.txt").read_text())
    result = masyu_circuit.run(puzzle, time_limit=0.001)
    assert result.verdict == Verdict.UNKNOWN
    assert result.second_solution is None


def test_lazy_times_out_as_unknown():
    puzzle = masyu.parse_puzzle((EXAMPLES / "masyu_36x20.txt").read_text())
    result = masyu_lazy.run(puzzle, time_limit=1e-9)
    assert result.verdict == Verdict.UNKNOWN
    assert result.solution is None


def test_a_time_limit_cuts_encoding_short():
    """The limit is honoured while encoding, not only while solving: a big grid stops before
    its clauses are loaded (lazy) or compiled (tamura), as unknown."""
    puzzle = masyu.MasyuPuzzle(np.zeros((120, 120), dtype=np.uint8))
    result = masyu_lazy.run(puzzle, time_limit=1e-9)
    assert result.verdict == Verdict.UNKNOWN
    assert result.message == "time limit reached while encoding"
    big = masyu.parse_puzzle((CORPUS / "janko" / "760_40x58.txt").read_text())
    result = load(GENRES["masyu"].strategy("tamura").run)(big, time_limit=1e-9)
    assert (result.verdict, result.message) == (Verdict.UNKNOWN,
                                                "time limit reached while encoding")
    assert result.stats.clauses is None  # compiling stopped before a CNF existed


def test_lazy_looks_at_the_clock_between_pieces_of_the_cnf(monkeypatch):
    """A clock that moves one second per look, a 4.5 s limit and pieces of 100 cells: the
    run stops after a few pieces, long before the 900 cells' clauses are all built."""
    from pencilsat.core import clock
    from pencilsat.encodings.loops.degree import degree_clauses
    from pencilsat.encodings.loops.edges import GridEdges

    ticks = iter(range(10**6))
    for module in (masyu_lazy, clock):
        monkeypatch.setattr(module, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(masyu_lazy, "BUILD_BAND", 100)
    puzzle = masyu.MasyuPuzzle(np.zeros((30, 30), dtype=np.uint8))
    result = masyu_lazy.run(puzzle, time_limit=4.5)
    assert (result.verdict, result.message) == (Verdict.UNKNOWN,
                                                "time limit reached while encoding")
    # fewer clauses than the degree clauses alone: the clock was read inside the local rules
    degree = len(degree_clauses(GridEdges(puzzle.width, puzzle.height)))
    assert 0 < result.stats.clauses <= 5 * degree // 9


def test_lazy_built_in_pieces_gives_the_same_answer(monkeypatch):
    path = CORPUS / "janko" / "760_40x58.txt"
    whole = masyu_lazy.run(masyu.parse_puzzle(path.read_text()))
    monkeypatch.setattr(masyu_lazy, "BUILD_BAND", 37)
    pieces = masyu_lazy.run(masyu.parse_puzzle(path.read_text()))
    assert pieces.verdict == whole.verdict == Verdict.UNIQUE
    assert pieces.solution == whole.solution
    assert (pieces.stats.clauses, pieces.stats.extra["sat_calls"]) == (
        whole.stats.clauses, whole.stats.extra["sat_calls"])


def test_the_cnf_compiler_stops_at_a_passed_deadline():
    from time import perf_counter

    from pencilsat.backends.cnf import CnfCompiler
    from pencilsat.core.result import TimeLimitReached
    from pencilsat.encodings.masyu_tamura import build

    model = build(masyu.parse_puzzle((CORPUS / "seed_10x10.txt").read_text())).model
    with pytest.raises(TimeLimitReached):
        CnfCompiler(model, deadline=perf_counter() - 1)
    assert CnfCompiler(model, deadline=perf_counter() + 3600).clauses


def test_the_tamura_builder_stops_at_a_passed_deadline():
    """Building the CSP of a 40x58 takes about a second: the builder itself looks at the
    clock, and the run reports the encoding it was building."""
    from time import perf_counter

    from pencilsat.core.result import TimeLimitReached
    from pencilsat.encodings.masyu_tamura import build

    big = masyu.parse_puzzle((CORPUS / "janko" / "760_40x58.txt").read_text())
    with pytest.raises(TimeLimitReached):
        build(big, deadline=perf_counter() - 1)
    small = masyu.parse_puzzle((CORPUS / "seed_10x10.txt").read_text())
    assert build(small, deadline=perf_counter() + 3600).model.constraints
    result = load(GENRES["masyu"].strategy("tamura-log").run)(big, time_limit=1e-9)
    assert (result.verdict, result.stats.encoding) == (Verdict.UNKNOWN, "tamura-log")


def test_generous_time_limit_still_gives_the_verdict():
    puzzle = masyu.parse_puzzle((CORPUS / "seed_36x20.txt").read_text())
    for run in STRATEGIES.values():
        assert run(puzzle, time_limit=60).verdict == Verdict.UNIQUE


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_statistics_are_reported(strategy):
    puzzle = masyu.parse_puzzle((CORPUS / "seed_10x10.txt").read_text())
    stats = STRATEGIES[strategy](puzzle).stats
    assert stats.encoding == strategy
    assert stats.variables > 0 and stats.clauses > 0
    for figure in (stats.conflicts, stats.decisions, stats.propagations):
        assert figure is not None and figure >= 0
    for seconds in (stats.encode_s, stats.solve_s, stats.uniqueness_s):
        assert seconds is not None and seconds >= 0


def test_lazy_reports_its_cuts_and_sat_calls():
    puzzle = masyu.parse_puzzle((CORPUS / "seed_36x20.txt").read_text())
    extra = masyu_lazy.run(puzzle).stats.extra
    assert extra["sat_calls"] >= 2 and extra["cuts"] >= 1


def test_lazy_on_cadical_runs_without_restarts():
    """``CADICAL_OPTIONS`` is honoured: PySAT passes option names on without checking them, so
    a misspelt name would silently leave CaDiCaL's restarts on. The same puzzle with the
    options removed restarts, and both runs give a true answer. Without the settled shapes
    (``shapes=False``): they leave this puzzle too few conflicts for a restart."""
    import random

    from pencilsat.generators.masyu import pearls_for_loop, random_loop

    puzzle = pearls_for_loop(random_loop(40, 40, random.Random(7)))
    tuned = masyu_lazy.run(puzzle, sat_solver="cadical", settings=LazySettings(shapes=False))
    plain = masyu_lazy.run(puzzle, sat_solver="cadical",
                           settings=LazySettings(cadical_options={}, shapes=False))
    assert tuned.stats.conflicts > 20
    assert tuned.stats.extra["restarts"] == 0 < plain.stats.extra["restarts"]
    for result in (tuned, plain):
        assert masyu.check(puzzle, result.solution) == []


@pytest.mark.parametrize("cut", CUTS)
def test_every_cut_kind_gives_the_same_answer(cut):
    path = CORPUS / "seed_36x20.txt"
    assert_solves_to_file(lambda p: masyu_lazy.run(p, settings=LazySettings(cut=cut)), path)


def test_strategies_are_refused_on_the_other_backend():
    puzzle = _puzzle(ONE_PEARL)
    with pytest.raises(InputError, match="'lazy' runs on backend cnf, not 'cpsat'"):
        solve(puzzle, encoding="lazy", backend="cpsat")
    with pytest.raises(InputError, match="'circuit' runs on backend cpsat, not 'cnf'"):
        solve(puzzle, encoding="circuit", backend="cnf")


def test_unusable_sat_solvers_are_refused_by_name():
    with pytest.raises(InputError, match="'lingeling' cannot be used: it has no limited"):
        masyu_lazy.run(_puzzle(ONE_PEARL), sat_solver="lingeling")
    with pytest.raises(InputError, match="unknown SAT solver 'cadical999'"):
        solve(_puzzle(ONE_PEARL), sat_solver="cadical999")


def test_a_pysat_name_works_in_every_strategy():
    """One name table: ``cadical153`` is accepted by Masyu's lazy strategy as by Sudoku's."""
    result = solve(_puzzle(ONE_PEARL), sat_solver="cadical153")
    assert result.stats.sat_solver == "cadical153"


def test_registry_loads_both_and_defaults_to_lazy():
    masyu_entry = GENRES["masyu"]
    assert masyu_entry.default_strategy == "lazy"
    strategy, backend = masyu_entry.pick(None, None)
    assert (strategy.name, backend, load(strategy.run)) == ("lazy", "cnf", masyu_lazy.run)
    assert load(masyu_entry.strategy("circuit").run) is masyu_circuit.run


def test_choosing_only_the_cpsat_backend_picks_circuit():
    """``lazy`` runs on CNF only: ``--backend cpsat`` alone means the CP-SAT strategy, while
    a named strategy is kept (and refused on the wrong backend)."""
    assert GENRES["masyu"].pick(None, "cpsat")[0].name == "circuit"
    assert GENRES["masyu"].pick(None, "cnf")[0].name == "lazy"
    assert GENRES["lightup"].pick(None, "cpsat")[0].name == "csp"
    puzzle = masyu.parse_puzzle((CORPUS / "seed_10x10.txt").read_text())
    result = solve(puzzle, backend="cpsat")
    assert (result.verdict, result.stats.encoding) == (Verdict.UNIQUE, "circuit")
    with pytest.raises(InputError, match="on cpsat use --encoding circuit or tamura"):
        solve(puzzle, encoding="lazy", backend="cpsat")


@pytest.mark.parametrize("text", [NEEDS_CUTS, WHITE_IN_CORNER, ONE_PEARL],
                         ids=["needs-cuts", "corner", "one-pearl"])
def test_fast_strategies_agree_with_tamura_on_hand_made_puzzles(text):
    from pencilsat.strategies import masyu_tamura

    puzzle = _puzzle(text)
    reference = masyu_tamura.run(puzzle, backend="cnf", sat_solver=None, time_limit=None)
    for run in STRATEGIES.values():
        assert run(puzzle).verdict == reference.verdict


def test_fast_strategies_agree_with_tamura_on_small_janko():
    from pencilsat.strategies import masyu_tamura

    six = [p for p in JANKO if _size(p) == (6, 6)][::3]
    assert len(six) >= 5
    for path in six:
        puzzle = masyu.parse_puzzle(path.read_text())
        reference = masyu_tamura.run(puzzle, backend="cnf", sat_solver=None, time_limit=None)
        for run in STRATEGIES.values():
            result = run(puzzle)
            assert (result.verdict, result.solution) == (reference.verdict, reference.solution)
