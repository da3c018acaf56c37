"""puzz.link ``norinori``: the regions as pzprjs' ``decodeBorder``, and nothing else.

pzprjs (``src/variety/lits.js``, which Norinori shares with LITS) reads a Norinori body as
room borders whatever its flags: the ``c`` and ``d`` flags choose LITS' older encoding and
mean nothing for Norinori, so they are read and ignored as pzprjs does; any other flag is
refused. Its file form is read in both versions pzprjs writes: ``pzprv3.1`` (H lines of
W - 1 vertical border marks, then H - 1 lines of W horizontal ones, ``1`` a border,
``decodeBorderQues``) and the older ``pzprv3`` (the number of rooms, then a room id per
cell, ``decodeAreaRoom``); the answer lines after them are ignored.
"""

from __future__ import annotations

from pencilsat.formats.puzzlink.borders import (
    decode_borders,
    encode_borders,
    file_rooms,
    rooms_of,
)
from pencilsat.puzzles.norinori import NorinoriPuzzle
from pencilsat.puzzles.regions import Regions

FLAGS = {"c": "LITS' newer encoding, no meaning for Norinori",
         "d": "LITS' older encoding, no meaning for Norinori"}


def decode(body: str, width: int, height: int, column: int, flags: str) -> NorinoriPuzzle:
    vertical, horizontal = decode_borders(body, width, height, column)
    return NorinoriPuzzle(Regions(rooms_of(vertical, horizontal)))


def encode(puzzle: NorinoriPuzzle) -> str:
    return encode_borders(*puzzle.regions.border_masks())


def decode_file(lines: list[str], width: int, height: int) -> NorinoriPuzzle:
    """pzprjs' file form, either version (:func:`.borders.file_rooms` tells them apart)."""
    rooms, _ = file_rooms(lines, width, height, "Norinori")
    return NorinoriPuzzle(Regions(rooms))
