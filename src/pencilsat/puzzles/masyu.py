"""Masyu (Pearl, ましゅ): grid model, text formats, ASCII drawing and an independent rule checker.

The checker uses no SAT: it is the referee every solver answer is tested against. Rules as in
Nikoli's statement (see ../shared/docs/tamura-encoding.md): one closed loop through cell
centres, no branches or crossings; every pearl on the loop; a white pearl is passed straight
and the loop turns in at least one of the two cells beside it along the loop; a black pearl is
a turn and both arms go straight through the next cell.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.record import FrozenRecord
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.pieces import line_pieces
from pencilsat.puzzles.pipes import (
    DOWN,
    LEFT,
    LOOP_PIPES,
    RIGHT,
    UP,
    Unmatched,
    pipe_edges,
    unmatched_violations,
)
from pencilsat.puzzles.textgrid import (
    check_rows,
    content_lines,
    header_variants,
    parse_size,
    read_grid,
)

EMPTY, WHITE, BLACK = 0, 1, 2
_CHAR_TO_PEARL = {".": EMPTY, "W": WHITE, "B": BLACK}
_PEARL_TO_CHAR = {v: k for k, v in _CHAR_TO_PEARL.items()}

Edge = tuple[Cell, Cell]
"""The border between two orthogonally adjacent cells, smaller cell first."""

# Pipe letters (corpus solution format): which neighbours a cell connects to.
PIPES: dict[str, frozenset[tuple[int, int]]] = {**LOOP_PIPES, ".": frozenset()}
_DIRS_TO_PIPE = {dirs: ch for ch, dirs in PIPES.items()}


def edge(a: Cell, b: Cell) -> Edge:
    """The normalised edge between adjacent cells ``a`` and ``b`` (either may be off the
    grid: the rule checker names such an edge)."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"cells {a} and {b} are not adjacent")
    return (a, b) if a < b else (b, a)


LOOP_FULL = "full"
VARIANTS = {LOOP_FULL: "the loop passes through every cell (pzprjs' loop_full, URL flag 'f')"}
"""The variants a Masyu text header may name after ``masyu W H``."""


class MasyuPuzzle(FrozenRecord):
    """An immutable Masyu grid: ``pearls[r, c]`` is EMPTY, WHITE or BLACK; ``loop_full``:
    the variant in which the loop passes through every cell. Equal puzzles have equal
    pearls and variant (``name`` is only a label)."""

    __slots__ = ("pearls", "name", "loop_full")
    pearls: np.ndarray
    name: str
    loop_full: bool

    def __init__(self, pearls: np.ndarray, name: str = "", loop_full: bool = False) -> None:
        arr = np.array(pearls, dtype=np.uint8)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError("a Masyu grid is a non-empty 2-D array")
        if arr.max(initial=0) > BLACK:
            raise ValueError("pearl values are 0 (empty), 1 (white), 2 (black)")
        arr.setflags(write=False)
        object.__setattr__(self, "pearls", arr)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "loop_full", loop_full)

    genre = "masyu"

    @property
    def height(self) -> int:
        return int(self.pearls.shape[0])

    @property
    def width(self) -> int:
        return int(self.pearls.shape[1])

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, MasyuPuzzle) and self.loop_full == other.loop_full
                and np.array_equal(self.pearls, other.pearls))

    def __hash__(self) -> int:
        return hash((self.pearls.shape, self.pearls.tobytes(), self.loop_full))

    def must_visit(self) -> list[Cell]:
        """The cells every answer passes through: the pearls, or every cell (``loop_full``)."""
        return list(self.cells()) if self.loop_full else self.pearl_cells()

    def cells(self) -> Iterator[Cell]:
        for r in range(self.height):
            for c in range(self.width):
                yield (r, c)

    def inside(self, cell: Cell) -> bool:
        height, width = self.pearls.shape
        return 0 <= cell[0] < height and 0 <= cell[1] < width

    def neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        out = [(r + dr, c + dc) for dr, dc in (UP, LEFT, DOWN, RIGHT)]
        return [n for n in out if self.inside(n)]

    def all_edges(self) -> list[Edge]:
        """Every border between adjacent cells, row-major: right edge, then down edge."""
        out = []
        for r in range(self.height):
            for c in range(self.width):
                if c + 1 < self.width:
                    out.append(((r, c), (r, c + 1)))
                if r + 1 < self.height:
                    out.append(((r, c), (r + 1, c)))
        return out

    def pearl_cells(self) -> list[Cell]:
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.pearls), strict=True)]


