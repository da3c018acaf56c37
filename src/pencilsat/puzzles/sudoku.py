"""Sudoku on n²xn² grids (n = 2..5) and with rectangular boxes (6x6, 8x8, ... up to 25x25):
model, text forms and an independent rule checker.

Digits above 9 are written as letters in the compact forms: ``A`` = 10, ``B`` = 11, ...
(so a 16x16 uses ``1-9A-G`` and a 25x25 ``1-9A-P``); ``.`` or ``0`` is an empty cell. The
multi-line form also accepts space-separated numbers (``10 11 ...``) and ignores the ``|``,
``-`` and ``+`` separators people draw between boxes.

The X variant (``diagonal``, janko's "Sudoku X", Tatham's Solo ``x``): both main diagonals
also hold each digit once. A one-line puzzle cannot say so: an X puzzle is written under a
``sudoku N N D`` header.

Rectangular boxes (a 6x6 with boxes 3 wide and 2 tall, Tatham's Solo ``2x3``): the header
``sudoku N N BWxBH`` (``sudoku 6 6 3x2``, ``D`` may follow), boxes ``BW`` wide and ``BH``
tall with ``BW * BH = N`` (up to 25), each side at least 2. Without the box word the boxes
are square, and a one-line puzzle is always square (docs/formats.md says why a
36-character line is refused).

A *gap* (pzprjs' ``?`` in a cell, :data:`GAP` in the text rows) is a given cell that holds
no digit: pzprjs' checker skips its -2 in "no repeat" (``isDifferentNumberInClist`` counts
numbers from 1) and "no empty cell" (``checkNoNumCell``: it has a number, -2). So the other
cells of each of its houses hold different digits, one digit missing per gap, as
Skyscrapers' gap (``puzzles/skyscrapers.py``); an answer leaves it 0.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from functools import cache
from itertools import compress

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.box_grid import box_word, rectangular_boxes
from pencilsat.puzzles.diagonals import (
    DIAGONAL,
    diagonal_houses,
    diagonals_hold_all,
    flag_word,
    header_flag,
    variant_line,
    without_variant_line,
)
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.textgrid import content_lines

BOX_SIZES = (2, 3, 4, 5)
GAP = "#"
"""The text token of a gap (a given cell without a digit), as Skyscrapers writes it."""
LARGEST = 25
"""The largest side (and digit) of any box shape."""
_DIGITS = "123456789ABCDEFGHIJKLMNOP"
_NINE_CHARS = frozenset(".0123456789")
_NINE_VALUES = np.zeros(256, dtype=np.int16)
_NINE_VALUES[48:58] = range(10)
"""The digit of each ASCII code of a 9x9 one-line Sudoku's characters (``.`` is 0)."""


def digit_char(value: int) -> str:
    return "." if value == 0 else _DIGITS[value - 1]


def char_digit(ch: str) -> int | None:
    """The digit a character stands for, 0 for empty, None when it is no digit."""
    if ch in ".0":
        return 0
    idx = _DIGITS.find(ch.upper())
    return idx + 1 if idx >= 0 else None


