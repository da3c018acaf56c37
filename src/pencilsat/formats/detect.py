"""Input detection: one entry point for every way a puzzle reaches pencilsat.

``read_input`` takes what the user typed (a file, a URL, a game ID, ``-``) and
``read_puzzle`` looks at text and picks the reader, in this order:

0. a first line ``pzprv3``: a file pzprjs saved (``formats/pzprv3_file.py``);
1. a header line ``<genre> W H`` (the registry's headers) -> that genre's corpus text format;
2. a line ``; size W H`` -> the Tamura seed's Sugar Masyu format;
3. a single line: a puzz.link URL or query, a Tatham game ID, or a one-line Sudoku
   (16, 81, 256 or 625 characters);
4. several lines without a header -> a Sudoku grid (rows of digits, ``.``/``0`` empty).

Every failure is an InputError naming the source; ``convert`` writes a puzzle back out as a URL,
a game ID or corpus text.
"""

from __future__ import annotations

import math
import os.path
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES, by_header, load, rules_of
from pencilsat.core.standard_input import read_standard_input
from pencilsat.formats.pzprv3_file import is_pzprv3, read_pzprv3_file
from pencilsat.puzzles.box_grid import BOX_WORD
from pencilsat.puzzles.diagonals import DIAGONAL
from pencilsat.puzzles.textgrid import content_lines

Puzzle = Any
CONVERT_TARGETS = ("url", "tatham", "text")
ONE_LINE_SUDOKU = (16, 81, 256, 625)
_SUDOKU9_CHARS = frozenset(".0123456789")
_WHAT = "a puzzle file (text with a '<genre> W H' header), a puzz.link URL, a Tatham game ID or '-'"
_HEADERLESS = ("a grid without a header is read as a Sudoku; other genres' grids need a first "
               "line '<genre> W H', such as 'masyu 10 10'")


def read_puzzle(text: str, source: str = "<input>") -> Puzzle:
    """Detect the format of ``text`` and read the puzzle; errors name ``source``."""
    try:
        return _read(text, source)
    except InputError as exc:
        raise exc.located(source) from None


def read_text(arg: str, what: str = _WHAT) -> str:
    """The text of a file, or of standard input for ``-``; a clear error otherwise (``what``:
    the kind of input expected, for the hint)."""
    if arg == "-":
        return read_standard_input("give a UTF-8 text puzzle")
    if not _is_file(arg):
        folder = _is_folder(arg)
        raise InputError("is a folder, not a file" if folder else _absent(arg),
                         source=_shown(arg), hint=f"give {what}")
    try:
        with open(arg, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the file: {exc}", source=arg,
                         hint="check the path and that it is a UTF-8 text file") from None


def read_input(arg: str, name: str | None = None, line: int | None = None) -> Puzzle:
    """Read a puzzle from a file path, a URL, a game ID, a one-line Sudoku or ``-`` (stdin).

    ``name`` and ``line`` say where ``arg`` itself came from (a batch file and its line, or a
    command-line argument): errors in an argument that is not a file name them instead of the
    codecs' ``<url>`` / ``<game id>``. Errors inside a file name that file."""
    if len(arg) == 81 and _SUDOKU9_CHARS.issuperset(arg):
        # a 9x9 one-line Sudoku (digits and dots only: no path separator or extension, so
        # not asked of the file system), read as the general path below would read it
        # (``parse_line``: nothing to strip, no error possible); ``load`` and not an import
        # statement, which costs microseconds on every call
        return load("pencilsat.puzzles.sudoku:nine_line")(arg)
    if arg == "-" or _is_file(arg):
        return read_puzzle(read_text(arg), "<stdin>" if arg == "-" else arg)
    single = arg.strip()
    if len(single) == 81 and _SUDOKU9_CHARS.issuperset(single):
        # a 9x9 one-line Sudoku (no ':', no path separator or extension): what the general
        # path below reads it as, without asking each format whether the line is theirs
        from pencilsat.puzzles.sudoku import parse_line

        return parse_line(single, line_number=1)
    from pencilsat.formats import puzzlink, tatham  # not needed to read a file

    try:
        if "\n" not in single and (puzzlink.looks_like_url(single)
                                   or tatham.looks_like_game_id(single)
                                   or (len(single) in ONE_LINE_SUDOKU
                                       and not _looks_like_path(single))):
            return read_puzzle(single, "<argument>")
        raise _not_a_puzzle(arg, single, in_batch=line is not None)
    except InputError as err:
        if name is None:
            raise
        raise err.placed(name, line) from None


def convert(puzzle: Puzzle, to: str) -> str:
    """Write ``puzzle`` as ``url`` (puzz.link), ``tatham`` (game ID) or ``text`` (corpus format;
    a Sudoku up to 9x9 as one line, bigger ones as a ``sudoku N N`` header and rows)."""
    from pencilsat.formats import puzzlink, tatham

    if to == "url":
        return puzzlink.to_url(puzzle) + "\n"
    if to == "tatham":
        return tatham.to_game_id(puzzle, with_genre=None) + "\n"
    if to == "text":
        return str(rules_of(puzzle).format_puzzle(puzzle))
    raise InputError(f"unknown output format {to!r}",
                     hint="choose one of: " + ", ".join(CONVERT_TARGETS))


