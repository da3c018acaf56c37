"""puzz.link / pzprjs URLs: the frame every genre shares, import and export.

A URL is ``<host>/p?<type>[/<flags>]/<cols>/<rows>/<body>`` (width first), as written by
pzprjs' ``URLData`` (robx/pzprjs ``src/pzpr/parser.js``). The frame reads the type, the
flags and the size, asks the registry which genre pzprjs calls that type, and hands the body
to that genre's codec (``formats/puzzlink/<genre>.py``, built from the shared body codecs
of :mod:`pencilsat.formats.puzzlink.body`). Export writes the genre's first pzprjs name.

Choices (stricter than pzprjs, which silently ignores what it cannot use): any host and a
bare query (``mashu/6/6/...``) are read, a ``#fragment`` is dropped and trailing ``/`` are
ignored, and Kanpen's names of types (``numberlink``, ``hakyukoka``, ``fillomino01``) are
read in any URL, as pzprjs's ``toPID`` reads them; truncated bodies, data beyond the last
cell and runs that overrun the grid are errors, not silently padded or cut (every codec
reads its body through :mod:`pencilsat.formats.puzzlink.body`, and the frame checks that it
did); a flag or a
``v:`` variant pencilsat does not support is an error naming it (``FLAGS`` /
``REFUSED_FLAGS`` of each codec), never dropped. A codec that reads several pzprjs types
differently (Numberlink: ``numlin`` and ``arukone``) has ``decode_as`` / ``decode_file_as``,
given the type too, and ``type_name`` for export.
"""

from __future__ import annotations

import re
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES, Genre, by_puzzlink_type, genre_of, load
from pencilsat.formats.puzzlink.body import read_through_parts
from pencilsat.formats.puzzlink.kanpen import KANPEN_NAMES, is_kanpen_url, parse_kanpen_url
from pencilsat.formats.runs import check_size, whole_number

SOURCE = "<url>"
URL_PREFIX = "https://puzz.link/p?"
_HOW = "a puzz.link URL looks like https://puzz.link/p?mashu/10/10/<data>"
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
"""A URL's scheme and ``//`` at the start: a Towers game ID with an empty first clue also holds
``://`` (``5://2/...``, ``towers:5://2/...``) and is no URL."""


def _error(message: str, column: int | None = None, hint: str | None = None) -> InputError:
    return InputError(message, source=SOURCE, column=column, hint=hint)


def looks_like_url(text: str) -> bool:
    """True when ``text`` is plausibly a pzprjs URL or query (for input detection)."""
    text = text.strip()
    if "?" in text:  # a query, unless a ':' before it makes it a Tatham ID such as "10x10:a?b"
        return ":" not in text.split("?", 1)[0].replace("://", "")
    if _SCHEME.match(text):
        return ".html#" not in text  # a Tatham web page link carries a game ID instead
    head = text.split("/", 1)[0].lower()
    return by_puzzlink_type(KANPEN_NAMES.get(head, head)) is not None and "/" in text


def parse_url(url: str) -> Any:
    """Read a puzz.link / pzv.jp URL (or its bare query) into a puzzle model: every form pzprjs
    reads (``type=editor&`` and other leading parameters, ``_edit`` / ``_play``, ``v:``,
    trailing ``&key=value`` or ``&key`` parameters, the ``pzprv3`` file form)."""
    text = url.strip()
    offset = len(url) - len(url.lstrip())
    if not text:
        raise _error("the URL is empty", hint=_HOW)
    if is_kanpen_url(text):
        return parse_kanpen_url(text, offset + 1, parse_url)
    if "?" in text:
        start = text.index("?") + 1
    elif "://" in text:
        raise _error("the URL has no '?' before the puzzle data", hint=_HOW)
    else:
        start = 0
    query = text[start:].split("#", 1)[0]
    query = _TRAILING_PARAMETERS.sub("", query).rstrip("/")
    leading = _LEADING_PARAMETERS.match(query)
    if leading:  # "type=editor&mashu/...": pzprjs reads the mode, the puzzle does not change
        start += leading.end()
        query = query[leading.end():]
    base = offset + start + 1  # 1-based column of the query's first character
    parts = query.split("/")
    if parts[0].startswith("v:"):  # "v:/mashu/...": a variant before the type
        _check_variant(parts[0], base)
        base += len(parts[0]) + 1
        parts = parts[1:]
        if not parts:
            raise _error("the URL names a variant but no puzzle type after it", column=base,
                         hint=_HOW)
    if re.fullmatch(r"pzprv3(\.\d+)?", parts[0]):
        return _parse_file(parts, base)
    pid = re.sub(r"_(edit|play)$", "", parts[0])
    pid = KANPEN_NAMES.get(pid.lower(), pid)  # pzprjs's toPID reads Kanpen's names anywhere
    genre, codec = _genre(pid, base)
    index = 1
    if len(parts) > index and parts[index].startswith("v:"):
        _check_variant(parts[index], base + len(parts[0]) + 1)
        index += 1
    if len(parts) > index and re.fullmatch(r"\d+x\d+", parts[index]):
        w, h = parts[index].split("x")
        raise _error(f"the size is written {w}/{h} in a puzz.link URL, not {parts[index]}",
                     column=base + len(parts[0]) + 1, hint=f"{pid}/{w}/{h}/<data>")
    flags = ""
    if len(parts) > index and whole_number(parts[index]) is None:
        flags = parts[index]  # pzprjs' flags segment ("pflag")
        _check_flags(codec, pid.lower(), flags,
                     base + sum(len(p) + 1 for p in parts[:index]))
        index += 1
    column = base + sum(len(p) + 1 for p in parts[:index])
    size_hint = "after the puzzle type come the width and the height: mashu/10/10/<data>"
    if len(parts) < index + 2:
        raise _error("the URL ends before the grid size", column=column, hint=size_hint)
    width, height = check_size(whole_number(parts[index]), whole_number(parts[index + 1]),
                               SOURCE, column, size_hint)
    body = "/".join(parts[index + 2:])
    body_column = column + len(parts[index]) + len(parts[index + 1]) + 2
    with read_through_parts(body, body_column, genre.name):
        if hasattr(codec, "decode_as"):
            return codec.decode_as(pid.lower(), body, width, height, body_column, flags)
        return codec.decode(body, width, height, body_column, flags)


