"""Norinori's puzz.link codec (pzprjs' own example in its URL and both file forms, round
trips of corpus puzzles, errors) and its SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import norinori as N

JANKO = CORPUS / "norinori" / "janko"

# pzprjs' own example (test/script/norinori.js): its URL, the same board in the old file
# form (room ids) with the answer it accepts, and a 4x4 one-room board in the newer form.
PZPRJS_URL = "https://puzz.link/p?norinori/5/5/cag4ocjo"
PZPRJS_ROOM_IDS = ["0 0 1 2 2", "1 1 1 2 2", "1 3 3 2 2", "3 3 3 3 3", "4 4 3 3 3"]
PZPRJS_ANSWER = ["# # + + +", "+ + # # +", "# # + + #", "+ + . . #", "# # + . ."]
PZPRJS_BORDER_FILE = ("pzprv3.1/norinori/4/4/0 0 0 /0 0 0 /0 0 0 /0 0 0 /0 0 0 0 /0 0 0 0 /"
                      "0 0 0 0 /. . # . /. . # . /. . . . /# # . . /")


def test_the_pzprjs_example_reads_as_its_file_form_says():
    p = parse_url(PZPRJS_URL)
    assert p.regions.ids.tolist() == [[int(v) for v in row.split()] for row in PZPRJS_ROOM_IDS]
    rows = ["".join("#" if token == "#" else "." for token in row.split())
            for row in PZPRJS_ANSWER]
    assert N.check(p, N.FORMAT.from_rows(rows)) == []
    assert to_url(p) == PZPRJS_URL


def test_the_old_file_form_gives_the_same_puzzle():
    lines = ["5", *(row + " " for row in PZPRJS_ROOM_IDS), *(row + " " for row in PZPRJS_ANSWER)]
    assert parse_url("pzprv3/norinori/5/5/" + "/".join(lines) + "/") == parse_url(PZPRJS_URL)


def test_the_border_file_form_reads_its_borders():
    assert parse_url(PZPRJS_BORDER_FILE).regions.count == 1
    with_border = PZPRJS_BORDER_FILE.replace("4/4/0 0 0 /", "4/4/0 1 0 /", 1)
    assert parse_url(with_border).regions.count == 1  # a border inside one piece parts nothing
    cut_across = PZPRJS_BORDER_FILE.replace("/0 0 0 0 /0 0 0 0 /0 0 0 0 /",
                                            "/0 0 0 0 /1 1 1 1 /0 0 0 0 /", 1)
    assert parse_url(cut_across).regions.ids.tolist() == [[0] * 4] * 2 + [[1] * 4] * 2


def test_janko_puzzles_round_trip_through_urls():
    paths = sorted(JANKO.glob("*.txt"))
    assert len(paths) >= 200
    for path in paths[::10]:
        p = N.parse_puzzle(path.read_text())
        url = to_url(p)
        assert parse_url(url) == p, path
        assert to_url(parse_url(url)) == url


@pytest.mark.parametrize("flag", ["c", "d"])
def test_lits_flags_mean_nothing_for_norinori_and_are_read(flag):
    assert parse_url(PZPRJS_URL.replace("norinori/", f"norinori/{flag}/")) == \
        parse_url(PZPRJS_URL)


@pytest.mark.parametrize(("url", "message"), [
    (PZPRJS_URL[:-1], "truncated room borders"),
    (PZPRJS_URL + "0", "extra data"),
    (PZPRJS_URL.replace("norinori/", "norinori/x/"), "unknown norinori flag 'x'"),
    (PZPRJS_URL.replace("cag4", "cag!"), "bad character"),
    ("pzprv3.1/norinori/2/2/0 /2 /0 0 /", "bad vertical border mark '2'"),
    ("pzprv3.1/norinori/2/2/0 /", "data has"),
])
def test_bad_urls_are_input_errors_naming_the_part(url, message):
    with pytest.raises(InputError, match=message):
        parse_url(url)


def test_the_svg_outlines_regions_and_shades_the_answer():
    p = parse_url(PZPRJS_URL)
    rows = ["".join("#" if token == "#" else "." for token in row.split())
            for row in PZPRJS_ANSWER]
    svg = draw_svg(p, N.FORMAT.from_rows(rows))
    root = ET.fromstring(svg)
    rects = [e for e in root.iter() if e.tag.endswith("rect")]
    shaded = int(np.sum([row.count("#") for row in rows]))
    assert len([e for e in rects if e.get("class") == "shaded"]) == shaded
    rooms = next(e for e in root.iter() if e.get("class") == "rooms")
    right, below = p.regions.border_masks()
    assert len(list(rooms)) == int(right.sum() + below.sum())
