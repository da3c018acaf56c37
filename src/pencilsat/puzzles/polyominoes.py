"""Polyominoes as sets of cells: a shape's name up to rotation and reflection, and the
placements of named shapes inside a set of cells (LITS' tetrominoes in a region; any genre
that places free polyominoes, such as Statue Park, can use the same two functions)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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
    shape = list(cells)
    out: list[Shape] = []
    for _ in range(2):
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            moved = normalised(shape)
            if moved not in out:
                out.append(moved)
        shape = [(r, -c) for r, c in shape]
    return out


def canonical(cells: Iterable[Cell]) -> Shape:
    """One representative of ``cells``' shape under rotation and reflection (the smallest
    orientation by sorted cells), so two free polyominoes are alike when these are equal."""
    return min(orientations(cells), key=sorted)


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
    (letter, its cells row-major), in the order of the letters, then of the orientations,
    then of the first cell."""
    inside = set(cells)
    out = []
    for letter, shape in shapes.items():
        for form in orientations(shape):
            first = min(form)
            for r, c in sorted(inside):
                dr, dc = r - first[0], c - first[1]
                moved = sorted((a + dr, b + dc) for a, b in form)
                if all(cell in inside for cell in moved):
                    out.append((letter, moved))
    return out
