"""A batch's inputs as numbered items: the lines of a batch file, or a list of puzzles.

An item is plain data (a line number and text), so shards of items can be sent to other
processes and machines; the puzzles are read where they are solved. Blank lines and ``#``
comments are skipped, and line numbers count every line, so a record names the line an
editor sees.

The readers (``formats.detect``, which loads numpy) are imported only where an input is told
apart, in the process that solves it: the main process of a run with workers only cuts lines.
"""

from __future__ import annotations

from typing import NamedTuple

from pencilsat.core.errors import InputError
from pencilsat.core.standard_input import read_standard_input

SUDOKU_LINE_LENGTHS = (16, 81, 256, 625)
"""The lengths of a one-line Sudoku (4x4 to 25x25): ``formats.detect.ONE_LINE_SUDOKU``, kept
here so that cutting a batch file needs no reader (a test checks that they agree)."""


class BatchItem(NamedTuple):
    """One puzzle of a batch: its line number (or position from 1) and its input as given."""

    line: int
    input: str
    """A file path, a URL, a game ID or a one-line Sudoku, as the user wrote it."""
    text: str | None = None
    """The puzzle's own text when it is not read from ``input``: standard input read by the
    main process (``input`` is ``-``), or a puzzle model written out by ``solve_many``."""


def read_batch_file(path_or_stdin: str) -> list[str]:
    """The lines of a batch file, or of standard input for ``-``; InputError if unreadable."""
    if path_or_stdin == "-":
        return read_standard_input("give UTF-8 text with one puzzle per line").removeprefix(
            "\ufeff").splitlines()
    try:
        with open(path_or_stdin, encoding="utf-8-sig") as fh:  # a BOM (Windows Notepad) dropped
            return fh.read().splitlines()
    except FileNotFoundError:
        raise InputError(f"no such file: {path_or_stdin}",
                         hint="give a file with one puzzle per line (a one-line Sudoku, a "
                              "puzz.link URL, a Tatham game ID or a puzzle file's path), "
                              "or - for stdin") from None
    except IsADirectoryError:
        raise InputError(f"{path_or_stdin} is a folder, not a batch file",
                         hint="give a file with one puzzle per line; for every puzzle of a "
                              f"folder, list them first: ls {path_or_stdin}/*.txt > list.txt"
                         ) from None
    except PermissionError:
        raise InputError(f"cannot read {path_or_stdin}: permission denied",
                         hint="give a file you may read, or - for stdin") from None
    except UnicodeDecodeError as err:
        raise InputError(f"{path_or_stdin} is not UTF-8 text (byte {err.start + 1} is "
                         f"{err.object[err.start:err.start + 1]!r})",
                         hint="give a UTF-8 text file with one puzzle per line") from None
    except OSError as err:  # a symbolic link loop, a read error: the input's, not the output's
        raise InputError(f"cannot read the batch file {path_or_stdin}: {err.strerror or err}",
                         hint="give a file you can read, or - for stdin") from None


def numbered_items(lines: list[str], start: int = 1) -> list[BatchItem]:
    """One item per line that is neither blank nor a ``#`` comment, numbered from ``start``
    (1: the first line of the file)."""
    items = []
    for number, raw in enumerate(lines, start=start):
        text = raw.strip()
        if text[:1] == BOM:
            text = text[1:].strip()
        if text and not text.startswith("#"):
            items.append(BatchItem(number, text))
    return items


BOM = "\ufeff"
"""The byte-order mark: dropped at the start of any line, not only the file's (lists joined
with ``cat``, one of them saved by Notepad: the line was "no such file: a.txt" with the mark
invisible in front of the name)."""


def count_items(lines: list[str]) -> int:
    """How many items :func:`numbered_items` makes of ``lines`` (without making them)."""
    return sum(1 for raw in lines
               if (text := raw.strip().removeprefix(BOM).strip()) and text[0] != "#")


def is_sudoku_line(item: BatchItem) -> bool:
    """An input the vectorised Sudoku path takes: a line of a one-line Sudoku's length that
    names no file, URL or game ID."""
    text = item.input
    if item.text is not None or len(text) not in SUDOKU_LINE_LENGTHS:
        return False
    from pencilsat.formats.detect import SUDOKU_LINE_CHARACTERS, names_a_puzzle

    return not text.strip(SUDOKU_LINE_CHARACTERS) or not names_a_puzzle(text)
