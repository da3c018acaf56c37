"""The connected pieces of a drawn line, for the loop genres' rule checkers (Masyu, Slitherlink,
Yajilin): "one loop" is broken when the line falls apart into more than one piece."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

Point = TypeVar("Point", bound=tuple[int, int])


def line_pieces(edges: Iterable[tuple[Point, Point]]) -> list[set[Point]]:
    """The points of each connected piece of ``edges`` (pairs of grid points: cells or dots),
    largest first; pieces of equal size in the order of their smallest point."""
    neighbours: dict[Point, list[Point]] = {}
    for a, b in edges:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    seen: set[Point] = set()
    pieces = []
    for start in sorted(neighbours):
        if start in seen:
            continue
        piece, stack = {start}, [start]
        while stack:
            for nxt in neighbours[stack.pop()]:
                if nxt not in piece:
                    piece.add(nxt)
                    stack.append(nxt)
        seen |= piece
        pieces.append(piece)
    pieces.sort(key=len, reverse=True)
    return pieces
