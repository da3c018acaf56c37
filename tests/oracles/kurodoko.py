"""Kurodoko test support: every answer of a small grid by brute force."""

from __future__ import annotations

import numpy as np

from pencilsat.puzzles import kurodoko as K


def brute_force(puzzle: K.KurodokoPuzzle) -> list[K.KurodokoSolution]:
    """Every shading with no two shaded cells side by side and no numbered cell shaded that
    the rule checker accepts, in the order of a row-major walk (unshaded tried first)."""
    height, width = puzzle.height, puzzle.width
    numbered = puzzle.numbered()
    out = []

    def extend(index: int, shaded: np.ndarray) -> None:
        if index == width * height:
            answer = K.KurodokoSolution(shaded.copy())
            if not K.check(puzzle, answer):
                out.append(answer)
            return
        r, c = divmod(index, width)
        extend(index + 1, shaded)
        if not numbered[r, c] and not (r and shaded[r - 1, c]) and not (c and shaded[r, c - 1]):
            shaded[r, c] = True
            extend(index + 1, shaded)
            shaded[r, c] = False

    extend(0, np.zeros((height, width), dtype=bool))
    return out
