"""Read a puzzle from a file or standard input, recognising the text formats by their look."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from pencilsat.errors import InputError
from pencilsat.puzzles import lightup, masyu, sudoku
from pencilsat.puzzles.textgrid import content_lines


def read_text(arg: str) -> tuple[str, str]:
    """(text, source name) of a file path, or of standard input for ``-``."""
    if arg == "-":
        return sys.stdin.read(), "<stdin>"
    path = Path(arg)
    if not path.exists():
        raise InputError(f"no such file: {arg}", hint="give a puzzle file, or - for stdin")
    if path.is_dir():
        raise InputError(f"{arg} is a folder, not a puzzle file")
    try:
        return path.read_text(encoding="utf-8"), arg
    except UnicodeDecodeError:
        raise InputError("the file is not UTF-8 text", source=arg) from None


def parse_puzzle_text(text: str, source: str = "<input>") -> Any:
    """Detect the format: corpus header (masyu/lightup/sudoku), seed Sugar, or Sudoku grid."""
    name = Path(source).stem if source not in ("<stdin>", "<input>") else ""
    lines = content_lines(text)
    try:
        if not lines:
            raise InputError("the input is empty",
                             hint="expected a puzzle such as 'masyu W H' and its rows")
        first = lines[0][1].split()
        head = first[0].lstrip(";") if first else ""
        if head == "masyu":
            return masyu.parse_puzzle(text, name=name)
        if head == "lightup":
            return lightup.parse_puzzle(text, name=name)
        if head == ";" or head == "size" or any(
            ln.lstrip(";").split()[:1] == ["size"] for _, ln in lines[:5]
        ):
            return masyu.parse_sugar(text, name=name)
        if re.fullmatch(r"[A-Za-z][A-Za-z_-]+", head) and head != "sudoku":
            raise InputError(
                f"unknown puzzle format starting with {head!r}", line=lines[0][0], column=1,
                hint="expected a 'masyu W H', 'lightup W H' or 'sudoku N N' header, the seed's "
                "'; size W H', or a Sudoku line/grid",
            )
        return sudoku.parse_puzzle(text, name=name)
    except InputError as err:
        raise err.located(source) from None
