"""Nurikabe's model: text formats and their errors, puzz.link, SVG, and the rule checker on
a hand-broken solution for each rule."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.core.registry import rules_of
from pencilsat.formats.detect import convert, read_puzzle
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import nurikabe as N

JANKO = CORPUS / "nurikabe" / "janko"

# pzprjs' own example (test/script/nurikabe.js) and its accepted answer.
PZPRJS_URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
PZPRJS_TEXT = "nurikabe 5 5\n. 5 . . .\n. . 2 . .\n. . . . .\n. . 1 . .\n. . . 3 .\n"
PZPRJS_ANSWER = "nurikabe-solution 5 5\n..###\n.#..#\n.####\n.#.#.\n###..\n"


def puzzle(text: str = PZPRJS_TEXT) -> N.NurikabePuzzle:
    return N.parse_puzzle(text)


def answer(rows: list[str]) -> N.NurikabeSolution:
    return N.solution_from_rows(rows)


def rules_broken(rows: list[str], text: str = PZPRJS_TEXT) -> list[tuple[str, object]]:
    return [(v.rule, v.cell) for v in N.check(puzzle(text), answer(rows))]


def test_the_pzprjs_answer_is_valid():
    assert N.check(puzzle(), N.parse_solution(PZPRJS_ANSWER)) == []


def test_every_stored_janko_solution_passes_the_checker():
    files = sorted(JANKO.glob("*.txt"))
    assert len(files) > 1000
    for path in files[::10]:
        p = N.parse_puzzle(path.read_text())
        assert N.check(p, N.parse_solution(path.with_suffix(".sol").read_text(), p)) == [], path


# ------------------------------------------------------------------ the checker, rule by rule


def test_a_shaded_number_is_named():
    broken = rules_broken(["..###", ".##.#", ".####", ".#.#.", "###.."])
    assert ("numbered-cell-shaded", (1, 2)) in broken


def test_an_island_without_a_number_is_named():
    # the 3's island loses (4, 4) to the wall and (3, 4) is left alone
    broken = rules_broken(["..###", ".#..#", ".####", ".#.#.", "###.#"])
    assert ("island-without-number", (3, 4)) in broken


def test_an_island_with_two_numbers_is_named():
    # (2, 2) unshaded joins the 2's island to the 1's
    broken = rules_broken(["..###", ".#..#", ".#.##", ".#.#.", "###.."])
    assert ("island-with-two-numbers", (3, 2)) in broken


def test_a_wrong_island_size_is_named():
    broken = rules_broken(["..###", ".#.##", ".####", ".#.#.", "###.."])
    assert ("island-size", (1, 2)) in broken


def test_a_cut_off_wall_is_named():
    text = "nurikabe 3 3\n. . .\n. 8 .\n. . .\n"
    assert rules_broken(["#..", "...", "..#"], text) == [
        ("island-size", (1, 1)), ("wall-not-connected", (2, 2))]


def test_a_shaded_2x2_block_is_named():
    text = "nurikabe 3 3\n. . .\n. . .\n. . 5\n"
    assert rules_broken(["##.", "##.", "..."], text) == [("shaded-2x2", (0, 0))]


def test_a_question_mark_island_may_have_any_size():
    text = "nurikabe 3 2\n? . .\n. . .\n"
    assert rules_broken(["..#", "..#"], text) == []
    assert rules_broken(["...", "..."], text) == []


def test_a_solution_of_another_size_is_refused():
    violations = N.check(puzzle(), answer(["..", ".."]))
    assert [v.rule for v in violations] == ["size"] and violations[0].cell is None


# ------------------------------------------------------------------ text formats


def test_corpus_texts_round_trip():
    for path in sorted(JANKO.glob("*.txt"))[::20] + [JANKO / "758_11x11.txt"]:
        text = path.read_text()
        assert N.format_puzzle(N.parse_puzzle(text)) == text
        sol = path.with_suffix(".sol").read_text()
        assert N.format_solution(None, N.parse_solution(sol)) == sol


def test_question_marks_are_numbers_without_a_size():
    p = N.parse_puzzle((JANKO / "758_11x11.txt").read_text())
    assert ((3, 10), None) in p.numbered_cells()
    assert int(p.numbers[3, 10]) == N.UNKNOWN


def test_solution_rows_read_back_under_the_solution_header():
    p = puzzle()
    sol = N.parse_solution(PZPRJS_ANSWER)
    rows = rules_of(p).solution_rows(p, sol)
    assert rows == PZPRJS_ANSWER.split("\n")[1:-1]
    again = rules_of(p).parse_solution("nurikabe-solution 5 5\n" + "\n".join(rows) + "\n", p)
    assert again == sol


def test_differing_cells_are_row_major():
    first = answer(["#.", ".#"])
    assert first.differing_cells(answer([".#", ".#"])) == [(0, 0), (0, 1)]


def test_the_text_drawing_shows_numbers_and_shading():
    drawing = N.draw_text(puzzle(), N.parse_solution(PZPRJS_ANSWER))
    assert drawing.splitlines()[0] == ". 5 # # #"
    assert N.draw_text(N.NurikabePuzzle(np.array([[12, N.UNKNOWN]]))) == "12  ?\n"


@pytest.mark.parametrize(("text", "line", "column", "says"), [
    ("nurikabe 3 1\n. x .\n", 2, 3, "unknown cell 'x'"),
    ("nurikabe 3 1\n.  . 0\n", 2, 6, "number 0"),
    ("nurikabe 2 1\n. 3\n", 2, 3, "number 3"),
    ("nurikabe 3 1\n. .\n", 2, 4, "row has 2 cells"),
    ("nurikabe 2 1\n. . .\n", 2, 5, "row has 3 cells"),
    ("nurikabe 2 2\n. .\n", 3, None, "expected 2 rows"),
    ("nurikabe two 2\n", 1, None, "size must be two whole numbers"),
    ("masyu 2 2\n", 1, 1, "expected the header"),
])
def test_input_errors_give_line_and_column(text, line, column, says):
    with pytest.raises(InputError) as err:
        N.parse_puzzle(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert says in err.value.message and err.value.hint


def test_a_bad_solution_character_gives_line_and_column():
    with pytest.raises(InputError) as err:
        N.parse_solution("nurikabe-solution 2 1\n.x\n")
    assert (err.value.line, err.value.column) == (2, 2)


def test_detection_reads_the_header():
    assert read_puzzle(PZPRJS_TEXT) == puzzle()
    assert convert(puzzle(), "text") == PZPRJS_TEXT


# ------------------------------------------------------------------ puzz.link


def test_the_pzprjs_example_url_reads_and_writes_back():
    assert parse_url(PZPRJS_URL) == puzzle()
    assert to_url(puzzle()) == PZPRJS_URL


def test_question_marks_and_big_numbers_as_pzprjs_writes_them():
    p = N.NurikabePuzzle(np.array([[N.UNKNOWN, 0, 16], [300, 0, 0]] + [[0, 0, 0]] * 98))
    url = to_url(p)
    # '.' a '?' number, 'g' one empty cell, '-10' 16, '+12c' 300, then runs of empty cells
    assert url.startswith("https://puzz.link/p?nurikabe/3/100/.g-10+12cz")
    assert parse_url(url) == p


def test_corpus_puzzles_round_trip_through_a_url():
    for path in sorted(JANKO.glob("*.txt"))[::7] + [JANKO / "827_13x20.txt"]:
        p = N.parse_puzzle(path.read_text())
        assert parse_url(to_url(p)) == p, path


@pytest.mark.parametrize(("url", "column", "says"), [
    ("https://puzz.link/p?nurikabe/v/5/5/g5k2o1k3g", 30, "no flags"),
    ("nurikabe/5/5/g5k2o1k3gg", 23, "extra data"),
    ("nurikabe/5/5/g0k2o1k3g", 15, "number 0"),
    ("nurikabe/2/2/-1f", 14, "number 31"),
    ("nurikabe/5/5/g5k2", 18, "truncated"),
])
def test_url_errors_give_the_column(url, column, says):
    with pytest.raises(InputError) as err:
        parse_url(url)
    assert err.value.column == column and says in str(err.value)


def test_other_pzprjs_types_of_the_same_file_are_not_nurikabe():
    for variant in ("nuribou", "mochikoro", "canal"):
        with pytest.raises(InputError, match="unknown puzzle type"):
            parse_url(f"https://puzz.link/p?{variant}/5/5/g5k2o1k3g")


# ------------------------------------------------------------------ SVG


def test_svg_shades_cells_circles_numbers_and_marks_differences():
    p = puzzle()
    first = N.parse_solution(PZPRJS_ANSWER)
    second = answer(["..###", ".#..#", ".####", ".#.##", "###.."])
    root = ET.fromstring(draw_svg(p, first, second))
    classes = [e.get("class") for e in root.iter()]
    assert classes.count("number") == 2 * 4
    assert classes.count("shaded") == int(first.shaded.sum() + second.shaded.sum())
    marks = [(e.get("data-row"), e.get("data-col")) for e in root.iter()
             if e.get("class") == "difference"]
    assert marks == [("3", "4"), ("3", "4")]


def test_svg_of_a_question_mark():
    svg = draw_svg(N.parse_puzzle("nurikabe 2 1\n? .\n"))
    assert ">?</text>" in svg


def test_the_drawing_solve_prints_reads_back_and_a_short_one_is_refused():
    puzzle = N.parse_puzzle("nurikabe 3 2\n2 . .\n. . 1\n")
    solution = N.NurikabeSolution(np.array([[False, False, True], [True, True, False]]))
    drawing = N.draw_text(puzzle, solution).splitlines()
    assert N.parse_drawing(drawing, puzzle) == solution
    with pytest.raises(InputError, match="drawing row has 2 cells, expected 3"):
        N.parse_drawing([drawing[0], "# #"], puzzle)
    with pytest.raises(InputError, match="the drawing has 1 rows, the puzzle 2"):
        N.parse_drawing(drawing[:1], puzzle)
