"""Simon Tatham's game IDs (``params:desc``) for Pearl, Light Up, Solo, Loopy and Bridges: import
and export.

Descriptions are row-major (sgt-puzzles ``pearl.c``, ``lightup.c``, ``solo.c``, ...); each
genre's codec is ``formats/tatham/<genre>.py``, found through the registry.

Export writes exactly what the generators write (longer runs repeat ``z``), so an exported ID
pastes into Tatham's "Game > Specific" unchanged.

The genre choice (the same ``WxH:`` opens all three games):

1. an explicit ``genre`` argument, a ``pearl:`` / ``lightup:`` / ``solo:`` prefix (also
   ``masyu:``, ``akari:``, ``sudoku:``), or a Tatham web-page URL ``.../pearl.html#ID`` fixes it;
2. otherwise every genre whose alphabet and cell count the description fits is a candidate
   (``W`` only in Pearl, ``0``-``4`` clues in Light Up, ``_`` and digits 5-9 in Solo, and a
   Solo ``3x3`` grid has 81 cells where a Pearl ``3x3`` has 9);
3. exactly one candidate is taken; none raises the error of the likeliest genre; several
   (e.g. a Light Up with only unnumbered walls reads as a Pearl with only black pearls) raise an
   InputError asking for the prefix.

"""

from __future__ import annotations

import re
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES, Genre, by_tatham_game, genre_of, load
from pencilsat.formats.runs import whole_number
from pencilsat.formats.tatham.cells import HOW, SOURCE, id_error

Puzzle = Any
_PARAMS = re.compile(r"(\d{1,6})(?:x(\d{1,6}))?([a-zA-Z0-9.]*)", re.ASCII)
_RANDOM_SEED = re.compile(r"(?:[a-z][a-z-]*:)?\d[0-9a-z.]*#[^\s:]+", re.ASCII | re.IGNORECASE)
"""A random-seed ID (``10x10de#12345``, ``towers:5#tfresh``): Tatham's program makes a puzzle
from it, which pencilsat cannot; the game ID (``params:desc``) names the puzzle itself."""


def random_seed_error(column: int | None = None) -> InputError:
    """The error for a random-seed ID given where a puzzle is wanted."""
    return id_error("this is a Tatham random-seed ID, which names no puzzle by itself",
                    column=column,
                    hint="copy the game ID with ':' from Tatham's Game > Specific")


def is_random_seed(text: str) -> bool:
    """Whether ``text`` is a random-seed ID, bare, with a game's name or after a Tatham web
    page's ``.html#``."""
    tail = text.strip().rsplit(".html#", 1)[-1]
    return _RANDOM_SEED.fullmatch(tail) is not None


class AmbiguousGameId(InputError):
    """A bare game ID that more than one game reads (see ``to_game_id``)."""


def looks_like_game_id(text: str) -> bool:
    """True when ``text`` is plausibly a Tatham game ID (for input detection)."""
    text = text.strip()
    if "#" in text and ".html" in text:
        return True
    head, sep, _ = text.partition(":")
    if not sep:
        return False
    if _game(head) is not None:
        return True
    return _PARAMS.fullmatch(head) is not None


def _game(name: str) -> Genre | None:
    entry = by_tatham_game(name)
    return entry if entry is not None and entry.tatham_codec is not None else None


def parse_game_id(text: str, genre: str | None = None) -> Puzzle:
    """Read a Tatham game ID into a puzzle model; ``genre`` (a Tatham game name such as
    pearl, lightup, solo, or pencilsat's genre name) skips the detection described in the
    module docstring."""
    stripped = text.strip()
    column = len(text) - len(text.lstrip()) + 1
    if not stripped:
        raise id_error("the game ID is empty", hint=HOW)
    wanted = _genre_name(genre, column) if genre is not None else None
    if is_random_seed(stripped):
        raise random_seed_error(column)
    if "#" in stripped:
        page, _, stripped = stripped.partition("#")
        column += len(page) + 1
        name = re.search(r"(\w+)\.html$", page)
        if name and _game(name.group(1)) is not None:
            wanted = wanted or _game(name.group(1))
    head, sep, rest = stripped.partition(":")
    prefixed = _game(head) if sep else None
    if prefixed is not None:
        if wanted and wanted != prefixed:
            raise id_error(f"the prefix says {head!r} but the genre asked for is "
                           f"{wanted.name}", column=column,
                           hint="drop the prefix or the genre option")
        wanted = prefixed
        column += len(head) + 1
        stripped = rest
        head, sep, rest = stripped.partition(":")
    if not sep:
        raise id_error("no ':' between the parameters and the description", column=column,
                       hint=HOW)
    params = _PARAMS.fullmatch(head)
    if params is None:
        raise id_error(f"bad parameters {head!r}: expected WIDTHxHEIGHT", column=column, hint=HOW)
    extras = params.group(3)
    if extras.startswith("x") and params.group(2) is None:
        # "3x": the height is missing, not a square shorthand ("3x3x" is Solo's X variant)
        raise id_error(f"bad parameters {head!r}: expected WIDTHxHEIGHT", column=column,
                       hint=HOW)
    a = whole_number(params.group(1))
    b = whole_number(params.group(2)) if params.group(2) else a
    desc_column = column + len(head) + 1
    candidates = [wanted] if wanted else _plausible_genres(rest, extras)
    results: dict[str, Puzzle] = {}
    errors: dict[str, InputError] = {}
    for entry in candidates:
        try:
            results[entry.tatham[0]] = _codec(entry).decode(rest, a, b, extras, desc_column)
        except InputError as exc:
            errors[entry.tatham[0]] = exc
    if len(results) == 1:
        return next(iter(results.values()))
    if len(results) > 1:
        names = " and ".join(results)
        spelled = " or ".join(f"{game}:{stripped}" for game in results)
        raise AmbiguousGameId(f"this game ID is valid for both {names}", source=SOURCE,
                              column=column, hint=f"prefix it with the game's name: {spelled}")
    error = errors[candidates[0].tatham[0]]
    named = None if wanted else _named_only_reader(rest, a, b, extras, desc_column)
    if named is not None:  # the likeliest game's error, and the game that reads it named
        error = InputError(error.message, source=error.source, line=error.line,
                           column=error.column,
                           hint=(f"{error.hint}; or, " if error.hint else "")
                           + f"if it is {named.title}, name the game: "
                             f"{named.tatham[0]}:{stripped}")
    raise error


