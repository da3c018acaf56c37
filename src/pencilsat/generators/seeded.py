"""The random stream of a generator seed: every integer its own stream.

``random.Random(n)`` seeds the Mersenne Twister with the words of ``abs(n)``, so ``-5`` and
``5`` gave one stream (and one puzzle). Seeds of 0 and above keep that stream (tests and docs
pin their puzzles). A negative seed is seeded with the text ``"pencilsat seed -5"``, which
Python turns into an integer through SHA-512 (``version=2``, reproducible across versions),
so its state differs from ``abs(n)``'s everywhere; and then the top bit of the state's first
word is cleared. Seeding by any integer sets that word to ``0x80000000`` (``init_by_array``),
so no seed of 0 or above, however large, has a negative seed's state, and two negative seeds
differ by their texts.
"""

from __future__ import annotations

import random

_TOP_BIT_CLEARED = 0
"""The first state word of a negative seed (an integer's seeding leaves ``0x80000000``)."""


def seeded_random(seed: int | None) -> random.Random:
    """The generator stream of ``seed`` (``None``: one drawn from the system)."""
    if seed is None or seed >= 0:
        return random.Random(seed)
    rng = random.Random(f"pencilsat seed {seed}")
    version, state, gauss = rng.getstate()
    rng.setstate((version, (_TOP_BIT_CLEARED, *state[1:]), gauss))
    return rng
