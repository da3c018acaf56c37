"""Edges of the forms of 2026-11-29/30 probed from the outside (rectangular-box Sudoku, gaps,
``--proof-out`` of a ``multiple``), each failing on the code before: ``solve --json``'s rows
of a 6x6 read back (``verify``, ``pencilsat.check``: the rows' header had no box word, so
they were refused); a 36-character one-line Sudoku given as an argument or a batch line is
told the header to write, as from a file; ``D`` before the box word is told to come last; a
``multiple`` certificate whose second answer is broken names ``second.txt``, and ``check``
prints each failed part once."""

from __future__ import annotations

import json
import shutil

import pytest

from pencilsat import check
from pencilsat.certify.store import check_folder
from pencilsat.cli import main
from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_input, read_puzzle
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve

SIX = "sudoku 6 6 3x2\n.65...\n.....2\n.3....\n..2..1\n6...3.\n4..5..\n"
"""A made-up 6x6 with boxes 3 wide and 2 tall (pencilsat generate sudoku 6x6 --seed 3)."""
OPEN_SIX = "sudoku 6 6 3x2\n1.....\n......\n......\n......\n......\n.....1\n"
"""Two clues: many answers."""


def test_json_rows_of_a_rectangular_box_sudoku_read_back():
    puzzle = S.parse_puzzle(SIX)
    result = solve(puzzle)
    record = json.loads(json.dumps(result.to_dict()))
    assert check(puzzle, record) == [] and check(puzzle, record["solution"]) == []
    solution = S.parse_solution("sudoku 6 6\n" + "\n".join(record["solution"]), puzzle)
    assert solution == result.solution


def test_json_record_of_a_rectangular_box_sudoku_verifies(tmp_path, capsys):
    path = tmp_path / "six.txt"
    path.write_text(SIX)
    assert main(["solve", "--json", str(path)]) == 0
    record = tmp_path / "six.json"
    record.write_text(capsys.readouterr().out)
    assert main(["verify", str(path), str(record)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("given", ["argument", "batch"])
def test_a_36_character_line_is_told_the_header_to_write(given):
    line = "265143314652136425542361651234423516"
    with pytest.raises(InputError) as raised:
        if given == "argument":
            read_input(line)
        else:
            read_input(line, name="list.txt", line=3)
    assert "'sudoku 6 6 BWxBH'" in str(raised.value) and "3x2" in str(raised.value)


def test_d_before_the_box_word_is_told_to_come_last():
    for text in (SIX.replace("3x2", "D 3x2"),):
        with pytest.raises(InputError, match="write 'D' last: 'sudoku 6 6 3x2 D'"):
            read_puzzle(text, "six.txt")
        with pytest.raises(InputError, match="write 'D' last"):
            S.parse_puzzle(text)
    assert read_puzzle(SIX.replace("3x2", "3x2 D"), "six.txt").diagonal


def test_a_broken_second_answer_of_a_multiple_certificate_is_named(tmp_path, capsys):
    path = tmp_path / "open.txt"
    path.write_text(OPEN_SIX)
    folder = tmp_path / "proof"
    assert main(["solve", "--proof-out", str(folder), str(path)]) == 1
    assert check_folder(str(folder)).certified
    broken = tmp_path / "broken"
    shutil.copytree(folder, broken)
    lines = (broken / "second.txt").read_text().splitlines()
    lines[1] = "9" + lines[1][1:]
    (broken / "second.txt").write_text("\n".join(lines) + "\n")
    cert = check_folder(str(broken))
    assert not cert.certified and "second.txt, line 2" in cert.reason
    capsys.readouterr()
    assert main(["check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert out.count("answers:") == 2 and "answers: answers:" not in out, out
