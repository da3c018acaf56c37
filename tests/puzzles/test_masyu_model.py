"""Masyu text formats and the seed's drawing."""

from __future__ import annotations

import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.puzzles import masyu as M

SEED = CORPUS.parent / "seeds" / "002_6634942fbb6a3cf0.txt"


def seed10():
    p = M.parse_puzzle((CORPUS / "masyu/seed_10x10.txt").read_text())
    s = M.parse_solution((CORPUS / "masyu/seed_10x10.sol").read_text())
    return p, s


def test_corpus_text_round_trips():
    text = (CORPUS / "masyu/seed_36x20.txt").read_text()
    assert M.format_puzzle(M.parse_puzzle(text)) == text
    sol = (CORPUS / "masyu/seed_36x20.sol").read_text()
    assert M.format_solution(M.parse_solution(sol)) == sol


def test_seed_sugar_format_gives_the_corpus_grid():
    lines = SEED.read_text(encoding="utf-8").splitlines()
    start = lines.index("; size 10 10")
    sugar = "\n".join(lines[start:start + 11])
    p, _ = seed10()
    assert M.parse_sugar(sugar) == p
    assert M.parse_sugar(M.format_sugar(p)) == p


@pytest.mark.parametrize("row,token,column", [("; -- - 1", "--", 3), ("; - 2 -", "2", 5),
                                               ("; - - B", "B", 7)])
def test_sugar_names_a_bad_token_at_its_character_column(row, token, column):
    text = "; size 3 2\n; - - -\n" + row + "\n"
    with pytest.raises(InputError) as err:
        M.parse_sugar(text)
    assert (err.value.line, err.value.column) == (3, column)
    assert f"unknown token {token!r}" in err.value.message


def test_ascii_drawing_is_the_seeds():
    lines = SEED.read_text(encoding="utf-8").splitlines()
    start = lines.index("; size 10 10") + 12
    printed = [ln.rstrip() for ln in lines[start:start + 21]]
    p, s = seed10()
    drawn = [ln.rstrip() for ln in M.draw_ascii(p, s).splitlines()]
    assert drawn == printed


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "empty"),
        ("masyu 3 3\n...\n..\n...\n", "row has 2 cells"),
        ("masyu 3 3\n...\n.X.\n...\n", "unknown character 'X'"),
        ("masyu 3 x\n...\n", "two whole numbers"),
        ("masyu 3 3\n...\n...\n", "expected 3 rows"),
        ("pearl 3 3\n...\n", "header"),
    ],
)
def test_bad_text_is_reported_with_position(text, fragment):
    with pytest.raises(InputError) as err:
        M.parse_puzzle(text)
    assert fragment in str(err.value)


def test_error_names_line_and_column():
    with pytest.raises(InputError) as err:
        M.parse_puzzle("masyu 3 3\n...\n.X.\n...\n")
    assert (err.value.line, err.value.column) == (3, 2)


def test_broken_pipe_letters_are_read_and_the_checker_names_the_break():
    """A letter not drawn back by its neighbour is kept, so that ``verify`` answers with the
    broken rule (exit 1) instead of refusing the file (exit 4)."""
    puzzle = M.parse_puzzle("masyu 2 2\n..\n..\n")
    solution = M.parse_solution("masyu-solution 2 2\nF7\nL-\n")
    rules = {(v.rule, v.cell) for v in M.check(puzzle, solution)}
    assert ("leaves-grid", (1, 1)) in rules


@pytest.mark.parametrize("seed", range(8))
def test_differing_cells_are_the_cells_whose_pipe_letter_differs(seed):
    """``differing_cells`` works on the edge difference; it must equal the letter-by-letter
    comparison it replaced."""
    import random

    from pencilsat.generators.masyu import random_loop

    rng = random.Random(seed)
    width, height = rng.randint(3, 12), rng.randint(3, 12)
    first, second = random_loop(width, height, rng), random_loop(width, height, rng)
    mine, theirs = M.solution_rows(first), M.solution_rows(second)
    letters = [(r, c) for r in range(height) for c in range(width) if mine[r][c] != theirs[r][c]]
    assert first.differing_cells(second) == letters
    assert first.differing_cells(first) == []
