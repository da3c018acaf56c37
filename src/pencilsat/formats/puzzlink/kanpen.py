"""Kanpen's URLs, as pzprjs reads them (robx/pzprjs ``src/pzpr/parser.js``, ``parseURLType``).

A URL on ``www.kanpen.net`` (or the old ``geocities.jp/pencil_applet``) names its genre by
its page, ``<name>.html`` (a pzprjs type name or one of Kanpen's own, :data:`KANPEN_NAMES`),
and carries the puzzle in one of three forms:

- ``?pzpr=[<flags>]/<cols>/<rows>/<body>``: a puz.link body behind Kanpen's page name. pzprjs
  writes the flags' segment even when it is empty (``?pzpr=/10/10/...``) and then misreads
  its own URL (the empty segment taken for the width); pencilsat reads it as written.
- ``?problem=<rows>/<cols>/<lines>``: Kanpen's own data (the genre's ``decodeKanpen``), its
  lines joined by ``/`` and ``_`` for a space; Sudoku gives one size, Kakuro counts the row
  and column of sums. Most genres' lines are a pzprjs file's first lines with another
  spelling of a cell; :data:`_PROBLEM` turns them into those lines and the genre's codec
  reads them (``decode_file``). A genre not in it is refused by name.
- ``?heyawake=<W>x<H>/<rooms>`` (and ``geocities.jp/heyawake/?problem=``): Heyawake-app's
  rectangles (:mod:`.heyaapp`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.registry import Genre, by_puzzlink_type, load
from pencilsat.formats.puzzlink.borders import paint_room, room_borders
from pencilsat.formats.runs import check_size, whole_number

SOURCE = "<url>"
KANPEN_NAMES = {"hakyukoka": "ripple", "numberlink": "numlin", "fillomino01": "fillomino"}
"""Kanpen's page names that are not pzprjs type names (pzprjs ``variety.js``: ``kanpen``,
``kanpen2``); every other page name is one (``masyu``, ``slitherlink``, ``hashi``, ...)."""
_KANPEN_HOST = re.compile(r"www\.kanpen\.net|www\.geocities(\.co)?\.jp/pencil_applet")
_HEYAAPP_HOST = re.compile(r"www\.geocities(\.co)?\.jp/heyawake")
_COPY = "open it in puzz.link and copy its URL"


def _error(message: str, column: int | None = None, hint: str | None = None) -> InputError:
    return InputError(message, source=SOURCE, column=column, hint=hint)


def is_kanpen_url(url: str) -> bool:
    """Whether ``url`` is one of Kanpen's or Heyawake-app's, which pzprjs tells by the host."""
    return bool(_KANPEN_HOST.search(url) or _HEYAAPP_HOST.search(url))


def parse_kanpen_url(url: str, column: int, parse_url: Callable[[str], Any]) -> Any:
    """The puzzle of a Kanpen or Heyawake-app URL ``url`` (stripped; ``column``: where it
    starts in the user's text); ``parse_url`` reads the puz.link query of ``?pzpr=``."""
    from pencilsat.formats.puzzlink.heyaapp import parse_heyaapp  # Heyawake's model: lazily

    url = url.split("#", 1)[0]
    if _HEYAAPP_HOST.search(url) and not _KANPEN_HOST.search(url):
        data = _after(url, "?problem=", column)
        return parse_heyaapp(data, column + url.index("?problem=") + 9)
    page = re.search(r"([0-9a-z]+)\.html", url)
    name = page.group(1) if page else ""
    if "?heyawake=" in url:
        return parse_heyaapp(_after(url, "?heyawake=", column),
                             column + url.index("?heyawake=") + 10)
    genre = _genre(name, column + (page.start() if page else 0))
    if "?pzpr=" in url:
        start = url.index("?pzpr=") + 6
        data = url[start:]
        if data.startswith("/"):  # the empty flags' segment pzprjs writes
            data, start = data[1:], start + 1
        query = f"{KANPEN_NAMES.get(name, name)}/{data}"
        shift = column + start - (len(query) - len(data)) - 1
        try:
            return parse_url(query)
        except InputError as exc:
            raise _error(exc.message, column=exc.column + shift if exc.column else None,
                         hint=exc.hint) from None
    data = _after(url, "?problem=", column)
    return _read_problem(genre, data, column + url.index("?problem=") + 9)


def _after(url: str, key: str, column: int) -> str:
    if key not in url:
        raise _error(f"the Kanpen URL has no {key[1:]!r} before the puzzle data", column=column,
                     hint="a Kanpen URL looks like http://www.kanpen.net/masyu.html?problem=...")
    return url[url.index(key) + len(key):]


def _genre(name: str, column: int) -> Genre:
    genre = by_puzzlink_type(KANPEN_NAMES.get(name, name))
    if genre is None or genre.puzzlink_codec is None:
        raise _error(f"unknown Kanpen puzzle {name!r}", column=column,
                     hint="pencilsat reads Kanpen's pages of the genres it solves")
    return genre


def _read_problem(genre: Genre, data: str, column: int) -> Any:
    """Kanpen's own data ``data`` (after ``?problem=``) of ``genre``."""
    if genre.name not in _PROBLEM:
        raise _error(f"a Kanpen URL of {genre.title}: pencilsat does not read it yet",
                     column=column, hint=_COPY)
    lines = data.replace("_", " ").split("/")
    codec = load(genre.puzzlink_codec or "")
    square = getattr(codec, "FILE_SQUARE", False)
    sizes = [whole_number(part) for part in lines[:1 if square else 2]]
    if None in sizes or len(sizes) < (1 if square else 2):
        raise _error("the Kanpen data starts with the grid size", column=column,
                     hint="problem=<rows>/<cols>/<data> (Sudoku: problem=<size>/<data>)")
    rows, cols = sizes[0], sizes[-1]
    if genre.name == "kakuro":  # Kanpen counts the row and the column of sums
        rows, cols = (None if v is None or v < 2 else v - 1 for v in (rows, cols))
    height, width = check_size(rows, cols, SOURCE, column, "problem=<rows>/<cols>/<data>")
    cells = lines[len(sizes):]
    try:
        file_lines = _PROBLEM[genre.name](cells, width, height)
        return codec.decode_file(file_lines, width, height)
    except InputError as exc:
        raise _error(exc.message.replace("pzprv3", "Kanpen"), column=column,
                     hint=exc.hint) from None


# ------------------------------------------------ Kanpen's lines as the pzprjs file's lines

Lines = list[str]


def _same(lines: Lines, width: int, height: int) -> Lines:
    """Kanpen's lines are the file's (``decodeCellQnum_kanpen``: ``.`` or a number per cell;
    ``decodeAreaRoom``: the rooms' count, then a room id per cell)."""
    return lines


def _cells(change: dict[str, str]) -> Callable[[Lines, int, int], Lines]:
    """Kanpen's cell lines with some tokens spelled as the file spells them."""

    def read(lines: Lines, width: int, height: int) -> Lines:
        return [" ".join(change.get(token, token) for token in line.split())
                for line in lines[:height]]

    return read


def _rooms_then_cells(lines: Lines, width: int, height: int) -> Lines:
    """``decodeAreaRoom`` then ``decodeCellQnum_kanpen`` (Ripple Effect): the room ids
    become the file's border marks."""
    ids = [line.split() for line in lines[1:height + 1]]
    if len(ids) < height or any(len(row) != width for row in ids):
        raise _error(f"the Kanpen rooms need {height} lines of {width} room ids",
                     hint="copy the whole URL")
    vertical, horizontal = room_borders(np.array(ids))
    return ([" ".join("1" if bit else "0" for bit in row) for row in vertical.tolist()]
            + [" ".join("1" if bit else "0" for bit in row) for row in horizontal.tolist()]
            + lines[height + 1:])


_YAJILIN_ARROWS = {0: 1, 1: 3, 2: 2, 3: 4}
"""Kanpen's arrow (bits 4-5 of a clue) to pzprjs' ``qdir``: up, left, down, right."""


def _yajilin(lines: Lines, width: int, height: int) -> Lines:
    """``decodeCellDirecQnum_kanpen``: ``.``, ``-4`` (a black cell without a count) or a
    number whose bits 4-5 are the arrow and 0-3 the count."""

    def token(text: str) -> str:
        if text in (".", "-4"):
            return "." if text == "." else "0,-"
        number = whole_number(text)
        if number is None or number > 63:
            raise _error(f"bad Yajilin cell {text!r} in the Kanpen data",
                         hint="a clue is '.', '-4' or 16 * arrow + count")
        return f"{_YAJILIN_ARROWS[number >> 4]},{number & 15}"

    return [" ".join(token(text) for text in line.split()) for line in lines[:height]]


def _heyawake(lines: Lines, width: int, height: int) -> Lines:
    """``decodeSquareRoom``: the rooms' count, then a line per room, ``top left bottom
    right [number]`` (0-based, inclusive), as the old file form's room ids and numbers."""
    count = whole_number(lines[0].strip()) if lines else None
    if count is None or len(lines) < count + 1:
        raise _error("the Kanpen Heyawake data starts with the number of rooms, then a line "
                     "per room", hint="copy the whole URL")
    ids = np.full((height, width), -1, dtype=np.int32)
    numbers = np.full((height, width), ".", dtype=object)
    for room, line in enumerate(lines[1:count + 1]):
        items = line.split()
        box = [whole_number(item) for item in items[:4]]
        if len(items) not in (4, 5) or None in box or (len(items) == 5 and whole_number(
                items[4]) is None):
            raise _error(f"bad Kanpen Heyawake room {line.strip()!r}",
                         hint="a room is 'top left bottom right [number]'")
        top, left, bottom, right = (int(v or 0) for v in box)
        if not (top <= bottom < height and left <= right < width):
            raise _error(f"the Kanpen Heyawake room {line.strip()!r} is not inside the "
                         f"{width}x{height} grid", hint="check the size or the room")
        if not paint_room(ids, top, left, bottom - top + 1, right - left + 1, room):
            raise _error(f"the Kanpen Heyawake room {line.strip()!r} overlaps another",
                         hint="Kanpen's rooms are rectangles side by side; a room of "
                              "another shape has no Kanpen form")
        if len(items) == 5:
            numbers[top, left] = items[4]
    if (ids < 0).any():
        r, c = (int(v) for v in np.argwhere(ids < 0)[0])
        raise _error(f"the Kanpen Heyawake rooms leave row {r + 1}, column {c + 1} out",
                     hint="every cell is in a room")
    return ([str(count)] + [" ".join(str(v) for v in row) for row in ids.tolist()]
            + [" ".join(row) for row in numbers.tolist()])


def _kakuro(lines: Lines, width: int, height: int) -> Lines:
    """``decodeCellQnum51_kanpen``: a line ``row column across down`` per black cell (1-based;
    row or column 0 is the edge of sums), to the first empty line."""
    grid = [["0"] + ["."] * width] + [["."] * (width + 1) for _ in range(height)]
    for line in lines:
        items = line.split()
        if len(items) <= 1:
            break
        numbers = [whole_number(item) for item in items[:2]]
        numbers += [whole_number(item.removeprefix("-")) for item in items[2:4]]
        if len(items) != 4 or None in numbers:
            raise _error(f"bad Kanpen Kakuro cell {line.strip()!r}",
                         hint="a cell is 'row column across down'")
        r, c = (int(item) for item in items[:2])
        if not (r <= height and c <= width):
            raise _error(f"the Kanpen Kakuro cell {line.strip()!r} is outside the "
                         f"{width}x{height} grid", hint="check the size or the cell")
        if r and c:
            grid[r][c] = f"{items[2]},{items[3]}"
        elif r or c:
            grid[r][c] = items[3] if r == 0 else items[2]
    return [" ".join(row) for row in grid]


_PROBLEM: dict[str, Callable[[Lines, int, int], Lines]] = {
    "masyu": _same,
    "lightup": _cells({"5": "-"}),  # decodeCellQnumb: 5 a wall without a number
    "shakashaka": _same,
    "hitori": _cells({"0": "."}),
    "sudoku": _same,
    "slitherlink": _same,
    "nurikabe": _same,
    "hashi": _same,
    "kurodoko": _same,
    "shikaku": _same,
    "numberlink": _same,
    "fillomino": _same,
    "lits": _same,
    "norinori": _same,
    "ripple": _rooms_then_cells,
    "yajilin": _yajilin,
    "heyawake": _heyawake,
    "kakuro": _kakuro,
}
"""How each genre's Kanpen lines become its pzprjs file's lines."""
