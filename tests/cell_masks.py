"""Sets of cells of a small grid as the bits of an integer (cell ``(r, c)`` is bit
``r * width + c``): quick pre-filters for the brute-force oracles, which enumerate every
set and hand the survivors to the genre's rule checker."""

from __future__ import annotations


def side_connected(mask: int, start: int, width: int, height: int) -> bool:
    """Whether every cell of ``mask`` (bit ``r * width + c``) is side-connected to one of
    ``start`` (or ``mask`` is empty), by growing their group a step at a time over the
    bits."""
    not_left = sum(1 << (r * width) for r in range(height))
    not_right = sum(1 << (r * width + width - 1) for r in range(height))
    group = start & mask
    while True:
        grown = group | (group << width) | (group >> width)
        grown |= ((group & ~not_right) << 1) | ((group & ~not_left) >> 1)
        grown &= mask
        if grown == group:
            return group == mask
        group = grown
