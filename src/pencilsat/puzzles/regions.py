"""A grid cut into regions (Heyawake's rooms, Star Battle's, Norinori's and LITS' regions):
the numbering, each region's cells, the region of a cell, the borders between regions,
the region rows of the corpus text formats, and the lattice their text drawings share.

A region grid gives every cell a region number; regions are numbered ``0..R-1`` in order of
each region's first cell (row-major), and each region is one 4-connected area, so any
numbering of the same areas reads as the same :class:`Regions`. A cell may be outside the
puzzle (Star Battle's irregular outlines): its number is :data:`NO_REGION`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.core.values import Cell
from pencilsat.puzzles.array_value import ArrayValue
from pencilsat.puzzles.textgrid import number_rows, token_position

NO_REGION = -1
"""The region number of a cell outside the puzzle."""

_MAX_TOKEN = 7
_FAST_REGIONS = re.compile(r"[1-9]\d{0,6}(?: [1-9]\d{0,6})*", re.ASCII)
_FAST_MARKED = re.compile(r"(?:0|[1-9]\d{0,6})(?: (?:0|[1-9]\d{0,6}))*", re.ASCII)
_ZERO_TOKEN = re.compile(r"(?:^| )0(?: |$)")


def canonical_regions(labels: np.ndarray) -> np.ndarray:
    """Region numbers 0..R-1 for the 4-connected pieces of equal labels, in order of each
    piece's first cell (a label in two pieces becomes two regions); a cell labelled
    :data:`NO_REGION` stays outside.

    Vectorised (a 1000x1000 grid in a fraction of a second): each piece's cells are hooked
    to the smallest cell index of the piece by rounds of root hooking and pointer jumping;
    that smallest index is the piece's first cell, so ranking the roots numbers the regions
    in order of their first cell."""
    labels = np.asarray(labels)
    height, width = labels.shape
    index = np.arange(height * width, dtype=np.int64).reshape(height, width)
    same_row = labels[:, :-1] == labels[:, 1:]
    same_col = labels[:-1, :] == labels[1:, :]
    u = np.concatenate([index[:, :-1][same_row], index[:-1, :][same_col]])
    v = np.concatenate([index[:, 1:][same_row], index[1:, :][same_col]])
    parent = np.arange(height * width, dtype=np.int64)
    while True:
        ru, rv = parent[u], parent[v]
        apart = ru != rv
        if not apart.any():
            break
        np.minimum.at(parent, np.maximum(ru, rv)[apart], np.minimum(ru, rv)[apart])
        while True:
            jumped = parent[parent]
            if np.array_equal(jumped, parent):
                break
            parent = jumped
    inside = labels.ravel() != NO_REGION
    out = np.full(height * width, NO_REGION, dtype=np.int32)
    out[inside] = np.unique(parent[inside], return_inverse=True)[1]
    return out.reshape(height, width)


@dataclass(frozen=True, eq=False)
class Regions(ArrayValue):
    """An immutable region grid: ``ids[r, c]`` is the cell's region (0..R-1 in order of
    each region's first cell, every region 4-connected) or :data:`NO_REGION`.
    :meth:`from_labels` numbers any labelling this way."""

    ARRAYS = ("ids",)

    ids: np.ndarray

    def __post_init__(self) -> None:
        ids = np.array(self.ids, dtype=np.int32)
        if ids.ndim != 2 or ids.size == 0:
            raise ValueError("a region grid is a non-empty 2-D array")
        if not np.array_equal(ids, canonical_regions(ids)):
            raise ValueError("regions must be 4-connected and numbered 0..R-1 by first cell")
        ids.setflags(write=False)
        object.__setattr__(self, "ids", ids)

    @classmethod
    def numbered(cls, ids: np.ndarray) -> Regions:
        """The regions of an int32 grid ``ids`` its maker has built numbered as this class
        requires (every region 4-connected, ``0..R-1`` by first cell), taken as they are:
        :func:`canonical_regions`' check costs about 60 microseconds on a janko grid, a
        tenth of a Shikaku solve whose rectangles, sorted by first cell, are the numbering
        by construction (:func:`~pencilsat.encodings.shikaku_narrowing.settled_answer`).
        A caller that cannot show the numbering uses the checking constructor."""
        regions = object.__new__(cls)
        ids.setflags(write=False)
        object.__setattr__(regions, "ids", ids)
        return regions

    @classmethod
    def from_labels(cls, labels: np.ndarray) -> Regions:
        """The regions of any labelling: each 4-connected piece of equal labels is one
        region (:data:`NO_REGION` cells stay outside)."""
        return cls(canonical_regions(np.asarray(labels)))

    @property
    def count(self) -> int:
        """The number of regions."""
        return int(self.ids.max(initial=NO_REGION)) + 1

    def cells(self) -> list[list[Cell]]:
        """Each region's cells, row-major, by region number."""
        out: list[list[Cell]] = [[] for _ in range(self.count)]
        for r, row in enumerate(self.ids.tolist()):
            for c, region in enumerate(row):
                if region != NO_REGION:
                    out[region].append((r, c))
        return out

    def cells_of(self, region: int) -> list[Cell]:
        """The cells of one region, row-major."""
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.ids == region), strict=True)]

    def region_of(self, cell: Cell) -> int:
        """The region of ``cell`` (:data:`NO_REGION` outside the puzzle)."""
        return int(self.ids[cell])

    def sizes(self) -> np.ndarray:
        """The number of cells of each region, by region number."""
        return np.bincount(self.ids[self.ids != NO_REGION].ravel(), minlength=self.count)

    def border_masks(self) -> tuple[np.ndarray, np.ndarray]:
        """Where two side-by-side cells lie in different regions: ``(right, below)``,
        ``right[r, c]`` between (r, c) and (r, c+1), ``below[r, c]`` between (r, c) and
        (r+1, c)."""
        return self.ids[:, :-1] != self.ids[:, 1:], self.ids[:-1, :] != self.ids[1:, :]

    def borders(self) -> list[tuple[Cell, Cell]]:
        """Every pair of orthogonally adjacent cells in different regions: the pairs side
        by side in a row first (row-major), then those one above the other."""
        right, below = self.border_masks()
        pairs = [((int(r), int(c)), (int(r), int(c) + 1))
                 for r, c in zip(*np.nonzero(right), strict=True)]
        pairs += [((int(r), int(c)), (int(r) + 1, int(c)))
                  for r, c in zip(*np.nonzero(below), strict=True)]
        return pairs


