"""The Sudoku batch path: exact verdicts, solutions the checker accepts, bad lines recorded."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS
from test_sudoku_solve import TATHAM, TDOKU, pattern_grid, verdict_for

from pencilsat.puzzles import sudoku as S
from pencilsat.strategies import sudoku_branching as branching
from pencilsat.strategies.sudoku_batch import GridSolver, solve_batch


def checked(line: str, solution: str) -> bool:
    p = S.parse_line(line)
    return S.check(p, S.SudokuSolution(S.parse_line(solution).clues)) == []


def assert_tdoku_records(records) -> None:
    """Each record has tdoku's stated count: none / unique with the stated solution /
    multiple with two valid, different grids."""
    for (line, count, sol), rec in zip(TDOKU, records, strict=True):
        assert rec["verdict"] == verdict_for(count), line
        if count == 1:
            assert rec["solution"] == sol
        if count > 1:
            assert checked(line, rec["solution"]) and checked(line, rec["second_solution"])
            assert rec["solution"] != rec["second_solution"]
        if count == 0:
            assert "solution" not in rec and "second_solution" not in rec


def test_tdoku_counts_on_the_batch_path():
    records = list(solve_batch(line for line, _, _ in TDOKU))
    assert [r["index"] for r in records] == list(range(len(TDOKU)))
    assert_tdoku_records(records)


@pytest.mark.parametrize("sat_solver", ["cadical153", "minisat", "glucose"])
def test_tatham_solutions_on_the_batch_path(sat_solver):
    records = list(solve_batch((line for line, _ in TATHAM), sat_solver=sat_solver))
    assert [r["verdict"] for r in records] == ["unique"] * len(TATHAM)
    assert [r["solution"] for r in records] == [sol for _, sol in TATHAM]


def test_royle_sample_is_unique_and_checked():
    lines = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()[::100]
    # no numpy branching, and renew often, to exercise the SAT path and its rebuild
    records = list(solve_batch(lines, renew=50, branching=False))
    for line, rec in zip(lines, records, strict=True):
        assert rec["verdict"] == "unique" and checked(line, rec["solution"])
    assert {r["stats"]["decided_by"] for r in records} == {"singles", "search"}


def test_singles_prefilter_changes_no_verdict():
    lines = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()[::250]
    lines += [line for line, _, _ in TDOKU]
    with_singles = list(solve_batch(lines))
    without = list(solve_batch(lines, singles=False))
    assert [r["verdict"] for r in with_singles] == [r["verdict"] for r in without]
    for a, b in zip(with_singles, without, strict=True):
        if a["verdict"] == "unique":
            assert a["solution"] == b["solution"]


def test_puzzles_forced_by_singles_are_decided_by_propagation_alone():
    lines = (CORPUS / "sudoku/tatham/trivial.txt").read_text().split()
    sols = (CORPUS / "sudoku/tatham/trivial.sol").read_text().split()
    grid = GridSolver(9)
    try:
        records = [grid.solve(line) for line in lines]
    finally:
        grid.close()
    assert [r["stats"]["decided_by"] for r in records] == ["propagation"] * len(lines)
    assert [(r["verdict"], r["solution"]) for r in records] == [("unique", s) for s in sols]


def test_invalid_lines_get_records_and_the_batch_goes_on():
    """Blank and ``#`` lines get no record (as on the line-by-line batch path, where they are
    skipped; here a comment was an 'invalid' Sudoku of its length); the indices stay line
    numbers."""
    good = TDOKU[0][0]
    lines = [good, "123", "", good.replace(".", "x", 1), good[:-1] + "#", "# week 12", "   ",
             good]
    records = list(solve_batch(lines))
    assert [r["index"] for r in records] == [0, 1, 3, 4, 7]
    assert [r["verdict"] for r in records] == ["unique", "invalid", "invalid", "invalid",
                                               "unique"]
    assert "81" in records[1]["reason"]
    assert "'x'" in records[2]["reason"] and "column 81" in records[3]["reason"]


def test_a_batch_file_may_start_with_a_byte_order_mark(tmp_path):
    from pencilsat.batch.inputs import read_batch_file

    path = tmp_path / "notepad.txt"
    path.write_bytes("\ufeff".encode() + (TDOKU[0][0] + "\r\n").encode() * 2)
    lines = read_batch_file(str(path))
    assert lines == [TDOKU[0][0]] * 2
    assert [r["verdict"] for r in solve_batch(lines)] == ["unique", "unique"]


def test_contradictory_clues_give_none():
    line = "11" + "." * 79
    assert next(solve_batch([line]))["verdict"] == "none"


def test_mixed_sizes_in_one_batch():
    full = pattern_grid(16)
    clues = full.copy()
    clues[np.random.default_rng(16).random((16, 16)) < 0.35] = 0
    four = "1.3." "3..." "...." "...1"
    records = list(solve_batch([S.format_line(clues), TDOKU[0][0], four]))
    assert records[0]["verdict"] == "unique"
    assert records[0]["solution"] == S.format_line(full)
    assert records[1]["verdict"] == "unique"
    assert records[2]["verdict"] in ("unique", "multiple") and checked(four, records[2]["solution"])


def test_time_limit_keeps_verdicts_exact():
    records = list(solve_batch((line for line, _, _ in TDOKU[:10]), time_limit=5.0))
    assert [r["verdict"] for r in records] == [verdict_for(c) for _, c, _ in TDOKU[:10]]


def test_unknown_sat_solver_is_refused():
    with pytest.raises(ValueError):
        next(solve_batch([TDOKU[0][0]], sat_solver="nope"))


def test_singles_decide_trivial_puzzles_and_contradictions():
    from pencilsat.strategies import sudoku_singles as singles

    trivial = (CORPUS / "sudoku/tatham/trivial.txt").read_text().split()
    sols = (CORPUS / "sudoku/tatham/trivial.sol").read_text().split()
    clash = "11" + "." * 79  # two 1s in row 0
    no_place = "123456789" + "." * 72  # fine: a full first row
    status, cand = singles.singles(singles.candidates(trivial + [clash, no_place]))
    assert status.tolist() == [singles.UNIQUE] * len(trivial) + [singles.NONE, singles.OPEN]
    assert singles.solution_strings(cand[: len(trivial)]) == sols


def test_chunks_keep_the_order(monkeypatch):
    import pencilsat.strategies.sudoku_batch as B

    monkeypatch.setattr(B, "CHUNK", 7)
    lines = [line for line, _, _ in TDOKU] + ["bad"]
    records = list(solve_batch(lines))
    assert [r["index"] for r in records] == list(range(len(lines)))
    assert [r["verdict"] for r in records[:-1]] == [verdict_for(c) for _, c, _ in TDOKU]
    assert records[-1]["verdict"] == "invalid"


NO_FALLBACK = (81, 10**9)
"""Branching caps no 9x9 puzzle reaches: every verdict comes from numpy."""


def test_tdoku_counts_by_numpy_branching_alone():
    records = list(solve_batch((line for line, _, _ in TDOKU), branch_caps=NO_FALLBACK))
    assert {r["stats"]["decided_by"] for r in records} <= {"singles", "branching"}
    assert "branching" in {r["stats"]["decided_by"] for r in records}
    assert_tdoku_records(records)


def test_count_solutions_directly_on_tdoku():
    from pencilsat.strategies import sudoku_singles as singles

    lines = [line for line, _, _ in TDOKU]
    status, cand = singles.singles(singles.candidates(lines))
    counted, first, second = branching.count_solutions(cand, *NO_FALLBACK)
    expect = {0: singles.NONE, 1: singles.UNIQUE}
    for k, (line, count, sol) in enumerate(TDOKU):
        if status[k] != singles.OPEN:
            continue
        assert counted[k] == expect.get(count, singles.MULTIPLE), line
        if count == 1:
            assert singles.solution_strings(first[k:k + 1]) == [sol]
        if count > 1:
            a, b = singles.solution_strings(np.stack([first[k], second[k]]))
            assert a != b and checked(line, a) and checked(line, b)


@pytest.mark.parametrize("name,step", [("royle_17clue.txt", 97), ("magictour_top1465.txt", 7)])
def test_numpy_branching_agrees_with_sat(name, step):
    lines = (CORPUS / "sudoku" / name).read_text().splitlines()[::step]
    numpy_only = list(solve_batch(lines, branch_caps=NO_FALLBACK))
    sat = list(solve_batch(lines, branching=False))
    assert "branching" in {r["stats"]["decided_by"] for r in numpy_only}
    assert {r["stats"]["decided_by"] for r in numpy_only} <= {"singles", "branching"}
    for a, b in zip(numpy_only, sat, strict=True):
        assert a["verdict"] == b["verdict"] == "unique"
        assert a["solution"] == b["solution"]


def test_branching_caps_hand_puzzles_to_sat():
    lines = (CORPUS / "sudoku/magictour_top1465.txt").read_text().splitlines()[:40]
    records = list(solve_batch(lines, branch_caps=(2, 2)))
    by = {r["stats"]["decided_by"] for r in records}
    assert "search" in by
    assert [r["verdict"] for r in records] == ["unique"] * len(lines)
    sat = list(solve_batch(lines, branching=False))
    assert [r["solution"] for r in records] == [r["solution"] for r in sat]


def test_branching_stops_at_two_solutions_under_default_caps():
    from pencilsat.strategies import sudoku_singles as singles

    many = [line for line, count, _ in TDOKU if count > 1]
    records = list(solve_batch(many))
    assert "branching" in {r["stats"]["decided_by"] for r in records}
    for line, rec in zip(many, records, strict=True):
        assert rec["verdict"] == "multiple"
        assert rec["solution"] != rec["second_solution"]
        assert checked(line, rec["solution"]) and checked(line, rec["second_solution"])
    empty = singles.candidates(["." * 81])  # too big a tree for one level: left open
    status, _, _ = branching.count_solutions(empty, max_levels=1)
    assert status.tolist() == [singles.OPEN]


def test_puzzles_dropped_by_the_row_cap_are_decided_again_as_alone(monkeypatch):
    """Past ``max_rows`` live branches the puzzles with the most are dropped; they are decided
    again in groups that fit, with the verdicts and answers each gets alone (before, they
    were left OPEN for the SAT search)."""
    from pencilsat.strategies import sudoku_singles as singles

    lines = (CORPUS / "sudoku/magictour_top1465.txt").read_text().splitlines()[:200]
    multiples = [line for line, count, _ in TDOKU if count > 1 and len(line) == 81][:6]
    status, cand = singles.singles(singles.candidates(lines + multiples))
    capped = branching.decide(cand, 40, 64, max_rows=300)
    full = branching.decide(cand, 40, 64, max_rows=10**7)
    for a, b in zip(capped, full, strict=True):
        assert (a == b).all()
    assert (full[0][:200] == singles.UNIQUE).all()
    assert singles.MULTIPLE in full[0][200:].tolist()
    dropped: list[int] = []  # the cap did drop puzzles: the first pass alone leaves them open
    monkeypatch.setattr(branching, "_decide_again",
                        lambda cand, at, *rest: dropped.extend(at.tolist()))
    first_pass = branching.decide(cand, 40, 64, max_rows=300)[0]
    assert 0 < len(dropped) < len(cand)
    assert (first_pass[dropped] == singles.OPEN).all()


def test_the_answers_to_a_multiple_do_not_depend_on_the_puzzles_before_it():
    """Workers split a batch as they like: a puzzle's two answers must be the ones it gets
    alone, not ones shaped by what the shared solver learnt from earlier puzzles."""
    multiples = [line for line, count, _ in TDOKU if count > 1]
    others = [line for line, count, _ in TDOKU if count <= 1 and len(line) == 81]
    alone = {line: next(solve_batch([line], branching=False)) for line in multiples}
    after_others = list(solve_batch(others + multiples, branching=False))[len(others):]
    for line, rec in zip(multiples, after_others, strict=True):
        assert rec["verdict"] == "multiple"
        assert (rec["solution"], rec["second_solution"]) == (
            alone[line]["solution"], alone[line]["second_solution"])


def test_decide_without_branching_is_singles_alone():
    from pencilsat.strategies import sudoku_singles as singles

    lines = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()[:60]
    status, first, _, branched = branching.decide(singles.candidates(lines), branching=False)
    alone, cand = singles.singles(singles.candidates(lines))
    assert not branched.any()
    assert status.tolist() == alone.tolist()
    assert {singles.UNIQUE, singles.OPEN} <= set(status.tolist())
    unique = status == singles.UNIQUE
    assert (first[unique] == cand[unique]).all()
    counted, _, _, split = branching.decide(singles.candidates(lines))
    assert (counted == singles.UNIQUE).all()
    assert (split == (status == singles.OPEN)).all()


def test_lanes_change_no_answer(monkeypatch):
    """Rounds run lane by lane (whole puzzles per lane, cut and joined as the branches grow
    and die): the verdicts, both answers of a multiple and the caps' choices must be those
    of one lane, and a multiple's answers those it gets alone."""
    from pencilsat.strategies import sudoku_singles as singles

    hard = (CORPUS / "sudoku/magictour_top1465.txt").read_text().splitlines()[:12]
    multiples = [line for line, count, _ in TDOKU if count > 1 and len(line) == 81][:8]
    lines = hard + [line for line, _, _ in TDOKU if len(line) == 81]
    cand = singles.candidates(lines)
    monkeypatch.setattr(branching, "LANE", 10**6)
    one_lane = [branching.decide(cand, 81, 40, max_rows=2000)[k] for k in range(4)]
    monkeypatch.setattr(branching, "LANE", 48)  # many lanes: cut, joined, emptied
    cut = [branching.decide(cand, 81, 40, max_rows=2000)[k] for k in range(4)]
    for a, b in zip(one_lane, cut, strict=True):
        assert (a == b).all()
    assert {singles.UNIQUE, singles.MULTIPLE, singles.OPEN} <= set(one_lane[0].tolist())
    compared = 0
    for line in multiples:
        k = lines.index(line)
        alone = branching.decide(singles.candidates([line]), 81, 40)
        assert alone[0][0] == cut[0][k]
        if cut[0][k] == singles.MULTIPLE:
            compared += 1
            assert (alone[1][0] == cut[1][k]).all() and (alone[2][0] == cut[2][k]).all()
    assert compared


def test_the_branching_placing_table_is_each_cells_digit_and_its_peers():
    """Built without ``np.setdiff1d`` (whose ``np.unique`` imports numpy.ma in every worker),
    from each cell's houses found in one comparison: the digit's bit at the cell, the digit
    taken from its 20 peers, every digit elsewhere."""
    from pencilsat.strategies.sudoku_singles import CELL_HOUSES, FULL, HOUSES

    for cell in range(81):
        assert CELL_HOUSES[cell].tolist() == [h for h in range(27) if cell in HOUSES[h]]
        peers = set(HOUSES[CELL_HOUSES[cell]].ravel().tolist()) - {cell}
        assert len(peers) == 20
        for digit in range(9):
            column = branching._PLACING[:, cell * 9 + digit]
            assert column[cell] == 1 << digit
            others = [column[n] for n in range(81) if n != cell]
            wanted = [FULL ^ (1 << digit) if n in peers else FULL for n in range(81) if n != cell]
            assert others == wanted
