"""Hashiwokakero (橋をかけろ, Bridges): grid model, corpus text formats and a rule checker.

Rules: draw bridges between islands (the numbered cells) along rows and columns, at most two
between a pair of islands, never crossing another bridge or an island; each island has as
many bridges as its number; all islands are connected by the bridges.

The puzzle text is ``hashi W H`` then H rows of W characters (``.`` water, ``1``-``8`` an
island, ``?`` an island whose number is not given, as pzprjs allows: any number of bridges);
the solution ``hashi-solution W H`` then rows with the islands copied and, on
water, ``.`` no bridge, ``-`` / ``=`` one / two horizontal bridges, ``|`` / ``H`` one / two
vertical bridges. A bridge puts its symbol in every cell between its two islands, so two
islands side by side could carry no visible bridge: the model refuses them (no corpus
puzzle has any).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.rules import Clue, ClueRules, GenreRules
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.textgrid import check_rows, content_lines, read_grid

WATER = 0
UNKNOWN = -1
"""An island whose number is not given (``?``): any number of bridges."""
LARGEST = 8
"""Island numbers are 1..8: four directions, at most two bridges each."""
SYMBOLS = ".-=|H"
"""Solution codes 0..4: no bridge, one / two horizontal, one / two vertical."""
NONE, H1, H2, V1, V2 = range(5)
_PUZZLE_ALPHABET = ".?" + "".join(str(n) for n in range(1, LARGEST + 1))


def island_char(number: int) -> str:
    """An island's character: its digit, ``?`` for UNKNOWN."""
    return "?" if number == UNKNOWN else str(number)


def count_of(code: int) -> int:
    """Bridges a solution code stands for (0, 1 or 2)."""
    return (0, 1, 2, 1, 2)[code]


def is_horizontal(code: int) -> bool:
    return code in (H1, H2)


def is_vertical(code: int) -> bool:
    return code in (V1, V2)


@dataclass(frozen=True, eq=False)
class HashiPuzzle(ArrayValue):
    """An immutable Hashiwokakero grid: ``numbers[r, c]`` is WATER (0), an island's number
    1..8 or UNKNOWN (-1, a ``?`` island)."""

    ARRAYS = ("numbers",)

    numbers: np.ndarray
    name: str = field(default="", compare=False)

    genre = "hashi"

    def __post_init__(self) -> None:
        arr = np.array(self.numbers, dtype=np.int32)
        if arr.ndim != 2 or arr.size == 0:
            raise ValueError("a Hashiwokakero grid is a non-empty 2-D array")
        if arr.min() < UNKNOWN or arr.max() > LARGEST:
            raise ValueError(f"cell values are WATER (0), UNKNOWN (-1) or island numbers "
                             f"1..{LARGEST}")
        arr.setflags(write=False)
        object.__setattr__(self, "numbers", arr)

    def islands(self) -> list[tuple[Cell, int | None]]:
        """Islands, row-major, each with its number (``None`` for ``?``)."""
        rows, cols = np.nonzero(self.numbers)
        values = self.numbers[rows, cols].tolist()
        return [((r, c), None if v == UNKNOWN else v)
                for r, c, v in zip(rows.tolist(), cols.tolist(), values, strict=True)]


@dataclass(frozen=True, eq=False)
class HashiSolution(ArrayValue):
    """A Hashiwokakero answer: ``bridges[r, c]`` is a code of :data:`SYMBOLS` on water (0 on
    islands) and ``islands[r, c]`` the island number shown there (0 on water)."""

    ARRAYS = ("bridges", "islands")

    bridges: np.ndarray
    islands: np.ndarray

    genre = "hashi"

    def __post_init__(self) -> None:
        for name in ("bridges", "islands"):
            arr = np.array(getattr(self, name), dtype=np.int8)
            if arr.ndim != 2:
                raise ValueError("a Hashiwokakero solution is two 2-D arrays")
            arr.setflags(write=False)
            object.__setattr__(self, name, arr)
        if self.bridges.shape != self.islands.shape:
            raise ValueError("bridges and islands must have one shape")

    def differing_cells(self, other: HashiSolution) -> list[Cell]:
        """Water cells, row-major, whose bridge differs between the two answers."""
        return [(int(r), int(c))
                for r, c in zip(*np.nonzero(self.bridges != other.bridges), strict=True)]


