"""Tamura's reference encoding on both backends: seed puzzles, janko agreement, verdicts."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS, corpus_pairs, every_kth

from pencilsat.puzzles import masyu as M
from pencilsat.strategies.front import solve

BACKENDS = ["cnf", "cpsat"]


def load(txt, sol=None):
    p = M.parse_puzzle(txt.read_text())
    return p, (M.parse_solution(sol.read_text()) if sol else None)


def grid(rows: list[str]) -> M.MasyuPuzzle:
    return M.parse_puzzle(f"masyu {len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")


@pytest.mark.parametrize(("size", "backend"),
                         [("10x10", "cnf"), ("10x10", "cpsat"), ("36x20", "cpsat")])
def test_seed_puzzles_are_unique_with_the_printed_solution(backend, size):
    """The 36x20 on CNF (minutes under load) is left to ``benchmarks/masyu_tamura.py``: the
    10x10 and the janko sample below take Tamura's CNF through the same clauses."""
    p, sol = load(CORPUS / f"masyu/seed_{size}.txt", CORPUS / f"masyu/seed_{size}.sol")
    r = solve(p, encoding="tamura", backend=backend)
    assert r.verdict == "unique"
    assert M.check(p, r.solution) == []
    assert r.solution == sol
    assert r.stats.variables and r.stats.clauses and r.stats.encode_s is not None


@pytest.mark.parametrize("sat_solver", ["glucose", "minisat"])
def test_other_sat_solvers(sat_solver):
    p, sol = load(CORPUS / "masyu/seed_10x10.txt", CORPUS / "masyu/seed_10x10.sol")
    r = solve(p, encoding="tamura", backend="cnf", sat_solver=sat_solver)
    assert (r.verdict, r.solution, r.stats.sat_solver) == (
        "unique", sol, {"glucose": "glucose4", "minisat": "minisat22"}[sat_solver])
    assert r.stats.conflicts is not None and r.stats.propagations is not None


JANKO = every_kth(corpus_pairs("masyu/janko", max_cells=100), 1)


def test_enough_small_janko_puzzles():
    assert len(JANKO) >= 30


@pytest.mark.parametrize("txt,sol", every_kth(JANKO, max(1, len(JANKO) // 10)),
                         ids=lambda p: p.stem if hasattr(p, "stem") else None)
def test_backends_agree_on_janko(txt, sol):
    p, expected = load(txt, sol)
    verdicts = []
    for backend in BACKENDS:
        r = solve(p, encoding="tamura", backend=backend)
        assert M.check(p, r.solution) == []
        verdicts.append(r.verdict)
        if r.verdict == "unique":
            assert r.solution == expected
        else:  # a janko puzzle with several answers: the stored one must be one of them
            assert r.verdict == "multiple"
            assert M.check(p, r.second_solution) == []
    assert verdicts[0] == verdicts[1]


@pytest.mark.parametrize("backend", BACKENDS)
def test_no_solution(backend):
    r = solve(grid(["B.", ".."]), encoding="tamura", backend=backend)
    assert r.verdict == "none" and r.solution is None


@pytest.mark.parametrize("backend", BACKENDS)
def test_several_solutions_give_a_valid_different_second(backend):
    p = grid([".W.", "...", "..."])
    r = solve(p, encoding="tamura", backend=backend)
    assert r.verdict == "multiple"
    assert M.check(p, r.solution) == [] and M.check(p, r.second_solution) == []
    assert r.solution != r.second_solution
    assert r.differences == r.solution.differing_cells(r.second_solution) != []


def test_time_limit_is_honoured_as_unknown():
    p = M.MasyuPuzzle(np.zeros((14, 14), dtype=np.uint8))
    r = solve(p, encoding="tamura", backend="cnf", time_limit=0.01)
    assert r.verdict in ("unknown", "multiple")
    if r.verdict == "unknown":
        assert r.message


def test_log_encoded_numbers_give_the_same_answer():
    p, sol = load(CORPUS / "masyu/seed_10x10.txt", CORPUS / "masyu/seed_10x10.sol")
    order = solve(p, encoding="tamura", backend="cnf")
    log = solve(p, encoding="tamura-log", backend="cnf")
    assert (log.verdict, log.solution) == ("unique", sol)
    assert log.stats.clauses < order.stats.clauses
    r = solve(grid([".W.", "...", "..."]), encoding="tamura-log")
    assert r.verdict == "multiple" and M.check(r.puzzle, r.second_solution) == []
