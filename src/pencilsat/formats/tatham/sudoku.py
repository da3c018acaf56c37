"""Tatham's Solo (Sudoku): ``CxR:`` (the block shape; the grid is CR x CR), ``a``-``z`` runs of
empty cells, decimal clues, ``_`` between two adjacent clues. Jigsaw, X and killer Solo and
blocks that are not square are refused by name."""

from __future__ import annotations

import numpy as np

from pencilsat.formats.runs import describe_char, encode_runs, whole_number
from pencilsat.formats.tatham.cells import id_error
from pencilsat.puzzles.sudoku import BOX_SIZES, SudokuPuzzle


def plausible(desc: str) -> int:
    """How strongly ``desc`` looks like Solo: ``_`` separators or digits 5-9."""
    return 2 if set(desc) & set("_56789") else 0


def decode(desc: str, c: int | None, r: int | None, extras: str,
                 column: int) -> SudokuPuzzle:
    for flag, what in (("j", "jigsaw"), ("x", "X (diagonal)"), ("k", "killer")):
        if flag in extras:
            raise id_error(f"{what} Solo is not supported", column=column - 1,
                         hint="pencilsat solves classic Sudoku only")
    if c is None or r is None or c != r or c not in BOX_SIZES:
        raise id_error(f"Solo blocks {c}x{r} are not supported", column=column - 1,
                     hint="pencilsat's Sudoku has square blocks 2x2, 3x3, 4x4 or 5x5")
    n = c * r
    if "," in desc:
        raise id_error("a Solo block layout (jigsaw) is not supported",
                     column=column + desc.index(","), hint="pencilsat solves classic Sudoku only")
    flat: list[int] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if "a" <= ch <= "z":
            flat.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif ch == "_":
            i += 1
        elif "1" <= ch <= "9":
            j = i
            while j < len(desc) and "0" <= desc[j] <= "9":
                j += 1
            value = whole_number(desc[i:j])
            if value is None or value > n:
                raise id_error(f"clue {desc[i:j]} is not a digit 1..{n}", column=column + i,
                             hint="check the clue or the block size")
            flat.append(value)
            i = j
        else:
            raise id_error(f"bad character {describe_char(ch)} in the Solo description",
                         column=column + i, hint="Solo descriptions use a-z, 1-9 and '_'")
        if len(flat) > n * n:
            raise id_error(f"too much data: the description goes past the {n * n} cells of the"
                         " grid", column=column + i - 1, hint="check the size or the description")
    if len(flat) < n * n:
        raise id_error(f"not enough data: the description fills {len(flat)} of {n * n} cells",
                     column=column + len(desc), hint="copy the whole game ID")
    return SudokuPuzzle(np.array(flat).reshape(n, n))


def encode(puzzle: SudokuPuzzle) -> str:
    tokens = [str(int(v)) if v else None for v in puzzle.clues.ravel()]
    box = puzzle.box
    return f"{box}x{box}:" + encode_runs(tokens, first="a", longest=26, separator="_")
