"""Heyawake-app's URLs (``geocities.jp/heyawake/?problem=`` and Kanpen's ``?heyawake=``), as
pzprjs' ``decodeHeyaApp`` reads them (robx/pzprjs ``src/variety/heyawake.js``).

The data is ``<W>x<H>`` then one ``/``-separated item per room, ``[<N>in]<w>x<h>``: a
rectangle of ``w`` columns and ``h`` rows whose top-left corner is the first cell (row-major)
not yet in a room, with the number ``N`` in that corner. pzprjs skips an item it cannot
read and lets a rectangle overrun the grid or another room; pencilsat refuses both.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.borders import paint_room, room_borders, rooms_of
from pencilsat.formats.runs import check_size
from pencilsat.puzzles.heyawake import NO_CLUE, HeyawakePuzzle

SOURCE = "<url>"
_SIZE = re.compile(r"(\d+)x(\d+)")
_ROOM = re.compile(r"(?:(\d+)in)?(\d+)x(\d+)")
_HOW = "Heyawake-app's data is <W>x<H>/<room>/<room>/..., a room [<N>in]<w>x<h>"


def parse_heyaapp(data: str, column: int) -> HeyawakePuzzle:
    """The Heyawake of Heyawake-app's ``data`` (after ``?problem=``; ``column``: where it
    starts in the URL)."""
    items = data.rstrip("/").split("/")
    size = _SIZE.fullmatch(items[0])
    if size is None:
        raise InputError(f"Heyawake-app's data starts with the size <W>x<H>, not {items[0]!r}",
                         source=SOURCE, column=column, hint=_HOW)
    width, height = check_size(int(size.group(1)), int(size.group(2)), SOURCE, column, _HOW)
    ids = np.full((height, width), -1, dtype=np.int32)
    clues = np.full((height, width), NO_CLUE, dtype=np.int32)
    at = column + len(items[0]) + 1
    rooms = iter(enumerate(items[1:]))
    for cell in range(width * height):
        r, c = divmod(cell, width)
        if ids[r, c] >= 0:
            continue
        index, item = next(rooms, (-1, ""))
        where = f"the room at row {r + 1}, column {c + 1}"
        room = _ROOM.fullmatch(item)
        if room is None:
            raise InputError(f"{where}: {item!r} is not a room" if index >= 0
                             else f"the data ends before {where}", source=SOURCE,
                             column=at, hint=_HOW)
        cols, rows = int(room.group(2)), int(room.group(3))
        if not paint_room(ids, r, c, rows, cols, index):
            raise InputError(f"{where}, {item!r}, overruns the grid or another room",
                             source=SOURCE, column=at,
                             hint="Heyawake-app's rooms are rectangles side by side; a room "
                                  "of another shape has no Heyawake-app form")
        if room.group(1) is not None:
            clues[r, c] = int(room.group(1))
        at += len(item) + 1
    left = sum(1 for _ in rooms)
    if left:
        raise InputError(f"the data has {left} room(s) more than the grid holds",
                         source=SOURCE, column=at, hint="check the size or the rooms")
    try:
        return HeyawakePuzzle(rooms_of(*room_borders(ids)), clues)
    except ValueError as exc:
        raise InputError(f"Heyawake-app's rooms and numbers do not fit: {exc}", source=SOURCE,
                         column=column, hint="check the numbers") from None
