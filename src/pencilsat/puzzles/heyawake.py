"""Heyawake (へやわけ): rooms and clues, corpus text formats and an independent rule checker.

Rules (Nikoli): shade some cells so that a room with a clue holds exactly that many shaded
cells, no two shaded cells share an edge, all unshaded cells are 4-connected, and no
horizontal or vertical run of consecutive unshaded cells crosses two (or more) room borders.

The puzzle text is ``heyawake W H``, then H rows of W clue tokens (``.`` no clue, ``N`` the
room's count, ``?`` a count not given: pzprjs writes it; it asks nothing, so the rules and
strategies read it as a room without a clue, and the puzzle keeps it in ``unknown`` only to
write it back) and H rows of W room numbers; the solution ``heyawake-solution W H`` then rows of
``#`` shaded and ``.`` unshaded. Rooms are renumbered in order of their first cell
(row-major), so any numbering of 4-connected rooms reads the same puzzle.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import NO_MARKS, ArrayValue
from pencilsat.puzzles.regions import Regions, read_region_rows, region_rows
from pencilsat.puzzles.shading import (
    ShadedFormat,
    ShadedSolution,
    not_connected,
    one_region,
    size_mismatch,
    touching,
)
from pencilsat.puzzles.textgrid import expect_row_count, number_rows, read_header, token_position

NO_CLUE = -1
"""``clues[r, c]`` of a cell without a clue; a clue is a number >= 0."""
UNKNOWN = "?"
"""The token of a room's count not given."""
_UNKNOWN_VALUE = -2
"""What the text reader returns for ``?`` (kept in ``unknown``, never in ``clues``)."""

_MAX_TOKEN = 7
_FAST_CLUES = re.compile(r"(?:\.|\d{1,7})(?: (?:\.|\d{1,7}))*", re.ASCII)


@dataclass(frozen=True, eq=False)
class HeyawakePuzzle(ArrayValue):
    """An immutable Heyawake grid: ``rooms[r, c]`` is the room index (0..R-1, in order of
    each room's first cell, every room 4-connected) and ``clues[r, c]`` a clue or NO_CLUE
    (at most one clue per room); ``unknown[r, c]`` marks a ``?`` (NO_CLUE in ``clues``, at
    most one clue or ``?`` per room)."""

    ARRAYS = ("rooms", "clues", "unknown")

    rooms: np.ndarray
    clues: np.ndarray
    name: str = field(default="", compare=False)
    unknown: np.ndarray = field(default_factory=lambda: NO_MARKS)

    genre = "heyawake"

    def __post_init__(self) -> None:
        rooms = np.array(self.rooms, dtype=np.int32)
        clues = np.array(self.clues, dtype=np.int32)
        if rooms.ndim != 2 or rooms.size == 0 or rooms.shape != clues.shape:
            raise ValueError("rooms and clues are two non-empty 2-D arrays of one shape")
        if clues.min(initial=0) < NO_CLUE:
            raise ValueError("clues are NO_CLUE (-1) or numbers >= 0")
        if rooms.min() < 0:
            raise ValueError("every cell is in a room")
        Regions(rooms)  # raises unless 4-connected and numbered 0..R-1 by first cell
        unknown = (np.zeros(rooms.shape, dtype=bool) if self.unknown is NO_MARKS
                   else np.array(self.unknown, dtype=bool))
        if unknown.shape != rooms.shape or (unknown & (clues != NO_CLUE)).any():
            raise ValueError("the '?' cells are cells without a clue, in a grid of the rooms' "
                             "shape")
        counts = np.bincount(rooms[(clues != NO_CLUE) | unknown].ravel(),
                             minlength=int(rooms.max()) + 1)
        if counts.max(initial=0) > 1:
            raise ValueError("a room holds at most one clue")
        sizes = np.bincount(rooms.ravel())
        given = clues != NO_CLUE
        over = given & (clues > sizes[rooms])
        if over.any():  # what the text and URL readers refuse too
            r, c = (int(v) for v in np.argwhere(over)[0])
            raise ValueError(f"the room at row {r}, column {c} has {int(sizes[rooms[r, c]])} "
                             f"cells, its number is {int(clues[r, c])}")
        for arr in (rooms, clues, unknown):
            arr.setflags(write=False)
        object.__setattr__(self, "rooms", rooms)
        object.__setattr__(self, "clues", clues)
        object.__setattr__(self, "unknown", unknown)

    @property
    def room_count(self) -> int:
        return int(self.rooms.max()) + 1

    @property
    def regions(self) -> Regions:
        """The rooms as a :class:`~pencilsat.puzzles.regions.Regions`."""
        return Regions(self.rooms)

    def room_cells(self) -> list[list[Cell]]:
        """Each room's cells, row-major, by room index."""
        return self.regions.cells()

    def room_clues(self) -> list[tuple[Cell, int] | None]:
        """Per room index, its clue cell and number, or ``None``."""
        out: list[tuple[Cell, int] | None] = [None] * self.room_count
        for r, c in zip(*np.nonzero(self.clues != NO_CLUE), strict=True):
            out[int(self.rooms[r, c])] = ((int(r), int(c)), int(self.clues[r, c]))
        return out


