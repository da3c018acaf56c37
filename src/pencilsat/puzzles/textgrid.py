"""Reading the corpus's header-plus-rows text grids, with exact error positions.

Every genre's file opens with ``<tag> W H``, then rows: of W characters (``read_grid``: a
genre states its tag and alphabet) or of W tokens (a genre reads the rows ``read_header``
hands it, after ``expect_row_count``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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


def read_header(text: str, tag: str) -> tuple[int, int, list[tuple[int, str]], int]:
    """Read the header ``<tag> W H``: the width, the height, the content lines after it (with
    their line numbers) and the number of the line after the header."""
    lines = content_lines(text)
    if not lines:
        raise InputError("the input is empty", hint=f"expected a first line '{tag} W H'")
    number, header = lines[0]
    parts = header.split()
    if len(parts) != 3 or parts[0] != tag:
        raise InputError(
            f"expected the header '{tag} W H', got {header!r}",
            line=number,
            column=1,
            hint=f"the first line must be '{tag}' followed by width and height",
        )
    width, height = parse_size(parts[1], parts[2], number, tag)
    return width, height, lines[1:], number + 1


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
    width, height, rows, first_line = read_header(text, tag)
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
    means) is an error naming it and the variants this genre has."""
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
        lines[index] = " ".join(words[:3])
        return "\n".join(lines) + "\n", frozenset(words[3:])
    return text, frozenset()
