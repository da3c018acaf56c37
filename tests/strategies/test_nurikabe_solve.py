"""Nurikabe on both backends: janko agreement, verdicts, time limits, the encoding's reach,
and the command line end to end."""

from __future__ import annotations

import json
from time import perf_counter, process_time

import numpy as np
import pytest
from conftest import CORPUS, corpus_pairs, every_kth
from nurikabe_support import grid

from pencilsat.cli import main
from pencilsat.core.registry import GENRES
from pencilsat.encodings.nurikabe import NurikabeSettings, build, island_reach
from pencilsat.puzzles import nurikabe as N
from pencilsat.strategies.front import solve
from pencilsat.strategies.nurikabe import run_cnf, run_cpsat

JANKO = corpus_pairs("nurikabe/janko", max_cells=20 * 20)
QUESTION_MARKS = CORPUS / "nurikabe" / "janko" / "758_11x11.txt"


def load(txt, sol):
    return N.parse_puzzle(txt.read_text(), txt.stem), N.parse_solution(sol.read_text())


def assert_unique_and_stored(puzzle, expected, **options):
    result = solve(puzzle, **options)
    assert result.verdict == "unique", (puzzle.name, result.message)
    assert result.solution == expected, puzzle.name


def test_corpus_is_there():
    assert len(JANKO) > 800


def test_janko_sample_is_unique_with_the_stored_solution_on_cnf():
    for txt, sol in every_kth(JANKO, 25):
        assert_unique_and_stored(*load(txt, sol), backend="cnf")


def test_janko_sample_is_unique_with_the_stored_solution_on_cpsat():
    for txt, sol in every_kth(JANKO, 100):
        assert_unique_and_stored(*load(txt, sol), backend="cpsat")


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_question_mark_islands_take_any_size(backend):
    txt = QUESTION_MARKS
    assert_unique_and_stored(*load(txt, txt.with_suffix(".sol")), backend=backend)


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_two_ways_give_multiple_with_a_valid_second_and_the_differences(backend):
    puzzle = grid("2 .", ". .")
    result = solve(puzzle, backend=backend)
    assert result.verdict == "multiple"
    assert N.check(puzzle, result.solution) == [] == N.check(puzzle, result.second_solution)
    assert result.differences == result.solution.differing_cells(result.second_solution)
    assert result.differences


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_a_question_mark_alone_has_many_answers(backend):
    puzzle = grid("? . .", ". . .", ". . .")
    result = solve(puzzle, backend=backend)
    assert result.verdict == "multiple" and result.differences


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
@pytest.mark.parametrize(("rows", "why"), [
    (("1 1 .",), None),  # two islands would touch
    (("4 .", ". 1"), "add up to 5"),  # more island cells than the grid has
    ((". 1 .",), None),  # the wall falls apart
])
def test_no_solution(backend, rows, why):
    result = solve(grid(*rows), backend=backend)
    assert result.verdict == "none" and result.solution is None
    if why:
        assert why in result.message


def test_islands_too_big_for_layers_are_connected_by_cuts():
    for txt, sol in every_kth(JANKO[:600], 60):
        puzzle, expected = load(txt, sol)
        result = run_cnf(puzzle, settings=NurikabeSettings(layers_up_to=0))
        assert result.verdict == "unique" and result.solution == expected, puzzle.name


@pytest.mark.parametrize("run", [run_cnf, run_cpsat])
def test_without_wall_pointers_the_cuts_do_it_all(run):
    for txt, sol in every_kth(JANKO[:500], 100):
        puzzle, expected = load(txt, sol)
        result = run(puzzle, settings=NurikabeSettings(wall_pointers=False))
        assert result.verdict == "unique" and result.solution == expected, puzzle.name


@pytest.mark.parametrize("presolve", [False, True])
def test_cpsat_presolve_is_off_by_default_and_either_way_proves(presolve):
    for txt, sol in every_kth(JANKO, 200):
        puzzle, expected = load(txt, sol)
        result = run_cpsat(puzzle, presolve=presolve)
        assert result.verdict == "unique" and result.solution == expected, puzzle.name
        assert result.stats.extra["presolve"] == int(presolve)
    assert run_cpsat(puzzle).stats.extra["presolve"] == 0


def test_reach_keeps_away_from_other_numbers_and_within_the_size():
    puzzle = grid("3 . . .", ". . . 2")
    first, second = island_reach(puzzle)
    # (0, 3) and (1, 2) touch the 2: the 3 cannot use them
    assert set(first) == {0, 1, 2, 4, 5} and first[2] == 2
    assert set(second) == {7, 3, 6}
    assert all(d < 3 for d in first.values())


