"""``pencilsat verify`` refuses an answer whose symbols disagree with their neighbours': a loop
cell written ``.`` between two cells that lead into it is exit 1 naming both cells (it was
"valid"), and a drawing with a mark that does not fit the rest is exit 4 at its line."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import CORPUS, corpus_pairs

from pencilsat.cli import main


def _break_a_straight(text: str) -> tuple[str, int, int]:
    """``text`` with the first ``-`` that has a loop cell on both sides along its row written
    ``.``; and that cell's 0-based row and column."""
    lines = text.splitlines()
    for r, line in enumerate(lines[1:]):
        match = re.search(r"[-LF]-[-J7]", line)
        if match:
            column = match.start() + 1
            lines[1 + r] = line[:column] + "." + line[column + 1:]
            return "\n".join(lines) + "\n", r, column
    raise AssertionError("no straight run in the answer")


def _verify(capsys, puzzle: Path, solution: Path) -> tuple[int, str, str]:
    status = main(["verify", str(puzzle), str(solution)])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_masyu_101_with_f_dot_dash_dash_7_is_refused(corpus, tmp_path, capsys):
    puzzle = CORPUS / "masyu" / "janko" / "101_10x10.txt"
    answer = puzzle.with_suffix(".sol").read_text()
    assert "F---7" in answer
    broken = tmp_path / "101.sol"
    broken.write_text(answer.replace("F---7", "F.--7", 1))
    status, out, _ = _verify(capsys, puzzle, broken)
    row = next(i for i, line in enumerate(answer.splitlines()[1:]) if "F---7" in line)
    column = answer.splitlines()[1 + row].index("F---7") + 1
    assert status == 1
    assert out.startswith("invalid: 2 rule violation(s)")
    for side in (column - 1, column + 1):
        assert (f"pipe-not-joined at row {row}, column {side}: the line here goes "
                f"{'right' if side < column else 'left'} into row {row}, column {column}") in out


def test_a_yajilin_loop_cell_written_dot_is_refused(corpus, tmp_path, capsys):
    puzzle, solution = corpus_pairs("yajilin/janko", 100)[0]
    broken_text, row, column = _break_a_straight(solution.read_text())
    broken = tmp_path / "broken.sol"
    broken.write_text(broken_text)
    status, out, _ = _verify(capsys, puzzle, broken)
    assert status == 1
    assert f"pipe-not-joined at row {row}, column {column - 1}" in out
    assert f"pipe-not-joined at row {row}, column {column + 1}" in out
    assert f"into row {row}, column {column}" in out


def test_a_drawing_mark_that_does_not_fit_is_exit_4_at_its_line(corpus, tmp_path, capsys):
    puzzle, solution = corpus_pairs("lightup/janko", 100)[0]
    assert main(["solve", str(puzzle)]) == 0
    printed = capsys.readouterr().out
    lines = printed.splitlines()
    row = next(i for i, line in enumerate(lines) if "+" in line and not line.startswith(
        ("verdict", "encoding", "conflicts", "time")))
    lines[row] = lines[row].replace("+", ".", 1)  # a lit cell drawn unlit
    drawn = tmp_path / "drawn.txt"
    drawn.write_text("\n".join(lines) + "\n")
    status, _, err = _verify(capsys, puzzle, drawn)
    assert status == 4
    assert f"drawn.txt, line {row + 1}" in err and "disagrees with itself" in err
