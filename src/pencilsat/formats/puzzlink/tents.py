"""puzz.link ``tents``: the counts outside the grid as pzprjs' ``decodeNumber16ExCell``, then the
trees as ``decode1Cell``.

The counts come first, one per column (left to right, above the grid) then one per row (top to
bottom, left of it in pzprjs' drawing): a hex digit or ``-xx`` is a count, ``g``-``z`` skip
1..20 lines without one; a ``?`` count (``.``) is refused: pzprjs' editor cannot enter one
(``disInputHatena``) and its checker compares it, as -2, with the line's tents, so no answer
passes it; the message says to give the count or clear it. Then the trees, sparse
(:func:`~.body.read_1cell`). The body must cover both parts exactly (:mod:`.body`). pzprjs
writes no flags for Tents. The file form (``pzprv3/tents/R/C/...``) has R + 1 lines of C + 1
tokens: the corner and the column counts, then per row its count and its cells (``1`` a tree;
``A``, ``-`` and ``.`` a player's tent, no-tent mark or nothing), then the player's pairing
lines, not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    body_parts,
    encode_1cell,
    encode_number16,
    read_1cell,
    read_number16,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.tents import NO_COUNT, TentsPuzzle

TENTS_UNKNOWN = ("a '?' count has no meaning in Tents: pzprjs' editor cannot enter one, and "
                 "its checker fails every answer against it")


def decode(body: str, width: int, height: int, column: int, flags: str) -> TentsPuzzle:
    refuse_flags(flags, width, height, column, "Tents", "tents")
    columns: dict[int, int] = {}
    with body_parts(body, column) as parts:
        counts = read_number16(parts, width + height, "counts", item="count", unit="count",
                               unknown=TENTS_UNKNOWN, columns=columns)
        trees = read_1cell(parts, width * height, "trees")
    for index, count in enumerate(counts):
        side = height if index < width else width
        if count is not None and count > side:
            line = f"column {index}" if index < width else f"row {index - width}"
            raise url_error(f"the count {count} of {line} is more than its {side} cells",
                            column=columns[index], hint="check the count or the grid size")
    values = np.array([NO_COUNT if v is None else v for v in counts])
    return TentsPuzzle(np.array([bool(v) for v in trees]).reshape(height, width),
                       values[:width], values[width:])


def encode(puzzle: TentsPuzzle) -> str:
    counts = [*puzzle.column_counts.tolist(), *puzzle.row_counts.tolist()]
    return (encode_number16([None if v == NO_COUNT else v for v in counts])
            + encode_1cell(puzzle.trees.ravel().tolist()))


def decode_file(lines: list[str], width: int, height: int) -> TentsPuzzle:
    """pzprjs' file form (``decodeCellExCell``): see the module docstring."""
    rows = [line.split() for line in lines[:height + 1]]
    if len(rows) < height + 1 or any(len(row) < width + 1 for row in rows):
        raise url_error(f"the pzprv3 Tents data needs {height + 1} lines of {width + 1} "
                        "items (the counts around the grid and the cells)",
                        hint="copy the whole URL")
    columns = [_file_count(token, height) for token in rows[0][1:width + 1]]
    row_counts, trees = [], []
    for row in rows[1:]:
        row_counts.append(_file_count(row[0], width))
        for token in row[1:width + 1]:
            if token not in ("1", "A", "-", "."):
                raise url_error(f"bad Tents cell {token!r} in the pzprv3 data",
                                hint="cells are '1' (a tree), 'A', '-' and '.'")
            trees.append(token == "1")
    return TentsPuzzle(np.array(trees).reshape(height, width), np.array(columns),
                       np.array(row_counts))


def _file_count(token: str, side: int) -> int:
    """A count of the file form: ``.`` none, ``N`` or ``cN`` (pzprjs' "done" mark)."""
    if token == ".":
        return NO_COUNT
    digits = token[1:] if token.startswith("c") else token
    if not (digits.isascii() and digits.isdigit()) or int(digits) > side:
        raise url_error(f"bad Tents count {token!r} in the pzprv3 data",
                        hint=f"a count is '.' or a number 0..{side}")
    return int(digits)
