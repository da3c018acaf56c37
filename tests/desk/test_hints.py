"""``grade --next``: the next human step from a partly solved grid agrees with the unique
solution (brute force on small puzzles, the corpus solution on janko puzzles at every stage
of their grade), a wrong partial grid gets its mistakes, a solved one is finished."""

from __future__ import annotations

import pytest
from brute_force import all_solutions, random_puzzles
from conftest import CORPUS, corpus_pairs, every_kth

from pencilsat.api import parse_puzzle, read_puzzle
from pencilsat.core.registry import GENRES
from pencilsat.core.result import Verdict
from pencilsat.desk.hint import next_hint, partial_rules
from pencilsat.grading.front import grade

GENRE_NAMES = [name for name, genre in GENRES.items() if genre.partial is not None]
"""Every genre of the registry whose grader gives hints."""


@pytest.mark.parametrize("genre", ["masyu", "lightup"])
def test_hint_on_the_bare_puzzle_agrees_with_the_only_solution(genre):
    seen = 0
    for puzzle in random_puzzles(genre, 30, seed=31):
        truth = all_solutions(puzzle)
        if len(truth) != 1:
            continue
        hint = next_hint(puzzle)
        if hint.step is not None:
            assert hint.step.agrees_with(truth[0])
            assert hint.cells
            seen += 1
    assert seen >= 2


def _corpus(genre: str) -> list:
    if genre == "sudoku":
        lines = (CORPUS / "sudoku/norvig_top95.txt").read_text().split()[:3]
        return [read_puzzle(line) for line in lines]
    return [read_puzzle(str(p))
            for p, _ in every_kth(corpus_pairs(f"{genre}/janko", 100), 50)[:3]]


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_hint_at_every_stage_of_a_grade_agrees_with_the_solution(genre):
    for puzzle in _corpus(genre):
        graded = grade(puzzle)
        assert graded.grade is not None
        solution = graded.solve_result.solution
        rules = partial_rules(puzzle)
        steps = graded.grade.steps
        for k in range(0, len(steps), max(1, len(steps) // 6)):
            partial = rules.shown_after(puzzle, steps[:k])
            hint = next_hint(puzzle, partial)
            assert not hint.mistakes
            if hint.finished:
                continue
            assert hint.step is not None, hint.message
            assert hint.step.agrees_with(solution)


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_a_wrong_partial_grid_gets_its_mistakes_and_a_solved_one_is_finished(genre):
    puzzle = _corpus(genre)[0]
    solution = GENRES[genre].rules()
    from pencilsat.strategies.front import solve

    answer = solve(puzzle).solution
    hint = next_hint(puzzle, answer)
    assert hint.finished and hint.step is None
    wrong = _spoiled(puzzle, answer)
    hint = next_hint(puzzle, wrong)
    assert hint.mistakes and hint.step is None
    assert solution.check(puzzle, answer) == []


def _spoiled(puzzle, answer):
    """A partial grid with one wrong fact."""
    import numpy as np

    from pencilsat.puzzles import lightup, masyu, sudoku

    if puzzle.genre == "sudoku":
        grid = np.zeros((9, 9), dtype=int)
        r, c = map(int, np.argwhere(puzzle.clues == 0)[0])
        grid[r, c] = int(answer.grid[r, c]) % 9 + 1
        return sudoku.SudokuSolution(grid)
    if puzzle.genre == "lightup":
        cell = next(c for c in puzzle.white_cells() if c not in answer.bulbs)
        return lightup.LightUpSolution.from_bulbs({cell}, puzzle.width, puzzle.height)
    if puzzle.genre == "masyu":
        edge = next(e for e in puzzle.all_edges() if e not in answer.edges)
        return masyu.MasyuSolution.from_edges([edge], puzzle.width, puzzle.height)
    raise AssertionError(f"_spoiled cannot spoil a {puzzle.genre} answer yet: add it here")


def test_hint_on_an_ambiguous_puzzle_says_it_needs_a_unique_one():
    puzzle = parse_puzzle("masyu 4 4\nB.W.\nW...\n...B\n....\n")
    hint = next_hint(puzzle)
    assert hint.verdict == Verdict.MULTIPLE and hint.step is None
    assert "exactly one solution" in hint.message


def test_a_masyu_line_leaving_the_grid_is_a_mistake_at_its_cell_inside():
    """A partial loop whose first row is all '-' runs off the grid at both ends: the mistakes
    name the two border cells, never a cell outside (it gave (0,-1) and (0,10), which the desk
    and the CLI then drew or printed)."""
    puzzle = read_puzzle("examples/masyu_10x10.txt")
    rows = ["-" * 10] + ["." * 10] * 9
    hint = next_hint(puzzle, "masyu-solution 10 10\n" + "\n".join(rows) + "\n")
    assert hint.mistakes
    assert (0, 0) in hint.mistakes and (0, 9) in hint.mistakes
    assert all(0 <= r < puzzle.height and 0 <= c < puzzle.width for r, c in hint.mistakes)