@dataclass(frozen=True, eq=False)
class HeyawakeSolution(ShadedSolution):
    """A Heyawake answer: ``shaded[r, c]`` is True for a shaded cell."""

    genre = "heyawake"


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> HeyawakePuzzle:
    """Corpus format: ``heyawake W H``, H rows of W clue tokens, H rows of W room numbers."""
    width, height, rows, first_line, _ = read_header(text, "heyawake")
    expect_row_count(rows, 2 * height, first_line,
                     f"expected {2 * height} rows ({height} of clues, {height} of rooms), "
                     f"found {len(rows)}",
                     hint="write the clue rows, then the room rows, no blank line needed")
    read = number_rows(rows[:height], width, _clue_value, _FAST_CLUES)
    unknown = read == _UNKNOWN_VALUE
    clues = np.where(unknown, NO_CLUE, read)
    rooms = read_region_rows(rows[height:], width, noun="room").ids
    _check_clues(clues, unknown, rooms, rows[:height])
    return HeyawakePuzzle(rooms, clues, name=name, unknown=unknown)


def _clue_value(token: str, line: int, column: int) -> int:
    if token == ".":
        return NO_CLUE
    if token == UNKNOWN:
        return _UNKNOWN_VALUE
    if not (token.isascii() and token.isdigit()) or len(token) > _MAX_TOKEN:
        raise InputError(f"unknown clue {token!r}", line=line, column=column,
                         hint="a clue row holds '.' (no clue), a number 0, 1, 2, ... or '?' "
                              "(a number not given)")
    return int(token)


def _check_clues(clues: np.ndarray, unknown: np.ndarray, rooms: np.ndarray,
                 rows: list[tuple[int, str]]) -> None:
    """At most one clue (or ``?``) per room, and no clue above the room's number of cells."""
    sizes = np.bincount(rooms.ravel())
    clued: dict[int, Cell] = {}
    for r, c in zip(*np.nonzero((clues != NO_CLUE) | unknown), strict=True):
        room, value = int(rooms[r, c]), int(clues[r, c])
        line, column = token_position(rows, int(r), int(c))
        if room in clued:
            raise InputError(f"the room of this clue already has the clue at row "
                             f"{clued[room][0] + 1}, column {clued[room][1] + 1}", line=line,
                             column=column, hint="a room has at most one clue")
        clued[room] = (int(r), int(c))
        if value > sizes[room]:
            raise InputError(f"clue {value} is larger than its room of {sizes[room]} cells",
                             line=line, column=column, hint="check the clue or the rooms")


def clue_token(puzzle: HeyawakePuzzle, cell: Cell) -> str:
    """A cell's clue as written: its number, ``?`` or ``.``."""
    value = int(puzzle.clues[cell])
    return str(value) if value != NO_CLUE else UNKNOWN if puzzle.unknown[cell] else "."


def format_puzzle(puzzle: HeyawakePuzzle) -> str:
    clue_rows = [" ".join(clue_token(puzzle, (r, c)) for c in range(puzzle.width))
                 for r in range(puzzle.height)]
    return (f"heyawake {puzzle.width} {puzzle.height}\n"
            + "\n".join(clue_rows + region_rows(puzzle.regions)) + "\n")


FORMAT = ShadedFormat("heyawake-solution", HeyawakeSolution)
"""The answer's text: ``heyawake-solution W H`` then rows of ``#`` shaded, ``.`` unshaded."""
parse_solution, solution_from_rows = FORMAT.parse_solution, FORMAT.from_rows
solution_rows, format_solution = FORMAT.solution_rows, FORMAT.format_solution


