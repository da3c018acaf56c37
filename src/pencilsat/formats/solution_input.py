"""A solution in any form pencilsat writes, read back for the rule checker.

``verify`` and the library's ``check`` take what ``solve`` printed: the ``--json`` object
(or just its ``solution`` rows), the text drawing (alone or inside the whole ``solve``
output), the corpus solution format, or a solution object. Which one it is is seen from the
text; the genre comes from the puzzle.

Every form is read strictly: a cell's symbol must agree with its neighbours'. Pipe letters a
neighbour does not join back are kept on the solution for the rule checker to name (see
:mod:`pencilsat.puzzles.pipes`); a drawing must be exactly the drawing of the answer it
shows, so a mark that disagrees with the rest (a ``+`` lit cell no bulb lights, a border or a
clue the puzzle does not have, a stray character) is an error at its line and column.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from itertools import zip_longest
from typing import Any

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES, by_header, genre_of
from pencilsat.formats.detect import names_a_file, read_text
from pencilsat.puzzles.diagonals import check_variant_line, drawn_as

_SOLUTION_FILE = "a solution file (what pencilsat solve writes, or the corpus .sol format) or '-'"
"""What a solution file is, for the hint when one cannot be read."""
_REPORT_LINES = ("verdict:", "note:", "second solution", "encoding ", "conflicts ", "time:")
"""Lines of ``solve``'s report around its drawings."""


def read_solution_source(puzzle: Any, source: Any) -> Any:
    """The solution ``source`` gives for ``puzzle``: what :func:`read_solution` takes, or its
    file (a ``str`` or ``os.PathLike`` path, or ``-`` for standard input), as the puzzle may
    be given; a path that is no readable file is an error naming it."""
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
        if not isinstance(source, str):
            raise InputError("a solution path must be text, not bytes", source="solution",
                             hint="give a str or pathlib.Path")
    elif not (isinstance(source, str) and names_a_file(source)):
        return read_solution(puzzle, source)
    try:
        return read_solution(puzzle, read_text(source, what=_SOLUTION_FILE))
    except InputError as err:
        raise err.located(source) from None


def read_solution(puzzle: Any, data: Any) -> Any:
    """The solution ``data`` gives for ``puzzle`` (see the module docstring)."""
    genre = genre_of(puzzle)
    rules = genre.rules()
    if isinstance(data, rules.solution_type):
        return data
    if isinstance(data, dict):
        return _from_json(puzzle, data)
    if isinstance(data, Sequence) and not isinstance(data, str | bytes | bytearray):
        if not all(isinstance(row, str) for row in data):
            raise InputError("solution rows must be strings", source="solution",
                             hint="give the rows solve --json writes")
        header = f"{genre.headers[1]} {puzzle.width} {puzzle.height}"
        return rules.parse_solution(header + "\n" + "\n".join(data) + "\n", puzzle)
    if not isinstance(data, str):
        raise InputError(f"not a {genre.title} solution: {type(data).__name__}",
                         source="solution",
                         hint="give a solution object, its text, or the rows solve writes")
    text = data.removeprefix("\ufeff")
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        try:
            parsed = json.loads(stripped)
        except json.JSONDecodeError as err:
            raise InputError(f"the JSON does not parse: {err.msg}", line=err.lineno,
                             column=err.colno, hint="give solve --json's output whole") from None
        return read_solution(puzzle, parsed)
    first = stripped.split(None, 1)[0] if stripped else ""
    named = by_header(first)
    _same_genre(puzzle, named[0].name if named else None)
    if first in genre.headers or rules.parse_drawing is None:
        return rules.parse_solution(text, puzzle)
    drawing = _first_drawing(text)
    try:
        return rules.parse_solution(text, puzzle)
    except InputError:
        if drawing is None:
            raise
        return _read_drawing(rules, puzzle, *drawing)


def _read_drawing(rules: Any, puzzle: Any, first_line: int, lines: list[str]) -> Any:
    """The answer of ``lines``, a drawing as ``solve`` prints it starting at line
    ``first_line``, refused unless the answer's own drawing is the same, line by line (trailing
    spaces aside): every mark must agree with the answer the rest of the drawing shows."""
    check_variant_line(lines, puzzle, genre_of(puzzle).title, first_line)
    solution = rules.parse_drawing(lines, puzzle)
    redrawn = drawn_as(lines, rules.draw_text(puzzle, solution).splitlines())
    for number, (given, drawn) in enumerate(zip_longest(lines, redrawn, fillvalue=""),
                                            start=first_line):
        given, drawn = given.rstrip(), drawn.rstrip()
        if given == drawn:
            continue
        column = next((i for i, (a, b) in enumerate(zip(given, drawn, strict=False))
                       if a != b),
                      min(len(given), len(drawn)))
        shown = repr(given[column]) if column < len(given) else "the end of the line"
        expected = repr(drawn[column]) if column < len(drawn) else "the end of the line"
        raise InputError(f"the drawing disagrees with itself here: {shown} where the "
                         f"drawing of the answer it shows has {expected}",
                         line=number, column=column + 1,
                         hint="give the drawing exactly as pencilsat solve prints it (every "
                              "mark must fit the lines, bulbs or shading around it)")
    return solution


def _from_json(puzzle: Any, record: dict[str, Any]) -> Any:
    _same_genre(puzzle, record.get("genre"))
    rows = record.get("solution")
    if rows is None:
        verdict = record.get("verdict", "no verdict")
        raise InputError(f"the JSON has no solution (its verdict is {verdict})",
                         source="solution", hint="verify a record that has a solution")
    return read_solution(puzzle, rows)


def _same_genre(puzzle: Any, named: Any) -> None:
    """Refuse a solution that names a genre (a record's ``genre``, a text's header) other than
    the puzzle's: its rows were read as the puzzle's and refused for their size or symbols."""
    genre = genre_of(puzzle)
    if isinstance(named, str) and named in GENRES and named != genre.name:
        raise InputError(f"this is a {GENRES[named].title} solution, and the puzzle is a "
                         f"{genre.title}", hint="give the solution of this puzzle")


def _first_drawing(text: str) -> tuple[int, list[str]] | None:
    """The first block of drawing lines in ``text`` and the 1-based number of its first line:
    ``solve``'s report lines dropped, blocks split at them. A blank line inside a block is
    kept (a Slitherlink row of cells without a number or a line draws as one); blank lines
    around it are not."""
    block: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(_REPORT_LINES):
            if block:
                break
            continue
        if not block and not line.strip():
            continue
        if not block:
            start = number
        block.append(line.rstrip())
    while block and not block[-1]:
        block.pop()
    return (start, block) if block else None