def read_region_rows(rows: list[tuple[int, str]], width: int,
                     outside: str | None = None, noun: str = "region") -> Regions:
    """The region grid of the corpus formats: rows (with their line numbers) of ``width``
    region numbers ``1..R`` separated by spaces, and ``outside`` (e.g. ``#``) for a cell
    outside the puzzle when the genre has one. A number used for two separate pieces is an
    error at the second piece's first cell. ``noun`` is the genre's word for a region in
    the messages (Heyawake: ``room``)."""

    def value_of(token: str, line: int, column: int) -> int:
        if outside is not None and token == outside:
            return NO_REGION
        if not (token.isascii() and token.isdigit()) or len(token) > _MAX_TOKEN \
                or int(token) < 1:
            also = f", or '{outside}' outside the puzzle" if outside else ""
            raise InputError(f"unknown {noun} number {token!r}", line=line, column=column,
                             hint=f"a {noun} row holds the {noun} number 1, 2, ... of each "
                                  f"cell{also}")
        return int(token)

    labels = _fast_labels(rows, width, outside)
    if labels is None:
        labels = number_rows(rows, width, value_of)
    regions = Regions.from_labels(labels)
    _check_pieces(labels, regions.ids, rows, noun)
    return regions


def _fast_labels(rows: list[tuple[int, str]], width: int,
                 outside: str | None) -> np.ndarray | None:
    """The labels at numpy's speed when every row is plain region numbers (and the one-letter
    ``outside`` mark, read as :data:`NO_REGION`), else ``None``."""
    marked, pattern = rows, _FAST_REGIONS
    if outside is not None:
        if len(outside) != 1 or outside.isdigit() or any(_ZERO_TOKEN.search(row)
                                                          for _, row in rows):
            return None
        marked = [(line, row.replace(outside, "0")) for line, row in rows]
        pattern = _FAST_MARKED
    if not all(row.count(" ") == width - 1 and pattern.fullmatch(row) for _, row in marked):
        return None
    labels = np.fromstring(" ".join(row for _, row in marked), dtype=np.int64, sep=" ")
    if labels.size != len(rows) * width:
        return None
    labels = labels.reshape(len(rows), width)
    labels[labels == 0] = NO_REGION
    return labels


