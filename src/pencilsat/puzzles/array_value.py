"""Value semantics for the puzzles and answers held in numpy arrays: two are equal when they
are of the same class and their listed arrays are equal, they hash by those arrays' bytes, and
the first array gives the grid's height and width. A genre's frozen dataclass (``eq=False``)
names its arrays in ``ARRAYS``; a puzzle's ``name`` never counts."""

from __future__ import annotations

from typing import ClassVar

import numpy as np

NO_MARKS = np.zeros((0, 0), dtype=bool)
"""The default of an optional mask array of a puzzle (such as the ``?`` clues' ``unknown``):
no cell marked; the puzzle's ``__post_init__`` replaces it by a grid of False."""


class ArrayValue:
    """Mixin: ``__eq__``, ``__hash__``, ``height`` and ``width`` from the arrays in ``ARRAYS``."""

    ARRAYS: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            np.array_equal(getattr(self, field), getattr(other, field)) for field in self.ARRAYS)

    def __hash__(self) -> int:
        first = getattr(self, self.ARRAYS[0])
        return hash((first.shape, *(getattr(self, field).tobytes() for field in self.ARRAYS)))

    @property
    def height(self) -> int:
        return int(getattr(self, self.ARRAYS[0]).shape[0])

    @property
    def width(self) -> int:
        return int(getattr(self, self.ARRAYS[0]).shape[1])
