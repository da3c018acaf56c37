"""The shared export frames read back what a codec wrote and refuse it when the reader does:
a codec's own checks (Shikaku's area, Nonogram's fit, Tents' counts) may miss a case, and an
editor must never be handed a URL or game ID that pencilsat itself cannot read."""

from __future__ import annotations

import pytest

from pencilsat.core.errors import InputError
from pencilsat.core.registry import load
from pencilsat.formats.puzzlink import to_url
from pencilsat.formats.tatham import to_game_id
from pencilsat.puzzles import tents as T

PUZZLE = T.parse_puzzle("tents 4 4\n1 0 0 0\nT... 1\n.... 0\n.... 0\n.... 0\n")


def test_a_sound_puzzle_is_written_as_before():
    assert to_game_id(PUZZLE).startswith("4x4:")
    assert to_url(PUZZLE).startswith("https://puzz.link/p?tents/4/4/")


def test_a_game_id_the_reader_refuses_is_never_written(monkeypatch):
    codec = load("pencilsat.formats.tatham.tents")
    monkeypatch.setattr(codec, "encode", lambda puzzle: "4x4:zz,1,0,0,0,1,0,0,0")
    with pytest.raises(InputError, match="would be refused by the reader"):
        to_game_id(PUZZLE)


def test_a_url_the_reader_refuses_is_never_written(monkeypatch):
    codec = load("pencilsat.formats.puzzlink.tents")
    monkeypatch.setattr(codec, "encode", lambda puzzle: "!!!")
    with pytest.raises(InputError, match="would be refused by the reader"):
        to_url(PUZZLE)
