"""puzz.link ``yajilin`` (also ``yajirin``): arrow clues as pzprjs' ``decodeArrowNumber16``
(:mod:`pencilsat.formats.puzzlink.arrow_numbers`; pzprjs ``src/variety/yajilin.js``).

A clue with an arrow and a count is an arrow clue; a clue with neither (``0.``, drawn as a
plain black cell under the ``b`` display flag) is a given black cell; an arrow without a
count (``?``) is a given black cell that keeps its arrow (read and written back). pzprjs can
also write a count without an arrow and a ``+`` cell; their rules are not Yajilin's clues as
the corpus has them, so each is refused by name. The flag ``b`` only
changes how pzprjs draws clue cells and is read; ``o`` (``yajilin_out``: shaded cells lie
outside the loop) is another puzzle and is refused.
"""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.puzzlink.arrow_numbers import (
    LARGEST,
    PLUS,
    UNKNOWN_NUMBER,
    decode_arrow_number16,
    encode_arrow_number16,
)
from pencilsat.formats.puzzlink.body import file_cells, url_error
from pencilsat.puzzles.yajilin import BLOCK, EMPTY, NO_ARROW, YajilinPuzzle

FLAGS = {"b": "clue cells drawn black (display only)"}
REFUSED_FLAGS = {"o": "yajilin_out: shaded cells lie outside the loop"}


def decode(body: str, width: int, height: int, column: int, flags: str) -> YajilinPuzzle:
    columns: dict[int, int] = {}
    flat = decode_arrow_number16(body, width * height, column, "arrow clues", columns)
    numbers = np.full(width * height, EMPTY, dtype=np.int32)
    arrows = np.zeros(width * height, dtype=np.int8)
    for c, cell in enumerate(flat):
        if cell is None:
            continue
        direction, number = cell
        where = f"the cell at row {c // width + 1}, column {c % width + 1}"
        if number == PLUS:
            raise url_error(f"{where} is a '+' cell, which Yajilin does not have",
                            column=columns[c], hint="clear the cell or give it an arrow clue")
        if direction == NO_ARROW and number == UNKNOWN_NUMBER:
            numbers[c] = BLOCK
        elif direction == NO_ARROW:
            raise url_error(f"{where} has the number {number} without an arrow",
                            column=columns[c], hint="give the number an arrow, or clear it")
        elif number == UNKNOWN_NUMBER:
            numbers[c], arrows[c] = BLOCK, direction
        else:
            numbers[c], arrows[c] = number, direction
    return YajilinPuzzle(numbers.reshape(height, width), arrows.reshape(height, width))


def encode(puzzle: YajilinPuzzle) -> str:
    numbers = puzzle.numbers.ravel().tolist()
    arrows = puzzle.arrows.ravel().tolist()
    too_big = [n for n in numbers if n > LARGEST]
    if too_big:
        raise InputError(f"the count {too_big[0]} is too large for a puzz.link URL",
                         hint=f"counts up to {LARGEST} can be written; convert --to text")
    return encode_arrow_number16([
        None if n == EMPTY else (d, UNKNOWN_NUMBER) if n == BLOCK else (d, n)
        for n, d in zip(numbers, arrows, strict=True)])


def decode_file(lines: list[str], width: int, height: int) -> YajilinPuzzle:
    """pzprjs' file form (``decodeCellDirecQnum``): an ``o`` line first for ``yajilin_out``
    (refused, as its URL flag is), then per cell ``.``, ``#`` (a ``+`` cell, refused as in a
    URL) or ``<direction>,<count>`` (direction 0-4 as pzprjs' ``qdir``, count a number or
    ``-`` for none); the shading and the loop after them are the answer and are not read."""
    if lines and lines[0].strip() == "o":
        raise url_error(f"the Yajilin variant {REFUSED_FLAGS['o']} is not supported",
                        hint="pencilsat would solve another puzzle")
    numbers = np.full(width * height, EMPTY, dtype=np.int32)
    arrows = np.zeros(width * height, dtype=np.int8)
    for c, token in enumerate(file_cells(lines, width, height, "Yajilin")):
        where = f"the cell at row {c // width + 1}, column {c % width + 1}"
        direction, _, count = token.partition(",")
        if token == ".":
            continue
        if token == "#":
            raise url_error(f"{where} is a '+' cell, which Yajilin does not have",
                            hint="clear the cell or give it an arrow clue")
        if direction not in ("0", "1", "2", "3", "4") or not (
                count == "-" or (count.isascii() and count.isdigit()
                                 and int(count) <= LARGEST)):
            raise url_error(f"bad Yajilin cell {token!r} in the pzprv3 data at {where}",
                            hint="a clue is '<direction 0-4>,<count or ->', '.' no clue")
        if direction == "0" and count != "-":
            raise url_error(f"{where} has the number {count} without an arrow",
                            hint="give the number an arrow, or clear it")
        numbers[c] = BLOCK if count == "-" else int(count)
        arrows[c] = int(direction)
    return YajilinPuzzle(numbers.reshape(height, width), arrows.reshape(height, width))
