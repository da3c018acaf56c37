"""The editor's hint on the command line: a plain Sudoku that is ``multiple`` but unique as
an X (diagonal) Sudoku keeps its verdict and exit status, and the text and ``--json`` output
say it is unique as an X puzzle, with the header to write; a Jigsaw Sudoku of the corpus
says so too; with ``D`` in the header the same grid is unique."""

from __future__ import annotations

import json

import numpy as np
import pytest
from conftest import CORPUS
from conftest import run_cli_here as run

from pencilsat.core.result import Verdict
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve


@pytest.fixture(scope="module")
def thinned() -> S.SudokuPuzzle:
    """An answer of the empty X grid with every third cell emptied: several answers as a
    plain Sudoku, one as an X Sudoku (both asserted)."""
    grid = solve(S.SudokuPuzzle(np.zeros((9, 9), dtype=np.int16), diagonal=True)).solution.grid
    clues = np.array(grid).ravel()
    clues[::3] = 0
    plain = S.SudokuPuzzle(clues.reshape(9, 9))
    assert solve(plain).verdict == Verdict.MULTIPLE
    assert solve(S.SudokuPuzzle(plain.clues, diagonal=True)).verdict == Verdict.UNIQUE
    return plain


def test_a_multiple_sudoku_unique_as_x_gets_the_hint(thinned, tmp_path):
    line = S.format_line(thinned.clues)
    status, out, _ = run("solve", line)
    assert status == Verdict.MULTIPLE.exit_code
    assert out.startswith("verdict: multiple")
    hint = out.splitlines()[1]
    assert hint.startswith("hint: unique as an X (diagonal) Sudoku") and "'sudoku 9 9 D'" in hint
    status, out, _ = run("solve", "--json", line)
    record = json.loads(out)
    assert record["verdict"] == "multiple" and record["x_variant"]["verdict"] == "unique"
    rows = record["x_variant"]["solution"]
    x = S.SudokuPuzzle(thinned.clues, diagonal=True)
    assert S.check(x, S.SudokuSolution(np.array([[int(ch) for ch in row] for row in rows]))) == []
    path = tmp_path / "x.txt"
    path.write_text(S.format_puzzle(x))
    status, out, _ = run("solve", str(path))
    assert status == Verdict.UNIQUE.exit_code and "hint:" not in out
    assert out.splitlines()[0] == "verdict: unique: exactly one solution"


def test_a_corpus_jigsaw_gets_the_hint():
    path = CORPUS / "jigsawsudoku" / "janko" / "661_6x6.txt"
    status, out, _ = run("solve", str(path))
    assert status == Verdict.MULTIPLE.exit_code
    assert "hint: unique as an X (diagonal) Jigsaw Sudoku" in out
    assert "'jigsawsudoku 6 6 D'" in out


def test_the_desk_solve_record_carries_the_hint():
    from pencilsat.web.jobs import run_job

    text = (CORPUS / "killersudoku" / "janko" / "198_9x9.txt").read_text()
    status, record = run_job("solve", {"puzzle": text, "time_limit": 30.0})
    assert status == 200 and record["verdict"] == "multiple"
    assert record["x_variant"]["verdict"] == "unique"
    assert "'killersudoku 9 9 3x3 D'" in record["x_variant"]["text"]
    status, record = run_job("solve", {"puzzle": text.replace("3x3\n", "3x3 D\n", 1),
                                       "time_limit": 30.0})
    assert record["verdict"] == "unique" and "x_variant" not in record
