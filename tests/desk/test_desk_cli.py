"""The desk on the command line: solve --backbone / --count, clues, grade --next; verdicts as
exit status, JSON records, bad options as exit 4 with one clear line."""

from __future__ import annotations

import json

from conftest import CORPUS, run_cli, run_cli_here

SEED = str(CORPUS / "masyu/seed_10x10.txt")
TWO_WAY = "masyu 4 4\nB.W.\nW...\n...B\n....\n"


def test_backbone_of_a_unique_puzzle_is_the_whole_solution():
    code, out, _ = run_cli("solve", SEED, "--backbone", "--json")
    record = json.loads(out)
    assert code == 0 and record["backbone"]["undecided"] == []
    assert record["backbone"]["rows"] == record["solution"]


def test_backbone_and_count_of_a_two_way_puzzle(tmp_path):
    puzzle = tmp_path / "two.txt"
    puzzle.write_text(TWO_WAY)
    drawing = tmp_path / "two.svg"
    code, out, _ = run_cli_here("solve", str(puzzle), "--backbone", "--count", "5", "--json",
                           "--svg", str(drawing))
    record = json.loads(out)
    assert code == 1
    assert record["count"] == 2 and record["count_complete"] is True
    assert len(record["solutions"]) == 2
    assert record["backbone"]["undecided"] == [[2, 0], [2, 1], [3, 0], [3, 1]]
    assert record["backbone"]["rows"][:2] == ["F--7", "|..|"]
    assert drawing.read_text().count('class="undecided"') == 4
    code, out, _ = run_cli_here("solve", str(puzzle), "--backbone", "--count", "1")
    assert code == 1 and "backbone: 12 of 16 cells" in out and "solutions: more than 1" in out


def test_count_must_be_a_positive_number():
    code, _, err = run_cli("solve", SEED, "--count", "0")
    assert code == 4 and "not a number of solutions" in err


def test_backbone_refuses_several_puzzles():
    code, _, err = run_cli_here("solve", SEED, SEED, "--backbone")
    assert code == 4 and "take one puzzle" in err


def test_clues_reports_redundant_pearls_as_json():
    code, out, _ = run_cli_here("clues", SEED, "--json")
    record = json.loads(out)
    assert code == 0 and record["minimal"] is False
    assert {"cell": [0, 5], "clue": "W"} in record["redundant"]


def test_clues_of_a_puzzle_with_several_solutions_adds_some(tmp_path):
    line = (CORPUS / "sudoku/norvig_top95.txt").read_text().split()[0]
    code, out, _ = run_cli_here("clues", "." + line[1:])
    assert code == 1 and "add these digits" in out


def test_grade_next_gives_a_step_and_mistakes(tmp_path):
    code, out, _ = run_cli_here("grade", SEED, "--next")
    assert code == 0 and "next step:" in out
    partial = tmp_path / "partial.txt"
    partial.write_text("masyu-solution 10 10\n" + "--........\n" + "..........\n" * 9)
    code, out, _ = run_cli_here("grade", SEED, "--next", str(partial), "--json")
    record = json.loads(out)
    assert code == 0 and record["mistakes"] and record["step"] is None


def test_grade_next_with_a_missing_partial_file_is_exit_4():
    code, _, err = run_cli_here("grade", SEED, "--next", "no-such-partial.txt")
    assert code == 4 and "no such file" in err


def test_slitherlink_and_nurikabe_have_no_hints_and_say_so(tmp_path):
    for name, text in [("slitherlink", "slitherlink 3 3\n...\n.1.\n...\n"),
                       ("nurikabe", "nurikabe 3 3\n. . .\n1 . 2\n. . .\n")]:
        path = tmp_path / f"{name}.txt"
        path.write_text(text)
        code, _, err = run_cli_here("grade", str(path), "--next")
        assert code == 4 and "has no grader to give hints" in err
        assert "hints cover masyu, lightup, sudoku" in err


def test_nurikabe_clues_say_a_removed_number_becomes_a_question_mark():
    code, out, _ = run_cli_here("clues", str(CORPUS / "nurikabe/janko/49_8x8.txt"))
    assert code == 0 and "made ?" in out and "5 at (2,4)" in out


def test_grade_next_refuses_a_batch(tmp_path):
    batch = tmp_path / "list.txt"
    batch.write_text(SEED + "\n")
    code, _, err = run_cli_here("grade", "--batch", str(batch), "--next")
    assert code == 4 and "--next gives the next step of one puzzle" in err


def test_clues_grade_is_refused_at_once_for_a_genre_without_a_grader():
    code, out, err = run_cli_here("clues", str(CORPUS / "slitherlink/janko/46_8x8.txt"), "--grade")
    assert code == 4 and out == "" and "Slitherlink has no grader" in err


def test_nonogram_clues_are_whole_lines_and_a_removed_one_becomes_a_question_mark(tmp_path):
    # rows 2 / 1 1 / 0, columns 2 / 1 / 1: unique ("##.", "#.#", "..."); the empty row's
    # clue can go (the columns shade nothing there), so the clue set is not minimal
    puzzle = tmp_path / "small.txt"
    puzzle.write_text("nonogram 3 3\n2\n1 1\n0\n2\n1\n1\n")
    code, out, _ = run_cli_here("clues", str(puzzle), "--json")
    record = json.loads(out)
    assert code == 0 and record["clue_kind"] == "line clue" and record["clues"] == 6
    assert {"cell": [2, 0], "clue": "R3: 0"} in record["redundant"]
    assert record["minimal"] is False and "'?'" in record["removal"]
    assert run_cli_here("convert", str(puzzle), "--to", "text")[0] == 0
    question = tmp_path / "question.txt"
    question.write_text("nonogram 3 3\n2\n?\n0\n2\n1\n1\n")
    code, _, err = run_cli_here("convert", str(question), "--to", "url")
    assert code == 4 and "no puzz.link form" in err
