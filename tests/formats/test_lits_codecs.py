"""LITS' puzz.link codec (pzprjs' own example, both forms, round trips, errors) and its SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import corpus_pairs

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg
from pencilsat.puzzles import lits

PAIRS = corpus_pairs("lits/janko")

# pzprjs' own example (test/script/lits.js): its URL and the regions its file form gives.
PZPRJS_URL = "https://puzz.link/p?lits/4/4/9q02jg"
PZPRJS_REGIONS = [[0, 0, 1, 1], [0, 0, 1, 2], [0, 1, 1, 2], [2, 2, 2, 2]]


def has_blocked(path) -> bool:
    return "#" in path.read_text().split("\n", 1)[1]


def test_the_pzprjs_example_reads_as_its_file_form_says():
    p = parse_url(PZPRJS_URL)
    assert p.region_ids.tolist() == PZPRJS_REGIONS
    assert to_url(p) == PZPRJS_URL


def test_janko_puzzles_round_trip_through_urls():
    for txt, _ in [pair for pair in PAIRS if not has_blocked(pair[0])][::20]:
        p = lits.parse_puzzle(txt.read_text())
        assert parse_url(to_url(p)) == p, txt.name


def old_form(p: lits.LitsPuzzle) -> str:
    """The first form's body: a character per cell, side-by-side regions apart (greedy
    colouring of the region graph)."""
    ids = p.region_ids
    touching: dict[int, set[int]] = {}
    for a, b in p.regions.borders():
        touching.setdefault(int(ids[a]), set()).add(int(ids[b]))
        touching.setdefault(int(ids[b]), set()).add(int(ids[a]))
    colour: dict[int, str] = {}
    for region in range(p.regions.count):
        taken = {colour.get(n) for n in touching.get(region, ())}
        colour[region] = next(ch for ch in "0123456789abcdef" if ch not in taken)
    return "".join(colour[int(v)] for v in p.region_ids.ravel())


def test_the_first_form_with_flag_d_reads_the_same_regions():
    for txt, _ in [pair for pair in PAIRS if not has_blocked(pair[0])][::60]:
        p = lits.parse_puzzle(txt.read_text())
        assert parse_url(f"lits/d/{p.width}/{p.height}/{old_form(p)}") == p, txt.name
    assert parse_url("lits/c/4/4/9q02jg") == parse_url(PZPRJS_URL)


def test_one_character_per_cell_is_needed_in_the_first_form():
    with pytest.raises(InputError, match="truncated regions"):
        parse_url("lits/d/4/4/000011112222333")
    with pytest.raises(InputError, match="too many"):
        parse_url("lits/d/4/4/00001111222233330")
    with pytest.raises(InputError, match="needs one character per cell"):
        parse_url("lits/d/4/4/")


def test_cut_or_lengthened_bodies_and_unknown_flags_are_refused():
    with pytest.raises(InputError, match="truncated"):
        parse_url("lits/4/4/9q02j")
    with pytest.raises(InputError, match="extra data|bad character"):
        parse_url("lits/4/4/9q02jg0")
    with pytest.raises(InputError, match="unknown lits flag"):
        parse_url("lits/x/4/4/9q02jg")


def test_a_puzzle_with_blocked_cells_has_no_url():
    blocked = [txt for txt, _ in PAIRS if has_blocked(txt)]
    assert blocked
    p = lits.parse_puzzle(blocked[0].read_text())
    with pytest.raises(InputError, match="blocked cells"):
        to_url(p)


def test_the_svg_shows_regions_letters_and_blocked_cells():
    txt, sol = next(pair for pair in PAIRS if has_blocked(pair[0]))
    p = lits.parse_puzzle(txt.read_text())
    s = lits.parse_solution(sol.read_text())
    root = ET.fromstring(draw_svg(p, s))
    texts = [el.text for el in root.iter() if el.get("class") == "letter"]
    assert sorted(texts) == sorted(ch for ch in "".join(lits.solution_rows(p, s)) if ch in "LITS")
    shaded = [el for el in root.iter() if el.get("class") == "shaded"]
    assert len(shaded) == int(s.shaded.sum()) + int(p.blocked.sum())
    assert any(el.get("class") == "rooms" for el in root.iter())
    assert np.array_equal(p.blocked, s.letters == "#")


# ------------------------------------------------------------------ pzprjs' file form

@pytest.mark.parametrize("file, url", [
    ("pzprv3.1/lits/3/4/0 1 0 /0 1 0 /0 1 1 /1 0 0 0 /0 0 1 1 /. %23 . . /", "lits/4/3/96gc"),
    ("pzprv3/lits/3/4/3/0 0 1 1 /2 2 1 1 /2 2 1 1 /", "lits/4/3/94o0"),
])
def test_both_versions_of_pzprjs_file_read_the_puzzle_of_its_url(file, url):
    """Made-up regions, as borders (``pzprv3.1``) and as room ids (``pzprv3``); pzprjs opens
    the files as the URLs (checked with node)."""
    assert parse_url(file) == parse_url(url)


def test_a_bad_border_mark_of_the_file_form_is_named():
    with pytest.raises(InputError, match="bad vertical border mark '2'"):
        parse_url("pzprv3.1/lits/2/2/2 /0 /0 0 /")
