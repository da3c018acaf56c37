"""Sudoku difficulty grader after Sato (2010): levels 1-3 with the paper's level-up rule.

``engine`` runs FIRSTCLUE, the main loop level by level and contradiction processing;
``finder`` picks the cheapest technique that places a digit; ``catalogue`` gives every
technique's level; ``state`` is the grid with per-unit digit masks. The techniques live one
family per module, each under its paper routine names.
"""

from pencilsat.grading.sudoku.engine import grade_sudoku

__all__ = ["grade_sudoku"]
