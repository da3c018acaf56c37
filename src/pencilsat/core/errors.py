"""The one exception the tool raises for bad input.

Every parser raises :class:`InputError` with *where* (file, line, column) and *how to fix*,
so the CLI can print one clear line and exit 4 instead of a traceback.
"""

from __future__ import annotations

EXIT_INVALID = 4
"""Exit status for input that cannot be read, or an output file that cannot be written (0-3
are the verdicts, see ``Verdict.exit_code``)."""
EXIT_INTERNAL = 5
"""Exit status for a bug in pencilsat itself (an exception no input check foresaw): reported
in one line, with the traceback only when ``PENCILSAT_TRACEBACK=1``."""
EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT, the shell's convention): one line, no traceback;
the lines printed before it are complete."""
EXIT_OUTPUT_CLOSED = 141
"""Exit status of a batch whose records' reader left (128 + SIGPIPE, what ``yes | head -1``
ends with): no verdict status, since records were lost; stderr says how many were written."""


def tracebacks_wanted() -> bool:
    """``PENCILSAT_TRACEBACK=1``: let unforeseen exceptions through, for debugging."""
    import os

    return os.environ.get("PENCILSAT_TRACEBACK") == "1"


def internal_error(err: BaseException) -> str:
    """One line for an unforeseen exception, asking for a report."""
    return (f"internal error ({type(err).__name__}: {err}); this is a bug in pencilsat, please "
            "report it with the input (PENCILSAT_TRACEBACK=1 shows the traceback)")


class InputError(ValueError):
    """Invalid puzzle or solution input.

    ``source`` names the file (or ``<stdin>``, ``<url>``); ``line`` and ``column`` are 1-based
    and ``None`` when they do not apply; ``hint`` says how to fix it.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        hint: str | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.hint = hint
        super().__init__(str(self))

    def located(self, source: str) -> InputError:
        """Return a copy that names ``source`` when no source was known yet."""
        if self.source is not None:
            return self
        return self.placed(source, self.line)

    def placed(self, source: str, line: int | None = None) -> InputError:
        """Return a copy at ``source`` (and ``line``), keeping the column and the hint: for an
        input given as one line (a URL, a game ID) that is itself line ``line`` of ``source``."""
        return InputError(self.message, source=source, line=line, column=self.column,
                          hint=self.hint)

    def __str__(self) -> str:
        where = []
        if self.source is not None:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        text = (", ".join(where) + ": " if where else "") + self.message
        if self.hint:
            text += f" ({self.hint})"
        return text


class NotGradable(InputError):
    """A valid puzzle outside a grader's definition (Sato's Sudoku grader takes 9x9 only): the
    grading front reports it as ``unique — not graded``, not as invalid input."""
