"""Shared pieces of the compact puzzle codes: letter runs of empty cells, positioned errors.

Both puzz.link and Tatham write a grid row-major and squeeze runs of empty cells into one
letter (puzz.link ``g``-``z`` = 1..20 cells, Tatham ``a``-``z`` = 1..26 cells). Every codec in
this package states its cell tokens and lets :func:`encode_runs` write the runs, so the run
rules live in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

from pencilsat.core.errors import InputError

DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"
ASCII_DIGITS = frozenset("0123456789")
MAX_SIDE = 1000
"""Largest width or height any importer accepts (the corpus' largest is 100)."""


def encode_runs(
    tokens: Sequence[str | None], first: str, longest: int, separator: str = ""
) -> str:
    """Write ``tokens`` (``None`` = empty cell) with runs of empty cells as letters.

    A run of k cells is the letter ``first`` + k - 1; runs longer than ``longest`` are split.
    ``separator`` goes between two tokens that would otherwise touch (Tatham Solo's ``_``
    between adjacent clue numbers).
    """
    out: list[str] = []
    run = 0
    previous_was_token = False
    for token in tokens:
        if token is None:
            run += 1
            if run == longest:
                out.append(chr(ord(first) + run - 1))
                run = 0
            previous_was_token = False
            continue
        if run:
            out.append(chr(ord(first) + run - 1))
            run = 0
        elif previous_was_token and separator:
            out.append(separator)
        out.append(token)
        previous_was_token = True
    if run:
        out.append(chr(ord(first) + run - 1))
    return "".join(out)


def whole_number(text: str) -> int | None:
    """``text`` as a positive whole number of at most 6 ASCII digits, else None.

    ``str.isdigit`` accepts characters such as ``'²'`` that ``int`` rejects, and huge digit
    strings make ``int`` raise; both are bad input here, never a crash.
    """
    if not text or len(text) > 6 or not set(text) <= ASCII_DIGITS:
        return None
    return int(text)


def check_size(width: int | None, height: int | None, source: str, column: int | None,
               hint: str) -> tuple[int, int]:
    """A grid size within 1..MAX_SIDE, or an InputError naming the bad size."""
    if width is None or height is None or not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise InputError(
            f"the size must be two whole numbers from 1 to {MAX_SIDE}",
            source=source, column=column, hint=hint,
        )
    return width, height


def describe_char(ch: str) -> str:
    return repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
