"""Reading the corpus's header-plus-rows text grids, with exact error positions.

Every genre's file opens with ``<tag> W H`` (and the genre's header numbers, such as Star
Battle's stars), then rows: of W characters (``read_grid``: a genre states its tag and
alphabet) or of W tokens (a genre reads the rows ``read_header`` hands it, after
``expect_row_count``, with ``number_rows``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

import numpy as np

from pencilsat.core.errors import InputError

MAX_SIDE = 1000


def content_lines(text: str) -> list[tuple[int, str]]:
    """Lines with their 1-based numbers, trailing whitespace and blank lines dropped."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if line:
            out.append((number, line))
    return out


def parse_size(token_w: str, token_h: str, line: int, header: str) -> tuple[int, int]:
    """Parse ``W H`` of a header line, each a positive whole number in ASCII digits (Python's
    ``int`` alone also took ``1_0`` as 10 and full-width digits)."""
    try:
        if not all(token.isascii() and token.isdigit() for token in (token_w, token_h)):
            raise ValueError
        width, height = int(token_w), int(token_h)
    except ValueError:
        raise InputError(
            f"size must be two whole numbers, got {token_w!r} {token_h!r}",
            line=line,
            hint=f"write the first line as '{header} WIDTH HEIGHT'",
        ) from None
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise InputError(
            f"size {width}x{height} is out of range 1..{MAX_SIDE}",
            line=line,
            hint="check the size line",
        )
    return width, height


class Header(NamedTuple):
    """The header line ``<tag> W H [extras]`` read, and the content lines after it."""

    width: int
    height: int
    rows: list[tuple[int, str]]
    """The content lines after the header, each with its 1-based line number."""
    first_line: int
    """The number of the line after the header."""
    extras: dict[str, int]
    """The genre's header numbers (Star Battle's ``stars``), by name."""


def read_header(text: str, tag: str, extras: Mapping[str, str] | None = None) -> Header:
    """Read the header ``<tag> W H``, followed by the genre's ``extras`` (name -> what it
    means; each a whole number >= 0) given in order (``starbattle 10 10 2``) or by name
    (``starbattle 10 10 stars=2``); an extra left out is an error naming it."""
    extras = extras or {}
    lines = content_lines(text)
    shape = " ".join([tag, "W", "H", *extras])
    if not lines:
        raise InputError("the input is empty", hint=f"expected a first line '{shape}'")
    number, header = lines[0]
    parts = header.split()
    if not 3 <= len(parts) <= 3 + len(extras) or parts[0] != tag:
        raise InputError(
            f"expected the header '{shape}', got {header!r}",
            line=number,
            column=1,
            hint=f"the first line must be '{tag}' followed by width and height"
                 + (f" and {', '.join(extras)}" if extras else ""),
        )
    width, height = parse_size(parts[1], parts[2], number, tag)
    values = _header_extras(parts[3:], extras, number, shape)
    return Header(width, height, lines[1:], number + 1, values)


def _header_extras(words: list[str], extras: Mapping[str, str], line: int,
                   shape: str) -> dict[str, int]:
    values: dict[str, int] = {}
    for position, word in enumerate(words):
        name, _, value = word.rpartition("=")
        name = name or list(extras)[position]
        if name not in extras or name in values:
            raise InputError(f"unknown or repeated header word {word!r}", line=line,
                             hint=f"the header is '{shape}'; "
                                  + "; ".join(f"{k}: {v}" for k, v in extras.items()))
        if not (value.isascii() and value.isdigit()) or len(value) > 7:
            raise InputError(f"{name} must be a whole number, got {value!r}", line=line,
                             hint=f"{name}: {extras[name]}")
        values[name] = int(value)
    missing = [name for name in extras if name not in values]
    if missing:
        raise InputError(f"the header lacks {', '.join(missing)}", line=line,
                         hint=f"write the first line as '{shape}'; "
                              + "; ".join(f"{k}: {extras[k]}" for k in missing))
    return values


_TOKEN = re.compile(r"\S+")


def token_position(rows: list[tuple[int, str]], r: int, c: int) -> tuple[int, int]:
    """The line and 1-based column of token ``c`` of row ``r`` of token rows."""
    line_number, row = rows[r]
    return line_number, list(_TOKEN.finditer(row))[c].start() + 1