def _name(source: str) -> str:
    """The puzzle's display name: a file's stem, nothing for ``<stdin>`` and the like."""
    return "" if source.startswith("<") else os.path.splitext(os.path.basename(source))[0]


def _small_whole(token: str) -> bool:
    """ASCII digits only, at most 4 of them (``str.isdigit`` would also pass ``'²'``)."""
    return 1 <= len(token) <= 4 and all("0" <= ch <= "9" for ch in token)


SUDOKU_LINE_CHARACTERS = "0123456789."
"""The characters of a one-line Sudoku that names no file (digits and dots only)."""


def names_a_puzzle(line: str) -> bool:
    """True for a puzz.link URL, a Tatham game ID, the path of an existing file or a line
    written as a path (a folder separator, or ``.txt``): a line of a batch file that is not a
    one-line Sudoku. A path that does not resolve is then reported as "no such file" rather
    than as a Sudoku of the wrong length. A line of a Sudoku's length with no ``:`` that is not
    written as a path is taken for a Sudoku without asking the file system (a batch may hold
    50,000); ``no-such-file.txt`` has 16 characters, and is a path."""
    line = line.strip()
    if len(line) in ONE_LINE_SUDOKU and not line.strip(SUDOKU_LINE_CHARACTERS):
        return False  # digits and dots only: the common case of a 50,000-line batch, at once
    from pencilsat.formats import puzzlink, tatham

    if not line or (len(line) in ONE_LINE_SUDOKU and ":" not in line
                    and not _looks_like_path(line)):
        return False
    return (puzzlink.looks_like_url(line) or tatham.looks_like_game_id(line)
            or _looks_like_path(line) or _is_file(line))


def names_a_file(text: str) -> bool:
    """Whether ``text``, given where either a text or its file may be, names the file: ``-``
    (standard input), or one line (not JSON) that is a file or looks like a path."""
    single = text.strip()
    if text == "-":
        return True
    if not single or "\n" in single or single.startswith(("{", "[")):
        return False
    return _is_file(text) or _looks_like_path(single)


def _looks_like_path(text: str) -> bool:
    """A folder separator, or a name ending in an extension such as ``.txt``: meant as a file
    (a Sudoku line has neither)."""
    suffix = os.path.splitext(text)[1].lower()
    return "/" in text or "\\" in text or suffix in (".txt", ".sol", ".sugar")


def _not_a_puzzle(arg: str, single: str, in_batch: bool = False) -> InputError:
    """Why an argument (``in_batch``: a batch file's line) that is neither a readable file nor
    a one-line puzzle was refused."""
    if not single:
        return InputError("the puzzle argument is empty", source="<argument>",
                          hint=f"give {_WHAT}")
    from pencilsat.formats import tatham

    if tatham.is_random_seed(single):
        error = tatham.random_seed_error()
        return InputError(error.message, source="<argument>", hint=error.hint)
    if "\n" in single:  # no file name, URL or ID has several lines: a puzzle's text
        return InputError(f"the argument has {len(single.splitlines())} lines: a puzzle's "
                          "text, not a file name, URL or game ID", source="<argument>",
                          hint="give the text on standard input as '-'; in Python, read it "
                               "with pencilsat.parse_puzzle(text) and pass the puzzle")
    try:
        exists, folder = os.path.exists(arg), os.path.isdir(arg)
    except (OSError, ValueError):
        exists = folder = False
    if folder:
        return InputError("is a folder, not a puzzle file", source=arg,
                          hint="give a file in it (several files: pencilsat solve DIR/*.txt)")
    if exists:
        return InputError("not a regular file", source=arg, hint=f"give {_WHAT}")
    if single and not _looks_like_path(single) and set(single) <= set("0123456789."):
        sizes = ", ".join(map(str, ONE_LINE_SUDOKU[:-1])) + f" or {ONE_LINE_SUDOKU[-1]}"
        from pencilsat.puzzles.sudoku import RECTANGULAR_SIDES

        hint = "'.' or '0' for each empty cell, no spaces"
        side = math.isqrt(len(single))
        if side * side == len(single) and side in RECTANGULAR_SIDES:  # a 6x6, as from a file
            hint = (f"{side}x{side} grids have rectangular boxes, which one line cannot name: "
                    f"write the header 'sudoku {side} {side} BWxBH' (e.g. 'sudoku 6 6 3x2', "
                    "boxes 3 wide, 2 tall) and the line under it, in a file or on '-'")
        return InputError(f"a one-line Sudoku has {sizes} characters, this one has "
                          f"{len(single)}", source="<argument>", hint=hint)
    hint = (f"paths in a batch file are read from the current folder, {os.getcwd()}, not from "
            "the batch file's" if in_batch else f"give {_WHAT}")
    return InputError(_absent(arg), source=_shown(arg), hint=hint)


def _shown(arg: str) -> str:
    """``arg`` as a message shows it: a name of thousands of characters (a stray line of a
    megabyte) is cut, with its length."""
    return arg if len(arg) <= 200 else f"{arg[:60]}... ({len(arg):,} characters)"


