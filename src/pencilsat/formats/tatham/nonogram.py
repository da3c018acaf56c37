"""Tatham's Pattern (sgt-puzzles ``pattern.c``): ``WxH:`` then the clues of the W columns
(left to right), then of the H rows (top to bottom), separated by ``/``; a clue's run
lengths are separated by ``.``, and an empty line's clue is empty (``3//1.1``).

As ``validate_desc`` wants it, there are exactly W + H clues, and a clue's runs with one
cell between each two fit in its line; a cut or lengthened ID is an error naming the
column. A run of 0, which ``pattern.c`` never writes and whose line it could never
complete, is refused, and so are given squares after a ``,`` (later versions' pre-filled
cells), which pencilsat's Nonogram has no place for. Pattern has no parameter after the size.
"""

from __future__ import annotations

import re

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import describe_char
from pencilsat.formats.tatham.cells import game_params, grid_size, id_error
from pencilsat.puzzles.nonogram import Clue, NonogramPuzzle, cells_needed

_EXTRAS = re.compile(r"")
_ALPHABET = frozenset("0123456789./")


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Pattern: digits, dots and slashes, in no other game."""
    return 4 if "/" in desc and set(desc) <= _ALPHABET else 0


def decode(desc: str, w: int | None, h: int | None, extras: str,
           column: int) -> NonogramPuzzle:
    game_params(extras, _EXTRAS, "Pattern", "nothing", column)
    width, height = grid_size(w, h, column)
    if "," in desc:
        raise id_error("the ID gives squares after ',': pencilsat reads Pattern's clues only",
                       column=column + desc.index(","),
                       hint="remove the ',' and what follows it")
    parts = desc.split("/")
    if len(parts) != width + height:
        raise id_error(f"expected {width + height} clues ({width} columns, then {height} "
                       f"rows) separated by '/', found {len(parts)}",
                       column=column + len(desc), hint="copy the whole ID")
    clues: list[Clue] = []
    at = column
    for index, part in enumerate(parts):
        length = height if index < width else width
        line = f"column {index + 1}" if index < width else f"row {index - width + 1}"
        clues.append(_clue(part, at, length, line))
        at += len(part) + 1
    return NonogramPuzzle(tuple(clues[width:]), tuple(clues[:width]))


def _clue(part: str, column: int, length: int, line: str) -> Clue:
    if not part:
        return ()
    runs = []
    for offset, word in _words(part):
        where = column + offset
        if not word or not (word.isascii() and word.isdigit()):
            bad = next((ch for ch in word if not ch.isdigit()), None)
            raise id_error(f"bad {'character ' + describe_char(bad) if bad else 'empty run'} "
                           f"in the clue of {line}", column=where,
                           hint="a clue is run lengths separated by '.', clues separated by "
                                "'/'")
        if len(word) > 7 or int(word) == 0:
            raise id_error(f"the run {word} of {line} is not a length 1..{length}",
                           column=where, hint="check the clue")
        runs.append(int(word))
    clue = tuple(runs)
    if cells_needed(clue) > length:
        raise id_error(f"the clue of {line} needs {cells_needed(clue)} cells, the line has "
                       f"{length}", column=column, hint="check the clue or the size")
    return clue


def _words(part: str) -> list[tuple[int, str]]:
    """The dot-separated words of a clue with their offsets."""
    out, offset = [], 0
    for word in part.split("."):
        out.append((offset, word))
        offset += len(word) + 1
    return out


def encode(puzzle: NonogramPuzzle) -> str:
    """The ID, as ``pattern.c`` writes it; a 1x1 grid, which Pattern refuses, is an error."""
    if puzzle.width < 2 and puzzle.height < 2:
        raise InputError("Tatham's Pattern needs a width or a height of at least 2, this grid "
                         "is 1x1", hint="convert --to url or text instead")
    if None in puzzle.rows or None in puzzle.columns:
        raise InputError("a line whose clue is not given ('?') has no Pattern game ID",
                         hint="convert --to text, or give every line's clue")
    for clue, length in [*((c or (), puzzle.height) for c in puzzle.columns),
                         *((r or (), puzzle.width) for r in puzzle.rows)]:
        if cells_needed(clue) > length:  # the reader refuses it (Pattern has no such line)
            raise InputError(f"the clue {'.'.join(map(str, clue))} needs "
                             f"{cells_needed(clue)} cells, its line has {length}: Pattern "
                             "has no game ID for it (the puzzle has no answer)",
                             hint="convert --to text, or check the clue")
    return f"{puzzle.width}x{puzzle.height}:" + "/".join(
        ".".join(map(str, clue or ())) for clue in (*puzzle.columns, *puzzle.rows))