def test_cells_no_island_reaches_are_shaded():
    encoding = build(grid("1 . .", ". . .", ". . 1"))
    assert [2] in encoding.clauses  # (0, 1): a 1 has no room for it


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_the_time_limit_stops_the_encoding_of_a_big_grid(backend):
    numbers = np.zeros((100, 100), dtype=np.int32)
    numbers[5::10, 5::10] = 30  # a hundred islands of 30, each with thousands of layers
    started = process_time()  # CPU: a busy machine stretches the wall, not the work
    result = solve(N.NurikabePuzzle(numbers), backend=backend, time_limit=0.5)
    assert result.verdict == "unknown" and "encoding" in result.message
    assert process_time() - started < 3


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_the_time_limit_stops_the_search(backend):
    # four huge islands on 10x10 (janko 753): minutes of search for both backends
    puzzle = N.parse_puzzle((CORPUS / "nurikabe" / "janko" / "753_10x10.txt").read_text())
    started, cpu = perf_counter(), process_time()
    result = solve(puzzle, backend=backend, time_limit=1.0)
    # the phase it stops in depends on the machine's load (a loaded one may still be
    # encoding at 1 s); the CPU spent does not stretch with the load, the wall does
    assert result.verdict == "unknown" and result.message.startswith("time limit reached")
    assert process_time() - cpu < 4
    assert perf_counter() - started < 60


def test_the_registry_picks_cnf_by_default_and_the_cpsat_strategy_on_cpsat():
    entry = GENRES["nurikabe"]
    assert entry.pick(None, None)[0].name == "lazy"
    assert entry.pick(None, "cpsat")[0].name == "lazy-cpsat"


def test_stats_count_the_calls_and_cuts():
    txt, sol = every_kth(JANKO, 25)[-1]
    result = solve(load(txt, sol)[0])
    assert result.stats.extra["sat_calls"] >= 2 and "cuts" in result.stats.extra


# ------------------------------------------------------------------ the command line


def test_cli_solve_json_verify_and_convert(tmp_path, capsys):
    txt = CORPUS / "nurikabe" / "janko" / "01_10x10.txt"
    assert main(["solve", str(txt), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["genre"] == "nurikabe" and data["verdict"] == "unique"
    assert data["solution"] == txt.with_suffix(".sol").read_text().split()[3:]
    rows = tmp_path / "rows.sol"
    rows.write_text("nurikabe-solution 10 10\n" + "\n".join(data["solution"]) + "\n")
    assert main(["verify", str(txt), str(rows)]) == 0
    assert "valid" in capsys.readouterr().out
    broken = data["solution"][:-1] + ["#" * 10]
    rows.write_text("nurikabe-solution 10 10\n" + "\n".join(broken) + "\n")
    assert main(["verify", str(txt), str(rows)]) == 1
    assert "shaded-2x2" in capsys.readouterr().out
    assert main(["convert", str(txt), "--to", "url"]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("https://puzz.link/p?nurikabe/10/10/")
    assert main(["convert", url, "--to", "text"]) == 0
    assert capsys.readouterr().out == txt.read_text()


def test_cli_solve_draws_text_and_svg(tmp_path, capsys):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text("nurikabe 2 2\n2 .\n. .\n")
    svg = tmp_path / "two.svg"
    assert main(["solve", str(puzzle), "--svg", str(svg), "--backend", "cpsat"]) == 1
    assert "multiple" in capsys.readouterr().out
    assert 'class="difference"' in svg.read_text()


def test_cpsat_takes_a_small_walls_total_as_clauses_and_others_as_a_sum():
    from pencilsat.strategies.nurikabe import CPSAT_SETTINGS, _cpsat_model

    small = N.parse_puzzle((CORPUS / "nurikabe" / "janko" / "753_10x10.txt").read_text())
    encoding = build(small, settings=CPSAT_SETTINGS)
    wall = [count for count in encoding.sizes if list(count[0]) == encoding.answer]
    assert len(wall) == 1
    moved = _cpsat_model(encoding, small_wall=True)
    assert wall[0] not in moved.counts and len(moved.counts) == len(encoding.sizes) - 1
    assert len(moved.clauses) > len(encoding.clauses) and moved.num_vars > encoding.num_vars
    kept = _cpsat_model(encoding, small_wall=False)
    assert list(kept.counts) == encoding.sizes and kept.clauses == encoding.clauses
