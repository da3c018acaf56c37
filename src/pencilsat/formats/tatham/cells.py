"""Shared pieces of Tatham's descriptions: ``a``-``z`` runs of empty cells, the grid size,
positioned errors. Each genre's codec (``formats/tatham/<genre>.py``) states its cell tokens
and reads them with :func:`read_tokens` (or :func:`read_cells`), which holds the one check
that a description fills the grid exactly."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import MAX_SIDE, describe_char, whole_number

SOURCE = "<game id>"
HOW = ("a game ID looks like 10x10:desc; prefix it with the game's name (pearl:, lightup:, "
       "solo:, ...) to name the game")


def id_error(message: str, column: int | None = None, hint: str | None = None) -> InputError:
    return InputError(message, source=SOURCE, column=column, hint=hint)


def game_params(extras: str, pattern: re.Pattern[str], game: str, form: str,
                column: int) -> re.Match[str]:
    """The game's own parameters after the size (its difficulty, symmetry...), or an error
    pointing at them: another game's parameters mean another game."""
    params = pattern.fullmatch(extras)
    if params is None:
        raise id_error(f"{game} game IDs have at most {form} after the size, "
                       f"this one has {extras!r}", column=column - 1 - len(extras),
                       hint="check the game: a Loopy ID such as 10x10t0:... is Slitherlink")
    return params


Token = tuple[Any, int, int]
"""What a description's token reader returns: (value, or ``None`` for empty cells;
characters read; cells covered)."""


def read_tokens(desc: str, column: int, cells: int,
                token: Callable[[str, int], Token]) -> list[Any]:
    """The ``cells`` values of a description (``None``: an empty cell), read with ``token``
    at each index; the description must fill the grid exactly, as Tatham's ``validate_desc``
    wants it ("Game description shorter / longer than expected"): a cut ID or one with
    data left over is an error naming the column, never a smaller or another puzzle."""
    out: list[Any] = []
    i = 0
    while i < len(desc):
        value, chars, covered = token(desc, i)
        out.extend([value] * covered)
        if len(out) > cells:
            raise id_error(f"too much data: the description goes past the {cells} cells of "
                           "the grid", column=column + i, hint="check the size or the description")
        i += chars
    if len(out) < cells:
        raise id_error(f"not enough data: the description fills {len(out)} of {cells} cells",
                       column=column + len(desc), hint="copy the whole game ID")
    return out


def read_cells(
    desc: str, column: int, cells: int, token_chars: str, game: str
) -> list[str | None]:
    """Expand ``a``-``z`` runs; other characters from ``token_chars`` are one cell each."""

    def token(desc: str, i: int) -> Token:
        ch = desc[i]
        if "a" <= ch <= "z":
            return None, 1, ord(ch) - ord("a") + 1
        if ch in token_chars:
            return ch, 1, 1
        allowed = "a-z and " + ", ".join(token_chars)
        raise id_error(f"bad character {describe_char(ch)} in the {game} description",
                       column=column + i, hint=f"{game} descriptions use {allowed}")

    return read_tokens(desc, column, cells, token)


def read_number_runs(desc: str, column: int, cells: int, largest: int,
                     not_allowed: Callable[[str], tuple[str, str]],
                     bad_char: tuple[str, str]) -> list[int]:
    """The cells of a description of ``a``-``z`` runs of empty cells (0) and decimal numbers
    1..``largest``, ``_`` between two numbers side by side (Range, Rectangles, Solo's grids).
    A number outside 1..``largest`` is an error with ``not_allowed(its text)`` (message,
    hint), another character one with the ``bad_char`` words (message after the character,
    hint)."""

    def token(desc: str, i: int) -> Token:
        ch = desc[i]
        if "a" <= ch <= "z":
            return 0, 1, ord(ch) - ord("a") + 1
        if ch == "_":
            return 0, 1, 0
        if "1" <= ch <= "9":
            j = i
            while j < len(desc) and "0" <= desc[j] <= "9":
                j += 1
            value = whole_number(desc[i:j])
            if value is None or value > largest:
                message, hint = not_allowed(desc[i:j])
                raise id_error(message, column=column + i, hint=hint)
            return value, j - i, 1
        raise id_error(f"bad character {describe_char(ch)} {bad_char[0]}", column=column + i,
                       hint=bad_char[1])

    return read_tokens(desc, column, cells, token)


def read_numbers(desc: str, column: int, cells: int, largest: int, game: str,
                 too_large: str) -> list[int]:
    """:func:`read_number_runs` in the words of a game whose numbers are 1..``largest``:
    ``too_large`` says, in the genre's words, why a larger number cannot be."""
    return read_number_runs(
        desc, column, cells, largest,
        lambda text: (f"number {text} {too_large}", f"numbers are 1..{largest}"),
        (f"in the {game} description",
         f"{game} descriptions use a-z (empty cells), numbers and '_'"))


def grid_size(width: int | None, height: int | None, column: int) -> tuple[int, int]:
    if width is None or height is None or not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise id_error(f"the size must be WIDTHxHEIGHT with sides 1..{MAX_SIDE}", column=column,
                       hint=HOW)
    return width, height


def desc_index(desc: str, cell: int) -> int:
    """The index in ``desc`` of the character that describes ``cell`` (for an error's
    column), counting a run letter as the cells it stands for."""
    seen = 0
    for i, ch in enumerate(desc):
        seen += ord(ch) - ord("a") + 1 if "a" <= ch <= "z" else 1
        if seen > cell:
            return i
    return len(desc)
