"""Standard input (``-``) read whole as UTF-8 text, with a clear error when it cannot be.

Shared by the puzzle readers and the batch file's reader, so that both say the same thing
about the same input: a byte that is not UTF-8 is named (a surrogate-escaped line used to be
taken for a file name: "no such file: \\udcff"), and a closed standard input (``<&-``) is
the user's mistake, not an internal error.
"""

from __future__ import annotations

import sys

from pencilsat.core.errors import InputError


def read_standard_input(hint: str) -> str:
    """All of standard input as text; an InputError (``hint``: what to give instead) when it
    is closed, cannot be read, or is not UTF-8."""
    stream = sys.stdin
    if stream is None:
        raise InputError("standard input is closed", source="<stdin>",
                         hint=f"{hint}, or give a file instead of -")
    try:
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
    except OSError as err:
        raise InputError(f"cannot read standard input: {err.strerror or err}",
                         source="<stdin>", hint=hint) from None
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"standard input is not UTF-8 text ({exc.reason} at byte "
                         f"{exc.start})", source="<stdin>", hint=hint) from None
