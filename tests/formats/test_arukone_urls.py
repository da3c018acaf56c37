"""puzz.link ``arukone`` (Numberlink, every cell on a line unless the flag ``e``): reading,
round trips through the registry, the flag, and pzprjs' file form."""

from __future__ import annotations

import pytest
from conftest import CORPUS

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.puzzles import numberlink as N

EXAMPLE = "1j2h3m1h2j3"
"""pzprjs' ``numlin`` example body, a 5x5 grid; ``arukone`` has the same body."""


def test_arukone_reads_the_numlin_body_filled_and_e_unfilled():
    plain = parse_url("https://puzz.link/p?numlin/5/5/" + EXAMPLE)
    filled = parse_url("https://puzz.link/p?arukone/5/5/" + EXAMPLE)
    unfilled = parse_url("https://puzz.link/p?arukone/e/5/5/" + EXAMPLE)
    assert not plain.filled and filled.filled and not unfilled.filled
    assert (filled.numbers == plain.numbers).all()
    assert unfilled == plain != filled


def test_urls_round_trip_with_the_type_saying_the_rule():
    files = sorted((CORPUS / "numberlink").rglob("*.txt"))[::25]
    assert files
    for path in files:
        plain = N.parse_puzzle(path.read_text(), path.stem)
        filled = N.NumberlinkPuzzle(plain.numbers, filled=True)
        assert "?numlin/" in to_url(plain) and "?arukone/" in to_url(filled)
        assert parse_url(to_url(filled)) == filled
        assert parse_url(to_url(plain)) == plain


@pytest.mark.parametrize(("url", "words"), [
    ("numlin/e/5/5/" + EXAMPLE, "no flags for numlin"),
    ("arukone/x/5/5/" + EXAMPLE, "unknown arukone flag 'x'"),
    ("arukone/5/5/" + EXAMPLE[:-1], "truncated"),
])
def test_bad_urls_are_named(url, words):
    with pytest.raises(InputError, match=words):
        parse_url("https://puzz.link/p?" + url)


def test_the_file_form_reads_the_rule_line_and_letters():
    cells = "/A . . . . /B . . C . /. . . . . /. A . . B /. . . . C "
    filled = parse_url("https://puzz.link/p?pzprv3/arukone/5/5/passallcell" + cells)
    plain = parse_url("https://puzz.link/p?pzprv3/arukone/5/5/dontpassallcell" + cells)
    assert filled == parse_url("https://puzz.link/p?arukone/5/5/" + EXAMPLE)
    assert plain == parse_url("https://puzz.link/p?numlin/5/5/" + EXAMPLE)
    with pytest.raises(InputError, match="passallcell"):
        parse_url("https://puzz.link/p?pzprv3/arukone/5/5" + cells)
    unknown = parse_url("https://puzz.link/p?pzprv3/arukone/5/5/passallcell"
                        + cells.replace("C", "-"))  # '-': a '?' end, as in numlin's form
    assert unknown.filled and (unknown.numbers == N.UNKNOWN).sum() == 2
    assert parse_url(to_url(unknown)) == unknown


def test_a_file_short_of_cells_says_pzprjs_writes_no_letter_past_52():
    """pzprjs's arukone file leaves out a cell whose number has no letter (above 52): the
    file is short, and the error says to copy the URL."""
    short = "/A . . . . /B . . C . /. . . . . /. A . . B /. . . . "
    with pytest.raises(InputError, match="has 24 of 25 cells") as err:
        parse_url("https://puzz.link/p?pzprv3/arukone/5/5/passallcell" + short)
    assert "copy the whole URL" in (err.value.hint or "") and "above 52" in err.value.hint