@dataclass(frozen=True, eq=False)
class SudokuPuzzle:
    """An immutable Sudoku: ``clues[r, c]`` in 0..N (0 = empty), boxes of ``box x box``;
    ``diagonal``: the X variant (both main diagonals hold 1..N too); ``box_width`` and
    ``box_height``: rectangular boxes (:attr:`box_dims`), 0 for square ones (a square
    shape given is stored as 0, so one grid has one value); ``gaps``: a boolean grid of the
    given cells without a digit (``None``: no gap; an all-false grid is stored as ``None``)."""

    clues: np.ndarray
    name: str = field(default="", compare=False)
    diagonal: bool = False
    box_width: int = 0
    box_height: int = 0
    gaps: np.ndarray | None = None

    genre = "sudoku"

    def __post_init__(self) -> None:
        arr = np.array(self.clues, dtype=np.int16)
        side = arr.shape[0] if arr.ndim == 2 else 0
        if arr.ndim != 2 or arr.shape != (side, side):
            raise ValueError("a Sudoku grid is square")
        shape = (self.box_width, self.box_height)
        if shape == (0, 0) or math.isqrt(side) ** 2 == side and shape == (math.isqrt(side),) * 2:
            if math.isqrt(side) ** 2 != side or side == 0:
                raise ValueError("a Sudoku grid with square boxes has a square side (4, 9, 16, "
                                 "25)")
            shape = (0, 0)
        elif min(shape) < 2 or shape[0] * shape[1] != side or side > LARGEST:
            raise ValueError(f"boxes {shape[0]}x{shape[1]} do not tile a {side}x{side} grid "
                             f"(each side at least 2, N up to {LARGEST})")
        if arr.view(np.uint16).max(initial=0) > side:  # a negative clue reads as 32,768 up
            raise ValueError(f"clues are 0 (empty) or 1..{side}")
        arr.setflags(write=False)
        object.__setattr__(self, "clues", arr)
        if self.gaps is not None:
            gaps = np.array(self.gaps, dtype=bool)
            if gaps.shape != arr.shape or (gaps & (arr != 0)).any():
                raise ValueError("gaps are cells of the grid without a clue")
            gaps.setflags(write=False)
            object.__setattr__(self, "gaps", gaps if gaps.any() else None)
        object.__setattr__(self, "box_width", shape[0])
        object.__setattr__(self, "box_height", shape[1])

    @classmethod
    def of_valid_grid(cls, clues: np.ndarray, name: str = "") -> SudokuPuzzle:
        """The puzzle of ``clues``, an int16 grid that the caller built valid (square, of a
        square side, digits 0..side): without the constructor's copy and checks, which cost
        more than reading a 9x9 line."""
        puzzle = object.__new__(cls)
        clues.setflags(write=False)
        object.__setattr__(puzzle, "clues", clues)
        object.__setattr__(puzzle, "name", name)
        return puzzle  # ``diagonal`` and the box shape are the class's defaults (square)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SudokuPuzzle) and np.array_equal(self.clues, other.clues)
                and self.diagonal == other.diagonal and self.box_width == other.box_width
                and self.box_height == other.box_height
                and np.array_equal(self.gap_grid, other.gap_grid))

    def __hash__(self) -> int:
        return hash((self.clues.shape, self.clues.tobytes(), self.diagonal, self.box_width,
                     self.box_height, None if self.gaps is None else self.gaps.tobytes()))

    @property
    def size(self) -> int:
        """N, the side of the grid and the largest digit."""
        return int(self.clues.shape[0])

    @property
    def box(self) -> int:
        """The side of a square box (the square paths' ``b``; see :attr:`box_dims`)."""
        return math.isqrt(self.size)

    @property
    def rectangular(self) -> bool:
        """Whether the boxes are not square (a shape the square-only paths do not take)."""
        return self.box_width != 0

    @property
    def gap_grid(self) -> np.ndarray:
        """The gaps as a boolean grid (all false without gaps)."""
        if self.gaps is None:
            return np.zeros(self.clues.shape, dtype=bool)
        return self.gaps

    def full_houses(self) -> list[bool]:
        """Per house (:meth:`named_houses`' order): whether it holds every digit (no gap
        in it); a house with a gap holds each digit at most once."""
        if self.gaps is None:
            return [True] * len(self.named_houses())
        return [not any(self.gaps[cell] for cell in cells) for _, cells in self.named_houses()]

    @property
    def box_dims(self) -> tuple[int, int]:
        """The boxes' width and height (square boxes: ``(box, box)``)."""
        if self.box_width:
            return self.box_width, self.box_height
        return self.box, self.box

    width = height = size

    @property
    def givens(self) -> np.ndarray:
        """The clues, under the name the other digit genres give them."""
        return self.clues

    @property
    def boxes(self) -> Regions:
        """The boxes as regions, numbered row-major."""
        return rectangular_boxes(self.size, *self.box_dims)

    def named_houses(self) -> list[tuple[str, list[Cell]]]:
        """Rows, then columns, then boxes (row-major, each box's cells row-major), then (X
        variant) the two diagonals, each with its kind."""
        n, (bw, bh) = self.size, self.box_dims
        rows = [("row", [(r, c) for c in range(n)]) for r in range(n)]
        cols = [("column", [(r, c) for r in range(n)]) for c in range(n)]
        boxes = [
            ("box", [(br * bh + i, bc * bw + j) for i in range(bh) for j in range(bw)])
            for br in range(n // bh) for bc in range(n // bw)
        ]
        return rows + cols + boxes + (diagonal_houses(n) if self.diagonal else [])

    def houses(self) -> list[list[Cell]]:
        """:meth:`named_houses`' cells."""
        return [cells for _, cells in self.named_houses()]


@dataclass(frozen=True, eq=False)
class SudokuSolution:
    """A filled grid."""

    grid: np.ndarray

    genre = "sudoku"

    def __post_init__(self) -> None:
        arr = np.array(self.grid, dtype=np.int16)
        arr.setflags(write=False)
        object.__setattr__(self, "grid", arr)

    @classmethod
    def of_valid_grid(cls, grid: np.ndarray) -> SudokuSolution:
        """The solution of ``grid``, an int16 square array the caller built and hands over
        (it is made read-only, not copied); what it holds is the rule checker's to judge."""
        solution = object.__new__(cls)
        grid.setflags(write=False)
        object.__setattr__(solution, "grid", grid)
        return solution

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SudokuSolution) and np.array_equal(self.grid, other.grid)

    def __hash__(self) -> int:
        return hash(self.grid.tobytes())

    def differing_cells(self, other: SudokuSolution) -> list[Cell]:
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.grid != other.grid), strict=True)]


