"""puzz.link ``hashikake``: island numbers as pzprjs' ``decodeNumber16``.

pzprjs writes no flags for Hashiwokakero, so a URL with flags is refused rather than read
with them ignored. Its ``?`` island (a number not given, ``.`` in the body) is read as
:data:`~pencilsat.puzzles.hashi.UNKNOWN`. Two islands side by side are refused by name: the
solution grid could not show a bridge between them.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    UNKNOWN_NUMBER,
    decode_number16,
    encode_number16,
    qnum_file_cells,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.hashi import LARGEST, UNKNOWN, WATER, HashiPuzzle, adjacent_islands


def decode(body: str, width: int, height: int, column: int, flags: str) -> HashiPuzzle:
    refuse_flags(flags, width, height, column, "Hashiwokakero", "hashikake")
    flat = decode_number16(body, width * height, column, "islands", largest=LARGEST,
                           item="island number")
    numbers = np.array([WATER if v is None else UNKNOWN if v == UNKNOWN_NUMBER else v
                        for v in flat],
                       dtype=np.int32).reshape(height, width)
    side_by_side = adjacent_islands(numbers)
    if side_by_side is not None:
        (r, c), (r0, c0) = side_by_side
        raise url_error(f"the islands at row {r0 + 1}, column {c0 + 1} and row {r + 1}, "
                        f"column {c + 1} are side by side", column=column,
                        hint="pencilsat's Hashiwokakero needs water between two islands")
    return HashiPuzzle(numbers)


def encode(puzzle: HashiPuzzle) -> str:
    return encode_number16([None if v == WATER else UNKNOWN_NUMBER if v == UNKNOWN else int(v)
                            for v in puzzle.numbers.ravel()])


def decode_file(lines: list[str], width: int, height: int) -> HashiPuzzle:
    """pzprjs' file form (``decodeCellQnum``): an island's number 1-8, ``-`` (a ``?``
    island) or ``.`` (water) per cell; the bridge lines after them are the answer."""
    values = qnum_file_cells(lines, width, height, "Hashiwokakero", LARGEST, UNKNOWN, WATER)
    numbers = np.array(values, dtype=np.int32).reshape(height, width)
    side_by_side = adjacent_islands(numbers)
    if side_by_side is not None:
        (r, c), (r0, c0) = side_by_side
        raise url_error(f"the islands at row {r0 + 1}, column {c0 + 1} and row {r + 1}, "
                        f"column {c + 1} are side by side",
                        hint="pencilsat's Hashiwokakero needs water between two islands")
    return HashiPuzzle(numbers)