def draw_text(puzzle: HeyawakePuzzle, solution: HeyawakeSolution | None = None) -> str:
    """Rooms drawn with ``|`` and ``-`` borders on a lattice of ``+``. A cell is one mark
    and its clue: the mark ``#`` shaded or a space, then the clue right-aligned (``#`` again
    when a shaded cell has none), so a shaded clue cell reads ``#2``."""
    rooms, clues = puzzle.rooms, puzzle.clues
    shaded = (solution.shaded if solution is not None
              and solution.shaded.shape == rooms.shape else np.zeros(rooms.shape, dtype=bool))
    size = max([1, *(len(str(v)) for v in clues.ravel().tolist() if v != NO_CLUE)]) + 1
    del clues  # the clues are written by clue_token (a '?' too)
    lines = []
    for r in range(puzzle.height + 1):
        line = "+"
        for c in range(puzzle.width):
            wall = r in (0, puzzle.height) or rooms[r - 1, c] != rooms[r, c]
            line += ("-" if wall else " ") * size + "+"
        lines.append(line)
        if r == puzzle.height:
            break
        line = "|"
        for c in range(puzzle.width):
            mark = "#" if shaded[r, c] else " "
            token = clue_token(puzzle, (r, c))
            clue = mark if token == "." else token
            line += mark + clue.rjust(size - 1, mark)
            line += "|" if c == puzzle.width - 1 or rooms[r, c] != rooms[r, c + 1] else " "
        lines.append(line)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def solution_from_drawing(lines: list[str], puzzle: HeyawakePuzzle) -> HeyawakeSolution:
    """The shading of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints): a cell
    is shaded when its mark, the first character of its slot, is ``#``."""
    expected = 2 * puzzle.height + 1
    if len(lines) != expected or not lines[0].startswith("+"):
        raise InputError(f"a {puzzle.width}x{puzzle.height} Heyawake drawing has {expected} "
                         f"lines starting with '+', this one has {len(lines)}",
                         hint="give the drawing exactly as pencilsat solve prints it")
    step = lines[0].find("+", 1)
    shaded = np.zeros((puzzle.height, puzzle.width), dtype=bool)
    for r in range(puzzle.height):
        line = lines[2 * r + 1]
        for c in range(puzzle.width):
            shaded[r, c] = line[c * step + 1:c * step + 2] == "#"
    return HeyawakeSolution(shaded)


# ------------------------------------------------------------------ the rule checker


def unshaded_runs(shaded: np.ndarray) -> list[list[Cell]]:
    """Every maximal horizontal and vertical run of consecutive unshaded cells (of two cells
    or more), rows first."""
    out = []
    height, width = shaded.shape
    lines = [[(r, c) for c in range(width)] for r in range(height)]
    lines += [[(r, c) for r in range(height)] for c in range(width)]
    for line in lines:
        run: list[Cell] = []
        for cell in [*line, None]:
            if cell is not None and not shaded[cell]:
                run.append(cell)
                continue
            if len(run) > 1:
                out.append(run)
            run = []
    return out