def _absent(arg: str) -> str:
    """Why ``arg`` names no file: a symbolic link leading nowhere is said to be one (it
    exists, so "no such file" misled)."""
    try:
        link = os.path.islink(arg)
    except (OSError, ValueError):
        link = False
    if link:
        return (f"{_shown(arg)} is a symbolic link to nothing (a loop of links, or a target "
                "that is missing)")
    return f"no such file: {_shown(arg)}"


def _is_folder(path: str) -> bool:
    try:
        return os.path.isdir(path)
    except (OSError, ValueError):
        return False


def _is_file(path: str) -> bool:
    try:
        return os.path.isfile(path)
    except (OSError, ValueError):  # over-long names, NUL bytes: not a file
        return False


def _read(text: str, source: str) -> Puzzle:
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    lines = content_lines(text)
    if not lines:
        raise InputError("the input is empty", hint=f"give {_WHAT}")
    first = lines[0][1].strip()
    if is_pzprv3(first):
        return read_pzprv3_file(text)
    tag = first.split()[0].lower()
    size_words = first.split()[1:]
    while size_words[-1:] == [DIAGONAL]:  # ``sudoku N N D``: the X variant (twice: the
        size_words = size_words[:-1]        # genre's reader names it)
    if tag == "sudoku" and len(size_words) == 3 and BOX_WORD.fullmatch(size_words[2]):
        size_words = size_words[:2]  # ``sudoku 6 6 3x2``: rectangular boxes
    if tag == "sudoku" and not all(_small_whole(p) for p in size_words):
        from pencilsat.puzzles.sudoku import bad_header

        unread = any(p.isdigit() and not p.isascii() for p in size_words)
        raise bad_header(first, lines[0][0],
                         hint="write the size in ASCII digits" if unread else None)
    found = by_header(tag)
    if found is not None and not found[1]:
        return found[0].rules().parse_puzzle(text, _name(source))
    if found is not None:
        raise InputError(f"this is a solution file ({tag}), not a puzzle", line=lines[0][0],
                         hint="give the puzzle file; solutions are checked with 'pencilsat verify'")
    words = first.split()
    if len(words) == 3 and words[0].isascii() and words[0].isalpha() and words[0].islower():
        headers = ", ".join(f"'{g.headers[0]} W H'" for g in GENRES.values())
        raise InputError(f"unknown puzzle format starting with {words[0]!r}", line=lines[0][0],
                         column=1, hint=f"the header must be one of {headers}")
    if any(line.lstrip(";").split()[:1] == ["size"] for _, line in lines):
        from pencilsat.puzzles.masyu import parse_sugar

        return parse_sugar(text, name=_name(source))
    if len(lines) == 1:
        return _read_line(lines[0][1].strip(), lines[0][0])
    from pencilsat.puzzles import sudoku

    try:
        return sudoku.parse_puzzle(text, name=_name(source))
    except InputError as exc:
        if first.isascii() and first.isdigit() and len(first) <= 3:  # no Sudoku row
            raise _pencilbox_file(lines[0][0]) from None
        if first.startswith("<?xml"):
            raise _pencilbox_file(lines[0][0], xml=True) from None
        hint = (exc.hint + "; " if exc.hint else "") + _HEADERLESS
        raise InputError(exc.message, line=exc.line, column=exc.column, hint=hint) from None


def _pencilbox_file(line: int, xml: bool = False) -> InputError:
    """A text that is no Sudoku and opens with a lone number: Kanpen's (pencilbox) file form,
    the rows (then the columns, but for Sudoku) and the cells, which names no genre; or with
    ``<?xml``: pencilbox's XML form, which pencilsat does not read yet."""
    what = ("this looks like a Kanpen (pencilbox) XML file, which pencilsat does not read yet"
            if xml else "this looks like a Kanpen (pencilbox) file: it opens with the grid's "
            "size alone and names no genre, so pencilsat does not read it")
    return InputError(what, line=line, hint="open it in puzz.link (File > Open) and give its "
                      "URL, or write a pencilsat text file ('<genre> W H' and the grid)")


def _read_line(line: str, number: int) -> Puzzle:
    """One line: URL, game ID or one-line Sudoku; errors carry the line number."""
    from pencilsat.formats import puzzlink, tatham

    try:
        if puzzlink.looks_like_url(line):
            return puzzlink.parse_url(line)
        if tatham.looks_like_game_id(line):
            return tatham.parse_game_id(line)
        if len(line) in ONE_LINE_SUDOKU:
            from pencilsat.puzzles.sudoku import parse_line

            return parse_line(line, line_number=number)
    except InputError as exc:
        raise InputError(exc.message, line=number, column=exc.column, hint=exc.hint) from None
    raise InputError("cannot tell what this line is", line=number, column=1,
                     hint=f"give {_WHAT}; a one-line Sudoku has 16, 81, 256 or 625 characters "
                          "(a 6x6 or other rectangular boxes: the header 'sudoku 6 6 3x2', boxes "
                          "3 wide, 2 tall, and the grid under it)")
