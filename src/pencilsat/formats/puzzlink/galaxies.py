"""puzz.link ``tentaisho`` (Spiral Galaxies): the centres as pzprjs' ``decodeDot`` over the
inner lattice points (cells, edges and corners, row-major over the (2H - 1) x (2W - 1)
points inside the frame), then, only when some cell is cut out of the board,
``decodeEmpty`` (a bit per cell).

pzprjs tells white from black centres (black galaxies are to be shaded into a picture; the
rules are the same): both read as centres and every centre is written white. Cells cut out
of the board are not supported: such a URL is refused naming the first. pzprjs writes no
flags for Tentaisho. The file form ``pzprv3/tentaisho/<rows>/<cols>/`` gives 2H - 1 lines of
2W - 1 characters (``1``-``9`` or ``-`` a centre, ``X`` a cut-out cell, ``.`` nothing), then
the player's lines, which are not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    body_parts,
    encode_dots,
    read_binary,
    read_dots,
    url_error,
)
from pencilsat.puzzles.galaxies import GalaxiesPuzzle

_CUT_OUT = ("pencilsat's Spiral Galaxies has no cut-out cells (pzprjs' 'empty' cells)")


def _puzzle(points: list[int | None], width: int, height: int) -> GalaxiesPuzzle:
    inner = np.array([bool(p) for p in points], dtype=bool).reshape(2 * height - 1,
                                                                    2 * width - 1)
    lattice = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    lattice[1:-1, 1:-1] = inner
    return GalaxiesPuzzle(lattice)


def decode(body: str, width: int, height: int, column: int, flags: str) -> GalaxiesPuzzle:
    if flags:
        raise url_error(f"pzprjs writes no flags for Tentaisho, this URL has {flags!r}",
                        column=column - len(f"{flags}/{width}/{height}/"),
                        hint="remove the flags segment, or check that the type is tentaisho")
    with body_parts(body, column) as parts:
        points = read_dots(parts, (2 * width - 1) * (2 * height - 1), "centres")
        if parts.left():
            at = parts.column()
            empty = read_binary(parts, width * height, "cut-out cells")
            if any(empty):
                r, c = divmod(empty.index(True), width)
                raise url_error(f"the cell at row {r + 1}, column {c + 1} is cut out of the "
                                "board", column=at, hint=_CUT_OUT)
    return _puzzle(points, width, height)


def encode(puzzle: GalaxiesPuzzle) -> str:
    inner = puzzle.centres[1:-1, 1:-1]
    return encode_dots([int(v) for v in inner.ravel()])


def decode_file(lines: list[str], width: int, height: int) -> GalaxiesPuzzle:
    """pzprjs' file form (``decodeDotFile``): a character per inner lattice point."""
    rows = 2 * height - 1
    if len(lines) < rows:
        raise url_error(f"the pzprv3 data has {len(lines)} lines of centres, a {width}x"
                        f"{height} Tentaisho needs {rows}", hint="copy the whole file")
    points: list[int | None] = []
    for y, line in enumerate(lines[:rows]):
        if len(line) != 2 * width - 1:
            raise url_error(f"line {y + 1} of the pzprv3 centres has {len(line)} characters, "
                            f"not {2 * width - 1}", hint="copy the whole file")
        for x, ch in enumerate(line):
            if ch == "X":
                raise url_error(f"the cell at row {y // 2 + 1}, column {x // 2 + 1} is cut out "
                                "of the board", hint=_CUT_OUT)
            if ch not in "123456789-.":
                raise url_error(f"bad Tentaisho point {ch!r} in the pzprv3 data",
                                hint="points are '1'-'9' or '-' (a centre), 'X' (a cut-out "
                                     "cell) or '.' (nothing)")
            points.append(None if ch == "." else 1)
    return _puzzle(points, width, height)
