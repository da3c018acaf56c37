"""For all three genres at once: every step of every grade on a corpus sample agrees with the
puzzle's unique solution (read by the test from the corpus, never by the grader), checked
through the one step contract, ``Step.agrees_with``, and independently of it."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.registry import GENRES
from pencilsat.formats.detect import read_input
from pencilsat.grading.front import grader_for
from pencilsat.grading.steps import Border, Digit, Step
from pencilsat.puzzles import lightup, masyu
from pencilsat.puzzles.sudoku import SudokuSolution, parse_line

Solution = masyu.MasyuSolution | SudokuSolution | lightup.LightUpSolution

GRADED = [name for name, entry in GENRES.items() if entry.grader]
"""The genres with a grader, from the registry."""


def _files(folder: str, every: int, max_cells: int) -> list[tuple[str, Path]]:
    out = []
    for txt in sorted((CORPUS / folder).rglob("*.txt")):
        _, w, h = txt.read_text().split("\n", 1)[0].split()[:3]
        if txt.with_suffix(".sol").exists() and int(w) * int(h) <= max_cells:
            out.append(txt)
    return [(folder.split("/")[0], p) for p in out[::every]]


def _sudokus() -> list[tuple[str, str]]:
    out = []
    for level in ("basic", "advanced", "unreasonable"):
        puzzles = (CORPUS / "sudoku/tatham" / f"{level}.txt").read_text().split()
        answers = (CORPUS / "sudoku/tatham" / f"{level}.sol").read_text().split()
        out += list(zip(puzzles, answers, strict=True))[::12]
    with open(CORPUS / "sudoku/kaggle_radcliffe_curated5000.tsv", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return out + [(r["puzzle"], r["solution"]) for r in rows[::500]]


CASES = (_files("masyu/janko", 20, 100) + _files("masyu/tatham", 20, 200)
         + _files("lightup/janko", 60, 400) + _files("lightup/tatham", 20, 400)
         + [("sudoku", line) for line in _sudokus()])


def _puzzle_and_solution(genre: str, case: Path | tuple[str, str]):
    if genre == "sudoku":
        assert isinstance(case, tuple)
        grid = np.array([int(ch) for ch in case[1]]).reshape(9, 9)
        return parse_line(case[0]), SudokuSolution(grid)
    assert isinstance(case, Path)
    module = masyu if genre == "masyu" else lightup
    return read_input(str(case)), module.parse_solution(case.with_suffix(".sol").read_text())


def _independent_check(step: Step, solution: Solution) -> bool:
    """The facts against the solution, written out without ``Step.agrees_with``."""
    if isinstance(solution, masyu.MasyuSolution):
        used = {frozenset(edge) for edge in solution.edges}
        return all((frozenset((a, b)) in used) == u for a, b, u in step.edges)
    if isinstance(solution, SudokuSolution):
        return all(solution.grid[r][c] == d for r, c, d in step.placements)
    bulbs = solution.bulbs
    return (all(cell in bulbs for cell in step.bulbs)
            and all(cell not in bulbs for cell in step.no_bulb)
            and (not step.exactly_one_bulb
                 or sum(cell in bulbs for cell in step.exactly_one_bulb) == 1))


def test_the_sample_covers_every_genre():
    genres = [genre for genre, _ in CASES]
    assert min(genres.count(g) for g in GRADED) >= 15


@pytest.mark.parametrize(("genre", "case"), CASES,
                         ids=[f"{g}-{c.stem if isinstance(c, Path) else k}"
                              for k, (g, c) in enumerate(CASES)])
def test_every_step_agrees_with_the_unique_solution(genre, case):
    puzzle, solution = _puzzle_and_solution(genre, case)
    grade = grader_for(genre)(puzzle)
    assert grade.steps
    for step in grade.steps:
        assert step.agrees_with(solution), step.text
        assert _independent_check(step, solution), step.text


def _wrong(step: Step) -> Step:
    """The step with its first fact turned into a falsehood."""
    if step.edges:
        a, b, used = step.edges[0]
        return replace(step, edges=(Border(a, b, not used), *step.edges[1:]))
    if step.placements:
        r, c, d = step.placements[0]
        return replace(step, placements=(Digit(r, c, d % 9 + 1), *step.placements[1:]))
    if step.bulbs:
        return replace(step, bulbs=(), no_bulb=step.bulbs[:1])
    if step.no_bulb:
        return replace(step, bulbs=step.no_bulb[:1], no_bulb=())
    return replace(step, no_bulb=step.exactly_one_bulb)  # the pair does hold a light


@pytest.mark.parametrize("genre", GRADED)
def test_a_step_with_one_false_fact_does_not_agree(genre):
    """The check is not vacuous: turn one fact of each step false and it fails."""
    case = next(c for g, c in CASES if g == genre)
    puzzle, solution = _puzzle_and_solution(genre, case)
    steps = grader_for(genre)(puzzle).steps
    assert steps and not any(_wrong(s).agrees_with(solution) for s in steps)


def test_a_step_is_checked_only_against_its_own_genre():
    step = Step("masyu", "AKIMSKETU", "why", level=1, edges=(Border((0, 0), (0, 1), True),))
    with pytest.raises(ValueError, match="masyu step"):
        step.agrees_with(SudokuSolution(np.zeros((9, 9), dtype=int)))
