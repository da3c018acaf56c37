"""Regenerate the example drawings in docs/ (project-made puzzles only, never corpus ones).

Run from the repository root: ``python docs/make_drawings.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "src"))

from pencilsat.formats.svg import draw_svg, save_drawing  # noqa: E402
from pencilsat.puzzles import masyu  # noqa: E402

# A 4x4 Masyu made for this example: exactly two loops satisfy it (tests/test_formats_svg.py
# enumerates every loop of the grid to prove it).
PUZZLE = "masyu 4 4\nB.W.\nW...\n...B\n....\n"
FIRST = "masyu-solution 4 4\nF--7\n|..|\n|F-J\nLJ..\n"
SECOND = "masyu-solution 4 4\nF--7\n|..|\nL--J\n....\n"


def main() -> None:
    puzzle = masyu.parse_puzzle(PUZZLE)
    first, second = masyu.parse_solution(FIRST), masyu.parse_solution(SECOND)
    save_drawing(draw_svg(puzzle, first, second), DOCS / "masyu-two-solutions.svg")
    save_drawing(draw_svg(puzzle, first), DOCS / "masyu-solution.svg")


if __name__ == "__main__":
    main()
