"""pzprjs' ``decodeBorder`` / ``encodeBorder`` (``src/variety-common/Encode.js``): room
borders as bits, and the rooms they enclose.

The body starts with one bit per vertical border (between cells (r, c) and (r, c + 1),
row-major: ``(W - 1) * H`` bits), then one per horizontal border (between (r, c) and
(r + 1, c): ``W * (H - 1)`` bits), each part in base-32 characters of five bits, the first
bit the highest, the last character padded with zeros. Heyawake writes its rooms this way
(and pzprjs many other room genres: Shikaku's answer, LITS, Norinori, ...). The rooms are
the 4-connected pieces of cells that no border separates, in order of their first cell
(row-major), as pzprjs' room graph numbers them.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import Body, decode_whole, file_cells, url_error
from pencilsat.formats.runs import describe_char

BASE32 = "0123456789abcdefghijklmnopqrstuv"


def border_length(width: int, height: int) -> int:
    """Characters of the border part of a body."""
    return -(-(width - 1) * height // 5) + -(-width * (height - 1) // 5)


def read_borders(body: Body, width: int, height: int,
                 part: str = "room borders") -> tuple[np.ndarray, np.ndarray]:
    """The vertical ``(H, W - 1)`` and horizontal ``(H - 1, W)`` border bits, the next
    ``border_length`` characters of ``body``; errors name the column."""
    total = border_length(width, height)
    for i, ch in enumerate(body.peek(total)):  # a bad character first: it explains the rest
        if ch not in BASE32:
            raise url_error(f"bad character {describe_char(ch)} in the {part}",
                            column=body.column(i), hint=f"the {part} are written with 0-9 and a-v")
    at = body.column()
    text = body.take(total, part, "border", BASE32)
    parts: list[np.ndarray] = []
    start = 0
    for count, shape in (((width - 1) * height, (height, width - 1)),
                         (width * (height - 1), (height - 1, width))):
        chars = -(-count // 5)
        bits = [BASE32.index(ch) >> (4 - k) & 1 for ch in text[start:start + chars]
                for k in range(5)]
        if any(bits[count:]):
            raise url_error(f"the last character of the {part} sets a border beyond the grid",
                            column=at + start + chars - 1,
                            hint="check the size or the last border character")
        parts.append(np.array(bits[:count], dtype=bool).reshape(shape))
        start += chars
    return parts[0], parts[1]


def decode_borders(body: str, width: int, height: int,
                   column: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`read_borders` of a body that is the border part alone."""
    return decode_whole(body, column, lambda b: read_borders(b, width, height))


def encode_borders(vertical: np.ndarray, horizontal: np.ndarray) -> str:
    out = []
    for bits in (vertical.ravel().tolist(), horizontal.ravel().tolist()):
        padded = bits + [False] * (-len(bits) % 5)
        for i in range(0, len(padded), 5):
            out.append(BASE32[sum(16 >> k for k in range(5) if padded[i + k])])
    return "".join(out)


def file_borders(lines: list[str], width: int,
                 height: int) -> tuple[np.ndarray, np.ndarray]:
    """pzprjs' file form of the borders (``decodeBorderQues``): ``height`` lines of
    ``width - 1`` vertical border marks, then ``height - 1`` lines of ``width`` horizontal
    ones, ``1`` a border and ``0`` none; the lines after them are not read."""
    return (_file_marks(lines[:height], width - 1, height, "vertical border"),
            _file_marks(lines[height:], width, height - 1, "horizontal border"))


def _file_marks(lines: list[str], width: int, height: int, what: str) -> np.ndarray:
    tokens = file_cells(lines, width, height, what) if width * height else []
    for token in tokens:
        if token not in ("0", "1"):
            raise url_error(f"bad {what} mark {token!r} in the pzprv3 data",
                            hint="a border mark is 1 (a border) or 0 (none)")
    return np.array([token == "1" for token in tokens], dtype=bool).reshape(height, width)


def room_borders(rooms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The borders between cells of different rooms: vertical, then horizontal."""
    return rooms[:, :-1] != rooms[:, 1:], rooms[:-1, :] != rooms[1:, :]


def rooms_of(vertical: np.ndarray, horizontal: np.ndarray) -> np.ndarray:
    """Room indices 0..R-1 of the cells: the pieces no border separates, in order of their
    first cell (a border inside one piece separates nothing)."""
    height, width = vertical.shape[0], horizontal.shape[1]
    rooms = np.full((height, width), -1, dtype=np.int32)
    count = 0
    for r0 in range(height):
        for c0 in range(width):
            if rooms[r0, c0] >= 0:
                continue
            rooms[r0, c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                for nr, nc, open_ in ((r, c + 1, c + 1 < width and not vertical[r, c]),
                                      (r, c - 1, c > 0 and not vertical[r, c - 1]),
                                      (r + 1, c, r + 1 < height and not horizontal[r, c]),
                                      (r - 1, c, r > 0 and not horizontal[r - 1, c])):
                    if open_ and rooms[nr, nc] < 0:
                        rooms[nr, nc] = count
                        stack.append((nr, nc))
            count += 1
    return rooms


def file_rooms(lines: list[str], width: int, height: int, what: str) -> tuple[np.ndarray, int]:
    """The rooms of pzprjs' file form in either version, and how many lines they take: the
    border marks of ``pzprv3.1`` (:func:`file_borders`, ``2 * height - 1`` lines) or the old
    ``pzprv3`` room ids (``decodeAreaRoom``: the number of rooms alone on a line, then
    ``height`` lines of ``width`` ids; cells with different ids are in different rooms)."""
    if not is_room_ids(lines, width):
        return rooms_of(*file_borders(lines, width, height)), 2 * height - 1
    ids = file_cells(lines[1:], width, height, f"{what} room")
    grid = np.array(ids).reshape(height, width)
    return rooms_of(*room_borders(grid)), height + 1


def is_room_ids(lines: list[str], width: int) -> bool:
    """True for the old file form of rooms: a lone number, then a line of ``width``
    numbers (the new form's first line has ``width - 1`` border marks)."""
    if len(lines) < 2:
        return False
    first, second = lines[0].split(), lines[1].split()
    return (len(first) == 1 and first[0].isdigit() and len(second) == width
            and all(token.isdigit() for token in second))


def paint_room(ids: np.ndarray, top: int, left: int, rows: int, cols: int, room: int) -> bool:
    """Mark the rectangle of ``rows`` x ``cols`` cells from (``top``, ``left``) as ``room`` in
    the room ids ``ids`` (-1: no room yet); False, and nothing marked, when it is empty, runs
    past the grid or covers a cell of another room (Kanpen's and Heyawake-app's rooms)."""
    block = ids[top:top + rows, left:left + cols]
    if rows < 1 or cols < 1 or top < 0 or left < 0 or block.shape != (rows, cols) \
            or (block >= 0).any():
        return False
    block[...] = room
    return True