class MasyuSolution(FrozenRecord):
    """A Masyu answer: the set of used edges (directions are not part of the answer), and,
    for an answer read from pipe letters, the edges only one of their two cells draws
    (``unmatched``, see :mod:`pencilsat.puzzles.pipes`: the checker refuses them)."""

    __slots__ = ("edges", "width", "height", "unmatched")
    edges: frozenset[Edge]
    width: int
    height: int
    unmatched: Unmatched

    def __init__(self, edges: frozenset[Edge], width: int, height: int,
                 unmatched: Unmatched = frozenset()) -> None:
        object.__setattr__(self, "edges", edges)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "unmatched", unmatched)

    genre = "masyu"

    @classmethod
    def from_edges(cls, edges: Iterable[Edge], width: int, height: int) -> MasyuSolution:
        return cls(frozenset(edge(a, b) for a, b in edges), width, height)

    def degree(self) -> dict[Cell, int]:
        deg: dict[Cell, int] = {}
        for a, b in self.edges:
            deg[a] = deg.get(a, 0) + 1
            deg[b] = deg.get(b, 0) + 1
        return deg

    def cells_touched(self, cell: Cell) -> set[tuple[int, int]]:
        """Directions (dr, dc) the loop leaves ``cell`` in."""
        r, c = cell
        edges = self.edges
        out = set()
        # an edge is stored smaller cell first: the cell above or to the left comes first
        if ((r - 1, c), cell) in edges:
            out.add(UP)
        if (cell, (r + 1, c)) in edges:
            out.add(DOWN)
        if ((r, c - 1), cell) in edges:
            out.add(LEFT)
        if (cell, (r, c + 1)) in edges:
            out.add(RIGHT)
        return out

    def differing_cells(self, other: MasyuSolution) -> list[Cell]:
        """Cells whose pipe letter differs between the two solutions, row-major.

        A cell's letter is the set of its used edges, so these are the end cells of the edges
        used by one solution only: work in the size of the difference, not of the grid (a
        100x100 pair took 60 ms letter by letter)."""
        return sorted({cell for e in self.edges ^ other.edges for cell in e})


# ---------------------------------------------------------------- text formats

def parse_puzzle(text: str, name: str = "") -> MasyuPuzzle:
    """Corpus format: ``masyu W H`` then rows of ``.`` empty, ``W`` white, ``B`` black; the
    header may end with the variant ``full`` (the loop passes through every cell)."""
    text, variants = header_variants(text, "masyu", VARIANTS)
    rows = read_grid(text, "masyu", ".WB", "'.' empty, 'W' white pearl, 'B' black pearl")
    grid = np.array([[_CHAR_TO_PEARL[ch] for ch in row] for row in rows], dtype=np.uint8)
    return MasyuPuzzle(grid, name=name, loop_full=LOOP_FULL in variants)


def format_puzzle(puzzle: MasyuPuzzle) -> str:
    rows = ["".join(_PEARL_TO_CHAR[int(v)] for v in row) for row in puzzle.pearls]
    variant = f" {LOOP_FULL}" if puzzle.loop_full else ""
    return f"masyu {puzzle.width} {puzzle.height}{variant}\n" + "\n".join(rows) + "\n"