def _named_only_reader(desc: str, a: int | None, b: int | None, extras: str,
                       desc_column: int) -> Genre | None:
    """The game read only when named (Galaxies' black centres are upper case, as Pearl's
    descriptions are) that reads a bare ID no other game read, if there is one."""
    for entry in GENRES.values():
        if entry.tatham_codec is None or not _named_only(_codec(entry), desc):
            continue
        try:
            _codec(entry).decode(desc, a, b, extras, desc_column)
        except InputError:
            continue
        return entry
    return None


def to_game_id(puzzle: Puzzle, *, with_genre: bool | None = False) -> str:
    """Tatham's game ID of ``puzzle``; ``with_genre`` prefixes the game's name (``pearl:``,
    ``lightup:``, ``solo:``; pencilsat reads the prefix, Tatham's own "Game > Specific" box
    wants it left off). ``with_genre=None``: only when the bare ID would also read as another
    game (a Masyu without white pearls and a Light Up can share one, e.g. ``3x3:i``), so that
    what is written reads back as the same puzzle."""
    entry = genre_of(puzzle)
    if entry.tatham_codec is None:
        raise InputError(f"{entry.title} has no Tatham game", hint="convert --to text or url")
    game_id = _codec(entry).encode(puzzle)
    try:  # never write what the reader refuses, whatever a codec's own checks missed
        parse_game_id(f"{entry.tatham[0]}:{game_id}")
    except InputError as refused:
        raise InputError(f"the game ID of this puzzle would be refused by the reader: "
                         f"{refused.message}", hint="convert --to text") from refused
    if with_genre is None:
        with_genre = (_named_only(_codec(entry), game_id.partition(":")[2])
                      or _reads_as_several(game_id))
    return f"{entry.tatham[0]}:{game_id}" if with_genre else game_id


def _codec(entry: Genre) -> Any:
    assert entry.tatham_codec is not None
    return load(entry.tatham_codec)


def _reads_as_several(game_id: str) -> bool:
    try:
        parse_game_id(game_id)
    except AmbiguousGameId:
        return True
    except InputError:
        pass
    return False


def _genre_name(genre: str, column: int) -> Genre:
    entry = _game(genre)
    if entry is None:
        entry = GENRES.get(genre.lower())
    if entry is None or entry.tatham_codec is None:
        games = ", ".join(g.tatham[0] for g in GENRES.values() if g.tatham_codec)
        raise id_error(f"unknown game {genre!r}", column=column, hint=f"use one of: {games}")
    return entry


def _plausible_genres(desc: str, extras: str = "") -> list[Genre]:
    """Genres with a Tatham game, likeliest first (for the error of a bad ID): a codec whose
    ``claims(extras)`` says the letters after the size are its own (Solo's ``j``, ``k``,
    ``x``) first, then by ``plausible(desc)``; a codec with ``NAMED_ONLY`` (its descriptions
    read as another game's too: Filling's digits and runs are Range's), or whose
    ``named_only`` says so for ``desc``, only when the game is named (a prefix, the page or
    the genre)."""
    entries = [g for g in GENRES.values() if g.tatham_codec is not None
               and not _named_only(_codec(g), desc)]

    def likely(entry: Genre) -> tuple[bool, int]:
        codec = _codec(entry)
        claims = getattr(codec, "claims", None)
        return (not (claims is not None and claims(extras)), -codec.plausible(desc))

    return sorted(entries, key=likely)


def _named_only(codec: Any, desc: str) -> bool:
    """Whether ``codec`` reads ``desc`` only when its game is named: the whole codec
    (``NAMED_ONLY``) or this description (``named_only(desc)``: Galaxies' black centres,
    upper-case letters that Pearl's descriptions use too)."""
    if getattr(codec, "NAMED_ONLY", False):
        return True
    check = getattr(codec, "named_only", None)
    return bool(check(desc)) if check is not None else False
