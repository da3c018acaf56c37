"""Kanpen's URLs (``?pzpr=``, ``?problem=``), Heyawake-app's and Kanpen's (pencilbox) files, on
made-up puzzles: pzprjs opens each URL as the puzz.link URL beside it (checked with node:
``puzzle.open(url)`` then ``getURL(URL_PZPRV3)``), and pencilsat reads the same puzzle."""

from __future__ import annotations

import pytest

from pencilsat.core.errors import InputError
from pencilsat.formats.detect import read_puzzle
from pencilsat.formats.puzzlink import parse_url
from pencilsat.formats.puzzlink.kanpen import is_kanpen_url

K = "http://www.kanpen.net/"


@pytest.mark.parametrize("kanpen, url", [
    ("masyu.html?problem=2/3/._._1_/._2_._//", "mashu/3/2/16"),
    ("bijutsukan.html?problem=2/3/5_._1_/._0_.//", "akari/3/2/.g6a"),
    ("hitori.html?problem=2/3/1_0_2_/2_1_1//", "hitori/3/2/1.2211"),
    ("heyawake.html?problem=2/3/2/0_0_1_1_2/0_2_1_2//", "heyawake/3/2/a02g"),
    ("yajilin.html?problem=2/3/33_._._/-4_._17//", "yajilin/3/2/21b0.a31"),
    ("hakyukoka.html?problem=2/3/2/0_0_1_/0_1_1_/1_._._/._2_.//", "ripple/3/2/c81i2g"),
    ("kakuro.html?problem=3/3/0_0_0_0/0_1_0_3/0_2_0_4/1_0_3_0/2_0_4_0//", "kakuro/2/2/n3434"),
    ("sudoku.html?problem=4/1_._._._/._._2_._/._3_._._/._._._4_//", "sudoku/4/4/1k2h3k4"),
    ("lits.html?problem=2/3/2/0_0_1_/0_1_1_//", "lits/3/2/c8"),
    ("norinori.html?problem=2/3/2/0_0_1_/0_1_1_//", "norinori/3/2/c8"),
    ("slitherlink.html?problem=2/3/1_._3_/0_._._//", "slither/3/2/63a"),
    ("numberlink.html?problem=2/3/1_._2_/1_._2_//", "numlin/3/2/1g21g2"),
    ("fillomino01.html?problem=2/3/1_._3_/._._._//", "fillomino/3/2/1g3i"),
    ("shakashaka.html?problem=2/3/5_._1_/._0_.//", "shakashaka/3/2/.g6a"),
    ("nurikabe.html?problem=2/3/1_._3_/._._._//", "nurikabe/3/2/1g3i"),
    ("hashi.html?problem=2/3/1_._1_/._._._//", "hashi/3/2/1g1i"),
    ("kurodoko.html?problem=2/3/2_._._/._._3//", "kurodoko/3/2/2j3"),
    ("shikaku.html?problem=2/3/2_._._/._._4//", "shikaku/3/2/2j4"),
])
def test_kanpens_own_data_reads_as_pzprjs_reads_it(kanpen, url):
    assert is_kanpen_url(K + kanpen)
    assert parse_url(K + kanpen) == parse_url(url)


@pytest.mark.parametrize("kanpen, url", [
    ("slitherlink.html?pzpr=3/2/1ba", "slither/3/2/1ba"),
    ("slitherlink.html?pzpr=/3/2/1ba", "slither/3/2/1ba"),  # the empty flags pzprjs writes
    ("lits.html?pzpr=c/3/2/84", "lits/3/2/84"),
    ("masyu.html?pzpr=/3/2/16", "mashu/3/2/16"),
    ("hakyukoka.html?pzpr=/3/2/c81i2g", "ripple/3/2/c81i2g"),
])
def test_a_puzzlink_body_behind_kanpens_page_reads_as_its_url(kanpen, url):
    assert parse_url(K + kanpen) == parse_url(url)
    assert read_puzzle(K + kanpen) == parse_url(url)


@pytest.mark.parametrize("heyaapp", [
    "http://www.geocities.co.jp/heyawake/?problem=3x2/1in2x1/2in1x2/0in2x1",
    K + "heyawake.html?heyawake=3x2/1in2x1/2in1x2/0in2x1",
])
def test_heyawake_apps_rectangles_read_as_pzprjs_reads_them(heyaapp):
    assert parse_url(heyaapp) == parse_url("heyawake/3/2/ao120")


@pytest.mark.parametrize("url, words", [
    (K + "foo.html?problem=2/2/._./._.//", "unknown Kanpen puzzle 'foo'"),
    (K + "nurikabe.html", "no 'problem='"),
    (K + "nurikabe.html?problem=2/3/1_x_3_/._._._//", "bad Nurikabe cell 'x' in the Kanpen"),
    (K + "nurikabe.html?problem=2/3/1_._3_//", "has 3 of 6 cells"),
    (K + "slitherlink.html?pzpr=/3/2/1bazz", "extra data after the last cell"),
    (K + "heyawake.html?problem=2/3/2/0_0_1_1_2/0_1_1_2//", "overlaps another"),
    (K + "heyawake.html?problem=2/3/1/0_0_1_1_2//", "leave row 1, column 3 out"),
    (K + "yajilin.html?problem=2/3/99_._._/._._.//", "bad Yajilin cell '99'"),
    (K + "kakuro.html?problem=3/3/0_0_0_0/5_1_0_3//", "outside the 2x2 grid"),
    (K + "kakuro.html?problem=3/3/0_0_0_0/-1_1_0_3//", "bad Kanpen Kakuro cell '-1 1 0 3'"),
    (K + "tents.html?problem=2/2/._./._.//", "a Kanpen URL of Tents: pencilsat does not read"),
    ("http://www.geocities.co.jp/heyawake/?problem=3x2/1in2x1/2in2x2", "overruns"),
    ("http://www.geocities.co.jp/heyawake/?problem=3x2/1in2x1", "ends before"),
    ("http://www.geocities.co.jp/heyawake/?problem=3x2/3x2/1x1", "1 room\\(s\\) more"),
])
def test_bad_kanpen_urls_are_refused_by_name(url, words):
    with pytest.raises(InputError, match=words):
        parse_url(url)


def test_a_kanpen_url_error_gives_the_column_in_the_users_url():
    url = K + "slitherlink.html?pzpr=/3/2/1bazz"
    with pytest.raises(InputError) as caught:
        parse_url(url)
    assert caught.value.column == url.index("zz") + 1


def test_a_pencilbox_file_is_refused_as_one_not_as_a_sudoku():
    """Kanpen's file (rows, columns, cells, then the answer) names no genre."""
    with pytest.raises(InputError, match="Kanpen \\(pencilbox\\) file"):
        read_puzzle("2\n3\n1 . 3 \n. . . \n")


def test_a_broken_headerless_sudoku_whose_first_row_is_all_digits_keeps_its_sudoku_error():
    with pytest.raises(InputError, match="a Sudoku grid has 4, 9, 16 or 25 rows"):
        read_puzzle("534678912\n6..195...\n.98....6.\n")


def test_a_pencilbox_xml_file_is_refused_as_one():
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n<puzzle type="nurikabe"><size row="2" '
            'col="2"/><board><number r="1" c="1" n="2"/></board></puzzle>\n')
    with pytest.raises(InputError, match="pencilbox\\) XML file"):
        read_puzzle(text)