def parse_solution(text: str) -> MasyuSolution:
    """Corpus solution format: ``masyu-solution W H`` then rows of pipe letters."""
    rows = read_grid(text, "masyu-solution", "".join(PIPES), "pipe letters - | L J 7 F and '.'")
    height, width = len(rows), len(rows[0])
    return solution_from_rows(rows, width, height)


def solution_from_rows(rows: list[str], width: int, height: int) -> MasyuSolution:
    """The edge set pipe-letter rows draw: every edge either of its cells draws, and the
    edges only one of them draws (``unmatched``). Both are kept, so that the rule checker
    names them (``leaves-grid``, ``pipe-not-joined``, ``dead-end``, ``branch``) rather than
    the reader refusing the answer."""
    edges, unmatched = pipe_edges(rows, PIPES)
    return MasyuSolution(frozenset(edges), width, height, unmatched)


def solution_from_drawing(lines: list[str], puzzle: MasyuPuzzle) -> MasyuSolution:
    """The loop of :func:`draw_ascii`'s drawing (what ``pencilsat solve`` prints)."""
    body = [line for line in lines if not line.startswith("(")]
    expected = 2 * puzzle.height + 1
    if len(body) != expected:
        raise InputError(f"a {puzzle.width}x{puzzle.height} Masyu drawing has {expected} "
                         f"lines, this one has {len(body)}",
                         hint="give the drawing exactly as pencilsat solve prints it")
    edges = set()
    for r in range(puzzle.height):
        row, below = body[1 + 2 * r], body[2 + 2 * r]
        for c in range(puzzle.width):
            if row[3 + 4 * c:6 + 4 * c] == "---":
                edges.add(edge((r, c), (r, c + 1)))
            if r + 1 < puzzle.height and below[2 + 4 * c:3 + 4 * c] == "|":
                edges.add(edge((r, c), (r + 1, c)))
    return MasyuSolution(frozenset(edges), puzzle.width, puzzle.height)


def solution_rows(solution: MasyuSolution) -> list[str]:
    """Pipe-letter rows; a cell of degree other than 0 or 2 is written '?'."""
    rows = []
    for r in range(solution.height):
        row = []
        for c in range(solution.width):
            dirs = frozenset(solution.cells_touched((r, c)))
            row.append(_DIRS_TO_PIPE.get(dirs, "?"))
        rows.append("".join(row))
    return rows


def format_solution(solution: MasyuSolution) -> str:
    return (
        f"masyu-solution {solution.width} {solution.height}\n"
        + "\n".join(solution_rows(solution))
        + "\n"
    )


# The seed's Sugar data format (masyu.pl): "; size W H" then rows of "- 0 1" tokens,
# 1 = black pearl, 0 = white pearl (checked against the seed's solution drawing).
_SUGAR_TOKEN = {"-": EMPTY, "0": WHITE, "1": BLACK}
_SUGAR_CHAR = {v: k for k, v in _SUGAR_TOKEN.items()}


def parse_sugar(text: str, name: str = "") -> MasyuPuzzle:
    """The seed's format; leading ``;`` and comment lines before ``size`` are ignored."""
    lines = [(n, line.lstrip(";").strip()) for n, line in content_lines(text)]
    start = next((i for i, (_, s) in enumerate(lines) if s.split()[:1] == ["size"]), None)
    if start is None:
        raise InputError("no '; size W H' line found",
                         hint="the seed format starts with '; size W H'")
    number, header = lines[start]
    parts = header.split()
    if len(parts) != 3:
        raise InputError(f"expected '; size W H', got {header!r}", line=number, column=1)
    width, height = parse_size(parts[1], parts[2], number, "; size")
    body = [(n, s) for n, s in lines[start + 1:] if s and s != "END" and not s.startswith("#")]
    raw = dict(content_lines(text))
    rows = []
    for n, _ in body[:height]:
        tokens = list(re.finditer(r"[^\s;]+", raw[n]))
        for token in tokens:
            if token[0] not in _SUGAR_TOKEN:
                raise InputError(f"unknown token {token[0]!r}", line=n, column=token.start() + 1,
                                 hint="write '-' empty, '0' white pearl, '1' black pearl, "
                                 "separated by spaces")
        rows.append((n, "".join(token[0] for token in tokens)))
    tail = body[height:]
    if tail:
        raise InputError("text after the last grid row", line=tail[0][0], column=1,
                         hint="end the grid after HEIGHT rows (or with '; END')")
    grid_rows = check_rows(rows, width, height, "-01",
                           "'-' empty, '0' white pearl, '1' black pearl", number + 1)
    grid = np.array([[_SUGAR_TOKEN[ch] for ch in row] for row in grid_rows], dtype=np.uint8)
    return MasyuPuzzle(grid, name=name)


