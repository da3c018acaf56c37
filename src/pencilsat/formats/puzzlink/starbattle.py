"""puzz.link ``starbattle``: the star count, a ``/``, then the regions as pzprjs'
``decodeBorder``.

pzprjs (``src/variety/starbattle.js``) writes ``starbattle/W/H/K/<borders>``: its
``decodeStarCount`` reads the body up to the first ``/`` as the number of stars per row,
column and region (``+text``: anything but a number gives ``NaN``, refused here), and the
rest as room borders. Its file form (``pzprv3/starbattle/H/W/K/R/...``) gives the count on
its own line, the number of rooms, then each cell's room id (``decodeAreaRoom``); the answer
rows after them are ignored. pzprjs writes no flags and has no cells outside the grid, so a
URL with flags is refused and a puzzle with ``#`` cells has no URL.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.body import Body, body_parts, file_cells, refuse_flags, url_error
from pencilsat.formats.puzzlink.borders import (
    border_length,
    encode_borders,
    read_borders,
    rooms_of,
)
from pencilsat.formats.runs import whole_number
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.starbattle import StarBattlePuzzle

_COUNT_HINT = "the data starts with the number of stars and a '/': starbattle/10/10/2/<borders>"


def decode(body: str, width: int, height: int, column: int, flags: str) -> StarBattlePuzzle:
    refuse_flags(flags, width, height, column, "Star Battle", "starbattle")
    with body_parts(body, column) as parts:
        stars = _read_star_count(parts, border_length(width, height))
        vertical, horizontal = read_borders(parts, width, height, part="region borders")
    return StarBattlePuzzle(Regions(rooms_of(vertical, horizontal)), stars)


def _read_star_count(parts: Body, borders: int) -> int:
    """``decodeStarCount``: the body up to its first ``/``; a 1x1 grid has no borders, and
    its body is the count alone (the frame drops a trailing ``/``)."""
    count, slash, _ = parts.peek(parts.left()).partition("/")
    if whole_number(count) is None:
        raise url_error(f"the star count {count!r} is not a whole number of 1 or more"
                        if slash and count else "the star count is missing",
                        column=parts.column(), hint=_COUNT_HINT)
    if not slash and borders:
        raise url_error("the region borders are missing", column=parts.column(len(count)),
                        hint=_COUNT_HINT)
    return _star_count(parts.take(len(count) + len(slash), "star count", "digit",
                                  "0123456789/").rstrip("/"), parts.column(-len(count)))


def _star_count(text: str, column: int) -> int:
    stars = whole_number(text)
    if stars is None or stars < 1:
        raise url_error(f"the star count {text!r} is not a whole number of 1 or more",
                        column=column, hint=_COUNT_HINT)
    return stars


def encode(puzzle: StarBattlePuzzle) -> str:
    if puzzle.holes.any():
        r, c = (int(v) for v in np.argwhere(puzzle.holes)[0])
        raise InputError(f"row {r + 1}, column {c + 1} is outside the puzzle ('#'), which a "
                         "puzz.link Star Battle cannot write", hint="convert --to text instead")
    return f"{puzzle.stars}/" + encode_borders(*puzzle.regions.border_masks())


def decode_file(lines: list[str], width: int, height: int) -> StarBattlePuzzle:
    """pzprjs' file form: the star count, the number of rooms, then a room id per cell."""
    if len(lines) < 2:
        raise url_error("the pzprv3 Star Battle data ends before the star count and the "
                        "number of rooms", hint="copy the whole URL")
    stars = _star_count(lines[0].strip(), 1)
    ids = []
    for token in file_cells(lines[2:], width, height, "Star Battle room"):
        room = whole_number(token)
        if room is None:
            raise url_error(f"bad room id {token!r} in the pzprv3 data",
                            hint="each cell's room is a number 0, 1, 2, ...")
        ids.append(room)
    return StarBattlePuzzle(Regions.from_labels(np.array(ids).reshape(height, width)), stars)
