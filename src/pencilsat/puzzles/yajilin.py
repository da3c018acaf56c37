"""Yajilin (ヤジリン): grid model, corpus text formats, text drawing and an independent rule
checker.

Rules (Nikoli): shade some cells that hold no clue; an arrow clue says how many shaded cells
lie in its direction, between the clue and the edge of the grid; shaded cells never share an
edge; every other cell without a clue is on one closed loop through cell centres (no
branches, no crossings). Given black cells without a clue (janko's ``x``) are neither shaded
nor on the loop, and do not count as shaded for the adjacency rule (the janko data bear that
out: 76 places where a shaded cell touches one).

The puzzle text is ``yajilin W H`` then H rows of W space-separated tokens: ``.`` an empty
cell, ``N^ Nv N< N>`` an arrow clue, ``#`` a given black cell, ``?^ ?v ?< ?>`` an arrow
whose count is not given (pzprjs writes it): a given black cell that keeps its arrow to be
drawn, since it asks nothing of the cells it points at. The solution text is
``yajilin-solution W H`` then H rows of W characters: the pipe letters ``- | L J 7 F`` of the
loop, ``#`` shaded, ``.`` a clue or given cell. The checker uses no SAT: it is the referee
every solver answer is tested against.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.pieces import line_pieces
from pencilsat.puzzles.pipes import LOOP_PIPES, Unmatched, pipe_edges, unmatched_violations
from pencilsat.puzzles.textgrid import expect_row_count, read_grid, read_header, row_tokens

EMPTY = -1
"""``numbers[r, c]`` of a cell to be shaded or looped."""
BLOCK = -2
"""``numbers[r, c]`` of a given black cell without a clue."""
NO_ARROW, UP, DOWN, LEFT, RIGHT = range(5)
"""``arrows[r, c]``: pzprjs' direction numbers (``qdir``), 0 for a cell without an arrow."""
STEP = {UP: (-1, 0), DOWN: (1, 0), LEFT: (0, -1), RIGHT: (0, 1)}
ARROW_CHAR = {UP: "^", DOWN: "v", LEFT: "<", RIGHT: ">"}
_CHAR_ARROW = {ch: d for d, ch in ARROW_CHAR.items()}
_CLUE = re.compile(r"([0-9]{1,4}|\?)([v^<>])")
UNKNOWN = "?"
"""The count of an arrow whose count is not given."""

Edge = tuple[Cell, Cell]
"""The loop step between two orthogonally adjacent cell centres, smaller cell first."""

PIPES = LOOP_PIPES
"""Pipe letters of the solution text (as in Masyu's): the neighbours a loop cell joins."""
_PIPE_OF = {dirs: ch for ch, dirs in PIPES.items()}


def edge(a: Cell, b: Cell) -> Edge:
    """The normalised edge between cells ``a`` and ``b``."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, eq=False)
class YajilinPuzzle(ArrayValue):
    """An immutable Yajilin grid: ``numbers[r, c]`` is EMPTY, BLOCK or an arrow clue's count
    N >= 0, whose direction is ``arrows[r, c]`` (UP, DOWN, LEFT, RIGHT; NO_ARROW elsewhere,
    except on a BLOCK with an arrow whose count is not given, ``?``)."""

    ARRAYS = ("numbers", "arrows")

    numbers: np.ndarray
    arrows: np.ndarray
    name: str = field(default="", compare=False)

    genre = "yajilin"

    def __post_init__(self) -> None:
        numbers = np.array(self.numbers, dtype=np.int32)
        arrows = np.array(self.arrows, dtype=np.int8)
        if numbers.ndim != 2 or numbers.size == 0 or arrows.shape != numbers.shape:
            raise ValueError("a Yajilin grid is two non-empty 2-D arrays of one shape")
        if numbers.min() < BLOCK or ((numbers >= 0) & (arrows == NO_ARROW)).any() \
                or ((numbers == EMPTY) & (arrows != NO_ARROW)).any() \
                or arrows.max() > RIGHT or arrows.min() < NO_ARROW:
            raise ValueError("every clue (N >= 0) has an arrow 1..4, an empty cell has none")
        for arr in (numbers, arrows):
            arr.setflags(write=False)
        object.__setattr__(self, "numbers", numbers)
        object.__setattr__(self, "arrows", arrows)

    def clues(self) -> Iterator[tuple[Cell, int, int]]:
        """Every arrow clue, row-major: its cell, its direction and its count."""
        for r, c in zip(*np.nonzero(self.numbers >= 0), strict=True):
            yield (int(r), int(c)), int(self.arrows[r, c]), int(self.numbers[r, c])

    def is_open(self, cell: Cell) -> bool:
        """True for a cell that is shaded or on the loop in an answer (no clue, not given)."""
        return bool(self.numbers[cell] == EMPTY)

    def looking_at(self, cell: Cell, direction: int) -> list[Cell]:
        """The cells from ``cell`` (exclusive) to the grid's edge in ``direction``."""
        dr, dc = STEP[direction]
        r, c = cell[0] + dr, cell[1] + dc
        out = []
        while 0 <= r < self.height and 0 <= c < self.width:
            out.append((r, c))
            r, c = r + dr, c + dc
        return out


