"""Each family of measures on puzzles whose values are known: the baselines count cells and
givens; unit propagation alone solves Tatham's trivial and basic Sudoku (level 0) and none
above (Tatham's higher levels need more than singles); a grid missing one digit costs a CDCL
solver no conflict; the CDCL figures are the same on every run; Masyu gets the lazy
strategy's SAT calls and CDCL figures on Tamura's complete model."""

from __future__ import annotations

import pytest
from conftest import CORPUS

from pencilsat.api import read_puzzle
from pencilsat.core.registry import genre_of, load
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.sudoku import build_clauses
from pencilsat.puzzles.sudoku import parse_line
from pencilsat.study.effort import cdcl_effort
from pencilsat.study.hierarchy import hierarchy
from pencilsat.study.measures import MeasureSettings, baselines, measure

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
ONE_MISSING = "." + SOLVED[1:]


def test_baselines_count_cells_givens_and_their_density():
    values = baselines(parse_line(ONE_MISSING))
    assert values == {"size.cells": 81.0, "size.givens": 80.0, "size.density": 80 / 81}
    masyu = read_puzzle(str(CORPUS / "masyu" / "tatham" / "10x10-easy" / "s001.txt"))
    pearls = int((masyu.pearls > 0).sum())
    assert baselines(masyu)["size.givens"] == pearls
    lightup_file = CORPUS / "lightup" / "tatham" / "10x10-easy" / "s001.txt"
    walls = sum(ch != "." for row in lightup_file.read_text().splitlines()[1:] for ch in row)
    assert baselines(read_puzzle(str(lightup_file)))["size.givens"] == walls


@pytest.mark.parametrize("level", ["trivial", "basic", "intermediate", "advanced", "extreme",
                                   "unreasonable"])
def test_unit_propagation_solves_exactly_tathams_trivial_and_basic_sudoku(level):
    lines = (CORPUS / "sudoku" / "tatham" / f"{level}.txt").read_text().split()[::5]
    levels = {hierarchy(build_clauses(parse_line(line))).level for line in lines}
    assert levels == ({0} if level in ("trivial", "basic") else {1})


def test_a_grid_missing_one_digit_costs_no_conflict():
    means, notes = cdcl_effort(build_clauses(parse_line(ONE_MISSING)), shuffles=3)
    assert notes == []
    assert means["cdcl.minisat.solve.conflicts"] == 0
    assert means["cdcl.cadical.solve.conflicts"] == 0


def test_cdcl_figures_are_the_same_on_every_run():
    line = (CORPUS / "sudoku" / "tatham" / "unreasonable.txt").read_text().split()[0]
    encoding = build_clauses(parse_line(line))
    first, _ = cdcl_effort(encoding, shuffles=4)
    assert first == cdcl_effort(encoding, shuffles=4)[0]
    assert len(first) == 12  # 2 solvers x 2 phases x 3 figures


def test_cdcl_effort_refuses_an_encoding_without_one_answer():
    two = ClauseEncoding("two", 2, [[1, 2]], [1, 2], lambda true: true)
    with pytest.raises(ValueError, match="multiple"):
        cdcl_effort(two, shuffles=1)


def test_masyu_has_lazy_sat_calls_tamura_cdcl_and_the_loop_hierarchy():
    puzzle = read_puzzle(str(CORPUS / "masyu" / "tatham" / "10x10-tricky" / "s001.txt"))
    found = measure(puzzle, MeasureSettings(shuffles=1, cpsat=False, grader=False))
    assert found.reason is None
    names = found.measures
    assert names["default.sat_calls"] >= 1
    assert "cdcl.cadical.prove.conflicts" in names
    assert names["gup.level"] in (0.0, 1.0, 2.0)
    assert 0.0 <= names["gup.up_share"] <= 1.0
    assert genre_of(puzzle).rule_cnf is not None
    rules = load(genre_of(puzzle).rule_cnf)(puzzle)
    assert rules.loop is not None  # the single-loop rule is the propagator's


def test_the_grader_gives_its_level_steps_and_technique_counts():
    line = (CORPUS / "sudoku" / "tatham" / "extreme.txt").read_text().split()[0]
    found = measure(parse_line(line), MeasureSettings(shuffles=1, cpsat=False))
    names = found.measures
    assert names["grade.level"] in (1.0, 2.0, 3.0)
    assert names["grade.steps"] == sum(v for k, v in names.items()
                                       if k.startswith("grade.technique."))
    assert any(k.startswith("grade.steps.level") for k in names)