def number_rows(rows: list[tuple[int, str]], width: int,
                value_of: Callable[[str, int, int], int],
                fast: re.Pattern[str] | None = None, dot: int = -1) -> np.ndarray:
    """Rows of ``width`` tokens as a grid of numbers, ``value_of(token, line, column)``
    reading each token (raising a positioned :class:`InputError` for a bad one). When
    ``fast`` matches every row whole (only ``.`` and plain numbers; ``.`` reads as ``dot``),
    numpy reads them at once (a 1000x1000 grid in 0.05 s instead of 1 s)."""
    if fast is not None and all(row.count(" ") == width - 1 and fast.fullmatch(row)
                                for _, row in rows):
        block = " ".join(row for _, row in rows).replace(".", str(dot))
        values = np.fromstring(block, dtype=np.int64, sep=" ")
        if values.size == len(rows) * width:
            return values.reshape(len(rows), width)
    grid = np.zeros((len(rows), width), dtype=np.int64)
    for r, (line_number, row) in enumerate(rows):
        for c, token in enumerate(row_tokens(row, line_number, width)):
            grid[r, c] = value_of(token.group(), line_number, token.start() + 1)
    return grid


def row_tokens(row: str, line_number: int, width: int) -> list[re.Match[str]]:
    """The ``width`` space-separated tokens of a row (each with its column), or an
    :class:`InputError` at the first token too many or the end of a short row."""
    found = list(_TOKEN.finditer(row))
    if len(found) != width:
        column = found[width].start() + 1 if len(found) > width else len(row) + 1
        raise InputError(f"row has {len(found)} cells, expected {width}",
                         line=line_number, column=column,
                         hint="write one token per cell, separated by spaces")
    return found


def expect_row_count(rows: list[tuple[int, str]], count: int, first_line: int,
                     message: str | None = None,
                     hint: str = "the header's height must equal the number of grid rows") -> None:
    """Refuse ``rows`` unless there are ``count`` of them, pointing at the first row too many
    or the line after the last one; ``message`` defaults to "expected N rows, found M"."""
    if len(rows) != count:
        where = rows[count][0] if len(rows) > count else (rows[-1][0] + 1 if rows else first_line)
        raise InputError(message or f"expected {count} rows, found {len(rows)}", line=where,
                         hint=hint)


def read_grid(text: str, tag: str, alphabet: str, what: str) -> list[str]:
    """Read ``<tag> W H`` and H rows of exactly W characters from ``alphabet``.

    ``what`` describes the alphabet in the error hint, e.g. "'.' empty, 'W' white, 'B' black".
    """
    width, height, rows, first_line, _ = read_header(text, tag)
    return check_rows(rows, width, height, alphabet, what, first_line=first_line)


def check_rows(
    rows: Iterable[tuple[int, str]],
    width: int,
    height: int,
    alphabet: str,
    what: str,
    first_line: int,
) -> list[str]:
    """Check row count, row lengths and characters; return the rows as strings."""
    rows = list(rows)
    expect_row_count(rows, height, first_line)
    out = []
    for number, row in rows:
        if len(row) != width:
            raise InputError(
                f"row has {len(row)} cells, expected {width}",
                line=number,
                column=min(len(row), width) + 1,
                hint="every row must be exactly as wide as the header says",
            )
        for col, ch in enumerate(row, start=1):
            if ch not in alphabet:
                raise InputError(
                    f"unknown character {ch!r}",
                    line=number,
                    column=col,
                    hint=f"allowed: {what}",
                )
        out.append(row)
    return out


def header_variants(text: str, tag: str, known: Mapping[str, str]) -> tuple[str, frozenset[str]]:
    """Take the variant words after ``<tag> W H`` off the header (``masyu 6 6 full``): the
    text with a plain header, and the variants. A word not in ``known`` (name -> what it
    means) is an error naming it and the variants this genre has; so is a word given twice."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        words = line.split()
        if not words:
            continue
        if words[0] != tag or len(words) <= 3:
            return text, frozenset()
        for offset, word in enumerate(words[3:]):
            if word not in known:
                column = line.index(word, sum(len(w) + 1 for w in words[:3 + offset]) - 1) + 1
                choices = "; ".join(f"'{name}': {meaning}" for name, meaning in known.items())
                raise InputError(f"unknown {tag} variant {word!r}", line=index + 1,
                                 column=column,
                                 hint=f"variants: {choices}" if known else
                                 f"{tag} has no variants; the header is '{tag} W H'")
        twice = next((w for i, w in enumerate(words[3:]) if w in words[3:3 + i]), None)
        if twice is not None:
            raise InputError(f"the {tag} variant {twice!r} is given "
                             f"{words[3:].count(twice)} times", line=index + 1,
                             hint="write it once: '"
                             + " ".join(words[:3] + list(dict.fromkeys(words[3:]))) + "'")
        lines[index] = " ".join(words[:3])
        return "\n".join(lines) + "\n", frozenset(words[3:])
    return text, frozenset()