def format_sugar(puzzle: MasyuPuzzle) -> str:
    if puzzle.loop_full:
        raise InputError("the seed's Sugar format has no loop-full variant",
                         hint="convert --to text or url keeps the variant")
    rows = ["; " + " ".join(_SUGAR_CHAR[int(v)] for v in row) for row in puzzle.pearls]
    return f"; size {puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"


def draw_ascii(puzzle: MasyuPuzzle, solution: MasyuSolution | None = None) -> str:
    """The seed's drawing: ``+`` lattice, ``---`` and ``|`` loop segments, ``0``/``1`` pearls."""
    used = solution.edges if solution is not None else frozenset()
    w = puzzle.width
    corner = "+" + "   +" * w
    out = ["(loop-full: the loop passes through every cell)"] if puzzle.loop_full else []
    out.append(corner)
    for r in range(puzzle.height):
        line = "  "
        for c in range(w):
            line += _SUGAR_CHAR[int(puzzle.pearls[r, c])].replace("-", "+")
            if c + 1 < w:
                line += "---" if ((r, c), (r, c + 1)) in used else "   "
        out.append(line + "  ")
        if r + 1 < puzzle.height:
            between = "+"
            for c in range(w):
                between += " | +" if ((r, c), (r + 1, c)) in used else "   +"
            out.append(between)
    out.append(corner)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- rule checker

def no_way_through(puzzle: MasyuPuzzle) -> str:
    """Why the local rules alone leave no loop: a pearl with no legal way through it, or, on
    a grid without pearls, no room for a loop (a 1x1 grid was told "a pearl cannot be
    passed")."""
    if puzzle.pearl_cells():
        return "a pearl cannot be passed"
    if puzzle.loop_full:
        return "the grid has no loop through every cell (it needs a side of at least 2)"
    return "the grid has no room for a loop (it needs at least 2x2 cells)"


def check(puzzle: MasyuPuzzle, solution: MasyuSolution) -> list[Violation]:
    """Every broken rule, each named with its cell; an empty list means the answer is valid."""
    out: list[Violation] = []
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        return [Violation("size", None, "solution and puzzle sizes differ")]
    for a, b in sorted(solution.edges):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            out.append(Violation("bad-edge", a, f"edge {a}-{b} is not between adjacent cells"))
        elif not (puzzle.inside(a) and puzzle.inside(b)):
            here = a if puzzle.inside(a) else b
            out.append(Violation("leaves-grid", here, "the loop leaves the grid here"))
    if out:
        return out
    out.extend(unmatched_violations(solution.unmatched))
    deg = solution.degree()
    for cell, count in sorted(deg.items()):
        if count == 1:
            out.append(Violation("dead-end", cell, "the line ends here"))
        elif count > 2:
            out.append(Violation("branch", cell, f"{count} line segments meet here"))
    if not solution.edges:
        out.append(Violation("no-loop", None, "no loop is drawn"))
    loops = line_pieces(solution.edges)
    if len(loops) > 1:
        for comp in loops[1:]:
            out.append(Violation("more-than-one-loop", min(comp),
                                 f"a separate line of {len(comp)} cells"))
    if puzzle.loop_full:
        touched = solution.degree()
        for cell in puzzle.cells():
            if cell not in touched:
                out.append(Violation("unvisited-cell", cell,
                                     "the loop must pass through every cell (loop-full)"))
    for cell in puzzle.pearl_cells():
        out.extend(pearl_problems(solution, cell, int(puzzle.pearls[cell])))
    return out