_LEADING_PARAMETERS = re.compile(r"(?:\w+=\w*&)+")
_TRAILING_PARAMETERS = re.compile(r"(?:&\w+(?:=[^&/#]*)?)+$")
"""``&key=value`` and ``&key`` (a key with an empty value, as browsers and pzprjs read it)
after the puzzle: pzprjs' page options, which do not change the puzzle."""


def _genre(pid: str, column: int) -> tuple[Genre, Any]:
    """The genre pzprjs calls ``pid`` and its codec module."""
    genre = by_puzzlink_type(pid)
    if genre is None or genre.puzzlink_codec is None:
        known = ", ".join(sorted(name for g in GENRES.values() for name in g.puzzlink))
        raise _error(f"unknown puzzle type {pid!r}", column=column,
                     hint=f"pencilsat reads these puzz.link types: {known}")
    return genre, load(genre.puzzlink_codec)


def _check_variant(segment: str, column: int) -> None:
    """pzprjs' ``v:NAME`` segment: an empty name is the plain puzzle; pencilsat supports no
    named variant, and says so rather than solving the plain one."""
    if segment != "v:":
        raise _error(f"the variant {segment[2:]!r} is not supported", column=column,
                     hint="pencilsat solves the plain genre; remove the v: segment only if "
                     "the puzzle is not that variant")


def _check_flags(codec: Any, pid: str, flags: str, column: int) -> None:
    """Every flag letter must be one the genre's codec supports (``FLAGS``); a known one it
    does not (``REFUSED_FLAGS``) is named with its meaning, never ignored."""
    supported = getattr(codec, "FLAGS", {})
    refused = getattr(codec, "REFUSED_FLAGS", {})
    for i, letter in enumerate(flags):
        if letter in supported:
            continue
        if letter in refused:
            raise _error(f"the {pid} flag {letter!r} ({refused[letter]}) is not supported",
                         column=column + i, hint="pencilsat would solve another puzzle")
        known = "; ".join(f"{k!r}: {v}" for k, v in {**supported, **refused}.items())
        raise _error(f"unknown {pid} flag {letter!r}", column=column + i,
                     hint=f"{pid} flags: {known}" if known else f"{pid} has no flags")


def _parse_file(parts: list[str], column: int) -> Any:
    """pzprjs' file form ``pzprv3/<type>/<rows>/<cols>/<lines>...`` (percent-encoded; Sudoku
    has one size line): the genre's codec reads the cell lines (``decode_file``)."""
    from urllib.parse import unquote

    parts = [unquote(part) for part in parts]
    if len(parts) < 2:
        raise _error("the pzprv3 form ends before the puzzle type", column=column, hint=_HOW)
    parts[1] = KANPEN_NAMES.get(parts[1].lower(), parts[1])
    genre, codec = _genre(parts[1], column + len(parts[0]) + 1)
    if not hasattr(codec, "decode_file"):
        raise _error(f"the pzprv3 file form is not supported for {genre.title}",
                     column=column, hint="copy the puzzle's URL (File > Export URL)")
    sizes = 1 if getattr(codec, "FILE_SQUARE", False) else 2
    numbers = [whole_number(part) for part in parts[2:2 + sizes]]
    if len(numbers) < sizes or None in numbers:
        raise _error("the pzprv3 form needs the grid size after the type",
                     column=column, hint="pzprv3/<type>/<rows>/<cols>/...")
    rows, cols = (numbers[0], numbers[-1])
    height, width = check_size(rows, cols, SOURCE, column, "pzprv3/<type>/<rows>/<cols>/...")
    if hasattr(codec, "decode_file_as"):
        return codec.decode_file_as(parts[1].lower(), parts[2 + sizes:], width, height)
    return codec.decode_file(parts[2 + sizes:], width, height)


def to_url(puzzle: Any) -> str:
    """The puzz.link URL of ``puzzle``, with its genre's first pzprjs type name (or its
    codec's ``type_name(puzzle)``); the size is
    the codec's ``url_size(puzzle)`` where pzprjs counts another grid (Kakuro's board
    leaves out the row and column of edge sums), else the puzzle's."""
    genre = genre_of(puzzle)
    if genre.puzzlink_codec is None:
        raise InputError(f"{genre.title} has no puzz.link form", hint="convert --to text")
    codec = load(genre.puzzlink_codec)
    flags = getattr(codec, "flags", lambda p: "")(puzzle)
    type_name = getattr(codec, "type_name", lambda p: genre.puzzlink[0])(puzzle)
    head = f"{type_name}/" + (f"{flags}/" if flags else "")
    width, height = getattr(codec, "url_size", lambda p: (p.width, p.height))(puzzle)
    url = f"{URL_PREFIX}{head}{width}/{height}/{codec.encode(puzzle)}"
    try:  # never write what the reader refuses, whatever a codec's own checks missed
        parse_url(url)
    except InputError as refused:
        raise InputError(f"the puzz.link URL of this puzzle would be refused by the reader: "
                         f"{refused.message}", hint="convert --to text") from refused
    return url
