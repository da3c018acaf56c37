"""The forms of 2026-11-30 probed from the outside (docs/experiments/known-gaps-history.md,
"Probing the forms of 2026-11-30"): each bad input named for what it is, where it is and how
to fix it, and a pzprjs file (``pzprv3`` on its first line) read as the URL's file form."""

from __future__ import annotations

import pytest
from conftest import CORPUS, run_cli

import pencilsat
from pencilsat.core.errors import InputError
from pencilsat.formats import puzzlink, tatham
from pencilsat.formats.detect import read_puzzle
from pencilsat.puzzles.diagonals import VARIANT_LINE

X4 = "sudoku 4 4 D\n1 . . .\n. . . .\n. . . .\n. . . 4\n"
JIGSAW = (CORPUS / "jigsawsudoku" / "janko" / "651_6x6.txt").read_text()
KILLER = (CORPUS / "killersudoku" / "janko" / "101_4x4.txt").read_text()
NUMBERLINK = (CORPUS / "numberlink" / "janko" / "01_5x5.txt").read_text()
ARUKONE_FILE = ("pzprv3\narukone\n5\n5\npassallcell\nA . . . . \nB . . C . \n. . . . . \n"
                ". A . . B \n. . . . C \n")
ARUKONE_URL = "https://puzz.link/p?arukone/5/5/1j2h3m1h2j3"


