"""The 26 janko Killer and Jigsaw Sudokus that are ``multiple`` under the plain rules are X
(diagonal) puzzles whose files carry no mark: read from the corpus with ``D`` added to the
header in memory, each is unique with the stored answer on both strategies; read as they
are, each stays ``multiple`` and the user-facing solve says it is unique as an X puzzle,
with that answer."""

from __future__ import annotations

import time

import pytest
from conftest import CORPUS

import pencilsat
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.puzzles import killersudoku as K
from pencilsat.strategies.front import solve
from pencilsat.strategies.x_hint import add_x_hint

X_PUZZLES = ([("killersudoku", f"{k}_9x9") for k in
              (196, 197, 198, 248, 249, 257, 716, 717, 718, 719, 720, 726, 727, 728)]
             + [("jigsawsudoku", f"{k}_6x6") for k in
                (651, 652, 654, 655, 661, 662, 664, 665, 671, 672, 674, 675)])
MODELS = {"killersudoku": K, "jigsawsudoku": J}


def read(genre: str, key: str, diagonal: bool):
    """The corpus puzzle (``diagonal``: with ``D`` added to its header line) and its stored
    answer."""
    folder = CORPUS / genre / "janko"
    lines = (folder / f"{key}.txt").read_text().splitlines()
    if diagonal:
        lines[0] += " D"
    model = MODELS[genre]
    puzzle = model.parse_puzzle("\n".join(lines) + "\n", key)
    return puzzle, model.FORMAT.parse_solution((folder / f"{key}.sol").read_text(), puzzle)


@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
@pytest.mark.parametrize(("genre", "key"), X_PUZZLES)
def test_with_d_the_puzzle_is_unique_with_the_stored_answer(genre, key, backend):
    puzzle, stored = read(genre, key, diagonal=True)
    assert puzzle.diagonal
    result = solve(puzzle, backend=backend)
    assert result.verdict == Verdict.UNIQUE
    assert result.solution == stored
    assert rules_of(puzzle).check(puzzle, stored) == []


@pytest.mark.parametrize(("genre", "key"), X_PUZZLES)
def test_without_d_it_is_multiple_and_the_hint_gives_the_x_answer(genre, key):
    puzzle, stored = read(genre, key, diagonal=False)
    result = pencilsat.solve(puzzle)
    assert result.verdict == Verdict.MULTIPLE
    hint = result.x_variant
    assert hint is not None and hint.verdict == "unique"
    rules = rules_of(puzzle)
    assert hint.rows == rules.solution_rows(puzzle, stored)
    x, _ = read(genre, key, diagonal=True)
    assert rules.check(x, rules.parse_solution("\n".join(hint.rows))) == []
    assert f"'{rules.format_puzzle(x).splitlines()[0]}'" in hint.text
    assert result.to_dict()["x_variant"]["verdict"] == "unique"


def test_the_solve_inner_loops_use_gives_no_hint_and_a_spent_limit_gives_none():
    """Generators, clue tools and batches call the front's ``solve``: no hint there. A run
    whose time limit is spent gets no hint, not a guess."""
    puzzle, _ = read("jigsawsudoku", "651_6x6", diagonal=False)
    result = solve(puzzle)
    assert result.verdict == Verdict.MULTIPLE and result.x_variant is None
    add_x_hint(result, 5.0, time.perf_counter() - 10.0)
    assert result.x_variant is None
    add_x_hint(result, 5.0, time.perf_counter())
    assert result.x_variant is not None


def test_a_unique_plain_puzzle_gets_no_hint():
    path = CORPUS / "killersudoku" / "janko" / "101_4x4.txt"
    result = pencilsat.solve(str(path))
    assert result.verdict == Verdict.UNIQUE and result.x_variant is None
    assert "x_variant" not in result.to_dict()


def test_a_multiple_puzzle_whose_x_reading_is_not_unique_gets_no_hint():
    """Only a unique X reading is told: an empty 4x4 Sudoku has many X answers too, and an
    editor of a plain puzzle learns nothing from "multiple as an X Sudoku"."""
    result = pencilsat.solve(pencilsat.parse_puzzle("sudoku 4 4\n....\n....\n....\n....\n"))
    assert result.verdict == Verdict.MULTIPLE
    assert result.x_variant is None and "x_variant" not in result.to_dict()