def check(puzzle: HeyawakePuzzle, solution: HeyawakeSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid.
    A valid answer is told by :func:`keeps_rules` (whole-grid array and bit operations); the
    violations of another are listed room by room and run by run."""
    if wrong_size := size_mismatch(puzzle.rooms.shape, solution):
        return wrong_size
    if keeps_rules(puzzle, solution.shaded):
        return []
    return violations(puzzle, solution.shaded)


def keeps_rules(puzzle: HeyawakePuzzle, shaded: np.ndarray) -> bool:
    """Whether ``shaded`` (the grid's shape) keeps every rule: no two shaded cells side by
    side, each clued room's count (shaded cells counted per room at once), no unshaded run
    across two room borders (the borders a run crosses counted per run, a run being told by
    the shaded cells before it in its line) and the unshaded cells one 4-connected region
    (:func:`~pencilsat.puzzles.shading.one_region`)."""
    if (shaded[1:] & shaded[:-1]).any() or (shaded[:, 1:] & shaded[:, :-1]).any():
        return False
    rooms, clues = puzzle.rooms, puzzle.clues
    clued = clues != NO_CLUE
    counts = np.bincount(rooms.ravel(), weights=shaded.ravel(),
                         minlength=int(rooms.max()) + 1)
    if (counts[rooms[clued]] != clues[clued]).any():
        return False
    for lines, marks in ((rooms, shaded), (rooms.T, shaded.T)):
        if _two_borders_crossed(lines, marks):
            return False
    return one_region(~shaded)


def _two_borders_crossed(rooms: np.ndarray, shaded: np.ndarray) -> bool:
    """Whether some unshaded run along the rows of ``rooms`` crosses two room borders."""
    height, width = rooms.shape
    if width < 3:
        return False
    open_border = ((rooms[:, 1:] != rooms[:, :-1]) & ~shaded[:, 1:] & ~shaded[:, :-1])
    if not open_border.any():
        return False
    # a run's id: its row, and the shaded cells before it in the row
    run = np.cumsum(shaded, axis=1)[:, :-1] + np.arange(height)[:, None] * (width + 1)
    crossed = np.bincount(run[open_border], minlength=height * (width + 1))
    return bool((crossed > 1).any())


def violations(puzzle: HeyawakePuzzle, shaded: np.ndarray) -> list[Violation]:
    """Every broken rule of ``shaded`` (the grid's shape), room by room and run by run."""
    rooms = puzzle.rooms
    out = []
    for cells, clue in zip(puzzle.room_cells(), puzzle.room_clues(), strict=True):
        if clue is None:
            continue
        count = sum(1 for cell in cells if shaded[cell])
        if count != clue[1]:
            out.append(Violation("room-count", clue[0], f"the clue says {clue[1]} shaded "
                                                        f"cells, its room has {count}"))
    out += touching(shaded, "adjacent-shaded", "shaded cell")
    out += not_connected(~shaded, "unshaded-not-connected", "unshaded")
    for run in unshaded_runs(shaded):
        borders = sum(1 for a, b in zip(run, run[1:], strict=False) if rooms[a] != rooms[b])
        if borders >= 2:
            way = "horizontal" if run[0][0] == run[1][0] else "vertical"
            out.append(Violation("run-crosses-two-borders", run[0],
                                 f"this {way} run of {len(run)} unshaded cells crosses "
                                 f"{borders} room borders"))
    return out


# ------------------------------------------------------------------ clues, for the clue tools


def given_clues(puzzle: HeyawakePuzzle) -> list[Clue]:
    """The room numbers, row-major."""
    return [Clue((int(r), int(c)), str(int(puzzle.clues[r, c])), int(puzzle.clues[r, c]))
            for r, c in zip(*np.nonzero(puzzle.clues != NO_CLUE), strict=True)]


def with_clue(puzzle: HeyawakePuzzle, clue: Clue) -> HeyawakePuzzle:
    """A copy of ``puzzle`` with ``clue.value`` in ``clue.cell`` (NO_CLUE: none); a ``?``
    in the clue's room goes when a number comes."""
    clues, unknown = np.array(puzzle.clues), np.array(puzzle.unknown)
    clues[clue.cell] = clue.value
    if clue.value != NO_CLUE:
        unknown[puzzle.rooms == puzzle.rooms[clue.cell]] = False
    return HeyawakePuzzle(puzzle.rooms, clues, name=puzzle.name, unknown=unknown)


def without_clue(puzzle: HeyawakePuzzle, clue: Clue) -> HeyawakePuzzle:
    return with_clue(puzzle, Clue(clue.cell, ".", NO_CLUE))


def clues_offered(puzzle: HeyawakePuzzle, solution: HeyawakeSolution) -> list[Clue]:
    """For each room without a number, its count of shaded cells in ``solution``, at the
    room's first cell (a ``?`` room's number goes where the ``?`` is)."""
    out = []
    for cells, clue in zip(puzzle.room_cells(), puzzle.room_clues(), strict=True):
        if clue is None:
            count = sum(1 for cell in cells if solution.shaded[cell])
            where = next((cell for cell in cells if puzzle.unknown[cell]), cells[0])
            out.append(Clue(where, str(count), count))
    return out


RULES = GenreRules(
    puzzle_type=HeyawakePuzzle, solution_type=HeyawakeSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=FORMAT.parse_solution, solution_rows=FORMAT.solution_rows,
    format_solution=FORMAT.format_solution, check=check, draw_text=draw_text,
    parse_drawing=solution_from_drawing,
    clues=ClueRules("number", given_clues, without_clue, with_clue, clues_offered),
)
