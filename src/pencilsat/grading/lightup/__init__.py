"""Light Up difficulty grader after Kashima (2010): 25 techniques, habituated cost, 7 levels.

``engine`` applies the most basic technique that changes something until none does;
``finder`` finds that application incrementally; ``catalogue`` names the techniques, their
classes, costs and search order; ``cost`` turns costs into levels; ``state`` and ``geometry``
are the board. The techniques live one family per module (placements, exclusions, clue
pairs, rescue pairs, restrictions).
"""

from pencilsat.grading.lightup.engine import grade_lightup

__all__ = ["grade_lightup"]
