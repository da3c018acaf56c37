"""pzprjs' saved puzzle files (``pzprv3`` on the first line, then the type, the size and the
cell lines), read by the puzz.link reader's file form.

The URL form ``p?pzprv3/<type>/<rows>/<cols>/<lines>...`` is the file's lines joined with
``/``; a file saved by pzprjs (File > Save) was read as a Sudoku grid without a header
("a Sudoku grid has 4, 9, 16 or 25 rows"). The lines are joined with the characters a URL
reserves (``%``, ``#``, ``&``, ``?``: a Ripple Effect file writes ``#`` for an empty cell)
percent-encoded, as the file form's reader decodes them, and an error's column in the joined
text is given back as the file's own line and column.
"""

from __future__ import annotations

import re
from typing import Any

from pencilsat.core.errors import InputError

_FIRST_LINE = re.compile(r"pzprv3(\.\d+)?")
_RESERVED = {"%": "%25", "#": "%23", "&": "%26", "?": "%3F"}


def is_pzprv3(first_line: str) -> bool:
    """Whether a text whose first non-blank line is ``first_line`` is a pzprjs file."""
    return _FIRST_LINE.fullmatch(first_line.strip()) is not None


def read_pzprv3_file(text: str) -> Any:
    """The puzzle of a pzprjs file's ``text`` (its first non-blank line ``pzprv3``)."""
    from pencilsat.formats.puzzlink import parse_url

    lines = text.splitlines()
    query, where = "?", [(0, 0)]  # where[i]: the file's (line, column) of query[i]
    for number, line in enumerate(lines, start=1):
        if not query.endswith("?"):
            query, where = query + "/", [*where, (number - 1, len(lines[number - 2]) + 1)]
        for column, char in enumerate(line.rstrip("\r"), start=1):
            code = _RESERVED.get(char, char)
            query += code
            where += [(number, column)] * len(code)
    query = query.rstrip("/")  # trailing blank lines
    try:
        return parse_url(query)
    except InputError as exc:
        at, column = (where[exc.column - 1] if exc.column and exc.column <= len(where)
                      else (0, 0))
        hint = exc.hint.replace("the whole URL", "the whole file") if exc.hint else None
        raise InputError(exc.message, line=at or None, column=column or None,
                         hint=hint) from None
