"""Helpers for the Sudoku grader tests: the corpus sets with their solutions, a fixed graded
sample shared by the test files, and the soundness check of a grade."""

from __future__ import annotations

import csv
from functools import cache

from conftest import CORPUS as CORPUS_ROOT
from sudoku_backtrack import solutions

from pencilsat.grading.sudoku.engine import SudokuGrade, grade_sudoku
from pencilsat.puzzles.sudoku import parse_line

CORPUS = CORPUS_ROOT / "sudoku"
TATHAM_LEVELS = ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"]


def tatham(level: str) -> list[tuple[str, str]]:
    puzzles = (CORPUS / "tatham" / f"{level}.txt").read_text().split()
    answers = (CORPUS / "tatham" / f"{level}.sol").read_text().split()
    return list(zip(puzzles, answers, strict=True))


def tsv(name: str) -> list[dict[str, str]]:
    with open(CORPUS / name, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def with_backtracked_solution(puzzles: list[str]) -> list[tuple[str, str]]:
    out = []
    for p in puzzles:
        found = solutions(p, limit=1)
        out.append((p, found[0]))
    return out


def sample() -> list[tuple[str, str]]:
    """Deterministic sample: every 4th Tatham puzzle, every 20th of top95, every 16th of the
    SE-rated 160 (those two are the hard ones, half a second each to grade and to backtrack),
    every 100th Radcliffe puzzle, every unique tdoku test puzzle."""
    out: list[tuple[str, str]] = []
    for level in TATHAM_LEVELS:
        out += tatham(level)[::4]
    top95 = (CORPUS / "norvig_top95.txt").read_text().split()
    out += with_backtracked_solution(top95[::20])
    se = [row["puzzle"] for row in tsv("sudoku_exchange_diabolical_se_sample160.tsv")]
    out += with_backtracked_solution(se[::16])
    out += [(row["puzzle"], row["solution"])
            for row in tsv("kaggle_radcliffe_curated5000.tsv")[::100]]
    for line in (CORPUS / "tdoku_test_puzzles.tsv").read_text().splitlines():
        fields = line.split("\t")
        if fields[1] == "1":
            out.append((fields[0], fields[2]))
    return out


def assert_sound(puzzle: str, answer: str, grade: SudokuGrade) -> None:
    """Every placement agrees with the unique solution; a finished grid is the solution."""
    for step in grade.steps:
        for r, c, d in step.placements:
            assert int(answer[r * 9 + c]) == d, f"{step.technique}: {step.text} ({puzzle})"
    if grade.finished:
        assert "".join(map(str, grade.extras.grid)) == answer
    placed = sum(len(s.placements) for s in grade.steps)
    assert placed == sum(1 for ch in puzzle if ch in ".0") - grade.extras.grid.count(0)


@cache
def graded_sample() -> list[tuple[str, str, SudokuGrade]]:
    """(puzzle, solution, grade) for every puzzle of :func:`sample`, graded once per run."""
    return [(p, a, grade_sudoku(parse_line(p))) for p, a in sample()]
