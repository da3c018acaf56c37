"""Tatham's Solo (Sudoku): ``CxR:`` (the block shape; the grid is CR x CR), ``a``-``z`` runs of
empty cells, decimal clues, ``_`` between two adjacent clues; ``x`` after the size
(``3x3x:``, sgt-puzzles ``solo.c``'s ``xtype``) is the X variant, read and written. Jigsaw
and killer Solo (genres of their own) are refused by name.

Blocks need not be square: ``solo.c`` names ``c`` the number of columns of blocks and ``r``
the number of rows of blocks, so a block is ``R`` cells wide and ``C`` tall (``2x3:`` is a
6x6 of blocks 3 wide and 2 tall, pencilsat's ``sudoku 6 6 3x2``); both at least 2, as
``solo.c``'s ``validate_params`` asks. Solo has no cell without a digit, so a puzzle with
gaps (pzprjs' ``?``) has no Solo ID: writing one is refused by name.
A description must fill the grid exactly (:func:`~pencilsat.formats.tatham.cells.read_tokens`);
the one cut it cannot show is a two-digit last clue of a 16x16 or larger grid cut to its
first digit, which Tatham reads so too."""

from __future__ import annotations

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import encode_runs
from pencilsat.formats.tatham.cells import id_error, read_number_runs
from pencilsat.formats.tatham.jigsawsudoku import SOLO_OPTIONS
from pencilsat.puzzles.sudoku import LARGEST, SudokuPuzzle


def claims(extras: str) -> bool:
    """Whether the letters after the size make an X Solo ID (``x``, no ``j`` or ``k``: the
    jigsaw and killer codecs claim those; see their ``claims``)."""
    flags = set(SOLO_OPTIONS.sub("", extras))
    return "x" in flags and not flags & {"j", "k"}


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Solo: ``_`` separators or digits 5-9."""
    return 2 if set(desc) & set("_56789") else 0


def decode(desc: str, c: int | None, r: int | None, extras: str,
                 column: int) -> SudokuPuzzle:
    for flag, what, title in (("j", "jigsaw", "Jigsaw"), ("k", "killer", "Killer")):
        if flag in extras:
            raise id_error(f"'{flag}' after the size makes this a {what} Solo ID, a "
                           f"{title} Sudoku, not a classic one", column=column - 1,
                           hint=f"write solo-{what}: in front instead of solo:, or "
                                "nothing")
    if c is None or r is None or min(c, r) < 2 or c * r > LARGEST:
        raise id_error(f"Solo blocks {c}x{r} are not supported", column=column - 1,
                       hint=f"Solo's CxR: blocks R wide and C tall, each at least 2, the grid "
                            f"CR x CR up to {LARGEST}x{LARGEST}")
    n = c * r
    if "," in desc:
        raise id_error("a ',' after the grid: a block layout (jigsaw) or cages (killer), "
                       "which a classic Solo ID has not", column=column + desc.index(","),
                       hint="a jigsaw ID has 'j' after the size (9j:...), a killer one 'k' "
                            "(3x3k:...); or cut the ID at the ','")

    flat = read_number_runs(
        desc, column, n * n, n,
        lambda text: (f"clue {text} is not a digit 1..{n}", "check the clue or the block size"),
        ("in the Solo description", "Solo descriptions use a-z, 1-9 and '_'"))
    return SudokuPuzzle(np.array(flat).reshape(n, n), diagonal="x" in extras, box_width=r,
                        box_height=c)


def encode(puzzle: SudokuPuzzle) -> str:
    """``CxR:`` (``C`` the block height, ``R`` its width) and the clues."""
    if puzzle.gaps is not None:
        raise InputError("Tatham's Solo has no cell without a digit, so this puzzle's gaps "
                         "(pzprjs' '?') have no Solo ID: the ID would be another puzzle, with "
                         "other answers",
                         hint="write it as a puz.link URL (convert --to url) or as text "
                              "(convert --to text, '#' a gap)")
    tokens = [str(int(v)) if v else None for v in puzzle.clues.ravel()]
    width, height = puzzle.box_dims
    return (f"{height}x{width}{'x' if puzzle.diagonal else ''}:"
            + encode_runs(tokens, first="a", longest=26, separator="_"))
