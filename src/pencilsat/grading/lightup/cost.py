"""Problem cost with habituation (Kashima 2010 §4.5) and the 7 levels of Table 4.8 (§4.6).

Digest §6-§7. The k-th use of a technique with base cost b adds ``max(b / 2**(k-1), b / 10)``
(D5: the floor applies from the 5th use, where b/16 would drop below b/10). Levels come from
deviation scores T = 50 + 10 (cost - mu) / sigma with the thesis's implied corpus statistics,
taken of the cost brought to 10x10 size (the thesis's calibration size) for other sizes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

THESIS_MEAN = 48.216
THESIS_SD = 17.783
"""D6: mu and sigma implied by Table 4.8 (least-squares fit in the digest, residuals < 4e-4)."""

THESIS_THRESHOLDS: tuple[float, ...] = (25.987, 34.879, 43.770, 52.662, 61.554, 70.445)
"""Table 4.8 cost boundaries between levels 1|2, ..., 6|7."""


def use_cost(base: float, k: int) -> float:
    """Cost charged for the k-th (1-based) use of a technique in one puzzle."""
    return float(max(base / 2 ** (k - 1), base / 10))


def size_factor(width: int, height: int) -> float:
    """What brings a puzzle's cost to the 10x10 scale the thesis's levels were set on:
    ``sqrt(100 / cells)``, 1 at 10x10. With habituation the cost grows about as the square
    root of the area: the median cost of Tatham's easy puzzles (all finished by the 25
    techniques) is 43, 56 and 77 at 10x10, 18x10 and 24x14 (exponents 0.47 and 0.49)."""
    return math.sqrt(100 / (width * height))


def technique_total(base: float, uses: int) -> float:
    return sum(use_cost(base, k) for k in range(1, uses + 1))


@dataclass(frozen=True)
class LevelScale:
    """Cost -> level mapping; configurable, the thesis's constants by default (D6)."""

    thresholds: tuple[float, ...] = THESIS_THRESHOLDS
    mean: float = THESIS_MEAN
    sd: float = THESIS_SD

    def level(self, cost: float) -> int:
        """Level 1-7. D6: a cost exactly on a boundary goes to the lower level ('以下')."""
        return 1 + sum(cost > t for t in self.thresholds)

    def t_score(self, cost: float) -> float:
        return 50 + 10 * (cost - self.mean) / self.sd


THESIS_SCALE = LevelScale()