def pearl_problems(solution: MasyuSolution, cell: Cell, kind: int) -> list[Violation]:
    """The rules a pearl of ``kind`` on ``cell`` would break in ``solution`` (a branch or a
    dead end on it is the loop's own problem, reported by :func:`check`)."""
    dirs = solution.cells_touched(cell)
    if not dirs:
        return [Violation("unvisited-pearl", cell, "the loop does not pass this pearl")]
    if len(dirs) != 2:
        return []
    out: list[Violation] = []
    straight = dirs in ({UP, DOWN}, {LEFT, RIGHT})
    r, c = cell
    if kind == WHITE:
        if not straight:
            out.append(Violation("white-not-straight", cell, "the loop turns on a white pearl"))
        elif not any(_turns(solution, (r + d[0], c + d[1])) for d in dirs):
            out.append(Violation("white-no-turn-beside", cell,
                                 "the loop turns in neither cell beside the white pearl"))
    else:
        if straight:
            out.append(Violation("black-not-turning", cell,
                                 "the loop goes straight on a black pearl"))
        for d in sorted(dirs):
            arm = (r + d[0], c + d[1])
            if solution.cells_touched(arm) != {d, (-d[0], -d[1])}:
                out.append(Violation("black-arm-not-straight", arm,
                                     f"the arm of the black pearl at {cell} turns here"))
    return out


# ---------------------------------------------------------------- clues (the desk)

_PEARL_NAMES = {WHITE: "W", BLACK: "B"}


def given_pearls(puzzle: MasyuPuzzle) -> list[Clue]:
    """The pearls, row-major: ``W`` white, ``B`` black."""
    return [Clue(cell, _PEARL_NAMES[int(puzzle.pearls[cell])], int(puzzle.pearls[cell]))
            for cell in puzzle.pearl_cells()]


def with_pearl(puzzle: MasyuPuzzle, clue: Clue) -> MasyuPuzzle:
    """A copy of ``puzzle`` with ``clue``'s pearl on its cell (``value`` 0: none)."""
    pearls = np.array(puzzle.pearls)
    pearls[clue.cell] = clue.value
    return MasyuPuzzle(pearls, name=puzzle.name, loop_full=puzzle.loop_full)


def without_pearl(puzzle: MasyuPuzzle, clue: Clue) -> MasyuPuzzle:
    return with_pearl(puzzle, Clue(clue.cell, ".", EMPTY))


def pearls_offered(puzzle: MasyuPuzzle, solution: MasyuSolution) -> list[Clue]:
    """Every pearl one could add on an empty cell that ``solution``'s loop obeys."""
    out: list[Clue] = []
    for cell in sorted(solution.degree()):
        if puzzle.inside(cell) and not puzzle.pearls[cell]:
            out.extend(Clue(cell, name, kind) for kind, name in _PEARL_NAMES.items()
                       if not pearl_problems(solution, cell, kind))
    return out


def _turns(solution: MasyuSolution, cell: Cell) -> bool:
    dirs = solution.cells_touched(cell)
    return len(dirs) == 2 and dirs not in ({UP, DOWN}, {LEFT, RIGHT})


RULES = GenreRules(
    puzzle_type=MasyuPuzzle, solution_type=MasyuSolution,
    clues=ClueRules("pearl", given_pearls, without_pearl, with_pearl, pearls_offered),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=lambda text, puzzle: parse_solution(text),
    solution_rows=lambda puzzle, solution: solution_rows(solution),
    format_solution=lambda puzzle, solution: format_solution(solution),
    check=check, draw_text=draw_ascii, parse_drawing=solution_from_drawing,
)
