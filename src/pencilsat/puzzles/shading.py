"""The answer of a shading genre (Nurikabe, Heyawake, Hitori, Kurodoko, Norinori, LITS, ...):
which cells are shaded, immutable, compared and hashed by value, with the cells where two
answers differ; its text format (rows of ``#`` shaded and ``.`` unshaded under
``<genre>-solution W H``, :class:`ShadedFormat`); and the rule-checker pieces every shading
genre shares, each returning :class:`~pencilsat.core.values.Violation` values naming a cell:
4-connected regions, touching cells, 2x2 blocks, a colour not connected."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Generic, TypeVar

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell, Violation
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.textgrid import read_grid


@dataclass(frozen=True, eq=False)
class ShadedSolution(ArrayValue):
    """``shaded[r, c]`` is True for a shaded cell; a genre subclasses it to name itself."""

    ARRAYS: ClassVar[tuple[str, ...]] = ("shaded",)

    shaded: np.ndarray

    genre: ClassVar[str] = ""

    def __post_init__(self) -> None:
        arr = np.array(self.shaded, dtype=bool)
        if arr.ndim != 2:
            raise ValueError(f"a {type(self).__name__} is a 2-D array")
        arr.setflags(write=False)
        object.__setattr__(self, "shaded", arr)

    def differing_cells(self, other: ShadedSolution) -> list[Cell]:
        """Cells, row-major, shaded in one answer and not in the other."""
        return [(int(r), int(c))
                for r, c in zip(*np.nonzero(self.shaded != other.shaded), strict=True)]


_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def regions(mask: np.ndarray) -> list[list[Cell]]:
    """The 4-connected regions of the True cells of ``mask``, each row-major, ordered by
    their first cell."""
    height, width = mask.shape
    seen = np.zeros_like(mask, dtype=bool)
    out = []
    for r, c in zip(*np.nonzero(mask), strict=True):
        if seen[r, c]:
            continue
        seen[r, c] = True
        stack, region = [(int(r), int(c))], []
        while stack:
            cell = stack.pop()
            region.append(cell)
            for dr, dc in _STEPS:
                nr, nc = cell[0] + dr, cell[1] + dc
                if 0 <= nr < height and 0 <= nc < width and mask[nr, nc] and not seen[nr, nc]:
                    seen[nr, nc] = True
                    stack.append((nr, nc))
        out.append(sorted(region))
    return out


# ------------------------------------------------------------------ the answer's text format

S = TypeVar("S", bound=ShadedSolution)


class ShadedFormat(Generic[S]):
    """The ``#``/``.`` answer format of one genre: ``<tag> W H`` then H rows of W
    characters, ``#`` shaded and ``.`` unshaded (the corpus solution files, and the rows
    ``solve --json`` writes). Its methods have :class:`~pencilsat.core.rules.GenreRules`'
    signatures: ``RULES = GenreRules(parse_solution=FORMAT.parse_solution,
    solution_rows=FORMAT.solution_rows, format_solution=FORMAT.format_solution, ...)``."""

    def __init__(self, tag: str, solution_type: type[S]) -> None:
        self.tag = tag
        self.solution_type = solution_type

    def parse_solution(self, text: str, puzzle: object = None) -> S:
        """The solution in ``text`` (``<tag> W H`` and the rows)."""
        return self.from_rows(read_grid(text, self.tag, "#.", "'#' shaded, '.' unshaded"))

    def from_rows(self, rows: list[str]) -> S:
        """Rows of ``#`` / ``.`` to a solution."""
        if not rows:
            raise InputError("no rows given")
        return self.solution_type(np.array([[ch == "#" for ch in row] for row in rows],
                                           dtype=bool))

    def solution_rows(self, puzzle: object, solution: S) -> list[str]:
        """The solution's rows of ``#`` / ``.``."""
        return ["".join("#" if v else "." for v in row) for row in solution.shaded.tolist()]

    def format_solution(self, puzzle: object, solution: S) -> str:
        """The whole solution text, header and rows."""
        return (f"{self.tag} {solution.width} {solution.height}\n"
                + "\n".join(self.solution_rows(puzzle, solution)) + "\n")


# ------------------------------------------------------------------ rule-checker pieces


