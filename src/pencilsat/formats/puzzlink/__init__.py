"""puzz.link / pzprjs URLs: the frame every genre shares, import and export.

A URL is ``<host>/p?<type>[/<flags>]/<cols>/<rows>/<body>`` (width first), as written by
pzprjs' ``URLData`` (robx/pzprjs ``src/pzpr/parser.js``). The frame reads the type, the
flags and the size, asks the registry which genre pzprjs calls that type, and hands the body
to that genre's codec (``formats/puzzlink/<genre>.py``, built from the shared body codecs
of :mod:`pencilsat.formats.puzzlink.body`). Export writes the genre's first pzprjs name.

Choices (stricter than pzprjs, which silently ignores what it cannot use): any host and a
bare query (``mashu/6/6/...``) are read, a ``#fragment`` is dropped and trailing ``/`` are
ignored; truncated bodies, data beyond the last cell and runs that overrun the grid are
errors, not silently padded or cut.
"""

from __future__ import annotations

import re
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES, by_puzzlink_type, genre_of, load
from pencilsat.formats.runs import check_size, whole_number

SOURCE = "<url>"
URL_PREFIX = "https://puzz.link/p?"
_HOW = "a puzz.link URL looks like https://puzz.link/p?mashu/10/10/<data>"


def _error(message: str, column: int | None = None, hint: str | None = None) -> InputError:
    return InputError(message, source=SOURCE, column=column, hint=hint)


def looks_like_url(text: str) -> bool:
    """True when ``text`` is plausibly a pzprjs URL or query (for input detection)."""
    text = text.strip()
    if "?" in text:  # a query, unless a ':' before it makes it a Tatham ID such as "10x10:a?b"
        return ":" not in text.split("?", 1)[0].replace("://", "")
    if "://" in text:
        return ".html#" not in text  # a Tatham web page link carries a game ID instead
    head = text.split("/", 1)[0].lower()
    return by_puzzlink_type(head) is not None and "/" in text


def parse_url(url: str) -> Any:
    """Read a puzz.link / pzv.jp URL (or its bare query) into a puzzle model."""
    text = url.strip()
    offset = len(url) - len(url.lstrip())
    if not text:
        raise _error("the URL is empty", hint=_HOW)
    if "?" in text:
        start = text.index("?") + 1
    elif "://" in text:
        raise _error("the URL has no '?' before the puzzle data", hint=_HOW)
    else:
        start = 0
    query = text[start:].split("#", 1)[0].rstrip("/")
    base = offset + start + 1  # 1-based column of the query's first character
    parts = query.split("/")
    pid = parts[0]
    genre = by_puzzlink_type(pid)
    if genre is None or genre.puzzlink_codec is None:
        known = ", ".join(sorted(name for g in GENRES.values() for name in g.puzzlink))
        raise _error(f"unknown puzzle type {pid!r}", column=base,
                     hint=f"pencilsat reads these puzz.link types: {known}")
    index = 1
    if len(parts) > index and re.fullmatch(r"\d+x\d+", parts[index]):
        w, h = parts[index].split("x")
        raise _error(f"the size is written {w}/{h} in a puzz.link URL, not {parts[index]}",
                     column=base + len(pid) + 1, hint=f"{pid}/{w}/{h}/<data>")
    flags = ""
    if len(parts) > index and whole_number(parts[index]) is None:
        flags = parts[index]  # pzprjs' flags segment ("pflag"): the genre's codec reads it
        index += 1
    column = base + sum(len(p) + 1 for p in parts[:index])
    size_hint = "after the puzzle type come the width and the height: mashu/10/10/<data>"
    if len(parts) < index + 2:
        raise _error("the URL ends before the grid size", column=column, hint=size_hint)
    width, height = check_size(whole_number(parts[index]), whole_number(parts[index + 1]),
                               SOURCE, column, size_hint)
    body = "/".join(parts[index + 2:])
    body_column = column + len(parts[index]) + len(parts[index + 1]) + 2
    return load(genre.puzzlink_codec).decode(body, width, height, body_column, flags)


def to_url(puzzle: Any) -> str:
    """The puzz.link URL of ``puzzle``, with its genre's first pzprjs type name."""
    genre = genre_of(puzzle)
    if genre.puzzlink_codec is None:
        raise InputError(f"{genre.title} has no puzz.link form", hint="convert --to text")
    codec = load(genre.puzzlink_codec)
    flags = getattr(codec, "flags", lambda p: "")(puzzle)
    head = f"{genre.puzzlink[0]}/" + (f"{flags}/" if flags else "")
    return f"{URL_PREFIX}{head}{puzzle.width}/{puzzle.height}/{codec.encode(puzzle)}"