def _check_pieces(labels: np.ndarray, ids: np.ndarray, rows: list[tuple[int, str]],
                  noun: str) -> None:
    inside = ids.ravel() != NO_REGION
    cells = np.flatnonzero(inside)
    first = cells[np.unique(ids.ravel()[inside], return_index=True)[1]]
    label_of_region = labels.ravel()[first]
    seen = np.unique(label_of_region, return_index=True)[1]
    if len(seen) == len(label_of_region):
        return
    second = int(np.setdiff1d(np.arange(len(label_of_region)), seen)[0])
    r, c = divmod(int(first[second]), labels.shape[1])
    line, column = token_position(rows, r, c)
    raise InputError(f"{noun} {int(label_of_region[second])} is in two separate pieces",
                     line=line, column=column, hint=f"a {noun} is one 4-connected area; give "
                                                    f"each piece its own {noun} number")


def region_rows(regions: Regions, outside: str = "#") -> list[str]:
    """The rows :func:`read_region_rows` reads: region numbers from 1, ``outside`` for a
    cell outside the puzzle."""
    return [" ".join(outside if v == NO_REGION else str(v + 1) for v in row)
            for row in regions.ids.tolist()]


# ------------------------------------------------------------------ regions drawn as text


def draw_regions(regions: Regions, slot: Callable[[int, int], str], size: int) -> list[str]:
    """The lattice a region genre's text drawing is made of: ``+`` at every corner, ``-``
    and ``|`` along region borders (and the frame), spaces elsewhere; cell (r, c) shows
    ``slot(r, c)``, ``size`` characters. Trailing spaces are kept, so :func:`read_slots`
    finds every slot where it was drawn."""
    ids = regions.ids
    height, width = ids.shape
    lines = []
    for r in range(height + 1):
        line = "+"
        for c in range(width):
            wall = r in (0, height) or ids[r - 1, c] != ids[r, c]
            line += ("-" if wall else " ") * size + "+"
        lines.append(line)
        if r == height:
            break
        line = "|"
        for c in range(width):
            text = slot(r, c)
            if len(text) != size:
                raise ValueError(f"slot {text!r} is not {size} characters")
            line += text + ("|" if c == width - 1 or ids[r, c] != ids[r, c + 1] else " ")
        lines.append(line)
    return lines


def draw_region_tokens(regions: Regions, tokens: list[list[str]]) -> str:
    """:func:`draw_regions` with each cell's token right-aligned in a slot as wide as the
    longest (at least 1), trailing spaces cut: a region genre's whole text drawing."""
    size = max(1, max(len(t) for row in tokens for t in row))
    lines = draw_regions(regions, lambda r, c: tokens[r][c].rjust(size), size)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def read_slots(lines: list[str], width: int, height: int, genre: str) -> list[list[str]]:
    """The slot of each cell in :func:`draw_regions`' lattice (``lines``: the drawing from
    its first ``+`` line; a line cut short of its trailing spaces reads as spaces);
    an :class:`InputError` when the drawing does not have the grid's lines."""
    expected = 2 * height + 1
    if len(lines) != expected or not lines[0].startswith("+") or lines[0].count("+") != width + 1:
        raise InputError(f"a {width}x{height} {genre} drawing has {expected} lines, the first "
                         f"with {width + 1} '+'; this one has {len(lines)} lines",
                         hint="give the drawing exactly as pencilsat solve prints it")
    step = lines[0].find("+", 1)
    size = step - 1
    out = []
    for r in range(height):
        line = lines[2 * r + 1].ljust(width * step + 1)
        out.append([line[c * step + 1:c * step + 1 + size] for c in range(width)])
    return out


def read_drawn_regions(lines: list[str], width: int, height: int, genre: str) -> Regions:
    """The regions of a :func:`draw_regions` drawing (``lines`` from its first ``+`` line,
    checked by :func:`read_slots`): two neighbouring cells are joined where no ``|`` or
    ``-`` stands between them (a mark drawn over the lattice, as a Galaxies centre, is no
    border)."""
    read_slots(lines, width, height, genre)
    step = lines[0].find("+", 1)
    padded = [line.ljust(width * step + 1) for line in lines]
    parent = list(range(width * height))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for r in range(height):
        for c in range(width):
            if c + 1 < width and padded[2 * r + 1][(c + 1) * step] != "|":
                parent[root(r * width + c + 1)] = root(r * width + c)
            if r + 1 < height and padded[2 * r + 2][c * step + 1] != "-":
                parent[root((r + 1) * width + c)] = root(r * width + c)
    labels = np.array([root(k) for k in range(width * height)]).reshape(height, width)
    return Regions.from_labels(labels)


class OnRegions:
    """A value drawn on a grid of ``regions`` (a puzzle or an answer): its width and height
    are the regions'."""

    regions: Regions

    @property
    def width(self) -> int:
        return self.regions.width

    @property
    def height(self) -> int:
        return self.regions.height
