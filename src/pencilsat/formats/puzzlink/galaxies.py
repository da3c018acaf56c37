"""puzz.link ``tentaisho`` (Spiral Galaxies): the centres as pzprjs' ``decodeDot`` over the
inner lattice points (cells, edges and corners, row-major over the (2H - 1) x (2W - 1)
points inside the frame), then, only when some cell is cut out of the board,
``decodeEmpty`` (a bit per cell; pzprjs writes it only then).

pzprjs tells white from black centres (dot kinds 1 and 2; black galaxies are shaded into a
picture, the rules are the same): both are centres, and each keeps its colour
(:attr:`~pencilsat.puzzles.galaxies.GalaxiesPuzzle.black`), written back as it came.
pzprjs writes no flags for Tentaisho. The file form ``pzprv3/tentaisho/<rows>/<cols>/``
gives 2H - 1 lines of 2W - 1 characters (``2`` a black centre, ``1`` and the other digits
or ``-`` a white one, ``X`` on a cell a cut-out cell, ``.`` nothing), then the player's
lines, which are not read.
"""

from __future__ import annotations

import numpy as np

from pencilsat.formats.puzzlink.body import (
    body_parts,
    encode_binary,
    encode_dots,
    read_binary,
    read_dots,
    refuse_flags,
    url_error,
)
from pencilsat.puzzles.galaxies import GalaxiesPuzzle

BLACK = 2
"""pzprjs' dot kind of a black centre (1 is white)."""


def _puzzle(points: list[int | None], width: int, height: int,
            cut_out: list[bool] | None = None) -> GalaxiesPuzzle:
    """The puzzle of the inner points' dot kinds (``None`` no dot, 2 black, else white)."""
    shape = (2 * height - 1, 2 * width - 1)
    lattice = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    lattice[1:-1, 1:-1] = np.array([bool(p) for p in points], dtype=bool).reshape(shape)
    black = np.zeros(lattice.shape, dtype=bool)
    black[1:-1, 1:-1] = np.array([p == BLACK for p in points], dtype=bool).reshape(shape)
    holes = None if cut_out is None else np.array(cut_out, dtype=bool).reshape(height, width)
    return GalaxiesPuzzle(lattice, holes, black=black)


def decode(body: str, width: int, height: int, column: int, flags: str) -> GalaxiesPuzzle:
    refuse_flags(flags, width, height, column, "Tentaisho", "tentaisho")
    with body_parts(body, column) as parts:
        points = read_dots(parts, (2 * width - 1) * (2 * height - 1), "centres")
        empty = read_binary(parts, width * height, "cut-out cells") if parts.left() else None
    return _puzzle(points, width, height, empty)


def encode(puzzle: GalaxiesPuzzle) -> str:
    kinds = puzzle.centres.astype(int) + puzzle.black_centres.astype(int)  # 1 white, 2 black
    body = encode_dots(kinds[1:-1, 1:-1].ravel().tolist())
    if puzzle.holes.any():
        body += encode_binary(puzzle.holes.ravel().tolist())
    return body


def decode_file(lines: list[str], width: int, height: int) -> GalaxiesPuzzle:
    """pzprjs' file form (``decodeDotFile``): a character per inner lattice point."""
    rows = 2 * height - 1
    if len(lines) < rows:
        raise url_error(f"the pzprv3 data has {len(lines)} lines of centres, a {width}x"
                        f"{height} Tentaisho needs {rows}", hint="copy the whole file")
    points: list[int | None] = []
    holes = [False] * (width * height)
    for y, line in enumerate(lines[:rows]):
        if len(line) != 2 * width - 1:
            raise url_error(f"line {y + 1} of the pzprv3 centres has {len(line)} characters, "
                            f"not {2 * width - 1}", hint="copy the whole file")
        for x, ch in enumerate(line):
            if ch == "X" and y % 2 == 0 and x % 2 == 0:
                holes[y // 2 * width + x // 2] = True
                points.append(None)
                continue
            if ch not in "123456789-.":
                raise url_error(f"bad Tentaisho point {ch!r} in the pzprv3 data",
                                hint="points are '1'-'9' or '-' (a centre), 'X' on a cell (a "
                                     "cut-out cell) or '.' (nothing)")
            points.append(None if ch == "." else BLACK if ch == "2" else 1)
    return _puzzle(points, width, height, holes)