def refusal(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read_puzzle(text, "p.txt")
    return caught.value


@pytest.mark.parametrize("text", [
    X4.replace(" D", " D D", 1),
    JIGSAW.replace("jigsawsudoku 6 6", "jigsawsudoku 6 6 D D", 1),
    KILLER.replace("2x2", "2x2 D\tD", 1),
])
def test_the_x_word_given_twice_is_named_at_its_second_place(text):
    error = refusal(text)
    header = text.splitlines()[0]
    assert "'D'" in error.message and "2 times" in error.message
    assert error.line == 1 and header[error.column - 1] == "D" and error.column > 12
    assert "ASCII" not in str(error)


def test_a_bad_sudoku_header_is_quoted_as_written_and_names_the_x_form():
    for header in ("sudoku 1 1 D", "sudoku 4 4 d", "sudoku 6 6 D"):
        error = refusal(header + "\n" + ". . . .\n" * 4)
        assert repr(header) in error.message and "'sudoku N N D'" in error.message
        assert error.hint is None  # "write the size in ASCII digits" was said to them all
    assert "ASCII" in str(refusal("sudoku \u0664 4\n" + ". . . .\n" * 4))


@pytest.mark.parametrize("text", [
    NUMBERLINK.replace("numberlink 5 5", "numberlink 5 5 full full", 1),
    (CORPUS / "masyu" / "janko" / "02_6x6.txt").read_text().replace("6 6", "6 6 full full", 1),
])
def test_a_variant_word_given_twice_is_refused(text):
    error = refusal(text)
    assert "'full' is given 2 times" in error.message and error.line == 1
    assert error.hint.endswith(" full'") and "full full" not in error.hint


@pytest.mark.parametrize(("game_id", "words"), [
    ("solo:6jx:a4d5_3h1c6h4_2c5a,cabab_aa_aabacbababaebc", "solo-jigsaw:"),
    ("solo:2x2xk:p,_caaaba______a_,7_8d9a8_5d3a", "solo-killer:"),
])
def test_a_jigsaw_or_killer_id_under_solo_names_its_own_prefix(game_id, words):
    with pytest.raises(InputError) as caught:
        tatham.parse_game_id(game_id)
    assert words in caught.value.hint and "classic Sudoku only" not in str(caught.value)


@pytest.mark.parametrize(("game_id", "words"), [
    ("3x3x:a8a6", "fills 4 of 81 cells"),
    ("2x2x:1n", "fills 15 of 16 cells"),
    ("6jx:a4d5_3h1c6h4_2c5a,cabab_aa_aabacbababaeb", "not enough data in the boxes"),
    ("6j:a4d5_3h1c6h4_2c5a,", "not enough data in the boxes"),
    ("2x2xk:p,_caaaba______a_,7_8d9a8_5d3", "fills 15 of 16 cells"),
])
def test_a_cut_bare_solo_id_is_named_as_solo_by_its_letters(game_id, words):
    with pytest.raises(InputError) as caught:
        tatham.parse_game_id(game_id)
    assert words in caught.value.message  # it was Bridges', Loopy's or Tents' parameters


def test_a_bare_galaxies_id_with_black_centres_is_told_to_name_its_game():
    game_id = "7x7:CVzIQQXVIS"
    assert tatham.parse_game_id("galaxies:" + game_id).genre == "galaxies"
    with pytest.raises(InputError) as caught:
        tatham.parse_game_id(game_id)
    assert caught.value.hint.endswith("name the game: galaxies:" + game_id)


def test_a_pzprjs_file_reads_as_its_url_form():
    puzzle = read_puzzle(ARUKONE_FILE, "a.txt")
    assert puzzle == puzzlink.parse_url("https://puzz.link/p?" + "/".join(
        ARUKONE_FILE.splitlines()))
    assert puzzle.filled and puzzle == puzzlink.parse_url(ARUKONE_URL)
    ripple = read_puzzle("pzprv3\r\nripple\r\n1\r\n3\r\n0 0 \r\n# . . \r\n\r\n", "r.txt")
    assert ripple == puzzlink.parse_url("pzprv3/ripple/1/3/0 0 /%23 . . /")  # '#': empty


def test_a_pzprjs_file_error_names_the_file_and_its_line():
    with pytest.raises(InputError) as caught:
        read_puzzle(ARUKONE_FILE.replace("arukone", "arukones"), "a.txt")
    assert caught.value.source == "a.txt" and (caught.value.line, caught.value.column) == (2, 1)
    with pytest.raises(InputError) as caught:
        read_puzzle("\n".join(ARUKONE_FILE.splitlines()[:8]), "a.txt")
    assert "has 15 of 25 cells" in caught.value.message and "whole file" in caught.value.hint
    assert "Sudoku" not in str(caught.value)


def test_a_short_row_of_a_pzprv3_form_is_named():
    with pytest.raises(InputError) as caught:
        puzzlink.parse_url("https://puzz.link/p?pzprv3/fillomino/2/2/T/1 . /. . /")
    assert "has 3 of 4 cells: its row 1, 'T', has 1 of 2" in caught.value.message


@pytest.mark.parametrize(("row", "words"), [
    (". # . . .", "a gap is a cell of the grid, not a clue"),
    (". . . . ?", "not in the text format"),
], ids=["gap-on-the-border", "question-mark"])
def test_a_skyscrapers_mark_out_of_place_is_named_as_such(row, words):
    text = "skyscrapers 3 3 3\n" + row + "\n" + ". . . . .\n" * 4
    error = refusal(text)
    assert words in error.message and error.line == 2 and row[error.column - 1] in "#?"


def test_a_skyscrapers_given_out_of_range_says_the_grid_range():
    error = refusal("skyscrapers 3 3 3\n. . . . .\n. 7 . . .\n" + ". . . . .\n" * 3)
    assert "unknown given cell '7'" in error.message and "1..3" in error.message
    assert "1..5" not in str(error)  # the frame's width, said before


def test_a_numberlink_number_too_large_says_so():
    error = refusal("numberlink 2 1 full\n1000000 1000000\n")
    assert "too large" in error.message and "999999" in error.hint


def test_a_drawing_of_the_x_variant_is_named_for_a_plain_puzzle(tmp_path):
    for text in (X4, KILLER.replace("2x2", "2x2 D", 1)):
        plain, x = tmp_path / "plain.txt", tmp_path / "x.txt"
        plain.write_text(text.replace(" D", "", 1))
        x.write_text(text)
        status, out, _ = run_cli("solve", str(x))
        (tmp_path / "out.txt").write_text(out)
        marked = out.split("\n\n")[1]  # the drawing, its last line the variant's
        assert status in (0, 1) and marked.endswith(VARIANT_LINE)
        (tmp_path / "bare.txt").write_text(out.replace(VARIANT_LINE + "\n", ""))
        assert pencilsat.check(str(x), str(tmp_path / "out.txt")) == []
        assert pencilsat.check(str(x), str(tmp_path / "bare.txt")) == []
        with pytest.raises(InputError, match="the puzzle a plain") as caught:
            pencilsat.check(str(plain), str(tmp_path / "out.txt"))
        assert caught.value.line == out.splitlines().index(VARIANT_LINE) + 1


def test_a_folder_that_is_no_certificate_is_named_once(tmp_path):
    from pencilsat.certify.store import check_folder

    with pytest.raises(InputError) as caught:
        check_folder(tmp_path)
    assert str(caught.value).count(str(tmp_path)) == 2  # the source, and the file's path
    assert str(caught.value).startswith(f"{tmp_path}: not a certificate folder")


def test_a_puzzles_text_given_as_a_path_is_named_as_text():
    with pytest.raises(InputError) as caught:
        pencilsat.solve(NUMBERLINK)
    assert "has 6 lines: a puzzle's text" in caught.value.message
    assert "parse_puzzle" in caught.value.hint and NUMBERLINK not in str(caught.value)


def test_the_x_hint_solves_within_the_runs_memory_budget():
    import time

    from pencilsat.strategies.front import solve
    from pencilsat.strategies.x_hint import add_x_hint

    puzzle = pencilsat.read_puzzle(str(CORPUS / "jigsawsudoku" / "janko" / "651_6x6.txt"))
    hinted, starved = solve(puzzle), solve(puzzle)
    assert hinted.verdict.value == starved.verdict.value == "multiple"
    add_x_hint(hinted, None, time.perf_counter())
    add_x_hint(starved, None, time.perf_counter(), max_memory=10**6)  # the X model: more
    assert hinted.x_variant is not None and starved.x_variant is None