RECTANGULAR_SIDES = frozenset(n for n in range(4, LARGEST + 1) if math.isqrt(n) ** 2 != n
                               and any(n % w == 0 and 2 <= n // w for w in range(2, n)))
"""The sides only rectangular boxes tile (6, 8, 10, 12, ...)."""


def _side_from_count(count: int) -> int | None:
    for b in BOX_SIZES:
        if b**4 == count:
            return b * b
    return None


def _small_number(token: str) -> int | None:
    """``token`` as a number of 1-3 ASCII digits, else None (``str.isdigit`` also accepts
    characters like ``'²'`` that ``int`` rejects, and huge digit strings make ``int`` raise)."""
    if 1 <= len(token) <= 3 and all("0" <= ch <= "9" for ch in token):
        return int(token)
    return None


def parse_line(line: str, name: str = "", line_number: int | None = None) -> SudokuPuzzle:
    """One puzzle on one line: 16, 81, 256 or 625 characters, ``.`` or ``0`` for empty."""
    text = line.strip()
    side = _side_from_count(len(text))
    if side is None:
        rect = math.isqrt(len(text))
        raise InputError(
            f"a one-line Sudoku has 16, 81, 256 or 625 cells, this one has {len(text)}",
            line=line_number,
            hint=(f"{rect}x{rect} grids have rectangular boxes, which one line cannot name: "
                  f"write the header 'sudoku {rect} {rect} BWxBH' (e.g. 'sudoku 6 6 3x2', "
                  "boxes 3 wide, 2 tall) and the line under it"
                  if rect * rect == len(text) and rect in RECTANGULAR_SIDES else
                  "write one character per cell, '.' or '0' for an empty cell"),
        )
    if side == 9 and _NINE_CHARS.issuperset(text):  # the usual case, without a loop
        return nine_line(text, name)
    values = []
    for col, ch in enumerate(text, start=1):
        d = char_digit(ch)
        if d is None or d > side:
            raise InputError(
                f"unknown character {ch!r}", line=line_number, column=col,
                hint=f"allowed: '.', '0' and the digits 1..{side} ({_DIGITS[:side]})",
            )
        values.append(d)
    return SudokuPuzzle(np.array(values).reshape(side, side), name=name)


def nine_line(text: str, name: str = "") -> SudokuPuzzle:
    """The 9x9 puzzle of ``text``, 81 characters each ``.`` or ``0``-``9`` (the caller has
    checked that: :func:`parse_line` reads any line), read as one array."""
    raw = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    return SudokuPuzzle.of_valid_grid(_NINE_VALUES[raw].reshape(9, 9), name)


def parse_puzzle(text: str, name: str = "") -> SudokuPuzzle:
    """A one-line puzzle, or a multi-line grid (optionally under a ``sudoku N N`` header;
    ``sudoku N N BWxBH``: boxes ``BW`` wide and ``BH`` tall; ``D`` last: the X variant)."""
    return _parse(text, name, None)


def _parse(text: str, name: str, shape: tuple[int, int] | None) -> SudokuPuzzle:
    """:func:`parse_puzzle`; ``shape``: the box shape of a body without a box word (a
    solution read for a puzzle with rectangular boxes)."""
    lines = content_lines(text)
    diagonal = False
    header = lines[0][1] if lines else ""  # as written, for the message (D and all)
    if lines and lines[0][1].split()[:1] == ["sudoku"]:
        text, diagonal = header_flag(text)
        lines = content_lines(text)
    if not lines:
        raise InputError("the input is empty", hint="give 81 characters or a 9-row grid")
    declared = None
    if lines[0][1].split()[:1] == ["sudoku"]:
        given, shape = shape, None
        parts = lines[0][1].split()
        ascii_number = len(parts) in (3, 4) and 0 < len(parts[1]) <= 4 and all(
            "0" <= ch <= "9" for ch in parts[1])
        side = int(parts[1]) if ascii_number else 0
        if len(parts) == 4 and parts[1:3] == [str(side), str(side)]:
            shape = _box_shape(parts[3], side, lines[0][0], header)
            shape = None if shape[0] == shape[1] else shape  # 'sudoku 9 9 3x3' is 'sudoku 9 9'
        elif len(parts) == 3 and given is not None and side == given[0] * given[1]:
            shape = given  # a solution's rows under 'sudoku N N' (solve --json's, read back)
        elif len(parts) == 4 or _side_from_count(side * side) is None:
            side = 0
        if parts[1:3] != [str(side), str(side)]:
            raise bad_header(header, lines[0][0])
        declared = (lines[0][0], side)
        lines = lines[1:]
    puzzle = _parse_body(lines, name, shape)
    if declared is not None and puzzle.size != declared[1]:
        raise InputError(f"the header says {declared[1]}x{declared[1]}, the grid under it is "
                         f"{puzzle.size}x{puzzle.size}", line=declared[0],
                         hint="fix the header or the grid")
    return dataclasses.replace(puzzle, diagonal=True) if diagonal else puzzle


def bad_header(header: str, line: int, hint: str | None = None) -> InputError:
    """The error of a ``sudoku`` header that is none of the forms; ``D`` written before the
    last word (``sudoku 6 6 D 3x2``) is told to come last."""
    written = header.split()
    if DIAGONAL in written[:-1]:
        kept = " ".join(word for word in written if word != DIAGONAL)
        hint = f"write '{DIAGONAL}' last: '{kept} {DIAGONAL}'"
    return InputError(f"expected 'sudoku N N' (or 'sudoku N N {DIAGONAL}', the X variant) with "
                      f"N in 4, 9, 16, 25, or 'sudoku N N BWxBH' (boxes BW wide, BH tall; "
                      f"'sudoku N N BWxBH {DIAGONAL}'), got {header.strip()!r}", line=line,
                      column=1, hint=hint)


def _box_shape(word: str, side: int, line: int, header: str) -> tuple[int, int]:
    """The ``(width, height)`` of the header's box word, checked against the side."""
    shape = box_word(word)
    if shape is None:
        raise InputError(f"expected 'sudoku N N BWxBH' (boxes BW wide, BH tall), got "
                         f"{header.strip()!r}", line=line, column=1,
                         hint="e.g. 'sudoku 6 6 3x2' (boxes 3 wide, 2 tall; 'D' after it for "
                              "the X variant)")
    if min(shape) < 2 or shape[0] * shape[1] != side or side > LARGEST:
        raise InputError(f"boxes {shape[0]}x{shape[1]} do not tile a {side}x{side} grid",
                         line=line, hint=f"box width x height must be {side}, each at least "
                                         f"2, N up to {LARGEST}")
    return shape


def _parse_body(lines: list[tuple[int, str]], name: str,
                shape: tuple[int, int] | None = None) -> SudokuPuzzle:
    """The grid of ``parse_puzzle`` without its header: one line, or rows; ``shape``: the
    header's box shape (rectangular boxes)."""
    if not lines:
        raise InputError("the header has no grid under it", hint="give the rows after it")
    if len(lines) == 1 and shape is None:
        return parse_line(lines[0][1], name=name, line_number=lines[0][0])
    if len(lines) == 1 and shape is not None and len(lines[0][1].strip()) == shape[0] ** 2 \
            * shape[1] ** 2:  # one line under a box header: the rows one after another
        number, cells = lines[0][0], lines[0][1].strip()
        side = shape[0] * shape[1]
        lines = [(number, cells[i:i + side]) for i in range(0, side * side, side)]
    rows: list[tuple[int, list[str]]] = []
    places: list[list[int]] = []  # per row, the text column (0-based) of each token
    dashes = 0
    for number, line in lines:
        if set(line.replace("|", " ")) <= set("-+= "):
            dashes += set(line.strip()) == {"-"}
            continue
        found = [(m.group(), m.start()) for m in re.finditer(r"[^\s|]+", line)]
        if len(found) == 1:
            found = [(ch, found[0][1] + i) for i, ch in enumerate(found[0][0])]
        rows.append((number, [tok for tok, _ in found]))
        places.append([at for _, at in found])
    side = len(rows)
    if shape is not None and side != shape[0] * shape[1]:
        raise InputError(f"boxes {shape[0]}x{shape[1]} make a {shape[0] * shape[1]}-row grid, "
                         f"this one has {side} rows", line=rows[-1][0] if rows else None,
                         hint="one row per line, as many as the grid is wide")
    if shape is None and _side_from_count(side * side) is None:
        hint = _batch_hint(rows)
        if hint is None and dashes:
            hint = ("a line of '-' alone is read as a separator line; write an empty cell as "
                    "'.' or '0'")
        if hint is None and any(tokens[0].startswith("#") for _, tokens in rows):
            hint = "a line starting with '#' is read as a row: a puzzle file takes no comments"
        raise InputError(f"a Sudoku grid has 4, 9, 16 or 25 rows, this one has {side}",
                         line=rows[-1][0] if rows else None, hint=hint)
    grid: list[list[int]] = []
    gap_cells: list[Cell] = []
    for (number, tokens), at in zip(rows, places, strict=True):
        if len(tokens) != side and len("".join(tokens)) == side:
            # box groups such as ".3. ... 19." or "|.3.|...|"
            at = [start + i for tok, start in zip(tokens, at, strict=True) for i in range(len(tok))]
            tokens = list("".join(tokens))
        if len(tokens) != side:
            raise InputError(f"row has {len(tokens)} cells, expected {side}", line=number,
                             hint=_batch_hint(rows) or "every row needs one entry per column")
        row = []
        for col, (tok, start) in enumerate(zip(tokens, at, strict=True), start=1):
            if tok == GAP:
                gap_cells.append((len(grid), col - 1))
                row.append(0)
                continue
            d = _small_number(tok)
            if d is None and len(tok) == 1:
                d = char_digit(tok)
            if d is None or d > side:
                raise InputError(f"unknown cell {tok!r} (cell {col} of the row)", line=number,
                                 column=start + 1,
                                 hint=f"use '.', '0' or 1..{side} ('{GAP}': a gap, pzprjs' '?')")
            row.append(d)
        grid.append(row)
    width, height = shape or (0, 0)
    gaps = None
    if gap_cells:
        gaps = np.zeros((side, side), dtype=bool)
        gaps[tuple(zip(*gap_cells, strict=True))] = True
    return SudokuPuzzle(np.array(grid), name=name, box_width=width, box_height=height,
                        gaps=gaps)


def _batch_hint(rows: list[tuple[int, list[str]]]) -> str | None:
    """A hint for files of one-line puzzles given where one puzzle was expected."""
    if all(len(tokens) in (81, 256, 625) for _, tokens in rows):
        return (f"this looks like {len(rows)} one-line puzzles: solve them all with "
                "'pencilsat solve --batch FILE'")
    return None


def format_line(grid: np.ndarray, gaps: np.ndarray | None = None) -> str:
    """The digits of ``grid`` (``.`` for 0), :data:`GAP` where ``gaps`` says."""
    if gaps is None:
        return "".join(digit_char(int(v)) for v in np.asarray(grid).flat)
    return "".join(GAP if gap else digit_char(int(v))
                   for v, gap in zip(np.asarray(grid).flat, gaps.flat, strict=True))


def solution_rows(solution: SudokuSolution, puzzle: SudokuPuzzle | None = None) -> list[str]:
    """Rows of digits, one string per row (letters above 9); a gap of ``puzzle`` that the
    answer leaves empty as :data:`GAP`, as the text format writes it."""
    gaps = None if puzzle is None or puzzle.gaps is None else puzzle.gaps & (solution.grid == 0)
    n = solution.grid.shape[1]
    line = format_line(solution.grid, gaps)
    return [line[r * n:(r + 1) * n] for r in range(solution.grid.shape[0])]


def draw_text(puzzle: SudokuPuzzle, solution: SudokuSolution | None = None) -> str:
    """A grid with box separators; the solution's digits fill the empty cells; an X
    puzzle's drawing ends with a line saying so."""
    grid = solution.grid if solution is not None else puzzle.clues
    n, (bw, bh) = puzzle.size, puzzle.box_dims
    gaps = puzzle.gap_grid

    def char(r: int, c: int) -> str:
        return GAP if gaps[r, c] else digit_char(int(grid[r, c]))

    sep = "+".join(["-" * (2 * bw + 1)] * (n // bw))
    out = []
    for r in range(n):
        if r and r % bh == 0:
            out.append(sep)
        chunks = [" ".join(char(r, c) for c in range(k * bw, (k + 1) * bw))
                  for k in range(n // bw)]
        out.append(" " + " | ".join(chunks))
    return "\n".join(out) + "\n" + variant_line(puzzle.diagonal)


def clue_clash(puzzle: SudokuPuzzle) -> str | None:
    """The first digit the clues repeat in a row, column or box, in words with 1-based
    places (``None``: no repeat): the usual reason a submitted Sudoku has no solution, and a
    bare ``none`` does not say where to look."""
    for number, (kind, house) in enumerate(puzzle.named_houses()):
        seen: dict[int, Cell] = {}
        for cell in house:
            digit = int(puzzle.clues[cell])
            if digit and digit in seen:
                first, second = (f"r{r + 1}c{c + 1}" for r, c in (seen[digit], cell))
                which = (f"the {'main' if number == 3 * puzzle.size else 'anti-'}diagonal"
                         if kind == "diagonal" else f"{kind} {number % puzzle.size + 1}")
                return (f"the clues repeat {digit_char(digit)} in {which} ({first} and "
                        f"{second})")
            seen.setdefault(digit, cell)
    return None


def _obeys_rules(puzzle: SudokuPuzzle, grid: np.ndarray) -> bool:
    """Whether ``grid`` (of the puzzle's size) keeps every clue and holds each digit once
    in every row, column and box, in a few whole-grid steps, so that a valid answer (the
    usual case) costs microseconds; :func:`check` names what is wrong otherwise.

    The values are made bytes (a value outside 0..255 cannot be) and every byte outside
    1..n deleted: nothing may be left. Each cell's digit then stands for three powers of
    two, one per (house, digit) pair of its row, column and box; the 3n² of them sum to
    2**(3n²) - 1 exactly when no pair is hit twice (a sum of k powers of two has at most k
    one bits, and k only without a carry), that is when every house holds every digit
    once."""
    n = puzzle.size
    if not puzzle.box_width and puzzle.gaps is None:  # square boxes: the key as it was
        pairs, full = _house_pairs(n)
    elif puzzle.gaps is not None:  # a gap's house holds n - 1 digits: the checker's own loop
        return False
    else:
        pairs, full = _house_pairs(n, *puzzle.box_dims)
    flat = grid.ravel().tolist()
    try:
        values = bytes(flat)
    except ValueError:  # below 0 or above 255
        return False
    if values.translate(None, _DIGIT_BYTES[n]):
        return False
    clues = puzzle.clues.ravel().tolist()
    if list(compress(flat, clues)) != list(filter(None, clues)):  # the clue cells' values
        return False
    return (sum(map(list.__getitem__, pairs, flat)) == full
            and (not puzzle.diagonal or diagonals_hold_all(grid)))


_DIGIT_BYTES = {n: bytes(range(1, n + 1)) for n in range(1, LARGEST + 1)}
"""The digits 1..n as bytes, for each side n."""


@cache
def _house_pairs(n: int, bw: int = 0, bh: int = 0) -> tuple[list[list[int]], int]:
    """For each cell of an ``n`` x ``n`` grid of boxes ``bw`` wide and ``bh`` tall (0:
    square), indexed by digit 1..n, the bits of its row's, column's and box's (house, digit)
    pairs; and the sum of all 3n² pairs' bits."""
    bw = bw or math.isqrt(n)
    bh = bh or math.isqrt(n)
    pairs = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        houses = (r, n + c, 2 * n + (r // bh) * (n // bw) + c // bw)
        pairs.append([0] + [sum(1 << h * n + d - 1 for h in houses) for d in range(1, n + 1)])
    return pairs, (1 << 3 * n * n) - 1


def check(puzzle: SudokuPuzzle, solution: SudokuSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid."""
    n = puzzle.size
    grid = solution.grid
    if grid.shape != (n, n):
        return [Violation("size", None, f"solution is {grid.shape}, puzzle is {n}x{n}")]
    if _obeys_rules(puzzle, grid):
        return []
    out: list[Violation] = []
    gaps = puzzle.gap_grid
    for r in range(n):
        for c in range(n):
            v = int(grid[r, c])
            if gaps[r, c]:
                if v:
                    out.append(Violation("digit-in-gap", (r, c),
                                         f"{v} stands in a gap (a cell without a digit)"))
                continue
            if not 1 <= v <= n:
                out.append(Violation("cell-not-filled", (r, c), f"{v} is not a digit 1..{n}"))
            clue = int(puzzle.clues[r, c])
            if clue and clue != v:
                out.append(Violation("clue-changed", (r, c), f"clue {clue} was changed to {v}"))
    for kind, house in puzzle.named_houses():
        seen: dict[int, Cell] = {}
        for cell in house:
            v = int(grid[cell])
            if v in seen and 1 <= v <= n:
                out.append(Violation(f"repeat-in-{kind}", cell,
                                     f"{v} also stands at {seen[v]} of this {kind}"))
            seen.setdefault(v, cell)
    return out


def format_puzzle(puzzle: SudokuPuzzle) -> str:
    """One line up to 9x9; bigger grids, the X variant (``sudoku N N D``) and rectangular
    boxes (``sudoku N N BWxBH``) as a header and rows."""
    if puzzle.size <= 9 and not puzzle.diagonal and not puzzle.rectangular \
            and puzzle.gaps is None:
        return format_line(puzzle.clues) + "\n"
    gaps = puzzle.gap_grid
    rows = [format_line(row, gap_row if puzzle.gaps is not None else None)
            for row, gap_row in zip(puzzle.clues, gaps, strict=True)]
    return (f"sudoku {puzzle.size} {puzzle.size}{_shape_word(puzzle)}"
            f"{flag_word(puzzle.diagonal)}\n" + "\n".join(rows) + "\n")


def _shape_word(puzzle: SudokuPuzzle) -> str:
    """`` BWxBH`` for rectangular boxes, nothing for square ones."""
    return f" {puzzle.box_width}x{puzzle.box_height}" if puzzle.rectangular else ""


def parse_solution(text: str, puzzle: SudokuPuzzle | None = None) -> SudokuSolution:
    """A filled grid in any form a puzzle is written in (one line, rows, a ``sudoku N N``
    header), or under a ``sudoku-solution N N`` header, which must state the grid's size
    (error positions are the text's own lines)."""
    lines = content_lines(text)
    if lines and lines[0][1].split()[:1] == ["sudoku-solution"]:
        text = text.replace("sudoku-solution", "sudoku", 1)
    shape = puzzle.box_dims if puzzle is not None and puzzle.rectangular else None
    return SudokuSolution(_parse(text, "", shape).clues)


def format_solution(puzzle: SudokuPuzzle, solution: SudokuSolution) -> str:
    """The grid as a puzzle is written (a gap the answer leaves empty as :data:`GAP`)."""
    gaps = None if puzzle.gaps is None else puzzle.gaps & (solution.grid == 0)
    return format_puzzle(SudokuPuzzle(solution.grid, box_width=puzzle.box_width,
                                      box_height=puzzle.box_height, gaps=gaps))


def solution_from_drawing(lines: list[str], puzzle: SudokuPuzzle) -> SudokuSolution:
    """The digits of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints)."""
    rows = [line.replace("|", " ").split() for line in without_variant_line(lines)
            if line.strip("-+ ")]
    n = puzzle.size
    if len(rows) != n or any(len(row) != n for row in rows):
        raise InputError(f"a {n}x{n} Sudoku drawing has {n} rows of {n} digits",
                         hint="give the drawing exactly as pencilsat solve prints it")
    digits = [[char_digit(token) or 0 if len(token) == 1 else 0 for token in row] for row in rows]
    return SudokuSolution(np.array(digits, dtype=np.int16))


def given_digits(puzzle: SudokuPuzzle) -> list[Clue]:
    """The given digits, row-major."""
    return [Clue((int(r), int(c)), digit_char(int(puzzle.clues[r, c])), int(puzzle.clues[r, c]))
            for r, c in zip(*np.nonzero(puzzle.clues), strict=True)]


def with_digit(puzzle: SudokuPuzzle, clue: Clue) -> SudokuPuzzle:
    """A copy of ``puzzle`` with ``clue``'s digit in its cell (``value`` 0: empty)."""
    clues = np.array(puzzle.clues)
    clues[clue.cell] = clue.value
    return dataclasses.replace(puzzle, clues=clues)


def without_digit(puzzle: SudokuPuzzle, clue: Clue) -> SudokuPuzzle:
    return with_digit(puzzle, Clue(clue.cell, ".", 0))


def digits_offered(puzzle: SudokuPuzzle, solution: SudokuSolution) -> list[Clue]:
    """The digit ``solution`` puts in each empty cell (not in a gap)."""
    return [Clue((int(r), int(c)), digit_char(int(solution.grid[r, c])),
                 int(solution.grid[r, c]))
            for r, c in zip(*np.nonzero((puzzle.clues == 0) & ~puzzle.gap_grid), strict=True)]


RULES = GenreRules(
    puzzle_type=SudokuPuzzle, solution_type=SudokuSolution,
    clues=ClueRules("digit", given_digits, without_digit, with_digit, digits_offered),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution,
    solution_rows=lambda puzzle, solution: solution_rows(solution, puzzle),
    format_solution=format_solution, check=check, draw_text=draw_text, why_none=clue_clash,
    parse_drawing=solution_from_drawing,
)