# ------------------------------------------------------------------ text formats


def parse_puzzle(text: str, name: str = "") -> HashiPuzzle:
    """Corpus format: ``hashi W H`` then H rows of W characters, ``.``, 1-8 or ``?``."""
    rows = read_grid(text, "hashi", _PUZZLE_ALPHABET,
                     "'.' water, '1'-'8' an island, '?' an island without a number")
    codes = np.frombuffer("".join(rows).encode("ascii"), dtype=np.uint8)
    numbers = _VALUES[codes].reshape(len(rows), len(rows[0]))
    side_by_side = adjacent_islands(numbers)
    if side_by_side is not None:
        (r, c), other = side_by_side
        raise InputError(f"the islands at row {other[0] + 1}, column {other[1] + 1} and row "
                         f"{r + 1}, column {c + 1} are side by side",
                         line=content_lines(text)[1 + r][0], column=c + 1,
                         hint="a bridge between neighbouring islands cannot be drawn in the "
                              "solution grid; leave a water cell between islands")
    return HashiPuzzle(numbers, name=name)


_VALUES = np.zeros(128, dtype=np.int32)
"""Each puzzle character's value, looked up for the whole grid at once (a 1000x1000 grid is
read in 0.2 s instead of 0.8 s cell by cell)."""
for _ch in _PUZZLE_ALPHABET:
    _VALUES[ord(_ch)] = WATER if _ch == "." else UNKNOWN if _ch == "?" else int(_ch)


def _value(ch: str) -> int:
    return WATER if ch == "." else UNKNOWN if ch == "?" else int(ch)


def adjacent_islands(numbers: np.ndarray) -> tuple[Cell, Cell] | None:
    """The first island (row-major) with an island just left of or above it, and that
    island; ``None`` when no two islands touch."""
    land = np.asarray(numbers) != WATER
    right = land[:, 1:] & land[:, :-1]
    down = land[1:, :] & land[:-1, :]
    hits = [((int(r), int(c) + 1), (int(r), int(c))) for r, c in zip(*np.nonzero(right),
                                                                     strict=True)]
    hits += [((int(r) + 1, int(c)), (int(r), int(c))) for r, c in zip(*np.nonzero(down),
                                                                     strict=True)]
    return min(hits) if hits else None


def format_puzzle(puzzle: HashiPuzzle) -> str:
    rows = ["".join("." if v == WATER else island_char(int(v)) for v in row)
            for row in puzzle.numbers]
    return f"hashi {puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"


def parse_solution(text: str, puzzle: HashiPuzzle | None = None) -> HashiSolution:
    """Corpus solution format, also the rows ``solve --json`` writes under the same header:
    ``hashi-solution W H`` then rows of islands (digits) and ``.-=|H``."""
    rows = read_grid(text, "hashi-solution", _SOLUTION_ALPHABET, _SOLUTION_WHAT)
    return solution_from_rows(rows)


_SOLUTION_ALPHABET = SYMBOLS + _PUZZLE_ALPHABET[1:]
_SOLUTION_WHAT = ("'1'-'8' or '?' an island, '.' water, '-' '=' one/two horizontal bridges, "
                  "'|' 'H' one/two vertical bridges")


def solution_from_rows(rows: list[str]) -> HashiSolution:
    """Rows of the solution grid to a solution."""
    if not rows:
        raise InputError("no rows given")
    bridges = [[SYMBOLS.index(ch) if ch in SYMBOLS else NONE for ch in row] for row in rows]
    islands = [[WATER if ch in SYMBOLS else _value(ch) for ch in row] for row in rows]
    return HashiSolution(np.array(bridges, dtype=np.int8), np.array(islands, dtype=np.int8))


def solution_from_drawing(lines: list[str], puzzle: HashiPuzzle) -> HashiSolution:
    """The bridges of :func:`draw_text`'s drawing (what ``pencilsat solve`` prints)."""
    rows = [line.strip() for line in lines]
    if len(rows) != puzzle.height or any(len(row) != puzzle.width for row in rows):
        raise InputError(f"a {puzzle.width}x{puzzle.height} Hashiwokakero drawing has "
                         f"{puzzle.height} rows of {puzzle.width} characters",
                         hint="give the drawing exactly as pencilsat solve prints it")
    checked = check_rows(list(enumerate(rows, start=1)), puzzle.width, puzzle.height,
                         _SOLUTION_ALPHABET, _SOLUTION_WHAT, first_line=1)
    return solution_from_rows(checked)