@dataclass(frozen=True)
class YajilinSolution:
    """A Yajilin answer: the loop's edges between cell centres and the shaded cells, and,
    for an answer read from pipe letters, the edges only one of their two cells draws
    (``unmatched``, see :mod:`pencilsat.puzzles.pipes`: the checker refuses them)."""

    edges: frozenset[Edge]
    shaded: frozenset[Cell]
    width: int
    height: int
    unmatched: Unmatched = frozenset()

    genre = "yajilin"

    @classmethod
    def of(cls, edges: Iterable[Edge], shaded: Iterable[Cell], width: int,
           height: int) -> YajilinSolution:
        return cls(frozenset(edge(a, b) for a, b in edges), frozenset(shaded), width, height)

    def degree(self) -> dict[Cell, int]:
        """Loop edges per cell (cells without one are left out)."""
        out: dict[Cell, int] = {}
        for a, b in self.edges:
            out[a] = out.get(a, 0) + 1
            out[b] = out.get(b, 0) + 1
        return out

    def joins(self, cell: Cell) -> frozenset[tuple[int, int]]:
        """The steps from ``cell`` along its loop edges."""
        r, c = cell
        return frozenset((dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                         if edge(cell, (r + dr, c + dc)) in self.edges)

    def differing_cells(self, other: YajilinSolution) -> list[Cell]:
        """Cells, row-major, shaded in one answer and not the other, or joined differently."""
        touched = {cell for line in self.edges ^ other.edges for cell in line}
        cells = (touched | (self.shaded ^ other.shaded))
        return sorted((r, c) for r, c in cells if 0 <= r < self.height and 0 <= c < self.width)


# ---------------------------------------------------------------- puzzle text

def parse_puzzle(text: str, name: str = "") -> YajilinPuzzle:
    """Corpus format: ``yajilin W H`` then H rows of W tokens (``.``, ``#``, ``N^`` ...)."""
    width, height, rows, first_line, _ = read_header(text, "yajilin")
    expect_row_count(rows, height, first_line)
    numbers = np.full((height, width), EMPTY, dtype=np.int32)
    arrows = np.zeros((height, width), dtype=np.int8)
    for r, (line_number, row) in enumerate(rows):
        if row.count(".") == width and len(row) == 2 * width - 1 and row[1::2].isspace():
            continue  # a row of empty cells, the most common (and a 1000x1000 test grid)
        for c, token in enumerate(row_tokens(row, line_number, width)):
            numbers[r, c], arrows[r, c] = _cell(token.group(), line_number, token.start() + 1)
    return YajilinPuzzle(numbers, arrows, name=name)


def _cell(token: str, line: int, column: int) -> tuple[int, int]:
    if token == ".":
        return EMPTY, NO_ARROW
    if token == "#":
        return BLOCK, NO_ARROW
    match = _CLUE.fullmatch(token)
    if match is None:
        raise InputError(f"unknown cell {token!r}", line=line, column=column,
                         hint="allowed: '.' empty, '#' given black cell, or a count and an "
                              "arrow: 2^ 0v 1< 3> ('?<': a count not given)")
    count = BLOCK if match.group(1) == UNKNOWN else int(match.group(1))
    return count, _CHAR_ARROW[match.group(2)]


def token(puzzle: YajilinPuzzle, cell: Cell) -> str:
    """The cell's token of the puzzle text."""
    value = int(puzzle.numbers[cell])
    if value == EMPTY:
        return "."
    direction = int(puzzle.arrows[cell])
    if value == BLOCK:
        return "#" if direction == NO_ARROW else f"{UNKNOWN}{ARROW_CHAR[direction]}"
    return f"{value}{ARROW_CHAR[direction]}"


def unknown_arrows(puzzle: YajilinPuzzle) -> list[tuple[Cell, int]]:
    """Every arrow whose count is not given (``?``), row-major, with its direction."""
    return [((int(r), int(c)), int(puzzle.arrows[r, c])) for r, c in
            zip(*np.nonzero((puzzle.numbers == BLOCK) & (puzzle.arrows != NO_ARROW)),
                strict=True)]


def format_puzzle(puzzle: YajilinPuzzle) -> str:
    rows = [" ".join(token(puzzle, (r, c)) for c in range(puzzle.width))
            for r in range(puzzle.height)]
    return f"yajilin {puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"


# ---------------------------------------------------------------- solution text

def parse_solution(text: str, puzzle: YajilinPuzzle | None = None) -> YajilinSolution:
    """Corpus solution format, also the rows ``solve --json`` writes under the same header:
    ``yajilin-solution W H`` then rows of pipe letters, ``#`` shaded and ``.``."""
    rows = read_grid(text, "yajilin-solution", "".join(PIPES) + "#.",
                     "pipe letters - | L J 7 F, '#' shaded, '.' clue or given cell")
    return solution_from_rows(rows)


def solution_from_rows(rows: list[str]) -> YajilinSolution:
    """The edges every pipe letter draws, the edges only one of their two cells draws (both
    kept, so that the checker names them: ``off-grid``, ``pipe-not-joined``) and the ``#``
    cells."""
    edges, unmatched = pipe_edges(rows, PIPES)
    shaded = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}
    width = len(rows[0]) if rows else 0
    return YajilinSolution(frozenset(edges), frozenset(shaded), width, len(rows), unmatched)


