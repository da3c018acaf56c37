"""Polyominoes as sets of cells: a shape's name up to rotation and reflection, and the
placements of named shapes inside a set of cells (LITS' tetrominoes in a region; any genre
that places free polyominoes, such as Statue Park, can use the same two functions)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

import numpy as np

from pencilsat.core.clock import check_clock
from pencilsat.core.values import Cell

Shape = frozenset[Cell]
"""Cells moved so that the smallest row and the smallest column are 0."""


def normalised(cells: Iterable[Cell]) -> Shape:
    """``cells`` moved to touch row 0 and column 0."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def orientations(cells: Iterable[Cell]) -> list[Shape]:
    """The distinct shapes of ``cells`` turned and mirrored (up to 8), in a fixed order."""
    return list(_orientations(normalised(cells)))


@functools.cache
def _orientations(shape: Shape) -> tuple[Shape, ...]:
    """:func:`orientations` of a normalised shape, kept: a grid asks for the same few."""
    turned = list(shape)
    out: list[Shape] = []
    for _ in range(2):
        for _ in range(4):
            turned = [(c, -r) for r, c in turned]
            moved = normalised(turned)
            if moved not in out:
                out.append(moved)
        turned = [(r, -c) for r, c in turned]
    return tuple(out)


def canonical(cells: Iterable[Cell]) -> Shape:
    """One representative of ``cells``' shape under rotation and reflection (the smallest
    orientation by sorted cells), so two free polyominoes are alike when these are equal."""
    return _canonical(normalised(cells))


@functools.cache
def _canonical(shape: Shape) -> Shape:
    return min(_orientations(shape), key=sorted)


TETROMINOES: Mapping[str, Shape] = {
    "L": canonical([(0, 0), (1, 0), (2, 0), (2, 1)]),
    "I": canonical([(0, 0), (0, 1), (0, 2), (0, 3)]),
    "T": canonical([(0, 0), (0, 1), (0, 2), (1, 1)]),
    "S": canonical([(0, 1), (0, 2), (1, 0), (1, 1)]),
    "O": canonical([(0, 0), (0, 1), (1, 0), (1, 1)]),
}
"""The five free tetrominoes by their letter, each as :func:`canonical` gives it."""


def letter_of(cells: Iterable[Cell], shapes: Mapping[str, Shape] = TETROMINOES) -> str | None:
    """The letter of the shape ``cells`` form, or ``None`` when it is none of ``shapes``."""
    key = canonical(cells)
    return next((letter for letter, shape in shapes.items() if shape == key), None)


def placements(cells: Iterable[Cell], shapes: Mapping[str, Shape]) -> list[tuple[str, list[Cell]]]:
    """Every placement of the named shapes (turned and mirrored) that lies inside ``cells``:
    (letter, its cells row-major)."""
    inside = list(cells)
    if not inside:
        return []
    top, left = min(r for r, _ in inside), min(c for _, c in inside)
    ids = np.full((max(r for r, _ in inside) - top + 1, max(c for _, c in inside) - left + 1),
                  -1, dtype=np.int64)
    for r, c in inside:
        ids[r - top, c - left] = 0
    return [(letter, [(r + top, c + left) for r, c in placed])
            for letter, placed in region_placements(ids, shapes)[0]]


def region_placements(ids: np.ndarray, shapes: Mapping[str, Shape],
                      deadline: float | None = None) -> list[list[tuple[str, list[Cell]]]]:
    """Per region of the grid ``ids`` (regions ``0..R-1``, a negative number outside every
    region), every placement of the named shapes (turned and mirrored) inside it: (letter,
    its cells row-major), by letter, orientation and place. One numpy comparison per
    orientation finds them in all regions at once; ``TimeLimitReached`` once ``deadline``
    (a ``perf_counter`` time) has passed."""
    ids = np.asarray(ids)
    height, width = ids.shape
    out: list[list[tuple[str, list[Cell]]]] = [[] for _ in range(int(ids.max(initial=-1)) + 1)]
    for letter, shape in shapes.items():
        for form in _orientations(shape):
            check_clock(deadline)
            cells = sorted(form)
            rows = height - max(r for r, _ in cells)
            cols = width - max(c for _, c in cells)
            if rows <= 0 or cols <= 0:
                continue
            base = ids[cells[0][0]:cells[0][0] + rows, cells[0][1]:cells[0][1] + cols]
            fits = base >= 0
            for dr, dc in cells[1:]:
                fits &= ids[dr:dr + rows, dc:dc + cols] == base
            at = np.argwhere(fits)
            placed = np.stack([at + np.array(cell) for cell in cells], axis=1).tolist()
            for region, where in zip(base[fits].tolist(), placed, strict=True):
                out[region].append((letter, [(r, c) for r, c in where]))
    return out