def touching(mask: np.ndarray, kind: str, noun: str,
             diagonal: bool = False) -> list[Violation]:
    """One violation per pair of True cells of ``mask`` that share an edge (and, with
    ``diagonal``, a corner), at the pair's first cell: Heyawake's and Hitori's shaded cells,
    Star Battle's stars, Tents' tents. ``noun`` names a cell in the message."""
    mask = np.asarray(mask, dtype=bool)
    out = []
    steps = [((0, 1), "the one to its right"), ((1, 0), "the one below it")]
    if diagonal:
        steps += [((1, 1), "the one below right"), ((1, -1), "the one below left")]
    height, width = mask.shape
    for (dr, dc), where in steps:
        c0, c1 = max(0, -dc), width - max(0, dc)
        a = mask[:height - dr, c0:c1]
        b = mask[dr:, c0 + dc:c1 + dc]
        share = "share an edge" if dr == 0 or dc == 0 else "touch at a corner"
        for r, c in zip(*np.nonzero(a & b), strict=True):
            out.append(Violation(kind, (int(r), int(c) + c0),
                                 f"this {noun} and {where} {share}"))
    return out


def full_blocks(mask: np.ndarray, kind: str, noun: str) -> list[Violation]:
    """One violation per 2x2 block whose four cells are all True in ``mask``, at its
    top-left cell: Nurikabe's shaded 2x2, LITS' and Norinori's, an unshaded 2x2 (pass
    ``~shaded``). ``noun`` names the cells (``shaded``, ``unshaded``)."""
    mask = np.asarray(mask, dtype=bool)
    square = mask[:-1, :-1] & mask[1:, :-1] & mask[:-1, 1:] & mask[1:, 1:]
    return [Violation(kind, (int(r), int(c)), f"this cell and its right, lower and "
                                              f"lower-right neighbours are all {noun}")
            for r, c in zip(*np.nonzero(square), strict=True)]


def not_connected(mask: np.ndarray, kind: str, noun: str) -> list[Violation]:
    """When the True cells of ``mask`` are not 4-connected: one violation per region but
    the largest, at its first cell ("these 3 unshaded cells are cut off from the other
    40"). Heyawake's and Hitori's unshaded cells, Nurikabe's wall."""
    pieces = regions(np.asarray(mask, dtype=bool))
    if len(pieces) < 2:
        return []
    largest = max(range(len(pieces)), key=lambda i: len(pieces[i]))
    return [Violation(kind, piece[0], f"these {len(piece)} {noun} cells are cut off from "
                                      f"the other {len(pieces[largest])}")
            for i, piece in enumerate(pieces) if i != largest]


def one_region(mask: np.ndarray) -> bool:
    """Whether the True cells of ``mask`` are 4-connected (none: they are), by
    :func:`bits_connected` on :func:`packed`."""
    height, width = mask.shape
    return bits_connected(packed(mask), width, height)


def packed(mask: np.ndarray) -> int:
    """The True cells of ``mask`` as the bits of one integer, rows ``W + 1`` bits apart
    (the spare bit keeps a row's ends apart): bit ``r * (W + 1) + c`` is cell ``(r, c)``."""
    height, width = mask.shape
    padded = np.zeros((height, width + 1), dtype=bool)
    padded[:, :width] = mask
    return int.from_bytes(np.packbits(padded.ravel(), bitorder="little").tobytes(), "little")


@lru_cache(maxsize=64)
def all_cells(width: int, height: int) -> int:
    """Every cell of a ``width`` x ``height`` grid in :func:`packed`'s layout."""
    row = (1 << width) - 1
    return sum(row << (r * (width + 1)) for r in range(height))


def apart_and_rest_connected(shaded: np.ndarray) -> bool:
    """Whether no two True cells of ``shaded`` share an edge and the False ones are
    4-connected: Hitori's and Heyawake's shading rules, on one :func:`packed` integer."""
    height, width = shaded.shape
    bits = packed(shaded)
    if bits & (bits >> 1) or bits & (bits >> (width + 1)):
        return False
    return bits_connected(all_cells(width, height) ^ bits, width, height)


def bits_connected(cells: int, width: int, height: int) -> bool:
    """Whether the set bits of ``cells`` (:func:`packed`'s layout) are 4-connected, grown
    from the middle cell (else the first) one step in the four directions at a time."""
    stride = width + 1
    middle = 1 << (height // 2 * stride + width // 2)  # fewer steps from there
    reach = middle if cells & middle else cells & -cells
    while True:
        grown = (reach | reach << 1 | reach >> 1 | reach << stride | reach >> stride) & cells
        if grown == reach:
            return reach == cells
        reach = grown


def size_mismatch(puzzle_shape: tuple[int, ...], solution: ShadedSolution) -> list[Violation]:
    """The one violation of an answer whose grid is not the puzzle's size (empty when it
    is): a rule checker returns it before looking at any rule."""
    if solution.shaded.shape == tuple(puzzle_shape):
        return []
    height, width = puzzle_shape[:2]
    return [Violation("size", None, f"the solution is {solution.width}x{solution.height}, "
                                    f"the puzzle {width}x{height}")]