def solution_rows(puzzle: YajilinPuzzle | None, solution: YajilinSolution) -> list[str]:
    """Pipe-letter rows; a loop cell with other than two edges is written ``?``."""
    degree = solution.degree()
    rows = []
    for r in range(solution.height):
        row = []
        for c in range(solution.width):
            if (r, c) in degree:
                row.append(_PIPE_OF.get(solution.joins((r, c)), "?"))
            else:
                row.append("#" if (r, c) in solution.shaded else ".")
        rows.append("".join(row))
    return rows


def format_solution(puzzle: YajilinPuzzle | None, solution: YajilinSolution) -> str:
    return (f"yajilin-solution {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


# ---------------------------------------------------------------- text drawing

def _cell_width(puzzle: YajilinPuzzle) -> int:
    return max([3, *(len(token(puzzle, cell)) for cell, _, _ in puzzle.clues())])  # ?> is 2


def draw_text(puzzle: YajilinPuzzle, solution: YajilinSolution | None = None) -> str:
    """One line per row and one between rows: clues as written (``2>``), ``#`` shaded
    (``###``), the loop as ``-`` and ``|`` through the cell centres (``+`` at a corner), ``X``
    for a given black cell."""
    width = _cell_width(puzzle)
    mid = width // 2
    edges = solution.edges if solution is not None else frozenset()
    shaded = solution.shaded if solution is not None else frozenset()
    out = []
    for r in range(puzzle.height):
        line, below = [], []
        for c in range(puzzle.width):
            cell = (r, c)
            left = edge(cell, (r, c - 1)) in edges
            right = edge(cell, (r, c + 1)) in edges
            up = edge(cell, (r - 1, c)) in edges
            down = edge(cell, (r + 1, c)) in edges
            if not puzzle.is_open(cell):
                text = token(puzzle, cell)
                text = "X" if text == "#" else text
                text = text.center(width)
            elif cell in shaded:
                text = "#" * width
            elif left or right or up or down:
                centre = "-" if left and right else "|" if up and down else "+"
                text = (("-" if left else " ") * mid + centre
                        + ("-" if right else " ") * (width - mid - 1))
            else:
                text = ".".center(width)
            line.append(text)
            if c + 1 < puzzle.width:
                line.append("-" if right else " ")
            below.append(" " * mid + ("|" if down else " ") + " " * (width - mid - 1))
        out.append("".join(line).rstrip())
        if r + 1 < puzzle.height:
            out.append(" ".join(below).rstrip())
    return "\n".join(out) + "\n"


def solution_from_drawing(lines: list[str], puzzle: YajilinPuzzle) -> YajilinSolution:
    """The answer of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints)."""
    expected = 2 * puzzle.height - 1
    if len(lines) != expected:
        raise InputError(f"a {puzzle.width}x{puzzle.height} Yajilin drawing has {expected} "
                         f"lines, this one has {len(lines)}",
                         hint="give the drawing exactly as pencilsat solve prints it")
    width = _cell_width(puzzle)
    mid = width // 2
    edges, shaded = set(), set()
    for r in range(puzzle.height):
        row = lines[2 * r].ljust((width + 1) * puzzle.width)
        below = lines[2 * r + 1].ljust((width + 1) * puzzle.width) if r + 1 < puzzle.height \
            else ""
        for c in range(puzzle.width):
            start = c * (width + 1)
            if puzzle.is_open((r, c)) and row[start:start + width] == "#" * width:
                shaded.add((r, c))
            if c + 1 < puzzle.width and row[start + width] == "-":
                edges.add(((r, c), (r, c + 1)))
            if below and below[start + mid] == "|":
                edges.add(((r, c), (r + 1, c)))
    return YajilinSolution(frozenset(edges), frozenset(shaded), puzzle.width, puzzle.height)


# ---------------------------------------------------------------- rule checker

def check(puzzle: YajilinPuzzle, solution: YajilinSolution) -> list[Violation]:
    """Every broken rule, each named with its cell; an empty list means the answer is valid.

    Rules: ``size``; ``off-grid`` (a loop step that leaves the grid or joins cells that are
    not neighbours); ``loop-on-clue`` and ``shaded-clue`` (a clue or given cell on the loop or
    shaded); ``shaded-on-loop``; ``empty-cell`` (an open cell neither shaded nor on the loop);
    ``dead-end`` and ``branch`` (a cell with one, or three or four, loop edges);
    ``adjacent-shaded`` (at the upper or left cell of each pair); ``pipe-not-joined`` (a
    pipe letter leads into a cell whose letter does not lead back); ``arrow-count``;
    ``no-loop``; ``several-loops`` (one violation per loop beyond the longest, at its first
    cell)."""
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        return [Violation("size", None, f"the solution is {solution.width}x{solution.height}, "
                          f"the puzzle {puzzle.width}x{puzzle.height}")]
    out: list[Violation] = []
    inside = _inside(puzzle)
    for a, b in sorted(solution.edges):
        if not (inside(a) and inside(b)) or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            out.append(Violation("off-grid", None,
                                 f"{a}-{b} is not a step between neighbouring cells"))
    if out:
        return out
    out.extend(unmatched_violations(solution.unmatched))
    degree = solution.degree()
    for cell in sorted(solution.shaded):
        if not inside(cell):
            out.append(Violation("off-grid", None, f"shaded cell {cell} is outside the grid"))
    if out:
        return out
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            cell = (r, c)
            on_loop, shaded = cell in degree, cell in solution.shaded
            if not puzzle.is_open(cell):
                what = "a clue" if puzzle.numbers[cell] >= 0 else "a given black cell"
                if on_loop:
                    out.append(Violation("loop-on-clue", cell, f"the loop passes {what}"))
                if shaded:
                    out.append(Violation("shaded-clue", cell, f"{what} cannot be shaded"))
                continue
            if on_loop and shaded:
                out.append(Violation("shaded-on-loop", cell, "the loop passes a shaded cell"))
            elif not on_loop and not shaded:
                out.append(Violation("empty-cell", cell,
                                     "this cell is neither shaded nor on the loop"))
            if on_loop and degree[cell] == 1:
                out.append(Violation("dead-end", cell, "the loop ends in this cell"))
            elif on_loop and degree[cell] > 2:
                out.append(Violation("branch", cell,
                                     f"{degree[cell]} loop edges meet in this cell"))
            if shaded:
                for other in ((r + 1, c), (r, c + 1)):
                    if other in solution.shaded:
                        out.append(Violation("adjacent-shaded", cell,
                                             f"this shaded cell touches the shaded cell {other}"))
    for cell, direction, count in puzzle.clues():
        seen = sum(other in solution.shaded for other in puzzle.looking_at(cell, direction))
        if seen != count:
            out.append(Violation("arrow-count", cell, f"the arrow says {count} shaded cells, "
                                 f"there are {seen}"))
    parts = line_pieces(solution.edges)
    if not parts:
        out.append(Violation("no-loop", None, "no loop is drawn"))
    for part in parts[1:]:
        out.append(Violation("several-loops", min(part),
                             f"a separate loop through {len(part)} cells starts here"))
    return out


def _inside(puzzle: YajilinPuzzle) -> Callable[[Cell], bool]:
    return lambda cell: 0 <= cell[0] < puzzle.height and 0 <= cell[1] < puzzle.width


def clue_too_large(puzzle: YajilinPuzzle) -> str | None:
    """An arrow that asks for more shaded cells than fit before the edge (no two of them
    touching), when one does."""
    for cell, direction, count in puzzle.clues():
        open_run, room = 0, 0
        for other in [*puzzle.looking_at(cell, direction), None]:
            if other is not None and puzzle.is_open(other):
                open_run += 1
                continue
            room += (open_run + 1) // 2
            open_run = 0
        if count > room:
            return (f"the arrow at row {cell[0] + 1}, column {cell[1] + 1} asks for {count} "
                    f"shaded cells, at most {room} fit in its direction")
    return None


# ---------------------------------------------------------------- clue tools

def given_arrows(puzzle: YajilinPuzzle) -> list[Clue]:
    """Every arrow clue, row-major; ``value`` is ``10 * count + direction``."""
    return [Clue(cell, token(puzzle, cell), 10 * count + direction)
            for cell, direction, count in puzzle.clues()]


def with_arrow(puzzle: YajilinPuzzle, clue: Clue) -> YajilinPuzzle:
    """A copy of ``puzzle`` with the arrow ``clue`` in its cell."""
    numbers, arrows = np.array(puzzle.numbers), np.array(puzzle.arrows)
    numbers[clue.cell], arrows[clue.cell] = divmod(clue.value, 10)
    return YajilinPuzzle(numbers, arrows, name=puzzle.name)


def without_arrow(puzzle: YajilinPuzzle, clue: Clue) -> YajilinPuzzle:
    """The clue's cell stays a black cell, without its arrow: only the count is lost, so
    every solution stays one (an open cell there would change every solution)."""
    numbers, arrows = np.array(puzzle.numbers), np.array(puzzle.arrows)
    numbers[clue.cell], arrows[clue.cell] = BLOCK, NO_ARROW
    return YajilinPuzzle(numbers, arrows, name=puzzle.name)


def arrows_offered(puzzle: YajilinPuzzle, solution: YajilinSolution) -> list[Clue]:
    """For each given black cell without a clue, an arrow each way with the count of shaded
    cells ``solution`` has there (an open cell cannot take a clue: every answer uses it)."""
    out = []
    for r, c in zip(*np.nonzero(puzzle.numbers == BLOCK), strict=True):
        cell = (int(r), int(c))
        for direction in (UP, DOWN, LEFT, RIGHT):
            count = sum(other in solution.shaded for other in puzzle.looking_at(cell, direction))
            out.append(Clue(cell, f"{count}{ARROW_CHAR[direction]}", 10 * count + direction))
    return out


RULES = GenreRules(
    puzzle_type=YajilinPuzzle, solution_type=YajilinSolution,
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    why_none=clue_too_large, parse_drawing=solution_from_drawing,
    clues=ClueRules("arrow", given_arrows, without_arrow, with_arrow, arrows_offered,
                    removal="the cell stays black, without its arrow"),
)
