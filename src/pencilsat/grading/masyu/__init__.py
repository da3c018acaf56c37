"""Masyu difficulty grader after Sato (2007): levels 1-3, tedium points, a readable step log.

``engine`` drives the solve (level by level, basic fixpoint, general techniques, trials);
``finder`` picks the next general technique in the ``catalogue``'s order; ``state`` holds the
board (every border passed, blocked or open) and ``context`` the per-pass line list. The
techniques live one family per module, each under its paper routine names.
"""

from pencilsat.grading.masyu.engine import grade_masyu

__all__ = ["grade_masyu"]
