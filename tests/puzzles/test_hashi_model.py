"""Hashiwokakero's model: text formats and their errors, puzz.link, SVG, and the rule checker
on a hand-broken solution for each rule."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.core.registry import rules_of
from pencilsat.formats.detect import convert, read_puzzle
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.pzprv3_file import read_pzprv3_file
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import hashi as H

JANKO = CORPUS / "hashi" / "janko"

# pzprjs' own example (test/script/hashikake.js) and its accepted answer, drawn as the grid.
PZPRJS_URL = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"
PZPRJS_TEXT = "hashi 5 5\n4.2..\n.3..2\n3....\n.3.1.\n3.4.3\n"
PZPRJS_ANSWER = "hashi-solution 5 5\n4=2..\nH3--2\n3H..|\n|3-1|\n3=4=3\n"


def puzzle(text: str = PZPRJS_TEXT) -> H.HashiPuzzle:
    return H.parse_puzzle(text)


def rules_broken(rows: list[str], text: str = PZPRJS_TEXT) -> list[tuple[str, object]]:
    return [(v.rule, v.cell) for v in H.check(puzzle(text), H.solution_from_rows(rows))]


def test_the_pzprjs_answer_is_valid():
    assert H.check(puzzle(), H.parse_solution(PZPRJS_ANSWER)) == []


def test_every_stored_janko_solution_passes_the_checker():
    files = sorted(JANKO.glob("*.txt"))
    assert len(files) > 800
    for path in files[::20]:
        p = H.parse_puzzle(path.read_text())
        assert H.check(p, H.parse_solution(path.with_suffix(".sol").read_text(), p)) == [], path


# ------------------------------------------------------------------ the checker, rule by rule


def test_an_island_with_too_few_bridges_is_named():
    # the double bridge 4=2 made single: both ends lose one
    broken = rules_broken(["4-2..", "H3--2", "3H..|", "|3-1|", "3=4=3"])
    assert broken == [("island-bridges", (0, 0)), ("island-bridges", (0, 2))]


def test_a_bridge_that_ends_in_water_is_named():
    broken = rules_broken(["4=2..", "H3--2", "3H..|", "|3-1|", "3=4=3"][:3]
                          + ["|3-1.", "3=4=3"])
    assert ("bridge-open-end", (2, 4)) in broken


def test_a_bridge_that_changes_on_the_way_is_named():
    broken = rules_broken(["4=2..", "H3-=2", "3H..|", "|3-1|", "3=4=3"])
    assert ("bridge-open-end", (1, 2)) in broken and ("bridge-open-end", (1, 3)) in broken


def test_islands_cut_off_from_the_others_are_named():
    text = "hashi 5 3\n1.1..\n.....\n2...2\n"
    assert rules_broken(["1-1..", ".....", "2===2"], text) == [
        ("islands-not-connected", (2, 0))]


def test_a_solution_showing_other_islands_is_named():
    broken = rules_broken(["4=2..", "H3--2", "3H..|", "|3-1|", "3=4=2"])
    assert ("islands-differ", (4, 4)) in broken


def test_a_bridge_on_an_island_cell_is_named():
    solution = H.HashiSolution(np.array([[0, 1, 1]]), np.array([[1, 0, 1]]))
    broken = [(v.rule, v.cell) for v in H.check(puzzle("hashi 3 1\n1.1\n"), solution)]
    assert ("bridge-on-island", (0, 2)) in broken


def test_a_solution_of_another_size_is_refused():
    violations = H.check(puzzle(), H.solution_from_rows(["..", ".."]))
    assert [v.rule for v in violations] == ["size"] and violations[0].cell is None


def test_an_odd_total_is_a_reason_for_no_solution():
    assert "add up to 3" in (H.odd_total(puzzle("hashi 3 1\n1.2\n")) or "")
    assert H.odd_total(puzzle()) is None


# ------------------------------------------------------------------ text formats


def test_corpus_texts_round_trip():
    for path in sorted(JANKO.glob("*.txt"))[::20]:
        text = path.read_text()
        assert H.format_puzzle(H.parse_puzzle(text)) == text
        sol = path.with_suffix(".sol").read_text()
        assert H.format_solution(None, H.parse_solution(sol)) == sol


def test_solution_rows_and_the_drawing_read_back():
    p = puzzle()
    sol = H.parse_solution(PZPRJS_ANSWER)
    rows = rules_of(p).solution_rows(p, sol)
    assert rows == PZPRJS_ANSWER.split("\n")[1:-1]
    assert H.draw_text(p, sol).splitlines() == rows
    assert H.solution_from_drawing(rows, p) == sol
    assert H.draw_text(p) == PZPRJS_TEXT.split("\n", 1)[1]


def test_question_mark_islands_read_write_and_take_any_count():
    p = puzzle("hashi 5 1\n?.?.2\n")
    assert p.islands() == [((0, 0), None), ((0, 2), None), ((0, 4), 2)]
    assert H.format_puzzle(p) == "hashi 5 1\n?.?.2\n"
    answer = H.parse_solution("hashi-solution 5 1\n?-?=2\n")
    assert H.check(p, answer) == []
    assert H.solution_rows(p, answer) == ["?-?=2"]
    assert [v.rule for v in H.check(p, H.solution_from_rows(["?-?-2"]))] == ["island-bridges"]
    assert H.odd_total(puzzle("hashi 3 1\n?.1\n")) is None


def test_differing_cells_are_the_water_cells_whose_bridge_differs():
    first = H.solution_from_rows(["1-1", "..."])
    assert first.differing_cells(H.solution_from_rows(["1=1", "..."])) == [(0, 1)]


@pytest.mark.parametrize(("text", "line", "column", "says"), [
    ("hashi 3 1\n1x1\n", 2, 2, "unknown character 'x'"),
    ("hashi 3 1\n1.9\n", 2, 3, "unknown character '9'"),
    ("hashi 3 1\n1.0\n", 2, 3, "unknown character '0'"),
    ("hashi 3 1\n1.!\n", 2, 3, "'?' an island without a number"),
    ("hashi 3 1\n1.\n", 2, 3, "row has 2 cells"),
    ("hashi 2 2\n1.\n", 3, None, "expected 2 rows"),
    ("hashi 3 2\n1..\n\n.11\n", 4, 3, "side by side"),
    ("hashi 2 2\n1.\n1.\n", 3, 1, "side by side"),
    ("hashi two 2\n", 1, None, "size must be two whole numbers"),
    ("masyu 2 2\n", 1, 1, "expected the header"),
])
def test_input_errors_give_line_and_column(text, line, column, says):
    with pytest.raises(InputError) as err:
        H.parse_puzzle(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert says in err.value.message + err.value.hint


def test_a_bad_solution_character_gives_line_and_column():
    with pytest.raises(InputError) as err:
        H.parse_solution("hashi-solution 2 1\n.x\n")
    assert (err.value.line, err.value.column) == (2, 2)


def test_detection_reads_the_header():
    assert read_puzzle(PZPRJS_TEXT) == puzzle()
    assert convert(puzzle(), "text") == PZPRJS_TEXT


# ------------------------------------------------------------------ puzz.link


def test_the_pzprjs_example_url_reads_and_writes_back():
    assert parse_url(PZPRJS_URL) == puzzle()
    assert to_url(puzzle()) == PZPRJS_URL
    assert parse_url("https://puzz.link/p?bridges/5/5/4g2i3h23k3g1g3g4g3") == puzzle()


def test_a_question_mark_island_in_a_url():
    p = parse_url("https://puzz.link/p?hashikake/3/1/.g1")
    assert H.format_puzzle(p) == "hashi 3 1\n?.1\n"
    assert to_url(p) == "https://puzz.link/p?hashikake/3/1/.g1"


def test_corpus_puzzles_round_trip_through_a_url():
    for path in sorted(JANKO.glob("*.txt"))[::7]:
        p = H.parse_puzzle(path.read_text())
        assert parse_url(to_url(p)) == p, path


@pytest.mark.parametrize(("url", "column", "says"), [
    ("https://puzz.link/p?hashikake/v/5/5/4g2i3h23k3g1g3g4g3", 31, "no flags"),
    ("hashikake/5/5/4g2i3h23k3g1g3g4g3g", 33, "extra data"),
    ("hashikake/5/5/9g2i3h23k3g1g3g4g3", 15, "island number 9"),
    ("hashikake/3/1/11g", 15, "side by side"),
    ("hashikake/5/5/4g2i", 19, "truncated"),
])
def test_url_errors_give_the_column(url, column, says):
    with pytest.raises(InputError) as err:
        parse_url(url)
    assert err.value.column == column and says in str(err.value)


def test_a_file_pzprjs_saved_reads_to_its_islands():
    """A made-up 4x3 Hashiwokakero as pzprjs saves it: the islands (``-`` a ``?`` one), then
    the player's bridges (not read)."""
    saved = ("pzprv3\nhashikake\n3\n4\n2 . . 3 \n. . . . \n- . . 1 \n"
             "2 2 2 \n0 0 0 \n0 0 0 \n0 0 0 1 \n0 0 0 1 \n")
    puzzle = read_pzprv3_file(saved)
    assert H.format_puzzle(puzzle) == "hashi 4 3\n2..3\n....\n?..1\n"
    with pytest.raises(InputError, match="side by side"):
        read_pzprv3_file(saved.replace("2 . . 3", "2 3 . ."))
    with pytest.raises(InputError, match="bad Hashiwokakero cell '9'"):
        read_pzprv3_file(saved.replace("2 . . 3", "9 . . 3"))


# ------------------------------------------------------------------ SVG


def test_svg_draws_islands_single_and_double_bridges_and_differences():
    p = puzzle()
    first = H.parse_solution(PZPRJS_ANSWER)
    second = H.solution_from_rows(["4=2..", "H3--2", "3H..|", "|3-1|", "3-4=3"])
    root = ET.fromstring(draw_svg(p, first, second))
    classes = [e.get("class") for e in root.iter()]
    assert classes.count("island") == 2 * 10
    # nine bridges, five of them double: 14 lines, then 13 with 3=4 made single
    assert classes.count("bridge") == 14 + 13
    marks = [(e.get("data-row"), e.get("data-col")) for e in root.iter()
             if e.get("class") == "difference"]
    assert marks == [("4", "1"), ("4", "1")]