def solution_rows(puzzle: HashiPuzzle | None, solution: HashiSolution) -> list[str]:
    return ["".join(island_char(int(n)) if n else SYMBOLS[int(b)]
                    for b, n in zip(brow, nrow, strict=True))
            for brow, nrow in zip(solution.bridges, solution.islands, strict=True)]


def format_solution(puzzle: HashiPuzzle | None, solution: HashiSolution) -> str:
    return (f"hashi-solution {solution.width} {solution.height}\n"
            + "\n".join(solution_rows(puzzle, solution)) + "\n")


def draw_text(puzzle: HashiPuzzle, solution: HashiSolution | None = None) -> str:
    """The solution grid (islands as digits, bridges as ``-=|H``), or the puzzle's rows."""
    if solution is None or solution.bridges.shape != puzzle.numbers.shape:
        return format_puzzle(puzzle).split("\n", 1)[1]
    shown = HashiSolution(np.where(puzzle.numbers != WATER, NONE, solution.bridges),
                          puzzle.numbers)
    return "\n".join(solution_rows(puzzle, shown)) + "\n"


# ------------------------------------------------------------------ the rule checker


_LEFT, _RIGHT, _UP, _DOWN = (0, -1), (0, 1), (-1, 0), (1, 0)


def check(puzzle: HashiPuzzle, solution: HashiSolution) -> list[Violation]:
    """Every broken rule, named with its cell; an empty list means the answer is valid.

    Works on the solution grid alone (never on the encoding): runs of bridge symbols must be
    straight and end at an island at both ends; each island's bridges add up to its number;
    the islands joined by bridges form one group."""
    if solution.bridges.shape != puzzle.numbers.shape:
        return [Violation("size", None, f"the solution is {solution.width}x{solution.height}, "
                                        f"the puzzle {puzzle.width}x{puzzle.height}")]
    numbers, bridges = puzzle.numbers, solution.bridges
    height, width = numbers.shape
    out: list[Violation] = []
    for r, c in zip(*np.nonzero(solution.islands != numbers), strict=True):
        shown, given = int(solution.islands[r, c]), int(numbers[r, c])
        out.append(Violation("islands-differ", (int(r), int(c)),
                             f"the solution shows {island_char(shown) if shown else 'water'}, "
                             f"the puzzle has {island_char(given) if given else 'water'}"))

    def at(cell: Cell) -> int | None:
        """The code at ``cell``; -1 on an island, ``None`` off the grid."""
        r, c = cell
        if not (0 <= r < height and 0 <= c < width):
            return None
        return -1 if numbers[r, c] != WATER else int(bridges[r, c])

    for r, c in zip(*np.nonzero(bridges), strict=True):
        cell, code = (int(r), int(c)), int(bridges[r, c])
        if numbers[cell] != WATER:
            out.append(Violation("bridge-on-island", cell, "an island cell carries a bridge"))
            continue
        for dr, dc in ((_LEFT, _RIGHT) if is_horizontal(code) else (_UP, _DOWN)):
            next_cell = (cell[0] + dr, cell[1] + dc)
            beyond = at(next_cell)
            if beyond is None:
                out.append(Violation("bridge-open-end", cell,
                                     f"the bridge {SYMBOLS[code]!r} here runs off the grid"))
            elif beyond != -1 and beyond != code:
                out.append(Violation("bridge-open-end", cell,
                                     f"the bridge {SYMBOLS[code]!r} here goes on into row "
                                     f"{next_cell[0]}, column {next_cell[1]}, which holds "
                                     f"{SYMBOLS[beyond]!r}, not an island or the same bridge"))
    totals = bridge_totals(puzzle, solution)
    for cell, number in puzzle.islands():
        if number is not None and totals[cell] != number:
            out.append(Violation("island-bridges", cell,
                                 f"the number says {number}, the island has {totals[cell]} "
                                 "bridges"))
    groups = island_groups(puzzle, solution)
    if len(groups) > 1:
        largest = max(range(len(groups)), key=lambda i: len(groups[i]))
        for i, group in enumerate(groups):
            if i != largest:
                out.append(Violation("islands-not-connected", group[0],
                                     f"these {len(group)} islands are cut off from the other "
                                     f"{len(groups[largest])}"))
    return out


