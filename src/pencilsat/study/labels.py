"""The LABELS file of a study: which puzzles, their difficulty label, their group.

A tab-separated file with a header naming the columns ``puzzle`` and ``label`` and, optionally,
``group`` and ``weight`` (other columns are ignored). ``puzzle`` is a path (relative paths are
read from the file's folder), a puzz.link URL, a Tatham game ID or a one-line Sudoku; ``label``
a number (a rating, seconds), or a word that ``order`` ranks (``easy,tricky,hard``: 0, 1, 2);
``group`` any text (a size, say), within which correlations are computed; ``weight`` a positive
number (how many players a mean time stands for), used by the weighted figures. A file whose
columns have other names is read through ``columns``: ``label=mean_seconds,weight=completions``
reads the Cloud Sudoku times. Without a ``group`` column every puzzle is in one group, and the
labels carry a warning saying so (sizes would be pooled), as a puzzle given on two lines does
(it counts once per line). Blank lines and lines starting with ``#`` are skipped; a byte-order
mark is read; a column named twice is refused.
A problem with the file itself (no header, a label that is no number and not in ``order``) is
an :class:`InputError` naming the line and column; a puzzle that cannot be read is not: its
record says why and the study goes on.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pencilsat.core.errors import InputError

NO_GROUP = "all"
"""The group of every line when the file has no ``group`` column."""
ROLES = ("puzzle", "label", "group", "weight")
"""The columns a LABELS file can have (``columns`` maps them to other names)."""
NO_GROUP_WARNING = ("the LABELS file has no group column: all {n} puzzles are one group, so "
                    "puzzles of different sizes (if any) are compared with each other; add a "
                    "group column (the grid size) unless they all have the same size")


@dataclass(frozen=True)
class Item:
    """One line of a LABELS file."""

    line: int
    puzzle: str
    label: float
    label_text: str
    group: str
    weight: float = 1.0


@dataclass(frozen=True)
class Labels:
    """The lines of a LABELS file, and how its labels were read (``order``: the words in
    rank order, empty when the labels are numbers; ``weighted``: the file has weights;
    ``warnings``: what the report and the command must tell the reader)."""

    path: str
    items: list[Item]
    order: tuple[str, ...]
    weighted: bool = False
    warnings: tuple[str, ...] = ()

    @property
    def numeric(self) -> bool:
        """Numbers (a rating, seconds), not ordered words."""
        return not self.order

    @property
    def folder(self) -> str:
        return os.path.dirname(os.path.abspath(self.path))


def parse_order(order: str | Sequence[str] | None) -> tuple[str, ...]:
    """``easy,tricky,hard`` (or a list of words) as a tuple; an InputError for an empty or
    repeated word."""
    if order is None:
        return ()
    words = [w.strip() for w in (order.split(",") if isinstance(order, str) else order)]
    if not words or any(not w for w in words):
        raise InputError(f"--order {','.join(words)!r} has an empty word", source="--order",
                         hint="give the labels from easiest to hardest, e.g. easy,tricky,hard")
    repeated = sorted({w for w in words if words.count(w) > 1})
    if repeated:
        raise InputError(f"--order names {', '.join(repeated)} twice", source="--order",
                         hint="give each label once, from easiest to hardest")
    return tuple(words)


def parse_columns(columns: str | Mapping[str, str] | None) -> dict[str, str]:
    """``label=mean_seconds,weight=completions`` (or a mapping) as {role: column name}; an
    InputError for an unknown role or a missing name."""
    if columns is None:
        return {}
    pairs = (list(columns.items()) if isinstance(columns, Mapping) else
             [tuple(part.split("=", 1)) if "=" in part else (part, "")
              for part in columns.split(",") if part.strip()])
    out = {}
    for role, column in pairs:
        role, column = role.strip(), column.strip()
        if role not in ROLES or not column:
            raise InputError(f"--columns {role}={column}: " + (
                f"no role {role!r}" if role not in ROLES else "no column name"),
                source="--columns", hint=f"give role=column pairs, roles {', '.join(ROLES)} "
                "(e.g. label=mean_seconds,weight=completions)")
        out[role] = column
    return out


def read_labels(path: str | os.PathLike[str],
                order: str | Sequence[str] | None = None,
                columns: str | Mapping[str, str] | None = None) -> Labels:
    """The items of the LABELS file at ``path`` (``columns``: which column plays which
    role, when the header uses other names); an InputError naming the line and column for a
    bad header, label or weight."""
    if not isinstance(path, (str, os.PathLike)):
        raise InputError(f"cannot read a LABELS file from {type(path).__name__}",
                         source="labels", hint="give the LABELS file's path")
    name = os.fspath(path)
    words = parse_order(order)
    named = {role: role for role in ROLES} | parse_columns(columns)
    try:
        with open(name, encoding="utf-8-sig") as handle:  # a byte-order mark is read
            lines = handle.read().splitlines()
    except FileNotFoundError:
        raise InputError(f"no such file: {name}", source=name,
                         hint="give a tab-separated LABELS file with columns puzzle and label"
                         ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read the file: {err}", source=name,
                         hint="give a UTF-8 text file") from None
    numbered = [(i, line) for i, line in enumerate(lines, start=1)
                if line.strip() and not line.lstrip().startswith("#")]
    if not numbered:
        raise InputError("the LABELS file is empty", source=name,
                         hint="write a header line 'puzzle<TAB>label[<TAB>group]', then one "
                         "puzzle per line")
    header_line, header = numbered[0]
    header_names = [c.strip() for c in header.split("\t")]
    missing = [named[c] for c in ("puzzle", "label") if named[c] not in header_names]
    missing += [named[c] for c in ("group", "weight")
                if c in parse_columns(columns) and named[c] not in header_names]
    if missing:
        raise InputError(f"the header names no column {' or '.join(missing)} (it has: "
                         f"{', '.join(repr(c) for c in header_names)})", source=name,
                         line=header_line, column=1,
                         hint="the first line names the tab-separated columns: puzzle, label "
                         "and optionally group and weight (--columns maps other names)")
    twice = [named[r] for r in ROLES if header_names.count(named[r]) > 1]
    if twice:
        raise InputError(f"the header names the column {twice[0]} twice", source=name,
                         line=header_line, column=1,
                         hint="name each column once (rename or drop the other)")
    at = {role: header_names.index(named[role]) for role in ROLES
          if named[role] in header_names}
    items = []
    for number, line in numbered[1:]:
        cells = line.split("\t")
        if len(cells) <= max(at.values()):
            raise InputError(f"{len(cells)} column(s), the header has {len(header_names)}",
                             source=name, line=number, column=1,
                             hint="separate the columns with tabs")
        puzzle = cells[at["puzzle"]].strip()
        if not puzzle:
            raise InputError("the puzzle is empty", source=name, line=number,
                             column=_column(cells, at["puzzle"]),
                             hint="give a path, a URL, a game ID or a one-line Sudoku")
        text = cells[at["label"]].strip()
        label = _label(text, words, name, number, _column(cells, at["label"]))
        group = cells[at["group"]].strip() if "group" in at else NO_GROUP
        weight = (_weight(cells[at["weight"]].strip(), name, number,
                          _column(cells, at["weight"])) if "weight" in at else 1.0)
        items.append(Item(number, puzzle, label, text, group or NO_GROUP, weight))
    if not items:
        raise InputError("the LABELS file has a header but no puzzle", source=name,
                         hint="add one line per puzzle: puzzle<TAB>label[<TAB>group]")
    warnings = () if "group" in at else (NO_GROUP_WARNING.format(n=len(items)),)
    return Labels(name, items, words, "weight" in at, warnings + _repeats(items))


def _repeats(items: list[Item]) -> tuple[str, ...]:
    """A warning naming the lines whose puzzle an earlier line already has (each line still
    counts: a puzzle given twice weighs twice, with each line's label)."""
    first: dict[str, int] = {}
    repeated = [(item.line, first[item.puzzle]) for item in items
                if first.setdefault(item.puzzle, item.line) != item.line]
    if not repeated:
        return ()
    shown = ", ".join(f"line {line} repeats line {earlier}" for line, earlier in repeated[:5])
    more = f" and {len(repeated) - 5} more" if len(repeated) > 5 else ""
    return (f"{len(repeated)} puzzle line(s) repeat an earlier line's puzzle ({shown}{more}): "
            "each is measured once but counts once per line, with that line's label; give "
            "each puzzle once (or a weight column) unless that is meant",)


def _label(text: str, order: tuple[str, ...], source: str, line: int, column: int) -> float:
    if text in order:
        return float(order.index(text))
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if math.isfinite(value):
        return value
    hint = (f"use a number or one of --order {','.join(order)}" if order else
            "use a number, or rank word labels with --order (e.g. --order easy,tricky,hard)")
    raise InputError(f"label {text!r} is not a number" + (" and not in --order" if order
                                                           else ""),
                     source=source, line=line, column=column, hint=hint)


def _weight(text: str, source: str, line: int, column: int) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if math.isfinite(value) and value > 0:
        return value
    raise InputError(f"weight {text!r} is not a positive number", source=source, line=line,
                     column=column, hint="give each puzzle a weight > 0 (e.g. its number of "
                     "players), or leave the weight column out")


def _column(cells: list[str], index: int) -> int:
    """The 1-based character column where cell ``index`` starts."""
    return sum(len(c) + 1 for c in cells[:index]) + 1


def locate(labels: Labels, item: Item) -> str:
    """What to read for ``item``: a path relative to the LABELS file's folder when such a
    file exists, else the text itself (a URL, a game ID, a one-line Sudoku)."""
    candidate = os.path.join(labels.folder, item.puzzle)
    return candidate if os.path.isfile(candidate) else item.puzzle


def read_item(labels: Labels, item: Item) -> Any:
    """The puzzle of ``item``; an InputError naming the LABELS line when it cannot be read."""
    from pencilsat.formats.detect import read_input

    where = locate(labels, item)
    try:
        return read_input(where)
    except InputError as err:
        if where == item.puzzle and err.message.startswith("no such file"):
            path = os.path.join(labels.folder, item.puzzle)
            raise InputError(f"no such file: {path}, and not a URL, game ID or one-line "
                             "Sudoku", source=labels.path, line=item.line,
                             hint="paths are read from the LABELS file's folder") from None
        raise err.located(f"{labels.path} line {item.line}") from None
