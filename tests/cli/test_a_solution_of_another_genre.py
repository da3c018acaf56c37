"""A solution of another genre (a record's ``genre``, a text's header) is refused as such,
named at its file, by ``verify``, ``grade --next`` and the library's ``check``; before, its
rows were read as the puzzle's and refused for their count ("line 11: expected 10 rows,
found 9 (the header's height must equal ...)"), and ``grade --next`` named no file."""

from __future__ import annotations

import json

import pytest
from conftest import REPO, corpus_sudoku_line
from conftest import run_cli as run

import pencilsat
from pencilsat.core.errors import InputError

MASYU = str(REPO / "examples" / "masyu_10x10.txt")
SUDOKU = corpus_sudoku_line("euler96_easy50.txt")


def _written(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("words", [("verify", MASYU), ("grade", MASYU, "--next")])
def test_a_sudoku_record_given_for_a_masyu_is_named_as_such(tmp_path, words):
    code, record, _ = run("solve", SUDOKU, "--json")  # what solve wrote for the Sudoku
    assert code == 0
    path = _written(tmp_path, "sudoku.json", record)
    code, out, err = run(*words, path)
    assert code == 4 and out == ""
    assert f"{path}: this is a Sudoku solution, and the puzzle is a Masyu" in err


def test_a_masyu_solution_text_given_for_a_sudoku_is_named_as_such(tmp_path):
    path = _written(tmp_path, "masyu.txt", "masyu-solution 4 4\n....\n....\n....\n....\n")
    code, _, err = run("verify", SUDOKU, path)
    assert code == 4 and "this is a Masyu solution, and the puzzle is a Sudoku" in err


def test_the_library_names_the_genre_and_refuses_bytes_as_bytes():
    with pytest.raises(InputError, match="this is a Sudoku solution"):
        pencilsat.check(MASYU, {"genre": "sudoku", "solution": ["1" * 9] * 9})
    with pytest.raises(InputError, match="not a Masyu solution: bytes"):
        pencilsat.check(MASYU, b"F-7")


def test_a_solution_of_the_puzzles_own_genre_is_still_read():
    answer = pencilsat.solve(MASYU)
    assert pencilsat.check(MASYU, {"genre": "masyu", "solution": list(
        json.loads(json.dumps(_rows(answer))))}) == []


def _rows(result) -> list[str]:
    from pencilsat.core.registry import rules_of

    text = rules_of(result.puzzle).format_solution(result.puzzle, result.solution)
    return text.splitlines()[1:]