def bridge_totals(puzzle: HashiPuzzle, solution: HashiSolution) -> dict[Cell, int]:
    """How many bridges end at each island in ``solution`` (its bridge symbols next to the
    island, in the island's row or column)."""
    numbers, bridges = puzzle.numbers, solution.bridges
    height, width = numbers.shape
    totals = {}
    for cell, _ in puzzle.islands():
        total = 0
        for (dr, dc), vertical in ((_LEFT, False), (_RIGHT, False), (_UP, True), (_DOWN, True)):
            r, c = cell[0] + dr, cell[1] + dc
            if 0 <= r < height and 0 <= c < width and numbers[r, c] == WATER:
                code = int(bridges[r, c])
                if code > 0 and is_vertical(code) == vertical:
                    total += count_of(code)
        totals[cell] = total
    return totals


def given_numbers(puzzle: HashiPuzzle) -> list[Clue]:
    """The islands' numbers (not ``?``), row-major."""
    return [Clue(cell, str(number), number) for cell, number in puzzle.islands()
            if number is not None]


def with_number(puzzle: HashiPuzzle, clue: Clue) -> HashiPuzzle:
    """A copy of ``puzzle`` with ``clue.value`` on the island at ``clue.cell``
    (``UNKNOWN``: ``?``)."""
    numbers = np.array(puzzle.numbers)
    numbers[clue.cell] = clue.value
    return HashiPuzzle(numbers, name=puzzle.name)


def without_number(puzzle: HashiPuzzle, clue: Clue) -> HashiPuzzle:
    return with_number(puzzle, Clue(clue.cell, "?", UNKNOWN))


def numbers_offered(puzzle: HashiPuzzle, solution: HashiSolution) -> list[Clue]:
    """For each ``?`` island, its bridge count in ``solution`` (islands cannot be added:
    they would change where bridges may run)."""
    totals = bridge_totals(puzzle, solution)
    return [Clue(cell, str(totals[cell]), totals[cell])
            for cell, number in puzzle.islands() if number is None]


def island_groups(puzzle: HashiPuzzle, solution: HashiSolution) -> list[list[Cell]]:
    """The islands joined by complete bridges (a run of one symbol from island to island),
    each group row-major, ordered by its first island."""
    numbers, bridges = puzzle.numbers, solution.bridges
    height, width = numbers.shape
    links: dict[Cell, list[Cell]] = {cell: [] for cell, _ in puzzle.islands()}
    for (r, c) in links:
        for (dr, dc), codes in ((_RIGHT, (H1, H2)), (_DOWN, (V1, V2))):
            nr, nc = r + dr, c + dc
            code = int(bridges[nr, nc]) if nr < height and nc < width else NONE
            if code not in codes or numbers[nr, nc] != WATER:
                continue
            while nr < height and nc < width and numbers[nr, nc] == WATER \
                    and bridges[nr, nc] == code:
                nr, nc = nr + dr, nc + dc
            if nr < height and nc < width and numbers[nr, nc] != WATER:
                links[(r, c)].append((nr, nc))
                links[(nr, nc)].append((r, c))
    seen: set[Cell] = set()
    groups = []
    for start in links:
        if start in seen:
            continue
        seen.add(start)
        group, stack = [], [start]
        while stack:
            cell = stack.pop()
            group.append(cell)
            for other in links[cell]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        groups.append(sorted(group))
    return groups


def odd_total(puzzle: HashiPuzzle) -> str | None:
    """Every bridge adds 2 to the islands' total, so an odd total has no solution (when
    every number is given)."""
    total = int(puzzle.numbers.sum())
    if total % 2 and not (puzzle.numbers == UNKNOWN).any():
        return f"the island numbers add up to {total}, an odd number; every bridge counts twice"
    return None


RULES = GenreRules(
    puzzle_type=HashiPuzzle, solution_type=HashiSolution,
    clues=ClueRules("number", given_numbers, without_number, with_number, numbers_offered,
                    removal="its number dropped (made ?): the island stays, every answer too"),
    parse_puzzle=parse_puzzle, format_puzzle=format_puzzle,
    parse_solution=parse_solution, solution_rows=solution_rows,
    format_solution=format_solution, check=check, draw_text=draw_text,
    why_none=odd_total, parse_drawing=solution_from_drawing,
)
