"""The sizes a generator draws, as the refusal its spec hands to the makers
(``ClueGenre.refuse``, ``StructureGenre.refuse``: ``refuse(width, height) -> str | None``,
the reason a size is not made, ``None`` when it is). Most generators bound the sides in one
of two ways: a range both sides lie in, or a smallest side."""

from __future__ import annotations

from collections.abc import Callable

Refusal = Callable[[int, int], "str | None"]


def sides_within(sides: range, note: str = "") -> Refusal:
    """Both sides in ``sides``; ``note`` is added to the reason, in brackets."""
    reason = f"width and height are {sides[0]} to {sides[-1]}" + (f" ({note})" if note else "")

    def refuse_size(width: int, height: int) -> str | None:
        return None if width in sides and height in sides else reason

    return refuse_size


def smallest_side(side: int) -> Refusal:
    """Both sides at least ``side``."""

    def refuse_size(width: int, height: int) -> str | None:
        if min(width, height) < side:
            return f"width and height must be at least {side}"
        return None

    return refuse_size
