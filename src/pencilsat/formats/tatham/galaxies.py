"""Tatham's Galaxies: ``WxH[d<n|u>]:`` then the centres over the inner lattice points
(cells, edges and corners, row-major over the (2W - 1) x (2H - 1) points inside the frame;
sgt-puzzles ``galaxies.c``, ``encode_game`` / ``load_game``): ``a``-``y`` a centre after 0..24
empty points, ``z`` 25 empty points. The description stops at the last centre, so a cut ID
is the ID of the puzzle without its last centres; a trailing ``z`` (which Tatham never
writes) is refused, so every ID read is the one this codec writes back.

Tatham's black centres (``A``-``Y``: a black centre after 0..24 empty points; its picture
generator writes them, and ``load_game`` reads them into ``F_DOT_BLACK``) are read as black
centres and written back the same, so the ID round-trips. Such an ID is read only when the
game is named (:func:`named_only`: Pearl's descriptions use upper-case letters too), and it
is written with the ``galaxies:`` prefix.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.formats.runs import describe_char
from pencilsat.formats.tatham.cells import game_params, grid_size, id_error
from pencilsat.puzzles.galaxies import GalaxiesPuzzle

_EXTRAS = re.compile(r"(?:d[nu]?)?")
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Galaxies: lowercase letters only."""
    return 1 if desc and set(desc) <= _LETTERS else 0


def named_only(desc: str) -> bool:
    """Whether ``desc`` is read as Galaxies only when the game is named: it has a black
    centre (an upper-case letter, as Pearl's ``B`` and ``W``)."""
    return any("A" <= ch <= "Y" for ch in desc)


def decode(desc: str, w: int | None, h: int | None, extras: str,
           column: int) -> GalaxiesPuzzle:
    game_params(extras, _EXTRAS, "Galaxies", "a difficulty dn or du", column)
    width, height = grid_size(w, h, column)
    inner_w, inner_h = 2 * width - 1, 2 * height - 1
    lattice = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    black = np.zeros(lattice.shape, dtype=bool)
    point = 0
    for i, ch in enumerate(desc):
        if ch == "z":
            point += 25
            if i == len(desc) - 1:
                raise id_error("the description ends in 'z' (25 empty points), which Galaxies "
                               "never writes", column=column + i,
                               hint="copy the whole game ID")
            continue
        if not ("a" <= ch <= "y" or "A" <= ch <= "Y"):
            raise id_error(f"bad character {describe_char(ch)} in the Galaxies description",
                           column=column + i,
                           hint="Galaxies descriptions use a-y (a centre after 0..24 empty "
                                "points), A-Y (a black one) and z (25 empty points)")
        point += ord(ch.lower()) - ord("a")
        if point >= inner_w * inner_h:
            raise id_error(f"too much data: the centre goes past the {inner_w * inner_h} "
                           f"points of the {width}x{height} grid", column=column + i,
                           hint="check the size or the description")
        y, x = divmod(point, inner_w)
        lattice[y + 1, x + 1] = True
        black[y + 1, x + 1] = ch.isupper()
        point += 1
    return GalaxiesPuzzle(lattice, black=black)


def encode(puzzle: GalaxiesPuzzle) -> str:
    if puzzle.holes.any():
        r, c = (int(v) for v in np.argwhere(puzzle.holes)[0])
        raise id_error(f"the cell at row {r + 1}, column {c + 1} is cut out of the board: "
                       "Tatham's Galaxies has no cut-out cells", hint="convert --to url or text")
    out: list[str] = []
    run = 0
    black = puzzle.black_centres[1:-1, 1:-1].ravel().tolist()
    for value, dark in zip(puzzle.centres[1:-1, 1:-1].ravel().tolist(), black, strict=True):
        if not value:
            run += 1
            continue
        out.append("z" * (run // 25) + chr(ord("A" if dark else "a") + run % 25))
        run = 0
    return f"{puzzle.width}x{puzzle.height}:" + "".join(out)
