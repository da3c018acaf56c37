"""The reproducibility check every generator's tests share: one seed, one puzzle."""

from __future__ import annotations

from pencilsat.generators.order import Order


def assert_the_seed_makes_the_puzzle(genre: str, width: int, height: int) -> None:
    """Seed 4 twice gives the same puzzle and answer; seed 5 another puzzle."""
    order = Order(genre, width, height)
    first, again, other = order.make(4), order.make(4), order.make(5)
    assert first.puzzle == again.puzzle and first.solution == again.solution
    assert first.puzzle != other.puzzle
