"""Shared pieces of Tatham's descriptions: ``a``-``z`` runs of empty cells, the grid size,
positioned errors. Each genre's codec (``formats/tatham/<genre>.py``) states its cell tokens."""

from __future__ import annotations

import re

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import MAX_SIDE, describe_char

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


def read_cells(
    desc: str, column: int, cells: int, token_chars: str, game: str
) -> list[str | None]:
    """Expand ``a``-``z`` runs; other characters from ``token_chars`` are one cell each."""
    out: list[str | None] = []
    for i, ch in enumerate(desc):
        if "a" <= ch <= "z":
            out.extend([None] * (ord(ch) - ord("a") + 1))
        elif ch in token_chars:
            out.append(ch)
        else:
            allowed = "a-z and " + ", ".join(token_chars)
            raise id_error(f"bad character {describe_char(ch)} in the {game} description",
                           column=column + i, hint=f"{game} descriptions use {allowed}")
        if len(out) > cells:
            raise id_error(f"too much data: the description goes past the {cells} cells of "
                           "the grid", column=column + i, hint="check the size or the description")
    if len(out) < cells:
        raise id_error(f"not enough data: the description fills {len(out)} of {cells} cells",
                       column=column + len(desc), hint="copy the whole game ID")
    return out


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
