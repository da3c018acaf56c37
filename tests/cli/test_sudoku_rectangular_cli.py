"""A 6x6 Sudoku on the command line and the desk's tools: the puz.link URL solved (the
drawing outlined by boxes 3 wide and 2 tall), converted to Solo's ``2x3:`` and to the
text header, the clue tools making it unique with digits that keep the boxes, the
next-step hint and the grade refused by name, and ``generate sudoku 6x6``."""

from __future__ import annotations

import json

from conftest import run_cli_here as run
from oracles.sudoku_boxes import solutions

from pencilsat.core.result import Verdict
from pencilsat.desk.clues import check_clues
from pencilsat.formats.puzzlink import parse_url
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve

URL = "https://puzz.link/p?sudoku/6/6/1n2o6o3l"
"""Four clues (1, 2, 6, 3 at r1c1, r2c4, r4c2, r5c6): many answers."""


def test_the_url_solves_with_the_boxes_drawn():
    status, out, _ = run("solve", URL)
    assert status == Verdict.MULTIPLE.exit_code
    drawing = out.split("\n\n")[1].splitlines()
    assert drawing[2] == "-------+-------" and drawing[0].count("|") == 1
    status, out, _ = run("solve", "--json", "--count", "3", URL)
    record = json.loads(out)
    assert record["count"] == 3 and record["count_complete"] is False
    puzzle = parse_url(URL)
    for rows in record["solutions"]:
        assert S.check(puzzle, S.parse_solution("\n".join(rows), puzzle)) == []


def test_convert_writes_the_solo_id_and_the_text_header():
    status, out, _ = run("convert", "--to", "tatham", URL)
    assert status == 0 and out.strip() == "2x3:1h2i6i3f"  # runs: h = 8 empty cells, i = 9, f = 6
    status, text, _ = run("convert", "--to", "text", out.strip())
    assert status == 0 and text.splitlines()[0] == "sudoku 6 6 3x2"
    status, url, _ = run("convert", "--to", "url", "solo:" + out.strip())
    assert url.strip() == URL


def test_the_clue_tools_make_it_unique_with_its_boxes():
    report = check_clues(parse_url(URL))
    assert report.verdict == Verdict.MULTIPLE and report.added
    after = report.puzzle_after
    assert after.box_dims == (3, 2)
    assert len(solutions(after)) == 1 and solve(after).verdict == Verdict.UNIQUE


def test_grade_and_hint_refuse_it_by_name(tmp_path):
    made = tmp_path / "six.txt"
    status, out, _ = run("generate", "sudoku", "6x6", "--seed", "7")
    assert status == 0, out
    made.write_text(out)
    assert made.read_text().splitlines()[0] == "sudoku 6 6 3x2"
    status, out, _ = run("grade", str(made))
    assert status == Verdict.UNIQUE.exit_code
    assert "not graded" in out and "6x6 with boxes 3 wide and 2 tall" in out
    status, out, _ = run("grade", str(made), "--next")
    assert status == Verdict.UNIQUE.exit_code and "no hint" in out and "9x9" in out


def test_a_batch_reads_six_by_six_urls_and_solo_ids_beside_nine_by_nine_lines(tmp_path):
    line = "." * 17 + "1" + "." * 63
    items = tmp_path / "items.txt"
    items.write_text(f"{URL}\n2x3:1h2i6i3f\nsolo:3x2:1h2i6i3f\n{line}\n")
    out = tmp_path / "out.jsonl"
    status, _, _ = run("solve", "--batch", str(items), "--out", str(out))
    records = [json.loads(row) for row in out.read_text().splitlines()]
    assert [r["size"] for r in records] == ["6x6", "6x6", "6x6", "9x9"]
    assert records[0]["solution"] == records[1]["solution"]  # one puzzle, two forms
    wide = parse_url(URL)
    tall = S.SudokuPuzzle(wide.clues, box_width=2, box_height=3)
    assert S.check(tall, S.parse_solution("\n".join(records[2]["solution"]), tall)) == []
    assert S.check(tall, S.parse_solution("\n".join(records[0]["solution"]), tall)) != []
