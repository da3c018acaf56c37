"""Helpers for the Masyu grader tests: corpus puzzles graded and checked against their solution,
and hand-built boards that are checked against a unique solution.

A board is a full puzzle (pearl rows) whose unique solution is found by the default solver
(and checked by the rule checker); the grader state is that puzzle plus some borders decided
by hand, and every decided border must agree with the solution, so the state is one a solver
could really reach. A technique's deduction on it is then checked against the solution too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from conftest import CORPUS as CORPUS_ROOT

from pencilsat.grading.masyu.context import WINDOW_ALL, WINDOW_SHORT, Context
from pencilsat.grading.masyu.engine import MasyuGrade, grade_masyu
from pencilsat.grading.masyu.state import OPEN, PASSED, Geometry, MasyuState
from pencilsat.puzzles.masyu import (
    MasyuPuzzle,
    MasyuSolution,
    check,
    parse_puzzle,
    parse_solution,
)
from pencilsat.strategies.front import solve

CORPUS = CORPUS_ROOT / "masyu"


def puzzle_of(rows: list[str]) -> MasyuPuzzle:
    return parse_puzzle(f"masyu {len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")


def unique_solution(rows: list[str]) -> MasyuSolution:
    """The puzzle's solution, asserting that it is unique and obeys the rules."""
    puzzle = puzzle_of(rows)
    result = solve(puzzle)
    assert result.verdict == "unique", f"hand-built board is {result.verdict}"
    assert check(puzzle, result.solution) == []
    return result.solution


def state_on(rows: list[str], solution: MasyuSolution, passed=(), blocked=(),
             paths=()) -> MasyuState:
    """The puzzle with the given borders decided (paths: runs of passed cells); asserts that
    every decided border agrees with ``solution``."""
    st = MasyuState(Geometry(puzzle_of(rows)))
    passed = list(passed)
    for path in paths:
        passed += list(zip(path, path[1:], strict=False))
    for a, b in passed:
        st.set_edge(eid(st, a, b), PASSED)
    for a, b in blocked:
        st.set_edge(eid(st, a, b), -1)
    assert not st.contradiction
    g = st.g
    for e in range(1, g.edges):
        if st.val[e] != OPEN:
            a, b = (g.rc(x) for x in g.edge_cells[e])
            assert ((a, b) in solution.edges) == (st.val[e] == PASSED), (a, b)
    return st


def eid(st: MasyuState, a, b) -> int:
    g = st.g
    i, j = a[0] * g.width + a[1], b[0] * g.width + b[1]
    return g.eid[i][g.direction(i, j)]


def sets(st: MasyuState, ded) -> set:
    """A deduction's borders as {((r1, c1), (r2, c2), used)}."""
    assert ded is not None, "the technique did not fire"
    out = set()
    for e, v in ded.sets:
        a, b = st.g.edge_cells[e]
        out.add((st.g.rc(a), st.g.rc(b), v == PASSED))
    return out


def agrees(found: set, solution: MasyuSolution) -> bool:
    return all(((a, b) in solution.edges) == used for a, b, used in found)


def ctx(st: MasyuState, level: int = 3) -> Context:
    return Context(st, level, WINDOW_ALL if level == 3 else WINDOW_SHORT)


def dims(path: Path) -> tuple[int, int]:
    """(width, height) from a corpus file's header."""
    _, w, h = path.read_text().split("\n", 1)[0].split()
    return int(w), int(h)


def corpus_puzzles() -> list[Path]:
    """Every Masyu of the corpus that has a solution file, sorted."""
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*.txt") if p.with_suffix(".sol").exists())


@cache
def graded(path: Path) -> MasyuGrade:
    """The grade of a corpus puzzle, made once per test session: the soundness and log tests
    read the same grades (the grader is deterministic)."""
    return grade_masyu(parse_puzzle(path.read_text(), name=path.name))


def grade_and_check(path: Path) -> MasyuGrade:
    """Grade a corpus puzzle, asserting that every step agrees with its stored solution."""
    solution = parse_solution(path.with_suffix(".sol").read_text())
    grade = graded(path)
    wrong = [s for s in grade.steps if not s.agrees_with(solution)]
    assert not wrong, f"{path.name}: {wrong[0].technique} contradicts the solution: {wrong[0].text}"
    return grade
