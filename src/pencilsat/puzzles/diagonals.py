"""The diagonal (X) variant of the digit genres: both main diagonals of the ``N x N`` grid
also hold each digit once (janko's "Sudoku X" and diagonal Skyscrapers, Tatham's Solo ``x``).

The two diagonals are houses like a row: one list of them here, which the models append to
their houses, so every encoding, checker and narrowing that reads the houses gets them. The
text formats mark the variant with the header word :data:`DIAGONAL` after the size words.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell

DIAGONAL = "D"
"""The header word of the diagonal variant (``skyscrapers 6 6 5 D``, ``sudoku 9 9 D``)."""

TITLE = "X (diagonal)"
"""How messages name the variant."""

def may_hint(result: object) -> bool:
    """Whether ``result`` (a solve's) is a ``multiple`` plain puzzle of a genre with the X
    variant (the registry's ``x_variant``; Skyscrapers' diagonal one is its own, janko's
    ``D``), the case of :func:`pencilsat.strategies.x_hint.add_x_hint`: a look at the
    registry's table, which imports no model, so a solve of another genre loads nothing
    more."""
    from pencilsat.core.registry import GENRES

    puzzle = getattr(result, "puzzle", None)
    entry = GENRES.get(getattr(puzzle, "genre", None) or "")
    return (getattr(getattr(result, "verdict", None), "value", None) == "multiple"
            and entry is not None and entry.x_variant
            and not getattr(puzzle, "diagonal", True))


def diagonal_houses(n: int) -> list[tuple[str, list[Cell]]]:
    """The main diagonal (top left to bottom right), then the anti-diagonal (top right to
    bottom left), each with its kind ``diagonal``."""
    return [("diagonal", [(i, i) for i in range(n)]),
            ("diagonal", [(i, n - 1 - i) for i in range(n)])]


@lru_cache(maxsize=32)
def diagonal_indices(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The row-major cell indices of the main diagonal and of the anti-diagonal."""
    steps = np.arange(n)
    return steps * (n + 1), steps * n + (n - 1 - steps)


def diagonals_hold_all(grid: np.ndarray) -> bool:
    """Whether both main diagonals of the square ``grid`` hold ``1..N`` once each."""
    n = int(grid.shape[0])
    flat = np.asarray(grid).ravel()
    want = np.arange(1, n + 1)
    return all(np.array_equal(np.sort(flat[cells]), want) for cells in diagonal_indices(n))


VARIANT_LINE = "X (diagonal): both main diagonals hold each digit once too"
"""The line the text drawings of an X puzzle end with."""


def header_flag(text: str) -> tuple[str, bool]:
    """``text`` with a last header word :data:`DIAGONAL` taken off its first non-blank line
    (the other lines, and so the line numbers of errors, as they were), and whether it was
    there. The word given twice is an error naming the second (taking one off left a header
    that the genre's message then quoted without it)."""
    lines = text.splitlines()
    for i, raw in enumerate(lines):
        words = raw.split()
        if not words:
            continue
        if words.count(DIAGONAL) > 1:
            second = [m.start() + 1 for m in re.finditer(r"\S+", raw)
                      if m.group() == DIAGONAL][1]
            kept = " ".join(w for w in words if w != DIAGONAL)
            raise InputError(f"the header word '{DIAGONAL}' (the {TITLE} variant) is given "
                             f"{words.count(DIAGONAL)} times", line=i + 1, column=second,
                             hint=f"write it once, after the size: '{kept} {DIAGONAL}'")
        if len(words) > 1 and words[-1] == DIAGONAL:
            lines[i] = " ".join(words[:-1])
            return "\n".join(lines) + "\n", True
        break
    return text, False


def flag_word(diagonal: bool) -> str:
    """What a header line ends with: `` D`` for the X variant, nothing otherwise."""
    return f" {DIAGONAL}" if diagonal else ""


def variant_line(diagonal: bool) -> str:
    """The last line of an X puzzle's text drawing (:data:`VARIANT_LINE`), nothing
    otherwise."""
    return VARIANT_LINE + "\n" if diagonal else ""


def without_variant_line(lines: list[str]) -> list[str]:
    """A drawing's lines without the trailing :data:`VARIANT_LINE` (blank lines after it
    dropped too)."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    if end and lines[end - 1].strip() == VARIANT_LINE:
        return lines[:end - 1]
    return lines


def check_variant_line(lines: list[str], puzzle: object, title: str, first_line: int) -> None:
    """Refuse a drawing (``lines``, its first at line ``first_line``) that ends with
    :data:`VARIANT_LINE` for a ``puzzle`` (its genre's title ``title``) that is not the X
    variant, by name: the drawing was made for the X puzzle, and comparing it line by line
    said only that its last line differed. (An X puzzle's drawing without the line is its
    grid alone, which a Sudoku's reader takes as it is: see :func:`drawn_as`.)"""
    if getattr(puzzle, "diagonal", True):  # an X puzzle, or a genre without the variant
        return
    if len(without_variant_line(lines)) < len(lines):
        raise InputError(f"the drawing is an {TITLE} {title}'s (its last line says so), the "
                         f"puzzle a plain {title}", line=first_line + len(lines) - 1,
                         hint=f"give the puzzle with the header word '{DIAGONAL}' (or 'x' "
                              "in a Tatham ID), or solve the plain puzzle for its drawing")


def drawn_as(given: list[str], redrawn: list[str]) -> list[str]:
    """``redrawn`` (the drawing of the answer read from ``given``) without its trailing
    :data:`VARIANT_LINE` when ``given`` has none: the line states the puzzle's rule, which
    the checker applies whether the drawing repeats it or not."""
    if len(without_variant_line(given)) == len(given):
        return without_variant_line(redrawn)
    return redrawn
